"""A file of fewer bytes than SQLite's header, named as a database, is refused and kept.

SQLite takes a file of one byte (``echo > games.db`` leaves a newline) for an empty file,
and wrote a new database over it: the games and the rooms commands, given a file that
was never theirs, replaced it. Files of 2 to 99 bytes were refused in SQLite's words
("file is not a database"), with a hint to recover a damaged database from it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize("content", [b"\n", b"x", b"shopping list\n"])
@pytest.mark.parametrize("command", ["history", "stats", "export 1", "show 1"])
def test_the_games_commands_refuse_a_file_too_short_for_a_database(
    command: str, content: bytes, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes(content)
    assert main([*command.split(), "--database", str(path)]) == 1
    size = len(content)
    assert capsys.readouterr().err == (
        f"gofish {command.split()[0]}: cannot open the games database {path}: it holds only "
        f"{size} byte{'' if size == 1 else 's'}, too few for a database (one starts with a "
        "100-byte header), so it is another kind of file\n")
    assert path.read_bytes() == content  # left as it was


def test_the_rooms_server_refuses_a_file_of_one_byte(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import gofish.cli.rooms

    path = tmp_path / "rooms.db"
    path.write_bytes(b"\n")
    monkeypatch.setattr(gofish.cli.rooms, "listen_or_explain", None)  # never reached
    assert main(["rooms", "--port", "0", "--database", str(path)]) == 2
    assert capsys.readouterr().err == (
        f"gofish rooms: cannot open the rooms database {path}: it holds only 1 byte, too "
        "few for a database (one starts with a 100-byte header), so it is another kind of "
        "file\n")
    assert path.read_bytes() == b"\n"


def test_an_empty_file_is_still_made_a_database(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "games.sqlite3"  # as `touch` leaves it, made to hold games
    path.write_bytes(b"")
    assert main(["history", "--database", str(path)]) == 0
    assert capsys.readouterr().err == ""
