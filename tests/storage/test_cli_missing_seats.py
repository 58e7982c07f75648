"""A game whose seat rows were deleted or renumbered by hand is a damaged game, as one whose
record was edited: history failed on it with IndexError, or left its opponents blank;
stats left it out without a word; show called the players "Player 0" and "Player 1"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import DamagedGameError, Store

from .helpers import EMMA, RANDOM, YOU, damage, played_game

DAMAGES = {
    "every seat deleted": "DELETE FROM seats WHERE game_id = 2",
    "one seat deleted": "DELETE FROM seats WHERE game_id = 2 AND seat = 2",
    "a seat renumbered": "UPDATE seats SET seat = 7 WHERE game_id = 2 AND seat = 1",
    "a winner past the seats": "UPDATE games SET winners = '[5]' WHERE id = 2",
    "books for too few seats": "UPDATE games SET books = '[1, 2]' WHERE id = 2",
    # Every game over has winners (R10: a tie shares the win), and none in progress has:
    # history listed the first as "in progress" among the finished games.
    "over without winners": "UPDATE games SET winners = NULL WHERE id = 2",
    "winners while in progress": "UPDATE games SET over = 0 WHERE id = 2",
}


@pytest.fixture
def three_finished(db_path: Path) -> Path:
    """Finished games 1 (classic, vs Emma), 2 (bicycle, three seats) and 3 (classic, vs Randy)."""
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
        store.save(gofish.game_to_record(played_game("bicycle", players=3, seed=22)),
                   seats=[YOU, EMMA, RANDOM])
        store.save(gofish.game_to_record(played_game(seed=23)), seats=[YOU, RANDOM])
    return db_path


@pytest.mark.parametrize("statement", DAMAGES.values(), ids=DAMAGES.keys())
def test_the_store_reads_a_game_with_seats_that_do_not_fit_as_damaged(
    three_finished: Path, statement: str
) -> None:
    damage(three_finished, statement)
    with Store(three_finished) as store:
        with pytest.raises(DamagedGameError) as raised:
            store.get(2)
        entries = store.list_entries()
    assert raised.value.game_id == 2
    assert [getattr(entry, "id", None) for entry in entries] == [3, None, 1]
    assert isinstance(entries[1], DamagedGameError) and entries[1].game_id == 2


@pytest.mark.parametrize("statement", DAMAGES.values(), ids=DAMAGES.keys())
def test_history_marks_the_game_and_lists_the_others(
    three_finished: Path, statement: str, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished, statement)
    assert main(["history", "--database", str(three_finished)]) == 1
    captured = capsys.readouterr()
    assert captured.err == ("gofish history: game 2 is damaged and cannot be read (a failing "
                            "disk, a bad copy or an edit by hand?); the other games are listed\n")
    rows = {line.split()[0]: line for line in captured.out.splitlines()[2:]}
    assert list(rows) == ["3", "2", "1"]
    assert rows["2"].split(None, 1)[1] == "(damaged: cannot be read)"
    assert "Randy" in rows["3"] and "Emma" in rows["1"]


def test_history_json_marks_a_game_without_seats(
    three_finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished, DAMAGES["every seat deleted"])
    assert main(["history", "--json", "--database", str(three_finished)]) == 1
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[1] == {"id": 2, "damaged": True}
    assert [line["id"] for line in lines] == [3, 2, 1]


@pytest.mark.parametrize("command", [["show", "2"], ["export", "2"]])
def test_show_and_export_name_the_damaged_game(
    three_finished: Path, command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished, DAMAGES["one seat deleted"])
    assert main([*command, "--database", str(three_finished)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""  # no "Player 0" heading, no record
    assert captured.err == (f"gofish {command[0]}: game 2 in the games database "
                            f"{three_finished} is damaged and cannot be read (a failing disk, "
                            "a bad copy or an edit by hand?)\n")


@pytest.mark.parametrize("statement", [DAMAGES["every seat deleted"],
                                       DAMAGES["one seat deleted"],
                                       "UPDATE games SET record = '{not json' WHERE id = 2",
                                       "UPDATE games SET record = '[1]' WHERE id = 2",
                                       DAMAGES["a winner past the seats"]])
def test_stats_counts_the_others_and_names_the_damaged_game(
    three_finished: Path, statement: str, capsys: pytest.CaptureFixture[str]
) -> None:
    damage(three_finished, statement)
    assert main(["stats", "--json", "--database", str(three_finished)]) == 1
    captured = capsys.readouterr()
    assert captured.err == ("gofish stats: game 2 is damaged and cannot be read (a failing "
                            "disk, a bad copy or an edit by hand?), so it is not counted\n")
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert sorted((row["rules_label"], row["opponents"], row["games"]) for row in rows) == [
        ("classic", ["emma"], 1), ("classic", ["random"], 1)]


def test_stats_counts_a_seat_result_it_cannot_read_as_the_record_plays(
    three_finished: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Left out as damaged, where history shows the game as its record plays: a seat's
    # result is only derived from the record, as its books are.
    damage(three_finished, "UPDATE seats SET result = 'won' WHERE game_id = 2")
    assert main(["stats", "--json", "--all-seats", "--database", str(three_finished)]) == 1
    captured = capsys.readouterr()
    assert captured.err.startswith("gofish stats: game 2's row says otherwise than the game "
                                   "record (")
    rows = [json.loads(line) for line in captured.out.splitlines()]
    assert sum(row["games"] for row in rows if row["player"] == "human") == 3


def test_stats_of_only_damaged_games_says_none_can_be_read(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
    damage(db_path, "DELETE FROM seats WHERE game_id = 1")
    assert main(["stats", "--database", str(db_path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == f"No finished games that can be read in {db_path}.\n"
    assert "game 1 is damaged" in captured.err


def test_the_store_says_which_games_stats_left_out(three_finished: Path) -> None:
    damage(three_finished, DAMAGES["every seat deleted"])
    skipped: list[DamagedGameError] = []
    with Store(three_finished) as store:
        rows = store.stats(human_only=False, skipped=skipped)
        points = store.results_over_time()
    assert [damaged.game_id for damaged in skipped] == [2]
    assert sum(row.games for row in rows) == 4  # two seats of games 1 and 3 each
    assert len(points) == 2


def test_saving_the_game_again_mends_its_seats(three_finished: Path) -> None:
    damage(three_finished, DAMAGES["one seat deleted"])
    record = gofish.game_to_record(played_game("bicycle", players=3, seed=22))
    with Store(three_finished) as store:
        store.save(record, seats=[YOU, EMMA, RANDOM], game_id=2)
        assert store.get(2).names == ["You", "Emma", "Randy"]
