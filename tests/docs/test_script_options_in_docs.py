"""Every option the docs give a script of bench/, examples/ or scripts/ is one it takes.

tests/docs/test_cli_docs.py checks the ``gofish`` commands; the measurements in
docs/benchmarks.md and docs/strength.md, and the examples the README and the docs run,
are command lines of these scripts, which a reader copies as they are.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ["README.md", *sorted(f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md"))]
#: A script run in a doc, and the rest of its command line (continued lines joined; a
#: closing quote ends it: "cmd:python examples/mybot.py" --games 2000 is gofish's option).
SCRIPT_LINE = re.compile(r"\b((?:bench|examples|scripts)/\w+\.py)([^`\n|;)\"]*)")
OPTION = re.compile(r"(?<![\w-])--[a-z][a-z0-9-]*")


def _command_lines(doc: str) -> list[tuple[str, str]]:
    text = (ROOT / doc).read_text(encoding="utf-8").replace("\\\n", " ")
    return [(match[1], match[2]) for match in SCRIPT_LINE.finditer(text)]


@cache
def _takes(script: str) -> str:
    """The script's --help, and its source for the options --help does not show."""
    shown = subprocess.run(
        [sys.executable, str(ROOT / script), "--help"], capture_output=True, text=True,
        timeout=120, cwd=ROOT, stdin=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT / "src"), str(ROOT)])})
    assert shown.returncode == 0, (script, shown.stderr)
    return shown.stdout + (ROOT / script).read_text(encoding="utf-8")


@pytest.mark.parametrize("doc", DOCS)
def test_every_option_a_doc_gives_a_script_is_one_it_takes(doc: str) -> None:
    unknown = [(script, option) for script, rest in _command_lines(doc)
               if (ROOT / script).exists()
               for option in OPTION.findall(rest)
               if not re.search(rf"(?<![\w-]){option}(?![\w-])", _takes(script))]
    assert unknown == []


def test_every_script_a_doc_runs_is_there() -> None:
    named = {script for doc in DOCS for script, _ in _command_lines(doc)}
    assert named, "no doc runs a script"
    assert sorted(script for script in named if not (ROOT / script).exists()) == []
