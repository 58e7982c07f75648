"""Run the tests against the gofish that is imported, and make sure it is the right one.

``make test`` installs the package normally (the rules core compiled by mypyc
when a C compiler is present) so the suite checks exactly what ships; ``make
unit-pure`` runs ``tests/core`` again with ``PYTHONPATH=src`` on the
interpreted source. An installed copy older than ``src/`` would silently test
stale code, so the run stops at once, saying how to reinstall.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

import gofish

SOURCE = Path(__file__).resolve().parents[1] / "src" / "gofish"
IMPORTED = Path(gofish.__file__).resolve().parent
# What setuptools ships of src/gofish (pyproject.toml: packages and package-data).
SHIPPED_SUFFIXES = (".py", ".typed", ".tcss", ".html", ".js", ".css", ".svg", ".json")


# A test that forgets --database must not save into the person's own games or rooms: the
# run, and every program it starts, gets a data home of its own (tests of the default
# place set theirs). Set here, at import, before any test or worker process starts.
TEST_DATA_HOME = tempfile.mkdtemp(prefix="gofish-tests-data-")
os.environ["XDG_DATA_HOME"] = TEST_DATA_HOME
for _chosen in ("GOFISH_DB", "GOFISH_ROOMS_DB"):
    os.environ.pop(_chosen, None)


def pytest_unconfigure(config: pytest.Config) -> None:
    shutil.rmtree(TEST_DATA_HOME, ignore_errors=True)


def core_kind() -> str:
    return "compiled" if gofish.COMPILED else "pure"


def pytest_report_header() -> str:
    return f"gofish from {IMPORTED} (rules core: {core_kind()})"


def stale_files(source: Path, installed: Path) -> list[str]:
    """Files of ``source`` that ``installed`` lacks or holds in another version."""
    stale = []
    for path in sorted(source.rglob("*")):
        if not path.is_file() or path.suffix not in SHIPPED_SUFFIXES:
            continue
        if "__pycache__" in path.parts:
            continue
        relative = path.relative_to(source)
        copy = installed / relative
        if not copy.is_file() or copy.read_bytes() != path.read_bytes():
            stale.append(str(relative))
    return stale


def pytest_sessionstart(session: pytest.Session) -> None:
    expected = os.environ.get("GOFISH_EXPECT_CORE")
    if expected and expected != core_kind():
        pytest.exit(f"expected the {expected} rules core, imported the {core_kind()} one "
                    f"from {IMPORTED}", returncode=2)
    if IMPORTED == SOURCE or not SOURCE.is_dir():
        return  # testing the source itself (editable install or PYTHONPATH=src)
    stale = stale_files(SOURCE, IMPORTED)
    if stale:
        more = f" and {len(stale) - 1} more" if len(stale) > 1 else ""
        pytest.exit(f"the installed gofish ({IMPORTED}) differs from src/ ({stale[0]}{more}): "
                    "run `make install-test` (or `pip install '.[test]'`) first", returncode=2)
