"""``gofish.pettingzoo_env``: every seat an agent, as a PettingZoo ``AECEnv``.

There was no way to train agents against each other: ``GoFishEnv`` is one agent whose
opponents are built-in bots.
"""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

from gofish.core import GoFishError, MalformedInputError
from gofish.env import GoFishEnv, encode, numbered_ask

from .missing_package import assert_import_says_what_to_install

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test
from pettingzoo.utils.conversions import aec_to_parallel, turn_based_aec_to_parallel

from gofish.pettingzoo_env import ILLEGAL_ACTION_REWARD, env, raw_env

TABLES: list[dict[str, Any]] = [
    {}, {"rules": "bicycle", "players": 4},
    {"rules": {"preset": "nordic", "ask": "card"}, "players": 3}]


def _masked_choice(table: Any, agent: str, rng: np.random.Generator) -> int:
    observation = table.observe(agent)
    return int(rng.choice(np.flatnonzero(observation["action_mask"])))


@pytest.mark.filterwarnings("ignore:Observation")  # PettingZoo's own card games: dicts too
@pytest.mark.filterwarnings("ignore:gofish_v0\'s reset takes no options")  # api_test\'s
@pytest.mark.parametrize("kwargs", TABLES)
def test_pettingzoos_api_and_seed_tests_pass(kwargs: dict[str, Any]) -> None:
    api_test(env(**kwargs), num_cycles=300)
    seed_test(lambda: env(**kwargs), num_cycles=300)


@pytest.mark.parametrize("kwargs", TABLES)
def test_self_play_ends_with_the_win_shared_among_the_most_books(
        kwargs: dict[str, Any]) -> None:
    """R10/R17: the winners hold the most books and share a reward of 1."""
    rng = np.random.default_rng(4)
    for seed in range(5):
        table = raw_env(**kwargs)
        table.reset(seed=seed)
        game = table._game
        totals = dict.fromkeys(table.possible_agents, 0.0)
        for agent in table.agent_iter():
            _, reward, terminated, truncated, _ = table.last()
            totals[agent] += reward
            assert not truncated
            table.step(None if terminated else _masked_choice(table, agent, rng))
        most = max(len(books) for books in game.books)
        winners = [s for s in range(table.players) if len(game.books[s]) == most]
        assert tuple(winners) == game.winners
        assert totals == {agent: (1 / len(winners) if seat in winners else 0.0)
                          for seat, agent in enumerate(table.possible_agents)}
        assert not table.agents  # every agent stepped out with None


def test_each_agent_sees_only_its_seats_view_and_only_the_mover_has_actions() -> None:
    """An agent's vector is its view's encoding (gofish.core.view filters the hidden
    cards), and its mask is the legal asks when, and only when, it is to move."""
    table = raw_env("bicycle", players=3)
    table.reset(seed=8)
    game, rng = table._game, np.random.default_rng(1)
    for _ in range(30):
        if game.is_over:
            break
        for seat, agent in enumerate(table.possible_agents):
            seen = table.observe(agent)
            assert np.array_equal(seen["observation"], encode(game.view(seat)))
            legal = seen["action_mask"].sum()
            assert legal == (len(game.legal_actions()) if seat == game.current_player else 0)
        table.step(_masked_choice(table, table.agent_selection, rng))


def test_actions_are_numbered_from_each_agents_seat_as_in_gofish_env() -> None:
    table = raw_env("classic", players=3)
    table.reset(seed=2)
    for seat, agent in enumerate(table.possible_agents):
        single = GoFishEnv("classic", players=3, opponents=["emma"], seat=seat)
        assert table.action_space(agent).n == single.action_count
        assert table.observation_space(agent)["observation"].shape == (
            single.observation_size,)
    seat = table._game.current_player
    single = GoFishEnv("classic", players=3, opponents=["emma"], seat=seat)
    mask = table.observe(table.agent_selection)["action_mask"]
    assert sorted(single.action_of(a) for a in table._game.legal_actions()) == list(
        np.flatnonzero(mask))


