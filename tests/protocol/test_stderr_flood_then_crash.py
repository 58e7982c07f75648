"""A bot that logs to stderr without pause while it thinks, then crashes, has its crash's
line quoted. Before, the engine emptied the file behind the bot's stderr while the bot
wrote to it: they shared one file offset, so a write landing between the engine's
truncate and its seek back went far past the new end (a hole of NUL bytes, the file
kept its size), and the bot's later lines, its crash among them, were written over the
start of the file, ahead of that stray line. The message then quoted a line of the
flood, not the crash (nearly every run of this test)."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.protocol.test_external_bots import HEADER, first_move_failure

FLOOD_THEN_CRASH = HEADER + (
    "        end = time.monotonic() + 2\n"
    "        while time.monotonic() < end:\n"
    "            os.write(2, b'thinking ' + b'z' * 200 + b'\\n')\n"
    "        raise RuntimeError('my strategy fell over')\n")


def test_the_crash_after_a_flood_of_stderr_is_quoted(tmp_path: Path) -> None:
    bot = tmp_path / "flood.py"
    bot.write_text(FLOOD_THEN_CRASH)
    message = first_move_failure(f"{sys.executable} {bot}")
    assert "it said: RuntimeError: my strategy fell over" in message
