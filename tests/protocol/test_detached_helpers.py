"""A helper the bot started goes with it even when it left the bot's session.

docs/bots-protocol.md promises the program is ended "with every process it started". Only
its process group was killed, so a helper started as Node's ``spawn(…, {detached: true})``,
Python's ``start_new_session=True`` or a daemon (``setsid``) was left running after every
tournament, and after every forfeit.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.processes import still_running
from tests.protocol.test_leftover_children import PLAYS, forking_bot, helper_pid

from gofish.core import make_rules, new_game
from gofish.protocol import BotFailure, ExternalBot
from gofish.protocol.external import RUN_MARK
from gofish.tournament import Plan, run_tournament


def detaching_bot(tmp_path: Path, on_turn: str = PLAYS) -> tuple[str, Path]:
    """A bot whose helper starts a session of its own, out of reach of the bot's group."""
    return forking_bot(tmp_path, in_helper="os.setsid()", on_turn=on_turn)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="processes are found through /proc")
def test_a_detached_helper_ends_with_the_tournament(tmp_path: Path) -> None:
    command, pid_file = detaching_bot(tmp_path)
    plan = Plan(make_rules("classic"), 2, 1, ("random", f"cmd:{command}"), 2)
    outcome = run_tournament(plan, jobs=1)
    assert outcome.tally.forfeits == [0, 0]  # it played well: a clean goodbye
    assert not still_running([helper_pid(pid_file)], seconds=5)


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="processes are found through /proc")
def test_a_detached_helper_ends_when_the_bot_crashes(tmp_path: Path) -> None:
    command, pid_file = detaching_bot(tmp_path, on_turn="sys.exit('out of ideas')")
    game = new_game("classic", players=2, seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(command, timeout=5) as bot:
        bot.new_game(seat, 2, game.rules)
        pid = helper_pid(pid_file)
        with pytest.raises(BotFailure, match="exit code 1; it said: out of ideas"):
            bot.choose(game.view(seat), game.legal_actions())
        assert not still_running([pid], seconds=5)


def test_the_mark_is_the_bots_own(tmp_path: Path) -> None:
    # Each start has its own value: ending one bot must not end another's helpers.
    bot = tmp_path / "env.py"
    bot.write_text(f"import os, sys\nsys.stderr.write(os.environ[{RUN_MARK!r}] + '\\n')\n")
    seen = set()
    for _ in range(2):
        with ExternalBot(f"{sys.executable} {bot}", timeout=5) as external:
            with pytest.raises(BotFailure, match="exited before sending its hello") as failure:
                external.start()
            seen.add(str(failure.value).rsplit("it said: ", 1)[1])
    assert len(seen) == 2
