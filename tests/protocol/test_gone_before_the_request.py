"""A bot that ends before a request reaches it is told what it did not send, as one that ends
while the engine waits for its answer is. Which of the two happens is the machine's timing
(the engine writes the request a moment after the program starts, or after its last
answer): the same bot was told "exited before sending its hello" on a quiet machine and
"stopped reading its input" on a busy one, and a test that named the first failed under
load. Here the engine is made to write only after the program has gone, every time."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.processes import wait_for_pids
from tests.protocol.test_external_bots import (
    children_of_this_process,
    first_turn,
    play_first_turn,
)

from gofish.core import new_game
from gofish.protocol import BotFailure, ExternalBot
from gofish.protocol.external import _wait_for_exit

KEEP_RUNNING = 'a bot must keep running until it is sent {"type": "quit"}'
#: As a bot that closed its input after its turn is told (test_bot_that_closed_its_input).
INPUT_CLOSED = "it closed its standard input, so it reads no more requests, and is still running"


class WritesLate(ExternalBot):
    """Sends the hello only once the program has ended (left unreaped, as the engine
    leaves it until it has stopped what it started)."""

    def _handshake(self) -> None:
        assert self._process is not None
        assert _wait_for_exit(self._process, 30)
        super()._handshake()


def test_a_bot_gone_before_its_hello_was_written(tmp_path: Path) -> None:
    bot = tmp_path / "gone.py"
    bot.write_text("import sys\nsys.stderr.write('no protocol here\\n')\n")
    with WritesLate(f"{sys.executable} {bot}", timeout=5) as late, \
            pytest.raises(BotFailure) as failure:
        late.start()
    assert str(failure.value).endswith(
        f"exited before sending its hello (exit code 0; it said: no protocol here): "
        f"{KEEP_RUNNING}")
    assert children_of_this_process() == []


def test_a_bot_gone_before_its_turn_was_written(tmp_path: Path) -> None:
    bot = tmp_path / "once.py"
    bot.write_text(
        "import json, sys\n"
        "sys.stdin.readline()\n"
        "print(json.dumps({'type': 'hello', 'name': 'once', 'version': 1}), flush=True)\n"
        "sys.stdin.readline()\n"  # the new game; then it ends
        "sys.exit('out of ideas')\n")
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {bot}", timeout=5) as external:
        external.new_game(seat, 2, "classic")
        assert external._process is not None and _wait_for_exit(external._process, 30)
        with pytest.raises(BotFailure) as failure:
            external.choose(game.view(seat), game.legal_actions())
    assert str(failure.value).endswith("exited before sending its move (exit code 1; "
                                       "it said: out of ideas)")
    assert children_of_this_process() == []


def test_a_bot_that_closed_its_input_but_runs_on_is_said_to_have_closed_it(
        tmp_path: Path) -> None:
    pid_file = tmp_path / "pid"  # written once its input is closed
    bot = tmp_path / "deaf.py"
    bot.write_text(
        "import json, os, sys, time\n"
        "sys.stdin.readline()\n"
        "print(json.dumps({'type': 'hello', 'name': 'deaf', 'version': 1}), flush=True)\n"
        "sys.stdin.readline()\n"  # the new game; then it reads no more, yet runs on
        f"os.close(0); open({str(pid_file)!r}, 'w').write(str(os.getpid())); time.sleep(30)\n")
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {bot}", timeout=5) as external:
        external.new_game(seat, 2, "classic")
        assert wait_for_pids(pid_file, 1, seconds=30)
        with pytest.raises(BotFailure) as failure:
            external.choose(game.view(seat), game.legal_actions())
    assert str(failure.value).endswith(f"did not send its move ({INPUT_CLOSED})")
    assert children_of_this_process() == []


HELLO_THEN = (
    "import json, os, sys, time\n"
    "sys.stdin.readline()\n"
    "print(json.dumps({'type': 'hello', 'name': 'brief', 'version': 1}), flush=True)\n")


def test_a_bot_gone_before_its_new_game_was_written(tmp_path: Path) -> None:
    # It read "stopped reading its input (exit code 1; …)", of a program that had ended,
    # and the same bot was told "exited before sending its move" when the new game was
    # written a moment sooner, before it had gone. Then it was told at new_game, the game
    # forfeited before any ask, and at its turn when new_game was written a moment
    # sooner: the same seeded tournament gave other game lengths from run to run.
    bot = tmp_path / "brief.py"
    bot.write_text(HELLO_THEN + "sys.exit('gave up after the hello')\n")
    with ExternalBot(f"{sys.executable} {bot}", timeout=5) as external:
        external.start()
        assert external._process is not None and _wait_for_exit(external._process, 30)
        with pytest.raises(BotFailure) as failure:
            play_first_turn(external)  # new_game finds it gone; its turn tells it
    assert str(failure.value).endswith("exited before sending its move (exit code 1; "
                                       "it said: gave up after the hello)")
    assert children_of_this_process() == []


def test_a_bot_that_closed_its_input_before_its_new_game_is_said_to_have_closed_it(
        tmp_path: Path) -> None:
    # It read "stopped reading its input (still running)", in other words than the same
    # bot is told when the request that finds its input closed is a turn; then "stopped
    # reading its input, and is still running", where a bot that closed it after its turn
    # was sent "did not send its move within 1 s (it closed its standard input, …)".
    pid_file = tmp_path / "pid"
    bot = tmp_path / "deaf.py"
    bot.write_text(HELLO_THEN + f"os.close(0); open({str(pid_file)!r}, 'w')"
                                ".write(str(os.getpid())); time.sleep(30)\n")
    with ExternalBot(f"{sys.executable} {bot}", timeout=5) as external:
        external.start()
        assert wait_for_pids(pid_file, 1, seconds=30)
        with pytest.raises(BotFailure) as failure:
            play_first_turn(external)
    assert str(failure.value).endswith(f"did not send its move ({INPUT_CLOSED})")
    assert children_of_this_process() == []


def test_a_bot_gone_in_a_game_it_had_no_turn_in_is_told_at_its_next_turn(
        tmp_path: Path) -> None:
    # A game can end before a seat's first turn (--end first-empty). Found gone as its
    # game_over was written, it raised there, and was told "exited after the previous
    # game" of a program that had gone right after its hello; found gone only later, it
    # forfeited another game, so the same seeded tournament differed from run to run.
    bot = tmp_path / "brief.py"
    bot.write_text(HELLO_THEN)  # and ends, with code 0
    with ExternalBot(f"{sys.executable} {bot}", timeout=5) as external:
        external.new_game(0, 2, "classic")
        assert external._process is not None and _wait_for_exit(external._process, 30)
        external.game_over([1], [0, 13])  # it had no turn
        game, seat = first_turn()
        external.new_game(seat, 2, "classic")
        assert children_of_this_process() == []  # not started afresh before it is told
        with pytest.raises(BotFailure) as failure:
            external.choose(game.view(seat), game.legal_actions())
    assert str(failure.value).endswith(f"exited before sending its move (exit code 0): "
                                       f"{KEEP_RUNNING}")
    assert children_of_this_process() == []
