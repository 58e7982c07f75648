"""The simulator refuses a bot nobody registered as make_bot does: ``emmma`` was "the
bulk simulator plays only random, emma, counter, not emmma", as though a real bot it
could not play, with no word of the typo; and a spec of 5,000 characters was quoted
whole. A bot that exists but is not compiled in is still named as one it cannot play."""

from __future__ import annotations

import pytest

pytest.importorskip("numba")

from gofish.bots import make_bot
from gofish.core import MalformedInputError
from gofish.core.errors import SHOWN_LIMIT
from gofish.sim import SimUnavailable, play_deals, sim_bots


@pytest.mark.parametrize("spec", ["emmma", "ｅｍｍａ", "nobody:x=1"])
def test_an_unknown_bot_is_refused_in_make_bots_words(spec: str) -> None:
    with pytest.raises(MalformedInputError) as by_make_bot:
        make_bot(spec)
    with pytest.raises(MalformedInputError) as by_the_simulator:
        play_deals("classic", 2, 1, [0], [0], [[0, 1]], [spec, "emma"])
    assert not isinstance(by_the_simulator.value, SimUnavailable)
    assert str(by_the_simulator.value) == str(by_make_bot.value)


def test_a_bot_it_cannot_play_is_named_cut_short() -> None:
    spec = "expert:noise=0." + "1" * 5_000
    with pytest.raises(SimUnavailable) as refused:
        sim_bots([spec, "emma"])
    said = str(refused.value)
    assert said.startswith("the bulk simulator plays only random, emma, counter, not "
                           "expert:noise=0.111")
    assert len(said) < 2 * SHOWN_LIMIT + 80, said
