"""The stats page names each row's house rules in the words the history and the table
use ("classic (no lucky draw, pairs instead of books)"), not the stored label's engine
option names ("classic (lucky_draw=false, book_size=2)"), while ``gofish stats`` and
its --json keep the label, the names of its --lucky-draw style flags."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from tests.storage.helpers import EMMA, YOU, damage, played_game

from gofish.cli import main
from gofish.storage import open_store
from gofish.web import create_app

from .conftest import LiveServer
from .test_house_rules_in_words import IN_WORDS, PAIRS_NO_LUCKY_DRAW

LABEL = "classic (lucky_draw=false, book_size=2)"


def store_games(database: Path, *rules: Any) -> list[int]:
    """One finished two-player game against Emma under each of ``rules``; their ids."""
    with open_store(database) as store:
        return [store.save(played_game(each, players=2, seed=seed).to_record(), seats=[YOU, EMMA])
                for seed, each in enumerate(rules, start=3)]


def stats_rows(database: Path) -> list[dict[str, Any]]:
    answer = TestClient(create_app(database, pace=0)).get("/api/stats")
    assert answer.status_code == 200, answer.text
    rows: list[dict[str, Any]] = answer.json()["rows"]
    return rows


def test_the_stats_api_gives_each_row_its_rules_in_words_beside_the_label(
    tmp_path: Path,
) -> None:
    database = tmp_path / "games.sqlite3"
    store_games(database, "classic", PAIRS_NO_LUCKY_DRAW, PAIRS_NO_LUCKY_DRAW)
    rows = stats_rows(database)
    # The games of one label are still one row: the two pairs games count together.
    assert sorted((row["rules"], row["rules_words"], row["games"]) for row in rows) == [
        ("classic", "classic", 1), (LABEL, IN_WORDS, 2)]
    assert not any("rules_record" in row for row in rows)


@pytest.mark.parametrize("rules", ['"chess"', "[1, 2]", '{"book_size": 2}'])
def test_a_row_whose_stored_rules_are_past_reading_is_named_by_its_record(
    tmp_path: Path, rules: str
) -> None:
    # As the history: rules edited by hand are not a 500; the game counts as its record
    # plays (docs/storage.md), so its rules are named in the record's words.
    database = tmp_path / "games.sqlite3"
    [game] = store_games(database, PAIRS_NO_LUCKY_DRAW)
    damage(database, "UPDATE games SET rules = ? WHERE id = ?", (rules, game))
    assert [(row["rules_words"], row["games"]) for row in stats_rows(database)] == [
        (IN_WORDS, 1)]


def test_a_row_whose_stored_rules_are_not_json_is_left_out_as_history_calls_it_damaged(
    tmp_path: Path,
) -> None:
    # History names such a game damaged (a column that is not JSON); stats counted it.
    database = tmp_path / "games.sqlite3"
    [game] = store_games(database, PAIRS_NO_LUCKY_DRAW)
    damage(database, "UPDATE games SET rules = 'not JSON' WHERE id = ?", (game,))
    answer = TestClient(create_app(database, pace=0)).get("/api/stats").json()
    assert answer["rows"] == [] and answer["damaged"] == [game]


def test_a_row_whose_rules_were_changed_counts_with_its_record_s(tmp_path: Path) -> None:
    # One label, two rules values (one edited by hand): the edited game counts as its
    # record plays, so both are the record's rules, in its words.
    database = tmp_path / "games.sqlite3"
    first, _ = store_games(database, PAIRS_NO_LUCKY_DRAW, PAIRS_NO_LUCKY_DRAW)
    damage(database, """UPDATE games SET rules = '{"preset": "nordic"}' WHERE id = ?""",
           (first,))
    assert [(row["rules_words"], row["games"]) for row in stats_rows(database)] == [
        (IN_WORDS, 2)]


def test_gofish_stats_json_keeps_its_fields_and_label(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "games.sqlite3"
    store_games(database, PAIRS_NO_LUCKY_DRAW)
    assert main(["stats", "--json", "--database", str(database)]) == 0
    [row] = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert row["rules"] == row["rules_label"] == LABEL
    assert "rules_record" not in row and "rules_words" not in row


@pytest.mark.browser
def test_the_stats_page_names_house_rules_in_words(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0) as server:
        store_games(server.database, "classic", PAIRS_NO_LUCKY_DRAW)
        page.goto(f"{server.url}/#/stats")
        page.wait_for_selector("svg.chart.bars .bar-value", state="attached")
        cells = page.eval_on_selector_all(
            ".stats-table tbody tr", "(rows) => rows.map((row) => row.cells[1].textContent)")
        assert sorted(cells) == ["classic", IN_WORDS], cells
        labels = page.eval_on_selector_all(
            "#page-stats .bar-label > title", "(titles) => titles.map((t) => t.textContent)")
        assert f"vs Emma · {IN_WORDS}" in labels, labels
        # What a screen reader is given: the charts' titles and descriptions.
        described = page.eval_on_selector_all(
            "#page-stats svg.chart > desc", "(descs) => descs.map((d) => d.textContent)")
        assert any(f"vs Emma · {IN_WORDS}: " in text for text in described), described
        words = str(page.evaluate("() => document.querySelector('#page-stats').textContent"))
        assert "book_size" not in words and "lucky_draw" not in words, words