def test_the_agent_to_act_is_the_seat_to_ask_the_asker_again_after_a_hit() -> None:
    """R7 and R9: agent_selection is always the seat the game says is to ask: the asker
    again after a hit, the next seat when the turn passes."""
    table = raw_env("bicycle", players=3)
    seen = set()
    for seed in range(10):
        table.reset(seed=seed)
        game, rng = table._game, np.random.default_rng(seed)
        while not game.is_over:
            agent, seat = table.agent_selection, game.current_player
            action = _masked_choice(table, agent, rng)
            ask = numbered_ask(action, seat, 3, 13)
            hit = any(card.rank == ask.rank for card in game.hand(ask.target))
            table.step(action)
            if game.is_over:
                continue
            assert table.agent_selection == table.possible_agents[game.current_player]
            stayed = game.current_player == seat
            if hit and game.hand(seat):  # R7 (out of cards, R9 passes the turn anyway)
                assert stayed
            seen.add("hit keeps" if hit and stayed else "passes" if not stayed else "other")
    assert {"hit keeps", "passes"} <= seen


def test_wrapped_an_illegal_action_loses_and_ends_every_agents_episode() -> None:
    table = env()
    table.reset(seed=3)
    agent = table.agent_selection
    mask = table.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    table.step(illegal)
    assert table.rewards[agent] == ILLEGAL_ACTION_REWARD
    assert all(table.terminations.values())
    for other in table.agent_iter():
        table.step(None)
        assert other
    assert not table.agents


@pytest.mark.parametrize(("action", "message"), [
    (-1, "an action is a whole number from 0 to 12, not -1"),
    (13, "an action is a whole number from 0 to 12, not 13"),
    (10**30, "an action is a whole number from 0 to 12"),
    (2.5, "not 2.5"), ("3", "not '3'"), (True, "not True"),
    (None, "None is an action only for an agent whose episode is over"),
])
def test_wrapped_what_is_no_action_at_all_is_an_error_not_a_lost_game(
        action: Any, message: str) -> None:
    """TerminateIllegalWrapper indexes the action mask with the action: -1 (the last
    action's entry) lost the game as an illegal ask, and 13, 2.5, "3", True or None were
    numpy's IndexError or ValueError; they are no action, as in GoFishGymEnv."""
    table = env()
    table.reset(seed=0)
    agent = table.agent_selection
    assert table.observe(agent)["action_mask"][-1] == 0  # -1 read as the last, illegal ask
    with pytest.raises(GoFishError, match=message):
        table.step(action)
    assert table.agent_selection == agent
    assert not any(table.terminations.values())
    table.step(int(np.flatnonzero(table.observe(agent)["action_mask"])[0]))  # plays on


def test_raw_an_illegal_action_is_an_error_that_changes_nothing() -> None:
    table = raw_env()
    table.reset(seed=3)
    agent = table.agent_selection
    illegal = int(np.flatnonzero(table.observe(agent)["action_mask"] == 0)[0])
    before = table.observe(agent)["observation"].copy()
    with pytest.raises(GoFishError, match="not a legal ask now; the legal actions are"):
        table.step(illegal)
    with pytest.raises(GoFishError, match="None is an action only for an agent whose"):
        table.step(None)
    assert table.agent_selection == agent
    assert np.array_equal(table.observe(agent)["observation"], before)


def test_raw_a_step_before_reset_says_to_reset_first() -> None:
    """It was an AttributeError: 'raw_env' object has no attribute 'agent_selection'."""
    with pytest.raises(GoFishError, match=r"no game yet: call reset\(\) first"):
        raw_env().step(0)


@pytest.mark.parametrize("call", [
    lambda table: table.render(), lambda table: table.step(0),
    lambda table: table.observe("player_0"), lambda table: table.state(),
    lambda table: table.agent_iter()])
def test_env_before_reset_says_to_reset_first_as_raw_env_does(call: Any) -> None:
    """Under env() these were PettingZoo's AssertionError ("reset() needs to be called
    before render."), though the README promises render() a GoFishError before reset."""
    with pytest.raises(GoFishError, match=r"^no game yet: call reset\(\) first$"):
        call(env(render_mode="ansi"))


