"""An answer nested a little less deeply than Python's recursion limit is refused like any
other answer that is no move. Before, it was read (json.loads got through), but quoting a
part of it in the failure message (json.dumps, called a few frames deeper in the stack)
passed the limit: a RecursionError escaped ExternalBot, and a tournament stopped with a
traceback instead of forfeiting the bot's game. Which nesting did it depended on how deep
the engine's stack was, so each nesting near the edge is tried."""

from __future__ import annotations

import sys
from pathlib import Path
from types import FrameType

import pytest
from tests.protocol.test_external_bots import HEADER, children_of_this_process

from gofish.core import new_game
from gofish.protocol import BotFailure, ExternalBot

#: Nestings tried, counted down from the deepest Python can read from the test's stack.
TRIED = 12

DEEP_TARGET = HEADER + (
    "        depth = int(sys.argv[1])\n"
    "        sys.stdout.write('{\"target\": ' + '[' * depth + ']' * depth"
    " + ', \"rank\": \"A\"}\\n'); sys.stdout.flush()\n")


def _stack_depth() -> int:
    frame: FrameType | None = sys._getframe()
    depth = 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def _depths() -> range:
    """Nestings at the edge of what json.loads reads when called from about here."""
    edge = sys.getrecursionlimit() - _stack_depth()
    return range(edge - TRIED, edge)


def test_a_move_nested_near_the_recursion_limit_forfeits(tmp_path: Path) -> None:
    bot = tmp_path / "deep.py"
    bot.write_text(DEEP_TARGET)
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    # Not first_move_failure: its extra frame moves the edge that _depths finds from here.
    for depth in _depths():
        with ExternalBot(f"{sys.executable} {bot} {depth}", timeout=30) as external:
            external.new_game(seat, 2, "classic")
            with pytest.raises(BotFailure):
                external.choose(game.view(seat), game.legal_actions())
    assert children_of_this_process() == []

