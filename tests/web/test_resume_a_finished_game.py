"""``#/resume/N`` of a finished game: the start screen says it is over and links its replay."""

from __future__ import annotations

from typing import Any

from tests.storage.helpers import EMMA, YOU, played_game

from gofish.storage import open_store

from .conftest import LiveServer


def test_a_finished_game_asked_to_resume_offers_its_replay(
    page: Any, live_server: LiveServer
) -> None:
    # "watch its replay instead" left the player to find the game in the history.
    with open_store(live_server.database) as store:
        finished = store.save(played_game("classic", seed=3).to_record(), seats=[YOU, EMMA])
    page.goto(f"{live_server.url}/?speed=0#/resume/{finished}")
    page.wait_for_selector(f"#start-notice:has-text('Cannot resume game {finished}: game "
                           f"{finished} is over: watch its replay instead')")
    page.click(f"#start-notice a:text-is('Watch the replay of game {finished}')")
    page.wait_for_selector("#page-replay:not([hidden])")
    assert page.url.endswith(f"#/replay/{finished}")
