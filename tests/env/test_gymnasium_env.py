"""``gofish.gymnasium_env``: the environment as a real ``gymnasium.Env``.

``GoFishEnv`` was not one, so ``gymnasium.make``, the wrappers and ``check_env`` refused
it; and ``check_env`` (like any algorithm without masks) steps with unmasked samples,
which ``GoFishEnv`` answers with an error.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from gofish.core import GoFishError, MalformedInputError
from gofish.env import GoFishEnv

from .missing_package import assert_import_says_what_to_install

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from gofish.gymnasium_env import ENV_ID, ILLEGAL_ACTION_REWARD, GoFishGymEnv  # noqa: E402

MAKE_ID = f"gofish.gymnasium_env:{ENV_ID}"
TABLES = [("classic", 2), ("bicycle", 4), ({"preset": "nordic", "ask": "card"}, 3)]


@pytest.mark.parametrize(("rules", "players"), TABLES)
def test_gymnasiums_checker_passes_without_a_warning(rules: object, players: int) -> None:
    env = gymnasium.make(MAKE_ID, rules=rules, players=players)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's complaints are warnings
        check_env(env.unwrapped)
    assert isinstance(env.unwrapped, gymnasium.Env)


def test_made_and_wrapped_it_plays_the_same_game_as_gofish_env_for_a_seed() -> None:
    """Wrappers work, and one seed deals one game in both environments."""
    wrapped = gymnasium.wrappers.RecordEpisodeStatistics(
        gymnasium.make(MAKE_ID, rules="bicycle", players=3, opponents=["emma", "counter"]))
    plain = GoFishEnv("bicycle", players=3, opponents=["emma", "counter"])
    obs, info = wrapped.reset(seed=11)
    plain_obs, plain_info = plain.reset(seed=11)
    assert wrapped.unwrapped.np_random is not None  # seeded through Gymnasium's reset
    steps, done = 0, info["winners"] is not None
    while not done:
        assert np.array_equal(obs, plain_obs) and info["legal"] == plain_info["legal"]
        action = info["legal"][steps % len(info["legal"])]
        obs, reward, terminated, truncated, info = wrapped.step(action)
        plain_obs, plain_reward, _, _, plain_info = plain.step(action)
        assert reward == plain_reward
        steps, done = steps + 1, terminated or truncated
    assert info["winners"] == plain_info["winners"] is not None
    assert info["episode"]["l"] == steps  # RecordEpisodeStatistics saw the episode


def test_an_illegal_action_loses_the_episode_and_a_reset_starts_afresh() -> None:
    env = GoFishGymEnv()
    _, info = env.reset(seed=3)
    illegal = next(a for a in range(env.action_count) if a not in info["legal"])
    legal = info["legal"][0]
    hand, asked = env.view().hand, len(env.view().history)
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (ILLEGAL_ACTION_REWARD, True, False)
    assert info["illegal_action"] == illegal
    assert (env.view().hand, len(env.view().history)) == (hand, asked)  # nothing was played
    with pytest.raises(GoFishError, match=f"illegal action {illegal}: call reset"):
        env.step(legal)
    _, info = env.reset(seed=3)
    _, reward, _, _, info = env.step(info["legal"][0])
    assert reward != ILLEGAL_ACTION_REWARD and "illegal_action" not in info


def test_once_the_episode_is_over_no_action_is_offered() -> None:
    """``info["legal"]`` and the masks are what the agent may play now: after max_asks, or
    after an illegal action lost the episode, they still listed the asks that step then
    refused, as the agent to ask still held them."""
    env = GoFishGymEnv(max_asks=1)
    truncated = False
    for seed in range(50):  # a first ask that hits keeps the turn (R7)
        _, info = env.reset(seed=seed)
        _, _, _, truncated, info = env.step(info["legal"][0])
        if truncated and env.view().current_player == env.seat:
            break
    assert truncated and env.view().current_player == env.seat
    assert info["legal"] == [] and not env.action_masks().any()
    _, info = env.reset(seed=3)
    illegal = next(a for a in range(env.action_count) if a not in info["legal"])
    _, _, terminated, _, info = env.step(illegal)
    assert terminated and info["legal"] == [] and not env.action_mask().any()


def test_an_agent_sampling_without_a_mask_plays_every_episode_to_an_end() -> None:
    env = gymnasium.make(MAKE_ID, rules="nordic", players=3)
    env.action_space.seed(5)
    steps = 0
    for seed in range(40):
        _, info = env.reset(seed=seed)
        terminated = truncated = info["winners"] is not None
        while not (terminated or truncated):
            _, reward, terminated, truncated, info = env.step(env.action_space.sample())
            steps += 1
            legal_ask = "illegal_action" not in info
            assert (reward == ILLEGAL_ACTION_REWARD) != legal_ask
            assert legal_ask or terminated  # an illegal ask ends it at once
    assert steps >= 40


def test_raise_keeps_gofish_envs_error_and_changes_nothing() -> None:
    env = GoFishGymEnv(illegal_action="raise")
    _, info = env.reset(seed=3)
    illegal = next(a for a in range(env.action_count) if a not in info["legal"])
    with pytest.raises(GoFishError, match="not a legal ask now; the legal actions are"):
        env.step(illegal)
    _, _, terminated, _, _ = env.step(info["legal"][0])  # the game goes on
    assert isinstance(terminated, bool)


@pytest.mark.parametrize("action", [-1, 13, 2.5, "3"])
def test_what_is_no_action_at_all_is_still_an_error(action: object) -> None:
    env = GoFishGymEnv()
    env.reset(seed=1)
    with pytest.raises(GoFishError, match="an action is a whole number from 0 to 12"):
        env.step(action)  # type: ignore[arg-type]


def test_action_masks_are_the_legal_actions_as_booleans() -> None:
    env = GoFishGymEnv("bicycle", players=4)
    _, info = env.reset(seed=2)
    masks = env.action_masks()
    assert masks.dtype == np.bool_ and masks.shape == (env.action_count,)
    assert list(np.flatnonzero(masks)) == info["legal"]


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_action_masks_are_reached_as_the_docs_say_through_make_and_make_vec(
        mode: str) -> None:
    """The README offered env.action_masks() on what gymnasium.make gives, an
    AttributeError there: Gymnasium's wrappers pass no attribute on."""
    env = gymnasium.make(MAKE_ID, rules="bicycle", players=4)
    _, info = env.reset(seed=2)
    with pytest.raises(AttributeError):
        env.action_masks()  # as the docs now warn
    for masks in (env.unwrapped.action_masks(), env.get_wrapper_attr("action_masks")()):
        assert list(np.flatnonzero(masks)) == info["legal"]
    envs = gymnasium.make_vec(MAKE_ID, num_envs=2, vectorization_mode=mode, players=3)
    try:
        _, infos = envs.reset(seed=[4, 5])
        masks = envs.call("action_masks")
        assert [list(np.flatnonzero(mask)) for mask in masks] == [
            list(legal) for legal in infos["legal"]]
    finally:
        envs.close()


