"""A PettingZoo table whose deal ends the game at once: ``reset`` passes it over.

Under first-empty with pairs (R19 with ``book_size`` 2), a hand dealt only pairs lays
them and is empty: the game is over before anyone asks (about one deal in nine at two
seats dealt two cards each). ``reset`` raised "the game has nobody to ask and is not
over", which was false, and a self-play run under those rules stopped there. Ending
every agent's episode at ``reset`` is no way out: PettingZoo's ``api_test`` asks that
no agent be done after ``reset``. So the deal is passed over, as ``GoFishEnv`` does.
"""

from __future__ import annotations

import contextlib
import io
import warnings
from typing import Any

import numpy as np
import pytest

from gofish.core import make_rules, new_game

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test
from pettingzoo.utils.conversions import turn_based_aec_to_parallel

from gofish.pettingzoo_env import env, raw_env

PAIRS_TWO_CARDS = {"preset": "nordic", "book_size": 2, "hand_size": 2}
OVER_AT_THE_DEAL = 4  # a seed whose two-seat deal under PAIRS_TWO_CARDS ends the game


def test_the_seed_deals_a_game_that_is_over_before_anyone_asks() -> None:
    game = new_game(make_rules(PAIRS_TWO_CARDS).for_players(2), 2, seed=OVER_AT_THE_DEAL)
    assert game.is_over and game.current_player is None


@pytest.mark.parametrize("make", [raw_env, env])
def test_reset_passes_over_a_finished_deal_for_one_to_play(make: Any) -> None:
    table = make(rules=PAIRS_TWO_CARDS, players=2)
    table.reset(seed=OVER_AT_THE_DEAL)
    game = table.unwrapped._game
    assert not game.is_over
    assert game.current_player == table.possible_agents.index(table.agent_selection)
    observation, reward, terminated, truncated, _ = table.last()
    assert (reward, terminated, truncated) == (0, False, False)
    assert observation["action_mask"].any()
    assert table.infos == {agent: {"deals_passed_over": 1} for agent in table.possible_agents}


def test_the_same_seed_passes_over_to_the_same_game() -> None:
    tables = [raw_env(rules=PAIRS_TWO_CARDS, players=2) for _ in range(2)]
    for table in tables:
        table.reset(seed=OVER_AT_THE_DEAL)
    first, second = (table._game for table in tables)
    assert first.events == second.events


def test_a_deal_to_play_is_not_passed_over() -> None:
    table = raw_env(rules=PAIRS_TWO_CARDS, players=2)
    table.reset(seed=0)
    assert table.infos == {agent: {"deals_passed_over": 0} for agent in table.possible_agents}


def test_the_reset_picture_says_a_deal_was_passed_over_and_the_first_step_does_not() -> None:
    table = raw_env(rules=PAIRS_TWO_CARDS, players=2, render_mode="ansi")
    table.reset(seed=OVER_AT_THE_DEAL)
    picture = table.render()
    assert picture is not None
    assert picture.splitlines()[:2] == [
        "What happened:", "  1 deal passed over before this one: the game ended at the deal."]
    table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"])[0]))
    assert "passed over" not in (table.render() or "")


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo's own card games: dicts too
@pytest.mark.filterwarnings("ignore:gofish_v0\'s reset takes no options")  # api_test\'s
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoos_checks_pass_under_rules_that_often_end_at_the_deal(
        players: int) -> None:
    with contextlib.redirect_stdout(io.StringIO()):  # api_test says it started and passed
        api_test(env(rules=PAIRS_TWO_CARDS, players=players), num_cycles=100)
        seed_test(lambda: env(rules=PAIRS_TWO_CARDS, players=players), num_cycles=100)


def test_the_parallel_conversion_starts_on_a_deal_to_play() -> None:
    table = turn_based_aec_to_parallel(env(rules=PAIRS_TWO_CARDS, players=2))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PettingZoo's notes on the conversion itself
        observations, _ = table.reset(seed=OVER_AT_THE_DEAL)
    assert any(np.any(seen["action_mask"]) for seen in observations.values())
