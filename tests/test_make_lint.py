"""``make lint`` (part of ``make test``, and so of CI) checks every folder of Python the
checkout ships. It left out examples/, whose scripts the README and docs tell readers to
run and copy from."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_make_lint_checks_every_folder_with_python_in_it() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^lint:.*\n\t\$\(BIN\)/ruff check (.*)$", makefile, re.MULTILINE)
    assert recipe is not None
    checked = set(recipe[1].split())
    folders = {folder.name for folder in ROOT.iterdir()
               if folder.is_dir() and not folder.name.startswith((".", "build", "dist"))
               and next(folder.rglob("*.py"), None) is not None}
    assert folders - checked == set()
    assert all((ROOT / name).exists() for name in checked)
