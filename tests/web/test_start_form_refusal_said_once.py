"""A start form refused for a choice the game cannot deal says why once to a screen reader.
The reason was both the alert beside Deal and the description of the field Deal put the
focus on (the note under the field), so it was heard twice: as the alert, then again as
the focused field was read. The alert now points to the note, which says why."""

from __future__ import annotations

from typing import Any

import pytest
from tests.browser_helpers import spoken

from .conftest import LiveServer
from .test_start_form_refusals import note, pointer_to, start_screen

pytestmark = pytest.mark.browser


@pytest.mark.parametrize(("setup", "field"), [
    ({"select[name=refill]": "none"}, "end"),
    ({"input[name=hand_size]": "14"}, "hand_size"),
    ({"#name": "x" * 25}, "name"),
])
def test_a_refused_deal_says_the_reason_once(page: Any, live_server: LiveServer,
                                             setup: dict[str, str], field: str) -> None:
    start_screen(page, live_server)
    for selector, value in setup.items():
        if selector.startswith("select"):
            page.select_option(selector, value)
        else:
            page.fill(selector, value)
    said = note(page, field)
    assert said
    page.click("#deal")
    heard = spoken(page)
    assert heard["description"] == said  # the focused field reads the reason...
    assert not [alert for alert in heard["alerts"] if said in alert]  # ...and only it
    # Beside Deal, where a sighted player looks, the way to it.
    assert page.inner_text("#start-error") == pointer_to(field)


@pytest.mark.parametrize(("bot", "option", "value"), [
    ("counter", "epsilon", "2"),  # refused by the server
    ("expert", "epsilon", "1e"),  # unreadable in the number box: refused by the page
])
def test_a_refused_bot_option_says_the_reason_once(page: Any, live_server: LiveServer,
                                                   bot: str, option: str, value: str) -> None:
    # The box Deal put the focus on was described by the alert itself: the reason was
    # heard as the alert, then again as the box was read.
    start_screen(page, live_server)
    page.select_option("#opponent1", bot)
    box = f"opponent1-{option}"
    page.locator(f"#{box}").press_sequentially(value)
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('start-error').textContent !== ''")
    said = page.inner_text(f"#{box}-refused")
    assert f"{option} must be" in said
    heard = spoken(page)
    assert heard["description"].startswith(said)  # the focused box reads the reason...
    assert not [alert for alert in heard["alerts"] if said in alert]  # ...and only it
    assert page.inner_text("#start-error") == (
        f"Not dealt: see the note under “Opponent 1's {option}”.")
    page.fill(f"#{box}", "0.5")  # mended: the note and the pointer to it go
    assert page.locator(f"#{box}-refused").count() == 0
    assert page.inner_text("#start-error") == ""
