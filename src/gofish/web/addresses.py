"""Whom a request or socket comes from, as the per-address limits count them."""

from __future__ import annotations

from starlette.requests import HTTPConnection


def client_address(connection: HTTPConnection) -> str:
    """The client's address, as the join limit and the watchers' limit count them."""
    return connection.client.host if connection.client is not None else "unknown"
