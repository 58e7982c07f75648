"""A test-side client for the rooms protocol over Starlette's TestClient."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
from collections.abc import Callable, Iterator
from typing import Any

import anyio
import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient, WebSocketTestSession

Message = dict[str, Any]
#: How long a read waits for the server's next frame before failing: generous, since a
#: machine busy with other work can hold the server up for seconds; a pass waits no longer.
READ_SECONDS = 30.0


class Closed(Exception):
    def __init__(self, code: int) -> None:
        super().__init__(f"socket closed with code {code}")
        self.code = code


def receive(ws: WebSocketTestSession, timeout: float = READ_SECONDS) -> Message:
    """The next frame from the server, or fail after ``timeout`` instead of hanging.

    TestClient's own ``receive`` waits forever; this reads the same stream with a deadline.
    """

    async def next_frame() -> Any:
        with anyio.fail_after(timeout):
            return await ws._send_rx.receive()

    frame = ws.portal.call(next_frame)
    if frame["type"] == "websocket.close":
        raise Closed(frame.get("code", 1000))
    return json.loads(frame["text"])  # type: ignore[no-any-return]


class Player:
    """One browser's worth of protocol: a socket, the latest state and every message received."""

    def __init__(self, ws: WebSocketTestSession, token: str | None = None) -> None:
        self.ws = ws
        self.token = token
        self.messages: list[Message] = []
        self.version = -1
        self.room: Message = {}
        self.game: Message | None = None
        self.log: list[Message] = []
        self.you: Message = {}
        self.errors: list[Message] = []
        self.notices: list[str] = []
        self.unseated: Message | None = None

    @property
    def seat(self) -> int | None:
        return self.you.get("seat")

    def read(self, timeout: float = READ_SECONDS) -> Message:
        message = receive(self.ws, timeout)
        self.messages.append(message)
        self._absorb(message)
        return message

    def read_until(self, wanted: Callable[[Message], bool],
                   timeout: float = READ_SECONDS) -> Message:
        while True:
            message = self.read(timeout)
            if wanted(message):
                return message

    def _absorb(self, message: Message) -> None:
        kind = message["type"]
        if kind == "error":
            self.errors.append(message)
            return
        if kind == "unseated":
            self.unseated = message
            return
        if kind == "pong":  # the answer to a ping: says nothing of the room
            return
        if kind == "presence":
            self.room = {**self.room, "seats": message["seats"]}
            return
        if kind == "welcome":
            self.you = message["you"]
        self.version = message["version"]
        self.room = message["room"]
        if message.get("notice"):
            self.notices.append(message["notice"])
        game = message["game"]
        if game is not None:
            if self.game is None or self.game["number"] != game["number"] or (
                kind == "welcome" and game["log_from"] == 0  # seen afresh, as a spectator
            ):
                self.log = []
            assert game["log_from"] == len(self.log), "log entries were skipped or repeated"
            self.log.extend(game["log"])
        self.game = game

    def read_all_sent(self) -> None:
        """Read every frame the server sent this page before now: it answers a ping in
        turn (a read that waited a fixed time could give up before a late frame came)."""
        self.send({"type": "ping"})
        self.read_until(lambda m: m["type"] == "pong")

    def send(self, payload: Message) -> None:
        self.ws.send_text(json.dumps(payload))

    def command(self, kind: str, **fields: Any) -> None:
        self.send({"type": kind, "version": self.version, **fields})

    def my_turn(self) -> bool:
        return self.game is not None and self.game["current_player"] == self.seat


def create_room(client: TestClient, name: str = "Ann", players: int = 2,
                rules: Message | None = None) -> Message:
    response = client.post("/rooms", json={"name": name, "players": players,
                                           "rules": rules or {"preset": "classic"}})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def join_room(client: TestClient, code: str, name: str) -> Message:
    response = client.post(f"/rooms/{code}/join", json={"name": name})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


_OPEN: list[WebSocketTestSession] = []


def start_game(host: Player, others: list[Player]) -> None:
    host.command("start")
    for player in (host, *others):
        player.read_until(lambda m: m["type"] == "update" and m["game"] is not None)


