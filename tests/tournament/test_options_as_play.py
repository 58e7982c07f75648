"""tournament reads --rules and the house rules as play does, and says in --help what
docs/tournament.md says of its options: --rules NORDIC was refused by argparse where play
took it, the house rules had no help texts, and --games and --players no limits."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from gofish.cli import build_parser, main
from gofish.tournament.plan import MAX_GAMES

HOUSE_RULES = ("--lucky-draw", "--refill", "--end", "--hand-size", "--book-size", "--ask")


def command(name: str) -> argparse.ArgumentParser:
    subparsers = next(action for action in build_parser()._actions
                      if isinstance(action, argparse._SubParsersAction))
    return subparsers.choices[name]


def help_of(parser: argparse.ArgumentParser, option: str) -> str | None:
    return next(action.help for action in parser._actions if option in action.option_strings)


@pytest.mark.parametrize("typed, preset", [("NORDIC", "nordic"), (" Bicycle ", "bicycle")])
def test_a_preset_is_read_in_any_case_as_play_reads_it(
    capsys: pytest.CaptureFixture[str], typed: str, preset: str
) -> None:
    assert main(["tournament", "random", "emma", "--rules", typed, "--games", "4", "--seed",
                 "1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == preset


def test_the_house_rules_have_plays_help_texts() -> None:
    tournament, play = command("tournament"), command("play")
    for option in HOUSE_RULES:
        assert help_of(tournament, option), option
        assert help_of(tournament, option) == help_of(play, option), option


def test_games_and_players_say_their_default_and_limits() -> None:
    tournament = command("tournament")
    assert f"(default 1000, at most {MAX_GAMES:,})" in (help_of(tournament, "--games") or "")
    assert "2-5 (default 2)" in (help_of(tournament, "--players") or "")


@pytest.mark.parametrize("options, message", [
    (["--refill", "none"], "--refill none needs --end first-empty: with no refill"),
    (["--rules", "nordic", "--end", "all-books"],
     "--end all-books needs a refill: nordic refills no emptied hand (--refill none)"),
    (["--rules", "clasic"], "unknown --rules 'clasic': choose classic, bicycle or nordic"),
    # "--rules $PRESET" with the variable unset was "unknown --rules ''", as if '' were a
    # rule set misspelt.
    (["--rules", ""], "--rules cannot be empty: leave it out for classic, or choose classic, "
     "bicycle or nordic"),
    (["--rules", "  "], "--rules cannot be empty"),
    (["--hand-size", "13", "--players", "4", "--end", "first-empty", "--refill", "none"],
     "cannot deal 13 cards to each of 4 players with --end first-empty"),
    # R19 ends the game at the first empty hand, before any refill: nordic with --refill
    # hand dealt nordic's game while its first line said "an empty hand draws a full hand".
    (["--rules", "nordic", "--refill", "hand"],
     "--refill hand does nothing in nordic, which ends at the first empty hand (its --end "
     "first-empty): no hand is ever refilled. Leave --refill out, or add --end all-books"),
    (["--end", "first-empty", "--refill", "turn"],
     "--refill turn does nothing in a game with --end first-empty"),
])
@pytest.mark.parametrize("command_words", [["play", "--plain"], ["tournament", "emma", "random"]])
def test_a_refused_combination_names_the_options_as_typed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, command_words: list[str],
    options: list[str], message: str,
) -> None:
    # Rule R18's refusal read "refill 'none' needs end 'first-empty'" and an unknown rule
    # set "unknown preset": the core's names, not the options the player typed.
    database = ["--database", f"{tmp_path}/g.db"] if command_words[0] == "play" else []
    assert main([*command_words, *options, *database]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"gofish {command_words[0]}: {message}")
    assert captured.err.count("\n") == 1 and "'none'" not in captured.err
