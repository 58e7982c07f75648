"""A bot that logs to stderr without pause while it thinks, then crashes, has its crash's
line quoted. Twice this failed when the bot's stderr went to a file the engine emptied as
it grew. First they shared one file offset, so a write landing between the engine's
truncate and its seek back went far past the new end, and the crash was written over the
start of the file (nearly every run). Then, with appends, lines written between the
engine's read of the file's end and its truncate were lost, the crash's among them (once
in CI; 1 run in 20 under load). Now a thread reads the pipe as the bot writes and keeps
the end: nothing is emptied under the bot."""

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
