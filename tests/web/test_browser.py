"""Browser tests: Debian's chromium, driven by playwright, against a live ``gofish`` server.

Screenshots of the table go to artifacts/web/ so a person can look at them.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
from typing import Any

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from tests.browser_helpers import cut_menus
from tests.storage.helpers import played_game

import gofish
from gofish.storage import open_store

from .conftest import LiveServer, screenshot

pytestmark = pytest.mark.browser

MAX_MOVES = 400
FAST = "&pace=0.02"  # bots move at once (the page's own choice would be 1.4 s)


def open_house_rules(page: Any) -> None:
    """Show the house rules, as a click on their heading does, unless they are open already:
    the form opens them itself when the last game dealt had some."""
    if not page.eval_on_selector(".house-rules", "(details) => details.open"):
        page.click(".house-rules summary")


def open_table(page: Any, server: LiveServer, *, seed: int, preset: str = "classic",
               players: int = 2, name: str | None = None, width: int | None = None,
               query: str = "", hand_size: int | None = None, pairs: bool = False) -> None:
    """Open the start screen, choose the game (and house rules) and deal; wait for the hand
    to show."""
    if width is not None:
        page.set_viewport_size({"width": width, "height": 800})
    page.goto(f"{server.url}/?seed={seed}&speed=0{query or FAST}")
    page.check(f"input[name=preset][value={preset}]")
    page.select_option("#players", str(players))
    if name is not None:
        page.fill("#name", name)
    if hand_size is not None or pairs:
        open_house_rules(page)
    if hand_size is not None:
        page.fill("input[name=hand_size]", str(hand_size))
    if pairs:
        page.check("input[name=pairs]")
    page.click("#deal")
    page.wait_for_selector(
        "#page-play:not([hidden]) .rank-group, #page-play:not([hidden]) .empty-hand")


def phase(page: Any) -> str:
    return str(page.get_attribute("#table", "data-phase"))


def wait_for_my_move(page: Any) -> str:
    """Wait until the player must ask or fish, or the game is over; return the phase."""
    page.wait_for_function(
        "() => ['ask', 'fish', 'over'].includes(document.querySelector('#table').dataset.phase)"
    )
    return phase(page)


def play_by_clicking(page: Any, *, shot_after: int | None = None, shot_name: str = "",
                     until: str | None = None) -> int:
    """Click through a whole game (or until the script ``until`` is true at the
    player's move): the first rank, the first opponent, a sea card."""
    moves = 0
    while moves < MAX_MOVES:
        current = wait_for_my_move(page)
        if current == "over" or (until and page.evaluate(until)):
            return moves
        version = page.get_attribute("#table", "data-version")
        if current == "fish":
            page.click(".sea button.sea-card >> nth=-1")
        else:
            if page.locator("button.opponent").count():
                page.click("button.opponent:not(.out) >> nth=0")
            if phase(page) == "ask":
                page.click(".rank-group >> nth=0")
        moves += 1
        if moves == shot_after:
            screenshot(page, shot_name)
        page.wait_for_function(
            "(before) => document.querySelector('#table').dataset.version !== before"
            " || document.querySelector('#hint').textContent !== ''", arg=version)
    raise AssertionError("the game did not end")


def deal_asking_for_cards(page: Any, server: LiveServer, *, seed: int, players: int = 2,
                          pairs: bool = False) -> None:
    """Open the start screen, choose the ``ask: card`` house rule (and pairs, if asked)
    and deal; the caller waits for the move it needs."""
    page.goto(f"{server.url}/?seed={seed}&speed=0{FAST}")
    page.wait_for_selector("#deal")
    page.select_option("#players", str(players))
    open_house_rules(page)
    page.select_option("select[name=ask]", "card")
    if pairs:
        page.check("input[name=pairs]")
    page.click("#deal")


def open_a_short_game(page: Any, server: LiveServer, *, name: str | None = None,
                      width: int | None = None) -> None:
    """Deal a short game, for a test that needs a game to play out but not a long one:
    nordic (R19: it ends when the sea runs dry), four players dealt 12 cards each, so a sea
    of 4. Seed 17 gives the player the first ask (nothing is said before the hand shows) and
    ends after three of the player's moves and eight asks in all (a classic game takes 20 to
    30 of the player's moves), in a win shared by all four, none with a book."""
    open_table(page, server, seed=17, preset="nordic", players=4, hand_size=12, name=name,
               width=width)


def play_to_the_result(page: Any, server: LiveServer, *, name: str | None = None,
                       width: int | None = None) -> None:
    """Play the short game by clicking and wait for its result."""
    open_a_short_game(page, server, name=name, width=width)
    play_by_clicking(page)
    page.wait_for_selector("#result:not([hidden])")


def test_a_whole_game_against_emma_by_clicking(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=21)
    screenshot(page, "classic-start")
    moves = play_by_clicking(page, shot_after=6, shot_name="classic-midgame")
    assert moves > 0
    page.wait_for_selector("#result:not([hidden])")
    screenshot(page, "classic-result")
    heading = page.inner_text("#result-title")
    assert heading in ("You win!", "Emma wins")
    standings = page.locator(".standings li").all_inner_texts()
    books = [int(line.split()[-2]) for line in standings]
    assert sum(books) == 13  # R14: every book is down
    assert page.inner_text("#result .ending").startswith("All 13 books are down.")
    # Every rank is booked: the coach says so, not a table of headings alone.
    assert page.text_content(".coach") == "Every rank is in a book: nothing is left to track."
    log = page.inner_text(".log")
    assert "Game over." in log and "You ask Emma for" in log
    # The game is in the history and its replay steps through it.
    page.click("text=Watch the replay")
    page.wait_for_selector(".replay-board")
    assert page.inner_text(".step").startswith("The deal")
    page.click("#replay-next")
    assert page.inner_text(".step").startswith("Ask 1 of")
    screenshot(page, "replay")
    page.click("nav >> text=History")
    page.wait_for_selector(".history-table")
    assert "Emma" in page.inner_text(".history-table")
    page.click("nav >> text=Stats")
    page.wait_for_selector("svg.chart")
    assert page.locator("svg.chart").count() >= 3
    screenshot(page, "stats")


def test_illegal_choices_are_explained_and_not_sent(page: Any, live_server: LiveServer) -> None:
    # Slow bots (pace 1 s) so that the page can be tried while it is not the player's turn.
    # Seed 1 deals the player the first ask: no wait for the slow bots before it.
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: frames.append(str(frame))))
    open_table(page, live_server, seed=1, preset="bicycle", players=3, query="&pace=1")

    def asks() -> list[str]:
        return [frame for frame in frames if '"type":"ask"' in frame]

    while wait_for_my_move(page) != "ask":
        page.click(".sea button.sea-card >> nth=-1")
    # With three players a rank alone is not enough: the page asks for an opponent.
    page.click(".rank-group >> nth=0")
    assert "Now choose whom to ask" in page.inner_text("#hint")
    assert asks() == []
    # The version before each ask: read after it, the answer may be in already, and the
    # wait would be for the move after (or, after a hit, for the ask never made).
    version = page.get_attribute("#table", "data-version")
    page.click("button.opponent >> nth=0")
    page.wait_for_function("() => document.querySelector('#hint').textContent === ''")
    assert len(asks()) == 1
    for _ in range(40):  # ask on until a bot has the turn
        page.wait_for_function("(v) => document.querySelector('#table').dataset.version !== v",
                               arg=version)
        if phase(page) != "ask":
            break
        version = page.get_attribute("#table", "data-version")
        page.click(".rank-group >> nth=0")
    # Check the phase and click in one step, so a bot's move cannot slip in between.
    hint = page.evaluate("""() => {
        if (document.querySelector('#table').dataset.phase !== 'wait') return null;
        document.querySelector('.rank-group').click();
        return document.querySelector('#hint').textContent;
    }""")
    if hint is not None:
        count = len(asks())
        assert hint.startswith("Wait: it is"), hint
        page.wait_for_timeout(100)
        assert len(asks()) == count


