"""What an external bot writes to stderr is kept to its last STDERR_END bytes within one
game too, and on no disk (first it went to a file emptied only when a new game began: a bot
logging its whole view every turn filled the disk in one long game); what is kept holds the
last line that a crash quotes."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import BOTS, HEADER, children_of_this_process

from gofish.core import new_game
from gofish.protocol import BotFailure, ExternalBot
from gofish.protocol.external import STDERR_END

LOG_A_LOT = "        sys.stderr.write('x' * 300_000 + '\\n'); sys.stderr.flush()\n"


def _stderr_kept(bot: ExternalBot) -> int:
    """The bytes of the bot's stderr held by the engine: in memory, as its stderr is a pipe."""
    assert bot._stderr is not None and bot._process is not None
    assert os.readlink(f"/proc/{bot._process.pid}/fd/2").startswith("pipe:")
    return len(bot._stderr.text())


def test_a_bot_logging_every_turn_of_one_game_does_not_pile_up(tmp_path: Path) -> None:
    chatty = tmp_path / "chatty.py"
    chatty.write_text(HEADER + LOG_A_LOT + BOTS["first_legal"])
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {chatty}", timeout=30) as bot:
        bot.new_game(seat, 2, "classic")
        for _ in range(12):  # 3.6 MB in one game: no new_game to empty it
            bot.choose(game.view(seat), game.legal_actions())
            assert _stderr_kept(bot) == STDERR_END  # the end of 3.6 MB, no more
    assert children_of_this_process() == []


def test_the_crash_line_survives_the_emptying(tmp_path: Path) -> None:
    # Logs a lot every turn, then crashes on hearing the game is over: far more than is
    # kept was written, with the crash at its end. (When the engine emptied a file behind
    # the bot's stderr, emptying it whole lost what the bot said.)
    crashing = tmp_path / "crashing.py"
    crashing.write_text(
        HEADER + LOG_A_LOT + BOTS["first_legal"]
        + "    elif msg['type'] == 'game_over':\n"
        + "        sys.exit('my strategy fell over')\n")
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {crashing}", timeout=30) as bot:
        bot.new_game(seat, 2, "classic")
        for _ in range(4):
            bot.choose(game.view(seat), game.legal_actions())
        bot.game_over([seat], [0, 0])
        assert bot._process is not None
        bot._process.wait(timeout=30)
        with pytest.raises(BotFailure, match="it said: my strategy fell over"):
            bot.new_game(seat, 2, "classic")  # told at its turn (see test_gone_before_the_request)
            bot.choose(game.view(seat), game.legal_actions())
    assert children_of_this_process() == []


def test_a_bot_logging_while_it_thinks_is_read_before_it_answers(tmp_path: Path) -> None:
    # 40 MB in one turn, then a pause, then the move: the file it went to was emptied only
    # before each request, so a bot could fill the disk within one turn (gigabytes inside
    # --timeout). The pipe is read as the bot writes, or the bot would stop at its first
    # 64 KiB and miss its time limit.
    thinker = tmp_path / "thinker.py"
    thinker.write_text(
        HEADER
        + "        for _ in range(40): sys.stderr.write('x' * 1_000_000 + '\\n')\n"
        + "        sys.stderr.flush(); time.sleep(0.5)\n"
        + BOTS["first_legal"])
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {thinker}", timeout=60) as bot:
        bot.new_game(seat, 2, "classic")
        bot.choose(game.view(seat), game.legal_actions())
        assert _stderr_kept(bot) == STDERR_END
