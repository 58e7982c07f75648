"""``gofish rooms`` (or serve, by $GOFISH_ROOMS_DB) given the games database refuses it:
it opened it, added the rooms' tables to it and switched it to WAL mode, where the games
store refuses a rooms file as "an SQLite database of another program"."""

from __future__ import annotations

from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import Store


@pytest.fixture(autouse=True)
def no_serving(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server that would start returns at once, so a test that fails does not hang."""
    import uvicorn

    import gofish.online

    monkeypatch.setattr(gofish.online, "serve", lambda *args, **kwargs: None)
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)


@pytest.fixture
def games_database(tmp_path: Path) -> Path:
    path = tmp_path / "games.sqlite3"
    with Store(path) as store:
        store.save(gofish.game_to_record(gofish.new_game("classic", players=2, seed=1)),
                   seats=[{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}])
    return path


def test_rooms_refuses_the_games_database(
    capsys: pytest.CaptureFixture[str], games_database: Path
) -> None:
    before = games_database.read_bytes()
    assert main(["rooms", "--port", "0", "--database", str(games_database)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (f"gofish rooms: {games_database} is the games database (of gofish "
                            "play and serve), not a rooms database: choose another file, such "
                            "as rooms.sqlite3\n")
    assert games_database.read_bytes() == before


def test_serve_refuses_the_games_database_as_its_rooms_database(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, games_database: Path
) -> None:
    monkeypatch.setenv("GOFISH_ROOMS_DB", f"sqlite:///{games_database}")
    assert main(["serve", "--port", "0", "--database", str(games_database)]) == 2
    err = capsys.readouterr().err
    assert "is the games database" in err and err.endswith("(from $GOFISH_ROOMS_DB)\n")
