"""Every opponent can be told apart by the name on its panel, down to 50x16 with four."""

from __future__ import annotations

import pytest
from rich.console import Console
from tests.tui.helpers import make_app, run_app, screen_lines
from textual.pilot import Pilot

from gofish.core import new_game
from gofish.knowledge import coach_rows
from gofish.tally import PlayerTally
from gofish.tui import GoFishApp
from gofish.tui.screens import GameOverScreen, summary_table
from gofish.tui.widgets import OpponentPanel, coach_table, fit_name

LONG_NAMES = ("expert-easy", "ismcts-quick", "counter", "expert-easy")


def panel_titles(app: GoFishApp) -> dict[str, str]:
    """Each opponent's full name and the title its panel shows on the screen."""
    lines = screen_lines(app)
    titles = {}
    for panel in app.query(OpponentPanel):
        box = panel.region
        titles[panel.player] = lines[box.y][box.x:box.right].strip("╭╮┏┓─━ ")
    return titles


@pytest.mark.parametrize(("size", "expected"), [
    # 50 columns: the narrow table's panels have no sides, so a title has 8 columns, not 5
    # ("Easy…", "Quic…" and "Eas…2" were all that showed).
    ((50, 16), {"Easy Expert": "E.Expert", "Quick ISMCTS": "Q.ISMCTS", "Counter": "Counter",
                "Easy Expert 2": "E.Expe…2"}),
    # 80 columns: "Easy Expe…" and "Quick ISM…" cut the part that tells them apart.
    ((80, 24), {"Easy Expert": "E. Expert", "Quick ISMCTS": "Q. ISMCTS", "Counter": "Counter",
                "Easy Expert 2": "E.Expert 2"}),
])
def test_long_bot_names_shrink_to_initials_not_to_a_cut(
    size: tuple[int, int], expected: dict[str, str],
) -> None:
    app = make_app("bicycle", players=5, seed=3, opponents=LONG_NAMES)
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        seen.update(panel_titles(app))

    run_app(app, script, size=size)
    assert seen == expected


def test_names_come_back_whole_when_the_window_grows_again() -> None:
    app = make_app("bicycle", players=5, seed=3, opponents=("emma",) * 4)
    seen: list[dict[str, str]] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        for size in ((50, 16), (80, 24), (50, 16)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            seen.append(panel_titles(app))

    run_app(app, script, size=(80, 24))
    whole = {name: name for name in ("Emma", "Emma 2", "Emma 3", "Emma 4")}
    assert seen == [whole, whole, whole]


def test_a_name_is_shortened_word_by_word_before_it_is_cut() -> None:
    assert fit_name("Easy Expert 2", 13) == "Easy Expert 2"
    assert fit_name("Easy Expert 2", 11) == "E. Expert 2"
    assert fit_name("Easy Expert 2", 9) == "E.Expert2"
    assert fit_name("Quick ISMCTS", 9) == "Q. ISMCTS"
    assert fit_name("Randy", 4) == "Ran…"  # one word: only a cut can shorten it
    assert fit_name("Emma 12", 5) == "Em…12"  # the seat number stays


def test_a_wide_name_is_fitted_to_its_columns_not_its_characters() -> None:
    # A stored name may come from a room game ("山田太郎", two columns a character): counted
    # as characters, it was left whole where it did not fit, and the border or the coach
    # then cut off the seat number that tells two such seats apart.
    assert fit_name("山田太郎 2", 7) == "山田…2"
    assert fit_name("🐟🐟🐟🐟", 5) == "🐟🐟…"
    assert fit_name("Zoe\u0308 2", 6) == "Zoe\u0308 2"  # the diaeresis takes no column
    view = new_game("bicycle", 3, seed=1, first_player=0).view(0)
    table = coach_table(coach_rows(view), ["You", "山田太郎 2", "山田太郎 3"], 0)
    console = Console(width=80, record=True)
    console.print(table)
    names = [line.split()[0] for line in console.export_text().splitlines()[2:4]]
    assert names == ["山田…2", "山田…3"]


def test_the_game_over_figures_keep_their_headings_whole_at_50_columns() -> None:
    # Long names squeezed the figures: "Boo… Asks Hits Go fish Luc… Str…".
    app = make_app("bicycle", players=5, seed=3, opponents=LONG_NAMES)
    seen: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        names = app.session.names
        figures = (names, [PlayerTally(books=2)] * 5, (2, 3))
        app.push_screen(GameOverScreen("Over.", summary_table(*figures),
                                       summary_table(*figures, compact=True)))
        await pilot.pause()
        seen.extend(screen_lines(app))

    run_app(app, script, size=(50, 16))
    headings = next(line for line in seen if "Asks" in line)
    assert "Books Asks Hits" in headings and "Lucky Streak" in headings, headings
    for name in ("E. Expert", "★ Q. ISMCTS", "★ Counter", "E.Expert2"):
        assert any(f" {name} " in line for line in seen), name


@pytest.mark.parametrize("opponents", [("emma", "expert", "random", "counter"),
                                       ("expert-easy", "ismcts-quick", "counter", "random")])
def test_the_title_names_every_opponent_at_80_columns(opponents: tuple[str, ...]) -> None:
    # Textual kept ten columns for a clock that is not shown: "…Quick ISMCTS, Co…".
    app = make_app("bicycle", players=5, opponents=opponents)
    rows: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        rows.append(screen_lines(app)[0])

    run_app(app, script, size=(80, 24))
    [header] = rows
    assert app.sub_title.startswith("bicycle · you against ")
    assert f"Go Fish — {app.sub_title}" in header, header


def test_a_wider_window_never_shows_fewer_game_over_figures_than_a_narrower_one() -> None:
    # A name too long for the box's full figures (a seat kept from a game saved through
    # the API) left an 80-column window with "The figures need a wider window.", while
    # 50 columns showed them all, with the name shortened.
    app = make_app("classic", players=3, seed=3)
    name = "Bartholomew Featherstonehaugh-Smythe"
    seen: dict[int, list[str]] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        names = ["You", name, "Emma 2"]
        figures = (names, [PlayerTally(books=4, asks=9)] * 3, (1,))
        app.push_screen(GameOverScreen("Over.", summary_table(*figures),
                                       summary_table(*figures, compact=True)))
        await pilot.pause()
        for width in (50, 80, 120):
            await pilot.resize_terminal(width, 24)
            await pilot.pause()
            seen[width] = screen_lines(app)

    run_app(app, script, size=(50, 24))
    for width, lines in seen.items():
        shown = " ".join(" ".join(lines).split())
        assert "The figures need a wider window." not in shown, width
        assert all(heading in shown for heading in ("Books Asks Hits", "Lucky Streak")), width
        assert f"★ {fit_name(name, 9)} 4 9" in shown, width
