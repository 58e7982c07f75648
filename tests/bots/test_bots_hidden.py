"""Bots cannot reach hidden cards: they get a View, never a Game, and their guesses
about hidden cards never contradict what the view proves."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

import gofish
from gofish.bots import make_bot
from gofish.bots.belief import Belief, InferringTracker
from gofish.core import FULL_DECK, Card, Game, Rank, View
from gofish.knowledge import CARDS_PER_RANK, track

BOTS_DIR = Path(gofish.__file__).parent / "bots"
VIEW_ONLY_MODULES = ["common.py", "counter.py", "belief.py", "expert.py", "endgame.py", "emma.py",
                     "random_bot.py"]
THINKING_BOTS = ["random", "emma", "counter", "expert", "expert-easy", "ismcts"]


def imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


@pytest.mark.parametrize("module", VIEW_ONLY_MODULES)
def test_view_only_bot_modules_never_import_the_game(module: str) -> None:
    names = imported_names(BOTS_DIR / module)
    assert "gofish.core.game" not in names
    assert "gofish.core.Game" not in names
    assert not any(name.endswith(".new_game") for name in names)


def test_the_search_bot_builds_games_only_from_its_own_guesses() -> None:
    # ismcts imports Game to play imagined deals; it must never take one from outside.
    source = (BOTS_DIR / "ismcts.py").read_text()
    assert "gofish.core.game" not in imported_names(BOTS_DIR / "ismcts.py")
    assert source.count("Game.from_position(") == 1
    assert ".view(" not in source and "._hands" not in source and ".pond()" not in source


def swapped_hidden_deck(seed: int) -> tuple[list[Card], list[Card]]:
    """Two decks that deal seat 0 the same hand but give seat 1 different cards."""
    deck = list(gofish.new_game("classic", 2, seed=seed).deck)
    other = deck[:]
    # Dealing alternates seats (R2), so odd positions < 14 are seat 1's; 14+ is the pond.
    other[1], other[20] = other[20], other[1]
    other[3], other[30] = other[30], other[3]
    return deck, other


@pytest.mark.parametrize("name", THINKING_BOTS)
def test_same_view_same_choice_whatever_the_hidden_cards(name: str) -> None:
    options = {"iterations": 4, "seconds": 60.0} if name == "ismcts" else {}
    for seed in range(8):
        deck, other = swapped_hidden_deck(seed)
        first = gofish.new_game("classic", 2, deck=deck, first_player=0)
        second = gofish.new_game("classic", 2, deck=other, first_player=0)
        assert first.hand(1) != second.hand(1)
        view_a, view_b = first.view(0), second.view(0)
        assert view_a == view_b
        choice_a = make_bot(name, **options).choose(view_a, view_a.legal_actions,
                                                    random.Random(seed))
        choice_b = make_bot(name, **options).choose(view_b, view_b.legal_actions,
                                                    random.Random(seed))
        assert choice_a == choice_b


def mid_game_views(preset: str, players: int, seeds: range) -> list[tuple[Game, View]]:
    """Positions part-way through Emma games, with the view of the player to act."""
    positions = []
    for seed in seeds:
        game = gofish.new_game(preset, players, seed=seed)
        rng = random.Random(seed)
        emmas = [make_bot("emma") for _ in range(players)]
        stop = rng.randrange(4, 40)
        for _ in range(stop):
            seat = game.current_player
            if seat is None:
                break
            view = game.view(seat)
            game.play(emmas[seat].choose(view, view.legal_actions, rng))
        if game.current_player is not None:
            positions.append((game, game.view(game.current_player)))
    return positions


@pytest.mark.parametrize(("preset", "players"), [("classic", 2), ("nordic", 4), ("bicycle", 3)])
def test_determinizations_respect_everything_the_view_proves(preset: str, players: int) -> None:
    for _game, view in mid_game_views(preset, players, range(25)):
        me = view.viewer
        assert me is not None
        tracker = InferringTracker(players, me, view.rules.book_size).update(view)
        belief = Belief.from_view(view, tracker)
        proof = track(view)  # proven facts only
        booked = {rank for books in view.books for rank in books}
        for sample_seed in range(4):
            hands, pond = belief.sample(view, random.Random(sample_seed))
            assert sorted(hands[me]) == sorted(view.hand or ())
            assert [len(hand) for hand in hands] == list(view.hand_sizes)
            assert len(pond) == view.pond_size
            cards = [card for hand in hands for card in hand] + pond
            assert len(set(cards)) == len(cards)
            assert not any(card.rank in booked for card in cards)
            for seat, hand in enumerate(hands):
                for rank in Rank:
                    held = sum(1 for card in hand if card.rank == rank)
                    assert held >= proof.known[seat][rank] or seat == me
                    if proof.none[seat][rank] and seat != me:
                        assert held == 0
                    assert held < view.rules.book_size  # R3: no whole book left in a hand
            # Playable: the imagined game accepts the position and plays on.
            imagined = Game.from_position(view.rules, players, hands, pond, view.books, me,
                                          view.in_play)
            assert imagined.legal_actions()


@pytest.mark.parametrize(("preset", "players"), [("classic", 2), ("nordic", 4)])
def test_the_true_deal_satisfies_the_proven_facts(preset: str, players: int) -> None:
    # The belief's hard constraints must never exclude what is really there.
    for game, view in mid_game_views(preset, players, range(40)):
        me = view.viewer
        proof = track(view)
        for seat in range(players):
            if seat == me:
                continue
            real = [0] * 14
            for card in game.hand(seat):
                real[card.rank] += 1
            for rank in Rank:
                assert real[rank] >= proof.known[seat][rank]
                if proof.none[seat][rank]:
                    assert real[rank] == 0


def test_hit_odds_add_up_and_match_the_deal_odds_at_the_start() -> None:
    game = gofish.new_game("classic", 2, seed=5, first_player=0)
    view = game.view(0)
    belief = Belief.from_view(view, track(view))
    rank = view.held_ranks()[0]
    law = belief.unseen_held(1, rank)
    assert sum(law) == pytest.approx(1.0)
    unseen = CARDS_PER_RANK - view.count_of(rank)
    # 7 of the 45 hidden cards are in the opponent's hand: P(none) = C(38, u) / C(45, u).
    expected_none = 1.0
    for i in range(unseen):
        expected_none *= (38 - i) / (45 - i)
    assert law[0] == pytest.approx(expected_none)
    assert len(FULL_DECK) - 7 == 45


def test_with_an_empty_pond_unseen_cards_are_certainly_in_the_opponents_hand() -> None:
    # Two players, pond empty: every card I cannot see is in the opponent's hand, whatever
    # an inference about its asks suggested.
    checked = 0
    for seed in range(30):
        game = gofish.new_game("classic", 2, seed=seed)
        rng = random.Random(seed)
        bots = [make_bot("expert"), make_bot("emma")]
        while game.current_player is not None and game.pond_size:
            view = game.view(game.current_player)
            game.play(bots[game.current_player].choose(view, view.legal_actions, rng))
        if game.current_player is None:
            continue
        view = game.view(game.current_player)
        me = game.current_player
        tracker = InferringTracker(2, me, 4).update(view)
        # As if an inference had (wrongly) ruled out every rank the opponent might hold.
        tracker.fresh[1 - me] = [0] * 14
        belief = Belief.from_view(view, tracker)
        for rank in view.held_ranks():
            if belief.unseen[rank]:
                assert belief.unseen_held(1 - me, rank)[0] == pytest.approx(0.0)
                checked += 1
    assert checked > 0
