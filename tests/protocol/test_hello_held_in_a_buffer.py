"""A bot that writes its hello but never flushes it (print without flush=True, to a pipe,
where a program holds its lines back until its buffer fills) is told that nothing at all
came, and how to fix it. "did not send its hello within 10 s" alone sent its author looking
for a slow start, in a program that had answered at once."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gofish.protocol import BotFailure, ExternalBot

# The smallest bot of docs/bots-protocol.md, with the flush left out of its prints.
UNFLUSHED_BOT = """
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "unflushed", "version": 1}))
    elif message["type"] == "turn":
        print(json.dumps(message["legal"][0]))
"""


def test_a_hello_never_flushed_is_told_to_flush(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("PYTHONUNBUFFERED", raising=False)  # the bot's own buffering
    bot_file = tmp_path / "unflushed.py"
    bot_file.write_text(UNFLUSHED_BOT)
    bot = ExternalBot(f"{sys.executable} {bot_file}", timeout=1, startup_timeout=1)
    try:
        with pytest.raises(BotFailure) as failure:
            bot.start()
    finally:
        bot.close()
    message = str(failure.value)
    assert "did not send its hello within 1 s" in message
    assert "nothing came on its standard output" in message
    assert "flush" in message and "python -u" in message


def test_a_bot_that_wrote_part_of_its_hello_is_not_told_to_flush(tmp_path: Path) -> None:
    # It did flush: what it wrote is quoted instead, with the newline it lacks.
    bot_file = tmp_path / "no_newline.py"
    bot_file.write_text("import sys, time\nsys.stdout.write('{\"type\": \"hello\"')\n"
                        "sys.stdout.flush()\ntime.sleep(30)\n")
    bot = ExternalBot(f"{sys.executable} {bot_file}", timeout=1, startup_timeout=5)
    try:
        with pytest.raises(BotFailure) as failure:
            bot.start()
    finally:
        bot.close()
    assert "but no newline after it" in str(failure.value)
    assert "nothing came" not in str(failure.value)
