"""``GoFish-v0``'s text pictures under Gymnasium's vector envs and render wrappers.

What each does with a text render mode, pinned so that a change in Gymnasium or here is
seen: vector envs give one picture per env; the wrappers that show or record images
(``HumanRendering``, ``RecordVideo``) refuse the text modes when they wrap, not mid-run.
"""

from __future__ import annotations

import pickle

import numpy as np
import pytest

from gofish.env import GoFishEnv

gymnasium = pytest.importorskip("gymnasium")

from gofish.gymnasium_env import ENV_ID  # noqa: E402

MAKE_ID = f"gofish.gymnasium_env:{ENV_ID}"


def plain_pictures(seeds: list[int], actions: list[int] | None = None) -> tuple[str, ...]:
    """What GoFishEnv draws for each seed (after each one's action, if given)."""
    pictures = []
    for index, seed in enumerate(seeds):
        env = GoFishEnv(render_mode="ansi")
        env.reset(seed=seed)
        if actions is not None:
            env.step(actions[index])
        pictures.append(env.render())
    return tuple(str(picture) for picture in pictures)


@pytest.mark.parametrize("mode", ["sync", "async"])
def test_a_vector_env_in_ansi_mode_gives_each_envs_picture(mode: str) -> None:
    """make_vec passes render_mode to every env; render() gives their pictures in order
    (an async env's made and drawn in its own process, from a pickled maker)."""
    envs = gymnasium.make_vec(MAKE_ID, num_envs=2, vectorization_mode=mode,
                              render_mode="ansi")
    try:
        assert envs.render_mode == "ansi"
        _, info = envs.reset(seed=5)  # env i is seeded 5 + i
        assert envs.render() == plain_pictures([5, 6])
        actions = [int(legal[0]) for legal in info["legal"]]
        envs.step(np.array(actions))
        assert envs.render() == plain_pictures([5, 6], actions)
    finally:
        envs.close()


@pytest.mark.parametrize("wrapper", ["HumanRendering", "RecordVideo"])
@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_wrappers_that_need_images_refuse_the_text_modes_when_they_wrap(
        wrapper: str, mode: str, tmp_path: object) -> None:
    env = gymnasium.make(MAKE_ID, render_mode=mode)
    wrap = getattr(gymnasium.wrappers, wrapper)
    args = (tmp_path,) if wrapper == "RecordVideo" else ()
    with pytest.raises(ValueError, match="rgb_array"):
        wrap(env, *args)


def test_an_env_with_a_render_mode_pickles_and_draws_the_same_after() -> None:
    """Copies (a vector env's workers, a checkpoint) keep the mode and the game drawn."""
    env = gymnasium.make(MAKE_ID, render_mode="ansi")
    _, info = env.reset(seed=2)
    env.step(info["legal"][0])
    copy = pickle.loads(pickle.dumps(env))
    assert copy.unwrapped.render_mode == "ansi" and copy.render() == env.render()


def test_after_close_render_still_draws_the_last_picture() -> None:
    """close() releases nothing (the picture is text), so drawing after it is no error."""
    env = gymnasium.make(MAKE_ID, render_mode="ansi")
    env.reset(seed=2)
    before = env.render()
    env.close()
    assert env.render() == before


def test_ansi_list_keeps_every_pictures_text_through_gymnasiums_render_collection() -> None:
    env = gymnasium.make(MAKE_ID, render_mode="ansi_list")
    _, info = env.reset(seed=5)
    env.step(info["legal"][0])
    assert env.render() == [*plain_pictures([5]), *plain_pictures([5], [info["legal"][0]])]
