"""The page a browser gets for an address that leads nowhere.

A person who follows a broken link (``/games/12``, a mistyped room code) should
see a page with a way back, not ``{"detail":"Not Found"}``. Addresses that
scripts call (``/api/…``, ``/ws/…``) keep their JSON answers.
"""

from __future__ import annotations

import html

from starlette.responses import HTMLResponse

JSON_PREFIXES = ("/api/", "/ws/")

_PAGE = """<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Not found · Go Fish</title>
  <link rel="icon" href="/static/favicon.svg" type="image/svg+xml">
  <link rel="stylesheet" href="/static/style.css">
</head>
<body>
  <header class="top">
    <a class="brand" href="/">Go Fish</a>
    <nav aria-label="Pages">
      <a href="/">New game</a><a href="/#/history">History</a><a href="/rooms">Rooms</a>
    </nav>
  </header>
  <main id="main">
    <h1>Nothing here</h1>
    <p class="lede">{reason}</p>
    <p><a class="button-link" href="/">Back to Go Fish</a></p>
  </main>
</body>
</html>
"""


def wants_json(path: str) -> bool:
    """Whether ``path`` is one that scripts call, which keeps a JSON error."""
    return path.startswith(JSON_PREFIXES)


def not_found_page(reason: str, headers: dict[str, str] | None = None) -> HTMLResponse:
    """A 404 page saying ``reason`` (plain text: it is escaped here)."""
    return HTMLResponse(_PAGE.replace("{reason}", html.escape(reason)), status_code=404,
                        headers=headers)


def no_page_at(path: str) -> str:
    return f"There is no page at {path}. The link may be old or mistyped."


def wrong_method(method: str, path: str, allowed: str) -> str:
    """A request with a method the address does not take, in words (the web API and rooms)."""
    return f"{method} is not accepted at {path}: use {allowed}"


def websocket_only(method: str, path: str) -> str:
    """A plain HTTP request to a websocket's address, in words."""
    return f"{path} takes a websocket connection, not a {method} request"
