"""The README and docs/ read on their own, as a new reader has them: every link between
them leads to a file and a heading that exist, and none sends the reader to the project's
own working papers, which are not in the checkout. docs/rules.md named its presets after
"seed 000", "seed 003" and "seed 004", and said what "RULES.md" fixes of Emma: a reader
has neither, and a seed is what ``--seed`` sets."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCS = ["README.md", *sorted(str(path.relative_to(ROOT)) for path in (ROOT / "docs").glob("*.md"))]
LINK = re.compile(r"\]\(([^)\s]+)\)")
FENCED = re.compile(r"^```.*?^```", re.DOTALL | re.MULTILINE)


def anchor(heading: str) -> str:
    """A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as -."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def anchors(doc: Path) -> set[str]:
    text = FENCED.sub("", doc.read_text(encoding="utf-8"))  # a shell comment is no heading
    return {anchor(heading) for heading in re.findall(r"^#+\s+(.*)$", text, re.MULTILINE)}


@pytest.mark.parametrize("doc", DOCS)
def test_every_link_between_the_docs_leads_somewhere(doc: str) -> None:
    source = ROOT / doc
    broken = []
    for link in LINK.findall(source.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", link):
            continue  # a web address
        path, _, heading = link.partition("#")
        target = (source.parent / path).resolve() if path else source
        missing_heading = bool(heading) and target.suffix == ".md" and target.exists() \
            and heading not in anchors(target)
        if not target.exists() or missing_heading:
            broken.append(link)
    assert broken == []


@pytest.mark.parametrize("doc", DOCS)
def test_no_doc_sends_the_reader_to_papers_outside_the_checkout(doc: str) -> None:
    text = " ".join((ROOT / doc).read_text(encoding="utf-8").split())
    assert re.findall(r"seed 00\d|RULES\.md", text) == []
