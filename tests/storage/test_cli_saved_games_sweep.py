"""history, show, export, stats and resume as a demanding user finds them: hints that find
the same game, a cut list that says so, games played by bots alone, records that do not
replay, and rules labels from a hand-edited database."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.cli._database import local_time
from gofish.storage import Store

from .helpers import EMMA, RANDOM, YOU, TickingClock, played_game

BOTS_ONLY = [{"name": "Ann", "bot": "emma"}, {"name": "Bo", "bot": "random"}]


@pytest.fixture
def three_games(db_path: Path) -> Path:
    """1: finished; 2: unfinished, a person's; 3: unfinished, bots only (the latest)."""
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
        store.save(gofish.game_to_record(played_game(seed=23, asks=6)), seats=[YOU, RANDOM])
        store.save(gofish.game_to_record(played_game(seed=24, asks=4)), seats=BOTS_ONLY)
    return db_path


def test_show_of_a_game_in_progress_names_the_command_that_resumes_that_very_game(
    three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "carry on with gofish resume" took the latest game (maybe another) from the default
    # database (maybe another).
    assert main(["show", "2", "--delay", "0", "--database", str(three_games)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    assert last == ("The game is still in progress: carry on with "
                    f"gofish resume 2 --database {three_games}.")


def test_resume_of_a_game_of_bots_alone_is_refused_not_called_damaged(
    three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Exit status 1 (README: a damaged game) for a game that is simply not a person's.
    assert main(["resume", "3", "--plain", "--database", str(three_games)]) == 2
    error = capsys.readouterr().err
    assert error.startswith("gofish resume: game 3 is played by computer players only")
    assert error.count("\n") == 1


def test_resume_without_an_id_passes_over_a_game_of_bots_alone(three_games: Path) -> None:
    # The newer bots-only game 3 was picked, and refused: game 2 could not be resumed bare.
    result = subprocess.run(
        [sys.executable, "-m", "gofish", "resume", "--plain", "--speed", "0",
         "--database", str(three_games)],
        input="", capture_output=True, text=True, timeout=60,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )
    assert result.returncode == 0, result.stderr
    assert "Game 2 saved unfinished: gofish resume 2 --plain" in result.stdout


def test_history_cut_by_limit_says_how_many_games_there_are(
    three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", "--limit", "2", "--database", str(three_games)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[2:4]] == ["3", "2"]
    assert lines[4:] == ["(2 of 3 games shown, the most recent: --limit N lists more)"]
    assert main(["history", "--unfinished", "--limit", "1",
                 "--database", str(three_games)]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "(1 of 2 unfinished games shown, the most recent: --limit N lists more)")


@pytest.mark.parametrize("asked", [["--limit", "3"], ["--json", "--limit", "2"]])
def test_history_adds_no_line_when_all_are_listed_or_for_json(
    asked: list[str], three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["history", *asked, "--database", str(three_games)]) == 0
    out = capsys.readouterr().out
    assert "--limit" not in out and "shown" not in out


# They word the rules from the record, so the label's edit is not shown at all: only
# said, as a row changed since it was saved (exit 1).
@pytest.mark.parametrize(("command", "rules"), [
    (["history"], "  classic  "), (["stats"], "classic  "),
    (["show", "1", "--delay", "0"], ": classic, ")])
def test_a_rules_label_edited_by_hand_reaches_the_terminal_without_escapes(
    command: list[str], rules: str, three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with sqlite3.connect(three_games) as connection:
        connection.execute("UPDATE games SET rules_label = 'classic\x1b[2J', "
                           "updated_at = 'noon\x1b[31m' WHERE id = 1")
    connection.close()
    assert main([*command, "--database", str(three_games)]) == 1
    captured = capsys.readouterr()
    assert "\x1b" not in captured.out and rules in captured.out
    assert "\x1b" not in captured.err and "game 1's row says otherwise" in captured.err


def test_show_of_a_game_of_bots_alone_in_progress_suggests_no_resume(
    three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "carry on with gofish resume 3", which refuses: no seat there is a person's.
    assert main(["show", "3", "--delay", "0", "--database", str(three_games)]) == 0
    out = capsys.readouterr().out
    assert "resume" not in out
    assert out.splitlines()[-1] == (
        "The game is still in progress (played by computer players only).")



@pytest.mark.parametrize("damage", ["two people", "a bot not installed"])
def test_show_of_a_game_resume_refuses_says_why_rather_than_suggest_it(
    db_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    # "carry on with gofish resume 1", which refuses a game of two people (a table here
    # seats one) or one whose bot is not installed here.
    seats = [YOU, {"name": "Bob", "bot": None} if damage == "two people" else EMMA]
    with Store(db_path) as store:
        game_id = store.save(gofish.game_to_record(played_game(seed=23, asks=6)), seats=seats)
    if damage == "a bot not installed":
        with sqlite3.connect(db_path) as db:
            db.execute("UPDATE seats SET bot = 'gone' WHERE bot IS NOT NULL")
    assert main(["show", str(game_id), "--delay", "0", "--database", str(db_path)]) == 0
    last = capsys.readouterr().out.splitlines()[-1]
    said = {"two people": f"game {game_id} has 2 people: a table here seats one, so it "
                          "cannot be resumed here",
            "a bot not installed": f"game {game_id} needs the bot 'gone', which is not here"}
    assert last == f"The game is still in progress ({said[damage]}).", last
    refused = main(["resume", str(game_id), "--plain", "--database", str(db_path)])
    assert refused == 1 and said[damage] in capsys.readouterr().err  # as resume says it


def test_history_names_a_three_way_shared_win_as_a_list(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = played_game("nordic", players=4, seed=9)
    assert game.winners == (0, 1, 3)  # R10: every player with the most books wins
    seats = [{"name": name, "bot": "emma"} for name in ("Ann", "Bo", "Cy", "Di")]
    with Store(db_path) as store:
        store.save(gofish.game_to_record(game), seats=seats)
    assert main(["history", "--database", str(db_path)]) == 0
    assert "shared: Ann, Bo and Di " in capsys.readouterr().out  # was "Ann and Bo and Di"


def test_stats_with_only_games_of_bots_alone_says_so_not_that_none_are_finished(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=BOTS_ONLY)
    assert main(["stats", "--database", str(db_path)]) == 0
    assert capsys.readouterr().out == (
        f"No finished games with a person at the table in {db_path}: "
        "--all-seats counts the computer players' games too.\n")
    assert main(["stats", "--all-seats", "--database", str(db_path)]) == 0
    assert "Emma" in capsys.readouterr().out


def test_stats_with_no_finished_game_names_the_database(
    three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with Store(three_games) as store:
        store.delete(1)  # the finished game
    assert main(["stats", "--database", str(three_games)]) == 0
    assert capsys.readouterr().out == (
        f"No finished games yet in {three_games}: play one with gofish play.\n")


def test_export_of_a_game_in_progress_warns_in_the_words_other_warnings_use(
    three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["export", "2", "--database", str(three_games)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ("gofish export: warning: game 2 is still in progress; its record "
                            "shows every hand and the pond, so reading it spoils the game\n")
    assert gofish.replay_line(captured.out)["ok"]
    assert main(["export", "1", "--database", str(three_games)]) == 0
    assert capsys.readouterr().err == ""  # a finished game hides nothing any more


def test_export_of_a_game_in_progress_that_cannot_be_written_only_says_so(
    three_games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The warning that reading the record spoils the game came first, of a record that
    # was never written: two lines where one failure happened.
    missing = tmp_path / "no-such-folder" / "game.jsonl"
    assert main(["export", "2", "--database", str(three_games), "-o", str(missing)]) == 1
    assert capsys.readouterr().err == (
        f"gofish export: cannot write {missing}: No such file or directory\n")
    assert not missing.parent.exists()


@pytest.mark.parametrize("as_json", [False, True])
def test_stats_of_every_seat_are_grouped_by_player(
    db_path: Path, capsys: pytest.CaptureFixture[str], as_json: bool
) -> None:
    # Sorted by rules, then opponents: random, human, emma, then emma, human again.
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=21)), seats=[YOU, EMMA])
        store.save(gofish.game_to_record(played_game("bicycle", players=3, seed=22)),
                   seats=[EMMA, YOU, RANDOM])
    assert main(["stats", "--all-seats", *(["--json"] if as_json else []),
                 "--database", str(db_path)]) == 0
    out = capsys.readouterr().out.splitlines()
    players = ([json.loads(line)["player"] for line in out] if as_json
               else [line.split()[0] for line in out[2:] if not line.startswith("(")])
    # The table names each bot as it is named among the opponents ("Emma", "Randy")
    assert players == (["emma", "emma", "human", "human", "random"] if as_json
                       else ["Emma", "Emma", "human", "human", "Randy"])


@pytest.mark.parametrize("typed", ["-1", "61", "nan", "inf"])
def test_a_delay_out_of_range_is_echoed_back(
    typed: str, three_games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["show", "1", f"--delay={typed}", "--database", str(three_games)])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == (
        f"gofish show: argument --delay: must be between 0 and 60 seconds, not {typed} "
        "(see gofish show --help)\n")


@pytest.mark.parametrize("to_file", [False, True])
def test_export_of_a_record_that_does_not_replay_writes_it_and_exits_1(
    three_games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str], to_file: bool
) -> None:
    # show says the game does not replay (exit 1); export wrote it with status 0, as if
    # gofish replay would take it. Written all the same, so it can be mended by hand.
    bad = '{"rules": "classic", "players": 2, "deck": []}'
    with sqlite3.connect(three_games) as connection:
        connection.execute("UPDATE games SET record = ? WHERE id = 1", (bad,))
    connection.close()
    output = tmp_path / "game.json"
    asked = ["-o", str(output)] if to_file else []
    assert main(["export", "1", *asked, "--database", str(three_games)]) == 1
    captured = capsys.readouterr()
    written = output.read_text() if to_file else captured.out
    assert json.loads(written) == json.loads(bad)
    assert captured.err == (
        f"gofish export: game 1 in the games database {three_games} does not replay (a deck "
        "must have 52 cards, this one has 0); it may have been edited by hand: its record "
        "is written as it is stored\n")


def test_resume_with_only_games_of_bots_alone_unfinished_says_what_they_lack(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # "there is no unfinished game to resume", while history --unfinished listed one.
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=24, asks=4)), seats=BOTS_ONLY)
    assert main(["resume", "--plain", "--database", str(db_path)]) == 2
    assert capsys.readouterr().err == (
        "gofish resume: there is no unfinished game with a seat for you to resume: "
        "start one with gofish play\n")


def test_show_says_its_date_is_when_the_game_started(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # history lists the date of the last move; show's heading gave another, unlabelled.
    game = played_game(seed=23, asks=2)
    with Store(db_path, clock=TickingClock()) as store:
        game_id = store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
        game.play(game.legal_actions()[0])
        store.save(gofish.game_to_record(game), seats=[YOU, EMMA], game_id=game_id)
    started = local_time("2026-01-01T00:00:01.000+00:00")
    assert main(["show", "1", "--delay", "0", "--database", str(db_path)]) == 0
    assert f"; started {started}; seen from your seat." in capsys.readouterr().out


def test_stats_and_history_json_name_the_rules_label_alike(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # history --json gives the record's rules and its rules_label; stats --json gave the
    # label as "rules" only, so one script could not read both the same way.
    record = gofish.game_to_record(played_game(seed=21))
    with Store(db_path) as store:
        store.save(record, seats=[YOU, EMMA])
    assert main(["history", "--json", "--database", str(db_path)]) == 0
    listed = json.loads(capsys.readouterr().out.splitlines()[0])
    assert main(["stats", "--json", "--database", str(db_path)]) == 0
    counted = json.loads(capsys.readouterr().out.splitlines()[0])
    assert counted["rules_label"] == listed["rules_label"] == counted["rules"]
