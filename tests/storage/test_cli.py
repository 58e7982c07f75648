"""The history, stats, show and export commands, run as a user runs them (subprocesses)."""

from __future__ import annotations

import json
import os
import re
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

import gofish
from gofish.core import Dealt, Drew, HandedOver, LuckyDraw, Refilled
from gofish.storage import Store

from .helpers import EMMA, RANDOM, YOU, played_game

CARD = re.compile(r"(?<![0-9])(10|[2-9AJQK])([♠♥♦♣])")
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def gofish_cmd(*args: str, stdin: str = "", env: dict[str, str] | None = None
               ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "gofish", *args],
        input=stdin, capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8", **(env or {})},
    )


def assert_clean_failure(result: subprocess.CompletedProcess[str], code: int,
                         message: str) -> None:
    assert result.returncode == code, result.stderr
    assert "Traceback" not in result.stderr
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1, result.stderr


@pytest.fixture
def games(db_path: Path) -> Iterator[dict[str, gofish.Game]]:
    """Three stored games: ids 1 (won or lost vs Emma), 2 (bicycle), 3 (unfinished)."""
    stored = {
        "classic": played_game(seed=21),
        "bicycle": played_game("bicycle", players=3, seed=22),
        "unfinished": played_game(seed=23, asks=6),
    }
    with Store(db_path) as store:
        store.save(gofish.game_to_record(stored["classic"]), seats=[YOU, EMMA])
        store.save(gofish.game_to_record(stored["bicycle"]), seats=[EMMA, YOU, RANDOM])
        store.save(gofish.game_to_record(stored["unfinished"]), seats=[YOU, EMMA])
    yield stored


def test_history_lists_games_newest_first(db_path: Path, games: dict[str, gofish.Game]) -> None:
    result = gofish_cmd("history", "--database", str(db_path))
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["id", "date", "rules", "opponents", "result", "books"]
    ids = [line.split()[0] for line in lines[2:]]
    assert ids == ["3", "2", "1"]
    classic = games["classic"]
    assert classic.winners is not None
    verdict = "won" if classic.winners == (0,) else "lost"
    books = [len(b) for b in classic.books]
    assert re.search(rf"^ *1 .*classic +Emma +{verdict} +{books[0]} \(vs {books[1]}\)$",
                     result.stdout, re.MULTILINE), result.stdout
    assert re.search(r"^ *3 .*in progress", result.stdout, re.MULTILINE)
    assert re.search(r"^ *2 .*bicycle +Emma, Randy ", result.stdout, re.MULTILINE)
    limited = gofish_cmd("history", "--limit", "1", "--database", str(db_path))
    assert [line.split()[0] for line in limited.stdout.splitlines()[2:3]] == ["3"]
    assert limited.stdout.splitlines()[3:] == [
        "(1 of 3 games shown, the most recent: --limit N lists more)"]


@pytest.mark.parametrize("limit", ["0", "-1"])
def test_history_refuses_a_limit_below_one(db_path: Path, games: dict[str, gofish.Game],
                                           limit: str) -> None:
    # --limit 0 listed nothing and then said "No games stored yet", with three stored.
    result = gofish_cmd("history", "--limit", limit, "--database", str(db_path))
    assert_clean_failure(result, 2, f"gofish history: argument --limit: must be at least 1, "
                                    f"not {limit}")
    assert result.stdout == ""


def test_history_json_and_the_environment_variable(db_path: Path,
                                                   games: dict[str, gofish.Game]) -> None:
    result = gofish_cmd("history", "--json", env={"GOFISH_DB": str(db_path)})
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert [row["id"] for row in rows] == [3, 2, 1]
    assert rows[1]["seats"] == [EMMA, YOU, RANDOM]
    assert rows[0]["over"] is False


def test_history_of_a_database_that_does_not_exist(tmp_path: Path) -> None:
    missing = tmp_path / "none.sqlite3"
    result = gofish_cmd("history", "--database", str(missing))
    assert result.returncode == 0
    assert "No games stored yet" in result.stdout
    assert not missing.exists()  # reading never creates the file


@pytest.mark.parametrize(("command", "shows"), [
    (["history"], "classic"), (["stats"], "classic"), (["show", "1"], "You are dealt"),
    (["export", "1"], '"deck"')], ids=lambda value: " ".join(value)
    if isinstance(value, list) else None)
