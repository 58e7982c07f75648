"""A module that needs an optional package, imported as if that package were not installed."""

from __future__ import annotations

import importlib
import sys

import pytest


def assert_import_says_what_to_install(monkeypatch: pytest.MonkeyPatch, package: str,
                                       module: str, message: str) -> None:
    monkeypatch.setitem(sys.modules, package, None)  # import of the package now fails
    monkeypatch.delitem(sys.modules, module, raising=False)
    with pytest.raises(ImportError, match=message):
        importlib.import_module(module)
