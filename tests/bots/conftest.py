"""Fixtures shared by the bot tests."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from gofish.bots.base import _REGISTRY


@pytest.fixture
def kept_registry() -> Iterator[None]:
    """The bot registry as it was before the test, whatever the test registered."""
    saved = dict(_REGISTRY)
    yield
    _REGISTRY.clear()
    _REGISTRY.update(saved)
