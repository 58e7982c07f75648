"""A bot's own children go with it: after a clean goodbye, and when it exits on its own.

docs/bots-protocol.md promises the program is ended "with every process it started". A bot
that forks a helper (a thinker, a logger) and then exits as told used to leave that helper
running, an orphan, after every tournament: only a failing bot's group was killed.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

from tests.processes import still_running

from gofish.core import make_rules, new_game
from gofish.protocol import BotFailure, ExternalBot
from gofish.tournament import Plan, run_tournament

FORKING_BOT = """
import json, os, sys, time
if os.fork() == 0:  # a helper that outlives its parent unless its group is killed
    {in_helper}
    with open({pid_file!r} + ".part", "w") as out:
        out.write(str(os.getpid()))
    os.rename({pid_file!r} + ".part", {pid_file!r})
    time.sleep(60)
    os._exit(0)
while not os.path.exists({pid_file!r}):  # the helper is there before the game starts
    time.sleep(0.01)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        print(json.dumps({{"type": "hello", "name": "forks", "version": 1}}), flush=True)
        {after_hello}
    elif msg["type"] == "turn":
        {on_turn}
    elif msg["type"] == "quit":
        break
"""


PLAYS = "print(json.dumps(msg['legal'][0]), flush=True)"


def forking_bot(tmp_path: Path, after_hello: str = "pass", in_helper: str = "pass",
                on_turn: str = PLAYS) -> tuple[str, Path]:
    pid_file = tmp_path / "helper.pid"
    bot = tmp_path / "forks.py"
    bot.write_text(FORKING_BOT.format(pid_file=str(pid_file), after_hello=after_hello,
                                      in_helper=in_helper, on_turn=on_turn))
    return f"{sys.executable} {bot}", pid_file


def helper_pid(pid_file: Path, seconds: float = 20.0) -> int:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:  # the helper writes it in its own time
        if pid_file.exists() and pid_file.read_text():
            return int(pid_file.read_text())
        time.sleep(0.05)
    raise AssertionError("the bot's helper never started")


def test_a_helper_the_bot_started_ends_with_the_tournament(tmp_path: Path) -> None:
    command, pid_file = forking_bot(tmp_path)
    plan = Plan(make_rules("classic"), 2, 1, ("random", f"cmd:{command}"), 2)
    outcome = run_tournament(plan, jobs=1)
    assert outcome.tally.forfeits == [0, 0]  # it played well: no failure path involved
    assert not still_running([helper_pid(pid_file)], seconds=5)


def test_a_helper_goes_too_when_the_bot_exits_by_itself(tmp_path: Path) -> None:
    # Exiting right after the handshake is a failure found only once the process is gone,
    # and reaped: its group was then no longer killed.
    command, pid_file = forking_bot(tmp_path, after_hello="sys.exit(0)")
    game = new_game("classic", players=2, seed=1)
    with ExternalBot(command, timeout=5) as bot:
        bot.start()
        pid = helper_pid(pid_file)
        try:
            bot.new_game(game.current_player, 2, game.rules)
            bot.choose(game.view(game.current_player), game.legal_actions())
        except BotFailure as failure:
            assert "exit code 0" in str(failure)
        else:
            raise AssertionError("a bot that exited was not a failure")
        assert not still_running([pid], seconds=5)
