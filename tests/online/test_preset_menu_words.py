"""The lobby's Rules menu says in a few words what each preset does; for nordic that is
how the game ends, and Hopp i havet ends at an empty sea as well as an empty hand (R19)."""

from __future__ import annotations

from typing import Any

import pytest

from .browser_support import RoomsServer

pytestmark = pytest.mark.browser


def test_the_nordic_choice_names_the_empty_sea_too(server: RoomsServer, new_page: Any) -> None:
    # R19: the first empty hand or the first empty sea ends the game; "stop at an empty
    # hand" alone had a player expect the game to go on once the sea ran dry.
    ann = new_page()
    ann.goto(f"{server.url}/rooms")
    said = str(ann.inner_text("#create-preset option[value=nordic]"))
    assert said.startswith("nordic: ") and said.endswith("empty hand or sea"), said
