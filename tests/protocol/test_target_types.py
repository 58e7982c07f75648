"""A target that is not a seat number is refused in the bot's own words: true, null, 1.5
and NaN were refused as "there is no player True (None, 1.5, nan) to ask", Python's
spelling, to bots written in any language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, first_move_failure


def _failure(tmp_path: Path, target: str) -> str:
    """What the bot is told when it answers its first move with this target (raw JSON)."""
    bot = tmp_path / "bot.py"
    answer = "'{\"target\": " + target + ", \"rank\": \"' + msg['legal'][0]['rank'] + '\"}'"
    bot.write_text(HEADER + f"        sys.stdout.write({answer} + '\\n'); sys.stdout.flush()\n")
    return first_move_failure(f"{sys.executable} {bot}")


@pytest.mark.parametrize("target", ["true", "null", "1.5", "1.0", "NaN", "[1]"])
def test_a_target_that_is_not_a_whole_number_is_named_as_sent(tmp_path: Path,
                                                              target: str) -> None:
    message = _failure(tmp_path, target)
    assert f"which is not a move: 'target' must be a seat number, not {target}" in message
    assert "None" not in message and "True" not in message


def test_a_seat_out_of_range_is_still_no_player(tmp_path: Path) -> None:
    assert "which is not a move: there is no player 9 to ask" in _failure(tmp_path, "9")
