"""The log keeps the reader's place while they have scrolled back to read earlier moves."""

from __future__ import annotations

import time

from rich.text import Text
from tests.tui.helpers import make_app, run_app, screen_lines, screen_text
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.app import LOG_LINES
from gofish.tui.widgets import RANK_KEYS, TableLog


def top_line(app: GoFishApp) -> str:
    """The first line the log shows on the screen."""
    return screen_lines(app)[app.query_one("#log", TableLog).region.y].strip()


async def fill_and_scroll_back(app: GoFishApp, pilot: Pilot[None]) -> TableLog:
    for number in range(40):
        app.write_line(Text(f"earlier line {number}"))
    await pilot.pause()
    await pilot.press("pageup")
    await pilot.pause()
    return app.query_one("#log", TableLog)


def test_a_bots_move_does_not_scroll_the_log_back_to_its_end() -> None:
    app = make_app(seed=2)  # Emma plays first
    app.speed = 1000  # her turn waits until the reader has scrolled back

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        seen: dict[str, object] = {}
        log = await fill_and_scroll_back(app, pilot)
        place, top, written = log.scroll_y, top_line(app), len(app.log_lines)
        app.speed = 0
        app.bot_step()  # Emma's whole turn, as her timer would have played it
        await pilot.pause()
        assert app.session.human_to_act and len(app.log_lines) > written
        seen["kept"] = (log.scroll_y, top_line(app)) == (place, top)
        seen["marker"] = "new lines below · End: the latest" in screen_text(app)
        await pilot.press("end")
        await pilot.pause()
        seen["caught up"] = log.scroll_y == log.max_scroll_y
        seen["marker gone"] = "End: the latest" not in screen_text(app)
        app.write_line(Text("the newest line"))
        await pilot.pause()
        seen["follows"] = "the newest line" in screen_text(app)
        assert seen == {"kept": True, "marker": True, "caught up": True, "marker gone": True,
                        "follows": True}

    run_app(app, script, size=(60, 20))


def test_the_marker_counts_the_lines_that_came_meanwhile() -> None:
    app = make_app(seed=7)
    said: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await fill_and_scroll_back(app, pilot)
        for count in (1, 2):
            app.write_line(Text(f"news {count}"))
            await pilot.pause()
            said.append(next(line for line in screen_lines(app) if "below" in line))

    run_app(app, script, size=(60, 20))
    assert "▼ 1 new line below" in said[0]
    assert "▼ 2 new lines below" in said[1]


def test_a_resize_keeps_the_line_the_reader_was_at() -> None:
    app = make_app(seed=7)
    tops: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await fill_and_scroll_back(app, pilot)
        tops.append(top_line(app))
        await pilot.resize_terminal(50, 16)  # narrower: every line is wrapped again
        await pilot.pause()
        tops.append(top_line(app))

    run_app(app, script, size=(60, 20))
    assert tops[0].startswith("earlier line") and tops[1] == tops[0]


def test_your_own_ask_brings_the_log_back_to_its_answer() -> None:
    app = make_app(seed=7)
    seen: dict[str, object] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        log = await fill_and_scroll_back(app, pilot)
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        while not app.session.human_to_act and not app.session.is_over:
            await pilot.pause(0.02)
        await pilot.pause()
        seen["at the end"] = log.scroll_y == log.max_scroll_y
        seen["marker"] = "End: the latest" in screen_text(app)

    run_app(app, script, size=(60, 20))
    assert seen == {"at the end": True, "marker": False}



def test_the_place_is_kept_when_the_log_drops_its_oldest_lines() -> None:
    # The log keeps its last LOG_LINES rows: each line written past them moved the lines in
    # sight of someone scrolled back up by one.
    app = make_app(seed=7)
    tops: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        for number in range(LOG_LINES + 20):
            app.write_line(Text(f"line {number}"))
        await pilot.pause()
        await pilot.press("pageup")
        await pilot.pause()
        tops.append(top_line(app))
        for number in range(5):
            app.write_line(Text(f"more {number}"))
        await pilot.pause()
        tops.append(top_line(app))

    run_app(app, script, size=(60, 20))
    assert tops[0].startswith("line") and tops[1] == tops[0]