def test_a_missing_database_is_created_only_to_take_in_the_games_waiting_beside_it(
    tmp_path: Path, command: list[str], shows: str,
) -> None:
    # These commands only read, and create no database (above), except to move in the
    # games a failed save left in the fallback file beside it: they are shown, and the
    # file goes once they are all in (docs/storage.md, "Commands").
    from gofish.storage.fallback import fallback_path, write_fallback

    database = tmp_path / "games.sqlite3"
    record = gofish.game_to_record(played_game(seed=21))
    assert write_fallback(database, {"record": record, "seats": [YOU, EMMA], "game_id": None,
                                     "source": "terminal"}) == fallback_path(database)
    result = gofish_cmd(*command, "--database", str(database))
    assert result.returncode == 0, result.stderr
    assert shows in result.stdout
    assert database.exists() and not fallback_path(database).exists()
    with Store(database) as store:
        assert store.get(1).record == record


def test_history_unfinished_says_there_are_none_rather_than_no_games(db_path: Path) -> None:
    # With only finished games stored, --unfinished said "No games stored yet".
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
    result = gofish_cmd("history", "--unfinished", "--database", str(db_path))
    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == f"No unfinished games in {db_path}."
    listed = gofish_cmd("history", "--database", str(db_path))
    assert re.search(r"^ *1 .*classic", listed.stdout, re.MULTILINE), listed.stdout


def test_stats_counts_per_opponent_and_rules(db_path: Path,
                                             games: dict[str, gofish.Game]) -> None:
    result = gofish_cmd("stats", "--database", str(db_path))
    assert result.returncode == 0, result.stderr
    classic, bicycle = games["classic"], games["bicycle"]
    assert classic.winners is not None and bicycle.winners is not None
    you_won = int(classic.winners == (0,))
    row = re.search(r"^classic +Emma +(\d+) +(\d+) +(\d+) +(\d+) +(\d+)% +([\d.]+)$",
                    result.stdout, re.MULTILINE)
    assert row is not None, result.stdout
    assert row.groups() == ("1", str(you_won), str(1 - you_won), "0", str(100 * you_won),
                            f"{len(classic.books[0]):.1f}")
    bicycle_row = re.search(r"^bicycle +Emma, Randy +1 .* ([\d.]+)$", result.stdout,
                            re.MULTILINE)
    assert bicycle_row is not None and bicycle_row.group(1) == f"{len(bicycle.books[1]):.1f}"
    assert "in progress" not in result.stdout


def _cards_in(text: str) -> set[str]:
    return {rank + SUIT_LETTERS[suit] for rank, suit in CARD.findall(text)}


def _seen_by(game: gofish.Game, seat: int) -> set[str]:
    """Every card ``seat`` saw at the table, worked out from the full history."""
    seen: set[str] = set()
    for event in game.events:
        if isinstance(event, (Dealt, Refilled)) and event.player == seat and event.cards:
            seen.update(str(card) for card in event.cards)
        elif isinstance(event, Drew) and event.player == seat and event.card is not None:
            seen.add(str(event.card))
        elif isinstance(event, HandedOver) and seat in (event.giver, event.receiver):
            seen.update(str(card) for card in event.cards or ())
        elif isinstance(event, LuckyDraw):
            seen.add(str(event.card))
    return seen


