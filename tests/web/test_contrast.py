"""Small and secondary text on the table is readable: WCAG AA contrast (4.5:1).

The page is drawn on a felt gradient, under translucent panels, so a text's
background is not one colour. Each text is measured against the lightest
colour it may sit on: the translucent layers above it composited over the
palest stop of the gradient (or the plain colour) beneath them.
"""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table

pytestmark = pytest.mark.browser

AA_SMALL_TEXT = 4.5

#: For every element matching the selector: its text colour and the worst
#: contrast ratio against the backgrounds it may sit on.
WORST_CONTRAST = r"""(selector) => {
  const parse = (text) => (text.match(/rgba?\([^)]*\)/g) || []).map((c) => {
    const n = c.match(/[\d.]+/g).map(Number);
    return [n[0], n[1], n[2], n.length > 3 ? n[3] : 1];
  });
  const over = (top, under) => top.slice(0, 3).map((v, i) => v * top[3] + under[i] * (1 - top[3]));
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      v /= 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const shown = [...document.querySelectorAll(selector)]
    .filter((el) => el.offsetParent && el.textContent.trim());
  return shown.map((el) => {
    const layers = [];  // translucent backgrounds, nearest first
    let bases = [[255, 255, 255]];  // the page itself if nothing opaque is found
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const colour = parse(style.backgroundColor)[0];
      if (colour && colour[3] > 0) {
        if (colour[3] >= 1) { bases = [colour.slice(0, 3)]; break; }
        layers.push(colour);
      }
      const stops = style.backgroundImage === 'none' ? [] : parse(style.backgroundImage);
      if (stops.length) { bases = stops.map((s) => s.slice(0, 3)); break; }
    }
    const ink = parse(getComputedStyle(el).color)[0];
    const worst = Math.min(...bases.map((base) => {
      const seen = layers.reduceRight((under, top) => over(top, under), base);
      return ratio(ink[3] < 1 ? over(ink, seen) : ink.slice(0, 3), seen);
    }));
    return { text: el.textContent.trim().slice(0, 30), worst };
  });
}"""


def worst_contrasts(page: Any, selector: str) -> list[dict[str, Any]]:
    return list(page.evaluate(WORST_CONTRAST, selector))


@pytest.mark.parametrize(("preset", "players"), [("classic", 2), ("bicycle", 4)])
def test_secondary_text_on_the_table_meets_aa_contrast(
    page: Any, live_server: LiveServer, preset: str, players: int
) -> None:
    # "no books" under each opponent was #bcd6c8 on the lit centre of the felt: 4.3:1.
    open_table(page, live_server, seed=3, preset=preset, players=players)
    page.evaluate("document.querySelector('.coach-panel').open = true")
    checked = 0
    for selector in (".no-books", ".count", ".coach-help", ".hint", ".opponent .name"):
        for found in worst_contrasts(page, selector):
            checked += 1
            assert found["worst"] >= AA_SMALL_TEXT, (selector, found)
    assert checked >= players, "the table's secondary texts were not found"


def test_the_start_page_text_meets_aa_contrast(page: Any, live_server: LiveServer) -> None:
    page.goto(f"{live_server.url}/")
    page.wait_for_selector(".preset span")
    found = worst_contrasts(page, ".lede, .preset span")
    assert found, "the start page's descriptions were not found"
    assert min(f["worst"] for f in found) >= AA_SMALL_TEXT, found
