"""A bot that is late but still running has its failure quote the line of its stderr that
says why it is stuck: examples/jqbot.sh without jq installed never said hello, and was told
only that its hello might be held in an output buffer, while its stderr said "jq: command
not found" at every message."""

from __future__ import annotations

import shutil
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

ROOT = Path(__file__).parents[2]


@pytest.mark.skipif(shutil.which("bash") is None, reason="the example is a bash script")
def test_the_jq_example_without_jq_is_told_why_it_says_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A PATH with bash and nothing else: jq is not found.
    folder = tmp_path / "bin"
    folder.mkdir()
    bash = shutil.which("bash")
    assert bash is not None
    (folder / "bash").symlink_to(bash)
    monkeypatch.setenv("PATH", str(folder))
    monkeypatch.chdir(ROOT)
    bot = ExternalBot("bash examples/jqbot.sh", timeout=1, startup_timeout=1)
    with bot, pytest.raises(BotFailure) as failure:
        play_first_turn(bot)
    assert ("did not send its hello within 1 s (its last line on standard error: "
            "examples/jqbot.sh: line ") in str(failure.value)
    assert "jq: command not found)" in str(failure.value)
    assert children_of_this_process() == []


def test_a_stack_trace_of_a_stuck_bot_is_quoted_by_its_why_line(tmp_path: Path) -> None:
    # An exception in another thread: the bot prints it and waits on, never answering. The
    # thread dies as the bot starts, its stack trace written whole before the hello: written
    # once the turn came, on a loaded machine it was still being written as the turn's
    # second ran out, and the message quoted one of its frames.
    thread_dies = (
        "import threading\n"
        "def think(): raise ValueError('my search thread fell over')\n"
        "thinker = threading.Thread(target=think)\n"
        "thinker.start()\n"
        "thinker.join()\n"
    )
    bot = tmp_path / "bot.py"
    bot.write_text(thread_dies + HEADER + "        pass\n")
    message = first_move_failure(f"{sys.executable} {bot}", timeout=1)
    assert message.endswith("did not send its move within 1 s (its last line on standard "
                            "error: ValueError: my search thread fell over)")
