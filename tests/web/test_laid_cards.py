"""The browser table under pairs (``book_size: 2``) with ``ask: card``: the cards of a laid
pair go down face up (R3) and are not offered as suits to ask for. Such an ask is legal
(R5: you hold the rank, not the card) but nobody could hand the card over."""

from __future__ import annotations

import json
from typing import Any

import pytest
from tests.core.stacked import cards, deal

import gofish
from gofish.web import GameSession, Seat

from .conftest import LiveServer, screenshot
from .test_browser import deal_asking_for_cards, wait_for_my_move
from .test_session import Page, run

PAIRS_BY_CARD = {"book_size": 2, "ask": "card"}


def test_the_state_and_the_event_name_the_laid_cards_for_every_page() -> None:
    async def scenario() -> None:
        # Ben was dealt 7♠ 7♥ (a pair, R3, R4); Ann holds 7♦, Cy 7♣.
        game = deal("classic", ["7D 2 3", "7S 7H 4", "7C 5 6"], **PAIRS_BY_CARD)
        session = GameSession(game, [Seat("Ann", None), Seat("Ben", None), Seat("Cy", None)],
                              pace=0)
        pages = [Page(), Page(), Page()]
        for seat, page in enumerate(pages):
            await session.connect(seat, page.send)
        for page in pages:  # public: every seat sees the same laid cards
            players = page.last["state"]["players"]
            assert [p["laid"] for p in players] == [[], ["7H", "7S"], []]
            assert [p["books"] for p in players] == [[], ["7"], []]
            laid = [e for e in page.last["events"] if e["type"] == "book_laid"]
            assert [(e["player"], e["rank"], e["cards"]) for e in laid] == [(1, "7", ["7H", "7S"])]

    run(scenario)


@pytest.mark.browser
def test_a_laid_card_is_marked_on_the_table_and_not_asked_for(
    page: Any, live_server: LiveServer
) -> None:
    # Seed 9 deals you Q♠ and Emma Q♦ Q♣, laid at once as a pair; you ask first.
    rules = gofish.make_rules("classic", **PAIRS_BY_CARD)
    dealt = gofish.new_game(rules, players=2, seed=9)
    assert dealt.current_player == 0 and dealt.laid[1][-2:] == cards("QC QD")
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: frames.append(str(frame))))
    deal_asking_for_cards(page, live_server, seed=9, pairs=True)
    assert wait_for_my_move(page) == "ask"
    chip = page.locator('.opponents .book-chip:has-text("Q")')
    assert chip.get_attribute("title") == "pair of queens: Q♣ Q♦"
    page.click('.rank-group[data-rank="Q"]')
    page.wait_for_selector(".suit-chooser:not([hidden])")
    laid = page.locator(".suit-button.laid")
    assert laid.evaluate_all("(bs) => bs.map((b) => b.dataset.card)") == ["QC", "QD"]
    assert laid.evaluate_all("(bs) => bs.map((b) => b.getAttribute('aria-disabled'))") == [
        "true", "true"]
    assert "on the table, in Emma's pair" in str(laid.first.get_attribute("aria-label"))
    offered = page.locator(".suit-button[aria-disabled=false]")
    assert offered.evaluate_all("(bs) => bs.map((b) => b.dataset.card)") == ["QH"]
    assert "Q♣ and Q♦ are on the table" in page.inner_text(".suit-question")
    screenshot(page, "ask-card-laid-pair")
    log_before = page.locator(".log li").count()
    page.click('.suit-button[data-card="QD"]', force=True)  # aria-disabled: it explains
    assert "The Q♦ is already on the table, in Emma's pair of queens" in page.inner_text("#hint")
    page.click(".suit-button[aria-disabled=false]")
    page.wait_for_function(f"() => document.querySelectorAll('.log li').length > {log_before}")
    assert "Q♥" in page.inner_text(".log")
    # Sent in order, so a laid card asked for would show before the Q♥: only one ask went.
    asks = [json.loads(frame) for frame in frames if '"type":"ask"' in frame.replace(" ", "")]
    assert [(ask["rank"], ask["suit"]) for ask in asks] == [("Q", "H")], asks
