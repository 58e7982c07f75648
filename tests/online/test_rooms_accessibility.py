"""A standard accessibility audit (axe-core) of the rooms: the lobby, a room waiting for
its players (as its host and as a visitor), a game in play and a finished one, on a desk
and on a phone; and what a screen reader or keyboard needs at the end of a game."""

from __future__ import annotations

import random
import re
import time
from itertools import pairwise
from typing import Any

import pytest
from tests.web.test_accessibility import assert_clean, audit

from .browser_support import (
    GAME_DEADLINE,
    QUICK_GAME,
    RoomsServer,
    click_an_ask,
    describe,
    fill_with_bot_and_start,
    focused,
    game_over,
    join,
    open_room,
    scroll_width,
    take_turns,
)

pytestmark = pytest.mark.browser


def test_the_lobby_and_a_room_waiting_for_players(rooms: RoomsServer, open_page: Any) -> None:
    host = open_page()
    host.goto(f"{rooms.url}/rooms")
    host.wait_for_selector("#create-button")
    found = audit(host, "the lobby")
    code = open_room(host, rooms.url, "Ann", 3)
    found += audit(host, "a room waiting for players, as its host")
    host.click("#leave-row .leave")
    host.wait_for_selector(".confirm .confirm-yes")
    found += audit(host, "the host asked whether to leave")
    visitor = open_page()
    visitor.goto(f"{rooms.url}/rooms/{code}")
    visitor.wait_for_selector("#join-button")
    found += audit(visitor, "a room seen by a visitor before joining")
    assert_clean(found)


LENGTHEN_THE_LOG = """() => {
    const log = document.querySelector('#log');
    for (let i = 0; i < 40; i += 1) {
        const line = document.createElement('li');
        line.textContent = `Ann asks Emma for 7s. (line ${i})`;
        log.append(line);
    }
}"""


def test_a_game_in_a_room_on_a_desk_and_on_a_phone(rooms: RoomsServer, open_page: Any) -> None:
    ann = open_page()
    code = open_room(ann, rooms.url, "Ann", 3, preset="nordic", house={"ask": "card"})
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-bot')  # seat 2's button redrawn
    fill_with_bot_and_start(ann, 2)
    ann.wait_for_selector("#game:not([hidden])")
    ann.wait_for_selector("#log li")
    found = audit(ann, "a nordic room game of three")
    watcher = open_page()
    watcher.goto(f"{rooms.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#game:not([hidden])")
    found += audit(watcher, "a room game seen by a watcher")
    ann.set_viewport_size({"width": 360, "height": 800})
    # As long as a long game's: the log scrolls, so it must be reachable by keyboard.
    ann.evaluate(LENGTHEN_THE_LOG)
    assert ann.evaluate("() => { const log = document.querySelector('#log');"
                        " return log.scrollHeight > log.clientHeight; }")
    found += audit(ann, "a room game on a 360 px phone, its log scrolling")
    assert_clean(found)


LIVE = '[aria-live], [role="status"], [role="log"], [role="alert"]'

# The result is read out: by the one live region that holds it, or by focus on it; never
# by two live regions (the log's last line and the turn line were both read).
ANNOUNCED = """(live) => {
    const result = document.querySelector('#turn');
    const holding = [...document.querySelectorAll(live)]
        .filter((region) => region.textContent.includes(result.textContent));
    return holding.length <= 1 && (holding.length === 1 || document.activeElement === result)
        && result.checkVisibility();
}"""


def counts_said(result: str) -> dict[str, int]:
    """The result line's count for each seat: ``{"You": 2, "Bob": 0, ...}``."""
    return {name.strip(): int(count)
            for name, count in re.findall(r"([^:,.]+): (\d+) pairs?\b", result)}


def counts_on_the_table(page: Any) -> list[int]:
    """Each seat's "Pairs (n)" at the table, the viewer's own ("Your pairs (n)") first."""
    lines = [page.inner_text(".my-books")] if page.locator(".my-books").count() else []
    lines += page.locator(".seat-books").all_inner_texts()
    return [int(re.search(r"\((\d+)\)", line)[1]) for line in lines]  # type: ignore[index]