def test_nordic_sea_is_fished_by_clicking_a_card(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=8, preset="nordic", players=3)
    page.wait_for_function("() => document.querySelector('#table').dataset.phase === 'ask'")
    shown = int(page.inner_text(".pond-count").split()[0])
    assert page.locator(".sea .sea-card").count() == shown <= 52 - 3 * 7
    for _ in range(60):
        current = wait_for_my_move(page)
        assert current != "over", "the game ended before a miss"
        if current == "fish":
            break
        if page.locator("button.opponent.chosen").count() == 0:
            page.click("button.opponent:not(.out) >> nth=0")
        version = page.get_attribute("#table", "data-version")
        page.click(".rank-group >> nth=0")
        page.wait_for_function(
            "(v) => document.querySelector('#table').dataset.version !== v", arg=version)
    assert phase(page) == "fish"
    # "Pick", not "Click": a phone taps the card, a keyboard takes it with Enter or F.
    assert "Go fish! Pick a face-down card in the sea" in page.inner_text("#status")
    screenshot(page, "nordic-sea")
    before = page.locator(".sea .sea-card").count()
    assert page.locator(".sea button.sea-card").count() == before
    page.click(".sea button.sea-card >> nth=-1")
    page.wait_for_function("() => document.querySelector('#table').dataset.phase !== 'fish'")
    page.wait_for_function(f"() => document.querySelectorAll('.sea .sea-card').length < {before}")
    assert "You draw the" in page.inner_text(".log")


