"""The ``lucky_draw`` event an outside bot reads in its turn's history, as
docs/bots-protocol.md describes it (R8).

The page said the event's turn goes on "unless ``lucky_draw: false``", as if the event
came under that house rule too. It never does: the card of the rank asked for is drawn
unseen like any other and the turn passes.
"""

from __future__ import annotations

from pathlib import Path

from tests.core.stacked import ask, deal

PROTOCOL_DOC = Path(__file__).resolve().parents[2] / "docs" / "bots-protocol.md"


def _lucky_draw_row() -> str:
    rows = [line for line in PROTOCOL_DOC.read_text(encoding="utf-8").splitlines()
            if line.startswith("| `lucky_draw` |")]
    assert len(rows) == 1
    return rows[0]


def test_a_fish_of_the_rank_asked_for_is_a_lucky_draw_seen_by_every_seat() -> None:
    game = deal("classic", ["9 K", "2 3"], pond="9 6")
    ask(game, 1, "9")
    history = game.view(1).to_dict()["history"]  # the other seat's turn message
    assert {"type": "lucky_draw", "player": 0, "card": "9H"} in history
    assert game.current_player == 0  # the asker asks again
    assert "the asker asks again" in _lucky_draw_row()


def test_without_the_lucky_draw_house_rule_no_such_event_is_sent() -> None:
    game = deal("classic", ["9 K", "2 3"], pond="9 6", lucky_draw=False)
    ask(game, 1, "9")
    history = game.view(1).to_dict()["history"]
    assert not any(event["type"] == "lucky_draw" for event in history)
    assert {"type": "drew", "player": 0, "reason": "fish", "card": None} in history  # unseen
    assert game.current_player == 1  # and the turn passed
    row = _lucky_draw_row()
    assert "(unless `lucky_draw: false`)" not in row
    assert "Never sent under `lucky_draw: false`" in row