def assert_the_result_is_told(page: Any, seats: set[str]) -> None:
    """The result names the winners (the most pairs, R10) and every seat's pairs in words,
    in a live region or where focus is, and agrees with the table."""
    result = page.inner_text("#turn")
    assert result.startswith("Game over: "), result
    said = counts_said(result)
    assert set(said) == seats, result
    assert sorted(said.values()) == sorted(counts_on_the_table(page)), result
    best = max(said.values())
    winners = sorted(name for name, count in said.items() if count == best)
    first_sentence = result.split(".")[0]
    # The reader is "you" inside the sentence ("Ann and you share the win").
    names = "|".join("[Yy]ou" if seat == "You" else re.escape(seat) for seat in seats)
    said_winners = ["You" if name == "you" else name for name in re.findall(names, first_sentence)]
    assert sorted(said_winners) == winners, result
    assert page.evaluate(ANNOUNCED, LIVE), f"the result is not announced once: {result}"


def buttons_reached_by_tab(page: Any, wanted: set[str], presses: int = 30) -> list[str]:
    """The names of the buttons Tab reaches from where focus is, in ``presses`` at most: it
    stops once it has reached each of ``wanted``."""
    names: list[str] = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        name = page.evaluate("() => document.activeElement.tagName === 'BUTTON'"
                             " ? document.activeElement.textContent.trim() : ''")
        names += [name] if name else []
        if wanted <= set(names):
            break
    return names


def test_a_finished_room_game_for_each_player_and_a_watcher(rooms: RoomsServer,
                                                           open_page: Any) -> None:
    ann, bob, watcher = open_page(), open_page(), open_page()
    code = open_room(ann, rooms.url, "Ann", 3, house=QUICK_GAME)
    join(bob, rooms.url, code, "Bob")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Bob")')
    bob.focus("#leave-row .leave")  # Bob's keyboard is somewhere when the game starts and ends
    # The watcher comes before the deal: one opened after a game that ended at once (a
    # bot asking first can empty two hands, R19) sees the result, and is not told it.
    watcher.goto(f"{rooms.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#connection:has-text('Watching')")
    fill_with_bot_and_start(ann, 2)  # Ann's is on Start
    watcher.wait_for_selector("#game:not([hidden])")
    take_turns([ann, bob])
    watcher.wait_for_selector("#turn:has-text('Game over')")
    found: list[str] = []
    for viewer, page, seats in (("Ann", ann, {"You", "Bob", "Emma (bot)"}),
                                ("Bob", bob, {"Ann", "You", "Emma (bot)"}),
                                ("a watcher", watcher, {"Ann", "Bob", "Emma (bot)"})):
        found += audit(page, f"a finished game, seen by {viewer}")
        assert_the_result_is_told(page, seats)
    assert_clean(found)
    for player in (ann, bob):
        assert focused(player) != "body", "focus fell to the page when the game ended"
        player.get_by_role("button", name="Rematch", exact=True).wait_for()
        reached = buttons_reached_by_tab(player, {"Rematch", "Leave the room"})
        assert "Rematch" in reached and "Leave the room" in reached, reached
    assert watcher.locator("#rematch").is_hidden()  # a watcher has no seat to play again in


