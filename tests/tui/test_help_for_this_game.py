"""The help lists the keys that act in the game being played, and says what each row and
mark of the coach means: a newcomer read of suit keys in a rank game, and met the coach's
"Unseen" and "Booked" rows with nothing to explain them."""

from __future__ import annotations

from typing import Any

import pytest
from tests.tui.helpers import make_app, run_app, screen_text
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.screens import HelpScreen

TALL = (80, 70)  # the whole help in sight, nothing scrolled away


def help_seen(preset: str, players: int, **options: Any) -> str:
    app = make_app(preset, players=players, seed=3, **options)
    seen: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        seen.append(screen_text(app))

    run_app(app, script, size=TALL)
    return seen[0]


def test_a_two_player_rank_game_lists_no_suit_keys_and_no_choosing_whom_to_ask() -> None:
    text = help_seen("classic", 2)
    assert "ask for that rank" in text and "Shift+Q" in text
    assert "S H D C" not in text  # R1: suits matter only under ask: card
    assert "← → Tab" not in text  # one opponent: there is no one else to choose
    assert "an opponent to" not in text  # nor to click


def test_more_opponents_and_card_asks_list_the_keys_for_them() -> None:
    text = help_seen("bicycle", 3, ask="card")
    assert "← → Tab" in text and "choose whom to ask" in text
    assert "S H D C" in text and "cancel a rank picked" in text


@pytest.mark.parametrize(("preset", "book_size", "laid", "pile"), [
    ("classic", 4, "Booked", "pond"),
    ("nordic", 2, "Paired", "sea"),  # the coach's row says Paired under pairs
])
def test_the_help_explains_every_row_of_the_coach(preset: str, book_size: int, laid: str,
                                                  pile: str) -> None:
    text = help_seen(preset, 3, book_size=book_size)
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "The coach (c)" in line)
    explained = "\n".join(lines[start:start + 8])
    for row in ("You", laid, "Unseen"):
        assert row in explained
    assert "at least 2" in explained and "unknown" in explained  # the marks of 2+ – ?
    assert f"still in the {pile}" in explained


def test_under_card_asks_the_rank_keys_are_said_to_pick_the_rank_not_to_ask() -> None:
    # The help said "Shift+Q: ask for queens" and "ask for that rank" above "then the
    # suit": under ask: card a rank key asks nothing, it waits for the suit.
    text = help_seen("classic", 2, ask="card")
    assert "pick the rank of the card wanted" in text and "pick the queen" in text
    assert "ask for queens" not in text and "ask for that rank" not in text
    assert "S H D C" in text and "then the suit of the card you ask for" in text
    # A click on your cards picks the rank too, and a suit clicked under them asks: the
    # help said a click on your cards asks.
    assert "click your cards to pick their rank, then a suit" in text
    assert "cards to ask" not in text


def test_only_the_nordic_help_says_how_to_pick_a_card_from_the_sea() -> None:
    # Hopp i havet spreads the sea out and a miss waits for the card picked from it.
    nordic = help_seen("nordic", 2)
    # A click on a card of the sea draws it too; the help said only "choose".
    assert "← → Enter" in nordic and "pick or click a sea card, draw it" in nordic
    assert "sea card" not in help_seen("bicycle", 3)


@pytest.mark.parametrize("ask", ["rank", "card"])
def test_the_help_names_both_keys_of_the_ten(ask: str) -> None:
    # T (or t) asks for tens as 0 does; the help named only 0.
    assert "(0 or T is the 10)" in help_seen("classic", 2, ask=ask)
