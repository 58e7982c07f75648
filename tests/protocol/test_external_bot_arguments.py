"""ExternalBot from Python (docs/bots-protocol.md, "Using it from Python"): a command
given as a list of words, the rules given as a Rules, and a caller's wrong argument
refused as MalformedInputError before anything reaches the bot, never an AttributeError
or a JSON TypeError from inside (nor a BotFailure blaming the bot)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import gofish
from gofish.core import MalformedInputError, make_rules
from gofish.protocol import ExternalBot

MYBOT = str(Path(__file__).resolve().parents[2] / "examples" / "mybot.py")


def test_a_command_given_as_a_list_of_words_runs_that_program() -> None:
    # It was an AttributeError ('list' object has no attribute 'read') from shlex.
    game = gofish.new_game("classic", players=2, seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot([sys.executable, MYBOT], timeout=30) as bot:
        bot.new_game(seat, 2, make_rules("classic"))  # a Rules was a JSON TypeError
        assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
        assert bot.bot_name == "mybot"


@pytest.mark.parametrize("command", [None, [], ["python", 3], 7])
def test_a_command_that_is_neither_text_nor_words_is_refused(command: object) -> None:
    with pytest.raises(MalformedInputError, match="a bot command is text"):
        ExternalBot(command)  # type: ignore[arg-type]


def test_choose_refuses_what_is_not_a_turn_without_blaming_the_bot() -> None:
    game = gofish.new_game("classic", players=2, seed=1)
    seat = game.current_player
    assert seat is not None
    view, legal = game.view(seat), game.legal_actions()
    with ExternalBot([sys.executable, MYBOT], timeout=30) as bot:
        for bad_view, bad_legal, why in [
            (None, legal, "a seat's View"),
            (view, None, "the legal asks of a turn"),
            (view, [], "the legal asks of a turn"),  # the bot crashed on it, and was blamed
            (view, [ask.to_dict() for ask in legal], "the legal asks of a turn"),
        ]:
            with pytest.raises(MalformedInputError, match=why):
                bot.choose(bad_view, bad_legal)  # type: ignore[arg-type]
        assert bot.choose(view, legal) in legal  # still the same program, unharmed
