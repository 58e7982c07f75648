"""The start form's one-line description of each preset says how its game ends, as the
rules do: Hopp i havet stops at the first empty hand or the first empty sea (R19); and
for whom it is: classic is the two-player game against Emma."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser


def blurb(page: Any, preset: str) -> str:
    label = page.locator("label.preset", has=page.locator(f"input[value={preset}]"))
    return str(label.inner_text())


def test_the_nordic_blurb_names_both_ends_of_the_game(
    page: Any, live_server: LiveServer
) -> None:
    # R19: an empty sea ends the game on the spot just as an empty hand does; the blurb
    # named only the hand, so a player choosing nordic expected play to go on past it.
    page.goto(f"{live_server.url}/?speed=0&pace=0.02")
    said = blurb(page, "nordic")
    assert "first empty hand or empty sea" in said


def test_the_classic_blurb_names_the_two_player_game_against_emma(
    page: Any, live_server: LiveServer
) -> None:
    # It called classic "the usual game for 2-5 players", but its source is the two-player
    # game against Emma, seven cards each; three to five players are dealt five (RULES.md,
    # "classic"), as the README says.
    page.goto(f"{live_server.url}/?speed=0&pace=0.02")
    said = blurb(page, "classic")
    assert "Two players against Emma" in said and "2–5" not in said
    # Two players get 7 cards each: "dealt 5 each" alone read as their deal too.
    assert "Two players against Emma, dealt 7 each" in said
    assert "up to five play, dealt 5 each from three" in said

