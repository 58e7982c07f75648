"""The coach at the smallest window (50x16): shown whole over the table, then closed."""

from __future__ import annotations

import pytest
from tests.tui.helpers import make_app, play_to_the_end, run_app, screen_lines
from textual.geometry import Region
from textual.pilot import Pilot
from textual.widget import Widget

from gofish.core import Rank
from gofish.tui import GoFishApp
from gofish.tui.app import LOG_MIN_WIDTH
from gofish.tui.screens import CoachScreen
from gofish.tui.widgets import RANK_KEYS, CoachPanel, TableLog

SMALL = (50, 16)


def coach_lines(app: GoFishApp) -> list[str]:
    """The coach box as a person reads it: border, title and every line of the table."""
    assert isinstance(app.screen, CoachScreen), "the coach is not over the table"
    box = app.screen.query_one("#coach-box", Widget)
    assert Region(0, 0, *SMALL).contains_region(box.region)  # not cut by the window
    assert box.max_scroll_y == 0  # no row hidden below the border
    return box_lines(app)


def box_lines(app: GoFishApp) -> list[str]:
    """The lines of the coach box over the table, as drawn (cut or not)."""
    region = app.screen.query_one("#coach-box", Widget).region
    screen = app.screen._compositor.render_strips()  # the screen as drawn, line by line
    return [strip.text[region.x:region.right] for strip in screen[region.y:region.bottom]]


def row_labels(app: GoFishApp) -> list[str]:
    session = app.session
    others = [session.names[seat] for seat in session.opponents()]
    laid = "Paired" if session.rules.book_size == 2 else "Booked"  # as the log says
    return ["You", *others, laid, "Unseen"]


@pytest.mark.parametrize(("preset", "players", "book_size"), [
    ("classic", 2, 4), ("bicycle", 4, 4), ("bicycle", 5, 4),
    ("classic", 2, 2),  # under pairs the row of laid cards said "Booked"
])
def test_at_the_smallest_size_the_coach_shows_every_row_whole(preset: str, players: int,
                                                              book_size: int) -> None:
    # At 50x16 the coach (51 columns, 7-10 rows) sat beside the log in about 4 rows:
    # only its header and "You" showed, its right border cut, the rest out of reach.
    app = make_app(preset, players=players, seed=3, book_size=book_size)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        actions = len(app.session.game.actions)
        await pilot.press("c")
        await pilot.pause()
        lines = coach_lines(app)
        assert lines[0].startswith("╭─ Coach") and lines[0].endswith("╮")
        assert lines[-1].startswith("╰") and lines[-1].endswith("╯")
        body = [line[1:-1].strip() for line in lines[1:-1]]
        assert all(line.startswith("│") and line.endswith("│") for line in lines[1:-1])
        assert body[0].split() == [rank.symbol for rank in Rank]  # A 2 … K
        labels = row_labels(app)
        assert len(body) == 1 + len(labels)
        for label, line in zip(labels, body[1:], strict=True):
            assert line.startswith(label)
            assert len(line.removeprefix(label).split()) == 13  # a cell for every rank
        assert len(app.session.game.actions) == actions  # looking changes nothing

    run_app(app, script, size=SMALL)


@pytest.mark.parametrize("key", ["escape", "c"])
def test_closing_the_coach_returns_to_the_table_as_it_was(key: str) -> None:
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held = app.session.held_ranks()[0]
        actions = len(app.session.game.actions)
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)
        await pilot.press(RANK_KEYS[held])  # keys under the coach play nothing
        await pilot.press(key)
        await pilot.pause()
        assert app.screen is app.screen_stack[0] and len(app.screen_stack) == 1
        assert not app.query_one(CoachPanel).display  # no cut panel left behind
        assert len(app.session.game.actions) == actions and app.session.human_to_act
        await pilot.press(RANK_KEYS[held])  # the table answers keys again
        await pilot.pause()
        assert len(app.session.game.actions) > actions

    run_app(app, script, size=SMALL)


