"""A player's page shows their turn clock over its last half minute, read out once; the
other pages show it too, quietly. After two idle turns in a row it says the stand-in
plays for them (or, with no other person active here, that the game waits for them),
with the way back."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from typing import Any

import pytest

from .browser_support import (
    RoomsServer,
    ann_and_bob,
    asks_made,
    fill_with_bot_and_start,
    open_room,
    take_turns,
)

pytestmark = pytest.mark.browser

CLOCK_LINE = re.compile(r"Your turn — Emma 2 \(bot\) will ask for you in (\d+) s if you don't\.")


def test_the_page_counts_down_to_the_stand_in_asking_and_says_so_once(
    server_with: Callable[..., RoomsServer], new_page: Any,
) -> None:
    server = server_with(turn_seconds=25)
    ann = ann_against_emma(server, new_page)
    ann.wait_for_selector(".ask-rank")  # Ann's turn (after Emma's asks, if she was first)
    line = ann.wait_for_selector("#turn-clock:not([hidden])")
    first = CLOCK_LINE.fullmatch(line.inner_text())
    assert first is not None, line.inner_text()
    # The stand-in is Emma 2: Emma (bot) sits in the other seat.
    deadline = time.monotonic() + 10
    while (now := CLOCK_LINE.fullmatch(ann.inner_text("#turn-clock"))) and (
            int(now[1]) > int(first[1]) - 2):
        assert time.monotonic() < deadline, "the clock did not count down"
        time.sleep(0.2)
    assert now is not None
    # Counting down, it was read out once, not every second.
    heard = ann.inner_text("#announcer")
    assert len(CLOCK_LINE.findall(heard)) == 1, heard


def ann_against_emma(server: RoomsServer, new_page: Any) -> Any:
    """Ann's page at a game she has started against Emma (bot): her stand-in is Emma 2."""
    ann = new_page()
    open_room(ann, server.url, "Ann", 2)
    fill_with_bot_and_start(ann, 1)
    return ann


OTHERS_LINE = re.compile(
    r"(\w+)'s turn — Emma \(bot\) will ask for them in (\d+) s if they don't\.")


def clock_shown_to_ann_and_bob(server: RoomsServer,
                               new_page: Any) -> tuple[dict[str, Any], str, Any]:
    """Ann and Bob dealt a game, each page showing the clock: the pages by name, the
    mover's name and the other's page."""
    ann, bob, _code = ann_and_bob(server, new_page, players=2)
    ann.click("#start")
    pages = {"Ann": ann, "Bob": bob}
    for page in pages.values():
        page.wait_for_selector("#turn-clock:not([hidden])")
    mover = next(name for name, page in pages.items() if page.query_selector(".ask-rank"))
    return pages, mover, bob if mover == "Ann" else ann


def test_the_other_players_page_shows_the_movers_clock_quietly_until_the_move(
    server_with: Callable[..., RoomsServer], new_page: Any,
) -> None:
    """Bob, waiting on Ann, sees why the table waits and for how long; his page does not
    read her seconds out, and the line goes with her move (the next clock starts at 33 s,
    so none shows for a moment)."""
    server = server_with(turn_seconds=33)
    pages, mover, other = clock_shown_to_ann_and_bob(server, new_page)
    shown = OTHERS_LINE.fullmatch(other.inner_text("#turn-clock"))
    assert shown is not None and shown[1] == mover, other.inner_text("#turn-clock")
    assert pages[mover].inner_text("#turn-clock").startswith("Your turn — ")
    other.wait_for_timeout(1500)  # a count or two later: still not read out
    heard = other.inner_text("#announcer")
    assert not OTHERS_LINE.search(heard), heard
    pages[mover].click(".ask-rank")
    # Hidden for 3 s (33 - 30) from the move's update on: the wait counts from the click,
    # whose way to the server takes its own time on a loaded machine.
    other.wait_for_selector("#turn-clock", state="hidden", timeout=10000)



STAND_IN_SAID = "Emma 2 (bot) plays for you: your time ran out twice in a row."
WAIT_SAID = "The game waits for you: your time ran out twice in a row."


def test_after_two_idle_turns_the_page_says_the_stand_in_plays_and_takes_the_seat_back(
    server_with: Callable[..., RoomsServer], new_page: Any,
) -> None:
    """Her turns ran out twice in a row, the tab open, while Bob plays on: the stand-in
    plays for her (she is away), and "Play again myself", reached from the keyboard, gives
    her the seat back. (Without Bob here the game would wait for her instead: below.)"""
    server = server_with(turn_seconds=2)
    ann, bob, _code = ann_and_bob(server, new_page, players=3)
    fill_with_bot_and_start(ann, 2)  # Emma (bot) in seat 3: Ann's stand-in is Emma 2
    take_turns([bob], until=lambda: ann.is_visible("#stand-in-row"), deadline=40)
    row = ann.wait_for_selector("#stand-in-row:not([hidden])")
    assert ann.inner_text("#stand-in-text") == STAND_IN_SAID
    assert "away: a bot plays for now" in ann.inner_text('#seats li[data-seat="0"]')
    ann.wait_for_selector("#log li:has-text('You are away: Emma 2 (bot) plays for you')")
    take_the_seat_back_from_the_keyboard(ann, row)


