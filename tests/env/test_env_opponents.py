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
