"""An external program given to the simulator from Python (``simulate(rules, ["cmd:./bot",
"emma"], …)``) was refused in make_bot's words: "only gofish tournament plays those …; here
choose one of counter, emma, expert, …", sending the caller to bots the simulator cannot
play either. It is one of the bots the simulator lacks, and is named as such."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from gofish.sim import SimUnavailable, simulate


@pytest.mark.parametrize("spec", ["cmd:./bot.py", " CMD: python3 bot.py"])
def test_a_program_is_named_as_a_bot_the_simulator_cannot_play(spec: str) -> None:
    with pytest.raises(SimUnavailable) as refused:
        simulate("classic", [spec, "emma"], games=2, seed=1)
    assert str(refused.value) == (
        f"the bulk simulator plays only random, emma, counter, not {spec.strip()}")
