"""``GoFishGymEnv``'s ``render``, through ``gymnasium.make`` and Gymnasium's checker.

``make(id, render_mode="ansi")`` was refused ("draws nothing"), and the metadata listed
no render mode, so the checker tried none.
"""

from __future__ import annotations

import warnings

import pytest

from gofish.core import GoFishError, MalformedInputError
from gofish.env import GoFishEnv

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from gofish.gymnasium_env import ENV_ID, GoFishGymEnv  # noqa: E402

MAKE_ID = f"gofish.gymnasium_env:{ENV_ID}"


@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_gymnasiums_checker_passes_with_each_render_mode(mode: str) -> None:
    """With a spec (made by make), the checker also makes the environment in every mode
    the metadata lists and checks what render() gives in each."""
    env = gymnasium.make(MAKE_ID, rules="bicycle", players=3, render_mode=mode)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's complaints are warnings
        check_env(env.unwrapped)
    assert env.unwrapped.render_mode == mode
    assert env.metadata["render_modes"] == ["ansi", "human"]
    assert env.metadata["render_fps"] > 0


def test_made_with_ansi_it_draws_the_picture_gofish_env_draws_for_the_seed() -> None:
    made = gymnasium.make(MAKE_ID, rules="nordic", players=3, render_mode="ansi")
    plain = GoFishEnv("nordic", players=3, render_mode="ansi")
    _, info = made.reset(seed=6)
    plain.reset(seed=6)
    assert made.render() == plain.render()
    made.step(info["legal"][0])
    plain.step(info["legal"][0])
    picture = made.render()
    assert picture == plain.render() and picture.startswith("What happened:\n  You ask ")


def test_an_illegal_action_that_loses_the_episode_is_told_in_the_picture() -> None:
    env = GoFishGymEnv(render_mode="ansi")
    _, info = env.reset(seed=3)
    illegal = next(number for number in range(env.action_count) if number not in info["legal"])
    env.step(illegal)
    picture = env.render()
    assert isinstance(picture, str)
    lines = picture.splitlines()
    assert lines[0].startswith("Your hand: ")  # the action did nothing: no news
    # As the last line, where "Your turn." was: the game goes on, the episode does not.
    assert lines[-1] == (f"You played action {illegal}, which is not legal now, so the "
                         "episode is lost (reward -1).")
    assert "Your turn." not in lines
    env.reset(seed=3)
    assert "not legal" not in env.render()  # type: ignore[operator]


def test_human_through_make_prints_at_reset_and_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium.make(MAKE_ID, render_mode="human")
    _, info = env.reset(seed=2)
    assert "Your hand: " in capsys.readouterr().out
    env.step(info["legal"][0])
    assert capsys.readouterr().out.startswith("What happened:\n  You ask Emma for ")
    assert env.render() is None


def test_without_a_render_mode_render_warns_and_before_reset_it_says_to_reset() -> None:
    env = GoFishGymEnv()
    with pytest.warns(UserWarning, match="render_mode=None, so render\\(\\) draws nothing"):
        assert env.render() is None
    with pytest.raises(GoFishError, match=r"no game yet: call reset\(\) first"):
        GoFishGymEnv(render_mode="ansi").render()


def test_make_with_another_render_mode_is_refused_naming_the_modes() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # make's own: not in the possible render_modes
        with pytest.raises(MalformedInputError, match="GoFish-v0 draws the game as text: "
                           "render_mode can be 'ansi', 'human' or None, not 'rgb_array'"):
            gymnasium.make(MAKE_ID, render_mode="rgb_array")