def test_keyboard_only_play(page: Any, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/?seed=21&speed=0{FAST}")
    page.wait_for_selector("#deal")
    page.focus("#deal")
    page.keyboard.press("Enter")
    asked = 0
    on_a_card = "() => document.activeElement.classList.contains('rank-group')"
    while asked < 4 and wait_for_my_move(page) == "ask":
        if asked == 0:
            # Tab from the top of the page to the first card group.
            page.focus("body")
            for _ in range(40):
                page.keyboard.press("Tab")
                if page.evaluate(on_a_card):
                    break
        # The keyboard focus survives every redraw: it is on a card group whenever it is
        # the player's turn, with no need to Tab again.
        assert page.evaluate(on_a_card)
        label = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert "Ask for" in label
        log_before = page.locator(".log li").count()
        page.keyboard.press("Enter")
        page.wait_for_function(
            f"() => document.querySelectorAll('.log li').length > {log_before}")
        asked += 1
    assert "You ask Emma for" in page.inner_text(".log")
    # Every event was announced to screen readers in the live region.
    announced = page.inner_text("#announcer")
    assert announced.strip()
    if wait_for_my_move(page) == "ask":
        rank = page.get_attribute(".rank-group >> nth=0", "data-rank")
        key = {"10": "t"}.get(rank, rank.lower())
        count = page.locator(".log li").count()
        page.keyboard.press(key)  # a rank's key asks for it
        page.wait_for_function(f"() => document.querySelectorAll('.log li').length > {count}")


def test_a_name_with_html_is_shown_as_text(page: Any, live_server: LiveServer) -> None:
    # Within the 24 characters the form sends (a longer name is refused beside the box).
    name = "<svg/onload=hacked=1><b>"
    open_table(page, live_server, seed=3, name=name)
    assert page.inner_text(".me .name") == name
    assert page.locator(".me .name svg, .me .name b").count() == 0
    assert page.evaluate("() => window.hacked") is None


def test_the_result_keeps_each_count_on_one_line_beside_a_long_name(
    page: Any, live_server: LiveServer
) -> None:
    # On a phone the longest name squeezed its count: "0" above "books". (The short game
    # ends with "0 books" on every line.)
    play_to_the_result(page, live_server, name="Zoë the Magnificent Play", width=390)
    lines = page.evaluate("""() => [...document.querySelectorAll('.standings li > span:last-child')]
        .map((span) => { const range = document.createRange(); range.selectNodeContents(span);
                         return new Set([...range.getClientRects()].map((r) => r.top)).size; })""")
    assert lines and all(count == 1 for count in lines), lines


@pytest.mark.parametrize(("preset", "pile"), [("bicycle", "pond"), ("nordic", "sea")])
def test_a_player_out_of_play_is_told_so_at_their_seat(
    page: Any, live_server: LiveServer, preset: str, pile: str
) -> None:
    # Bicycle, pond dry, hand empty: the opponents' seats said "out of play" but one's own
    # only "0 cards", and the status "Randy's turn.", as if a turn would still come round.
    # The server's updates are rewritten to that position (rare to reach by playing; nordic
    # reaches it only under house rules, and then the status said "pond" for the sea).
    def out_of_play(text: str | bytes) -> str | bytes:
        message = json.loads(text)
        if message.get("type") == "update":
            state = message["state"]
            state["players"][0].update(in_play=False, cards=0)
            state.update(hand=[], legal=[], phase="wait", current=1)
            return json.dumps(message)
        return text

    def through(ws: Any) -> None:
        to_server = ws.connect_to_server()
        to_server.on_message(lambda message: ws.send(out_of_play(message)))

    page.route_web_socket("**/ws/play", through)
    open_table(page, live_server, seed=4, preset=preset, players=3, query="&pace=5")
    assert page.inner_text(".me .count") == "0 cards · out of play"
    status = page.inner_text("#status")
    assert status.startswith(f"You are out of play: no cards and the {pile} is dry.")
    assert status.endswith("'s turn.")
    # The seat whose turn it is was labelled ", their turn" for one named player.
    name = page.inner_text(".opponent[data-seat='1'] .name")
    label = page.get_attribute(".opponent[data-seat='1']", "aria-label") or ""
    assert label.endswith(f", {name}'s turn"), label


def test_the_whole_result_can_be_reached_on_a_phone_held_sideways(
    page: Any, live_server: LiveServer
) -> None:
    # Five players' result is taller than a phone's landscape screen: it was centred with
    # its top and its last buttons off the screen, and nothing scrolled to them.
    page.set_viewport_size({"width": 740, "height": 360})
    # Five seats of ten cards leave a sea of two (R1): seed 4 is over before a move of mine.
    open_table(page, live_server, seed=4, preset="nordic", players=5, hand_size=10)
    play_by_clicking(page)
    page.wait_for_selector("#result:not([hidden])")
    title = page.locator("#result-title").bounding_box()
    assert title is not None and title["y"] >= 0
    page.locator("#close-result").scroll_into_view_if_needed()
    last = page.locator("#close-result").bounding_box()
    assert last is not None and last["y"] >= 0 and last["y"] + last["height"] <= 360
    page.click("#close-result")  # "Look at the table"
    page.wait_for_selector("#result", state="hidden")


def test_the_table_fits_a_phone(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=5, preset="nordic", players=4, width=360)
    wide = page.evaluate("() => document.documentElement.scrollWidth")
    assert wide <= 360, f"the page is {wide}px wide at a 360px screen"
    wait_for_my_move(page)  # the bots are done: the table holds still while it is measured
    for selector in (".rank-group >> nth=0", ".sea", ".opponent >> nth=2", ".pond-count"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 360, selector
    screenshot(page, "phone-nordic")
    page.set_viewport_size({"width": 360, "height": 800})
    page.goto(f"{live_server.url}/?seed=5&speed=0")
    page.wait_for_selector("#deal")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 360
    screenshot(page, "phone-start")


def test_ask_card_house_rule_offers_suits(page: Any, live_server: LiveServer) -> None:
    deal_asking_for_cards(page, live_server, seed=6)
    assert wait_for_my_move(page) == "ask"
    page.click(".rank-group >> nth=0")
    page.wait_for_selector(".suit-chooser:not([hidden])")
    held = page.get_attribute(".rank-group >> nth=0", "data-rank")
    disabled = page.locator(".suit-button[aria-disabled=true]")
    assert disabled.count() >= 1
    disabled.first.click(force=True)  # aria-disabled: still clickable, to explain why not
    assert "You already hold the" in page.inner_text("#hint")
    screenshot(page, "ask-card")
    log_before = page.locator(".log li").count()
    page.click(".suit-button[aria-disabled=false] >> nth=0")
    page.wait_for_function(f"() => document.querySelectorAll('.log li').length > {log_before}")
    assert f"for the {held}" in page.inner_text(".log")


def test_the_suit_buttons_come_in_the_hands_suit_order(page: Any, live_server: LiveServer) -> None:
    # The hand lists a rank's cards ♣ ♦ ♥ ♠ (gofish.core.cards.SUIT_SORT_ORDER), but the
    # suit buttons came ♠ ♥ ♦ ♣. Seed 19 deals you 3♣ 3♦ 3♠, and you ask first.
    deal_asking_for_cards(page, live_server, seed=19)
    assert wait_for_my_move(page) == "ask"
    held = page.locator('.rank-group[data-rank="3"] .card').evaluate_all(
        "(cards) => cards.map((c) => c.dataset.card)")
    assert held == ["3C", "3D", "3S"]
    page.click('.rank-group[data-rank="3"]')
    page.wait_for_selector(".suit-chooser:not([hidden])")
    buttons = page.locator(".suit-button").evaluate_all(
        "(bs) => bs.map((b) => [b.dataset.card, b.getAttribute('aria-disabled')])")
    assert [card for card, _ in buttons] == ["3C", "3D", "3H", "3S"]
    # The ones you hold (R5: not to be asked for) stand in the order the hand shows them.
    assert [card for card, disabled in buttons if disabled == "true"] == held


def test_keyboard_focus_leaves_the_suit_buttons_for_the_hand(
    page: Any, live_server: LiveServer
) -> None:
    # Under ask: card the suit buttons hide once a suit is chosen (or on Esc): the
    # keyboard went with them to the top of the page, and after a hit nothing brought it
    # back, so Tab started again from the page's links.
    deal_asking_for_cards(page, live_server, seed=6)
    assert wait_for_my_move(page) == "ask"
    focused = "() => document.activeElement.closest('.rank-group')?.dataset.rank ?? null"
    rank = page.get_attribute(".rank-group >> nth=0", "data-rank")
    page.focus(".rank-group >> nth=0")
    page.keyboard.press("Enter")
    page.wait_for_selector(".suit-chooser:not([hidden]) .suit-button:focus")
    page.keyboard.press("Escape")
    assert page.evaluate(focused) == rank
    page.keyboard.press("Enter")
    page.wait_for_selector(".suit-chooser:not([hidden]) .suit-button:focus")
    page.keyboard.press("Enter")  # asks for the first suit not held
    assert page.evaluate(focused) == rank


def test_a_refused_play_again_shows_why_on_a_phone(page: Any, live_server: LiveServer) -> None:
    # "Play again" that the server refuses (or cannot reach) goes to the start screen
    # with the reason beside the Deal button: on a phone that is a screen below the top,
    # and the player saw the form with no word of what went wrong.
    refuse = refuse_starts_on_request(page)
    # The house rules are looked at before the deal (the short game's cards dealt are set
    # there): they stay open, and put the Deal button further down.
    play_to_the_result(page, live_server, width=390)
    refuse[0] = True
    page.click("#play-again")
    page.wait_for_selector("#page-start:not([hidden]) #start-error:has-text('the server is busy')")
    box = page.locator("#start-error").bounding_box()
    viewport = page.viewport_size
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"]


def refuse_starts_on_request(page: Any) -> list[bool]:
    """The page's table socket, through the test: while the switch returned holds True, a
    start the page sends is answered as refused, "the server is busy", and not passed on."""
    refuse = [False]

    def through(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if refuse[0] and json.loads(message).get("type") == "start":
                ws.send(json.dumps({"type": "refused", "message": "the server is busy",
                                    "version": None}))
            else:
                to_server.send(message)

        ws.on_message(from_page)

    page.route_web_socket("**/ws/play", through)
    return refuse


def play_again(page: Any) -> None:
    """Click Play again on the result; wait for the new game's deal."""
    page.click("#play-again")
    page.wait_for_selector("#result", state="hidden")
    page.wait_for_function("""() => {
        const log = document.querySelector('.log');
        return log.children.length > 0 && !log.textContent.includes('Game over');
    }""")


def test_play_again_deals_a_fresh_game(page: Any, live_server: LiveServer) -> None:
    play_to_the_result(page, live_server)
    first_game = page.inner_text(".log")
    assert "Game over" in first_game
    play_again(page)
    log = page.inner_text(".log")
    assert "Game over" not in log and "dealt" in log
    assert phase(page) in ("ask", "wait", "fish")


def test_a_reloaded_page_offers_to_resume_the_game(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=30, preset="bicycle", players=3)
    while wait_for_my_move(page) != "ask":
        page.click(".sea button.sea-card >> nth=-1")
    version = page.get_attribute("#table", "data-version")
    page.click("button.opponent >> nth=0")
    page.click(".rank-group >> nth=0")
    page.wait_for_function("(v) => document.querySelector('#table').dataset.version !== v",
                           arg=version)
    assert wait_for_my_move(page) == "ask"
    hand = page.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    page.goto(f"{live_server.url}/?speed=0{FAST}")  # a reload: the socket closes, the game stays
    page.wait_for_selector(".unfinished a")
    page.click(".unfinished a >> nth=0")
    page.wait_for_selector("#page-play:not([hidden]) .rank-group")
    assert wait_for_my_move(page) == "ask"
    again = page.locator(".hand .card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert again == hand
    assert "You ask" in page.inner_text(".log")  # the story so far is told again


def test_long_bar_chart_labels_stay_inside_the_chart(page: Any, live_server: LiveServer) -> None:
    # Four opponents make a long "vs …" label; cut at 34 characters it still ran
    # off the left edge of the chart ("nma + expert + …").
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"},
             {"name": "Expert", "bot": "expert"}, {"name": "Easy", "bot": "expert-easy"},
             {"name": "Randy", "bot": "random"}]
    game = played_game("bicycle", players=5, seed=31)
    with open_store(live_server.database) as store:
        store.save(game.to_record(), seats=seats)
    page.goto(f"{live_server.url}/#/stats")
    page.wait_for_selector("svg.chart.bars .bar-label")
    overflow = page.evaluate("""() => [...document.querySelectorAll('svg.chart.bars .bar-label')]
        .filter((label) => label.getBBox().x < 0).map((label) => label.textContent)""")
    assert overflow == [], f"labels cut off at the left: {overflow}"
    screenshot(page, "stats-long-labels")


def test_charts_use_their_panels_width(page: Any, live_server: LiveServer) -> None:
    # Drawn 640 units wide and capped at 760 px, the charts filled about half of a wide
    # panel; on a phone they were shrunk text in a box that scrolled sideways.
    with open_store(live_server.database) as store:
        for seed in (5, 6, 7):
            store.save(played_game("classic", players=2, seed=seed).to_record(),
                       seats=[{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}])
        bots = ["emma", "random", "counter", "ismcts-quick"]  # a long label for the bars
        store.save(played_game("classic", players=5, seed=8).to_record(),
                   seats=[{"name": "You", "bot": None}] + [{"name": b, "bot": b} for b in bots])
    measure = """() => [...document.querySelectorAll('svg.chart')].map((chart) => {
        const panel = chart.parentElement;
        const style = getComputedStyle(panel);
        const inner = panel.clientWidth - parseFloat(style.paddingLeft)
            - parseFloat(style.paddingRight);
        const box = chart.getBoundingClientRect();
        // every word inside the chart, none run off its edges
        const outside = [...chart.querySelectorAll('text')].filter((text) => {
            const ink = text.getBoundingClientRect();
            return ink.left < box.left - 0.5 || ink.right > box.right + 0.5;
        }).map((text) => text.textContent);
        return {bars: chart.classList.contains('bars'), width: box.width, inner, outside,
                scale: box.width / chart.viewBox.baseVal.width,
                height: box.height / chart.viewBox.baseVal.height};
    })"""
    for width, height in [(1280, 720), (1920, 1080), (390, 844)]:
        page.set_viewport_size({"width": width, "height": height})
        # A page of its own at each width: a second goto to the same #/stats stayed on the
        # same page, whose charts (drawn at the last width) met the waits below at once.
        page.goto("about:blank")
        page.goto(f"{live_server.url}/#/stats")
        page.wait_for_selector("svg.chart polyline", state="attached")
        page.wait_for_selector("svg.chart.bars .bar-value", state="attached")
        # A redraw at the panel's final width (once a scrollbar takes its room) may still be
        # due: wait for the charts to fit, as a fixed 100 ms did, too short on a busy machine.
        # If they never do, the checks below say how they are off.
        with contextlib.suppress(PlaywrightTimeoutError):
            page.wait_for_function(f"() => ({measure})().every((chart) => "
                                   "chart.width >= 0.9 * chart.inner "
                                   "&& chart.width <= chart.inner + 0.5 "
                                   "&& Math.abs(chart.scale - 1) < 0.01)", timeout=10_000)
        charts = page.evaluate(measure)
        screenshot(page, f"stats-{width}")
        # Over time, per opponent, then books (and, once another test of the session has
        # finished a game under the pairs rule in this shared database, pairs) per game.
        kinds = [chart["bars"] for chart in charts]
        assert kinds in ([False, True, True, False], [False, True, True, False, True, False])
        for chart in charts:
            assert chart["width"] >= 0.9 * chart["inner"], (width, chart)
            assert chart["width"] <= chart["inner"] + 0.5, (width, chart)  # no sideways scroll
            assert abs(chart["scale"] - 1) < 0.01, (width, chart)  # text at its own size
            assert abs(chart["height"] - 1) < 0.01, (width, chart)  # not squeezed either way
            assert chart["outside"] == [], (width, chart)


def test_per_opponent_win_rates_count_shared_wins_like_the_rest_of_the_page(
    page: Any, live_server: LiveServer
) -> None:
    # The line over time counted a shared win (R10) as a win, the bars per opponent did
    # not: the same games showed 100% in one chart and 0% in the next.
    game = None
    for seed in range(300):
        candidate = gofish.new_game({"preset": "classic", "book_size": 2}, players=2, seed=seed)
        rng = random.Random(seed)
        while not candidate.is_over:
            candidate.play(rng.choice(candidate.legal_actions()))
        if candidate.winners == (0, 1):
            game = candidate
            break
    assert game is not None, "no tied game in 300 seeds"
    with open_store(live_server.database) as store:
        store.save(game.to_record(), seats=[{"name": "You", "bot": None},
                                            {"name": "Tie", "bot": "counter"}])
    page.goto(f"{live_server.url}/#/stats")
    page.wait_for_selector("svg.chart.bars .bar-value")
    bars = page.evaluate("""() => [...document.querySelectorAll('svg.chart.bars')][0]
        .querySelector('title').textContent + ' | ' + [...document.querySelectorAll(
        'svg.chart.bars')][0].querySelector('desc').textContent""")
    assert "a shared win counts as a win" in bars
    assert re.search(r"vs Counter · classic \(pairs instead of books\): 100% of 1 game(;|$)",
                     bars)


#: Whether a click at the middle of the selected element would reach it (nothing over it).
TOPMOST = """(selector) => {
    const target = document.querySelector(selector);
    const box = target.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return target === hit || target.contains(hit);
}"""

#: The same once it is scrolled into view, as a click by Playwright (or a person) would
#: scroll it: below the fold (a start screen listing several games to go on with) nothing
#: is at its middle point at all.
TOPMOST_IN_VIEW = (
    "(selector) => { document.querySelector(selector).scrollIntoView({block: 'center'}); "
    f"return ({TOPMOST})(selector); }}"
)


def topmost_is(page: Any, selector: str) -> bool:
    """Whether a click at the middle of ``selector`` would reach it now."""
    return bool(page.evaluate(TOPMOST, selector))


def comes_topmost(page: Any, selector: str, seconds: float = 5.0) -> bool:
    """Whether ``selector``, scrolled into view, is or within ``seconds`` becomes the first
    thing a click at its middle reaches: a page still laying itself out (the start screen
    fills in the games to go on with) may move it for a moment; a dialog left over it
    stays."""
    try:
        page.wait_for_function(TOPMOST_IN_VIEW, arg=selector, timeout=seconds * 1000)
    except PlaywrightTimeoutError:
        return False
    return True


def test_leaving_a_finished_game_closes_its_result(page: Any, live_server: LiveServer) -> None:
    # The back button left the result over the start page, swallowing every click.
    play_to_the_result(page, live_server)
    assert topmost_is(page, "nav a[data-page=help]")  # the page links stay usable
    page.go_back()
    page.wait_for_selector("#page-start:not([hidden]) #deal")
    assert page.locator("#result").is_hidden()
    assert comes_topmost(page, "#deal")
    page.go_forward()  # the finished table again, without the dialog over the next page
    page.click("nav a[data-page=help]")
    page.wait_for_selector("#page-help:not([hidden]) h1")
    assert page.locator("#result").is_hidden()


def test_a_failed_resume_is_shown_where_it_is_seen(page: Any, live_server: LiveServer) -> None:
    page.set_viewport_size({"width": 1280, "height": 700})
    page.goto(f"{live_server.url}/?speed=0#/resume/999999")
    notice = page.locator("#start-notice")
    notice.wait_for(state="visible")
    assert "no stored game with id 999999" in notice.inner_text()
    box = notice.bounding_box()
    assert box is not None and box["y"] + box["height"] <= 700, box  # not below the fold
    assert page.evaluate("location.hash") == "#/"  # the same link clicked again tries again
    page.evaluate("location.hash = '#/resume/999998'")
    page.wait_for_function(
        "() => document.querySelector('#start-notice').textContent.includes('999998')")
    errors = page.locator("#page-start .error:visible").all_inner_texts()
    assert len(errors) == 1 and "999999" not in errors[0]  # no pile of old errors
    page.evaluate("location.hash = '#/play/0'")  # in words, not the schema's
    page.wait_for_function(
        "() => document.querySelector('#start-notice').textContent.includes('\"0\" is not')")
    page.click("nav a[data-page=help]")
    page.click("nav a[data-page=start]")
    assert notice.is_hidden()
    page.goto(f"{live_server.url}/?speed=0#/replay/abc")
    page.wait_for_selector("#page-replay .error")
    text = page.inner_text("#page-replay .error")
    assert "is not a game number" in text and "NaN" not in text


def test_speech_bubbles_hold_their_words_with_four_players(
    page: Any, live_server: LiveServer
) -> None:
    open_table(page, live_server, seed=3, preset="bicycle", players=4, query="&pace=0.3")
    # "Randy, do you have any 8s?": a bot asking a bot, said while the person waits.
    spilled = page.wait_for_function("""() => {
        const felt = document.querySelector('.felt').getBoundingClientRect();
        for (const bubble of document.querySelectorAll('.bubble')) {
            if (bubble.textContent.length < 20) continue;
            const outer = bubble.getBoundingClientRect();
            const words = bubble.firstElementChild.getBoundingClientRect();
            return {text: bubble.textContent, spill: Math.max(outer.left - words.left,
                    words.right - outer.right, felt.left - outer.left, outer.right - felt.right)};
        }
        return null;
    }""", timeout=60000).json_value()  # 20 s ran out once on a machine busy with other work
    assert spilled["spill"] <= 0.5, spilled


# Every frame: each speech bubble's overlap with the pond (its pile or sea, and the
# count under it), the player's hand or another player's seat (its panel), whether it
# lies outside the felt or is wider than ``cap`` px, and how many bubbles were said.
BUBBLE_CAP, BUBBLE_CAP_ON_PHONES, PHONE_WIDTH = 220, 160, 520  # style.css: .bubble max-width
WATCH_BUBBLES = """(cap) => {
    const watch = {said: 0, over: [], outside: [], wide: [], named: []};
    window.bubbleWatch = watch;
    new MutationObserver((changes) => {
        for (const change of changes) watch.said += change.addedNodes.length;
    }).observe(document.querySelector('.bubbles'), {childList: true});
    const areas = {pond: '.pond .pile, .pond .sea', count: '.pond-count', hand: '.hand'};
    const note = (list, line) => { if (!list.includes(line)) list.push(line); };
    const tick = () => {
        const felt = document.querySelector('.felt').getBoundingClientRect();
        const at = (x, y) => `${Math.round(x - felt.left)},${Math.round(y - felt.top)}`;
        for (const bubble of document.querySelectorAll('.bubble')) {
            const b = bubble.getBoundingClientRect();
            const who = `${bubble.textContent} (seat ${bubble.dataset.seat}, `
                + `${bubble.dataset.side})`;
            if (b.left < felt.left - 0.5 || b.top < felt.top - 0.5
                    || b.right > felt.right + 0.5 || b.bottom > felt.bottom + 0.5) {
                note(watch.outside, `${who} at ${at(b.left, b.top)} to ${at(b.right, b.bottom)}`
                    + ` in ${Math.round(felt.width)}x${Math.round(felt.height)}`);
            }
            // Words put on the speaker's own seat leave its name in view, when the seat has
            // room below the name for them.
            const speaker = document.querySelector(
                `.seat-anchor[data-seat="${bubble.dataset.seat}"]`);
            const name = speaker?.querySelector('.name')?.getBoundingClientRect();
            const seat = speaker?.getBoundingClientRect();
            if (name && bubble.dataset.side === 'inside'
                    && name.bottom + bubble.offsetHeight <= seat.bottom
                    && b.top < name.bottom - 0.5 && b.bottom > name.top + 0.5) {
                note(watch.named, `${who} over its speaker's name`);
            }
            // Its layout width: a bubble still popping in is scaled down.
            const width = bubble.offsetWidth;
            if (width > cap + 0.5) note(watch.wide, `${who}: ${width} px`);
            const seats = [...document.querySelectorAll('.seat-anchor')]
                .filter((seat) => seat.dataset.seat !== bubble.dataset.seat)
                .map((seat) => [`seat ${seat.dataset.seat}`, seat]);
            const places = Object.entries(areas)
                .map(([what, selector]) => [what, document.querySelector(selector)]);
            for (const [what, node] of [...places, ...seats]) {
                if (!node) continue;
                const a = node.getBoundingClientRect();
                const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                if (w > 0.5 && h > 0.5) note(watch.over, `${who} over the ${what}`);
            }
        }
        requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


@pytest.mark.parametrize(("width", "height", "preset", "name"), [
    (1280, 720, "classic", None), (1920, 1080, "nordic", None), (390, 844, "classic", None),
    (390, 844, "nordic", None), (1024, 700, "classic", None), (1280, 800, "bicycle", None),
    (600, 900, "classic", "Bartholomew Fitzwilliam"),
])
def test_speech_bubbles_never_cover_the_pond_the_hand_or_another_seat(
    page: Any, live_server: LiveServer, width: int, height: int, preset: str, name: str | None
) -> None:
    # With four opponents a bubble under an outer seat lay over the pond pile (and the
    # sea, which is wider) while the cards were being drawn from it; and a bubble beside
    # or below one seat lay over its neighbour's (on a phone the seats sit in two rows
    # 10 px apart, so a first-row seat's words now go on the seat itself). Each bubble
    # also stays inside the felt and no wider than the stylesheet's cap: a long name
    # widens your seat, and your words put inside it were once as wide as it (294 px).
    # Words put on their speaker's seat covered its name, centred on it.
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, live_server, seed=3, preset=preset, players=5, name=name, query="&pace=0.15")
    page.evaluate(WATCH_BUBBLES, BUBBLE_CAP_ON_PHONES if width <= PHONE_WIDTH else BUBBLE_CAP)
    play_by_clicking(page, until="() => window.bubbleWatch.said >= 14")
    watch = page.evaluate("window.bubbleWatch")
    if any(watch[found] for found in ("over", "outside", "wide", "named")):
        screenshot(page, f"bubbles-{preset}-{width}")  # only to look at a failure: 0.4 s each
    assert watch["said"] >= 14, watch
    assert watch["over"] == [], watch["over"]
    assert watch["outside"] == [], watch["outside"]
    assert watch["wide"] == [], watch["wide"]
    assert watch["named"] == [], watch["named"]


def test_a_lone_opponent_on_a_phone_speaks_beside_its_seat_not_over_it(
    page: Any, live_server: LiveServer
) -> None:
    # At 390 px Emma's longer words ("Here, take one.") went inside her seat, over her
    # cards and books, though a strip beside the seat had room for them wrapped.
    page.set_viewport_size({"width": 390, "height": 844})
    open_table(page, live_server, seed=5, query="&pace=0.15")
    page.evaluate("""() => {
        window.bubbleSides = [];
        new MutationObserver(() => {
            for (const bubble of document.querySelectorAll('.bubble:not(.mine)')) {
                const said = `${bubble.textContent}: ${bubble.dataset.side}`;
                if (!window.bubbleSides.includes(said)) window.bubbleSides.push(said);
            }
        }).observe(document.querySelector('.bubbles'),
                   {subtree: true, childList: true, attributes: true});
    }""")
    play_by_clicking(page, until="() => window.bubbleSides.some((s) => s.startsWith('Here'))")
    sides: list[str] = page.evaluate("window.bubbleSides")
    assert [said for said in sides if said.startswith("Here")], sides
    assert not [said for said in sides if said.endswith(": inside")], sides


def test_the_coach_table_fits_its_panel_with_five_players(
    page: Any, live_server: LiveServer
) -> None:
    open_table(page, live_server, seed=3, preset="bicycle", players=5)
    # Short headings carry their full words as a tooltip. Measure only once they show: a
    # measure taken while the coach was still being drawn is the likely cause of one
    # failure seen on a loaded machine.
    page.wait_for_function("""() => [...document.querySelectorAll('.coach thead th')]
        .some((th) => th.title === 'Unseen')""")
    titles = page.locator(".coach thead th").evaluate_all("ths => ths.map(th => th.title)")
    assert "Emma 2" in titles and "Unseen" in titles
    # The bots play on meanwhile and the coach is redrawn at each ask, so the panel and
    # its table are measured together in one step, once the table is laid out (two
    # separate measures could fall either side of a redraw: one CI run got no table).
    boxes = page.wait_for_function("""() => {
        const panel = document.querySelector('.coach');
        const table = panel && panel.querySelector('table');
        if (!table || !table.getBoundingClientRect().width) return null;
        const p = panel.getBoundingClientRect(), t = table.getBoundingClientRect();
        return {panel: {x: p.x, width: p.width}, table: {x: t.x, width: t.width}};
    }""").json_value()
    panel, table = boxes["panel"], boxes["table"]
    assert table["x"] + table["width"] <= panel["x"] + panel["width"] + 0.5, (table, panel)


def test_start_screen_wording_and_five_player_menus(page: Any, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/?speed=0")
    page.wait_for_selector("#deal")
    # Classic is seed 000's two-player game against Emma, and plays 3 to 5 too (RULES.md).
    assert "Two players against Emma, dealt 7 each (up to five" in page.inner_text(".presets")
    page.select_option("#players", "5")
    # Every opponent menu is wide enough for the longest choice in it ("Emma (emm" was cut).
    assert cut_menus(page, ".opponent-fields select") == []


def test_every_start_screen_menu_fits_its_longest_choice(
    page: Any, live_server: LiveServer
) -> None:
    # Two opponent columns of 230 px cut "Quick ISMCTS (ismcts-quick)" from 480 to 630 px
    # and from 960 to 1020 px, where the cards beside the form squeeze it.
    page.goto(f"{live_server.url}/?speed=0")
    page.wait_for_selector("#deal")
    page.select_option("#players", "5")
    page.click(".house-rules summary")
    assert page.locator("#page-start select").count() == 10  # players, pace, 4 + 4
    # Below 355 px "at the first empty hand or pond" was cut: a phone's menus take their
    # choice in regular type, each on the whole line under its label.
    for width in (1100, 1280, 390, 1000, 600, 360, 320):
        page.set_viewport_size({"width": width, "height": 900})
        assert cut_menus(page, "#page-start select") == [], width
        assert page.evaluate("document.documentElement.scrollWidth") <= width, width
    screenshot(page, "start-menus-320")


def test_start_screen_calls_the_pond_the_sea_under_nordic(
    page: Any, live_server: LiveServer
) -> None:
    page.goto(f"{live_server.url}/?speed=0")
    page.wait_for_selector("#deal")
    ending = "select[name=end] option[value=first-empty]"
    page.check("input[name=preset][value=classic]")
    assert page.text_content(ending) == "at the first empty hand or pond"
    page.check("input[name=preset][value=nordic]")  # Hopp i havet: the sea
    assert page.text_content(ending) == "at the first empty hand or sea"
    page.check("input[name=preset][value=bicycle]")
    assert page.text_content(ending) == "at the first empty hand or pond"


def test_wording_follows_the_house_rules(page: Any, live_server: LiveServer) -> None:
    # Ask for a card: once the opponent is chosen, the hint asks for the suit.
    deal_asking_for_cards(page, live_server, seed=6, players=3)
    while wait_for_my_move(page) != "ask":
        page.click(".sea button.sea-card >> nth=-1")
    page.click(".rank-group >> nth=0")
    assert "Now choose whom" in page.inner_text("#hint")
    page.click("button.opponent:not(.out) >> nth=0")
    page.wait_for_selector(".suit-chooser:not([hidden])")
    assert page.inner_text("#hint").startswith("Now choose which")
    # Pairs: the shelf and the opponents' rows speak of pairs.
    page.goto(f"{live_server.url}/?seed=6&speed=0{FAST}")
    page.wait_for_selector("#deal")
    open_house_rules(page)  # open already: the last game's ask: card came back with them
    page.check("input[name=pairs]")
    page.click("#deal")
    page.wait_for_selector(".shelf-title")
    assert page.inner_text(".shelf-title").startswith("Your pairs:")
    assert "books" not in page.inner_text(".opponents")


def test_tab_never_reaches_the_table_hidden_under_the_result(
    page: Any, live_server: LiveServer
) -> None:
    # The result takes every click on the table under it, yet Tab went on from its last
    # button through the header to "See the result", the log and the coach, out of sight
    # under the box. The table is inert while the box is open; the header still works.
    play_to_the_result(page, live_server)
    page.focus("#play-again")
    reached = []
    for _ in range(16):
        page.keyboard.press("Tab")
        reached.append(page.evaluate("""() => { const it = document.activeElement;
            if (it.closest('#main')) return `table: ${it.id || it.className}`;
            return it.closest('#result') ? 'result'
                : it.closest('header') ? 'header' : 'other'; }"""))
    assert "header" in reached and "result" in reached
    assert not [where for where in reached if where.startswith("table")], reached
    page.click("#close-result")  # looking at the table gives it back
    page.focus("#show-result")
    assert page.evaluate("document.activeElement.id") == "show-result"


def test_a_finished_table_shows_its_result_again(page: Any, live_server: LiveServer) -> None:
    # Back at a finished table (a reload, the back button) it only said "The game is over."
    play_to_the_result(page, live_server)
    heading = page.inner_text("#result-title")
    standings = page.locator(".standings li").all_inner_texts()
    game_id = page.evaluate("location.hash").removeprefix("#/play/")
    assert game_id.isdigit()  # the address names the game, so a reload can bring it back
    page.reload()
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result-title") == heading
    assert page.locator(".standings li").all_inner_texts() == standings
    assert "Game over" in page.inner_text(".log")  # the final table behind it, story and all
    assert phase(page) == "over"
    screenshot(page, "finished-table-reloaded")
    # Closed, it opens again from the table; leaving and coming back shows it again.
    page.keyboard.press("Escape")  # the keyboard stays on the page (it fell to the body)
    assert page.locator("#result").is_hidden()
    assert page.evaluate("document.activeElement.id") == "show-result"
    page.keyboard.press("Enter")
    page.wait_for_selector("#result:not([hidden])")
    page.click("#close-result")
    assert page.locator("#result").is_hidden()
    page.click("#show-result")
    page.wait_for_selector("#result:not([hidden])")
    page.click("nav a[data-page=help]")
    page.wait_for_selector("#page-help:not([hidden]) h1")
    page.go_back()
    page.wait_for_selector("#result:not([hidden])")
    assert page.inner_text("#result-title") == heading
    # Play again deals the reloaded game's rules, which the page no longer had in memory.
    play_again(page)
    assert page.locator(".sea .sea-card").count() > 0


def test_start_screen_hero_cards_never_cover_the_form(page: Any, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/?speed=0")
    page.wait_for_selector("#deal")
    page.click(".house-rules summary")  # every control in sight
    for width, height in ((1280, 720), (1366, 768), (1440, 900), (1920, 1080), (1024, 768),
                          (960, 800), (390, 844)):
        page.set_viewport_size({"width": width, "height": height})
        found = page.evaluate("""() => {
            const box = (node) => node.getBoundingClientRect();
            const meets = (a, b) => a.left < b.right && b.left < a.right
                && a.top < b.bottom && b.top < a.bottom;
            const cards = [...document.querySelectorAll('.hero .card')].map(box)
                .filter((b) => b.width > 0);
            const controls = [...document.querySelectorAll(
                '.start-form, .start-form :is(label, input, select, button, summary, a)')]
                .filter((node) => box(node).width > 0);
            const overlaps = [];
            cards.forEach((card, i) => controls.forEach((control) => {
                if (meets(card, box(control))) overlaps.push(`card ${i + 1} covers `
                    + `${control.tagName.toLowerCase()}.${control.className} `
                    + `"${control.textContent.trim().slice(0, 30)}"`);
            }));
            const outside = cards.filter((b) => b.left < 0 || b.right > innerWidth).length;
            return {cards: cards.length, overlaps, outside,
                    wide: document.documentElement.scrollWidth};
        }""")
        size = f"{width}x{height}"
        assert found["overlaps"] == [], (size, found["overlaps"])
        assert found["outside"] == 0 and found["wide"] <= width, (size, found)
        if width >= 1024:  # the fan is there to be seen wherever it fits beside the form
            assert found["cards"] == 4, size
    screenshot(page, "start-phone")


def test_a_game_opened_in_a_second_tab_moves_there(page: Any, live_server: LiveServer) -> None:
    # The first tab learnt of the second only from the server, and only when the second
    # was refused: now it steps aside at once, and can take the game back. (The waits for
    # it to step aside use the page's own timeout: 2 s was too short on a busy machine.)
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: frames.append(str(frame))))
    open_table(page, live_server, seed=30, preset="bicycle", players=3)
    game_id = ask_until_stored(page)
    assert wait_for_my_move(page) == "ask"
    hand = cards_in_hand(page)
    second = page.context.new_page()
    errors: list[str] = []
    second.on("pageerror", lambda error: errors.append(str(error)))
    second.goto(f"{live_server.url}/?speed=0{FAST}")
    second.click(f".unfinished a[href='#/resume/{game_id}']")
    page.wait_for_selector("#away-notice:not([hidden])")
    assert "open in another tab" in page.inner_text("#away-notice")
    second.wait_for_selector("#page-play:not([hidden]) .rank-group")
    assert wait_for_my_move(second) == "ask"
    assert cards_in_hand(second) == hand  # the game as the first tab left it
    screenshot(page, "tab-stepped-aside")
    # The first tab takes no moves now: it says why and sends nothing.
    sent = len(frames)
    page.click(".rank-group >> nth=0", force=True)  # aria-disabled: clickable, to say why not
    assert "Play here instead" in page.inner_text("#hint")
    page.wait_for_timeout(100)
    assert frames[sent:] == []
    ask_once(second)
    wait_for_my_move(second)
    log_there = asks_in_log(second)
    # Taken back: the second tab's ask is here, once, and the second tab steps aside.
    page.click("#take-back")
    second.wait_for_selector("#away-notice:not([hidden])")
    page.wait_for_selector("#away-notice", state="hidden")
    assert wait_for_my_move(page) == "ask"
    log_here = asks_in_log(page)
    assert log_here[:len(log_there)] == log_there
    with open_store(live_server.database) as store:
        assert store.get(int(game_id)).actions == len(log_here)  # no ask lost or doubled
    second.close()
    assert errors == []


def ask_until_stored(page: Any) -> str:
    """Fish until it is the player's turn, ask once; return the stored game's number."""
    while wait_for_my_move(page) != "ask":
        page.click(".sea button.sea-card >> nth=-1")
    ask_once(page)
    page.wait_for_function("() => /^#\\/play\\/\\d+$/.test(location.hash)")  # stored
    return str(page.evaluate("location.hash")).removeprefix("#/play/")


def ask_once(page: Any) -> None:
    """Ask the first opponent for the first rank; wait for the answer."""
    version = page.get_attribute("#table", "data-version")
    if page.locator("button.opponent").count():  # two players: the only opponent is asked
        page.click("button.opponent:not(.out) >> nth=0")
    page.click(".rank-group >> nth=0")
    page.wait_for_function("(v) => document.querySelector('#table').dataset.version !== v",
                           arg=version)


def cards_in_hand(page: Any) -> list[str]:
    return list(page.locator(".hand .card").evaluate_all(
        "cards => cards.map(c => c.dataset.card)"))


def asks_in_log(page: Any) -> list[str]:
    return list(page.locator(".log li.log-asked").all_inner_texts())


def test_the_start_screen_offers_the_games_as_they_are_now(
    page: Any, live_server: LiveServer
) -> None:
    # The list was read once, when the page loaded: it offered a game finished since,
    # and the game in play in this very tab as a resume that dealt its log out again.
    open_a_short_game(page, live_server)
    game_id = ask_until_stored(page)
    page.click("nav a[data-page=start]")
    back = page.locator(f".unfinished a[href='#/play/{game_id}']")
    assert back.inner_text() == f"Back to game {game_id}"
    lines = page.locator(".log li").count()
    back.click()
    page.wait_for_selector("#page-play:not([hidden])")
    assert page.locator(".log li").count() == lines  # the same table, not dealt out again
    play_by_clicking(page)
    # No opponent stays chosen at the finished table.
    assert page.locator("button.opponent[aria-pressed=true]").count() == 0
    page.click("nav a[data-page=start]")
    page.wait_for_selector("#deal")
    # The listing is read again: wait for it (200 ms could pass first on a busy machine,
    # the list from before still shown). Read once only, it would never drop the game.
    page.wait_for_function(
        "(id) => !document.querySelector(`.unfinished a[href$='/${id}']`)", arg=game_id)
    assert page.locator(f".unfinished a[href$='/{game_id}']").count() == 0


def test_a_reloaded_table_retells_its_game_quietly(page: Any, live_server: LiveServer) -> None:
    # A reload said the last asks again in speech bubbles, as if just asked, read the
    # whole game out to screen readers, and gave the bots the server's pace instead of
    # the one the player chose.
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: frames.append(str(frame))))
    page.goto(f"{live_server.url}/?seed=21&speed=0")
    page.select_option("#pace", "0.6")  # "play fast", remembered by the page
    page.click("#deal")
    ask_until_stored(page)
    page.reload()
    page.wait_for_selector("#page-play:not([hidden]) .rank-group")
    assert page.locator(".bubble").count() == 0
    heard = page.inner_text("#announcer")
    assert "on the table again" in heard and " asks " not in heard, heard
    assert "You ask Emma" in page.inner_text(".log")  # the story is all in the log
    revisits = [frame for frame in frames if '"type":"revisit"' in frame]
    assert revisits and '"pace":0.6' in revisits[-1], revisits


def test_a_reload_before_the_first_ask_brings_the_table_back(
    page: Any, live_server: LiveServer
) -> None:
    # A game was stored only from its first ask, so the address was a bare #/play and a
    # reload before asking opened the start screen, with the deal offered under "Resume".
    open_table(page, live_server, seed=21)
    assert wait_for_my_move(page) == "ask"
    game_id = str(page.evaluate("() => location.hash")).removeprefix("#/play/")
    assert game_id.isdigit(), game_id
    hand = cards_in_hand(page)
    page.reload()
    page.wait_for_selector("#page-play:not([hidden]) .rank-group")
    assert page.evaluate("() => location.hash") == f"#/play/{game_id}"
    assert cards_in_hand(page) == hand


def test_deal_clicked_twice_opens_one_connection(page: Any, live_server: LiveServer) -> None:
    # Each click opened a socket while the first was connecting: both games' bots then
    # sent their moves to the one table on the page.
    sockets: list[Any] = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.goto(f"{live_server.url}/?seed=8&speed=0{FAST}")
    page.dblclick("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .rank-group")
    page.wait_for_timeout(200)
    assert len(sockets) == 1


def test_back_from_the_rules_to_the_table_a_reload_still_brings_it_back(
    page: Any, live_server: LiveServer
) -> None:
    # The rules page's "Back to the table" went to a bare #/play: the game's number was
    # gone from the address, and a reload there opened the start screen instead.
    open_table(page, live_server, seed=21)
    game_id = ask_until_stored(page)
    assert wait_for_my_move(page) == "ask"  # the table holds still until the player asks
    page.click("nav >> text=Rules")
    page.click("text=Back to the table")
    page.wait_for_selector("#page-play:not([hidden])")
    assert page.evaluate("() => location.hash") == f"#/play/{game_id}"
    hand = cards_in_hand(page)
    page.reload()
    page.wait_for_selector("#page-play:not([hidden]) .rank-group")
    assert cards_in_hand(page) == hand


def test_a_lost_connection_offers_to_reconnect(page: Any, live_server: LiveServer) -> None:
    # The page said "Start a new game to play on" and kept saying "Your turn", though
    # the game was stored and its address could bring it back.
    links: list[Any] = []

    def through(ws: Any) -> None:
        links.append((ws, ws.connect_to_server()))

    page.route_web_socket("**/ws/play", through)
    open_table(page, live_server, seed=21)
    game_id = ask_until_stored(page)
    assert wait_for_my_move(page) == "ask"
    hand = cards_in_hand(page)
    to_page, to_server = links[-1]
    to_server.close()  # the server goes away
    to_page.close(code=1001)
    page.wait_for_selector("#away-notice:not([hidden])")
    assert f"Game {game_id} is saved" in page.inner_text("#away-notice")
    assert page.inner_text("#status") == "Not connected to the server."
    page.click("#take-back")  # "Reconnect": the game as it stood
    page.wait_for_selector("#away-notice", state="hidden")
    assert wait_for_my_move(page) == "ask" and cards_in_hand(page) == hand
    assert len(links) == 2
