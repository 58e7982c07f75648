"""The in-process bot of docs/tournament.md ("Your own bot, in Python") works as shown."""

from __future__ import annotations

import random
import re
from collections import Counter
from pathlib import Path

import pytest

from gofish.bots import base, make_bot
from gofish.core import Game, make_rules, new_game
from gofish.tournament import Plan, run_tournament, summary

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"


def _example() -> str:
    blocks = re.findall(r"```python\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    return next(block for block in blocks if "register_bot(" in block)


def test_the_documented_python_bot_registers_and_asks_for_the_rank_held_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A copy of the registry, so that the example's bot is gone for the other tests.
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    exec(compile(_example(), str(DOC), "exec"), {"__name__": "doc_example"})
    bot = make_bot("hoarder")
    game = new_game("classic", players=2, seed=8)
    for _ in range(6):  # a few of its decisions, from whichever seat is to ask
        view = game.view(game.current_player)
        held = Counter(card.rank for card in view.hand or ())
        ask = bot.choose(view, view.legal_actions, random.Random(0))
        assert ask in view.legal_actions and held[ask.rank] == max(held.values())
        game.play(ask)
    plan = Plan(make_rules("classic"), players=2, seed=1, specs=("hoarder", "random"),
                games_asked=20)
    result = summary(run_tournament(plan, jobs=1))
    assert [bot["name"] for bot in result["bots"]] == ["hoarder", "random"]
    assert result["games"] == 20 and not result["failures"]


def test_the_gofish_command_does_not_know_a_bot_registered_in_a_script(
        capsys: pytest.CaptureFixture[str]) -> None:
    # The doc said "register it and every command takes its name": not the command line.
    from gofish.cli import main

    assert "gofish tournament hoarder" in DOC.read_text(encoding="utf-8")
    assert main(["tournament", "hoarder", "random", "--games", "2"]) == 2
    assert "unknown bot 'hoarder'" in capsys.readouterr().err


@pytest.mark.parametrize("command", [["tournament", "hoarder", "random", "--games", "2"],
                                     ["play", "--plain", "--opponents", "hoarder"]])
def test_an_unknown_bot_says_that_one_registered_in_a_script_plays_only_there(
        capsys: pytest.CaptureFixture[str], command: list[str]) -> None:
    # "unknown bot 'hoarder': choose one of …" did not say why the bot the script registered
    # is unknown here, nor how to play it from the shell.
    from gofish.cli import main

    assert main(command) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gofish {command[0]}: unknown bot 'hoarder': choose one of "), err
    assert err.endswith(" (a bot registered with register_bot plays only in the Python "
                        "process that registered it, and the gofish command does not load "
                        "your script: from the shell a bot plays as a program, "
                        "cmd:PROGRAM, in gofish tournament)\n"), err


def test_the_documented_game_against_emma_is_played_to_its_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    # "how do I play my bot against Emma outside a tournament": play_out, as the doc shows.
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    names: dict[str, object] = {"__name__": "doc_example"}
    exec(compile(_example(), str(DOC), "exec"), names)
    game = names["game"]
    assert isinstance(game, Game) and game.is_over
    assert sum(len(books) for books in game.books) == 13  # classic: every book laid (R17)
    assert capsys.readouterr().out == f"{game.winners} {[len(b) for b in game.books]}\n"
    text = DOC.read_text(encoding="utf-8")
    assert "`play_out` gives up with a `GoFishError` after 100,000 asks" in text
    assert base.MAX_ASKS == 100_000
