"""An answer written without its newline is named as such: the bot was told only "did not
send its hello within 10 s", of a hello it had sent (a JavaScript bot writing with
process.stdout.write forgets the "\\n" that console.log adds)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, children_of_this_process

from gofish.core import new_game
from gofish.protocol import BotFailure, ExternalBot

NO_NEWLINE_HELLO = """
import json, sys, time
for line in sys.stdin:
    sys.stdout.write(json.dumps({"type": "hello", "name": "tiny", "version": 1}))
    sys.stdout.flush()
"""
MOVE_WITHOUT_NEWLINE = "        sys.stdout.write(json.dumps(msg['legal'][0])); sys.stdout.flush()\n"
AND_EXIT = "        sys.exit(0)\n"


def test_a_hello_without_its_newline_is_named(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(NO_NEWLINE_HELLO)
    # Long enough for Python to start and write, on a busy machine too.
    external = ExternalBot(f"{sys.executable} {bot}", timeout=1.5, startup_timeout=1.5)
    with external, pytest.raises(BotFailure) as failure:
        external.start()
    assert str(failure.value).endswith(
        "did not send its hello within 1.5 s: it wrote '{\"type\": \"hello\", \"name\": "
        "\"tiny\", \"version\": 1}' but no newline after it (every message ends with \\n)")
    assert children_of_this_process() == []


@pytest.mark.parametrize(("then", "said"), [
    ("", "did not send its move within 0.5 s"),
    (AND_EXIT, "exited before sending its move (exit code 0)"),
])
def test_a_move_without_its_newline_is_named(tmp_path: Path, then: str, said: str) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(HEADER + MOVE_WITHOUT_NEWLINE + then)
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    legal = game.legal_actions()
    timeout = 30 if then else 0.5  # only the first waits its time out
    with ExternalBot(f"{sys.executable} {bot}", timeout=timeout, startup_timeout=30) as external:
        external.new_game(seat, 2, "classic")
        with pytest.raises(BotFailure) as failure:
            external.choose(game.view(seat), legal)
    first = f'{{"target": {legal[0].target}, "rank": "{legal[0].rank}"}}'
    assert str(failure.value).endswith(
        f"{said}: it wrote '{first}' but no newline after it (every message ends with \\n)")
    assert children_of_this_process() == []
