"""``View`` writes out its ``__init__`` so that mypyc compiles it (setup.py): the one the
dataclass generates stays interpreted in the compiled core, and its fifteen
``object.__setattr__`` calls were a third of a view's time there, at every turn of every
game (docs/benchmarks.md). The view itself is unchanged: frozen, built by position or by
keyword, ``hands_at_end`` None unless given."""

from __future__ import annotations

import dataclasses

import pytest

import gofish
from gofish.core import View


def test_the_init_is_the_written_one_not_the_dataclass_s() -> None:
    code = getattr(View.__init__, "__code__", None)
    if code is None:
        pytest.skip("compiled by mypyc: the init is native code")
    # A dataclass's generated methods are compiled from text, in the file "<string>".
    assert code.co_filename.endswith("view.py")


def test_a_view_is_built_and_stays_frozen_as_before() -> None:
    game = gofish.new_game("classic", 2, seed=5)
    view = game.view(game.current_player)
    fields = {f.name: getattr(view, f.name) for f in dataclasses.fields(View)}
    by_keyword = View(**{name: value for name, value in fields.items() if name != "hands_at_end"})
    assert by_keyword == view and by_keyword.hands_at_end is None
    assert View(*fields.values()) == view
    assert dataclasses.replace(view, pond_size=0).pond_size == 0
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.pond_size = 3  # type: ignore[misc]
