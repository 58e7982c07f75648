"""GoFishEnv keeps Gymnasium's conventions where an RL library relies on them: the
``reset(seed=..., options=...)`` signature, a seeded reset fixing the unseeded ones after
it, 0-d action arrays, and no play past a truncated episode."""

from __future__ import annotations

import numpy as np
import pytest

from gofish.core import GoFishError
from gofish.env import GoFishEnv


def first_observations(env: GoFishEnv, seed: int, resets: int) -> list[np.ndarray]:
    observations = [env.reset(seed=seed)[0]]
    observations += [env.reset()[0] for _ in range(resets)]
    return observations


def test_reset_takes_gymnasiums_options_argument_and_refuses_options_it_lacks() -> None:
    # Gymnasium's wrappers and env checker call reset(seed=..., options=...): a TypeError.
    env = GoFishEnv()
    no_options: list[dict[str, object] | None] = [None, {}]
    for options in no_options:
        obs, info = env.reset(seed=1, options=options)
        assert obs.shape == (env.observation_size,) and info["winners"] is None
    with pytest.raises(GoFishError, match="takes no options"):
        env.reset(seed=1, options={"opponents": ["random"]})


def test_the_unseeded_resets_after_a_seeded_one_deal_the_same_games_every_run() -> None:
    # Gymnasium: seed once, then reset() without a seed continues a reproducible sequence.
    # They were dealt from the operating system's randomness, so no run could be repeated.
    one = first_observations(GoFishEnv(), seed=3, resets=4)
    two = first_observations(GoFishEnv(), seed=3, resets=4)
    assert all(np.array_equal(a, b) for a, b in zip(one, two, strict=True))
    assert not all(np.array_equal(one[1], later) for later in one[2:])  # new games
    other = first_observations(GoFishEnv(), seed=4, resets=4)
    assert not all(np.array_equal(a, b) for a, b in zip(one[1:], other[1:], strict=True))


def test_a_refused_seed_leaves_the_sequence_of_the_last_good_one() -> None:
    env = GoFishEnv()
    expected = first_observations(GoFishEnv(), seed=3, resets=1)[1]
    env.reset(seed=3)
    with pytest.raises(GoFishError, match="seed"):
        env.reset(seed=2.5)  # type: ignore[arg-type]
    assert np.array_equal(env.reset()[0], expected)


def test_an_action_given_as_a_0_d_integer_array_is_that_number() -> None:
    # What a policy's argmax over a tensor gives after .numpy(); it was refused.
    by_array, by_int = GoFishEnv(), GoFishEnv()
    _, info = by_array.reset(seed=2)
    by_int.reset(seed=2)
    action = info["legal"][-1]
    assert by_array.ask_of(np.array(action)) == by_int.ask_of(action)  # type: ignore[arg-type]
    obs_array = by_array.step(np.array(action))[0]  # type: ignore[arg-type]
    assert np.array_equal(obs_array, by_int.step(action)[0])
    with pytest.raises(GoFishError, match="whole number"):
        by_array.step(np.array([action]))  # type: ignore[arg-type]


def test_a_truncated_episode_is_over_until_reset() -> None:
    # max_asks bounded nothing for a loop that went on stepping after truncated.
    env = GoFishEnv(max_asks=1)
    _, info = env.reset(seed=1)
    _, reward, terminated, truncated, info = env.step(info["legal"][0])
    assert truncated and not terminated and reward == 0.0
    with pytest.raises(GoFishError, match=r"cut short after 1 ask \(truncated\): call reset"):
        env.step(0)
    _, info = env.reset(seed=1)
    assert env.step(info["legal"][0])[3]  # a new episode plays (and is cut short) again


def test_an_unknown_opponent_is_refused_as_a_gofish_error() -> None:
    # Every other bad argument of GoFishEnv is a GoFishError; an unknown bot was not.
    with pytest.raises(GoFishError, match="unknown bot 'nobody'"):
        GoFishEnv(opponents=["nobody"])
    with pytest.raises(GoFishError, match="memory"):
        GoFishEnv(opponents=["emma:memory=lots"])


def test_a_table_given_in_numpy_whole_numbers_is_that_table() -> None:
    # seat=np.int64(1) at two seats was refused as "seat must be a seat from 0 to 1, not
    # np.int64(1)", though seeds and actions took numpy's numbers.
    env = GoFishEnv(players=np.int64(3), seat=np.int64(1),  # type: ignore[arg-type]
                    max_asks=np.int64(5))  # type: ignore[arg-type]
    plain = GoFishEnv(players=3, seat=1, max_asks=5)
    assert (env.players, env.seat, env.max_asks) == (3, 1, 5)
    assert type(env.players) is int and env.action_count == plain.action_count
    assert np.array_equal(env.reset(seed=4)[0], plain.reset(seed=4)[0])
    with pytest.raises(GoFishError, match="seat must be a seat from 0 to 1"):
        GoFishEnv(seat=np.bool_(True))  # type: ignore[arg-type]
