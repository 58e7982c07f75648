"""An empty file name (``--database "$UNSET"``) is refused in one line. It was taken as no
option at all by history, stats, show and export (the default database, a different one
than the user named), as the current folder by play and serve, and silently dropped by
tournament --csv/--plot, which then wrote no file and exited 0."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main

COMMANDS = [
    (["history", "--database", ""], "--database"),
    (["stats", "--database", ""], "--database"),
    (["show", "1", "--database", ""], "--database"),
    (["export", "1", "--database", ""], "--database"),
    (["export", "1", "-o", ""], "-o/--output"),
    (["resume", "--plain", "--database", ""], "--database"),
    (["play", "--plain", "--database", ""], "--database"),
    (["serve", "--port", "0", "--database", ""], "--database"),
    (["replay", ""], "file"),
    (["tournament", "random", "random", "--games", "2", "--csv", ""], "--csv"),
    (["tournament", "random", "random", "--games", "2", "--plot", ""], "--plot"),
    (["tournament-merge", "x.json", "--csv", ""], "--csv"),
]


@pytest.mark.parametrize(("args", "option"), COMMANDS)
def test_an_empty_file_name_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
    args: list[str], option: str,
) -> None:
    default = tmp_path / "default.sqlite3"
    monkeypatch.setenv("GOFISH_DB", str(default))
    with pytest.raises(SystemExit) as stopped:
        main(args)
    assert stopped.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"gofish {args[0]}: argument {option}: needs a file name, and it "
                            f"is empty (see gofish {args[0]} --help)\n")
    assert not default.exists()  # nothing was opened in its place
