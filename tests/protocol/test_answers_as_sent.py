"""An answer naming a field twice is refused, and a wrong answer is quoted as the bot sent
it. ``{"target": 9, "rank": "ZZ", "target": 0, "rank": "7"}`` was a legal ask (Python's
JSON reader keeps the last of each), though game records refuse a field named twice; and
a refused answer was quoted as Python wrote it again, so its repeated field, its spacing
and a ``1.0e0`` never showed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import (
    HEADER,
    first_move_failure,
)
from tests.protocol.test_hello_version import hello_failure


def _failure(tmp_path: Path, answer: str) -> str:
    """What the bot is told when it answers its first move with ``answer`` (a Python
    expression of the line, which may use the turn message as ``msg``)."""
    bot = tmp_path / "bot.py"
    bot.write_text(HEADER + f"        sys.stdout.write({answer} + '\\n'); sys.stdout.flush()\n")
    return first_move_failure(f"{sys.executable} {bot}")


def test_a_field_named_twice_is_refused_whichever_comes_last(tmp_path: Path) -> None:
    legal_last = ("'{\"target\": 9, \"rank\": \"ZZ\", \"target\": 0, \"rank\": \"' "
                  "+ msg['legal'][0]['rank'] + '\"}'")
    message = _failure(tmp_path, legal_last)
    assert "which names 'target' twice for its move" in message, message
    assert "an answer gives each field once" in message


def test_a_wrong_answer_is_quoted_as_sent(tmp_path: Path) -> None:
    message = _failure(tmp_path, "'{\"target\":1.0e0,   \"rank\":\"ZZ\"}'")
    assert "answered '{\"target\":1.0e0,   \"rank\":\"ZZ\"}', which is not a move" in message, (
        message)


@pytest.mark.parametrize("hello", [
    '{"type":"action","name":"jq","version":1}',  # jq -c: no spaces
    '{"type":"hello","name":"jq"}',
    '{"type":"hello","name":"jq","version":1,"id":7}',
    '[1,  2]',  # a debug print of a list: not even an object
])
def test_a_refused_hello_is_quoted_as_sent(tmp_path: Path, hello: str) -> None:
    # They were quoted as Python wrote them again ('{"type": "action", ...}'), so a bot
    # whose JSON writer leaves out spaces was shown a line it never wrote.
    assert repr(hello) in hello_failure(tmp_path, hello)


def test_a_move_with_a_field_no_move_has_is_refused_naming_it(tmp_path: Path) -> None:
    # A legal move plus a misspelt "suit" was played as the move without it, silently.
    message = _failure(tmp_path, "json.dumps({**msg['legal'][0], 'siut': 'H', 'id': msg['id']})")
    # The fields a move has, as bots-protocol.md lists them: it said "it has player,
    # target, rank and suit", a record's action, which names no type or id but the asker.
    assert ("which is not a move: unknown field 'siut': a move has type, id, target, rank "
            "and suit") in message, message


def test_a_move_naming_its_player_is_refused_as_the_protocol_says(tmp_path: Path) -> None:
    # bots-protocol.md: a field no move has loses the game. "player" (a record's asker) was
    # taken without a look, whatever seat it named, as the one field no check read.
    message = _failure(tmp_path, "json.dumps({**msg['legal'][0], 'player': 5, 'id': msg['id']})")
    assert "which is not a move: unknown field 'player': a move has type, id" in message, message
