"""``gofish play --name`` refuses control characters: a name with an escape sequence or a
newline was stored, and ``gofish show`` printed it back to the terminal (ESC [2J cleared
the screen, a newline broke the header line)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize(
    "name", ["Bob\x1b[2J", "two\nlines", "tab\there", "del\x7f", "right\u202eto left"])
def test_a_name_with_control_characters_is_refused(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    database = tmp_path / "games.sqlite3"
    assert main(["play", "--plain", "--name", name, "--database", str(database)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ("gofish play: --name cannot hold control characters (escapes, "
                            f"tabs, newlines, direction overrides), and {name!r} has some\n")
    assert not database.exists()  # nothing was stored


def test_spaces_around_a_name_and_letters_of_any_script_are_fine(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    database = tmp_path / "games.sqlite3"
    assert main(["play", "--plain", "--seed", "1", "--name", " Zoë 👩\u200d💻\t",
                 "--database", str(database)]) == 0
    capsys.readouterr()
    assert main(["show", "1", "--delay", "0", "--database", str(database)]) == 0
    assert capsys.readouterr().out.startswith("Game 1: classic, Zoë 👩\u200d💻, Emma;")
