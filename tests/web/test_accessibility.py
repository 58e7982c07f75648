"""A standard accessibility audit (axe-core, through axe-playwright-python) of every page
and state of the browser table: the start screen, tables of two to five players, the
choices of an ask (an opponent, a suit), the result, the rules, history, stats, a replay,
a phone-sized table and the notice of a game that moved to another tab.

axe checks what a person using a screen reader or the keyboard relies on: names and
roles of controls, landmarks, heading order, list structure, unique ids, valid ARIA.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import (
    FAST,
    ask_until_stored,
    deal_asking_for_cards,
    open_a_short_game,
    open_table,
    play_by_clicking,
    play_to_the_result,
    wait_for_my_move,
)

pytestmark = pytest.mark.browser


#: Rules whose "needs review" results are not failures. Colour contrast: on the felt's
#: gradient, under translucent panels and cards, axe cannot tell the background, and
#: test_contrast.py measures it against the palest colour each text may sit on.
UNDECIDABLE = {"color-contrast"}


def audit(page: Any, state: str) -> list[str]:
    """axe's violations on the page as it stands, and what it could not decide (it asks a
    person to review), one line per rule and element."""
    axe = pytest.importorskip("axe_playwright_python.sync_playwright").Axe()
    results = axe.run(page, options={"resultTypes": ["violations", "incomplete"]}).response
    unsure = [rule for rule in results["incomplete"] if rule["id"] not in UNDECIDABLE]
    return [f"{state}: {rule['id']} ({rule['impact']}) at {' '.join(map(str, node['target']))}:"
            f" {node['html'][:160]}" for rule in results["violations"] + unsure
            for node in rule["nodes"]]


def assert_clean(found: list[str]) -> None:
    assert not found, f"axe finds {len(found)} violation(s):\n" + "\n".join(found)


def assert_accessible(page: Any, state: str) -> None:
    assert_clean(audit(page, state))


def test_the_start_screen(page: Any, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/?speed=0{FAST}")
    page.wait_for_selector("#deal")
    page.click(".house-rules summary")  # the house rules open, every control in view
    found = audit(page, "the start screen")
    # A broken link: the server's own page. (In a tab of its own: its 404 is logged as
    # an error, which the page fixture would take for the page's own.)
    broken = page.context.new_page()
    broken.goto(f"{live_server.url}/games/12")
    found += audit(broken, "the page of an address that leads nowhere")
    assert_clean(found)


def test_a_classic_table_for_two(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=21)
    assert wait_for_my_move(page) == "ask"
    assert_accessible(page, "a classic table, your ask")


def test_the_log_is_not_read_out_a_second_time(page: Any, live_server: LiveServer) -> None:
    # The log was role=log, a live region of its own: each event was read out there and by
    # the announcer, and a reloaded game's whole story was read out again.
    open_table(page, live_server, seed=21)
    wait_for_my_move(page)
    live = "[aria-live], [role=log], [role=status], [role=alert]"
    assert page.evaluate(f"() => document.querySelector('.log').closest('{live}')") is None
    assert page.get_attribute(".log", "tabindex") == "0"  # a scrolling list, reached by Tab


def test_a_nordic_table_for_four_asks_whom_to_ask(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=8, preset="nordic", players=4)
    while wait_for_my_move(page) != "ask":
        page.click(".sea button.sea-card >> nth=-1")
    page.click(".rank-group >> nth=0")  # a rank alone: the page asks for an opponent
    assert "choose whom to ask" in page.inner_text("#hint")
    assert_accessible(page, "a nordic table of four, choosing whom to ask")


def test_a_bicycle_table_for_five(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=4, preset="bicycle", players=5)
    wait_for_my_move(page)
    assert_accessible(page, "a bicycle table of five")
    # The coach's short headings ("Un", "Ra2") are read out in full.
    for full in ("Unseen", "Randy 2"):
        assert page.get_by_role("columnheader", name=full, exact=True).count() == 1, full


def test_the_suit_choice_of_ask_card(page: Any, live_server: LiveServer) -> None:
    deal_asking_for_cards(page, live_server, seed=6, players=3)  # whom to ask, then a suit
    assert wait_for_my_move(page) == "ask"
    page.click("button.opponent:not(.out) >> nth=0")
    page.click(".rank-group >> nth=0")
    assert page.locator(".suit-chooser:not([hidden]) .suit-button").count() == 4
    assert_accessible(page, "the suit buttons of ask: card, with an opponent chosen")


def test_a_phone_table(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=5, preset="nordic", players=4, width=360)
    wait_for_my_move(page)
    assert_accessible(page, "a nordic table of four on a 360 px phone")


def test_the_result_history_stats_and_a_replay(page: Any, live_server: LiveServer) -> None:
    play_to_the_result(page, live_server)
    found = audit(page, "the result of a game")
    page.set_viewport_size({"width": 360, "height": 800})
    found += audit(page, "the result of a game on a 360 px phone")
    page.set_viewport_size({"width": 1280, "height": 860})
    page.click("#close-result")
    found += audit(page, "a finished table")
    page.click("text=See the result")
    page.click("text=Watch the replay")
    page.wait_for_selector(".replay-board")
    page.click("#replay-next")
    # A nordic game: the replay names its pile as the table does (Hopp i havet's sea), not "Pond".
    assert re.fullmatch(r"Sea: \d+ cards?", page.text_content(".replay-pond") or "")
    found += audit(page, "the replay viewer")
    page.click("nav >> text=History")
    page.wait_for_selector(".history-table")
    found += audit(page, "the history")
    page.click("nav >> text=Stats")
    page.wait_for_selector("svg.chart")
    found += audit(page, "the stats and their charts")
    assert_clean(found)


def test_the_rules(page: Any, live_server: LiveServer) -> None:
    open_table(page, live_server, seed=3)
    page.click("nav a[data-page=help]")
    page.wait_for_selector("#page-help:not([hidden]) h1")
    assert_accessible(page, "the rules")


def test_the_offer_to_take_a_game_back_from_another_tab(
    page: Any, live_server: LiveServer
) -> None:
    open_table(page, live_server, seed=30, preset="bicycle", players=3)
    game_id = ask_until_stored(page)
    second = page.context.new_page()
    second.goto(f"{live_server.url}/?speed=0{FAST}")
    resume = f".unfinished a[href='#/resume/{game_id}']"
    second.wait_for_selector(resume)
    found = audit(second, "the start screen offering a game to go on with")
    second.click(resume)
    page.wait_for_selector("#away-notice:not([hidden])")
    found += audit(page, "a table whose game moved to another tab")
    assert_clean(found)
    second.close()


#: Records, from the moment it runs, every line put into the announcer and every text the
#: status line (role=status, also read out) takes.
RECORD_WHAT_IS_READ = """() => {
  window.said = [];
  window.statuses = [];
  new MutationObserver((changes) => changes.forEach((change) => change.addedNodes
    .forEach((node) => window.said.push(node.textContent))))
    .observe(document.querySelector('#announcer'), { childList: true });
  new MutationObserver(() => window.statuses.push(document.querySelector('#status').textContent))
    .observe(document.querySelector('#status'),
             { childList: true, characterData: true, subtree: true });
}"""


def test_each_turn_and_the_result_are_read_out_once(page: Any, live_server: LiveServer) -> None:
    # The announcer read every log line, "Emma's turn." and "Game over. …" too, while the
    # status line said whose turn it was and the result dialog how the game ended: a
    # screen reader heard each turn twice and the result three times. (R10: the winner.)
    # The short game's result ends in "!", which the bug followed with ".".
    open_a_short_game(page, live_server)
    page.evaluate(RECORD_WHAT_IS_READ)
    play_by_clicking(page)
    page.wait_for_selector("#result:not([hidden])")
    said: list[str] = page.evaluate("() => window.said")
    statuses: list[str] = page.evaluate("() => window.statuses")
    turn_sentence = re.compile(r"(^|\. )(Your|\S.*'s) turn\.$")
    assert said and not [line for line in said if turn_sentence.search(line)]
    assert not [line for line in said if line.startswith("Game over")]
    heading = page.inner_text("#result-title")  # read out as the start of a longer sentence
    results = [line for line in said if line.startswith(heading.rstrip("!"))]
    assert len(results) == 1 and "!." not in results[0]
    # Whose turn it is still reaches the ear, from the status line.
    assert any(status.startswith("Your turn") for status in statuses)
    assert any(status == "Emma's turn." for status in statuses)
    # And every other line of the log was read out as it happened.
    logged = page.evaluate(
        "() => [...document.querySelectorAll('.log li')].map((li) => li.textContent)")
    asks = [line for line in logged if " asks " in line or line.startswith("You ask")]
    assert asks and all(line in said for line in asks[-5:])


def test_the_draw_pile_and_a_replayed_hand_are_named_as_the_game_says_them(
    page: Any, live_server: LiveServer
) -> None:
    # The nordic table's draw area was read as "The pond" beside "15 cards in the sea",
    # and a replay named the person's cards "You's hand".
    open_table(page, live_server, seed=8, preset="nordic")
    assert page.get_attribute("section.pond", "aria-label") == "The sea"
    open_table(page, live_server, seed=8, preset="classic")
    assert page.get_attribute("section.pond", "aria-label") == "The pond"
    game_id = page.evaluate("location.hash").removeprefix("#/play/")
    page.goto(f"{live_server.url}/?speed=0#/replay/{game_id}")
    page.wait_for_selector(".replay-hand")
    labels = page.locator(".replay-hand").evaluate_all(
        "hands => hands.map((hand) => hand.getAttribute('aria-label'))")
    # (Emma's cards stay face down in the replay of a game still in play.)
    assert labels == ["Your hand", "Emma: 7 cards, face down"], labels
