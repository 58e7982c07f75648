"""A debug print on stdout right after an answer forfeits the game as a line nobody asked
for, and its message adds, as for a banner or a debug print read as the answer, that
stdout carries protocol lines only (docs/bots-protocol.md, "The pipe"): it said only that
hello and turn get one line each, which reads as a rule about answers, not about logging."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.protocol.test_external_bots import HEADER, first_move_failure, write_bot

STDOUT_ONLY = "stdout carries protocol lines only; write logs and banners to stderr"

def test_a_debug_print_after_the_answer_is_told_to_go_to_stderr(tmp_path: Path) -> None:
    # The answer and the debug line in one write, so that they reach the engine together.
    (tmp_path / "bot.py").write_text(
        HEADER + "        sys.stdout.write(json.dumps(msg['legal'][0]) + '\\nthinking done\\n')"
        "; sys.stdout.flush()\n")
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert message.endswith("sent a line when no answer was expected: 'thinking done' (only "
                            f"hello and turn get an answer, one line each; {STDOUT_ONLY})")


def test_a_second_answer_is_not_told_so(tmp_path: Path) -> None:
    # A JSON object is a message, sent once too often: not a log line.
    message = first_move_failure(write_bot(tmp_path, "answers_twice"))
    assert message.endswith("(only hello and turn get an answer, one line each)")
