"""GoFishEnv and its helpers refuse odd arguments saying what is wrong, and take the odd good
ones: a seed past Python's 4,300-digit limit for text (a whole number from 0, as the docs
ask) was a ValueError from deep inside reset ("Exceeds the limit ... for integer string
conversion"), and so was the refusal of such a seat, max_asks, action or negative seed;
opponents given as a number was a TypeError, as a numpy array of names a ValueError ("truth
value ... ambiguous"), as bytes "4 opponents were named", and as a set a seating that
changed from run to run; observation_size(0) was -1 and encode(view, "x") an
AttributeError."""

from __future__ import annotations

import numpy as np
import pytest

from gofish.core import GoFishError, MalformedInputError, new_game
from gofish.env import GoFishEnv, encode, observation_size

HUGE = 10**5000  # past sys.get_int_max_str_digits() (4,300), which str() refuses


def _episode(env: GoFishEnv, seed: int | None) -> list[bytes]:
    """The observations of one game in which the agent always plays its first legal ask."""
    obs, info = env.reset(seed=seed)
    seen = [obs.tobytes()]
    done = info["winners"] is not None
    while not done:
        obs, _, terminated, truncated, info = env.step(info["legal"][0])
        seen.append(obs.tobytes())
        done = terminated or truncated
    return seen


def test_a_seed_past_the_text_limit_deals_and_repeats() -> None:
    env = GoFishEnv("classic", players=3, opponents=["emma", "random"])
    first = _episode(env, HUGE)
    after_first = _episode(env, None)  # the unseeded resets after it: fixed by the seed
    assert _episode(env, HUGE) == first
    assert _episode(env, None) == after_first
    assert first != _episode(env, HUGE + 1)


@pytest.mark.parametrize(("make", "message"), [
    (lambda: GoFishEnv(seat=HUGE), "seat must be a seat from 0 to 1, not a number too long"),
    (lambda: GoFishEnv(max_asks=-HUGE), "max_asks must be a whole number of at least 1, not a "
                                        "number too long"),
    (lambda: GoFishEnv().reset(seed=-HUGE), "seed must be a whole number from 0, as "
                                            "Gymnasium's seeds are, not a number too long"),
])
def test_a_number_too_long_to_show_is_refused_by_name(make: object, message: str) -> None:
    with pytest.raises(GoFishError, match=message):
        make()  # type: ignore[operator]


def test_an_action_too_long_to_show_is_refused_and_changes_nothing() -> None:
    env = GoFishEnv()
    _, info = env.reset(seed=3)
    with pytest.raises(GoFishError, match="an action is a whole number from 0 to 12, not a "
                                          "number too long to show"):
        env.step(HUGE)
    assert env.legal_actions() == info["legal"]


@pytest.mark.parametrize("opponents", [3, b"emma", {"emma", "random"}, np.array([]),
                                       np.array("emma")])
def test_opponents_that_are_not_a_list_of_names_are_refused(opponents: object) -> None:
    with pytest.raises(GoFishError, match="opponents must be a list of bot names"):
        GoFishEnv("classic", players=3, opponents=opponents)  # type: ignore[arg-type]


def test_a_numpy_array_of_names_seats_them_in_order() -> None:
    env = GoFishEnv("classic", players=3, opponents=np.array(["counter", "random"]))
    assert env.opponent_names == ["counter", "random"]
    same = GoFishEnv("classic", players=3, opponents=["counter", "random"])
    assert _episode(env, 4) == _episode(same, 4)


@pytest.mark.parametrize(("players", "message"), [
    (0, "0 players cannot play"), (6, "6 players cannot play"),
    (True, "the number of players must be a whole number"),
    ("3", "the number of players must be a whole number"),
])
def test_observation_size_refuses_a_table_no_game_has(players: object, message: str) -> None:
    with pytest.raises(MalformedInputError, match=message):
        observation_size(players)  # type: ignore[arg-type]
    assert observation_size(np.int64(3)) == observation_size(3) == 13 + 2 * 29 + 13 + 2


def test_encode_refuses_a_tracker_that_is_not_one() -> None:
    view = new_game("classic", 2, seed=1).view(0)
    with pytest.raises(MalformedInputError, match=r"encode's tracker must be a "
                                                  r"gofish\.knowledge\.Tracker"):
        encode(view, "x")  # type: ignore[arg-type]
    assert encode(view, None).shape == (observation_size(2),)
