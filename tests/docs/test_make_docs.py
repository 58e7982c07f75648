"""What the README says ``make unit`` does is what the Makefile runs: it said "on every
core", while the Makefile caps the workers at four."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 6: "six", 8: "eight"}


def test_the_readme_gives_make_units_parallelism_as_the_makefile_sets_it() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    unit = re.search(r"^unit:.*\n\t(.*)$", makefile, re.MULTILINE)
    assert unit is not None
    most = re.search(r"-n auto --maxprocesses (\d+)", unit[1])
    assert most is not None, unit[1]
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert (f"`make unit` runs the tests in parallel (pytest-xdist: a worker per core, at "
            f"most {NUMBER_WORDS[int(most[1])]}," in readme)
    assert "on every core" not in readme
