"""Compile the numba code (bulk simulator and endgame search) into numba's cache.

A fresh install has no compiled copy, so the first test to simulate or to search an
endgame would spend over a minute compiling. ``make test`` runs this on the second core
while the checks that need neither (lint, types, the pure-Python core) run on the
first. Without numba there is nothing to compile and it exits quietly.
"""

from __future__ import annotations

import time


def warm() -> str:
    """Compile what the suite uses; say what was done."""
    from gofish.bots.endgame import warm_up
    from gofish.sim import numba_available

    if not numba_available():
        return "numba is not installed: nothing to compile"
    started = time.perf_counter()
    warm_up()  # the endgame search's play-outs
    warm_simulator()
    return f"numba code compiled or loaded from its cache in {time.perf_counter() - started:.0f} s"


def warm_simulator() -> None:
    """Play two tiny batches of classic games, which compiles the simulator's kernel."""
    import numpy as np

    from gofish.core import make_rules
    from gofish.sim import SIM_BOTS, play_deals

    kinds = np.tile([SIM_BOTS["random"], SIM_BOTS["emma"]], (2, 1))
    play_deals(make_rules("classic"), 2, 1, np.arange(2), np.arange(2) % 2, kinds)


if __name__ == "__main__":
    print(warm())
