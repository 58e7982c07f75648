"""A bot of one's own registered with an option in mixed case (``maxDepth``) can be set
from a spec, which is read in lower case; an option name no spec could write is refused
at ``register_bot``. ``mine:maxDepth=3`` was refused as "bot 'mine' has no option
'maxdepth': it takes maxDepth"."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from gofish.bots import canonical_spec, make_bot, register_bot
from gofish.bots.base import _REGISTRY
from gofish.core import Ask, View

pytestmark = pytest.mark.usefixtures("kept_registry")


class Deep:
    name = "deep"

    def __init__(self, maxDepth: int = 1) -> None:  # a bot writer's own spelling
        if maxDepth < 0:
            raise ValueError(f"maxDepth must be 0 or more, not {maxDepth!r}")
        self.depth = maxDepth

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


@pytest.mark.parametrize("spec", ["deep:maxDepth=3", "deep:maxdepth=3", " Deep : MAXDEPTH = 3 "])
def test_a_mixed_case_option_is_set_from_a_spec(spec: str) -> None:
    register_bot("deep", Deep, "goes deep", options={"maxDepth": "how deep"})
    bot = make_bot(spec)
    assert isinstance(bot, Deep) and bot.depth == 3
    made = make_bot(canonical_spec(spec))  # the one spelling names the same bot
    assert isinstance(made, Deep) and made.depth == 3


def test_a_mixed_case_option_is_refused_in_the_bots_words_and_once() -> None:
    register_bot("deep", Deep, "goes deep", options={"maxDepth": "how deep"})
    with pytest.raises(ValueError) as refused:
        make_bot("deep:maxdepth=-1")
    assert str(refused.value) == "bot option maxDepth=-1: maxDepth must be 0 or more"
    with pytest.raises(ValueError, match="'maxdepth' is given twice"):
        make_bot("deep:maxdepth=1:MaxDepth=2")


@pytest.mark.parametrize(("options", "complaint"), [
    ({"depth": "a", "Depth": "b"}, "options 'depth' and 'Depth' are one in a spec"),
    ({" depth": "a"}, "option ' depth' cannot be written in a spec"),
    ({"max:depth": "a"}, "option 'max:depth' cannot be written in a spec"),
    ({"depth=2": "a"}, "option 'depth=2' cannot be written in a spec"),
    ({"": "a"}, "option '' cannot be written in a spec"),
])
def test_an_option_no_spec_could_write_is_refused_at_registration(
        options: dict[str, str], complaint: str) -> None:
    with pytest.raises(ValueError, match=f"^bot 'deep': {complaint}"):
        register_bot("deep", Deep, "goes deep", options=options)
    assert "deep" not in _REGISTRY
