"""A stored row whose columns beside the record (its rules, rules label, books, winners,
and its seats' books and results) were changed by hand: they are only derived from the
record, which is the game. history listed the changed books, show's heading named the
changed rules while it replayed the record's, and stats counted the changed seats, each
without a word. Now all three go by the record and say the row was changed, as they say
a game is damaged (exit 1)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import gofish
from gofish.cli import main
from gofish.storage import Store

from .helpers import EMMA, YOU, damage, played_game

# Seed 1, You (seat 0) against Emma: Emma wins 7 books to 6.
EDITS = {
    "games.books": "UPDATE games SET books = '[7, 6]'",
    "games.winners": "UPDATE games SET winners = '[0]'",
    "rules_label": "UPDATE games SET rules_label = 'nordic'",
    "rules": "UPDATE games SET rules = '\"nordic\"'",
    "seats.books": "UPDATE seats SET books = books + 3 WHERE seat = 0",
    "seats.result": "UPDATE seats SET result = 'win' WHERE seat = 0",
}


def stored_game(db_path: Path) -> dict[str, object]:
    record = gofish.game_to_record(played_game(seed=1))
    with Store(db_path) as store:
        game = store.get(store.save(record, seats=[YOU, EMMA]))
    assert (game.books, game.winners, game.rules_label) == ([6, 7], [1], "classic")
    return record


def run(db_path: Path, capsys: pytest.CaptureFixture[str], *command: str
        ) -> tuple[int, str, str]:
    code = main([*command, "--database", str(db_path)])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


@pytest.mark.parametrize("edit", EDITS)
def test_history_show_and_stats_each_say_a_changed_row_and_go_by_the_record(
    db_path: Path, capsys: pytest.CaptureFixture[str], edit: str
) -> None:
    stored_game(db_path)
    expected = run(db_path, capsys, "stats", "--json")[1]
    damage(db_path, EDITS[edit])
    for command in (["history", "--json"], ["show", "1", "--delay", "0"],
                    ["stats", "--json"]):
        code, _, err = run(db_path, capsys, *command)
        assert code == 1, (command, err)
        assert "game 1's row says otherwise than the game record" in err, command
        assert "shown as the record plays" in err
    history = json.loads(run(db_path, capsys, "history", "--json")[1])
    assert (history["books"], history["winners"], history["rules_label"], history["rules"]) \
        == ([6, 7], [1], "classic", "classic")
    assert run(db_path, capsys, "stats", "--json")[1] == expected


def test_show_heads_a_changed_row_with_the_rules_it_replays(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The heading named the rules column ("nordic") over a replay of classic.
    stored_game(db_path)
    damage(db_path, EDITS["rules"])
    code, out, err = run(db_path, capsys, "show", "1", "--delay", "0")
    assert code == 1
    assert out.startswith("Game 1: classic, ")
    assert "(rules)" in err


def test_history_lists_a_changed_row_as_its_record_plays(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stored_game(db_path)
    damage(db_path, EDITS["games.books"])
    damage(db_path, EDITS["games.winners"])
    code, out, err = run(db_path, capsys, "history")
    row = out.splitlines()[2]
    assert code == 1
    assert "lost" in row and "6 (vs 7)" in row, row
    assert "(winners and books)" in err


def test_an_unchanged_row_is_not_called_changed(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    stored_game(db_path)
    for command in (["history"], ["show", "1", "--delay", "0"], ["stats"]):
        code, _, err = run(db_path, capsys, *command)
        assert (code, err) == (0, ""), command


def test_a_label_in_the_first_days_spelling_is_not_called_changed(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # gofish wrote text options in quotes at first: such a row was not changed since.
    game = played_game(rules={"preset": "nordic", "ask": "card"}, seed=2)
    with Store(db_path) as store:
        store.save(gofish.game_to_record(game), seats=[YOU, EMMA])
    damage(db_path, "UPDATE games SET rules_label = 'nordic (ask=\"card\")'")
    with Store(db_path) as store:
        assert store.get(1).rules_label == 'nordic (ask="card")'
    for command in (["history"], ["show", "1", "--delay", "0"], ["stats"]):
        code, _, err = run(db_path, capsys, *command)
        assert (code, err) == (0, ""), command


@pytest.mark.parametrize("edit", ["UPDATE games SET books = '[1, 0]'",
                                  "UPDATE seats SET result = 'win' WHERE seat = 0"])
def test_a_changed_row_of_a_game_in_progress_is_said_too(
    db_path: Path, capsys: pytest.CaptureFixture[str], edit: str
) -> None:
    with Store(db_path) as store:
        store.save(gofish.game_to_record(played_game(seed=1, asks=3)), seats=[YOU, EMMA])
        books = store.get(1).books
    damage(db_path, edit)
    code, out, err = run(db_path, capsys, "history", "--json")
    assert code == 1 and "game 1's row says otherwise" in err
    assert json.loads(out)["books"] == books and json.loads(out)["winners"] is None
