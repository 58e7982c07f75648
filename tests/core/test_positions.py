"""Game.clone and Game.from_position: copies and arbitrary positions for search bots."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish import Card, Game, MalformedInputError, Rank

from .stacked import ask, cards, deal, hand


def _mid_game(seed: int) -> Game:
    game = gofish.new_game("bicycle", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        if game.is_over:
            break
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    return game


@pytest.mark.parametrize("seed", range(5))
def test_a_clone_plays_on_exactly_like_the_original_and_independently(seed: int) -> None:
    game = _mid_game(seed)
    before = gofish.snapshot(game)
    copy = game.clone()
    assert gofish.snapshot(copy) == before and copy.events == game.events
    rng = random.Random(seed)
    while not copy.is_over:
        legal = copy.legal_actions()
        copy.play(legal[rng.randrange(len(legal))])
    assert gofish.snapshot(game) == before  # the original did not move
    rng = random.Random(seed)
    while not game.is_over:
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    assert gofish.snapshot(game) == gofish.snapshot(copy)
    assert game.events == copy.events


def test_from_position_sets_up_any_reachable_position() -> None:
    rules = gofish.make_rules("classic")
    rest = [c for c in gofish.FULL_DECK if c.rank not in (Rank.NINE, Rank.KING, Rank.TWO)]
    game = Game.from_position(
        rules, 2,
        hands=[cards("9S 9H KS"), cards("9D 2S 2H 2D")],
        pond=[*cards("KH KD KC 9C 2C"), *rest],
        books=[[], []],
        current_player=0,
    )
    assert hand(game, 0) == "9H 9S KS" and game.pond()[0] == Card.parse("KH")
    events = ask(game, 1, "9")
    assert events[1] == gofish.HandedOver(1, 0, Rank.NINE, 1, cards("9D"))
    events = ask(game, 1, "K")  # a miss: fishes the K of hearts, a lucky draw
    assert [e.kind for e in events] == ["asked", "went_fishing", "drew", "lucky_draw"]


def test_from_position_refuses_positions_that_do_not_add_up() -> None:
    rules = gofish.make_rules("classic")
    with pytest.raises(MalformedInputError, match="same card twice"):
        Game.from_position(rules, 2, [cards("9S"), cards("9S")], [], [[], []], 0)
    with pytest.raises(MalformedInputError, match="wrong count of"):
        Game.from_position(rules, 2, [cards("9S"), cards("9H")], [], [[], []], 0)
    with pytest.raises(MalformedInputError, match="one hand and one book list per player"):
        Game.from_position(rules, 3, [cards("9S"), cards("9H")], [], [[], []], 0)
    everything_booked = [list(gofish.RANKS[:12]), []]
    with pytest.raises(MalformedInputError, match="complete book of kings"):  # R3
        Game.from_position(rules, 2, [[], cards("KS KH KD KC")], [], everything_booked, 1)
    with pytest.raises(MalformedInputError, match="player 0's hand is empty while the pond"):
        Game.from_position(rules, 2, [[], cards("KS KH KD")], cards("KC"), everything_booked, 0)
    with pytest.raises(MalformedInputError, match="player 0 cannot ask"):  # R13: a dead hand
        Game.from_position(rules, 3, [[], cards("KS KH"), cards("KD KC")], [],
                           [list(gofish.RANKS[:12]), [], []], 0)


def test_cloning_a_stacked_game_keeps_the_deck_and_record() -> None:
    game = deal("classic", ["9 9 K", "9 2 3"], pond="4 K 5")
    ask(game, 1, "9")
    copy = game.clone()
    assert copy.to_record() == game.to_record()
    assert gofish.replay_record(copy.to_record()) == gofish.snapshot(game)


def test_a_position_with_an_unlaid_book_or_a_short_in_play_is_refused() -> None:
    # R3: four of a rank are laid at once, so no hand can hold them; bicycle with an
    # empty pond would otherwise loop on a hand that can never be emptied by asks.
    rest = [c for c in gofish.FULL_DECK if c.rank != gofish.Rank.NINE]
    nines = [c for c in gofish.FULL_DECK if c.rank == gofish.Rank.NINE]
    with pytest.raises(gofish.MalformedInputError, match="complete book of 9s"):
        gofish.Game.from_position(
            gofish.make_rules("bicycle"), 2, [nines + rest[:3], rest[3:6]], rest[6:],
            [[], []], current_player=0,
        )
    with pytest.raises(gofish.MalformedInputError, match="one entry per player"):
        gofish.Game.from_position(
            gofish.make_rules("bicycle"), 2, [nines[:2] + rest[:3], nines[2:] + rest[3:6]],
            rest[6:], [[], []], current_player=0, in_play=[True],
        )


@pytest.mark.parametrize("in_play", [["no", "no"], [1, 1], [True, None]])
def test_in_play_must_be_true_or_false_per_seat(in_play: list[object]) -> None:
    # "no" used to count as in play (bool("no") is True): a silent wrong position.
    with pytest.raises(MalformedInputError, match="in_play must hold True or False per seat"):
        Game.from_position("classic", 2, [cards("9S"), cards("9H")],
                           [c for c in gofish.FULL_DECK if c.text not in ("9S", "9H")],
                           [[], []], 0, in_play=in_play)


def _nordic_position(hands: list[str], pond: str) -> Game:
    # Seat 0 has booked every rank but 2 and 3; the eight 2s and 3s are where the test says.
    booked = [rank for rank in gofish.RANKS if rank not in (Rank.TWO, Rank.THREE)]
    books = [booked, *([] for _ in hands[1:])]
    return Game.from_position("nordic", len(hands), [cards(hand) for hand in hands],
                              cards(pond), books, 0)


def test_a_nordic_position_that_is_already_over_is_refused() -> None:
    # R19: the game ends the moment the sea or any hand is empty, so no one asks on.
    with pytest.raises(MalformedInputError, match=r"the pond is empty.*\(R19\)"):
        _nordic_position(["2S 2H 2D 3S 3D", "2C 3H 3C"], "")
    with pytest.raises(MalformedInputError, match=r"player 2's hand is empty.*\(R19\)"):
        _nordic_position(["2S 2H 2D 3S", "2C 3H", ""], "3D 3C")
    game = _nordic_position(["2S 2H 2D 3S", "2C 3H"], "3D 3C")  # sea and hands held: on
    assert game.current_player == 0 and game.pond_size == 2 and not game.is_over


def test_a_seat_out_of_play_cannot_hold_cards() -> None:
    # R15, R16: a player leaves play only with an empty hand, and never draws again.
    rest = [c for c in gofish.FULL_DECK if c.rank != Rank.NINE]
    with pytest.raises(MalformedInputError, match="player 1 is out of play but holds cards"):
        Game.from_position("bicycle", 3, [cards("9S 9H"), cards("9D"), cards("9C")], rest,
                           [[], [], []], 0, in_play=[True, False, True])
    # Out of play with the pond dry, as only play can leave it (the pond never fills again).
    first_two = [c for c in rest if c.suit.letter in "SH"]
    last_two = [c for c in rest if c.suit.letter in "DC"]
    game = Game.from_position("bicycle", 3, [[*cards("9S 9H"), *first_two], [],
                                             [*cards("9D 9C"), *last_two]],
                              [], [[], [], []], 0, in_play=[True, False, True])
    assert game.in_play == (True, False, True)


def _three_seats(hands: list[str], in_play: list[bool] | None = None,
                 rules: str = "classic") -> Game:
    held = {card for hand in hands for card in cards(hand)}
    pond = [card for card in gofish.FULL_DECK if card not in held]
    return Game.from_position(rules, 3, [cards(hand) for hand in hands], pond,
                              [[], [], []], 0, in_play=in_play)


@pytest.mark.parametrize("refill", ["hand", "card"])
def test_an_empty_hand_beside_a_pond_with_cards_is_refused_where_it_refills_at_once(
    refill: str,
) -> None:
    # R11: it would already have drawn. Accepted, the seat sat empty while 45 cards stayed
    # in the pond, ask after ask.
    with pytest.raises(MalformedInputError, match=f"player 1's hand is empty while the pond "
                                                  f"has cards, and under refill: {refill}"):
        Game.from_position({"preset": "classic", "refill": refill}, 3,
                           [cards("9S 9H"), [], cards("2S")],
                           [c for c in gofish.FULL_DECK if c.text not in ("9S", "9H", "2S")],
                           [[], [], []], 0)


def test_an_empty_hand_waits_for_its_turn_under_turn_refills() -> None:
    # R15: under refill: turn it draws when its turn comes, so the position is reachable.
    game = _three_seats(["9S 9H", "", "2S"], rules="bicycle")
    assert game.hand(1) == []


@pytest.mark.parametrize("rules", ["classic", "bicycle"])
def test_out_of_play_is_refused_where_no_player_can_leave_play(rules: str) -> None:
    # Leaving play is R15 and R16's, under refill: turn, and only once the pond is dry
    # (bicycle here has cards in its pond).
    with pytest.raises(MalformedInputError, match="player 1 is out of play, but a player "
                                                  "leaves play only under refill: turn"):
        _three_seats(["9S 9H", "", "2S"], in_play=[True, False, True], rules=rules)
