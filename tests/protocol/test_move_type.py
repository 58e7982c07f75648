"""A move may leave "type" out (docs/bots-protocol.md), but a message of another type is
no move: a bot that sends its hello again, or a quit, with a target and a rank in it was
read as asking for that rank."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, first_move_failure

from gofish.core import new_game
from gofish.protocol import ExternalBot


def _failure(tmp_path: Path, kind: str) -> str:
    """What the bot is told when its first move carries this (raw JSON) type."""
    bot = tmp_path / "bot.py"
    answer = ("'{\"type\": " + kind + ", \"target\": ' + str(msg['legal'][0]['target']) + "
              "', \"rank\": \"' + msg['legal'][0]['rank'] + '\"}'")
    bot.write_text(HEADER + f"        sys.stdout.write({answer} + '\\n'); sys.stdout.flush()\n")
    return first_move_failure(f"{sys.executable} {bot}")


@pytest.mark.parametrize("kind", ['"hello"', '"quit"', '"Action"', "null", "1"])
def test_a_move_of_another_type_is_refused_in_its_own_words(tmp_path: Path, kind: str) -> None:
    message = _failure(tmp_path, kind)
    assert f'which is not a move: a move\'s "type" is "action" (or left out), not {kind}' \
        in message


def test_a_move_typed_action_is_read(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(HEADER + "        send(dict(msg['legal'][0], type='action'))\n")
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {bot}", timeout=30) as external:
        external.new_game(seat, 2, game.rules)
        assert external.choose(game.view(seat), game.legal_actions()) == game.legal_actions()[0]
