"""The result line of a room game names its reader "you" where the sentence has them: "Ann and
you share the win", "You and Bob share the win"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .browser_support import (
    QUICK_GAME,
    fill_with_bot_and_start,
    game_over,
    join,
    open_room,
    take_turns,
)

pytestmark = pytest.mark.browser


def winners_told_as(page: Any, winners: list[int]) -> None:
    """Have the server's word on who won reach ``page`` as ``winners`` (seats): a tie in a
    room cannot be dealt on purpose."""

    def through(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_server(message: str | bytes) -> None:
            frame = json.loads(message)
            game = frame.get("game")
            if game and game.get("winners"):
                game["winners"] = winners
            ws.send(json.dumps(frame))

        server.on_message(from_server)

    page.route_web_socket("**/ws/room/*", through)


def first_sentence(page: Any) -> str:
    return str(page.inner_text("#turn")).split(".")[0] + "."


def test_the_reader_is_you_inside_the_result_sentence(rooms: Any, open_page: Any) -> None:
    # A tie with someone seated before the reader read "Game over: Emma (bot) and You share
    # the win.": the reader's name was swapped for "You" wherever it fell in the list.
    ann, bob = open_page(), open_page()
    winners_told_as(ann, [0, 1, 2])
    winners_told_as(bob, [0, 1])
    code = open_room(ann, rooms.url, "Ann", 3, house=QUICK_GAME)
    join(bob, rooms.url, code, "Bob")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Bob")')
    fill_with_bot_and_start(ann, 2)
    take_turns([ann, bob])
    assert game_over(ann) and game_over(bob)
    assert first_sentence(bob) == "Game over: Ann and you share the win."
    # Three winners are listed as three names are, and the reader first is "You".
    assert first_sentence(ann) == "Game over: You, Bob and Emma (bot) share the win."
    # The counts after it are labels, each seat's capitalised as a name is.
    assert "You: " in ann.inner_text("#turn") and "You: " in bob.inner_text("#turn")