def take_the_seat_back_from_the_keyboard(ann: Any, row: Any) -> None:
    """"Play again myself", reached with the keyboard: the row goes, and so does "away"."""
    ann.focus("#back")
    ann.keyboard.press("Enter")
    row.wait_for_element_state("hidden", timeout=3000)
    assert "away" not in ann.inner_text('#seats li[data-seat="0"]')


def test_after_two_idle_turns_alone_the_page_says_the_game_waits_and_takes_the_seat_back(
    server_with: Callable[..., RoomsServer], new_page: Any,
) -> None:
    """Alone against a bot, the tab open: nobody is here for the stand-in to play for, so
    the game waits at her turn, as with the tab closed, and her page says so (read out
    once: no log line tells it) with the same way back."""
    server = server_with(turn_seconds=1)
    ann = ann_against_emma(server, new_page)  # and lets her turns sit
    row = ann.wait_for_selector("#stand-in-row:not([hidden])", timeout=20000)
    assert ann.inner_text("#stand-in-text") == WAIT_SAID
    assert ("away: the game waits for a player to come back"
            in ann.inner_text('#seats li[data-seat="0"]'))
    assert ann.inner_text("#announcer").count(WAIT_SAID) == 1
    lines = asks_made(ann)
    ann.wait_for_timeout(1500)  # longer than the clock and the bot's pause: all stands still
    assert asks_made(ann) == lines and ann.is_hidden("#turn-clock")
    assert "You are away" not in ann.inner_text("#log")
    assert ann.inner_text("#announcer").count(WAIT_SAID) == 1  # not again at each redraw
    # A watcher is told so too: her tab is open, yet no bot plays for her.
    watcher = new_page()
    watcher.goto(ann.url.split("#")[0] + "?watch=1")
    watcher.wait_for_selector('#seats li[data-seat="0"]:has-text('
                              '"away: the game waits for a player to come back")')
    take_the_seat_back_from_the_keyboard(ann, row)


def test_the_movers_clock_leaves_the_other_pages_when_the_mover_drops(
    server_with: Callable[..., RoomsServer], new_page: Any,
) -> None:
    """A clock never runs out on a person with no connection (the away grace is theirs):
    the other pages stop counting down to a move nobody will make then."""
    server = server_with(turn_seconds=33)
    pages, mover, other = clock_shown_to_ann_and_bob(server, new_page)
    pages[mover].close()
    other.wait_for_selector("#turn-clock", state="hidden", timeout=3000)


def test_the_away_persons_page_says_the_game_waits_once_the_only_other_person_goes(
    server_with: Callable[..., RoomsServer], new_page: Any,
) -> None:
    """Bob kept the stand-in playing for Ann, away for her idle turns; he closes his tab:
    her page says at once, without a reload, that the game waits for her now (read out),
    and when his page is back, that the stand-in plays for her again."""
    server = server_with(turn_seconds=2)
    ann, bob, code = ann_and_bob(server, new_page, players=3)
    fill_with_bot_and_start(ann, 2)
    take_turns([bob], until=lambda: ann.is_visible("#stand-in-row"), deadline=40)
    ann.wait_for_selector(f"#stand-in-text:has-text('{STAND_IN_SAID}')")
    context = bob.context
    bob.close()
    ann.wait_for_selector(f"#stand-in-text:has-text('{WAIT_SAID}')", timeout=5000)
    assert ("away: the game waits for a player to come back"
            in ann.inner_text('#seats li[data-seat="0"]'))
    ann.wait_for_function(
        "said => document.querySelector('#announcer').innerText.includes(said)", arg=WAIT_SAID)
    bob = context.new_page()  # the seat kept in his browser: his page is back
    bob.goto(f"{server.url}/rooms/{code}")
    ann.wait_for_selector(f"#stand-in-text:has-text('{STAND_IN_SAID}')", timeout=5000)
    assert "away: a bot plays for now" in ann.inner_text('#seats li[data-seat="0"]')


def test_a_page_reconnecting_by_itself_after_a_restart_leaves_its_player_away(
    server_with: Callable[..., RoomsServer], new_page: Any,
) -> None:
    """Ann away for her idle turns, the game waiting for her; the server restarts and her
    page reconnects by itself. That is no sign of her (nobody clicked anything): the page
    says she is still away, and the game still waits, until she takes the seat back."""
    server = server_with(turn_seconds=1)
    ann = ann_against_emma(server, new_page)  # and lets her turns sit
    row = ann.wait_for_selector("#stand-in-row:not([hidden])", timeout=20000)
    server.kill()
    ann.wait_for_selector("#connection:has-text('Connection lost')")
    server.start()
    ann.wait_for_selector("#connection:has-text('Connected as')", timeout=15000)
    assert ann.is_visible("#stand-in-row") and ann.inner_text("#stand-in-text") == WAIT_SAID
    assert ("away: the game waits for a player to come back"
            in ann.inner_text('#seats li[data-seat="0"]'))
    take_the_seat_back_from_the_keyboard(ann, row)
