"""A bot that exits after its last move, before it is told the game is over, forfeits the
next game as one that exits after game_over does (docs/bots-protocol.md, "Keep running until
you are sent quit"). Telling it game_over failed quietly and the next game started a fresh
copy, so the exit was never seen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, children_of_this_process

from gofish.core import new_game
from gofish.protocol import BotFailure, ExternalBot

MOVE_THEN_LEAVE = "        send(msg['legal'][0]); sys.exit(0)\n"
KEEP_RUNNING = "a bot must keep running until it is sent"


def test_a_bot_gone_before_game_over_forfeits_the_next_game(tmp_path: Path) -> None:
    leaver = tmp_path / "leaver.py"
    leaver.write_text(HEADER + MOVE_THEN_LEAVE)
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {leaver}", timeout=30) as bot:
        bot.new_game(seat, 2, "classic")
        bot.choose(game.view(seat), game.legal_actions())  # its last move of that game
        assert bot._process is not None
        bot._process.wait(timeout=30)
        with pytest.raises(BotFailure, match=KEEP_RUNNING):
            bot.game_over([seat], [0, 0])
        with pytest.raises(BotFailure, match=r"exited after the previous game, before this "
                           r"game's first move \(exit code 0\)"):
            bot.new_game(seat, 2, "classic")
        bot.new_game(seat, 2, "classic")  # the forfeit is told once; then a fresh copy plays
        assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
    assert children_of_this_process() == []
