"""The result and the history on a short screen: a 360-pixel phone held sideways (640 x 360),
which is also a 1280 x 720 window zoomed to 200%."""

from __future__ import annotations

from typing import Any

import pytest
from tests.storage.helpers import played_game

from gofish.storage import open_store

from .conftest import LiveServer
from .test_result_words import deal_a_game_over_at_once, rewrite_the_result

pytestmark = pytest.mark.browser

SIDEWAYS = {"width": 640, "height": 360}

#: Whether the selected element can be seen and clicked, its top and its foot (nothing over it).
IN_SIGHT = """(selector) => {
    const target = document.querySelector(selector);
    const box = target.getBoundingClientRect();
    return [box.top + 3, box.bottom - 3].every((y) => {
        const hit = document.elementFromPoint(box.x + box.width / 2, y);
        return target === hit || target.contains(hit);
    });
}"""


def test_the_header_bar_never_covers_the_results_title(page: Any, live_server: LiveServer) -> None:
    # The bar stays above the result (its links work at the end of a game); scrolled to
    # the top of a short screen, it hid the result's title, "Emma wins".
    page.set_viewport_size(SIDEWAYS)
    # Five seats, as a five-player game ends: the result is taller than the screen.
    names = ["You", "Emma", "Randy", "Emma 2", "Randy 2"]
    rewrite_the_result(page, standings=[
        {"seat": seat, "name": name, "books": 0} for seat, name in enumerate(names)])
    deal_a_game_over_at_once(page, live_server)
    page.evaluate("() => { document.querySelector('#result').scrollTop = 0; scrollTo(0, 0); }")
    # Once the page's scroll handler has run (within 50 ms, or later on a loaded machine).
    page.wait_for_function(IN_SIGHT, arg="#result-title")
    # Scrolled to the end, the last button is there to click.
    page.evaluate("() => { document.querySelector('#result').scrollTop = 1e6; }")
    assert page.evaluate(IN_SIGHT, "#close-result")
    # The page links still work while the result is open.
    assert page.evaluate(IN_SIGHT, "nav a[href='#/history']")


def test_the_historys_books_stay_on_one_line(page: Any, live_server: LiveServer) -> None:
    # "3–2–1–" above "5–2" read as two scores, or a sum.
    seats = [{"name": "Zoë the Magnificent Play", "bot": None}] + [
        {"name": name, "bot": "random"} for name in ("Randy", "Rita", "Rob", "Ruth")]
    with open_store(live_server.database) as store:
        game_id = store.save(played_game("classic", players=5, seed=2).to_record(), seats=seats)
    page.set_viewport_size(SIDEWAYS)
    page.goto(f"{live_server.url}/?speed=0#/history")
    # The fifth column, "Books".
    cell = page.locator(f".history-table tr:has(a[href='#/replay/{game_id}']) td:nth-child(5)")
    lines = cell.evaluate("""(td) => { const range = document.createRange();
        range.selectNodeContents(td);
        return new Set([...range.getClientRects()].map((rect) => rect.top)).size; }""")
    assert lines == 1
