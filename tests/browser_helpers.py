"""What the browser tests of the single-player table and the rooms share: how chromium is
started, and measurements."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")

# Features playwright turns off when it starts chromium (its chromiumSwitches): a second
# --disable-features replaces the first instead of adding to it, so ours repeats them.
# test_browser_launch.py checks that none of playwright's is lost.
PLAYWRIGHT_DISABLED_FEATURES = (
    "AimEnabled", "AvoidCorsURLLoaderRestartOnRedirect", "AvoidUnnecessaryBeforeUnloadCheckSync",
    "DestroyProfileOnBrowserClose", "HttpsFirstBalancedModeAutoEnable", "HttpsUpgrades",
    "LensOverlay", "MediaRouter", "NetworkTimeServiceQuerying", "OptimizationHints",
    "PaintHolding", "PreconnectToSearch", "TcpPortRandomizationWin",
    "ThirdPartyStoragePartitioning", "msForceBrowserSignIn",
    "msEdgeUpdateLaunchServicesPreferredVersion",
)
# Headless chromium still loads the address bar's drop-down (a web page of its own, in a
# renderer of its own) and keeps it up to date as pages load: about a sixth of the
# browser tests' CPU time, for a bar no test can see.
UNSEEN_BROWSER_UI = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--disable-features=" + ",".join(PLAYWRIGHT_DISABLED_FEATURES + UNSEEN_BROWSER_UI),
]


def playwright_or_skip() -> Any:
    """playwright's sync API; the test is skipped without it or without Debian's chromium."""
    if not CHROMIUM.exists():
        pytest.skip("Debian chromium is not installed (scripts/setup-test-system.sh installs it)")
    return pytest.importorskip("playwright.sync_api")


def launch(playwright: Any) -> Any:
    """Debian's chromium, started by ``playwright`` with the tests' flags."""
    return playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)


def launched_chromium() -> Iterator[Any]:
    """A chromium started with the tests' flags, for a fixture to yield from and close."""
    with playwright_or_skip().sync_playwright() as playwright:
        chromium = launch(playwright)
        yield chromium
        chromium.close()


class SharedChromium:
    """One chromium for the browser tests a worker runs one after another, across modules.

    A launch (playwright's driver, chromium, its first renderer) costs a second or two, once
    per module before. It cannot simply last the whole session: while playwright is started
    it marks its event loop as running in this thread, so asyncio.run and Textual's run_test
    refuse to start. Whoever uses it must call ``close`` before any test that does not use
    it runs (a pytest_runtest_teardown hook that looks at the next test)."""

    def __init__(self) -> None:
        self._playwright: Any = None
        self._chromium: Any = None

    def open(self) -> Any:
        """The running chromium, started first if it is not running."""
        if self._chromium is None:
            playwright = playwright_or_skip().sync_playwright().start()
            try:
                self._chromium = launch(playwright)
            except BaseException:
                playwright.stop()
                raise
            self._playwright = playwright
        return self._chromium

    def close(self) -> None:
        """Close chromium and stop playwright, which lets go of the event loop."""
        chromium, playwright = self._chromium, self._playwright
        self._chromium = self._playwright = None
        try:
            if chromium is not None:
                chromium.close()
        finally:
            if playwright is not None:
                playwright.stop()


def cut_menus(page: Any, selector: str) -> list[str]:
    """The names of the menus matching ``selector`` too narrow for their longest choice:
    narrower than the browser makes each when it sizes it to its choices (text, padding
    and arrow; a hidden menu, 0 px wide, counts as cut)."""
    return list(page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter((select) => {
            const width = select.getBoundingClientRect().width;
            const { width: before, justifySelf, maxWidth } = select.style;
            select.style.width = 'max-content';
            select.style.justifySelf = 'start';  // a grid would stretch it
            select.style.maxWidth = 'none';  // max-width: 100% would hide the cut
            const natural = select.getBoundingClientRect().width;
            Object.assign(select.style, { width: before, justifySelf, maxWidth });
            return width + 0.5 < natural;
        }).map((select) => select.name || select.id)""", selector))


def spoken(page: Any) -> dict[str, Any]:
    """From chromium's accessibility tree: the alerts' words and the focused field's
    description, as a screen reader is given them."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    alerts = [node for node in nodes if node.get("role", {}).get("value") == "alert"]
    by_id = {node["nodeId"]: node for node in nodes}

    def text(node: dict[str, Any]) -> str:
        own = node.get("name", {}).get("value", "") if node.get("role", {}).get(
            "value") in ("StaticText", "text") else ""
        return own + "".join(text(by_id[child]) for child in node.get("childIds", [])
                             if child in by_id)

    focused = [node for node in nodes if node.get("role", {}).get("value") != "RootWebArea"
               and any(prop["name"] == "focused" and prop["value"]["value"]
                       for prop in node.get("properties", []))][-1]
    return {"alerts": [text(alert) for alert in alerts],
            "description": focused.get("description", {}).get("value", "")}


def crowded_cards(page: Any, selector: str) -> list[str]:
    """What is wrong with how the cards matching ``selector`` lie, as drawn (tilts
    included): pairs whose boxes intersect, cards not wholly inside the window's width,
    and a page wider than the window; none of it, an empty list. Measured in one go: a
    move made meanwhile redraws the cards."""
    return list(page.evaluate("""(selector) => {
        const boxes = [...document.querySelectorAll(selector)]
            .map((card) => card.getBoundingClientRect());
        const faults = [];
        if (!boxes.length) faults.push(`no card matches ${selector}`);
        boxes.forEach((a, i) => {
            if (a.left < 0 || a.right > innerWidth) faults.push(`card ${i + 1} is cut at the side`);
            boxes.slice(i + 1).forEach((b, j) => {
                if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) {
                    faults.push(`cards ${i + 1} and ${i + j + 2} overlap`);
                }
            });
        });
        const wide = document.documentElement.scrollWidth;
        if (wide > innerWidth) faults.push(`the page is ${wide} px wide, the window ${innerWidth}`);
        return faults; }""", selector))


def out_of_reach(page: Any, selector: str) -> list[str]:
    """Which of the elements matching ``selector`` a player could not tap as the page
    stands, unscrolled: each not wholly inside the window, or with something else over
    its middle (a bubble lets taps through, so it is not counted), named by its words or
    its aria-label; none, an empty list. Measured in one go: a move redraws the table."""
    return list(page.evaluate("""(selector) => [...document.querySelectorAll(selector)]
        .filter((node) => {
            const box = node.getBoundingClientRect();
            const inside = box.top >= 0 && box.left >= 0
                && box.bottom <= innerHeight && box.right <= innerWidth;
            if (!inside) return true;
            const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
            return !node.contains(hit);
        }).map((node) => node.getAttribute('aria-label') || node.textContent.trim())""", selector))


def small_text(page: Any, selector: str) -> list[str]:
    """The words shown inside ``selector`` in type under 11 px (too small to read on a
    phone), each with its size; none, an empty list."""
    return list(page.evaluate("""(selector) => [...document.querySelectorAll(`${selector} *`)]
        .filter((node) => node.checkVisibility() && !node.closest('.visually-hidden')
            && [...node.childNodes].some((child) => child.nodeType === Node.TEXT_NODE
                && child.textContent.trim())
            && parseFloat(getComputedStyle(node).fontSize) < 11)
        .map((node) => `${node.textContent.trim()} (${getComputedStyle(node).fontSize})`)""",
        selector))
