"""A page's ping: answered at once with a pong, changing nothing, and no sign that its
person is back (the page sends it by itself, to find a connection that died unclosed)."""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette
from starlette.testclient import TestClient

from .helpers import connect, create_room
from .test_idle_away import ann_and_emma, away, gone_away


def test_a_ping_is_answered_with_a_pong_and_changes_nothing(client: TestClient) -> None:
    made = create_room(client, "Ann", players=2)
    ann = connect(client, made["code"], made["token"])
    watcher = connect(client, made["code"], None)
    version = client.get(f"/rooms/{made['code']}/info").json()["version"]
    for page in (ann, watcher):
        page.send({"type": "ping"})
        assert page.read_until(lambda m: m["type"] != "presence") == {"type": "pong"}
    assert client.get(f"/rooms/{made['code']}/info").json()["version"] == version
    ann.send({"type": "ping", "version": version})  # a ping is all it says
    refusal = ann.read_until(lambda m: m["type"] == "error")
    assert refusal["code"] == "invalid" and "version" in refusal["message"], refusal


def test_a_ping_from_a_seat_away_for_its_idle_turns_leaves_it_away(
    make_app: Callable[..., Starlette],
) -> None:
    with ann_and_emma(make_app, 0.3) as (_client, room, ann):
        gone_away(_client, ann)
        ann.send({"type": "ping"})
        ann.read_until(lambda m: m["type"] == "pong")
        assert room.seats[0].away
        ann.command("back")  # as her button says she is: the same frame a moment later
        ann.read_until(lambda m: m["type"] in ("update", "presence") and not away(m))
