"""A bot that exits with code 0 in the middle of a game is told, as one that exits between
games is, that it must keep running until quit: a bot reading a single line (``input()``
once, a loop that breaks after its answer) was told only "exited before sending its move
(exit code 0)", which reads like a crash with nothing to fix."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import first_move_failure

ONE_LINE_ONLY = """
import json
input()  # the hello, answered
print(json.dumps({"type": "hello", "name": "once", "version": 1}), flush=True)
input()  # the new game; then the program ends
"""


# The turn is written before the bot has gone, or after: either way "exited before sending
# its move" (tests/protocol/test_gone_before_the_request.py), then how it ended.
@pytest.mark.parametrize(("code", "ending"), [
    ("", 'exited before sending its move (exit code 0): a bot must keep running until it is '
         'sent {"type": "quit"}'),
    ("raise SystemExit(3)", "exited before sending its move (exit code 3)"),  # nothing to add
])
def test_exiting_in_a_game_with_code_0_says_to_keep_running(tmp_path: Path, code: str,
                                                            ending: str) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(ONE_LINE_ONLY + code + "\n")
    assert first_move_failure(f"{sys.executable} {bot}").endswith(ending)
