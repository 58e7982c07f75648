"""Every Python example in the library docs runs as written, as a reader would copy it.

Covered: docs/storage.md, docs/bots-protocol.md, docs/tournament.md and the README's
"The engine as a library" (docs/rules.md has tests/core/test_docs.py). A block runs
from the checkout's root (the examples name ``examples/mybot.py``), with ``python`` on
the PATH being this interpreter and the games database in a temporary folder.

A ``python`` block that is not a script to run says so on the line before its fence:

- ``<!-- example: fragment -->``: only a piece of code, not run;
- ``<!-- example: bot program -->``: a bot program of the protocol, played in a short
  tournament instead.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from gofish.bots import base
from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary

ROOT = Path(__file__).resolve().parents[2]
DOCS = ["docs/storage.md", "docs/bots-protocol.md", "docs/tournament.md"]
README_SECTION = "## The engine as a library"
BLOCK = re.compile(r"(?:<!--\s*example:\s*(?P<kind>[^>]*?)\s*-->[ \t]*\n)?"
                   r"^```python\n(?P<code>.*?)^```", re.DOTALL | re.MULTILINE)
KINDS = {"script", "fragment", "bot program"}


@dataclass(frozen=True)
class Example:
    doc: str
    number: int
    kind: str
    code: str


def readme_section() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(README_SECTION)
    end = text.find("\n## ", start + len(README_SECTION))
    return text[start:] if end < 0 else text[start:end]


def examples_in(doc: str, text: str) -> list[Example]:
    return [Example(doc, number, match["kind"] or "script", match["code"])
            for number, match in enumerate(BLOCK.finditer(text))]


def all_examples() -> list[Example]:
    found = [example for doc in DOCS
             for example in examples_in(doc, (ROOT / doc).read_text(encoding="utf-8"))]
    return found + examples_in("README.md", readme_section())


EXAMPLES = all_examples()
SCRIPTS = [example for example in EXAMPLES if example.kind == "script"]
BOTS = [example for example in EXAMPLES if example.kind == "bot program"]


def name(example: Example) -> str:
    return f"{example.doc}#{example.number}"


@pytest.fixture
def as_a_reader(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The checkout as the working folder, ``python`` this interpreter, a scratch database,
    and a copy of the bot registry (an example may register a bot)."""
    bin_folder = tmp_path / "bin"
    bin_folder.mkdir()
    (bin_folder / "python").symlink_to(sys.executable)
    monkeypatch.setenv("PATH", os.pathsep.join([str(bin_folder), os.environ.get("PATH", "")]))
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "games.sqlite3"))
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))


def test_every_doc_has_examples_and_every_marker_is_known() -> None:
    for doc in [*DOCS, "README.md"]:
        assert any(example.doc == doc for example in SCRIPTS), f"{doc} has no example to run"
    assert all(example.kind in KINDS for example in EXAMPLES), [
        (name(example), example.kind) for example in EXAMPLES if example.kind not in KINDS]
    assert BOTS, "docs/bots-protocol.md's smallest bot is marked as a bot program"


def test_a_fence_the_pattern_misses_would_go_unrun() -> None:
    # Each ```python fence is one example: none is swallowed by a neighbour's match.
    texts = {doc: (ROOT / doc).read_text(encoding="utf-8") for doc in DOCS}
    texts["README.md"] = readme_section()
    for doc, text in texts.items():
        fences = len(re.findall(r"^```python$", text, re.MULTILINE))
        assert fences == sum(example.doc == doc for example in EXAMPLES), doc


@pytest.mark.usefixtures("as_a_reader")
@pytest.mark.parametrize("example", SCRIPTS, ids=name)
def test_a_python_example_runs_as_written(example: Example) -> None:
    printed = io.StringIO()
    with contextlib.redirect_stdout(printed):
        exec(compile(example.code, name(example), "exec"), {"__name__": "doc_example"})
    if "print(" in example.code:
        assert printed.getvalue().strip()


@pytest.mark.usefixtures("as_a_reader")
@pytest.mark.parametrize("example", BOTS, ids=name)
def test_a_bot_program_in_the_docs_plays_whole_games(example: Example, tmp_path: Path) -> None:
    program = tmp_path / "doc_bot.py"
    program.write_text(example.code, encoding="utf-8")
    bot = f"cmd:{shlex.quote(sys.executable)} {shlex.quote(str(program))}"
    plan = Plan(make_rules("classic"), 2, 1, ("random", bot), games_asked=2)
    result = summary(run_tournament(plan, jobs=1))
    assert result["games"] == 2
    assert result["failures"] == [] and [row["forfeits"] for row in result["bots"]] == [0, 0]
