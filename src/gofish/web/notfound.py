"""The page a browser gets for an address that leads nowhere.

A person who follows a broken link (``/games/12``, a mistyped room code) should
see a page with a way back, not ``{"detail":"Not Found"}``. Addresses that
scripts call (``/api/…``, ``/ws/…``) keep their JSON answers.
"""

from __future__ import annotations

import html
import unicodedata
from dataclasses import dataclass
from urllib.parse import quote

from starlette.responses import HTMLResponse

JSON_PREFIXES = ("/api/", "/ws/")

_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>{title}</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body>
  <header class="top">
    <a class="brand" href="{home}">Go Fish</a>
    <nav aria-label="Pages">{nav}</nav>
  </header>
  <main id="main">
    <h1>{heading}</h1>
    <p class="lede">{reason}</p>
    <p><a class="button-link" href="{home}">{back}</a></p>
  </main>
</body>
</html>
"""


@dataclass(frozen=True)
class Links:
    """Where a page of this kind leads: its header's pages and the one way back."""

    home: str
    back: str
    nav: tuple[tuple[str, str], ...]


EVERY_PAGE = Links("/", "Back to Go Fish",
                   (("/", "New game"), ("/#/history", "History"), ("/rooms", "Rooms")))
#: For a visitor of a rooms server, who may not open its table against the computer.
ROOMS_ONLY = Links("/rooms", "Go to the rooms", (("/rooms", "Rooms"),))


def page(title: str, heading: str, reason: str, links: Links = EVERY_PAGE) -> str:
    """A page of words with a way on (``reason`` is plain text: it is escaped here)."""
    nav = "".join(f'<a href="{href}">{html.escape(text)}</a>' for href, text in links.nav)
    filled = {"title": html.escape(title), "heading": html.escape(heading),
              "reason": html.escape(reason), "home": links.home,
              "back": html.escape(links.back), "nav": nav}
    return _PAGE.format(**filled)


def wants_json(path: str) -> bool:
    """Whether ``path`` is one that scripts call, which keeps a JSON error."""
    return path.startswith(JSON_PREFIXES)


def not_found_page(reason: str, headers: dict[str, str] | None = None,
                   links: Links = EVERY_PAGE) -> HTMLResponse:
    """A 404 page saying ``reason``, with ``links`` as its ways on."""
    return HTMLResponse(page("Not found · Go Fish", "Nothing here", reason, links),
                        status_code=404, headers=headers)


def no_page_at(path: str) -> str:
    return f"There is no page at {readable_path(path)}. The link may be old or mistyped."


def readable_path(path: str) -> str:
    """``path`` with its control characters written as the address bar writes them (%00):
    shown as they are, /%00 read "There is no page at /.", a page that is there."""
    return "".join(quote(char) if unicodedata.category(char) == "Cc" else char for char in path)


def wrong_method(method: str, path: str, allowed: str) -> str:
    """A request with a method the address does not take, in words (the web API and rooms)."""
    return f"{method} is not accepted at {path}: use {allowed}"


def websocket_only(method: str, path: str) -> str:
    """A plain HTTP request to a websocket's address, in words."""
    return f"{path} takes a websocket connection, not a {method} request"
