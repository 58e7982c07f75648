"""A program that dies between two messages is forfeited at the same turn of the same game
however soon the engine notices. It was noticed either when a message that asks for no
answer (new_game, game_over) could not be written, forfeiting the game before any ask (or
the next one), or only at the bot's turn, after the asks before it: the same seeded
tournament gave other game lengths from run to run (a reviewer's note). Each test plays
both orders for certain: the program gone before the message is written, and the message
read before the program goes."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gofish.core import make_rules
from gofish.protocol import ExternalBot
from gofish.protocol.external import _wait_for_exit
from gofish.tournament import Plan, run_tournament, summary

#: Set for the order in which the program reads on until its fatal request has reached it.
READS_ON = "GOFISH_TEST_READS_ON"

NEVER = 10**6  # moves that no program makes

BOT = """\
import json, os, sys
moves = games = 0
done = lambda: moves == int(sys.argv[1]) or games == int(sys.argv[2])
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        print(json.dumps({"type": "hello", "version": 1}), flush=True)
    elif message["type"] == "game_over":
        games += 1
    elif message["type"] == "turn":
        if done():
            sys.exit(0)
        moves += 1
        print(json.dumps(message["legal"][0]), flush=True)
    if done() and not os.environ.get("GOFISH_TEST_READS_ON"):
        sys.exit(0)
"""


def _gone_before_each_write(moves: int, games: int) -> Any:
    """ExternalBot._send that, once the program has made ``moves`` moves or been told
    ``games`` games are over, writes only after it has exited."""
    send = ExternalBot._send

    def send_late(self: ExternalBot, message: dict[str, Any], answer: str | None = None
                  ) -> None:
        # The hello is request 1, each turn the next: the moves it has made so far.
        made = self._last_id - (2 if answer else 1)
        # Told its first game is over (what a program started afresh is told comes after).
        over = self._between_games and message["type"] != "game_over"
        if (self._process is not None and message["type"] != "hello"
                and (made >= moves or (games == 1 and over))):
            assert _wait_for_exit(self._process, 30)
        send(self, message, answer)
    return send_late


@pytest.fixture
def bot(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "dies.py"
    path.write_text(BOT)
    yield path


def _result(bot: Path, moves: int, jobs: int, *, gone_first: bool,
            monkeypatch: pytest.MonkeyPatch, games: int = NEVER) -> dict[str, Any]:
    with monkeypatch.context() as patch:  # the workers are forked: they inherit it
        if gone_first:
            patch.setattr(ExternalBot, "_send", _gone_before_each_write(moves, games))
        else:
            patch.setenv(READS_ON, "1")
        plan = Plan(make_rules("classic"), 2, 1,
                    ("emma", f"cmd:{sys.executable} {bot} {moves} {games}"), 16)
        result = summary(run_tournament(plan, jobs=jobs, timeout=30))
    for varying in ("seconds", "jobs"):
        del result[varying]
    return result


def test_a_program_gone_after_its_hello_forfeits_at_its_first_turn(
        bot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    results = [_result(bot, 0, jobs, gone_first=gone_first, monkeypatch=monkeypatch)
               for jobs in (1, 2) for gone_first in (True, False)]
    assert results[0]["failure_count"] == 16
    assert results[0]["totals"]["asks"][0] > 0  # emma's asks before each forfeit count
    assert all(result == results[0] for result in results)


@pytest.mark.parametrize("moves", [1, 3])
def test_a_program_gone_after_a_move_forfeits_at_its_next_turn(
        bot: Path, moves: int, monkeypatch: pytest.MonkeyPatch) -> None:
    # A program's moves are counted over its life, which the games a worker happens to
    # play decide: one worker, so that the only difference is the order.
    gone_first = _result(bot, moves, 1, gone_first=True, monkeypatch=monkeypatch)
    read_first = _result(bot, moves, 1, gone_first=False, monkeypatch=monkeypatch)
    assert gone_first["failure_count"] > 0
    assert gone_first == read_first


def test_a_program_gone_after_its_first_game_forfeits_at_its_next_turn(
        bot: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # It exits once told game_over: gone before the next new_game, or before the next game's
    # first turn, it forfeited that game at once or after the asks before its turn.
    gone_first = _result(bot, NEVER, 1, gone_first=True, monkeypatch=monkeypatch, games=1)
    read_first = _result(bot, NEVER, 1, gone_first=False, monkeypatch=monkeypatch, games=1)
    assert gone_first["failure_count"] > 0
    assert "exited after the previous game, before this game's first move" in (
        gone_first["failures"][0])
    assert gone_first == read_first
