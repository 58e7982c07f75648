"""A bot script with no #! line (the commonest slip: ``chmod +x bot.py`` and no
``#!/usr/bin/env python3``), or an empty file, is refused before any game, saying what to
add. The system cannot start such a file (a shell runs it with itself, so it seems to work
from a terminal): every game was forfeited with "cannot start bot './bot.py': Exec format
error", and docs/tournament.md says a command whose program cannot be run is refused first.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from gofish.cli import main
from gofish.protocol import BotFailure, ExternalBot, external

pytestmark = pytest.mark.skipif(os.name != "posix", reason="#! lines are POSIX")


def _script(tmp_path: Path, text: str, name: str = "bot.py") -> str:
    path = tmp_path / name
    path.write_text(text)
    path.chmod(0o755)
    return str(path)


@pytest.fixture(autouse=True)
def no_binfmt(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Path:
    """No binfmt_misc entries, unless a test registers some (the machine's are not ours)."""
    folder = tmp_path / "binfmt_misc"
    folder.mkdir()
    (folder / "register").write_text("")
    (folder / "status").write_text("enabled\n")
    monkeypatch.setattr(external, "BINFMT_FOLDER", str(folder), raising=False)
    return folder


@pytest.mark.parametrize(("text", "why"), [
    ("import json, sys\nprint('never run')\n",
     "has no #! line, so the system cannot start it: add one as its first line (such as "
     "#!/usr/bin/env python3), or name its interpreter before it (cmd:python3 {script})"),
    ("", "is empty"),
])
def test_a_file_the_system_cannot_start_is_refused_before_any_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str, why: str,
) -> None:
    script = _script(tmp_path, text)
    assert main(["tournament", "random", f"cmd:{script}", "--games", "2", "--seed", "1"]) == 2
    assert capsys.readouterr() == ("", (
        f"gofish tournament: cannot run bot command {script!r}: {script!r} "
        f"{why.format(script=script)}\n"))


def test_the_refusal_is_what_starting_it_would_say(tmp_path: Path) -> None:
    # Not a guess: the system does refuse to start it, as the engine would.
    script = _script(tmp_path, "import json\n")
    with pytest.raises(OSError, match="Exec format error"):
        subprocess.Popen([script]).wait()


def test_a_compiled_program_is_not_refused(tmp_path: Path) -> None:
    program = tmp_path / "bot"
    program.write_bytes(b"\x7fELF\x02\x01\x01\x00" + bytes(56))  # no #! line, not text
    program.chmod(0o755)
    ExternalBot(str(program)).close()  # never started: nothing to refuse


@pytest.mark.parametrize("entry", [
    "enabled\ninterpreter /usr/bin/python3\nflags: \nextension .py\n",
    "enabled\ninterpreter /usr/bin/php\nflags: \noffset 0\nmagic 696d706f7274\n",  # "import"
    "enabled\ninterpreter /usr/bin/x\nflags: \noffset 0\nmagic 00\nmask 00\n",  # any byte
])
def test_a_script_binfmt_misc_runs_is_not_refused(
    tmp_path: Path, no_binfmt: Path, entry: str,
) -> None:
    (no_binfmt / "runner").write_text(entry)
    ExternalBot(_script(tmp_path, "import json\n")).close()


def test_a_disabled_binfmt_entry_runs_nothing(tmp_path: Path, no_binfmt: Path) -> None:
    (no_binfmt / "runner").write_text("disabled\ninterpreter /usr/bin/python3\nflags: \n"
                                      "extension .py\n")
    with pytest.raises(BotFailure, match="has no #! line"):
        ExternalBot(_script(tmp_path, "import json\n"))


#: What qemu-user-static registers for arm64 programs, as Docker and many desktops have it:
#: an ELF header under a mask, which a text file never matches.
QEMU_AARCH64 = ("enabled\ninterpreter /usr/bin/qemu-aarch64-static\nflags: F\noffset 0\n"
                "magic 7f454c460201010000000000000000000200b700\n"
                "mask ffffffffffffff00fffffffffffffffffeffffff\n")


def test_a_masked_entry_for_other_programs_does_not_run_a_script(
    tmp_path: Path, no_binfmt: Path,
) -> None:
    # Any entry with a mask was taken to run every file, so with qemu's entries installed
    # the check never refused a script at all.
    (no_binfmt / "qemu-aarch64").write_text(QEMU_AARCH64)
    with pytest.raises(BotFailure, match="has no #! line"):
        ExternalBot(_script(tmp_path, "import json\n"))


def test_binfmt_misc_switched_off_runs_nothing(tmp_path: Path, no_binfmt: Path) -> None:
    # echo 0 > status turns every entry off, whatever each one says.
    (no_binfmt / "status").write_text("disabled\n")
    (no_binfmt / "runner").write_text("enabled\ninterpreter /usr/bin/python3\nflags: \n"
                                      "extension .py\n")
    with pytest.raises(BotFailure, match="has no #! line"):
        ExternalBot(_script(tmp_path, "import json\n"))
