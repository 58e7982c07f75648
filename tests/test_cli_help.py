"""Each command's --help, read as a newcomer reads it: the defaults and limits it states are
the ones the command has, and it says them in the README's words."""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

import pytest

from gofish.cli import build_parser
from gofish.storage.paths import default_db_path

ROOT = Path(__file__).resolve().parents[1]
GAMES_DATABASE_COMMANDS = ["play", "resume", "serve", "history", "stats", "show", "export",
                           "recover"]


def command(name: str) -> argparse.ArgumentParser:
    subparsers = next(action for action in build_parser()._actions
                      if isinstance(action, argparse._SubParsersAction))
    return subparsers.choices[name]


def option(name: str, flag: str) -> argparse.Action:
    return next(action for action in command(name)._actions if flag in action.option_strings)


def said(text: str | None) -> str:
    return " ".join((text or "").split())


def test_every_command_on_the_games_database_names_its_default_alike() -> None:
    # play and resume said "the user data directory", serve "the user data dir", the others
    # "$XDG_DATA_HOME/gofish/games.sqlite3, i.e. ~/.local/share/...", which it is not when
    # $XDG_DATA_HOME is set.
    helps = {name: option(name, "--database").help for name in GAMES_DATABASE_COMMANDS}
    assert len(set(helps.values())) == 1, helps
    text = said(helps["play"])
    assert "i.e." not in text
    for part in ("$GOFISH_DB", "games.sqlite3", "$XDG_DATA_HOME/gofish",
                 "~/.local/share/gofish when that is not set"):
        assert part in text


def test_the_database_the_help_names_is_the_one_used(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    monkeypatch.delenv("GOFISH_DB", raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_db_path() == tmp_path / "data" / "gofish" / "games.sqlite3"
    monkeypatch.delenv("XDG_DATA_HOME")
    assert default_db_path() == tmp_path / ".local" / "share" / "gofish" / "games.sqlite3"


def test_every_option_of_play_says_what_it_is_when_not_given() -> None:
    # --name (You), --speed (1), --seed and the house rules said nothing of their defaults.
    parser = command("play")
    group = next((group for group in parser._action_groups if group.title == "house rules"),
                 None)
    assert group is not None
    assert "each one not given is what the --rules preset plays" in said(group.description)
    in_group = {flag for action in group._group_actions for flag in action.option_strings}
    assert {"--refill", "--end", "--hand-size", "--book-size", "--ask"} <= in_group
    for action in parser._actions:
        if action.nargs == 0 or set(action.option_strings) & in_group:
            continue  # a flag, or a house rule: the group says what it is by default
        assert "default" in said(action.help), action.option_strings


def test_the_players_default_is_one_more_than_the_opponents_named(tmp_path: Path) -> None:
    # The help said "default 2"; --opponents emma,random seats three.
    assert "default 2)" not in said(option("play", "--players").help)
    assert "one more than the bots --opponents names" in said(option("play", "--players").help)
    result = subprocess.run(
        [sys.executable, "-m", "gofish", "play", "--plain", "--opponents", "emma,random",
         "--seed", "1", "--database", str(tmp_path / "games.sqlite3")],
        input="quit\n", capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "against Emma (player 1), Randy (player 2)." in result.stdout


def test_the_refill_help_says_a_single_card_as_the_rules_do() -> None:
    # docs/rules.md, "Single-card refill": one card, not a hand built up one at a time.
    text = said(option("play", "--refill").help)
    assert "card (draws a single card at once)" in text
    assert "one card at a time" not in text
    assert "draws exactly one card" in said((ROOT / "docs/rules.md").read_text("utf-8"))


def test_export_names_a_record_format_the_reader_can_find() -> None:
    # It sent readers to "RULES.md records": no such file ships with gofish.
    text = said(command("export").description)
    assert "RULES.md" not in text
    assert 'docs/rules.md, "Records and replay"' in text
    assert "### Records and replay" in (ROOT / "docs/rules.md").read_text("utf-8")


@pytest.mark.parametrize(("typed", "taken"), [("60", True), ("61", False), ("0", True)])
def test_show_delay_help_gives_the_range_it_takes(typed: str, taken: bool) -> None:
    assert "0 to 60" in said(option("show", "--delay").help)
    if taken:
        assert command("show").parse_args(["1", "--delay", typed]).delay == float(typed)
    else:
        with pytest.raises(SystemExit):
            command("show").parse_args(["1", "--delay", typed])


def test_history_limit_help_gives_its_least_value() -> None:
    assert "at least 1; default 20" in said(option("history", "--limit").help)
    with pytest.raises(SystemExit):
        command("history").parse_args(["--limit", "0"])


def test_the_command_list_says_show_replays_event_by_event() -> None:
    # "step by step" is what --step adds; without it show plays the events out with a pause.
    subparsers = next(action for action in build_parser()._actions
                      if isinstance(action, argparse._SubParsersAction))
    summary = next(choice.help for choice in subparsers._choices_actions if choice.dest == "show")
    assert summary == "replay a stored game as sentences, event by event"


@pytest.mark.parametrize("name", ["play", "tournament"])
def test_the_lucky_draw_help_says_what_it_needs_under_card_asks(name: str) -> None:
    # The house rules: under ask: card the lucky draw needs that very card, not its rank.
    text = said(option(name, "--lucky-draw").help)
    assert "the rank" in text and "--ask card" in text and "very card" in text


def test_play_help_says_the_last_opponent_named_fills_the_seats_left() -> None:
    # It said "one per opponent": a newcomer with --players 4 --opponents expert could not
    # tell who else would sit down (the README says the last one repeats, and so it does).
    from gofish.session import opponents_for

    assert "the last one repeating for the seats left" in said(option("play", "--opponents").help)
    assert opponents_for(4, ["expert"]) == ("expert", "expert", "expert")
