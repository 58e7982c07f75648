"""A bad value in a bot's answer is quoted as the bot wrote it (JSON: null, not Python's
None) and cut short: a bot that sent a megabyte where a rank belongs had it repeated in
full in the failure message, printed and kept for every game it lost."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, first_move_failure

#: Far more than any failure needs, far less than what the bots below send.
SHORT_MESSAGE = 800


def _failure(tmp_path: Path, answer: str) -> str:
    """What the bot is told when it answers its first move with ``answer``, a Python
    expression for the JSON object it sends (``msg`` is the turn it was sent)."""
    bot = tmp_path / "bot.py"
    bot.write_text(HEADER + f"        send({answer})\n")
    return first_move_failure(f"{sys.executable} {bot}")


@pytest.mark.parametrize(("rank", "said"), [
    ("None", "not null"),
    ("{'a': 1}", 'not {"a": 1}'),
    ("['9']", 'not ["9"]'),
    ("True", "not true"),
])
def test_a_rank_that_is_not_text_is_named_as_sent(tmp_path: Path, rank: str,
                                                  said: str) -> None:
    message = _failure(tmp_path, f"{{'target': msg['legal'][0]['target'], 'rank': {rank}}}")
    assert f"'rank' must be the rank's text (A, 2 … 10, J, Q, K), {said}" in message
    assert "None" not in message and "True" not in message


def test_a_suit_that_is_not_text_is_named_as_sent(tmp_path: Path) -> None:
    message = _failure(tmp_path, "{**msg['legal'][0], 'suit': ['H']}")
    assert "'suit' must be a suit's letter (C, D, H or S) or null, not [\"H\"]" in message


@pytest.mark.parametrize(("answer", "said"), [
    ("{'target': msg['legal'][0]['target'], 'rank': 'X' * 1_000_000}", "unknown rank 'XXX"),
    ("{**msg['legal'][0], 'suit': 'Y' * 1_000_000}", "unknown suit 'YYY"),
    ("{**msg['legal'][0], 'type': 'Z' * 1_000_000}", "not \"ZZZ"),
    ("{'target': 10 ** 400, 'rank': msg['legal'][0]['rank']}", "there is no player 1000"),
    ("{'target': 'T' * 1_000_000, 'rank': msg['legal'][0]['rank']}", "not the text 'TTT"),
])
def test_a_huge_value_is_quoted_in_part(tmp_path: Path, answer: str, said: str) -> None:
    message = _failure(tmp_path, answer)
    assert said in message
    assert len(message) < SHORT_MESSAGE, message[:SHORT_MESSAGE]
