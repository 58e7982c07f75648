"""A target that is not a seat number is refused in the bot's own words: true, null, 1.5
and NaN were refused as "there is no player True (None, 1.5, nan) to ask", Python's
spelling, to bots written in any language."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, children_of_this_process

from gofish.core import new_game
from gofish.protocol import BotFailure, ExternalBot


def _failure(tmp_path: Path, target: str) -> str:
    """What the bot is told when it answers its first move with this target (raw JSON)."""
    bot = tmp_path / "bot.py"
    answer = "'{\"target\": " + target + ", \"rank\": \"' + msg['legal'][0]['rank'] + '\"}'"
    bot.write_text(HEADER + f"        sys.stdout.write({answer} + '\\n'); sys.stdout.flush()\n")
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {bot}", timeout=30) as external:
        external.new_game(seat, 2, "classic")
        with pytest.raises(BotFailure) as failure:
            external.choose(game.view(seat), game.legal_actions())
    assert children_of_this_process() == []
    return str(failure.value)


@pytest.mark.parametrize("target", ["true", "null", "1.5", "1.0", "NaN", "[1]"])
def test_a_target_that_is_not_a_whole_number_is_named_as_sent(tmp_path: Path,
                                                              target: str) -> None:
    message = _failure(tmp_path, target)
    assert f"which is not a move: 'target' must be a seat number, not {target}" in message
    assert "None" not in message and "True" not in message


def test_a_seat_out_of_range_is_still_no_player(tmp_path: Path) -> None:
    assert "which is not a move: there is no player 9 to ask" in _failure(tmp_path, "9")
