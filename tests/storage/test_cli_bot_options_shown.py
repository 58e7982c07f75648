"""The history names each opponent with the options its bot was given, and the house rules
in the words the table uses.

Emma with ``memory=0`` and the default Emma were both listed as "Emma", so a player could
not tell which games were against the gentle one, while ``gofish stats`` named the spec;
and the history spelled house rules as the engine's options ("book_size=2")."""

from __future__ import annotations

import re
from pathlib import Path

from gofish.storage import Store

from .helpers import EMMA, YOU, played_game
from .test_cli import gofish_cmd

GENTLE_EMMA = {"name": "Emma", "bot": "emma:memory=0"}  # stored as the tables store it
EXPERT_NOISY = {"name": "Expert", "bot": "Expert:noise=0.50:epsilon=0.1"}


def history_lines(db_path: Path, *flags: str) -> list[str]:
    listed = gofish_cmd("history", "--database", str(db_path), *flags)
    assert listed.returncode == 0, listed.stderr
    return listed.stdout.splitlines()[2:]


def test_history_and_the_games_to_resume_name_each_bots_options(db_path: Path) -> None:
    with Store(db_path) as opened:
        opened.save(played_game(seed=3).to_record(), seats=[YOU, EMMA])
        opened.save(played_game(seed=4).to_record(), seats=[YOU, GENTLE_EMMA])
        opened.save(played_game(players=3, seed=5, asks=2).to_record(),
                    seats=[YOU, GENTLE_EMMA, EXPERT_NOISY])
    newest, gentle, default = history_lines(db_path)
    assert "Emma (memory=0), Expert (epsilon=0.1, noise=0.5)  in progress" in newest
    assert re.search(r"  Emma \(memory=0\) +(won|lost|shared win) ", gentle), gentle
    assert re.search(r"  Emma +(won|lost|shared win) ", default), default
    [unfinished] = history_lines(db_path, "--unfinished")
    assert "Emma (memory=0), Expert (epsilon=0.1, noise=0.5)" in unfinished


def test_a_game_of_bots_alone_names_its_winner_with_its_options(db_path: Path) -> None:
    game = played_game(seed=3)
    seats = [{"name": "Randy", "bot": "random"}, GENTLE_EMMA]
    with Store(db_path) as opened:
        opened.save(game.to_record(), seats=seats)
    [line] = history_lines(db_path)
    assert game.winners is not None and len(game.winners) == 1
    winner = ["Randy", "Emma (memory=0)"][game.winners[0]]
    assert f"{winner} won" in line, line


def test_history_names_house_rules_in_the_tables_words(db_path: Path) -> None:
    pairs = {"preset": "classic", "book_size": 2, "lucky_draw": False}
    with Store(db_path) as opened:
        opened.save(played_game(pairs, seed=3).to_record(), seats=[YOU, EMMA])
    [line] = history_lines(db_path)
    assert "classic (no lucky draw, pairs instead of books)" in line, line
    assert "book_size" not in line


def test_show_names_the_bots_options_and_the_house_rules_in_words(db_path: Path) -> None:
    with Store(db_path) as opened:
        game_id = opened.save(played_game({"preset": "classic", "book_size": 2}, seed=3,
                                          asks=3).to_record(), seats=[YOU, GENTLE_EMMA])
    told = gofish_cmd("show", str(game_id), "--database", str(db_path))
    assert told.returncode == 0, told.stderr
    heading = told.stdout.splitlines()[0]
    assert heading.startswith(
        f"Game {game_id}: classic (pairs instead of books), You, Emma (memory=0); "), heading


def test_stats_names_house_rules_in_the_same_words_as_the_history(db_path: Path) -> None:
    pairs = {"preset": "classic", "book_size": 2, "lucky_draw": False}
    with Store(db_path) as opened:
        opened.save(played_game(pairs, seed=3).to_record(), seats=[YOU, EMMA])
    counted = gofish_cmd("stats", "--database", str(db_path))
    assert counted.returncode == 0, counted.stderr
    [row] = counted.stdout.splitlines()[2:]
    assert row.startswith("classic (no lucky draw, pairs instead of books)  Emma "), row
    assert history_lines(db_path)[0].count("classic (no lucky draw, pairs instead of books)")