def test_a_finished_room_game_on_a_phone_and_a_rematch_by_keyboard(rooms: RoomsServer,
                                                                  open_page: Any) -> None:
    ann = open_page()
    ann.set_viewport_size({"width": 375, "height": 667})
    open_room(ann, rooms.url, "Ann", 2, house=QUICK_GAME)
    fill_with_bot_and_start(ann, 1)
    take_turns([ann])
    assert_the_result_is_told(ann, {"You", "Emma (bot)"})
    assert focused(ann) == "p#turn.turn-banner"  # the start button, then the asks, went away
    found = audit(ann, "a finished game on a 375 px phone")
    ann.evaluate("scrollTo(0, 0)")
    for part in ("#turn", "#rematch"):  # the result and its next step, in the first screen
        box = ann.locator(part).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 375, (part, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= 667, (part, box)
        assert ann.evaluate("(part) => { const it = document.querySelector(part);"
                            " const box = it.getBoundingClientRect();"
                            " return it.contains(document.elementFromPoint("
                            "box.x + box.width / 2, box.y + box.height / 2)); }", part), part
    assert scroll_width(ann) <= 375
    assert_clean(found)
    ann.keyboard.press("Tab")
    assert focused(ann) == "button#rematch.primary"
    mark_the_log_old(ann)
    ann.keyboard.press("Enter")
    wait_for_a_new_log(ann)
    ann.wait_for_selector("#log li:has-text('You are dealt')")
    assert ann.locator("#log li:has-text('You are dealt')").count() == 1  # one game's log
    assert ann.locator("#log li:has-text('Game over')").count() <= 1


def mark_the_log_old(page: Any) -> None:
    page.evaluate("document.querySelectorAll('#log li').forEach((li) => li.dataset.old = 'yes')")


def wait_for_a_new_log(page: Any) -> None:
    """A new deal may end at once (a bot that asks first can empty a hand), so it
    shows as the old game's log going away, not as a turn line without "Game over"."""
    page.wait_for_function("() => !document.querySelector('#log li[data-old]')"
                           " && document.querySelector('#log li')")


# ---------------------------------------------------------------- keyboard order (WCAG 2.4.3)

# Each element Tab reaches from the page's first link, until it comes round again: what it
# is, which part of the page holds it, and its box in page coordinates.
TAB_STOP = """() => {
    const it = document.activeElement;
    const box = it.getBoundingClientRect();
    const what = it.tagName.toLowerCase() + (it.id ? `#${it.id}` : '')
        + (it.className ? `.${it.className}` : '');
    return {name: `${what} ${it.textContent.trim()}`.slice(0, 60),
            part: it.closest('#game') ? 'table' : it.closest('#lobby') ? 'seats' : 'page',
            left: box.left + scrollX, top: box.top + scrollY,
            right: box.right + scrollX, bottom: box.bottom + scrollY};
}"""


def tab_stops(page: Any, most: int = 60) -> list[dict[str, Any]]:
    page.focus("header .brand")
    stops = [page.evaluate(TAB_STOP)]
    for _ in range(most):
        page.keyboard.press("Tab")
        stop = page.evaluate(TAB_STOP)
        if stop["name"] == stops[0]["name"] or stop["name"].startswith("body"):
            return stops
        stops.append(stop)
    raise AssertionError(f"Tab never came round: {[stop['name'] for stop in stops]}")


def reads_after(before: dict[str, Any], after: dict[str, Any]) -> bool:
    """``after`` comes after ``before`` in reading order: to its right on the same row
    (their heights overlap), or below it."""
    same_row = after["top"] < before["bottom"] and before["top"] < after["bottom"]
    if same_row:
        return bool(after["left"] >= before["left"] - 1)
    return bool(after["top"] >= before["bottom"] - 1)


def assert_read_in_order(stops: list[dict[str, Any]], where: str) -> None:
    for before, after in pairwise(stops):
        assert reads_after(before, after), (where, before, after, [s["name"] for s in stops])


def test_tab_goes_in_the_order_the_room_is_read_on_a_phone_and_a_desk(
        rooms: RoomsServer, open_page: Any) -> None:
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 3)
    ann.click('#seats li[data-seat="1"] .add-bot')
    ann.wait_for_selector('#seats li[data-seat="1"] .remove-bot')
    fill_with_bot_and_start(ann, 2)
    ann.wait_for_selector(".ask-rank")  # Ann's turn: nothing moves until she asks
    # A phone puts the seats (with "Leave the room") under the table: Tab goes there last.
    ann.set_viewport_size({"width": 375, "height": 667})
    phone = tab_stops(ann)
    names = [stop["name"] for stop in phone]
    assert any("ask-rank" in name for name in names), names
    assert names[-1].startswith("button.leave Leave the room"), names
    assert_read_in_order(phone, "375 px")
    # A desk sets the seats beside the table, on the right: Tab reads the table down, then
    # the seats; a player reaches the opponents and the asks before any link of the seats.
    ann.set_viewport_size({"width": 1280, "height": 900})
    desk = tab_stops(ann)
    parts = [stop["part"] for stop in desk]
    assert parts == sorted(parts, key=["page", "table", "seats"].index), desk
    table = [stop for stop in desk if stop["part"] == "table"]
    seats = [stop for stop in desk if stop["part"] == "seats"]
    assert "room-seat" in table[0]["name"] and seats, desk  # "Emma (bot)": whom to ask
    assert min(stop["left"] for stop in seats) >= max(stop["right"] for stop in table), desk
    assert_read_in_order(table, "1280 px, the table")
    assert_read_in_order(seats, "1280 px, the seats")


# ---------------------------------------------------------------- what is read out

# Every text put into a live region from now on (and focus landing on the turn line,
# which reads it out): what a screen reader would say.
LISTEN = """(live) => {
    window.heard = [];
    new MutationObserver((changes) => {
        for (const change of changes) {
            const region = change.target.closest ? change.target.closest(live) : null;
            if (!region) continue;
            for (const node of change.addedNodes) {
                if (node.textContent.trim()) window.heard.push([region.id, node.textContent]);
            }
        }
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
    document.addEventListener('focusin', (event) => {
        if (event.target.id === 'turn') window.heard.push(['focus', event.target.textContent]);
    });
}"""


