"""A host who goes away from a room without leaving (the tab closed, the connection lost
for good) hands the role on after ``away_seconds``, the grace an away player gets before
a stand-in plays for them: else nobody could start the lobby's game, nor seat a bot.

FAST's away_seconds is 0.4 s (tests/online/conftest.py)."""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from starlette.applications import Starlette
from starlette.testclient import TestClient

from .conftest import FAST
from .helpers import Player, connect, create_room, disconnect, join_room, serving
from .test_leaving import stored_kinds

AWAY = "Ann is away, so Bob is the host now."
# The new host's own page: every page calls its own reader "you", so this one too.
AWAY_TO_BOB = "Ann is away, so you are the host now."


def lobby_of_three(client: TestClient) -> tuple[str, dict[str, str]]:
    made = create_room(client, "Ann", players=3)
    code = made["code"]
    tokens = {"Ann": made["token"]}
    for name in ("Bob", "Cy"):
        tokens[name] = join_room(client, code, name)["token"]
    return code, tokens


def host_after_the_grace(client: TestClient, code: str, grace: float = FAST.away_seconds) -> int:
    """The room's host once a host gone at this moment would have handed the role on."""
    time.sleep(grace * 2)
    host: int = client.get(f"/rooms/{code}/info").json()["host"]
    return host


def ann_gone(client: TestClient, code: str, tokens: dict[str, str]) -> Player:
    """Ann (the host), Bob and Cy here, then Ann's page gone: Bob's player, told so."""
    ann = connect(client, code, tokens["Ann"])
    bob = connect(client, code, tokens["Bob"])
    cy = connect(client, code, tokens["Cy"])
    disconnect(ann)
    update = bob.read_until(lambda m: m["type"] == "update" and m["notice"])
    assert update["notice"] == AWAY_TO_BOB and bob.room["host"] == 1
    assert cy.read_until(lambda m: m["type"] == "update" and m["notice"])["notice"] == AWAY
    return bob


def remove_as_the_page_does(host: Player, seat: int) -> None:
    """Remove the person in ``seat``, sent again when refused as stale, as room.js does: the
    stand-in playing the gone host's cards may ask between the update read and the command
    (seen in a full run), and the room then refuses a command based on the older version."""
    for _ in range(10):
        refused = len(host.errors)
        host.command("remove_player", seat=seat)
        host.read_until(lambda _, before=refused: len(host.errors) > before
                        or host.room["seats"][seat]["vacated"] == "removed")
        if len(host.errors) == refused:
            return
        assert host.errors[-1]["code"] == "stale", host.errors[-1]
    raise AssertionError("the removal was refused as stale ten times")


def test_a_host_gone_from_the_lobby_passes_the_role_to_the_next_person_here(
    client: TestClient,
) -> None:
    code, tokens = lobby_of_three(client)
    ann = connect(client, code, tokens["Ann"])
    cy = connect(client, code, tokens["Cy"])  # Bob (seat 2) is not here: Cy takes it
    disconnect(ann)
    update = cy.read_until(lambda m: m["type"] == "update" and m["notice"])
    assert update["notice"] == "Ann is away, so you are the host now." and cy.room["host"] == 2
    assert ("host", {"seat": 2, "from": 0}) in stored_kinds(client, code)
    # Bob arrives to find Cy the host, whose rights work: the game starts.
    bob = connect(client, code, tokens["Bob"])
    assert bob.room["host"] == 2 and not bob.you["host"]
    cy.command("start")
    cy.read_until(lambda m: m["type"] == "update" and m["game"] is not None)


def test_a_host_back_within_the_grace_keeps_the_role(
    make_app: Callable[..., Starlette],
) -> None:
    # A grace of 2 s, not FAST's 0.4 s: the reload must land within it on a busy machine.
    grace = 2.0
    with serving(make_app(replace(FAST, away_seconds=grace))) as client:
        code, tokens = lobby_of_three(client)
        ann = connect(client, code, tokens["Ann"])
        bob = connect(client, code, tokens["Bob"])
        disconnect(ann)  # a reload: the page is back at once
        ann = connect(client, code, tokens["Ann"])
        assert host_after_the_grace(client, code, grace) == 0
        assert not [kind for kind, _ in stored_kinds(client, code) if kind == "host"]
        ann.command("start")
        bob.read_until(lambda m: m["type"] == "update" and m["game"] is not None)


def test_a_host_gone_while_nobody_was_here_passes_it_to_the_next_who_comes(
    client: TestClient,
) -> None:
    code, tokens = lobby_of_three(client)
    disconnect(connect(client, code, tokens["Ann"]))
    assert host_after_the_grace(client, code) == 0  # with nobody here to take over
    bob = connect(client, code, tokens["Bob"])
    update = bob.read_until(lambda m: m["type"] == "update" and m["notice"])
    assert update["notice"] == AWAY_TO_BOB and bob.room["host"] == 1


def test_the_passed_role_holds_after_a_restart_and_a_return(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app()) as client:
        code, tokens = lobby_of_three(client)
        ann_gone(client, code, tokens)
    with serving(make_app()) as client:
        assert client.get(f"/rooms/{code}/info").json()["host"] == 1
        ann = connect(client, code, tokens["Ann"])  # back: a guest like the others now
        assert ann.room["host"] == 1 and not ann.you["host"]


def test_a_host_gone_mid_game_passes_the_role_too(client: TestClient) -> None:
    # The stand-in plays Ann's cards (as for any away player); the role, with its right
    # to remove a person, goes to someone here.
    code, tokens = lobby_of_three(client)
    ann = connect(client, code, tokens["Ann"])
    bob = connect(client, code, tokens["Bob"])
    cy = connect(client, code, tokens["Cy"])
    ann.command("start")
    bob.read_until(lambda m: m["type"] == "update" and m["game"] is not None)
    disconnect(ann)
    bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
    remove_as_the_page_does(bob, seat=2)
    cy.read_until(lambda m: m["type"] == "unseated")


def test_a_host_whose_page_never_connected_passes_the_role_on(client: TestClient) -> None:
    # The room made (its tab died right after Create, or made through the API), the host
    # never came: the away clock started only when a socket closed, so Bob, here and
    # waiting, could neither seat a bot nor start, for as long as he stayed.
    made = create_room(client, "Ann", players=2)
    code = made["code"]
    bob = connect(client, code, join_room(client, code, "Bob")["token"])
    update = bob.read_until(lambda m: m["type"] == "update" and m["notice"])
    assert update["notice"] == AWAY_TO_BOB and bob.room["host"] == 1
    bob.command("start")  # his rights work: the game starts, a stand-in for Ann in time
    bob.read_until(lambda m: m["type"] == "update" and m["game"] is not None)
