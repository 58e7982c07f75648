"""The "Pieces" table of docs/web.md and the "How it is built" table of docs/online.md
name every module there is, and what the rooms pages borrow from the web app.

web.md's table left out `static/js/knobs.js` (the bot option boxes of the start form and
of a room's lobby), and online.md said the rooms pages reuse `dom.js` and `cards.js`,
where they load three more of the web app's modules.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "src" / "gofish"


def _table_rows(doc: str) -> list[str]:
    return [line for line in (ROOT / doc).read_text(encoding="utf-8").splitlines()
            if line.startswith("| `")]


def test_the_web_doc_names_every_module_of_the_web_app() -> None:
    named = set(re.findall(r"`([\w/.]+\.(?:py|js))`", "\n".join(_table_rows("docs/web.md"))))
    written = {f"web/{path.name}" for path in (PACKAGE / "web").glob("*.py")
               if path.name != "__init__.py"}
    scripts = {f"static/js/{path.name}" for path in (PACKAGE / "web/static/js").glob("*.js")}
    # A row may name several scripts of one folder: "static/js/cards.js`, `avatar.js`".
    named |= {f"static/js/{name}" for name in named if "/" not in name}
    assert written - named == set()
    assert scripts - named == set()


def test_the_rooms_doc_names_what_the_rooms_pages_load_from_the_web_app() -> None:
    loaded = set()
    for page in (PACKAGE / "online/static").glob("*.*"):
        loaded |= set(re.findall(r"(?<!/rooms)/static/(?:js/)?([\w-]+\.(?:js|css))",
                                 page.read_text(encoding="utf-8")))
    row = next(row for row in _table_rows("docs/online.md") if row.startswith("| `static/`"))
    assert loaded, "the rooms pages load nothing of the web app's"
    assert {name for name in loaded if f"`{name}`" not in row} == set()
    rooms_modules = {path.stem for path in (PACKAGE / "online").glob("*.py")
                     if path.name != "__init__.py"}
    named = set(re.findall(r"^\| `(\w+)\.py`", "\n".join(_table_rows("docs/online.md")),
                           re.MULTILINE))
    assert rooms_modules - named == set()


def test_the_readme_layout_says_where_each_command_lives() -> None:
    # "cli/ (one module per command)": tournament-merge is registered by tournament.py.
    import argparse

    from gofish.cli import build_parser

    subparsers = next(action for action in build_parser()._actions
                      if isinstance(action, argparse._SubParsersAction))
    modules = {path.stem for path in (PACKAGE / "cli").glob("*.py")}
    sharing = sorted(name for name in subparsers.choices if name.replace("-", "_") not in modules)
    assert sharing == ["tournament-merge"]
    layout = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert "`cli/` (one module per command, but `tournament-merge` shares `tournament`'s)" in layout
