"""The browser table's sea is one Tab stop, and a seat passed over is read out.

The sea was forty Tab stops on the way to the hand and the log, though any card draws
alike. The announcer reads every event but whose turn it is (the status line says that):
it must still say "Ann is passed over.", which shares a log line with the turn."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import LiveServer
from .test_accessibility import RECORD_WHAT_IS_READ
from .test_browser import open_table, play_by_clicking, wait_for_my_move

pytestmark = pytest.mark.browser

FOCUSED = ("() => { const it = document.activeElement;"
           " return it.classList.contains('sea-card') ? it.getAttribute('aria-label') : null; }")


def test_the_sea_is_one_tab_stop_walked_by_the_arrow_keys(page: Any,
                                                          live_server: LiveServer) -> None:
    open_table(page, live_server, seed=8, preset="nordic")
    while wait_for_my_move(page) == "ask":  # ask until told "Go fish!" (R19 may end it first)
        page.click(".rank-group >> nth=0")
        page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'ask'")
    assert wait_for_my_move(page) == "fish"
    stops = page.evaluate("() => [...document.querySelectorAll('.sea button.sea-card')]"
                          ".map((card) => card.tabIndex)")
    assert len(stops) > 1 and stops.count(0) == 1
    page.focus(".sea button.sea-card[tabindex='0']")
    first = page.evaluate(FOCUSED)
    page.keyboard.press("ArrowRight")
    second = page.evaluate(FOCUSED)
    assert second and second != first and re.match(r"face-down card \d+ of \d+: fish it", second)
    page.keyboard.press("Tab")
    assert page.evaluate(FOCUSED) is None  # one Tab leaves the sea
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUSED) == second  # and comes back to the card last on
    page.keyboard.press("End")
    assert page.evaluate(FOCUSED).startswith(f"face-down card {len(stops)} of")
    page.keyboard.press("ArrowRight")  # round from the last card to the first
    assert page.evaluate(FOCUSED).startswith("face-down card 1 of")
    logged = page.locator(".log li").count()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.querySelectorAll('.log li').length > {logged}")
    assert re.search(r"You (draw|fish)", page.inner_text(".log"))


def test_a_seat_passed_over_is_read_out(page: Any, live_server: LiveServer) -> None:
    # Five seats of ten cards, in pairs: 50 of 52 cards dealt, so the pond is dry almost
    # at once and a hand that empties is passed over (R9, R13).
    # The seed matters: clicking the first ask each time, with the pond dry, can ask a
    # player who holds none over and over; seed 2 ends (with the bots' own streams).
    open_table(page, live_server, seed=2, players=5, hand_size=10, pairs=True)
    page.evaluate(RECORD_WHAT_IS_READ)
    play_by_clicking(page)
    said: list[str] = page.evaluate("() => window.said")
    logged: list[str] = page.evaluate(
        "() => [...document.querySelectorAll('.log li')].map((li) => li.textContent)")
    # Stripped: the line may say first why a hit did not keep the turn (R9, R13).
    passed = [sentence.strip() for line in logged
              for sentence in re.findall(r"[^.]* (?:is|are) passed over\.", line)]
    assert passed, "no seat was passed over in this game: choose another seed"
    heard = " ".join(said)
    for sentence in set(passed):
        assert heard.count(sentence.strip()) == sum(s == sentence for s in passed), sentence
    assert not [line for line in said if line.endswith("'s turn.") or line == "Your turn."]


def test_told_to_go_fish_the_keyboard_is_taken_to_the_sea(page: Any,
                                                           live_server: LiveServer) -> None:
    # After an ask by keyboard that missed, the focus stayed on the hand: Enter there only
    # said "Go fish first", and Shift+Tab or F was needed to reach the sea (the rooms'
    # page already moved there).
    open_table(page, live_server, seed=8, preset="nordic")
    while wait_for_my_move(page) == "ask":  # ask by keyboard until told "Go fish!"
        page.focus(".rank-group >> nth=0")
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'ask'")
    assert wait_for_my_move(page) == "fish"
    page.wait_for_function(FOCUSED)
    assert re.match(r"face-down card \d+ of \d+: fish it", page.evaluate(FOCUSED))


def test_escape_while_told_to_go_fish_says_the_draw_is_still_owed(
        page: Any, live_server: LiveServer) -> None:
    # Nordic, three seats: an opponent chosen, the ask missed. Esc forgot the opponent
    # and said only "Choice cleared.", as if it had undone the ask; the fish is owed (R8).
    open_table(page, live_server, seed=8, preset="nordic", players=3)
    while wait_for_my_move(page) == "ask":
        page.click("button.opponent:not(.out) >> nth=0")
        page.click(".rank-group >> nth=0")
        page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'ask'")
    assert wait_for_my_move(page) == "fish"
    if page.locator("button.opponent[aria-pressed=true]").count() == 0:
        page.click("button.opponent:not(.out) >> nth=0")  # chosen again, for the next ask
    page.keyboard.press("Escape")
    assert page.inner_text(".hint") == ("Choice cleared. Go fish first: pick a face-down card "
                                        "in the sea.")


def test_f_before_go_fish_says_when_it_fishes(page: Any, live_server: LiveServer) -> None:
    # The rules page lists F for fishing from the sea; pressed on the player's turn to ask
    # it did nothing, and a hint about an earlier key ("You hold no 2s…") stood unchanged.
    open_table(page, live_server, seed=8, preset="nordic")
    assert wait_for_my_move(page) == "ask"
    held = page.evaluate("() => [...document.querySelectorAll('.rank-group')]"
                         ".map((group) => group.dataset.rank)")
    page.keyboard.press(next(rank for rank in "23456789JQK" if rank not in held))
    assert page.inner_text("#hint").startswith("You hold no ")
    page.keyboard.press("f")
    assert page.inner_text("#hint") == 'You may only fish after "Go fish!".'
    assert page.get_attribute("#table", "data-phase") == "ask"