def test_show_an_unfinished_game_reveals_only_the_players_cards(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    result = gofish_cmd("show", "3", "--database", str(db_path))
    assert result.returncode == 0, result.stderr
    game = games["unfinished"]
    shown = _cards_in(result.stdout)
    assert shown  # the player's own dealt hand at least
    assert shown <= _seen_by(game, 0)
    assert "You are dealt" in result.stdout
    assert "still in progress" in result.stdout
    refused = gofish_cmd("show", "3", "--all-cards", "--database", str(db_path))
    assert_clean_failure(refused, 2, "still in progress")
    assert refused.stdout == ""


def test_show_a_finished_game_from_a_seat_and_with_all_cards(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    game = games["bicycle"]
    mine = gofish_cmd("show", "2", "--database", str(db_path))
    assert mine.returncode == 0, mine.stderr
    assert _seen_by(game, 1) != {str(card) for card in game.deck}  # or the check is empty
    assert _cards_in(mine.stdout) <= _seen_by(game, 1)  # the person sat at seat 1
    assert mine.stdout.strip().splitlines()[-1].startswith("Game over")
    everything = gofish_cmd("show", "2", "--all-cards", "--database", str(db_path))
    assert everything.returncode == 0, everything.stderr
    assert _cards_in(everything.stdout) == {str(card) for card in game.deck}


def test_show_step_waits_for_enter_between_turns(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    plain = gofish_cmd("show", "1", "--database", str(db_path))
    stepped = gofish_cmd("show", "1", "--step", "--database", str(db_path), stdin="\n" * 3)
    assert stepped.returncode == 0
    assert stepped.stdout == plain.stdout  # same story; EOF after three turns ends the pauses
    assert stepped.stderr.count("Enter for the next turn") == 4


@pytest.mark.parametrize("key", ["q", " Q ", "quit"])
def test_show_step_stops_at_q(db_path: Path, games: dict[str, gofish.Game], key: str) -> None:
    # q was read as Enter: the only way out of a long replay was Ctrl-C.
    plain = gofish_cmd("show", "1", "--database", str(db_path))
    stepped = gofish_cmd("show", "1", "--step", "--database", str(db_path),
                         stdin=f"\n{key}\n\n\n")
    assert stepped.returncode == 0, stepped.stderr
    first_turns = stepped.stdout.splitlines()
    assert plain.stdout.startswith(stepped.stdout) and len(first_turns) < len(
        plain.stdout.splitlines())  # two turns shown, then nothing more
    assert stepped.stderr.count("Enter for the next turn, q to stop") == 2
    assert "Stopped before turn 3." in stepped.stderr


def test_show_step_reads_keys_that_are_not_utf8_as_keys(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    # With a strict UTF-8 standard input (a UTF-8 locale), a Latin-1 key crashed the replay.
    stepped = subprocess.run(
        [sys.executable, "-m", "gofish", "show", "1", "--step", "--database", str(db_path)],
        input=b"\xe9\n\xff\n", capture_output=True, timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8:strict"},
    )
    assert stepped.returncode == 0 and b"Traceback" not in stepped.stderr, stepped.stderr
    assert stepped.stderr.count(b"Enter for the next turn") == 3


def test_export_writes_a_record_that_replays_to_the_original(
    db_path: Path, games: dict[str, gofish.Game], tmp_path: Path
) -> None:
    result = gofish_cmd("export", "2", "--database", str(db_path))
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # a finished game: nothing to warn about
    [line] = result.stdout.splitlines()
    assert gofish.replay_record(json.loads(line)) == gofish.snapshot(games["bicycle"])
    out = tmp_path / "game.jsonl"
    unfinished = gofish_cmd("export", "3", "-o", str(out), "--database", str(db_path))
    assert unfinished.returncode == 0
    # The whole deck is in the record: say so before it spoils a game still in play.
    assert "game 3 is still in progress" in unfinished.stderr
    assert gofish.replay_line(out.read_text()) == gofish.snapshot(games["unfinished"])
    replayed = gofish_cmd("replay", "--json", str(out))
    assert json.loads(replayed.stdout) == gofish.snapshot(games["unfinished"])


@pytest.mark.parametrize("source", ["file", "stdin"])
def test_replay_names_a_byte_of_an_exported_record_that_is_not_utf8(
    db_path: Path, games: dict[str, gofish.Game], tmp_path: Path, source: str
) -> None:
    # A record edited in a Latin-1 editor: the byte was read as U+FFFD and the error was a
    # JSON one about that character ("Expecting value…"), not the byte that is wrong.
    line = gofish_cmd("export", "2", "--database", str(db_path)).stdout.encode()
    damaged = line.replace(b'"rules"', b'"r\xe8gles"', 1)
    path = tmp_path / "game.jsonl"
    path.write_bytes(b"\xff" + line + damaged + line)
    argument = str(path) if source == "file" else "-"
    done = subprocess.run(
        [sys.executable, "-m", "gofish", "replay", "--json", argument],
        input=path.read_bytes() if source == "stdin" else None, capture_output=True, timeout=60,
        check=False)
    results = [json.loads(text) for text in done.stdout.splitlines()]
    assert done.returncode == 1 and b"Traceback" not in done.stderr
    assert results[0] == {"ok": False, "action_index": None,
                          "error": "the line is not valid UTF-8 (byte 0xff at position 0)"}
    assert results[1] == {"ok": False, "action_index": None,
                          "error": "the line is not valid UTF-8 (byte 0xe8 at position 3)"}
    assert results[2] == gofish.snapshot(games["bicycle"])


def test_export_to_dash_writes_standard_output(
    db_path: Path, games: dict[str, gofish.Game], tmp_path: Path
) -> None:
    # -o - wrote a file named "-", although replay reads - as standard input.
    result = subprocess.run(
        [sys.executable, "-m", "gofish", "export", "2", "-o", "-", "--database", str(db_path)],
        capture_output=True, text=True, timeout=60, cwd=tmp_path, check=False)
    assert result.returncode == 0, result.stderr
    assert gofish.replay_line(result.stdout) == gofish.snapshot(games["bicycle"])
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("command", ["show", "export"])
def test_unknown_ids_are_one_clear_line(db_path: Path, games: dict[str, gofish.Game],
                                        command: str) -> None:
    assert_clean_failure(gofish_cmd(command, "99", "--database", str(db_path)), 2,
                         "no stored game with id 99")
    too_big = "9" * 25  # beyond SQLite's 64-bit integers: was an OverflowError traceback
    assert_clean_failure(gofish_cmd(command, too_big, "--database", str(db_path)), 2,
                         f"no stored game with id {too_big}")
    not_a_number = gofish_cmd(command, "abc", "--database", str(db_path))
    assert not_a_number.returncode == 2 and "Traceback" not in not_a_number.stderr
    assert "the game id needs a whole number, not 'abc'" in not_a_number.stderr  # as resume


@pytest.mark.parametrize("command", [["history"], ["stats"], ["show", "1"], ["export", "1"]])
def test_a_corrupt_database_is_one_clear_line(tmp_path: Path, command: list[str]) -> None:
    broken = tmp_path / "broken.sqlite3"
    broken.write_bytes(b"\x00garbage" * 500)
    result = gofish_cmd(*command, "--database", str(broken))
    assert_clean_failure(result, 1, "is damaged or is not a gofish database")
    # Moved away, its games were lost to the player: recover gets them back if it can.
    assert f"if it is damaged, gofish recover --database {broken} gets the games" in (
        result.stderr)
    assert broken.read_bytes() == b"\x00garbage" * 500


@pytest.mark.parametrize("command", [["history"], ["stats"], ["show", "1"]])
def test_a_locked_database_is_one_clear_line(db_path: Path, games: dict[str, gofish.Game],
                                             command: list[str]) -> None:
    holder = sqlite3.connect(db_path, isolation_level=None)
    holder.execute("PRAGMA locking_mode = EXCLUSIVE")  # readers are shut out too
    holder.execute("BEGIN EXCLUSIVE")
    holder.execute("DELETE FROM seats WHERE game_id = 0")
    try:
        result = gofish_cmd(*command, "--database", str(db_path))
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert_clean_failure(result, 1, "is locked by another program")


def test_export_to_an_unwritable_place(db_path: Path, games: dict[str, gofish.Game],
                                       tmp_path: Path) -> None:
    result = gofish_cmd("export", "1", "-o", str(tmp_path), "--database", str(db_path))
    assert_clean_failure(result, 1, "cannot write")
    if Path("/dev/full").exists():  # standard output on a full disk was a traceback
        with open("/dev/full", "w") as full:
            to_full = subprocess.run(
                [sys.executable, "-m", "gofish", "export", "1", "--database", str(db_path)],
                stdout=full, stderr=subprocess.PIPE, text=True, timeout=60)
        assert_clean_failure(to_full, 1, "cannot write the record: No space left on device")


def test_history_shows_a_rescued_game_once_the_damaged_file_is_moved_away(
    db_path: Path,
) -> None:
    # The warning promises the game comes back "the next time the database opens";
    # history used to say "No games stored yet" while it waited beside a missing file.
    db_path.parent.mkdir(parents=True, exist_ok=True)
    db_path.write_bytes(b"this is not a database" * 100)
    played = gofish_cmd("play", "--plain", "--seed", "4", "--database", str(db_path))
    assert played.returncode == 0 and "damaged" in played.stderr
    db_path.rename(db_path.with_suffix(".broken"))
    listed = gofish_cmd("history", "--database", str(db_path))
    assert listed.returncode == 0, listed.stderr
    assert "No games stored yet" not in listed.stdout
    assert "in progress" in listed.stdout


def test_show_names_a_stored_game_whose_record_does_not_replay(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    # Readable JSON, but not a game: it printed the heading, then only "gofish show: a deck
    # must have 52 cards…", without saying that the stored game is at fault.
    with sqlite3.connect(db_path) as db:
        db.execute("""UPDATE games SET record = '{"rules": "classic", "players": 2, "deck": []}'
                      WHERE id = 2""")
    shown = gofish_cmd("show", "2", "--database", str(db_path))
    assert shown.stdout == ""
    assert_clean_failure(shown, 1, f"gofish show: game 2 in the games database {db_path} does "
                                   "not replay (a deck must have 52 cards")


def test_a_damaged_game_is_named_and_the_others_still_work(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    # One hand-edited row made history, show and export all fail without saying which.
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET record = '{not json' WHERE id = 2")
    listed = gofish_cmd("history", "--database", str(db_path))
    assert_clean_failure(listed, 1, "gofish history: game 2 is damaged")
    rows = {line.split()[0]: line for line in listed.stdout.splitlines()[2:]}
    assert list(rows) == ["3", "2", "1"] and "(damaged: cannot be read)" in rows["2"]
    as_json = gofish_cmd("history", "--json", "--database", str(db_path))
    assert [json.loads(line) for line in as_json.stdout.splitlines()][1] == {
        "id": 2, "damaged": True}
    for command in ("show", "export"):
        assert_clean_failure(gofish_cmd(command, "2", "--database", str(db_path)), 1,
                             f"gofish {command}: game 2 in the games database")
        healthy = gofish_cmd(command, "1", "--database", str(db_path))
        assert healthy.returncode == 0 and healthy.stdout, healthy.stderr


def test_resume_passes_over_a_damaged_latest_game_and_says_so(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    # Resume with no id stopped at the damaged game, though an older one could be played on.
    with Store(db_path) as store:
        newer = store.save(gofish.game_to_record(played_game(seed=24, asks=4)), seats=[YOU, EMMA])
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET record = '{not json' WHERE id = ?", (newer,))
    resumed = gofish_cmd("resume", "--plain", "--database", str(db_path), stdin="quit\n")
    assert resumed.stderr.startswith(f"gofish resume: warning: game {newer} in the games "
                                     "database"), resumed.stderr
    assert "so it is passed over" in resumed.stderr
    assert resumed.returncode == 0, resumed.stderr
    assert "Game 3 saved unfinished: gofish resume 3" in resumed.stdout  # the older one


@pytest.mark.parametrize("damage", ["a rank that is none", "a bot not installed", "two people"])
def test_resume_passes_over_a_latest_game_that_reads_but_cannot_be_played_on(
    db_path: Path, games: dict[str, gofish.Game], damage: str
) -> None:
    """A record still JSON but edited so that it no longer replays, or a seat's bot not
    installed here: a bare resume stopped there (exit 1) short of the older game. A game of
    two people (saved through the API) had Emma play the second person's seat, and saved
    her as having played it from the start: who played it was rewritten."""
    seats = [YOU, {"name": "Bob", "bot": None} if damage == "two people" else EMMA]
    with Store(db_path) as store:
        newer = store.save(gofish.game_to_record(played_game(seed=24, asks=4)), seats=seats)
    with sqlite3.connect(db_path) as db:
        if damage == "a bot not installed":
            db.execute("UPDATE seats SET bot = 'gone' WHERE game_id = ? AND bot IS NOT NULL",
                       (newer,))
        elif damage != "two people":
            db.execute("UPDATE games SET record = json_set(record, '$.actions[0].rank', 'Z') "
                       "WHERE id = ?", (newer,))
    resumed = gofish_cmd("resume", "--plain", "--database", str(db_path), stdin="quit\n")
    assert resumed.returncode == 0, resumed.stderr
    said = {"a bot not installed": "needs the bot 'gone', which is not here",
            "two people": "has 2 people: a table here seats one",
            }.get(damage, "cannot be replayed: ")
    warning = resumed.stderr.splitlines()[0]
    assert warning.startswith("gofish resume: warning: ") and f"game {newer}" in warning
    assert said in warning and warning.endswith("so it is passed over")
    assert "Game 3 saved unfinished: gofish resume 3" in resumed.stdout  # the older one
    named = gofish_cmd("resume", str(newer), "--plain", "--database", str(db_path))
    assert named.returncode == 1 and said in named.stderr  # asked for by id: refused
    with Store(db_path) as store:  # and the seats are as they were
        bots = [seat["bot"] for seat in store.get(newer).seats]
    assert bots == {"two people": [None, None], "a bot not installed": [None, "gone"]}.get(
        damage, [None, "emma"])


def test_resume_with_only_damaged_unfinished_games_says_none_can_be_read(
    db_path: Path, games: dict[str, gofish.Game]
) -> None:
    with sqlite3.connect(db_path) as db:
        db.execute("UPDATE games SET record = '{not json' WHERE over = 0")
    resumed = gofish_cmd("resume", "--plain", "--database", str(db_path))
    assert resumed.returncode == 2 and "Traceback" not in resumed.stderr
    warning, error = resumed.stderr.strip().splitlines()
    assert warning.endswith("so it is passed over")
    assert error.startswith("gofish resume: there is no unfinished game that can be read to")
