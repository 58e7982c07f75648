"""An opponent still chosen is said: by the status line and by the hand's buttons.

With three players or more, the opponent asked stays chosen (after a hit, and into the
player's next turn), so a rank then asks them at once (R7: a hit keeps the turn). The
status line still said "choose an opponent and a rank", and the hand's buttons "Ask for
7s": a screen reader's user pressed a rank expecting to be asked whom, and asked an
opponent chosen turns before."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_accessibility import RECORD_WHAT_IS_READ
from .test_browser import open_table, wait_for_my_move

pytestmark = pytest.mark.browser

CHOSEN = "() => document.querySelector('button.opponent[aria-pressed=true] .name')?.textContent"


def first_opponent_with_cards(page: Any) -> tuple[str, str]:
    """The seat and name of the first opponent who can be asked."""
    button = page.locator("button.opponent:not(.out)").first
    return str(button.get_attribute("data-seat")), button.locator(".name").inner_text()


def test_the_chosen_opponent_is_said_until_the_rank_is_pressed(
    page: Any, live_server: LiveServer
) -> None:
    open_table(page, live_server, seed=4, players=3)
    assert wait_for_my_move(page) == "ask"
    page.evaluate(RECORD_WHAT_IS_READ)
    seat, name = first_opponent_with_cards(page)
    page.focus(f"button.opponent[data-seat='{seat}']")
    page.keyboard.press("Enter")
    status = f"Your turn: choose a rank from your hand to ask {name} for, or another opponent."
    assert page.inner_text("#status") == status
    label = page.get_attribute(".rank-group >> nth=0", "aria-label")
    assert label.endswith(f" Ask {name} for {label.rsplit(' ', 1)[-1]}"), label
    # Said once, by the status line: not again by the announcer.
    assert page.evaluate("() => window.statuses") == [status]
    assert page.evaluate("() => window.said") == []


def test_an_opponent_kept_from_an_earlier_ask_is_named_on_the_next(
    page: Any, live_server: LiveServer
) -> None:
    open_table(page, live_server, seed=4, players=3)
    for _ in range(40):  # ask the first opponent until the turn comes round again
        assert wait_for_my_move(page) == "ask"
        kept = page.evaluate(CHOSEN)
        if kept:
            break
        seat, _ = first_opponent_with_cards(page)
        page.click(f"button.opponent[data-seat='{seat}']")
        version = page.get_attribute("#table", "data-version")
        page.click(".rank-group >> nth=0")
        page.wait_for_function(
            "(v) => document.querySelector('#table').dataset.version !== v", arg=version)
    assert kept, "no opponent stayed chosen: choose another seed"
    assert page.inner_text("#status") == (
        f"Your turn: choose a rank from your hand to ask {kept} for, or another opponent.")
    assert f" Ask {kept} for " in page.get_attribute(".rank-group >> nth=0", "aria-label")
    page.keyboard.press("Escape")  # nobody chosen: the words go back to choosing one
    assert page.inner_text("#status") == (
        "Your turn: choose an opponent and a rank from your hand to ask for.")
    assert " Ask for " in page.get_attribute(".rank-group >> nth=0", "aria-label")
