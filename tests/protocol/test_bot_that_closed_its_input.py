"""A bot that closes its standard input once its turn has reached it, and waits on, is said
to have closed it: "did not send its move within 1 s" alone had its author look for a slow
move, while the bot could never read another request."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import children_of_this_process, first_move_failure

BASH = shutil.which("bash")


@pytest.mark.skipif(BASH is None, reason="needs bash")
def test_a_bot_that_closed_its_input_after_its_turn_is_said_to_have(tmp_path: Path) -> None:
    bot = tmp_path / "deaf.sh"
    bot.write_text(
        "read -r line\n"
        "echo '{\"type\": \"hello\", \"name\": \"deaf\", \"version\": 1}'\n"
        "read -r line\n"  # the new game
        "read -r line\n"  # its turn, the request already written: then it hears no more
        "exec 0<&-\n"
        "sleep 30\n")
    assert first_move_failure(f"{BASH} {bot}", timeout=1) == (
        f"bot 'deaf' ({BASH} {bot}) did not send its move within 1 s (it closed its standard "
        "input, so it reads no more requests, and is still running)")
    assert children_of_this_process() == []


def test_a_slow_bot_still_reading_is_not_said_to_have_closed_its_input(
        tmp_path: Path) -> None:
    bot = tmp_path / "slow.py"
    bot.write_text(
        "import json, sys, time\n"
        "sys.stdin.readline()\n"
        "print(json.dumps({'type': 'hello', 'name': 'slow', 'version': 1}), flush=True)\n"
        "sys.stdin.readline()\n"
        "sys.stdin.readline()\n"
        "time.sleep(30)\n")
    assert first_move_failure(f"{sys.executable} {bot}", timeout=1).endswith(
        "did not send its move within 1 s")
    assert children_of_this_process() == []