def test_a_wrong_illegal_action_setting_is_refused_by_name() -> None:
    with pytest.raises(MalformedInputError, match='illegal_action must be "lose" or "raise", '
                                                  "not 'ignore'"):
        gymnasium.make(MAKE_ID, illegal_action="ignore")


@pytest.mark.parametrize("seed", [-1, "one"])
def test_a_bad_seed_is_refused_before_gymnasium_sees_it(seed: object) -> None:
    env = GoFishGymEnv()
    with pytest.raises(MalformedInputError, match="seed must be a whole number from 0"):
        env.reset(seed=seed)  # type: ignore[arg-type]


def test_a_numpy_seed_seeds_both_the_deal_and_np_random() -> None:
    env = GoFishGymEnv()
    obs, _ = env.reset(seed=np.int64(9))
    draw = env.np_random.integers(1000)
    again, _ = env.reset(seed=9)
    assert np.array_equal(obs, again) and env.np_random.integers(1000) == draw


def test_make_takes_render_mode_none_as_scripts_pass_it() -> None:
    """gymnasium.make(id, render_mode=args.render_mode) passes None on: a TypeError here."""
    assert gymnasium.make(MAKE_ID, render_mode=None).render_mode is None
    with pytest.raises(MalformedInputError, match="render_mode can be 'ansi', 'human' or "
                                                  "None, not 'rgb_array'"):
        GoFishGymEnv(render_mode="rgb_array")  # type: ignore[arg-type]


def test_without_gymnasium_the_import_says_what_to_install(
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert_import_says_what_to_install(monkeypatch, "gymnasium", "gofish.gymnasium_env",
                                       r"pip install gymnasium \(or gofish\[rl\]\)")
