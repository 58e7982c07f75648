"""``raw_env.reset`` takes no options, as ``GoFishEnv.reset`` takes none.

``GoFishEnv`` refuses any (Gymnasium's checker passes only an empty dict), but PettingZoo's
``api_test`` resets with ``options={"options": 1}``, so the table cannot refuse them. It
used to drop them in silence: a researcher's ``options={"players": 4}`` dealt a
two-player game with no word. Now it warns, naming what it left out.
"""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("pettingzoo")

from gofish.env import GoFishEnv, GoFishError
from gofish.pettingzoo_env import env, raw_env


@pytest.mark.parametrize("make", [raw_env, env])
def test_options_given_to_the_table_are_named_in_a_warning(make: object) -> None:
    table = make()  # type: ignore[operator]
    with pytest.warns(UserWarning, match=r"gofish_v0's reset takes no options: "
                                         r"\{'players': 4\} ignored"):
        table.reset(seed=1, options={"players": 4})
    assert table.num_agents == 2  # the game is dealt as the table was made


@pytest.mark.parametrize("options", [None, {}])
def test_no_options_reset_without_a_warning(options: dict[str, int] | None) -> None:
    table = raw_env()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        table.reset(seed=1, options=options)
    assert table.agents == ["player_0", "player_1"]


def test_the_one_agent_environment_still_refuses_them() -> None:
    with pytest.raises(GoFishError, match=r"takes no options, not \{'players': 4\}"):
        GoFishEnv().reset(seed=1, options={"players": 4})