def test_raw_agents_before_reset_are_the_tables_and_agent_iter_says_to_reset() -> None:
    """agents, num_agents and agent_iter() were AttributeErrors ("'raw_env' object has no
    attribute 'agents'"): PettingZoo's own games list their agents from the start, and a
    loop over agent_iter() before reset is told to reset, as raw_env's step is."""
    table = raw_env(players=3)
    assert table.agents == table.possible_agents and table.num_agents == 3
    with pytest.raises(GoFishError, match=r"^no game yet: call reset\(\) first$"):
        table.agent_iter()
    table.reset(seed=1)
    assert next(iter(table.agent_iter())) == table.agent_selection


def _played_to_the_end(table: Any) -> Any:
    """``table`` after its game, every agent's last step taken (``agents`` empty)."""
    rng = np.random.default_rng(1)
    table.reset(seed=2)
    for agent in table.agent_iter():
        _, _, terminated, truncated, _ = table.last()
        table.step(None if terminated or truncated else _masked_choice(table, agent, rng))
    assert table.agents == []
    return table


@pytest.mark.parametrize("action", [None, 0])
def test_raw_a_step_after_every_agent_is_done_says_to_reset(action: int | None) -> None:
    """It was a bare KeyError: 'player_0', from the dicts the last agent had left."""
    table = _played_to_the_end(raw_env())
    with pytest.raises(GoFishError, match=r"^the game is over and every agent's episode "
                                          r"with it: call reset\(\) for a new one$"):
        table.step(action)
    table.reset(seed=2)  # and the table deals again as ever
    assert table.agents == table.possible_agents


def test_raw_last_after_every_agent_is_done_says_to_reset() -> None:
    table = _played_to_the_end(raw_env())
    with pytest.raises(GoFishError, match=r"^the game is over and every agent's episode "
                                          r"with it: call reset\(\) for a new one$"):
        table.last()
    with pytest.raises(GoFishError, match=r"no game yet: call reset\(\) first"):
        raw_env().last()  # an AttributeError ('agent_selection') before the first reset


def test_last_after_every_agent_is_done_says_to_reset_through_the_wrappers() -> None:
    """env()'s wrappers read last() themselves: the bare KeyError 'player_0' again."""
    table = _played_to_the_end(env())
    with pytest.raises(GoFishError, match=r"^the game is over and every agent's episode "
                                          r"with it: call reset\(\) for a new one$"):
        table.last()
    table.reset(seed=2)  # and the table deals again as ever
    assert table.last()[2:4] == (False, False)


def test_last_before_the_first_reset_says_to_reset_through_the_wrappers() -> None:
    """It was PettingZoo's AttributeError 'agent_selection cannot be accessed before reset',
    naming an attribute the caller never asked for; raw_env's GoFishError now, as
    raw_env().last() gives."""
    with pytest.raises(GoFishError, match=r"^no game yet: call reset\(\) first$"):
        env().last()
    table = env()
    with pytest.raises(GoFishError, match=r"no game yet"):
        table.last(observe=False)
    table.reset(seed=2)  # and the table deals as ever after the refusal
    assert table.last()[2:4] == (False, False)


def test_the_wrapped_table_is_named_as_pettingzoos_own_games_are() -> None:
    """PettingZoo's wrappers name themselves as the game (str(connect_four_v3.env()) is
    'connect_four_v3'), and logs and wandb runs are named by it: env() read
    '_OrderEnforcing<_RefuseNonActions<gofish_v0>>', two private class names."""
    assert str(env()) == str(raw_env()) == "gofish_v0"
    table = env(rules="nordic", players=3)
    table.reset(seed=1)
    assert str(table) == "gofish_v0"


def test_after_max_asks_every_agent_is_truncated() -> None:
    table = raw_env("bicycle", players=4, max_asks=3)
    table.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(3):
        table.step(_masked_choice(table, table.agent_selection, rng))
    assert not table._game.is_over and all(table.truncations.values())
    assert not any(table.terminations.values())


def _masks_until_every_agent_is_done(table: Any) -> list[int]:
    """How many actions each agent's last observation offered, stepping None to the end."""
    offered = []
    for _ in table.agent_iter():
        observation, _, terminated, truncated, _ = table.last()
        assert terminated or truncated
        offered.append(int(observation["action_mask"].sum()))
        table.step(None)
    return offered


