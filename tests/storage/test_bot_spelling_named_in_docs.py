"""Store.stats and docs/storage.md name the function a caller gives as ``bot_spelling``:
the docstring named ``gofish.bots.stored_spelling``, which does not exist (it is in
``gofish.bots.base``), so a caller following it met an AttributeError."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from gofish.storage import Store

DOCS = Path(__file__).resolve().parents[2] / "docs" / "storage.md"


def _resolves(dotted: str) -> bool:
    module, _, name = dotted.rpartition(".")
    return hasattr(importlib.import_module(module), name)


def test_the_bot_spelling_named_is_one_a_caller_can_import() -> None:
    texts = [Store.stats.__doc__ or "", DOCS.read_text(encoding="utf-8")]
    named = {name for text in texts for name in re.findall(r"gofish\.[\w.]*stored_spelling",
                                                           text)}
    assert named, "neither names the function"
    assert all(_resolves(name) for name in named), named
