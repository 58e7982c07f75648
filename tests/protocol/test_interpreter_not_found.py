"""A bot script whose #! line names an interpreter that is not there is refused before any
game, saying so: it forfeited every game with "cannot start bot './bot.py': No such file or
directory", of a file that is plainly there (docs/tournament.md: a command whose program
cannot be run is refused before any game)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.protocol import ExternalBot

pytestmark = pytest.mark.skipif(os.name != "posix", reason="#! lines are POSIX")


def _script(tmp_path: Path, first_line: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text(first_line + "\nprint('never run')\n")
    path.chmod(0o755)
    return str(path)


@pytest.mark.parametrize(("first_line", "missing"), [
    ("#!/usr/bin/nonexistent-python", "/usr/bin/nonexistent-python"),
    ("#!/usr/bin/env nonexistent-python -u", "nonexistent-python"),
])
def test_a_missing_interpreter_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, first_line: str, missing: str,
) -> None:
    script = _script(tmp_path, first_line)
    assert main(["tournament", "random", f"cmd:{script}", "--games", "2", "--seed", "1"]) == 2
    assert capsys.readouterr() == ("", (
        f"gofish tournament: cannot run bot command {script!r}: {script!r} names an "
        f"interpreter that was not found on its #! line: {missing}\n"))


# (A file with no #! line cannot start: tests/protocol/test_script_without_a_start_line.py.)
@pytest.mark.parametrize("first_line", [f"#!{sys.executable}", "#!/usr/bin/env -S python3"])
def test_a_script_that_can_start_is_not_refused(tmp_path: Path, first_line: str) -> None:
    ExternalBot(_script(tmp_path, first_line)).close()  # never started: nothing to refuse


def test_an_interpreter_named_without_its_folder_is_refused_with_its_full_path(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # "#!mypython": the system takes that as a file in the current folder, never looking on
    # the PATH, where the check had found it: every game forfeited with "cannot start bot
    # …: No such file or directory".
    folder = tmp_path / "bin"
    folder.mkdir()
    interpreter = folder / "mypython"
    interpreter.symlink_to(sys.executable)
    monkeypatch.setenv("PATH", f"{folder}{os.pathsep}{os.environ['PATH']}")
    script = _script(tmp_path, "#!mypython")
    assert main(["tournament", "random", f"cmd:{script}", "--games", "2", "--seed", "1"]) == 2
    assert capsys.readouterr().err == (
        f"gofish tournament: cannot run bot command {script!r}: {script!r} names an "
        "interpreter that was not found on its #! line: mypython (the system does not look "
        f"a #! line's program up on the PATH: write #!{interpreter} or #!/usr/bin/env "
        "mypython)\n")
