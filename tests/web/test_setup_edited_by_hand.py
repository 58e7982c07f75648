"""What the single-player page reads back from the browser's storage and its address is
checked before it is used, in a real browser: the start form last sent ("gofish.setup")
and the page's options (?seed, ?speed, ?pace) may have been edited by hand. A preset that
is not one cost the whole start screen ("The game server cannot be reached"); a player
count out of range showed opponents the deal left out; a pace the server does not take had
every reload at a table refused; a name of another shape showed as "[object Object]"."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

SETUP = "gofish.setup"
FAST = "speed=0&pace=0.02"


def stored(page: Any) -> str | None:
    return page.evaluate("(key) => localStorage.getItem(key)", SETUP)


def open_with_setup(page: Any, server: LiveServer, value: str, *, query: str = FAST) -> None:
    """The start screen, after ``value`` was put in the setup's storage by hand."""
    page.goto(f"{server.url}/?{query}")
    page.wait_for_selector("#deal")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SETUP, value])
    page.reload()
    page.wait_for_selector("#deal")


def form(page: Any) -> dict[str, Any]:
    """What the start form shows: its rules, players, name, pace and opponents."""
    return dict(page.evaluate("""() => ({
        preset: document.querySelector('input[name=preset]:checked')?.value ?? null,
        players: document.querySelector('#players').value,
        name: document.querySelector('#name').value,
        pace: document.querySelector('#pace').value,
        opponents: [...document.querySelectorAll('.opponent-fields select')].map((s) => s.value),
    })"""))


def deal(page: Any) -> None:
    page.click("#deal")
    page.wait_for_selector(
        "#page-play:not([hidden]) .rank-group, #page-play:not([hidden]) .empty-hand")


def seats_at_the_table(page: Any) -> int:
    return 1 + int(page.locator("#table .opponent[data-seat]").count())


DEFAULTS = {"preset": "classic", "players": "2", "name": "You", "pace": "1.4",
            "opponents": ["emma"]}


@pytest.mark.parametrize("value", [
    "5", "[1, 2]", '"classic"', "null", "not JSON", "x" * 200_000,
    json.dumps({"preset": "texas", "players": 40, "name": {"first": "Ann"}, "pace": "fast",
                "opponents": "emma", "options": {"refill": "sometimes"}}),
], ids=["number", "list", "text", "null", "not-json", "huge", "no-part-usable"])
def test_a_setup_of_no_use_is_forgotten_and_the_form_deals_its_defaults(
    page: Any, live_server: LiveServer, value: str
) -> None:
    open_with_setup(page, live_server, value)
    assert form(page) == DEFAULTS
    assert stored(page) is None
    deal(page)
    assert seats_at_the_table(page) == 2


def test_the_usable_parts_of_a_setup_are_kept_and_the_others_forgotten(
    page: Any, live_server: LiveServer
) -> None:
    # The bots: one no longer offered (and one no bot name) give way to the seat's default.
    edited = {"type": "start", "preset": "nordic", "players": 3, "name": "Ann",
              "opponents": ["random", 7, "nobody"], "pace": 0.6, "seed": 5,
              "options": {"ask": "card", "refill": "sometimes", "hand_size": "5"}}
    open_with_setup(page, live_server, json.dumps(edited))
    assert form(page) == {"preset": "nordic", "players": "3", "name": "Ann", "pace": "0.6",
                          "opponents": ["random", "random"]}
    assert json.loads(stored(page) or "null") == {
        "type": "start", "preset": "nordic", "players": 3, "options": {"ask": "card"},
        "opponents": ["random", "random", "emma"], "name": "Ann", "pace": 0.6}
    deal(page)
    assert seats_at_the_table(page) == 3
    assert "nordic" in page.inner_text("#table-title").lower()


@pytest.mark.parametrize(("part", "value"), [
    ("preset", "texas"), ("preset", ["classic"]),
    ("players", 9), ("players", 1), ("players", "3"), ("players", 2.5),
    ("name", "A" * 5000), ("name", {"first": "Ann"}), ("name", "\u200b"),
    ("pace", 100), ("pace", "1.4"),
    ("options", {"refill": "none"}),  # classic plays until all books are down: no game
    ("options", {"hand_size": 13}),  # 13 each to 5 players: more than the deck
], ids=lambda value: str(value)[:12])
def test_each_part_of_a_setup_the_form_does_not_offer_is_dropped(
    page: Any, live_server: LiveServer, part: str, value: Any
) -> None:
    saved = {"type": "start", "preset": "bicycle", "players": 5, "options": {},
             "opponents": ["random", "emma", "random", "emma"], "name": "Bea", "pace": 2.2}
    open_with_setup(page, live_server, json.dumps({**saved, part: value}))
    kept = {name: got for name, got in saved.items() if name != part}
    assert json.loads(stored(page) or "null") == kept
    shown = form(page)
    assert shown[part if part != "options" else "preset"] == (
        DEFAULTS[part] if part != "options" else "bicycle")
    deal(page)
    assert seats_at_the_table(page) == int(shown["players"])


