"""Every Python example in docs/rules.md runs as written."""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

RULES_DOC = Path(__file__).resolve().parents[2] / "docs" / "rules.md"
BLOCKS = re.findall(r"```python\n(.*?)```", RULES_DOC.read_text(encoding="utf-8"), re.DOTALL)


def test_the_rules_page_has_library_examples() -> None:
    assert len(BLOCKS) >= 5
    text = RULES_DOC.read_text(encoding="utf-8")
    for ruling in range(1, 20):
        assert f"R{ruling}" in text, f"docs/rules.md does not mention R{ruling}"


@pytest.mark.parametrize("code", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_a_python_example_in_the_rules_page_runs(code: str) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(code, str(RULES_DOC), "exec"), {"__name__": "docs_example"})
    if "print(" in code:
        assert printed.getvalue().strip()
