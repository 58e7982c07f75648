"""At the table, a bot given options is named with them: "Emma (memory=0)", so the
gentle Emma is told from the default one; the default bot keeps its plain name. The
table called both "Emma" while ``gofish stats`` named the spec."""

from __future__ import annotations

from pathlib import Path

from .test_plain import gofish


def test_the_table_names_a_bot_with_the_options_it_was_given(tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite3"
    played = gofish(["play", "--plain", "--speed", "0", "--seed", "3",
                     "--opponents", "emma:memory=0,emma,expert:noise=0.50"], "quit\n", db)
    assert played.returncode == 0, played.stderr
    assert ("against Emma (memory=0) (player 1), Emma 2 (player 2), "
            "Expert (noise=0.5) (player 3).") in played.stdout
    # The log names her plainly: "Emma (memory=0)'s turn." in every sentence read badly.
    assert "Emma is dealt" in played.stdout and "(memory=0) is dealt" not in played.stdout
    resumed = gofish(["resume", "--plain", "--speed", "0"], "quit\n", db)
    assert resumed.returncode == 0, resumed.stderr
    assert "against Emma (memory=0) (player 1), Emma 2 (player 2)," in resumed.stdout


def test_a_player_still_asks_a_bot_by_its_first_name(tmp_path: Path) -> None:
    played = gofish(["play", "--plain", "--speed", "0", "--seed", "5", "--players", "3",
                     "--opponents", "random,emma:memory=0"], "ask emma for 2\nquit\n",
                    tmp_path / "games.sqlite3")
    assert played.returncode == 0, played.stderr
    assert "You have no 2s" in played.stdout  # Emma was found; only the rank is refused
    assert "There is no opponent" not in played.stdout
