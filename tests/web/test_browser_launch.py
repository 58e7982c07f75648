"""The browser tests' chromium flags turn features off without turning playwright's back on.

Chromium keeps only the last ``--disable-features``: ours replaces the list playwright
passes (so tests/browser_helpers.py repeats it). A playwright upgrade that disables one
more feature would lose it silently; this test names it instead.
"""

from __future__ import annotations

import re
from typing import Any

import pytest
from tests.browser_helpers import (
    CHROMIUM,
    CHROMIUM_ARGS,
    UNSEEN_BROWSER_UI,
    playwright_or_skip,
)

pytestmark = pytest.mark.browser


def disabled_features(playwright: Any, args: list[str]) -> set[str]:
    """The features a chromium started with ``args`` reports as turned off."""
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=args)
    try:
        page = browser.new_page()
        page.goto("chrome://version/?show-variations-cmd")
        text = page.inner_text("body")
    finally:
        browser.close()
    found = re.search(r'--disable-features="([^"]*)"', text)
    assert found, f"chrome://version did not list the features turned off: {text[:500]}"
    return set(found.group(1).split(","))


def test_our_flags_keep_every_feature_playwright_turns_off() -> None:
    sync_api = playwright_or_skip()
    plain_args = [arg for arg in CHROMIUM_ARGS if not arg.startswith("--disable-features=")]
    with sync_api.sync_playwright() as playwright:
        playwrights = disabled_features(playwright, plain_args)
        ours = disabled_features(playwright, CHROMIUM_ARGS)
    assert "AimEnabled" in playwrights  # one playwright is known to turn off
    assert playwrights <= ours, f"add to PLAYWRIGHT_DISABLED_FEATURES: {playwrights - ours}"
    assert set(UNSEEN_BROWSER_UI) <= ours
