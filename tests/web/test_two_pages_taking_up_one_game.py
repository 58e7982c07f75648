"""Two pages taking up one stored game at the same moment: one gets it, the other is told."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

from tests.storage.helpers import played_game

from gofish.storage import open_store
from gofish.web.app import StoreHolder, TableConnection

from .test_session import run


class Socket:
    """A stand-in for a page's websocket: it keeps what the server sends."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_json(self, message: dict[str, Any]) -> None:
        self.sent.append(message)


def test_two_pages_resuming_one_game_at_once_do_not_both_get_it(tmp_path: Path) -> None:
    # The check that no other page has the game came before this page let go of its own
    # game, which waits for that game's bots: meanwhile a second page passed the same
    # check, and both played game 1, each storing its moves over the other's.
    store = open_store(tmp_path / "games.sqlite3")
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
    wanted = store.save(played_game("classic", seed=3, asks=4).to_record(), seats=seats)

    async def scenario() -> None:
        holder, tables = StoreHolder(store), set()
        first, second = (TableConnection(Socket(), holder, 30.0, tables) for _ in range(2))
        tables.update((first, second))
        # The first page has a game of its own whose bot is thinking (it plays first).
        await deal_the_bot_first(first)
        resume = json.dumps({"type": "resume", "game_id": wanted})
        await asyncio.gather(first.handle(resume), second.handle(resume))
        holders = [page for page in (first, second)
                   if page.session is not None and page.session.game_id == wanted]
        assert holders == [first]
        refusals = [m["message"] for m in second.socket.sent if m["type"] == "refused"]
        assert refusals == [f"game {wanted} is open in another tab or window: play it "
                            "there, or close that one and try again"]
        for page in (first, second):
            await page.leave()

    run(scenario)
    store.close()


async def deal_the_bot_first(page: TableConnection) -> None:
    for seed in range(50):
        await page.handle(json.dumps({"type": "start", "seed": seed, "opponents": ["emma"]}))
        assert page.session is not None
        if page.session.game.current_player == 1:
            return
    raise AssertionError("no deal of the first 50 lets the bot play first")


def test_a_finished_game_open_in_another_page_is_over_not_open_elsewhere(
    tmp_path: Path,
) -> None:
    # A resume of a finished game still shown in another tab said "open in another tab or
    # window: play it there", where nothing is left to play: the replay is the answer.
    store = open_store(tmp_path / "games.sqlite3")
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
    finished = store.save(played_game("classic", seed=3).to_record(), seats=seats)

    async def scenario() -> None:
        holder, tables = StoreHolder(store), set()
        shown, resumer = (TableConnection(Socket(), holder, 30.0, tables) for _ in range(2))
        tables.update((shown, resumer))
        await shown.handle(json.dumps({"type": "revisit", "game_id": finished}))
        assert shown.holds(finished)
        await resumer.handle(json.dumps({"type": "resume", "game_id": finished}))
        refusals = [m for m in resumer.socket.sent if m["type"] == "refused"]
        assert [m["message"] for m in refusals] == [
            f"game {finished} is over: watch its replay instead"]
        assert refusals[0]["replay"] == finished  # the page links to it
        await shown.leave()

    run(scenario)
    store.close()