def three_seat_room(client: TestClient, bot: str = "emma") -> tuple[str, Player, Player]:
    """Ann (host) and Bob joined, ``bot`` (Emma) in seat 2: the room of most tests."""
    made = create_room(client, "Ann", players=3)
    joined = join_room(client, made["code"], "Bob")
    ann = connect(client, made["code"], made["token"])
    bob = connect(client, made["code"], joined["token"])
    ann.command("add_bot", seat=2, bot=bot)
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
    return made["code"], ann, bob


def two_people(client: TestClient, rules: str = "classic") -> tuple[str, list[Player]]:
    """Ann (host) and Bob, both people, both connected, dealt a game of ``rules``."""
    made = create_room(client, "Ann", players=2, rules={"preset": rules})
    joined = join_room(client, made["code"], "Bob")
    ann = connect(client, made["code"], made["token"])
    bob = connect(client, made["code"], joined["token"])
    start_game(ann, [bob])
    return made["code"], [ann, bob]


def connect(client: TestClient, code: str, token: str | None, **hello: Any) -> Player:
    """A page's socket, welcomed; ``hello``: more of its hello (``away=True``)."""
    ws = client.websocket_connect(f"/ws/room/{code}")
    session = ws.__enter__()
    _OPEN.append(session)
    player = Player(session, token)
    player.send({"type": "hello", "token": token, **hello})
    player.read_until(lambda m: m["type"] == "welcome")
    return player


def refused_hello(client: TestClient, code: str, token: str | None) -> tuple[Message, int]:
    """What a hello with ``token`` gets when it is refused: the error frame and the close code."""
    with client.websocket_connect(f"/ws/room/{code}") as ws:
        ws.send_text(json.dumps({"type": "hello", "token": token}))
        refusal = receive(ws)
        try:
            receive(ws)
        except Closed as closed:
            return refusal, closed.code
    raise AssertionError(f"the hello was answered, not refused: {refusal}")


def disconnect(player: Player) -> None:
    if player.ws in _OPEN:
        _OPEN.remove(player.ws)
        player.ws.__exit__(None, None, None)


def close_all() -> None:
    """Close every socket still open: TestClient waits for them before it can stop."""
    while _OPEN:
        session = _OPEN.pop()
        with contextlib.suppress(Exception):  # a socket the server already closed
            session.__exit__(None, None, None)


@contextlib.contextmanager
def serving(app: Starlette) -> Iterator[TestClient]:
    with TestClient(app) as client:
        try:
            yield client
        finally:
            close_all()


def settled(player: Player, humans: set[int]) -> Callable[[Message], bool]:
    """An update after which no bot will move: the game is over or a person is to ask."""

    def done(message: Message) -> bool:
        game = message.get("game") if message["type"] in ("update", "welcome") else None
        if game is None:
            return False
        return game["current_player"] is None or game["current_player"] in humans

    return done


def settle(players: list[Player]) -> None:
    """Read until no bot is about to move, and every player has seen the same version."""
    humans = {p.seat for p in players if p.seat is not None}
    lead = max(players, key=lambda p: p.version)  # the newest state anyone has seen
    if not (lead.game is not None and settled(lead, humans)({"type": "update", "game": lead.game})):
        lead.read_until(settled(lead, humans))
    for other in players:
        if other.version < lead.version:
            other.read_until(lambda m: m["type"] == "update" and m["version"] >= lead.version)


def caught_up(client: TestClient, code: str, players: list[Player]) -> None:
    """Let a change being stored land, and every player read up to it.

    A move decided before a page connected (a stand-in's ask chosen while its person was
    away) is stored after that page's welcome: the database write is awaited under the
    room's lock, and the welcome does not wait for it.
    """
    live = live_room_of(client, code)

    async def stored() -> None:
        async with live.lock:
            pass

    client.portal.call(stored)  # type: ignore[union-attr]
    version = live.room.version
    for player in players:
        if player.version < version:
            player.read_until(lambda m: m["type"] == "update" and m["version"] >= version)


def wait_for(condition: Callable[[], bool], what: str, seconds: float = 15) -> None:
    """Wait until ``condition()`` holds; fail saying ``what`` did not happen after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, what
        time.sleep(0.02)


def live_room_of(client: TestClient, code: str) -> Any:
    """The server's live room ``code`` (its scheduled tasks and timers)."""
    return client.app.state.gofish_rooms.rooms[code]  # type: ignore[attr-defined]


