"""``cmd:python mybot.py``, as the docs write it, from a shell with no virtual environment
active on Debian or Ubuntu (or with ``.venv/bin/gofish`` called by its path, as the README
allows) finds no ``python``: those systems call it ``python3``. The refusal said only
"'python' was not found", of a program the reader had just run; it now names the command
to write."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.protocol import BotFailure
from gofish.protocol.external import split_command


def only_on_the_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    """A PATH that holds ``names`` alone, each a program that does nothing."""
    folder = tmp_path / "bin"
    folder.mkdir()
    for name in names:
        program = folder / name
        program.write_text("#!/bin/sh\n")
        program.chmod(0o755)
    monkeypatch.setenv("PATH", str(folder))


@pytest.mark.parametrize(
    ("installed", "command", "said"),
    [
        ("python3", "python examples/mybot.py --level 'very high'",
         "'python' was not found (this system calls it python3: write cmd:python3 "
         "examples/mybot.py --level 'very high')"),
        ("nodejs", "node bot.js",
         "'node' was not found (this system calls it nodejs: write cmd:nodejs bot.js)"),
    ],
)
def test_a_program_missing_under_its_usual_name_names_the_command_to_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, installed: str, command: str, said: str
) -> None:
    only_on_the_path(tmp_path, monkeypatch, installed)
    with pytest.raises(BotFailure) as refused:
        split_command(command)
    assert str(refused.value) == f"cannot run bot command {command!r}: {said}"


def test_no_other_name_is_offered_when_that_one_is_missing_too(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    only_on_the_path(tmp_path, monkeypatch)
    with pytest.raises(BotFailure) as refused:
        split_command("python examples/mybot.py")
    assert str(refused.value).endswith("'python' was not found")
