"""``gofish serve`` with a games database that does not open says so on the console: the
server ran silently, and every game played at its table went unsaved."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    """Start-ups of the server, which returns at once instead of serving."""
    import uvicorn

    started: list[object] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: started.append(self))
    monkeypatch.setenv("GOFISH_ROOMS_DB", "")
    return started


def test_a_damaged_games_database_is_a_warning_and_the_table_still_opens(
    capsys: pytest.CaptureFixture[str], served: list[object], tmp_path: Path
) -> None:
    damaged = tmp_path / "games.sqlite3"
    damaged.write_bytes(b"not a database" * 100)
    assert main(["serve", "--port", "0", "--database", str(damaged)]) == 0
    captured = capsys.readouterr()
    assert len(served) == 1 and "serving the table at" in captured.out
    assert captured.err.startswith(f"gofish serve: warning: the games database {damaged} ")
    assert "kept in a fallback file meanwhile" in captured.err
    assert "Traceback" not in captured.err
    assert damaged.read_bytes() == b"not a database" * 100  # left as it was


def test_a_folder_for_the_games_database_is_a_warning(
    capsys: pytest.CaptureFixture[str], served: list[object], tmp_path: Path
) -> None:
    assert main(["serve", "--port", "0", "--database", str(tmp_path)]) == 0
    assert "is a directory, not a file" in capsys.readouterr().err


def test_a_good_or_missing_games_database_gives_no_warning(
    capsys: pytest.CaptureFixture[str], served: list[object], tmp_path: Path
) -> None:
    missing = tmp_path / "new" / "games.sqlite3"
    assert main(["serve", "--port", "0", "--database", str(missing)]) == 0
    assert capsys.readouterr().err == ""
    assert not missing.exists()  # made when the first game is saved, not at start-up
