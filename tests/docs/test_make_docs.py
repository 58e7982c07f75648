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
    assert "-n $(WORKERS)" in unit[1], unit[1]
    workers = re.search(r"^WORKERS \?= .*\$\$\(\( n < (\d+) \? n \+ 1 : (\d+) \)\)",
                        makefile, re.MULTILINE)
    assert workers is not None, "WORKERS is no longer one more than the cores, up to a cap"
    below, most = int(workers[1]), int(workers[2])
    assert below + 1 == most  # n + 1 up to the cap, then the cap: never a jump or a dip
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    assert ("`make unit` runs the tests in parallel (pytest-xdist: one worker more than "
            "there are cores," in readme)
    assert f"at most {NUMBER_WORDS[most]}, for the browser tests' memory" in readme
    assert "on every core" not in readme
