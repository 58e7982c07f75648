"""The PettingZoo table's ``render``: the game as the agent to act sees it.

``env(render_mode="human")``, as PettingZoo's tutorials make a table, was refused, and
the metadata listed no render mode.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import pytest

from gofish.core import GoFishError
from gofish.narrate import hand_words

from .hidden_cards import hidden_cards_written, hidden_from, pond_cards_written

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, render_test
from pettingzoo.utils import wrappers

from gofish.pettingzoo_env import env, raw_env

TABLES: list[dict[str, Any]] = [
    {}, {"rules": "bicycle", "players": 4},
    {"rules": {"preset": "nordic", "ask": "card"}, "players": 3},
    {"rules": {"preset": "bicycle", "book_size": 2, "ask": "card"}, "players": 5}]


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo's own card games: dicts too
@pytest.mark.filterwarnings("ignore:gofish_v0\'s reset takes no options")  # api_test\'s
@pytest.mark.parametrize("kwargs", TABLES[:3])
def test_pettingzoos_render_and_api_tests_pass(kwargs: dict[str, Any]) -> None:
    render_test(functools.partial(env, **kwargs))  # ansi gives text, human None
    api_test(env(render_mode="ansi", **kwargs), num_cycles=100)  # close() is there too
    assert raw_env.metadata["render_modes"] == ["ansi", "human"]


def test_the_picture_is_the_agent_to_acts_and_tells_the_last_action() -> None:
    table = raw_env("bicycle", players=3, render_mode="ansi")
    table.reset(seed=5)
    for _ in range(2):
        agent = table.agent_selection
        seat = table.possible_agents.index(agent)
        picture = table.render()
        assert isinstance(picture, str)
        lines = picture.splitlines()
        assert f"Your hand: {hand_words(table._game.hand(seat))}." in lines
        assert any(line.startswith(f"You ({agent}): ") for line in lines)
        assert lines[-1] == "Your turn."
        asker = agent
        action = int(np.flatnonzero(table.observe(agent)["action_mask"])[0])
        rank = table.ask_of(agent, action).rank.plural
        table.step(action)
        said = ("You ask" if table.agent_selection == asker else f"{asker} asks")
        assert table.render().startswith(f"What happened:\n  {said} ")  # type: ignore[union-attr]
        assert f" for {rank}." in table.render().splitlines()[1]  # type: ignore[union-attr]


@pytest.mark.parametrize("kwargs", TABLES)
def test_no_picture_writes_a_card_the_agent_to_act_has_not_been_shown(
        kwargs: dict[str, Any]) -> None:
    hidden_seen = 0
    rng = np.random.default_rng(1)
    for seed in range(6):
        table = raw_env(render_mode="ansi", **kwargs)
        table.reset(seed=seed)
        game = table._game
        for agent in table.agent_iter():
            _, _, terminated, truncated, _ = table.last()
            seat = table.possible_agents.index(agent)
            picture = table.render()
            if terminated or truncated:  # the hands are shown now; the pond never is
                assert pond_cards_written(picture, game, seat) == []  # type: ignore[arg-type]
                table.step(None)
                continue
            assert hidden_cards_written(picture, game, seat) == []  # type: ignore[arg-type]
            hidden_seen += len(hidden_from(game, seat))
            table.step(int(rng.choice(np.flatnonzero(table.observe(agent)["action_mask"]))))
        assert game.is_over
    assert hidden_seen > 0


def test_human_prints_the_picture_at_reset_and_at_every_action(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = raw_env(players=3, render_mode="human")
    drawn = raw_env(players=3, render_mode="ansi")
    shown.reset(seed=4)
    drawn.reset(seed=4)
    assert capsys.readouterr().out == f"{drawn.render()}\n"
    for _ in range(3):
        action = int(np.flatnonzero(drawn.observe(drawn.agent_selection)["action_mask"])[0])
        shown.step(action)
        drawn.step(action)
        assert capsys.readouterr().out == f"{drawn.render()}\n"
    assert shown.render() is None
    assert capsys.readouterr().out == f"{drawn.render()}\n"


def test_without_a_mode_render_warns_and_before_reset_it_says_to_reset() -> None:
    table = raw_env()
    table.reset(seed=1)
    with pytest.warns(UserWarning, match="gofish_v0 was made with render_mode=None"):
        assert table.render() is None
    with pytest.raises(GoFishError, match=r"no game yet: call reset\(\) first"):
        raw_env(render_mode="ansi").render()


def test_a_table_cut_short_says_so() -> None:
    table = raw_env(max_asks=1, render_mode="ansi")
    table.reset(seed=3)
    agent = table.agent_selection
    table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))
    assert all(table.truncations.values())
    lines = table.render().splitlines()  # type: ignore[union-attr]
    assert lines[-1] == "Every agent was cut short after 1 ask (truncated)."
    assert not any(line.endswith("turn.") for line in lines[-2:])


def test_an_illegal_action_that_ends_the_game_is_told_and_printed(
        capsys: pytest.CaptureFixture[str]) -> None:
    """env()'s TerminateIllegalWrapper ends the game without a step of the table's: the
    picture went on saying whose turn it was, and human mode printed nothing."""
    table = env(render_mode="human")
    table.reset(seed=3)
    capsys.readouterr()
    culprit = table.agent_selection
    illegal = int(np.flatnonzero(table.observe(culprit)["action_mask"] == 0)[0])
    table.step(illegal)  # PettingZoo's logger warns of it (standard error)
    assert all(table.terminations.values())
    printed = capsys.readouterr().out.rstrip("\n").splitlines()
    said = f"played action {illegal}, which is not legal now, so the game is over (reward -1"
    others = ("played an action that is not legal now, so the game is over (reward -1 for "
              f"{culprit}).")  # the number is the culprit's own (see the last test)
    assert printed[-1] in (f"You {said} for you).", f"{culprit} {others}")
    assert not any(line.endswith("turn.") for line in printed)
    for agent in table.agent_iter():  # every agent's last picture says so, from its seat
        assert table.render() is None
        last = capsys.readouterr().out.rstrip("\n").splitlines()[-1]
        assert last == (f"You {said} for you)." if agent == culprit
                        else f"{culprit} {others}")
        table.step(None)
    table.reset(seed=3)
    assert "not legal" not in capsys.readouterr().out


def test_an_illegal_action_under_a_terminate_illegal_wrapper_of_ones_own_is_told(
        capsys: pytest.CaptureFixture[str]) -> None:
    """raw_env wrapped by hand: the wrapper ends the game without a step of the table's
    and keeps the action to itself, so the picture went on saying whose turn it was."""
    table = wrappers.TerminateIllegalWrapper(raw_env(render_mode="human"), illegal_reward=-5)
    table.reset(seed=3)
    culprit = table.agent_selection
    illegal = int(np.flatnonzero(table.observe(culprit)["action_mask"] == 0)[0])
    capsys.readouterr()
    table.step(illegal)  # PettingZoo's logger warns of it (standard error)
    said = "played an action that is not legal now, so the game is over (reward -5 for"
    printed = capsys.readouterr().out.rstrip("\n").splitlines()
    assert printed[-1] in (f"You {said} you).", f"{culprit} {said} {culprit}).")
    assert not any(line.endswith("turn.") for line in printed)
    table.render()
    assert capsys.readouterr().out.rstrip("\n").splitlines()[-1] == printed[-1]
    table.reset(seed=3)
    assert "not legal" not in capsys.readouterr().out


def test_only_the_culprit_is_told_which_illegal_action_ended_the_game() -> None:
    """Which ask was not legal tells of the culprit's hand (a rank it holds none of; under
    ask: card, also a card it holds), hidden from the others: their pictures named it."""
    table = env(rules={"preset": "nordic", "ask": "card"}, players=3, render_mode="ansi")
    table.reset(seed=3)
    culprit = table.agent_selection
    illegal = int(np.flatnonzero(table.observe(culprit)["action_mask"] == 0)[0])
    table.step(illegal)  # PettingZoo's logger warns of it (standard error)
    last_lines = {}
    for agent in table.agent_iter():
        last_lines[agent] = table.render().splitlines()[-1]  # type: ignore[union-attr]
        table.step(None)
    assert set(last_lines) == set(table.possible_agents)
    for agent, last in last_lines.items():
        assert last == (f"You played action {illegal}, which is not legal now, so the game "
                        "is over (reward -1 for you)." if agent == culprit else
                        f"{culprit} played an action that is not legal now, so the game is "
                        f"over (reward -1 for {culprit}).")
