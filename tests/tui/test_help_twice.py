"""The help's n and q rows say when those keys ask first, as the table does."""
from __future__ import annotations

import pytest

from gofish.core import make_rules
from gofish.tui.screens import controls


@pytest.mark.parametrize("key", ["n", "q Ctrl+Q"])
def test_n_and_q_rows_say_they_ask_twice_only_once_an_ask_is_made(key: str) -> None:
    """Before the game's first ask n deals and q quits at once (action_new_game,
    action_quit_game: nothing is lost); the help said "twice during a game", so a newcomer
    pressing n on a fresh deal expected a question that never came."""
    row = dict(controls(make_rules("classic"), 2))[key]
    assert "twice after the first ask" in row
    assert "during a game" not in row and "in a game" not in row
