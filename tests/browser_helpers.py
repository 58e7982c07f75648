"""Measurements shared by the browser tests of the single-player table and the rooms."""

from __future__ import annotations

from typing import Any


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