def heard(page: Any) -> list[tuple[str, str]]:
    return [(region, text) for region, text in page.evaluate("() => window.heard")]


def test_each_move_and_the_result_are_read_out_once(rooms: RoomsServer, open_page: Any) -> None:
    ann, watcher = open_page(), open_page()
    code = open_room(ann, rooms.url, "Ann", 2, house=QUICK_GAME)
    watcher.goto(f"{rooms.url}/rooms/{code}?watch=1")
    watcher.wait_for_selector("#connection:has-text('Watching')")
    for page in (ann, watcher):
        page.evaluate(LISTEN, LIVE)
    fill_with_bot_and_start(ann, 1)
    take_turns([ann])
    watcher.wait_for_selector("#turn:has-text('Game over')")
    for page in (ann, watcher):
        # One live region for the table: the log and the turn line are not live.
        regions = page.evaluate("(live) => [...document.querySelectorAll(live)].map((r) => r.id)",
                                LIVE)
        assert sorted(regions) == ["announcer", "connection", "copy-status", "notice", "status"]
        result = page.inner_text("#turn")
        assert [said for said in heard(page) if "Game over" in said[1]] in (
            [("announcer", result)], [("focus", result)]), heard(page)
        # The connection line ("Connected as Ann.") is not put in again at each update.
        lines = [text for region, text in heard(page) if region == "connection"]
        assert all(before != after for before, after in pairwise(lines)), lines
    # The watcher hears every move as it happens (every one is someone else's), once each.
    moves = [line for line in watcher.locator("#log li").all_inner_texts() if " asks " in line]
    said = [text for region, text in heard(watcher) if region == "announcer"]
    assert moves and all(said.count(move) == moves.count(move) for move in moves), (moves, said)


# Every card dealt (5 × 10, pairs): the pond is dry at once, so a hand that empties stays
# empty and its seat is passed over (R9, R13), in most games of some forty asks.
DRY_POND = {"hand-size": "10", "book": "2"}
PASSED_OVER = re.compile(r"^(.* passed over\.) [^.]*turn\.$")


def play_until_a_seat_is_passed_over(page: Any, games: int = 8) -> list[str]:
    """Play (and ask for rematches) until a game's log passes a seat over; its log."""
    for _ in range(games):
        take_turns([page])
        log = page.locator("#log li").all_inner_texts()
        if any(PASSED_OVER.match(line) for line in log):
            return log
        page.evaluate("() => { window.heard = []; }")  # the next game's announcements only
        mark_the_log_old(page)
        page.click("#rematch")
        wait_for_a_new_log(page)
    raise AssertionError(f"no seat was passed over in {games} games")


def test_a_seat_passed_over_is_read_out_once_without_the_turn_it_passes_to(
        rooms: RoomsServer, open_page: Any) -> None:
    # "Ann is passed over. Bob's turn." is a turn line: the announcer left it all to the
    # turn line, which says only whose turn it is, so nobody heard that Ann was skipped.
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 5, house=DRY_POND)
    for seat in (1, 2, 3):
        ann.click(f'#seats li[data-seat="{seat}"] .add-bot')
        ann.wait_for_selector(f'#seats li[data-seat="{seat}"] .remove-bot')
    ann.evaluate(LISTEN, LIVE)
    fill_with_bot_and_start(ann, 4)
    log = play_until_a_seat_is_passed_over(ann)
    said = [text for region, text in heard(ann) if region == "announcer"]
    passes = [line for line in log if PASSED_OVER.match(line)]
    skipped = [PASSED_OVER.match(line)[1] for line in passes]  # type: ignore[index]
    for line, sentence in zip(passes, skipped, strict=True):
        assert said.count(sentence) == skipped.count(sentence), (sentence, said)
        assert line not in said, line  # the turn it passes to is the turn line's to say


# ---------------------------------------------------------------- the nordic sea

# Nordic with thirteen cards each and pairs: the first empty hand or sea ends the game
# (R18, R19), so a game is a few asks (a sea of 26, not one card each's 50), and most send
# someone fishing in the sea.
QUICK_NORDIC = {"hand-size": "13", "book": "2"}

SEA_CARD_NAME = re.compile(r"^face-down card \d+ of \d+: fish it$")


