"""gofish replay of an input holding no record says so: it printed nothing and exited 0,
as if every record had replayed (``gofish export 99 | gofish replay -`` after a typo)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize("text", ["", "\n  \n\t\n"])
@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_a_file_without_records_is_said_on_stderr(
    text: str, as_json: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    records.write_text(text)
    assert main(["replay", *as_json, str(records)]) == 0
    captured = capsys.readouterr()
    assert captured.out == ""  # nothing a script reading the results must skip
    assert captured.err == (f"gofish replay: no records in {records}: it is empty or holds "
                            "only blank lines\n")


def test_empty_standard_input_is_named_as_such(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["replay", "-"]) == 0
    assert "no records in standard input" in capsys.readouterr().err


def test_a_file_with_records_says_nothing_more(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = tmp_path / "records.jsonl"
    records.write_text('\n{"rules": "classic"}\n')
    assert main(["replay", str(records)]) == 1  # a record, if a bad one
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("as_json", [[], ["--json"]])
def test_a_games_database_given_to_replay_is_named_with_the_command_that_exports_it(
    as_json: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # It printed one "not valid JSON" result for each stretch of the file's bytes.
    import gofish
    from gofish.storage import open_store

    database = tmp_path / "my games.sqlite3"
    with open_store(database) as store:
        store.save(gofish.game_to_record(gofish.new_game("classic", 2, seed=1)),
                   seats=[{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}])
    assert main(["replay", *as_json, str(database)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        f"gofish replay: cannot read {database}: it is a database (SQLite), not game "
        f"records: gofish export --database '{database}' writes its games as records to "
        "replay\n")
    with database.open("rb") as piped:
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BufferedReader(piped)))
        assert main(["replay", *as_json, "-"]) == 2
    assert "cannot read standard input: it is a database (SQLite)" in capsys.readouterr().err
