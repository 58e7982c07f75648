"""A host gone away mid-game hands the role on in the game log too, not only in the notice
line: a page whose connection was down just then (and anyone reading the log later) learns
who runs the room now, as it learns of a seat left. The hand-over is a stored entry, so a
restart tells it again in the same place.

FAST's away_seconds is 0.4 s (tests/online/conftest.py)."""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette

from .helpers import Message, Player, connect, disconnect, serving, start_game
from .test_host_gone_away import AWAY, AWAY_TO_BOB, lobby_of_three

HAND_OVER = {"type": "seat_host", "seat": 1, "from": 0}
HANDED_ON = {"event": HAND_OVER, "text": AWAY}  # as Cy's log (every page but Bob's) says it
HANDED_TO_BOB = {"event": HAND_OVER, "text": AWAY_TO_BOB}  # as Bob's own log says it


def told_up_to_the_hand_over(player: Player, line: Message = HANDED_ON) -> list[Message]:
    """``player``'s log up to and including the hand-over's ``line``, which it must hold
    once (each seat's log reads its own cards: compare one seat's with its own)."""
    assert player.log.count(line) == 1, player.log
    return player.log[:player.log.index(line) + 1]


def events_told(entries: list[Message]) -> list[str]:
    return [entry["event"]["type"] for entry in entries]


def test_a_host_gone_mid_game_is_told_in_the_log_to_a_page_that_was_not_there(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app()) as client:
        code, tokens = lobby_of_three(client)
        ann, bob, cy = (connect(client, code, tokens[name]) for name in ("Ann", "Bob", "Cy"))
        start_game(ann, [bob, cy])
        disconnect(cy)  # Cy's connection is down as the role moves on
        disconnect(ann)
        update = bob.read_until(lambda m: m["type"] == "update" and m["notice"] == AWAY_TO_BOB)
        # The update that says it in the notice line carries the same words in the log,
        # so a page there all along can tell them apart from a return's news.
        assert HANDED_TO_BOB in update["game"]["log"]
        cy = connect(client, code, tokens["Cy"])
        assert cy.room["host"] == 1 and not cy.messages[-1]["notice"]
        before = told_up_to_the_hand_over(bob, HANDED_TO_BOB)
        assert events_told(told_up_to_the_hand_over(cy)) == events_told(before)
    with serving(make_app()) as client:  # a restart replays it to the same place
        bob = connect(client, code, tokens["Bob"])
        assert told_up_to_the_hand_over(bob, HANDED_TO_BOB) == before


def test_a_host_gone_in_the_lobby_has_no_log_to_tell_it(
    make_app: Callable[..., Starlette],
) -> None:
    # No game, no log: the seat list shows the host, and the first deal starts the log.
    with serving(make_app()) as client:
        code, tokens = lobby_of_three(client)
        ann, bob = (connect(client, code, tokens[name]) for name in ("Ann", "Bob"))
        disconnect(ann)
        bob.read_until(lambda m: m["type"] == "update" and m["notice"] == AWAY_TO_BOB)
        bob.command("start")
        bob.read_until(lambda m: m["type"] == "update" and m["game"] is not None)
        assert all(entry["event"]["type"] != "seat_host" for entry in bob.log)


def test_a_host_back_after_the_hand_over_reads_it_as_theirs_also_after_a_restart(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann, gone past the grace, comes back to a log that calls her "you" (her page's name
    for her everywhere else), not "Ann is away, so Bob is the host now."."""
    yours = {"event": HAND_OVER, "text": "You are away, so Bob is the host now."}
    with serving(make_app()) as client:
        code, tokens = lobby_of_three(client)
        ann, bob, cy = (connect(client, code, tokens[name]) for name in ("Ann", "Bob", "Cy"))
        start_game(ann, [bob, cy])
        disconnect(ann)
        bob.read_until(lambda m: m["type"] == "update" and m["notice"] == AWAY_TO_BOB)
        cy.read_until(lambda m: m["type"] == "update" and m["notice"] == AWAY)
        ann = connect(client, code, tokens["Ann"])
        assert told_up_to_the_hand_over(ann, yours)[-1] == yours
        assert told_up_to_the_hand_over(cy)[-1] == HANDED_ON  # the others' pages name her
    with serving(make_app()) as client:
        ann = connect(client, code, tokens["Ann"])
        assert told_up_to_the_hand_over(ann, yours)[-1] == yours
