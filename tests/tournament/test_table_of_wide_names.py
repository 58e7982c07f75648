"""The table lines up a bot named with wide characters (Chinese, two terminal cells each):
its name was padded by its count of characters, which put the figures of its row three
cells to the right of the others' and of the header's."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from tests.tournament.failing_programs import hello_then_exit_script

from gofish.cli import main
from gofish.textwidth import display_width


def test_a_row_named_in_chinese_lines_up_with_the_header(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # forfeits every game: its games are not the point
    program = hello_then_exit_script(tmp_path / "机器人.sh")
    main(["tournament", "emma", f"cmd:{program}", "--games", "2", "--seed", "1",
          "--jobs", "1"])
    lines = capsys.readouterr().out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("bot "))
    rows = lines[header + 2:header + 4]
    assert [row.split()[0] for row in rows] == ["emma", f"cmd:{program}"]
    # Every row ends where the header does, its figures right-aligned under the titles.
    assert [display_width(row) for row in rows] == [display_width(lines[header])] * 2


def test_the_table_measures_names_without_loading_the_command_line() -> None:
    # The measure came from gofish.cli._messages, which ran the command line's whole
    # package (its parsers and their imports) inside every Python caller of the report.
    check = "import sys, gofish.tournament.report; print('gofish.cli' in sys.modules)"
    loaded = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                            check=True)
    assert loaded.stdout.strip() == "False"
