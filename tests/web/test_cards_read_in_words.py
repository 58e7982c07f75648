"""What the announcer reads out names cards in words, as the hand's buttons do.

The log shows a card as "6♦"; the announcer read that text as it was, so a screen reader
said "6 black diamond suit", or nothing for the suit at all at some punctuation levels,
while the buttons of the hand said "6 of diamonds"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect

from .conftest import LiveServer
from .test_accessibility import RECORD_WHAT_IS_READ
from .test_browser import deal_asking_for_cards, open_table, play_by_clicking, wait_for_my_move

pytestmark = pytest.mark.browser

SUIT_GLYPHS = re.compile("[♣♦♥♠]")
A_CARD_IN_WORDS = re.compile(
    r"(ace|[2-9]|10|jack|queen|king) of (clubs|diamonds|hearts|spades)")


def test_the_cards_drawn_and_handed_over_are_read_out_in_words(
    page: Any, live_server: LiveServer
) -> None:
    # A whole classic game against Emma: the player draws from the pond (R5) and cards
    # are handed over (R4), each told in the log with its card.
    open_table(page, live_server, seed=11)
    page.evaluate(RECORD_WHAT_IS_READ)
    play_by_clicking(page)
    said: list[str] = page.evaluate("() => window.said")
    assert not [line for line in said if SUIT_GLYPHS.search(line)]
    draws = [line for line in said if line.startswith("You draw the ")]
    assert draws and all(A_CARD_IN_WORDS.search(line) for line in draws)
    # The log itself still shows the cards as the table prints them.
    assert SUIT_GLYPHS.search(page.inner_text(".log"))


def test_the_logs_lines_read_their_cards_in_words(page: Any, live_server: LiveServer) -> None:
    # A screen reader's user reads back up the log line by line: its cards read "6 black
    # diamond suit" (or lost their suit), while the announcer had said "6 of diamonds".
    open_table(page, live_server, seed=11)
    page.wait_for_selector(".log li:has-text('You are dealt')")
    heard = page.locator(".log").aria_snapshot()
    assert not SUIT_GLYPHS.search(heard), heard
    # One line, read as one: "…of hearts.", not "…of hearts ." (words set apart as a block).
    assert re.search(r'listitem: "You are dealt seven cards: (ace|[2-9]|10|jack|queen|king)'
                     r' of \w+, [\w ,]+ of \w+\."', heard), heard
    line = page.locator(".log li:has-text('You are dealt')")
    assert re.search(r"You are dealt seven cards: (10|[2-9AJQK])[♣♦♥♠] ", line.inner_text())
    # Copied, the line is what it shows, not that and its words beside it.
    copied = line.evaluate("""(li) => { const whole = document.createRange();
        whole.selectNodeContents(li); getSelection().removeAllRanges();
        getSelection().addRange(whole); return getSelection().toString(); }""")
    assert re.fullmatch(r"You are dealt seven cards:( (10|[2-9AJQK])[♣♦♥♠])+\.", copied), copied


def test_your_laid_pairs_are_named_in_words(page: Any, live_server: LiveServer) -> None:
    # Seed 7 deals you 5♥ 5♠, laid at once as a pair (the pairs house rule): the shelf
    # named it "pair of 5s: 5♥ 5♠", suits read as symbols or not at all.
    open_table(page, live_server, seed=7, pairs=True)
    pair = page.locator(".shelf-book")
    assert pair.get_attribute("aria-label") == "pair of 5s: 5 of hearts, 5 of spades"


def test_a_hint_naming_a_card_is_read_out_in_words(page: Any, live_server: LiveServer) -> None:
    # Under "ask for a card", asking for a card you hold is explained, not sent (R3).
    page.goto(f"{live_server.url}/?seed=11&speed=0&pace=0.02")
    page.click(".house-rules summary")
    page.select_option("select[name=ask]", "card")
    page.click("#deal")
    page.wait_for_function("() => document.querySelector('#table').dataset.phase === 'ask'")
    page.evaluate(RECORD_WHAT_IS_READ)
    page.click(".rank-group >> nth=0")
    page.click(".suit-button[aria-disabled=true] >> nth=0", force=True)  # a suit you hold
    page.wait_for_function("() => document.querySelector('#hint').textContent"
                           ".startsWith('You already hold')")
    said: list[str] = page.evaluate("() => window.said")
    spoken = [line for line in said if line.startswith("You already hold")]
    assert spoken and not SUIT_GLYPHS.search(spoken[-1]) and A_CARD_IN_WORDS.search(spoken[-1])


def test_the_words_beside_the_suit_buttons_name_cards_in_words(
    page: Any, live_server: LiveServer
) -> None:
    # Seed 9 (pairs, ask for a card) deals Emma Q♣ Q♦, laid at once; you hold Q♠. The line
    # above the suit buttons, "(Q♣ and Q♦ are on the table)", and the hint of a laid card
    # pressed, "The Q♦ is already on the table", were read as symbols, or without suits.
    deal_asking_for_cards(page, live_server, seed=9, pairs=True)
    assert wait_for_my_move(page) == "ask"
    page.click('.rank-group[data-rank="Q"]')
    page.wait_for_selector(".suit-chooser:not([hidden])")
    question = page.locator(".suit-question").aria_snapshot()
    assert "queen of clubs and queen of diamonds are on the table" in question, question
    page.click('.suit-button[data-card="QD"]', force=True)  # aria-disabled: it explains
    hint = page.locator("#hint").aria_snapshot()
    assert "The queen of diamonds is already on the table" in hint, hint
    assert "The Q♦ is already on the table" in page.inner_text("#hint")  # shown as printed


def test_cards_in_a_row_are_read_as_a_list(page: Any, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/?speed=0")
    spoken = page.evaluate("""async () => (await import('/static/js/cards.js'))
        .cardsInWords('You are dealt five cards: A♦ 3♣ 10♠ J♥ Q♦. Emma (K♠) asks for 9s.')""")
    assert spoken == ("You are dealt five cards: ace of diamonds, 3 of clubs, 10 of spades,"
                      " jack of hearts, queen of diamonds. Emma (king of spades) asks for 9s.")


def test_a_replays_steps_are_read_out_with_their_cards_in_words(
    page: Any, live_server: LiveServer
) -> None:
    # The replay's narration is a live region: its steps are read out as they are shown.
    open_table(page, live_server, seed=11)
    play_by_clicking(page, until="() => document.querySelectorAll('.log li').length > 12")
    game_id = page.evaluate("location.hash").removeprefix("#/play/")
    page.goto(f"{live_server.url}/?speed=0#/replay/{game_id}")
    page.wait_for_selector(".replay-text li")
    heard = [page.locator(".replay-text").aria_snapshot()]
    shown = page.inner_text(".replay-text")
    for _ in range(3):
        page.click("#replay-next")
        heard.append(page.locator(".replay-text").aria_snapshot())
    assert not [step for step in heard if SUIT_GLYPHS.search(step)], heard
    assert "You are dealt seven cards: " in heard[0] and A_CARD_IN_WORDS.search(heard[0])
    assert "You are dealt seven cards: " in shown and SUIT_GLYPHS.search(shown)  # as printed


def test_an_opponents_pairs_are_read_in_words(page: Any, live_server: LiveServer) -> None:
    # Seed 9 (pairs, ask for a card) deals Emma 4♣ 4♦ and Q♣ Q♦, laid at once (R3). Her
    # seat read them as a bare "4 Q", where the rooms' seats and your shelf say words.
    deal_asking_for_cards(page, live_server, seed=9, pairs=True)
    assert wait_for_my_move(page) == "ask"
    heard = page.locator(".opponents").aria_snapshot()
    # Read whole: the name, the count, the pairs in words, and no bare ranks around them.
    assert heard.endswith(': "Emma 3 cards Pairs (2): 4s (4 of clubs, 4 of diamonds),'
                          ' queens (queen of clubs, queen of diamonds)"'), heard
    assert page.locator(".opponents .book-chip").all_inner_texts() == ["4", "Q"]  # as shown


def test_an_opponents_books_are_read_in_words_on_their_button_and_counted_once(
    page: Any, live_server: LiveServer
) -> None:
    # With two opponents each seat is a button, read by its label and no more: which books
    # they were was read nowhere, or as "A 5". Then the label said "Emma: 10 cards, 2 books"
    # and its description "Books (2): 7s, jacks": the count twice. A seat with no books
    # still says "0 books".
    open_table(page, live_server, seed=11, players=3)
    play_by_clicking(page, until="() => document.querySelector('.opponents .book-chip')")
    seat = page.locator("button.opponent:has(.book-chip)").first
    chips = seat.locator(".book-chip").all_inner_texts()
    words = {"A": "aces", "J": "jacks", "Q": "queens", "K": "kings"}
    books = ", ".join(words.get(rank, f"{rank}s") for rank in chips)
    expect(seat).to_have_accessible_description(f"Books ({len(chips)}): {books}")
    assert not re.search(r"\b[2-9AJQK]\b", seat.aria_snapshot())
    name = page.evaluate("(seat) => seat.getAttribute('aria-label')", seat.element_handle())
    assert not re.search(r"\bbooks?\b", name), name
    bare = page.locator("button.opponent:not(:has(.book-chip))")
    for index in range(bare.count()):
        assert ", 0 books" in (bare.nth(index).get_attribute("aria-label") or "")
        assert bare.nth(index).get_attribute("aria-describedby") is None


def test_a_single_opponents_seat_reads_its_books_once(
    page: Any, live_server: LiveServer
) -> None:
    # Against one opponent the seat is a group: its label said "Emma: 9 cards, 2 books"
    # and its content then read "Books (2): 7s, jacks" (or "no books"): said twice.
    open_table(page, live_server, seed=11)
    seat = page.locator(".opponents [role=group]")
    bare = seat.get_attribute("aria-label") or ""
    assert not re.search(r"\bbooks?\b", bare), bare
    assert "no books" in seat.inner_text()  # its content still says it
    play_by_clicking(page, until="() => document.querySelector('.opponents .book-chip')")
    name = seat.get_attribute("aria-label") or ""
    assert not re.search(r"\bbooks?\b", name), name
    count = len(seat.locator(".book-chip").all_inner_texts())
    heard = seat.aria_snapshot()
    assert len(re.findall(r"\bbooks?\b", heard, re.IGNORECASE)) == 1, heard
    assert f"Books ({count}): " in heard, heard