def test_shrinking_the_window_moves_an_open_coach_over_the_table() -> None:
    app = make_app("bicycle", players=4, seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        assert app.query_one(CoachPanel).display  # 80x24: beside the log, as before
        await pilot.resize_terminal(*SMALL)
        await pilot.pause()
        await pilot.pause()
        assert not app.query_one(CoachPanel).display
        assert len(coach_lines(app)) == 2 + 1 + len(row_labels(app))

    run_app(app, script)


@pytest.mark.parametrize(("preset", "players", "width"), [
    ("classic", 2, 70), ("classic", 2, 71), ("classic", 2, 73), ("classic", 2, 76),
    ("bicycle", 4, 70), ("bicycle", 4, 72),
])
def test_a_coach_beside_the_log_leaves_it_room_for_whole_lines(preset: str, players: int,
                                                               width: int) -> None:
    # At 70-73 columns the coach went beside a log left 20 columns, its padding and
    # scrollbar taken from them: lines wrapped at 20 were cut at 17 ("You draw the 5♦ fr").
    app = make_app(preset, players=players, seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        await pilot.pause()
        beside = app.query_one(CoachPanel).display
        over = isinstance(app.screen, CoachScreen)
        assert beside != over  # one coach, beside the log or over the table
        if beside:
            log = app.query_one("#log", TableLog)
            assert log.scrollable_content_region.width >= LOG_MIN_WIDTH

    run_app(app, script, size=(width, 24))


def test_unknown_and_none_have_marks_of_their_own() -> None:
    # "·" meant "unknown" in an opponent's row, "none" in the You and Booked rows, and
    # separated the legend's entries: "2+ at least 2 · – none · · unknown".
    from rich.console import Console

    from gofish.knowledge import RankRow
    from gofish.tui.widgets import COACH_LEGEND, coach_table

    rows = [
        RankRow(Rank(7), mine=2, known=(2, 1, 0), known_none=(False, False, True), booked=0,
                unaccounted=1),
        RankRow(Rank(9), mine=0, known=(0, 0, 0), known_none=(True, False, False), booked=0,
                unaccounted=4),
    ]
    console = Console(width=60, record=True)
    console.print(coach_table(rows, ["You", "Emma", "Randy"], viewer=0))
    lines = {line.split()[0]: line.split()[1:] for line in console.export_text().splitlines()
             if line.strip()}
    assert lines["Emma"] == ["1+", "?"]
    assert lines["Randy"] == ["–", "?"]
    assert lines["You"] == ["2", "·"]
    assert "? unknown" in COACH_LEGEND and "· unknown" not in COACH_LEGEND


def test_a_coach_opened_in_a_small_window_grows_with_it() -> None:
    # Opened behind the too-small note, it was measured at 40 columns and stayed so, its
    # columns cut after J, when the window grew back (to 60 columns: still no room beside
    # the log, so it stays over the table).
    app = make_app("bicycle", players=4, seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        # A real terminal's console is as wide as the window; the test's keeps its width.
        app.console.size = (40, 15)
        await pilot.resize_terminal(40, 15)
        await pilot.pause()
        await pilot.press("c")
        await pilot.pause()
        app.console.size = (60, 20)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)
        box = app.screen.query_one("#coach-box", Widget)
        region = box.region
        drawn = app.screen._compositor.render_strips()
        shown = [strip.text[region.x:region.right] for strip in drawn[region.y:region.bottom]]
        heading = next(line for line in shown if " A " in line)
        assert heading.rstrip(" │").endswith(" Q  K"), shown  # every rank's column

    run_app(app, script, size=(80, 24))


@pytest.mark.parametrize("overlay", ["help", "game over"])
def test_a_window_shrunk_under_an_overlay_moves_the_coach_over_the_table(overlay: str) -> None:
    # The window shrank while the help (or the game-over box) was on top: the resize left
    # the coach beside the log, which the log then had 8 columns beside ("You are", "cards:").
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        assert app.query_one(CoachPanel).display  # 80x24: beside the log
        if overlay == "help":
            await pilot.press("question_mark")
        else:
            await play_to_the_end(app, pilot)
        await pilot.pause()
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("escape")  # back to the table
        await pilot.pause()
        await pilot.pause()
        assert not app.query_one(CoachPanel).display
        assert isinstance(app.screen, CoachScreen)  # over the table, as a resize puts it
        await pilot.press("escape")
        await pilot.pause()
        log = app.query_one("#log", TableLog)
        assert log.scrollable_content_region.width >= LOG_MIN_WIDTH

    run_app(app, script)


async def settle(pilot: Pilot[None]) -> None:
    """Time for a resize to reach the log and the coach to move (and to move back, were
    it to swing between its two places)."""
    for _ in range(4):
        await pilot.pause()


def coach_beside_lines(app: GoFishApp) -> list[str]:
    """The coach beside the log, as drawn: the table on top, alone, and the coach in it."""
    assert app.screen is app.screen_stack[0] and len(app.screen_stack) == 1, app.screen_stack
    coach = app.query_one(CoachPanel)
    assert coach.display, "the coach is not beside the log"
    assert Region(0, 0, *app.size).contains_region(coach.region)
    region = coach.region
    return [line[region.x:region.right] for line in screen_lines(app)[region.y:region.bottom]]


def assert_coach_beside_the_log(app: GoFishApp) -> None:
    lines = coach_beside_lines(app)
    heading = next(line for line in lines if " A " in line)
    assert heading.strip(" │").split() == [rank.symbol for rank in Rank], lines
    rows = [line.strip(" │") for line in lines[1:-1]]
    assert all(any(row.startswith(label) for row in rows) for label in row_labels(app)), lines
    log = app.query_one("#log", TableLog)
    assert log.scrollable_content_region.width >= LOG_MIN_WIDTH


def test_growing_the_window_moves_the_coach_from_over_the_table_beside_the_log() -> None:
    # Opened over the table in a small window, the coach stayed there once the window grew,
    # hiding the table that now had room for it beside the log.
    app = make_app("bicycle", players=4, seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)  # 50x16: no room beside the log
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert_coach_beside_the_log(app)
        actions = len(app.session.game.actions)
        await pilot.press("c")  # c hides it there, as anywhere
        await pilot.pause()
        assert not app.query_one(CoachPanel).display
        assert app.screen is app.screen_stack[0] and len(app.screen_stack) == 1
        assert len(app.session.game.actions) == actions
        held = app.session.held_ranks()[0]
        await pilot.press(RANK_KEYS[held])  # the table answers keys again
        await pilot.pause()
        assert len(app.session.game.actions) > actions

    run_app(app, script, size=SMALL)


@pytest.mark.parametrize(("preset", "players", "sizes"), [
    # Small, big, small, bigger, too small for the table, big again.
    ("bicycle", 4, [SMALL, (80, 24), SMALL, (120, 40), (40, 15), (100, 30)]),
    # Across the edge of the room beside the log: 73 columns fit, 72 do not.
    ("classic", 2, [(72, 24), (73, 24), (72, 24), (73, 24), (72, 24)]),
])
def test_shrinking_and_growing_the_window_leaves_the_coach_where_it_has_room(
        preset: str, players: int, sizes: list[tuple[int, int]]) -> None:
    app = make_app(preset, players=players, seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        assert_coach_beside_the_log(app)  # 80x24: beside the log
        for size in sizes:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            if app.too_small:  # behind the too-small note, wherever it was: it waits
                continue
            for _ in range(2):  # and it stays there: no swing at the edge
                if app.coach_fits():
                    assert_coach_beside_the_log(app)
                else:
                    assert not app.query_one(CoachPanel).display, size
                    assert isinstance(app.screen, CoachScreen) and len(app.screen_stack) == 2
                await settle(pilot)
        await pilot.press("escape" if isinstance(app.screen, CoachScreen) else "c")
        await pilot.pause()
        assert not app.query_one(CoachPanel).display and len(app.screen_stack) == 1

    run_app(app, script)


def test_esc_closes_the_coach_beside_the_log_once_no_choice_is_half_made() -> None:
    # Esc closed the coach over the table but did nothing to the same coach beside the log.
    app = make_app("classic", seed=3, ask="card")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        coach = app.query_one(CoachPanel)
        held = app.session.held_ranks()[0]
        actions = len(app.session.game.actions)
        await pilot.press("c")
        await pilot.pause()
        assert coach.display and app.screen is app.screen_stack[0]  # 80x24: beside the log
        await pilot.press(RANK_KEYS[held])  # a rank picked, its suit still to come
        await pilot.pause()
        assert app.picked_rank is held
        await pilot.press("escape")  # the half-made ask goes first...
        await pilot.pause()
        assert app.picked_rank is None and coach.display
        await pilot.press("escape")  # ...then the coach
        await pilot.pause()
        assert not coach.display and len(app.screen_stack) == 1
        await pilot.press("escape")  # nothing left to close: nothing happens
        await pilot.pause()
        assert not coach.display and len(app.session.game.actions) == actions

    run_app(app, script)


def test_a_window_too_narrow_for_the_coach_over_the_table_says_so_instead_of_cutting_it() -> None:
    # Below 50 columns the coach over the table was cut at the window's edge: 10, J, Q and K
    # gone, and nothing said the table was not whole.
    app = make_app("bicycle", players=5, seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        for size in [(40, 14), (30, 10)]:
            await pilot.resize_terminal(*size)
            await settle(pilot)
            assert isinstance(app.screen, CoachScreen)
            text = " ".join(line.strip("│╭╮╰╯─ ") for line in box_lines(app))
            assert "The coach needs a wider window to show every rank." in " ".join(
                text.split()), text
            assert "Unseen" not in text  # no part of the table passed off as the whole
        await pilot.resize_terminal(*SMALL)  # room again: the whole coach is back
        await settle(pilot)
        assert len(coach_lines(app)) == 2 + 1 + len(row_labels(app))
        assert app.screen.query_one("#coach-box", Widget).border_subtitle

    run_app(app, script, size=SMALL)


def test_the_coach_at_the_end_of_a_nordic_game_counts_the_hands_the_log_shows() -> None:
    # R19 ends a nordic game with cards in hand, and the log then lists them ("Emma held
    # …"), yet the coach offered by the game-over box still said "?" for them and counted
    # them as unseen, beside the very lines that showed where they were.
    app = make_app("nordic", players=3, seed=5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        await pilot.press("c")  # the game-over box's coach: beside the log at 80x24
        await pilot.pause()
        game = app.session.game
        coach = app.query_one(CoachPanel)
        assert coach.display
        region = coach.content_region
        lines = [line[region.x:region.right].strip()
                 for line in screen_lines(app)[region.y:region.bottom]]
        ranks = lines[0].split()

        def row(label: str) -> list[str]:
            return next(cells for line in lines[1:] if line.startswith(f"{label} ")
                        and len(cells := line.removeprefix(label).split()) == len(ranks))

        assert any(game.hand(seat) for seat in (1, 2))  # cards were left in hand
        for seat in (1, 2):
            held = [sum(card.rank.symbol == rank for card in game.hand(seat)) for rank in ranks]
            assert row(app.session.names[seat]) == [f"{n}+" if n else "–" for n in held]
        in_pond = [sum(card.rank.symbol == rank for card in game.pond()) for rank in ranks]
        assert row("Unseen") == [str(n) for n in in_pond]

    run_app(app, script)
