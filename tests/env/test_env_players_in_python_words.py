"""A Python caller's wrong player count is quoted as Python writes it (True, None), as
the same constructors quote a wrong seat. A record's reader still writes JSON's words
(true, null): tests/core/test_records.py."""

import pytest

from gofish.core.errors import MalformedInputError
from gofish.core.game import new_game
from gofish.env import GoFishEnv
from gofish.pettingzoo_env import raw_env

PYTHON_CALLS = [
    lambda players: GoFishEnv(players=players),
    lambda players: raw_env(players=players),
    lambda players: new_game("classic", players),
]


@pytest.mark.parametrize("call", PYTHON_CALLS)
@pytest.mark.parametrize(("players", "written"), [(True, "True"), (None, "None")])
def test_python_callers_read_python_words(call, players, written):
    with pytest.raises(MalformedInputError) as refused:
        call(players)
    assert str(refused.value) == f"the number of players must be a whole number, not {written}"