def test_a_clicked_suit_leaves_the_scroll_keys_with_the_log() -> None:
    # Under ask: card a click on a suit button focused it, and it stayed focused once the
    # suit bar was hidden: from then on ↑ and PgUp (README: they scroll the log back) went
    # to that hidden button, and the log never moved again.
    app = make_app("classic", seed=3, ask="card")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        rank = session.held_ranks()[0]
        await pilot.press(RANK_KEYS[rank])
        await pilot.pause()
        await pilot.click(f"#suit-{app.open_suits(rank)[0].letter}")
        await pilot.pause()
        assert len(session.game.actions) > 0 and not app.query_one("#suits").display
        for number in range(40):  # a log long enough to scroll
            app.write_line(Text(f"earlier line {number}"))
        await pilot.pause()
        log = app.query_one("#log", TableLog)
        at_end = log.scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < at_end

    run_app(app, script)


def test_the_scroll_keys_work_again_after_the_window_was_too_small() -> None:
    # Hiding the table behind the too-small note took the focus off the log; made bigger
    # again, ↑ PgUp Home End did nothing for the rest of the game.
    app = make_app(seed=7)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        for number in range(40):
            app.write_line(Text(f"earlier line {number}"))
        await pilot.resize_terminal(40, 15)
        await pilot.pause()
        assert app.too_small
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        log = app.query_one("#log", TableLog)
        end = log.scroll_y
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < end and not log.following
        await pilot.press("end")
        await pilot.pause()
        assert log.scroll_y == log.max_scroll_y

    run_app(app, script, size=(80, 24))


def test_end_pressed_while_lines_keep_coming_still_reaches_the_latest() -> None:
    # End scrolled down in an animation: lines the bots wrote meanwhile were added out of
    # sight, the animation stopped at the old end, and the log stayed behind, no longer
    # following ("▼ 13 new lines below" three seconds after End).
    app = make_app(seed=7)
    seen: dict[str, bool] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        log = await fill_and_scroll_back(app, pilot)
        app.write_line(Text("news while scrolled back"))
        await pilot.pause()
        # What the End key runs (the pilot's press would wait for an animation to end
        # before the next line, where the bots do not).
        log.action_scroll_end()
        for number in range(5):  # the bots play on while it scrolls
            app.write_line(Text(f"a bot's line {number}"))
            await pilot.pause(0.05)
        # Until the scroll has come to rest (half a second, but later on a loaded machine).
        deadline = time.monotonic() + 30
        while True:
            seen["at the end"] = log.scroll_y == log.max_scroll_y
            seen["latest in sight"] = "a bot's line 4" in screen_text(app)
            seen["marker gone"] = "End: the latest" not in screen_text(app)
            if all(seen.values()) or time.monotonic() > deadline:
                break
            await pilot.pause(0.05)

    run_app(app, script, size=(60, 20))
    assert seen == {"at the end": True, "latest in sight": True, "marker gone": True}


def test_the_marker_counts_down_as_the_new_lines_are_scrolled_into_sight() -> None:
    # It counted the lines added since the reader scrolled back, and stayed at 31 after
    # six presses of the down arrow had brought some of them into sight.
    app = make_app(seed=7)
    counts: list[int] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        log = await fill_and_scroll_back(app, pilot)
        for number in range(30):
            app.write_line(Text(f"news {number}"))
        await pilot.pause()
        counts.append(log.unread)
        for _ in range(3):
            await pilot.press("pagedown")
            await pilot.pause()
            counts.append(log.unread)
        shown = next(line for line in screen_lines(app) if "below" in line)
        counts.append(int(shown.split("▼ ")[1].split()[0]))

    run_app(app, script, size=(60, 20))
    assert counts[0] == 30 and 0 < counts[-2] < 30, counts
    assert counts[-1] == counts[-2], counts  # the border says what is left below
