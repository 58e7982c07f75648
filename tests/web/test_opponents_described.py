"""The start form says what each opponent it offers is like, as `gofish bots` does.

The opponent menus listed "Randy (random)" to "ISMCTS (ismcts)" and nothing else: a player
looking for an opponent they could sometimes beat had no way to tell the gentle ones from
the merciless ones, though /api/setup sent every bot's description."""

from __future__ import annotations

from typing import Any

import pytest

from gofish.bots import available_bots

from .conftest import LiveServer

pytestmark = pytest.mark.browser

DESCRIBED = """(id) => { const select = document.getElementById(id);
    const about = document.getElementById(select.getAttribute('aria-describedby'));
    return about ? about.textContent : null; }"""


def test_each_opponent_menu_describes_its_bot_and_its_strength(
    page: Any, live_server: LiveServer
) -> None:
    bots = {info.name: info for info in available_bots()}
    strongest = max(info.strength for info in bots.values())
    page.goto(f"{live_server.url}/?speed=0")
    page.wait_for_selector("#deal")
    page.select_option("#players", "3")
    for select, name in (("opponent1", "emma"), ("opponent2", "random")):  # the defaults
        said = page.evaluate(DESCRIBED, select)
        assert said == f"Strength {bots[name].strength} of {strongest} — {bots[name].description}"
    page.select_option("#opponent2", "ismcts")
    assert page.evaluate(DESCRIBED, "opponent2") == (
        f"Strength {strongest} of {strongest} — {bots['ismcts'].description}")
