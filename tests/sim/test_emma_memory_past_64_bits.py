"""Emma's ``memory`` past 64 bits: make_bot and the engine take any whole number (she recalls
all 13 ranks once it reaches 13), but the simulator passed it to the kernel as an int64 and
stopped with numpy's OverflowError ("Python int too large to convert to C long"), a traceback
out of simulate, play_deals and ``gofish tournament "emma:memory=100000000000000000000"``."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("numba")

from gofish.bots import make_bot
from gofish.core import make_rules
from gofish.sim import play_deals, simulate
from gofish.sim.reference import engine_game
from gofish.tournament import Plan, run_tournament

HUGE = [f"emma:memory={2**63}", f"emma:memory={10**20}", f"emma:memory={2**64 + 5}"]


@pytest.mark.parametrize("spec", HUGE)
def test_a_memory_past_64_bits_plays_the_engines_games(spec: str) -> None:
    result = simulate("classic", [spec, "random", "emma"], games=60, seed=9)
    for deal in range(60):
        game = engine_game(make_rules("classic"), 3, 9, deal, 0,
                           [make_bot(spec), make_bot("random"), make_bot("emma")])
        assert result.books[deal].tolist() == [len(books) for books in game.books]
        assert int(result.actions[deal]) == len(game.actions)


@pytest.mark.parametrize("spec", HUGE)
def test_a_memory_of_thirteen_ranks_or_more_is_all_of_them(spec: str) -> None:
    # Only 13 ranks can be recalled: these are the very games of Emma without a limit.
    given = simulate("nordic", [spec, "random"], games=300, seed=4)
    unlimited = simulate("nordic", ["emma", "random"], games=300, seed=4)
    assert (given.books == unlimited.books).all()
    assert (given.actions == unlimited.actions).all()
    books, actions = play_deals("nordic", 2, 4, np.arange(300), np.zeros(300, np.int64),
                                np.tile([0, 1], (300, 1)), [spec, "random"])
    assert (books == unlimited.books).all() and (actions == unlimited.actions).all()


def test_a_tournament_with_such_a_memory_runs_on_the_simulator() -> None:
    plan = Plan(make_rules("classic"), 2, 1, (HUGE[1], "random"), 20)
    outcome = run_tournament(plan, jobs=1)
    assert outcome.engine == "sim"
    assert outcome.tally.tables == 20
