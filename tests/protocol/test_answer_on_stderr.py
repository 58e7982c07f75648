"""An answer written to standard error instead of standard output (Rust's eprintln!,
Node's console.error) is never read, and the bot is late: its failure quotes the answer it
wrote there and says where answers go. A hello so misdirected was told "nothing came on its
standard output: … held in its output buffer", which sent its author looking for a flush."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import (
    HEADER,
    children_of_this_process,
    first_move_failure,
    play_first_turn,
)

from gofish.protocol import BotFailure, ExternalBot

HELLO_ON_STDERR = """
import json, sys
for line in sys.stdin:
    print(json.dumps({"type": "hello", "version": 1, "id": 1}), file=sys.stderr, flush=True)
"""


def _bot(tmp_path: Path, text: str) -> str:
    path = tmp_path / "bot.py"
    path.write_text(text)
    return f"{sys.executable} {path}"


def test_a_hello_written_to_stderr_is_said_to_be_there(tmp_path: Path) -> None:
    bot = ExternalBot(_bot(tmp_path, HELLO_ON_STDERR), timeout=1, startup_timeout=1)
    with bot, pytest.raises(BotFailure) as failure:
        play_first_turn(bot)
    assert str(failure.value).endswith(
        "did not send its hello within 1 s (it wrote '{\"type\": \"hello\", \"version\": 1, "
        "\"id\": 1}' to its standard error: answers go to its standard output)")
    assert children_of_this_process() == []


def test_a_move_written_to_stderr_is_said_to_be_there(tmp_path: Path) -> None:
    move_on_stderr = "        print(json.dumps(msg['legal'][0]), file=sys.stderr, flush=True)\n"
    message = first_move_failure(_bot(tmp_path, HEADER + move_on_stderr), timeout=1)
    assert message.endswith("to its standard error: answers go to its standard output)")
    assert "did not send its move within 1 s (it wrote '{\"target\": " in message


def test_a_slow_bot_logging_json_to_stderr_is_not_told_so(tmp_path: Path) -> None:
    # A log line in JSON is no answer: the bot is only late.
    logs = "        print(json.dumps({'thinking': msg['id']}), file=sys.stderr, flush=True)\n"
    message = first_move_failure(_bot(tmp_path, HEADER + logs), timeout=1)
    assert message.endswith(
        'did not send its move within 1 s (its last line on standard error: {"thinking": 2})')