def test_a_reload_at_the_table_comes_back_whatever_pace_was_saved(
    page: Any, live_server: LiveServer
) -> None:
    # The pace was sent with the game to open again, and refused: "pace: Input should be
    # less than or equal to 5". Only the start screen was left, saying so.
    page.goto(f"{live_server.url}/?speed=0")
    deal(page)
    page.wait_for_function("() => /^#\\/play\\/\\d+$/.test(window.location.hash)")
    saved = json.loads(stored(page) or "null")
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [SETUP, json.dumps({**saved, "pace": 100})])
    page.reload()
    page.wait_for_selector("#page-play:not([hidden]) .rank-group, "
                           "#page-play:not([hidden]) .empty-hand")
    assert page.inner_text("#start-notice") == ""
    assert json.loads(stored(page) or "null") == {
        name: value for name, value in saved.items() if name != "pace"}


@pytest.mark.parametrize(("name", "value"), [
    ("seed", "-1"), ("seed", "1.5"), ("seed", ""), ("pace", "100"), ("pace", "fast"),
    ("speed", "1e9"), ("speed", "-1"),
])
def test_a_page_option_of_no_use_is_dropped_from_the_address_and_the_game_deals(
    page: Any, live_server: LiveServer, name: str, value: str
) -> None:
    # "?seed=-1" and "?pace=100" had every deal refused, in the server's words.
    options = {"seed": "3", "speed": "0", "pace": "0.02", "kept": "1"}
    page.goto(f"{live_server.url}/?{urlencode({**options, name: value})}#/")
    page.wait_for_selector("#deal")
    del options[name]
    assert page.evaluate("window.location.search") == f"?{urlencode(options)}"
    assert page.evaluate("window.location.hash") == "#/"
    deal(page)
    assert page.inner_text("#start-error") == ""


def test_a_deal_goes_ahead_when_the_browser_will_not_keep_the_setup(
    page: Any, live_server: LiveServer
) -> None:
    # Storage full (or turned off for the site): saving the setup threw, and Deal did nothing.
    page.add_init_script("Storage.prototype.setItem = () => { "
                         "throw new DOMException('full', 'QuotaExceededError'); };")
    page.goto(f"{live_server.url}/?{FAST}")
    page.wait_for_selector("#deal")
    deal(page)
    assert seats_at_the_table(page) == 2


def test_a_setup_the_form_wrote_is_read_back_as_it_was(
    page: Any, live_server: LiveServer
) -> None:
    page.goto(f"{live_server.url}/?{FAST}")
    page.check("input[name=preset][value=bicycle]")
    page.select_option("#players", "3")
    page.select_option("#opponent2", "emma")
    page.select_option("#pace", "0.6")
    page.fill("#name", "Cy")
    page.click(".house-rules summary")
    page.select_option("select[name=ask]", "card")
    page.select_option("select[name=lucky_draw]", "false")
    page.fill("input[name=hand_size]", "5")
    page.check("input[name=pairs]")
    deal(page)
    written = stored(page)
    page.goto(f"{live_server.url}/?{FAST}&again=1")  # another address: the page loads anew
    page.wait_for_selector("#deal")
    assert stored(page) == written
    assert form(page) == {"preset": "bicycle", "players": "3", "name": "Cy", "pace": "0.6",
                          "opponents": ["emma", "emma"]}


def test_the_house_rules_of_the_last_game_come_back_in_the_form(
    page: Any, live_server: LiveServer
) -> None:
    # The preset, players and opponents came back, the house rules did not: Deal then dealt
    # another game than the one last played, with nothing on screen to say so.
    saved = {"type": "start", "preset": "classic", "players": 2,
             "options": {"refill": "card", "lucky_draw": False, "hand_size": 5,
                         "book_size": 2},
             "opponents": ["emma"], "name": "Bea", "pace": 1.4}
    sent: list[str] = []  # what the page sends its server: the start message among it
    page.on("websocket", lambda socket: socket.on(
        "framesent", lambda frame: sent.append(frame if isinstance(frame, str) else "")))
    open_with_setup(page, live_server, json.dumps(saved))
    shown = page.evaluate("""() => {
        const form = document.querySelector('.start-form');
        return {open: document.querySelector('.house-rules').open,
                refill: form.elements.refill.value, lucky: form.elements.lucky_draw.value,
                ask: form.elements.ask.value, hand: form.elements.hand_size.value,
                pairs: form.elements.pairs.checked};
    }""")
    assert shown == {"open": True, "refill": "card", "lucky": "false", "ask": "",
                     "hand": "5", "pairs": True}
    deal(page)
    starts = [json.loads(frame) for frame in sent if '"start"' in frame]
    assert starts and starts[0]["options"] == saved["options"]
    page.goto(f"{live_server.url}/?{FAST}")
    page.wait_for_selector("#deal")
    assert json.loads(stored(page) or "null")["options"] == saved["options"]
