"""GoFishEnv refuses more opponents than the table has seats for, as TableSettings does."""

from __future__ import annotations

import pytest

from gofish.core import GoFishError
from gofish.env import GoFishEnv


def test_more_opponents_than_seats_are_refused_not_dropped() -> None:
    # players=2 with three bots named trained against the first alone, in silence.
    with pytest.raises(GoFishError, match="3 opponents were named but a 2-player game has 1"):
        GoFishEnv("classic", players=2, opponents=["counter", "emma", "random"])


def test_fewer_opponents_than_seats_repeat_the_last() -> None:
    env = GoFishEnv("bicycle", players=4, opponents=["counter", "emma"])
    assert env.opponent_names == ["counter", "emma", "emma"]
    assert GoFishEnv("classic", players=2, opponents=["random"]).opponent_names == ["random"]


@pytest.mark.parametrize("opponents", [{"emma": 1}, {"counter": "memory=2", "random": 1}])
def test_a_mapping_of_opponents_is_refused_not_read_as_its_keys(opponents: object) -> None:
    # {"emma": 1} was read as its keys, ["emma"]: what the 1 meant (one Emma? an option?)
    # was dropped in silence, and {"counter": "memory=2"} seated a counter without its option.
    with pytest.raises(GoFishError, match=r"opponents must be a list of bot names, e\.g\. "
                       r"\['emma'\], not a dict \(\{'emma': 1\}|\{'counter'") as refused:
        GoFishEnv("classic", players=3, opponents=opponents)  # type: ignore[arg-type]
    assert "options after a colon, e.g. ['emma:memory=2']" in str(refused.value)


def test_the_gymnasium_env_refuses_a_mapping_too() -> None:
    pytest.importorskip("gymnasium")
    import gymnasium

    with pytest.raises(GoFishError, match="not a dict"):
        gymnasium.make("gofish.gymnasium_env:GoFish-v0", opponents={"emma": 1})


@pytest.mark.parametrize("named", [5, 6])
def test_too_many_opponents_for_any_table_are_not_told_to_add_players(named: int) -> None:
    # "pass players=6 or name fewer": players=6 is refused in turn (2 to 5 players).
    with pytest.raises(GoFishError) as refused:
        GoFishEnv("classic", players=2, opponents=["emma"] * named)
    assert str(refused.value) == (f"{named} opponents were named but a 2-player game has 1: "
                                  "a table seats at most 4 opponents, so name fewer")


def test_opponents_that_a_larger_table_seats_are_told_its_size() -> None:
    with pytest.raises(GoFishError) as refused:
        GoFishEnv("classic", players=2, opponents=["emma"] * 4)
    assert str(refused.value).endswith("pass players=5 or name fewer")
