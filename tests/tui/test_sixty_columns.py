"""At 60 × 20 the help is longer than the window and the title longer than its row.

The help scrolled with PgDn, but only its scrollbar showed there was more below; and the
title lost the last opponents, cut mid-name ("…Expert …")."""

from __future__ import annotations

import pytest
from tests.tui.helpers import make_app, run_app, screen_lines
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.app import MIN_WIDTH
from gofish.tui.screens import MORE_HELP_BELOW, HelpScreen

SMALL = (60, 20)


def test_the_help_says_more_is_below_until_its_end_is_in_sight() -> None:
    app = make_app(players=3)
    seen: dict[str, list[str]] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        seen["opened"] = screen_lines(app)
        await pilot.press("pagedown")
        await pilot.pause()
        seen["one page down"] = screen_lines(app)
        for _ in range(10):
            await pilot.press("pagedown")
        await pilot.pause()
        seen["at the end"] = screen_lines(app)

    run_app(app, script, size=SMALL)
    for moment in ("opened", "one page down"):
        assert any(MORE_HELP_BELOW in line for line in seen[moment]), seen[moment]
    assert not any(MORE_HELP_BELOW in line for line in seen["at the end"]), seen["at the end"]
    assert any("per rank" in line for line in seen["at the end"])  # the help's last part


def test_the_whole_help_in_sight_says_nothing_of_more() -> None:
    app = make_app()
    seen: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        seen.extend(screen_lines(app))

    run_app(app, script, size=(80, 70))
    assert not any(MORE_HELP_BELOW in line for line in seen), seen


@pytest.mark.parametrize(("opponents", "told"), [
    (("emma:memory=2", "expert:epsilon=0.3", "counter"), "classic · vs Emma, Expert, Counter"),
    (("expert-easy", "ismcts-quick", "counter", "random"), "classic · vs 4 opponents"),
])
def test_the_title_fits_sixty_columns_in_a_shorter_form(
    opponents: tuple[str, ...], told: str
) -> None:
    app = make_app(players=len(opponents) + 1, opponents=opponents)
    rows: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        rows.append(screen_lines(app)[0])
        await pilot.resize_terminal(100, 24)  # room again: the title names them in full
        await pilot.pause()
        rows.append(screen_lines(app)[0])

    run_app(app, script, size=SMALL)
    narrow, wide = rows
    assert f"Go Fish — {told}" in narrow and "…" not in narrow, narrow
    assert app.sub_title.startswith("classic · you against ") and "…" not in wide, wide
    assert f"Go Fish — {app.sub_title}" in wide, wide


@pytest.mark.parametrize(("width", "opponents", "told"), [
    # At the smallest table the shortest form was cut: "…house rules · vs 4 opponen…".
    (MIN_WIDTH, ("expert-easy", "ismcts-quick", "counter", "random"), "classic + house rules"),
    # One opponent was counted "1 opponents".
    (MIN_WIDTH + 1, ("ismcts-quick:seconds=2",), "classic + house rules · vs 1 opponent"),
])
def test_the_title_with_house_rules_fits_a_small_table_uncut(
    width: int, opponents: tuple[str, ...], told: str
) -> None:
    app = make_app(players=len(opponents) + 1, opponents=opponents, ask="card")
    rows: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        rows.append(screen_lines(app)[0])

    run_app(app, script, size=(width, 20))
    assert rows[0].rstrip().endswith(f"Go Fish — {told}"), rows
