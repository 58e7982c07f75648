"""``state()``: the whole table for a centralized critic (MAPPO, QMIX) at the PettingZoo table.

It was PettingZoo's NotImplementedError, with no ``state_space``, so a centralized-training
loop had to reach into the game for the hands itself.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from gofish.core import FULL_DECK, Game, GoFishError

pytest.importorskip("pettingzoo")
from pettingzoo.test.state_test import test_parallel_env as state_of_the_parallel_env
from pettingzoo.test.state_test import test_state as state_through_a_game
from pettingzoo.test.state_test import test_state_space as state_space_checks
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from gofish.pettingzoo_env import env, raw_env

TABLES: list[dict[str, Any]] = [
    {}, {"rules": "bicycle", "players": 5},
    {"rules": {"preset": "nordic", "ask": "card"}, "players": 3},
    {"rules": {"preset": "classic", "book_size": 2}, "players": 4}]


def _cards_held(state: np.ndarray, players: int) -> list[set[str]]:
    """Each seat's cards as the state's first blocks mark them (FULL_DECK order)."""
    blocks = state[:players * len(FULL_DECK)].reshape(players, len(FULL_DECK))
    return [{FULL_DECK[i].text for i in np.flatnonzero(block)} for block in blocks]


def _played(table: Any, seed: int, steps: int) -> list[tuple[Game, np.ndarray]]:
    """The game and its state after each of ``steps`` masked random asks of ``table``."""
    rng = np.random.default_rng(seed)
    table.reset(seed=seed)
    game = table.unwrapped._game
    seen = [(game.clone(), table.state())]
    for _ in range(steps):
        if game.is_over:
            break
        mask = table.observe(table.agent_selection)["action_mask"]
        table.step(int(rng.choice(np.flatnonzero(mask))))
        seen.append((game.clone(), table.state()))
    return seen


@pytest.mark.parametrize("kwargs", TABLES)
def test_the_state_holds_every_hand_and_the_public_table(kwargs: dict[str, Any]) -> None:
    """Every seat's cards, books and being in play, the cards of each rank laid, the pond's
    size and the seat to ask: what a critic trained with every hand in sight may use."""
    table = env(**kwargs)
    players = table.unwrapped.players
    total_books = table.unwrapped.rules.total_books
    for game, state in _played(table, seed=3, steps=80):
        assert table.state_space.contains(state)
        assert _cards_held(state, players) == [{card.text for card in game.hand(seat)}
                                               for seat in range(players)]
        rest = state[players * len(FULL_DECK):]
        seats, rest = rest[:2 * players].reshape(players, 2), rest[2 * players:]
        assert list(seats[:, 0]) == pytest.approx(
            [len(books) / total_books for books in game.books])
        assert list(seats[:, 1]) == [float(seated) for seated in game.in_play]
        laid = [sum(card.rank == rank for cards in game.laid for card in cards) / 4
                for rank in range(1, 14)]
        assert list(rest[:13]) == pytest.approx(laid)
        assert rest[13] == pytest.approx(game.pond_size / 52)
        to_ask = [0.0] * players
        if not game.is_over:
            to_ask[game.current_player] = 1.0
        assert list(rest[14:]) == to_ask


def test_the_state_does_not_hold_the_ponds_order() -> None:
    """Which card is drawn next is chance, known to no seat: two tables alike but for the
    order of the pond have one state."""
    table = raw_env("bicycle", players=3)
    table.reset(seed=4)
    game = table._game
    hands = [game.hand(seat) for seat in range(3)]
    states = []
    for pond in (game.pond(), game.pond()[::-1]):
        table._game = Game.from_position(table.rules, 3, hands, pond, game.books,
                                         game.current_player)
        states.append(table.state())
    assert table._game.pond() != game.pond()  # the orders did differ
    assert np.array_equal(states[0], states[1])


@pytest.mark.parametrize("kwargs", TABLES)
def test_pettingzoos_state_checks_pass(kwargs: dict[str, Any]) -> None:
    """PettingZoo's own state_test (its state_space, the state through a game of unmasked
    random actions, and the parallel conversion's), with no warning from it."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        state_space_checks(env(**kwargs))
        state_through_a_game(env(**kwargs), num_cycles=100)
        state_of_the_parallel_env(turn_based_aec_to_parallel(env(**kwargs)))


def test_every_seat_and_wrapper_sees_one_state_space() -> None:
    """One space for the table, the same through env()'s wrappers and the parallel
    conversion, sized for the seats."""
    table = raw_env(players=4)
    assert table.state_space.shape == (4 * 52 + 4 * 2 + 13 + 1 + 4,)
    assert table.state_space.dtype == np.float32
    assert env(players=4).state_space == table.state_space
    assert turn_based_aec_to_parallel(env(players=4)).state_space == table.state_space


def test_the_state_before_the_first_reset_says_to_reset() -> None:
    """raw_env's GoFishError, as its step and last() give, and env()'s too (it was
    PettingZoo's AssertionError, as for its step, observe and render)."""
    with pytest.raises(GoFishError, match=r"no game yet: call reset\(\) first"):
        raw_env().state()
    with pytest.raises(GoFishError, match=r"no game yet: call reset\(\) first"):
        env().state()


def test_the_same_seed_gives_the_same_states() -> None:
    def states(seed: int) -> list[bytes]:
        return [state.tobytes() for _, state in _played(env(players=3), seed, 40)]

    assert states(6) == states(6) != states(7)