#: How long a room's scheduled work may take to settle before a test says it is stuck.
SETTLE_SECONDS = 30


def scheduled_moves_run(client: TestClient, code: str) -> None:
    """Let room ``code``'s scheduled work that could move or store its game have its go:
    a bot's (or stand-in's) move, the passing on of a host's role, the storing of
    stand-ins' names."""
    live = live_room_of(client, code)

    async def run() -> str | None:
        await asyncio.sleep(0)  # timers already due (a grace ended) start their work first
        scheduled = [task for task in (live.bot_task, live.host_task, live.stand_in_task)
                     if task is not None]
        if scheduled:
            _, stuck = await asyncio.wait(scheduled, timeout=SETTLE_SECONDS)
            if stuck:
                return f"{len(stuck)} scheduled task(s) of room {code} still running"
        try:  # what they did is stored
            await asyncio.wait_for(live.lock.acquire(), SETTLE_SECONDS)
        except TimeoutError:
            return f"room {code}'s lock still held"
        live.lock.release()
        return None

    # A stuck task fails the test after a while, rather than hanging the suite.
    stuck = client.portal.call(run)  # type: ignore[union-attr]
    assert stuck is None, f"{stuck} after {SETTLE_SECONDS} s"


def stood_still(client: TestClient, code: str, version: int) -> None:
    """Room ``code``'s game is still at ``version`` once the moves already scheduled have
    had their go, and the room would give no bot or stand-in a move now: a fixed sleep
    passed on a busy machine before a late move could come, and so checked nothing."""
    scheduled_moves_run(client, code)
    room = live_room_of(client, code).room
    assert room.version == version, "the game moved on"
    assert room.seat_played_by_bot() is None, "a bot or stand-in is to move"


def play(players: list[Player], asks: int = 3000,
         chooser: random.Random | None = None) -> Message:
    """People make random legal asks on their turns, and fish when told to (bots do the
    rest), for ``asks`` moves or until the game ends; return the game as the players last saw it.

    Random, because always making the same ask can pass cards round for ever.
    """
    chooser = chooser or random.Random(len(players))
    for _ in range(asks):
        settle(players)
        game = players[0].game
        assert game is not None
        if game["current_player"] is None:
            break
        actor = next(p for p in players if p.seat == game["current_player"])
        if game.get("fishing") == actor.seat:  # told "Go fish!" at a nordic sea
            actor.command("fish")
        else:
            actor.command("ask", **chooser.choice(actor.game["legal_actions"]))  # type: ignore[index]
        before = actor.version
        actor.read_until(lambda m, before=before: m["type"] == "update"
                         and m["version"] > before)
        players = [actor] + [p for p in players if p is not actor]
    settle(players)
    latest = players[0].game
    assert latest is not None
    return latest


def play_to_end(players: list[Player], chooser: random.Random | None = None) -> Message:
    final = play(players, chooser=chooser)
    assert final["current_player"] is None, "the game did not finish"
    return final


async def assert_one_server_at_a_time(first: Any, second: Any) -> None:
    """Two stores on one database: ``second`` may not open while ``first`` is open, and may
    once it is closed (rooms live in one server's memory)."""
    from gofish.online.store import StoreError

    await first.open()
    try:
        with pytest.raises(StoreError, match="in use by another gofish rooms server"):
            await second.open()
    finally:
        await first.close()
    await second.open()
    await second.close()


async def ask_for_a_present_person(server: Any, live: Any, seat: int) -> None:
    """If it is ``seat``'s turn, make its person's ask (the first legal one).

    For tests of bots and stand-ins on a server without sockets, where a person seated
    and connected keeps the stand-ins playing: the game needs their asks too. Looked at
    before taking the room's lock, which a thinking bot holds, but never on their turn.
    """
    game = live.room.game
    if game is None or game.current_player != seat:
        return
    async with live.lock:
        if game.current_player == seat:
            ask = game.legal_actions()[0]
            await server.commit(live, live.room.ask_entry(seat, ask, "player"))