def test_an_agent_whose_episode_is_over_is_offered_no_action() -> None:
    """The mask is what the agent may play now: after max_asks (or a lost game) it is to
    step None, yet the agent who was to ask still saw its legal asks."""
    table = raw_env("bicycle", players=4, max_asks=3)
    table.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(3):
        table.step(_masked_choice(table, table.agent_selection, rng))
    assert _masks_until_every_agent_is_done(table) == [0, 0, 0, 0]
    table = env()
    table.reset(seed=3)
    table.step(int(np.flatnonzero(table.observe(table.agent_selection)["action_mask"] == 0)[0]))
    assert _masks_until_every_agent_is_done(table) == [0, 0]


@pytest.mark.parametrize(("kwargs", "message"), [
    ({"players": 6}, "players"),
    ({"players": "two"}, "players"),
    ({"max_asks": 0}, "max_asks must be a whole number of at least 1, not 0"),
    ({"rules": "poker"}, "poker"),
])
def test_a_bad_table_is_refused_with_what_was_wrong(kwargs: dict[str, Any],
                                                    message: str) -> None:
    with pytest.raises(MalformedInputError, match=message):
        raw_env(**kwargs)


def test_bad_seeds_and_unknown_agents_are_refused_by_name() -> None:
    table = raw_env()
    with pytest.raises(MalformedInputError, match="seed must be a whole number from 0"):
        table.reset(seed=-1)
    table.reset(seed=np.int64(4))
    with pytest.raises(GoFishError, match="no agent 'player_7' at this table: the agents "
                                          "are player_0, player_1"):
        table.observe("player_7")


def test_a_seed_fixes_the_unseeded_games_after_it() -> None:
    def deals(first_seed: int) -> list[tuple]:
        table = raw_env()
        table.reset(seed=first_seed)
        hands = [table._game.hand(0)]
        for _ in range(3):
            table.reset()
            hands.append(table._game.hand(0))
        return hands

    assert deals(9) == deals(9) != deals(10)


@pytest.mark.filterwarnings("ignore:Observation")  # as in the AEC tests above
@pytest.mark.filterwarnings("ignore:gofish_v0\'s reset takes no options")  # api_test\'s
def test_the_parallel_api_is_pettingzoos_turn_based_conversion() -> None:
    """A hit keeps the turn (R7), so agents do not act once each per cycle: aec_to_parallel
    refuses the table (is_parallelizable is False), and its message says to set the flag;
    the docs name turn_based_aec_to_parallel, which passes PettingZoo's parallel tests."""
    with pytest.raises(AssertionError, match="is_parallelizable"):
        aec_to_parallel(env())
    parallel_api_test(turn_based_aec_to_parallel(env(rules="bicycle", players=4)),
                      num_cycles=300)
    parallel_seed_test(lambda: turn_based_aec_to_parallel(env(players=3)))


def test_each_agent_has_spaces_of_its_own_so_seeding_one_leaves_the_others_alone() -> None:
    """As in PettingZoo's own games: with one space shared by every agent, seeding
    player_1's reseeded player_0's, and each agent's samples moved the others' stream."""
    def player_0_samples(also_seed_player_1: bool) -> list[int]:
        table = raw_env(players=3)
        table.action_space("player_0").seed(1)
        if also_seed_player_1:
            table.action_space("player_1").seed(2)
            table.observation_space("player_1").seed(2)
        return [int(table.action_space("player_0").sample()) for _ in range(20)]

    assert player_0_samples(False) == player_0_samples(True)
    table = raw_env(players=3)
    assert table.observation_space("player_0") == table.observation_space("player_2")
    assert table.observation_space("player_0") is not table.observation_space("player_2")


def test_render_mode_none_is_taken_as_pettingzoos_own_envs_take_it() -> None:
    """PettingZoo's tutorials make tables with env(render_mode=None): a TypeError here, and
    its converters warned that the table had no render_mode."""
    table = env(render_mode=None)
    assert table.unwrapped.render_mode is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        turn_based_aec_to_parallel(table)
    with pytest.raises(MalformedInputError, match="render_mode can be 'ansi', 'human' or "
                                                  "None, not 'rgb_array'"):
        raw_env(render_mode="rgb_array")  # type: ignore[arg-type]


def test_without_pettingzoo_the_import_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert_import_says_what_to_install(monkeypatch, "pettingzoo", "gofish.pettingzoo_env",
                                       r"pip install pettingzoo \(or gofish\[rl\]\)")
