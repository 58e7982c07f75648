"""A bot that exits after its last move, before it is told the game is over, forfeits the
next game as one that exits after game_over does (docs/bots-protocol.md, "Keep running until
you are sent quit"). Telling it game_over failed quietly and the next game started a fresh
copy, so the exit was never seen."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, children_of_this_process

from gofish.core import Game, new_game
from gofish.protocol import BotFailure, ExternalBot

MOVE_THEN_LEAVE = "        send(msg['legal'][0]); sys.exit(0)\n"
KEEP_RUNNING = "a bot must keep running until it is sent"


def test_a_bot_gone_before_game_over_forfeits_the_next_game(tmp_path: Path) -> None:
    leaver = tmp_path / "leaver.py"
    leaver.write_text(HEADER + MOVE_THEN_LEAVE)
    with ExternalBot(f"{sys.executable} {leaver}", timeout=30) as bot:
        game, seat = _one_move_of_a_game(bot)  # its last move of that game
        assert bot._process is not None
        bot._process.wait(timeout=30)
        bot.game_over([seat], [0, 0])  # found gone here: told at its next turn
        bot.new_game(seat, 2, "classic")  # not started afresh before that
        with pytest.raises(BotFailure, match=r"exited after the previous game, before this "
                           r"game's first move \(exit code 0\): " + KEEP_RUNNING):
            bot.choose(game.view(seat), game.legal_actions())
        bot.new_game(seat, 2, "classic")  # the forfeit is told once; then a fresh copy plays
        assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
    assert children_of_this_process() == []


# Crashes in its game_over handler: at once, or once it has thought for a while, when the
# next game's new_game and first turn are already in its input.
CRASH_IN_GAME_OVER = ("        send(msg['legal'][0])\n"
                      "    elif msg['type'] == 'game_over':\n"
                      "        time.sleep(float(sys.argv[1]))\n"
                      "        raise KeyError('winner')\n")


@pytest.mark.parametrize("thinking", [0.0, 1.0])
def test_a_crash_in_game_over_is_told_in_one_wording_whenever_it_is_seen(
    tmp_path: Path, thinking: float
) -> None:
    # Seen at the next new_game (it had gone), it read "exited after the previous game";
    # seen at the first turn (still there for new_game), "exited before sending its move".
    crasher = tmp_path / "crasher.py"
    crasher.write_text(HEADER + CRASH_IN_GAME_OVER)
    with ExternalBot(f"{sys.executable} {crasher} {thinking}", timeout=30) as bot:
        game, seat = _one_move_of_a_game(bot)
        bot.game_over([seat], [0, 0])
        if not thinking:
            assert bot._process is not None
            bot._process.wait(timeout=30)  # gone before the next game is told
        with pytest.raises(BotFailure) as failure:
            bot.new_game(seat, 2, "classic")
            bot.choose(game.view(seat), game.legal_actions())
    assert str(failure.value) == (
        f"bot 'tiny' ({sys.executable} {crasher} {thinking}) exited before its first move "
        "of this game (exit code 1; it said: KeyError: 'winner')")
    assert children_of_this_process() == []


def _one_move_of_a_game(bot: ExternalBot) -> tuple[Game, int]:
    """Tell ``bot`` of a new game and have it make the first move; the game and its seat."""
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    bot.new_game(seat, 2, "classic")
    bot.choose(game.view(seat), game.legal_actions())
    return game, seat
