"""Drive the table like a person would: keys only, reading only what the screen offers."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from textual import events
from textual.pilot import Pilot

from gofish.core import make_rules
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store
from gofish.tui import GoFishApp
from gofish.tui.screens import GameOverScreen
from gofish.tui.widgets import RANK_KEYS

MAX_KEYS = 3000
SETTLE_SECONDS = 30.0  # a ceiling for a loaded machine, not a pause


def make_app(
    preset: str = "classic",
    *,
    players: int = 2,
    seed: int = 7,
    database: Path | None = None,
    opponents: tuple[str, ...] | None = None,
    **options: Any,
) -> GoFishApp:
    settings = TableSettings(
        rules=make_rules(preset, **options),
        players=players,
        opponents=opponents or ("emma",) * (players - 1),
        seed=seed,
    )
    store = open_store(database) if database is not None else None
    return GoFishApp(TableSession.deal(settings, store), speed=0)


def run_app(
    app: GoFishApp,
    script: Callable[[GoFishApp, Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = (80, 24),
) -> None:
    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await script(app, pilot)
            # run_test takes the table down without its leaving (q, Ctrl-C, a signal), which
            # stops the bots: a bot's answer timed for later then met a table already gone
            # (NoMatches: '#log'), failing a test that had passed.
            app._stop_bots()

    asyncio.run(main())


async def play_to_the_end(app: GoFishApp, pilot: Pilot[None]) -> int:
    """Press keys for the person until the game-over screen shows; return the keys pressed."""
    presses = 0
    turn = 0
    while not isinstance(app.screen, GameOverScreen):
        assert presses < MAX_KEYS, "the game did not finish"
        session = app.session
        if session.pending_miss is not None:
            await press(app, pilot, "enter")  # told "Go fish!" at the sea (nordic): draw
            presses += 1
        elif session.human_to_act:
            turn += 1
            if len(session.askable_opponents()) > 1 and turn % 3 == 0:
                await press(app, pilot, "right")  # vary whom we ask
            rank = session.held_ranks()[turn % len(session.held_ranks())]
            await press(app, pilot, RANK_KEYS[rank])
            if session.rules.ask == "card":
                # A suit worth asking for (not laid face up); upper case, as a lower-case c
                # with no rank picked would open the coach.
                suits = app.open_suits(rank) or session.askable_suits(rank)
                await press(app, pilot, suits[0].letter)
            presses += 1
        else:
            await pilot.pause()  # a bot thinking in its thread (ismcts)
    await pilot.pause()  # the game-over box mounted and drawn
    return presses


async def press(app: GoFishApp, pilot: Pilot[None], key: str) -> None:
    """Press ``key`` (the event ``pilot.press`` sends) and wait until it, and all it set
    off, has been handled.

    ``pilot.press`` waits instead for the process to look idle, twice a key, and the
    pause after it once more: each wait sleeps at least 20 ms and goes on while anything
    redraws, which made a whole game take seconds of sleep.
    """
    app.post_message(events.Key(key, key if len(key) == 1 else None))
    await settle(app, pilot)


async def settle(app: GoFishApp, pilot: Pilot[None]) -> None:
    """Wait until no message is left queued: a key is handed on to the focused widget,
    and at --speed 0 the bots' moves and the game-over box follow by ``call_later``,
    each queued while the one before it is handled."""
    deadline = time.monotonic() + SETTLE_SECONDS
    await pilot.pause(0)
    while any(node.message_queue_size for node in (app, *app.screen.walk_children())):
        assert time.monotonic() < deadline, f"messages still queued after {SETTLE_SECONDS} s"
        await pilot.pause(0)


def screen_text(app: GoFishApp) -> str:
    """The screen as plain text (from the SVG export: what a person would read)."""
    import html
    import re

    svg = app.export_screenshot()
    texts = re.findall(r"<text[^>]*>(.*?)</text>", svg, flags=re.S)
    return html.unescape("".join(texts)).replace("\xa0", " ")


def screen_lines(app: GoFishApp) -> list[str]:
    """The screen as rows of plain text, each character in its column (from the SVG
    export, like ``screen_text``), to read what one region of the screen shows."""
    import html
    import re

    svg = app.export_screenshot()
    found = re.findall(r'<text[^>]*?x="([\d.]+)"[^>]*?line-(\d+)\)"[^>]*>(.*?)</text>', svg,
                       flags=re.S)
    rows = [[" "] * app.size.width for _ in range(app.size.height)]
    for x, line, text in found:
        column = round(float(x) / CELL_WIDTH)
        for offset, char in enumerate(html.unescape(text).replace("\xa0", " ")):
            if column + offset < app.size.width:
                rows[int(line)][column + offset] = char
    return ["".join(row) for row in rows]


CELL_WIDTH = 12.2  # one column in Textual's SVG export
