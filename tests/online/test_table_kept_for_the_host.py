"""``gofish rooms`` open to a network: friends reach the rooms, not the host's own table.

The table against the computer opens on the host's games database: its history, stats,
replays and unfinished games. A friend who came for a room and clicked "Play the
computer" saw all of it, and could resume the host's saved game and play it on. Now
that part of the server answers only a browser on the host's machine."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import gofish
from gofish.cli.rooms import rooms_app
from gofish.storage import open_store
from gofish.web.hosts import HOSTS_OWN_TABLE

FRIEND = ("192.0.2.7", 50123)  # a documentation address: someone on the network
HOST = ("127.0.0.1", 50124)  # the host's own browser
HOSTS_OWN = ("/", "/api/games", "/api/games/1", "/api/stats", "/api/setup", "/nowhere")
FOR_EVERYONE = ("/rooms", "/rooms/presets", "/rooms/bots", "/static/style.css",
                "/static/js/dom.js", "/rooms/static/lobby.js")

@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Callable[..., TestClient]:
    """A client of ``gofish rooms --host HOST`` as seen from ``peer``, over ``name``; the
    host has one unfinished game against Emma in their (default) games database."""
    games = tmp_path / "games.sqlite3"
    monkeypatch.setenv("GOFISH_DB", str(games))
    game = gofish.new_game("classic", 2, seed=5)
    game.play(game.legal_actions()[0])
    with open_store(games) as store:
        store.save(game.to_record(), seats=[{"name": "Ann", "bot": None},
                                            {"name": "Emma", "bot": "emma"}])

    def make(peer: tuple[str, int], name: str, host: str = "0.0.0.0",
             allowed: tuple[str, ...] = ()) -> TestClient:
        app = rooms_app(argparse.Namespace(
            host=host, allow_host=list(allowed), database=str(tmp_path / "rooms.sqlite3"),
            away_seconds=60.0, bot_delay=1.0, turn_seconds=90.0))
        return TestClient(app, base_url=f"http://{name}", client=peer)

    return make


@contextmanager
def started(test_client: TestClient) -> Iterator[TestClient]:
    with test_client:
        yield test_client


def assert_refused(test_client: TestClient, path: str, **headers: str) -> None:
    answer = test_client.get(path, headers=headers)
    assert answer.status_code == 403, (path, answer.status_code)
    assert "Ann" not in answer.text and "Emma" not in answer.text  # nothing of the history
    if path.startswith("/api/"):
        assert answer.json() == {"error": HOSTS_OWN_TABLE}
    else:
        assert "belongs to whoever runs the server" in answer.text
        assert 'href="/rooms"' in answer.text  # the way on


def test_a_friend_on_the_network_reaches_the_rooms_but_not_the_hosts_table(
    client: Callable[..., TestClient]
) -> None:
    with started(client(FRIEND, "192.0.2.1:8000")) as friend:
        for path in HOSTS_OWN:
            assert_refused(friend, path)
        with (pytest.raises(WebSocketDisconnect) as closed,
              friend.websocket_connect("/ws/play", headers={"host": "192.0.2.1:8000"})):
            pass
        assert closed.value.code == 1008
        for path in FOR_EVERYONE:
            assert friend.get(path).status_code == 200, path
        made = friend.post("/rooms", json={"name": "Bob", "players": 2,
                                         "rules": {"preset": "classic"}})
        assert made.status_code == 200, made.text  # a friend may open a room too


def test_the_host_on_their_own_machine_has_their_table(
    client: Callable[..., TestClient]
) -> None:
    with started(client(HOST, "localhost:8000")) as host:
        games = host.get("/api/games").json()["games"]
        assert [game["names"] for game in games] == [["Ann", "Emma"]]
        assert host.get("/").status_code == 200
        # (the test client's websockets name "testserver" unless told otherwise)
        with host.websocket_connect("/ws/play", headers={"host": "localhost:8000"}) as socket:
            socket.send_json({"type": "resume", "game_id": games[0]["id"]})
            welcome = socket.receive_json()
            assert (welcome["type"], welcome["game_id"]) == ("welcome", games[0]["id"])


def test_the_host_opening_the_announced_address_has_their_table_too(
    client: Callable[..., TestClient]
) -> None:
    # `gofish rooms --host 0.0.0.0` announces this machine's network address; the host's
    # browser opening it comes from that address to that address.
    with started(client(("192.0.2.2", 50125), "192.0.2.2:8000")) as host:
        assert host.get("/api/games").status_code == 200
        assert_refused(host, "/api/games", host="friends.example:8000")
    with started(client(("192.0.2.3", 50125), "192.0.2.2:8000")) as neighbour:
        assert_refused(neighbour, "/api/games")


def test_through_a_tunnel_or_a_proxy_on_the_host_is_someone_else(
    client: Callable[..., TestClient]
) -> None:
    # A tunnel runs on the host's machine but speaks for whoever is at its other end:
    # it comes from 127.0.0.1 under its own name, or under localhost with a forwarding header.
    tunnel = client(HOST, "fish.tunnel.example", host="127.0.0.1",
                    allowed=("fish.tunnel.example",))
    with started(tunnel):
        assert_refused(tunnel, "/api/games")
        assert tunnel.get("/rooms").status_code == 200
    with started(client(HOST, "localhost:8000")) as proxied:
        for header in ("x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"):
            assert_refused(proxied, "/api/games", **{header: "203.0.113.9"})
        assert proxied.get("/api/games").status_code == 200


def test_another_site_is_still_told_about_rebinding_first(
    client: Callable[..., TestClient]
) -> None:
    # On 127.0.0.1 a request for a name not allowed is a page of another site in the
    # host's browser: it gets the rebinding refusal, which says how to allow a name.
    with started(client(HOST, "rebound.example", host="127.0.0.1")) as rebound:
        refused = rebound.get("/api/games")
        assert refused.status_code == 403
        assert "--allow-host rebound.example" in refused.text
