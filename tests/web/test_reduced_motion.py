"""A player who asks their system for reduced motion sees nothing on the page move by
itself: no card flies and no bubble pops (table.js, style.css), and the result does not
zoom in either."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer

pytestmark = pytest.mark.browser

# The elements animated, each with its animation, whose keyframes move, turn or scale
# something (a transform): read from the style sheets and each element's computed style,
# which keeps its animation's name after the animation is over, so a slow machine that
# looks late still sees it.
MOVING_ANIMATIONS = """() => {
  const moving = new Set();
  for (const sheet of document.styleSheets) {
    const rules = [...sheet.cssRules];
    const nested = rules.flatMap((rule) => (rule.cssRules ? [...rule.cssRules] : []));
    for (const rule of [...rules, ...nested]) {
      const moves = /transform|scale|rotate|translate/.test(rule.cssText);
      if (rule instanceof CSSKeyframesRule && moves) moving.add(rule.name);
    }
  }
  return [...document.querySelectorAll('*')]
    .map((node) => [node.getAttribute('class'), getComputedStyle(node).animationName])
    .filter(([, names]) => names.split(', ').some((name) => moving.has(name)));
}"""


def test_the_result_does_not_zoom_in_under_reduced_motion(
    page: Any, live_server: LiveServer
) -> None:
    # The result dialog popped in, scaled from 85%, though the bubbles and the flying cards
    # keep still under reduced motion. At the page's own speed (speed=0 stills everything):
    # nordic, four cards each, seed 16972 deals Emma a book, and her empty hand ends the
    # game at the deal (R3, R19), so the result shows at once.
    page.emulate_media(reduced_motion="reduce")
    page.goto(f"{live_server.url}/?seed=16972&pace=0.02")
    page.check("input[name=preset][value=nordic]")
    if not page.eval_on_selector(".house-rules", "(details) => details.open"):
        page.click(".house-rules summary")
    page.fill("input[name=hand_size]", "4")
    page.click("#deal")
    page.wait_for_selector("#result:not([hidden])")
    assert page.evaluate(MOVING_ANIMATIONS) == []
