"""Speech bubbles keep clear of the words that say what to do.

On a window zoomed to 200% (a 1280 × 860 window is a 640 × 430 page) a bubble said under
an opponent's seat lay over the status line beside the pond, "Your turn: choose…" half
hidden just as it was said, and over the hint and the suit buttons: the bubbles kept
clear of the pond and the hand only."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table, play_by_clicking

pytestmark = pytest.mark.browser

# Every frame: each bubble's overlap with the text of the status line, the hint and the
# suit buttons (the words themselves: a line's box spans its column, mostly empty).
WATCH_THE_PROMPT = """() => {
    const watch = {said: 0, over: []};
    window.promptWatch = watch;
    new MutationObserver((changes) => {
        for (const change of changes) watch.said += change.addedNodes.length;
    }).observe(document.querySelector('.bubbles'), {childList: true});
    const tick = () => {
        for (const bubble of document.querySelectorAll('.bubble')) {
            const b = bubble.getBoundingClientRect();
            for (const node of document.querySelectorAll('#status, #hint, .suit-chooser')) {
                if (node.hidden || !node.textContent) continue;
                const words = document.createRange();
                words.selectNodeContents(node);
                const a = words.getBoundingClientRect();
                const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
                const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
                const line = `"${bubble.textContent}" over "${node.textContent}"`;
                if (w > 0.5 && h > 0.5 && !watch.over.includes(line)) watch.over.push(line);
            }
        }
        requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
}"""


@pytest.mark.parametrize(("width", "height"), [(640, 430), (1280, 800)])
def test_bubbles_leave_the_status_line_and_the_hint_in_view(
    page: Any, live_server: LiveServer, width: int, height: int
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_table(page, live_server, seed=3, preset="bicycle", players=4, query="&pace=0.15")
    page.evaluate(WATCH_THE_PROMPT)
    play_by_clicking(page, until="() => window.promptWatch.said >= 24")
    watch = page.evaluate("window.promptWatch")
    assert watch["said"] >= 24, watch
    assert watch["over"] == [], watch["over"]
