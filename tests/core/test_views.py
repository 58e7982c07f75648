"""Views: what one seat (or a spectator) may know, filtered in one place (gofish.core.view)."""

from __future__ import annotations

import json
import random

import pytest

import gofish
from gofish import (
    Dealt,
    Drew,
    HandedOver,
    LuckyDraw,
    MalformedInputError,
    Refilled,
    redact,
)

from .stacked import ask, card, cards, deal


def _three_player_game() -> gofish.Game:
    """Seat 0 takes seat 1's 9s, then fishes a 5 (private) and, later, seat 1 gets lucky."""
    game = deal("classic", ["9 K 2", "9 9 3", "4 6 7"], pond="5 3 8")
    ask(game, 1, "9")  # hit: handed over between seats 0 and 1 only
    ask(game, 2, "K")  # miss: seat 0 draws the 5 in private
    ask(game, 2, "3")  # seat 1 asks seat 2 for 3s, draws the 3: a lucky draw, shown to all
    return game


def test_a_view_holds_own_hand_and_public_counts_only() -> None:
    game = _three_player_game()
    view = game.view(0)
    assert view.viewer == 0 and view.num_players == 3
    assert view.hand == tuple(game.hand(0))
    assert view.hand_sizes == game.hand_sizes
    assert view.books == game.books
    assert view.pond_size == game.pond_size
    assert view.current_player == game.current_player == 1
    assert view.legal_actions == ()  # not seat 0's turn
    assert not view.my_turn
    mover = game.view(1)
    assert mover.my_turn and mover.legal_actions == game.legal_actions()


def test_dealt_cards_are_seen_only_by_their_owner() -> None:
    game = _three_player_game()
    for viewer in (0, 1, 2, None):
        dealt = [e for e in game.view(viewer).history if isinstance(e, Dealt)]
        for event in dealt:
            if event.player == viewer:
                assert event.cards == tuple(game.events[event.player].cards or ())
            else:
                assert event.cards is None and event.count == 3


def test_handed_over_cards_are_seen_by_giver_and_receiver_only() -> None:
    game = _three_player_game()
    handed = {viewer: [e for e in game.view(viewer).history if isinstance(e, HandedOver)]
              for viewer in (0, 1, 2, None)}
    assert handed[0] == handed[1] == [HandedOver(1, 0, gofish.Rank.NINE, 2, cards("9H 9D"))]
    for viewer in (2, None):
        assert handed[viewer] == [HandedOver(1, 0, gofish.Rank.NINE, 2, None)]  # count stays


def test_a_fished_card_is_private_unless_shown_as_a_lucky_draw() -> None:
    game = _three_player_game()
    drew = {viewer: [e for e in game.view(viewer).history if isinstance(e, Drew)]
            for viewer in (0, 1, 2, None)}
    assert drew[0] == [Drew(0, "fish", card("5S")), Drew(1, "fish", None)]
    assert drew[1] == [Drew(0, "fish", None), Drew(1, "fish", card("3H"))]
    assert drew[2] == drew[None] == [Drew(0, "fish", None), Drew(1, "fish", None)]
    for viewer in (0, 1, 2, None):
        lucky = [e for e in game.view(viewer).history if isinstance(e, LuckyDraw)]
        assert lucky == [LuckyDraw(1, card("3H"))]  # shown to the whole table (R8)


def test_refilled_cards_are_private_to_the_refiller() -> None:
    game = deal("classic", ["9 9 9", "9 K K"], pond="2 3 4")
    ask(game, 1, "9")
    assert game.view(0).history[-1] == Refilled(0, 3, cards("2S 3S 4S"))
    assert game.view(1).history[-1] == Refilled(0, 3, None)


def test_a_spectator_has_no_hand_and_sees_no_secret() -> None:
    game = _three_player_game()
    view = game.view(None)
    assert view.hand is None and view.legal_actions == () and not view.my_turn
    as_json = view.to_dict()
    assert as_json["hand"] is None
    shown = json.dumps(as_json["history"])
    assert "5S" not in shown and "9H" not in shown
    assert '"3H"' in shown  # the lucky draw was shown to everyone


def test_view_to_dict_is_json_ready_and_names_everything() -> None:
    view = _three_player_game().view(0)
    data = json.loads(json.dumps(view.to_dict()))
    assert set(data) == {
        "viewer", "rules", "players", "first_player", "current_player", "hand", "hand_sizes",
        "books", "laid", "in_play", "pond", "history", "winners", "legal_actions",
        "hands_at_end",
    }
    assert data["hands_at_end"] is None  # the game is on
    assert data["hand"] == [str(c) for c in view.hand or ()]
    assert data["history"][0] == {"type": "dealt", "player": 0, "count": 3,
                                  "cards": ["9S", "KS", "2S"]}
    assert data["history"][1] == {"type": "dealt", "player": 1, "count": 3, "cards": None}


def test_view_helpers() -> None:
    view = _three_player_game().view(0)
    assert view.opponents() == (1, 2)
    assert [str(r) for r in view.held_ranks()] == ["2", "5", "9", "K"]
    assert view.count_of(gofish.Rank.NINE) == 3


def test_redact_leaves_public_events_alone_and_blanks_secrets_for_others() -> None:
    drew = Drew(2, "fish", card("QS"))
    assert redact(drew, 2) is drew
    assert redact(drew, 1) == Drew(2, "fish", None)
    assert redact(drew, None) == Drew(2, "fish", None)
    assert drew.card == card("QS")  # the game's own event is never changed
    public = LuckyDraw(2, card("QS"))
    assert redact(public, 0) is public


@pytest.mark.parametrize("seat", [2, -1, "0", True])
def test_view_of_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    game = deal("classic", ["9", "8"])
    with pytest.raises(MalformedInputError, match="there is no player"):
        game.view(seat)  # type: ignore[arg-type]


def _play_one_random_ask(game: gofish.Game, rng: random.Random) -> None:
    # Random asks, not the first legal one: that one can go round for ever in bicycle.
    game.play(rng.choice(game.legal_actions()))


def _played_out(preset: str, players: int, seed: int) -> gofish.Game:
    game = gofish.new_game(preset, players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        _play_one_random_ask(game, rng)
    return game


@pytest.mark.parametrize(("preset", "players"), [("classic", 2), ("bicycle", 4), ("nordic", 3)])
def test_hands_are_shown_to_everyone_only_once_the_game_is_over(preset: str, players: int) -> None:
    game = gofish.new_game(preset, players, seed=7)
    rng = random.Random(7)
    viewers: list[int | None] = [*range(players), None]
    while not game.is_over:
        assert all(game.view(viewer).hands_at_end is None for viewer in viewers)
        _play_one_random_ask(game, rng)
    hands = tuple(tuple(game.hand(seat)) for seat in range(players))
    for viewer in viewers:
        view = game.view(viewer)
        assert view.hands_at_end == hands
        assert view.to_dict()["hands_at_end"] == [[str(c) for c in hand] for hand in hands]


def test_a_nordic_game_ends_with_cards_in_hand_and_every_view_shows_them() -> None:
    # Under R19 the game stops when the sea runs dry or one hand empties: others still hold
    # cards, and those are what the end shows.
    game = _played_out("nordic", 3, seed=11)
    assert sum(game.hand_sizes) > 0
    shown = game.view(None).hands_at_end
    assert shown is not None
    assert [len(hand) for hand in shown] == list(game.hand_sizes)
