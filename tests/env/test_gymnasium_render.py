"""``GoFishGymEnv``'s ``render``, through ``gymnasium.make`` and Gymnasium's checker.

``make(id, render_mode="ansi")`` was refused ("draws nothing"), and the metadata listed
no render mode, so the checker tried none.
"""

from __future__ import annotations

import copy
import warnings

import numpy as np
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


def test_the_step_that_makes_step_limit_truncates_says_so_in_the_picture() -> None:
    """make()'s TimeLimit truncates after max_episode_steps steps without telling the game
    (its own spec says max_episode_steps=None), so that step's picture offered a turn."""
    env = gymnasium.make(MAKE_ID, max_episode_steps=2, render_mode="ansi")
    _, info = env.reset(seed=2)
    with pytest.raises(GoFishError):  # refused: TimeLimit does not count it, nor may we
        env.step(env.unwrapped.action_count)
    _, _, terminated, truncated, info = env.step(info["legal"][0])
    assert not (terminated or truncated)
    assert env.render().splitlines()[-1] == "Your turn."
    _, _, terminated, truncated, _ = env.step(info["legal"][0])
    lines = env.render().splitlines()
    assert truncated and not terminated
    assert lines[-1] == ("The episode was cut short at the step limit, after 2 steps "
                         "(max_episode_steps; truncated).")
    assert lines[-2].startswith("The pond: ")
    env.reset(seed=2)
    assert env.render().splitlines()[-1] == "Your turn."  # a new episode, counted anew


@pytest.mark.parametrize(("registered", "given", "cut_after"), [
    (1, None, 1),  # the spec's own limit
    (5, 1, 1),  # make's max_episode_steps overrides the spec's
    (1, -1, None),  # -1: no TimeLimit at all, so nothing is cut short
])
def test_the_limit_told_is_the_one_time_limit_applies(
        registered: int, given: int | None, cut_after: int | None) -> None:
    spec = copy.deepcopy(gymnasium.spec(ENV_ID))  # GoFish-v0's, as registered
    spec.max_episode_steps = registered
    env = gymnasium.make(spec, max_episode_steps=given, render_mode="ansi")
    _, info = env.reset(seed=2)
    for step in range(1, 3):
        _, _, _, truncated, info = env.step(info["legal"][0])
        said = env.render().splitlines()[-1].startswith("The episode was cut short")
        assert said == truncated == (cut_after is not None and step >= cut_after), step


def test_a_limit_of_true_that_time_limit_takes_as_1_is_told_as_1() -> None:
    """TimeLimit takes any int: True truncated after one step while the picture said
    "after True step" (and a step_limit that checks what it is given refused it)."""
    env = gymnasium.make(MAKE_ID, max_episode_steps=True, render_mode="ansi")
    _, info = env.reset(seed=2)
    _, _, _, truncated, _ = env.step(info["legal"][0])
    assert truncated and env.render().splitlines()[-1] == (
        "The episode was cut short at the step limit, after 1 step "
        "(max_episode_steps; truncated).")


def test_human_mode_prints_the_step_limit_with_the_step_that_reaches_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium.make(MAKE_ID, max_episode_steps=1, render_mode="human")
    _, info = env.reset(seed=2)
    capsys.readouterr()
    env.step(info["legal"][0])
    printed = capsys.readouterr().out.rstrip("\n").splitlines()
    assert printed[-1] == ("The episode was cut short at the step limit, after 1 step "
                           "(max_episode_steps; truncated).")


def test_an_env_remade_from_its_spec_is_told_its_step_limit_too() -> None:
    made = gymnasium.make(MAKE_ID, max_episode_steps=1, render_mode="ansi")
    remade = gymnasium.make(made.spec)  # Gymnasium's way to make the same env again
    _, info = remade.reset(seed=2)
    _, _, _, truncated, _ = remade.step(info["legal"][0])
    assert truncated and "cut short at the step limit" in remade.render()


def test_a_time_limit_put_on_by_hand_is_told_once_step_limit_is_set() -> None:
    """As the README says: TimeLimit outside make() is not seen; step_limit tells it."""
    env = gymnasium.wrappers.TimeLimit(GoFishGymEnv(render_mode="ansi"), 1)
    for told in (False, True):
        env.unwrapped.step_limit = 1 if told else None
        _, info = env.reset(seed=2)
        _, _, _, truncated, _ = env.step(info["legal"][0])
        assert truncated and ("cut short at the step limit" in env.render()) == told


@pytest.mark.parametrize("limit", ["3", 0, -1, 2.5, True])
def test_a_step_limit_set_by_hand_that_time_limit_would_refuse_is_refused(limit: object
                                                                          ) -> None:
    """It was kept as given: "3" made the next picture a TypeError, in human mode raised
    from a step already played (and then not counted); 0 and -1 had the picture of a
    reset say the episode was cut short."""
    env = gymnasium.wrappers.TimeLimit(GoFishGymEnv(render_mode="human"), 2)
    env.unwrapped.step_limit = 2
    with pytest.raises(MalformedInputError, match=r"^step_limit must be a whole number "
                       r"from 1 \(TimeLimit's max_episode_steps\) or None, not "):
        env.unwrapped.step_limit = limit
    assert env.unwrapped.step_limit == 2  # refused, changing nothing


def test_a_step_limit_of_numpys_is_taken_as_the_whole_number_it_is() -> None:
    env = gymnasium.wrappers.TimeLimit(GoFishGymEnv(render_mode="ansi"), 1)
    env.unwrapped.step_limit = np.int64(1)  # as a study's arrays hold its numbers
    assert type(env.unwrapped.step_limit) is int
    _, info = env.reset(seed=2)
    _, _, _, truncated, _ = env.step(info["legal"][0])
    assert truncated and env.render().splitlines()[-1] == (
        "The episode was cut short at the step limit, after 1 step "
        "(max_episode_steps; truncated).")