# Where focus is: in the sea or not, and the name a screen reader gives it.
FOCUS = """() => ({sea: document.activeElement.closest('#sea') !== null,
                  tag: document.activeElement.tagName,
                  name: document.activeElement.getAttribute('aria-label')})"""


def fish_by_keyboard(page: Any) -> None:
    """From the turn line, Tab to a card of the sea, move along it with an arrow key, and
    draw with Enter; the sea is one Tab stop, not one for each of its cards."""
    page.focus("#turn")
    page.keyboard.press("Tab")
    first = page.evaluate(FOCUS)
    assert first["sea"] and first["tag"] == "BUTTON", first
    assert SEA_CARD_NAME.match(first["name"]), first
    page.keyboard.press("ArrowRight")
    second = page.evaluate(FOCUS)
    assert second["sea"] and second["name"] != first["name"], (first, second)
    page.keyboard.press("Tab")
    assert not page.evaluate(FOCUS)["sea"], "Tab went from one card of the sea to another"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(FOCUS) == second  # back to the card the arrow moved to
    before = page.locator("#log li").count()
    page.keyboard.press("Enter")
    page.wait_for_selector(f"#log li >> nth={before}")
    assert page.locator("#log li").nth(before).inner_text().startswith("You draw the ")


def fish_by_click(page: Any) -> None:
    before = page.locator("#log li").count()
    page.locator("#sea button").last.click()
    page.wait_for_selector(f"#log li >> nth={before}")


def play_nordic_fishing_by_keyboard(page: Any, games: int = 8) -> list[str]:
    """Ask and fish until a game that sent the player fishing ends: the first fish by
    keyboard, after an audit of the page telling the player to pick a sea card, the
    others by a click on the sea. What the audit found."""
    chooser = random.Random(3)
    found: list[str] | None = None
    for _ in range(games):
        end = time.monotonic() + GAME_DEADLINE
        while not game_over(page):
            assert time.monotonic() < end, describe([page])
            if not page.locator("#sea button").count():
                click_an_ask(page, chooser)
            elif found is None:
                found = audit(page, "a nordic player told to pick a card from the sea")
                fish_by_keyboard(page)
            else:
                fish_by_click(page)
            time.sleep(0.01)
        if found is not None:
            return found
        mark_the_log_old(page)
        page.click("#rematch")
        wait_for_a_new_log(page)
    raise AssertionError(f"nobody was sent fishing in {games} games")


def test_a_nordic_room_game_fished_by_keyboard_to_its_end(rooms: RoomsServer,
                                                          open_page: Any) -> None:
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 2, preset="nordic", house=QUICK_NORDIC)
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#game:not([hidden])")
    found = play_nordic_fishing_by_keyboard(ann)
    found += audit(ann, "a finished nordic game")
    assert_the_result_is_told(ann, {"You", "Emma (bot)"})
    # The nordic ending says which it was: an empty hand or the sea run dry (R19).
    result = ann.inner_text("#turn")
    assert re.search(r"\. (You|Emma \(bot\)) ran out of cards\.$|the sea ran dry\.$", result), (
        result)
    assert_clean(found)


# ---------------------------------------------------------------- the lines above the table

# The space between each two of these lines, and the most the page's flow leaves there:
# the larger of the two margins that meet (they collapse into one).
SPACES = """() => {
    const lines = ['#connection', '#notice', '#turn'].map((part) => document.querySelector(part));
    const margin = (line, side) => parseFloat(getComputedStyle(line)[side]);
    return lines.slice(1).map((line, i) => ({
        between: `${lines[i].id} and ${line.id}`,
        space: line.getBoundingClientRect().top - lines[i].getBoundingClientRect().bottom,
        most: Math.max(margin(lines[i], 'marginBottom'), margin(line, 'marginTop')),
    }));
}"""


def test_no_gap_opens_between_the_connection_line_and_the_turn_line(
        rooms: RoomsServer, open_page: Any) -> None:
    # The grid that sets the seats beside the table on a desk held these lines too, and a
    # grid's margins add up instead of collapsing: some 80 px of nothing above the turn.
    ann = open_page()
    open_room(ann, rooms.url, "Ann", 2)
    fill_with_bot_and_start(ann, 1)
    ann.wait_for_selector("#game:not([hidden])")
    for width in (375, 1280):
        ann.set_viewport_size({"width": width, "height": 900})
        for space in ann.evaluate(SPACES):
            assert space["space"] <= space["most"] + 1, (width, space)
