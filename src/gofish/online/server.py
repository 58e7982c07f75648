"""The live side of rooms: connections, broadcasting, bots, presence and persistence.

One :class:`RoomServer` per web app. Each room's changes are serialised by the
room's lock and go through :meth:`RoomServer.commit`: store the entry, apply it,
then broadcast. Nothing is broadcast that is not already stored.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from gofish.bots import Bot, make_bot, prepare_endgame
from gofish.bots.base import cancel_thinking, not_legal
from gofish.core import Ask, GoFishError, View
from gofish.online.codes import (
    InvalidInput,
    clean_name,
    hash_token,
    new_code,
    new_token,
    normalise_code,
)
from gofish.online.protocol import (
    PONG,
    AddBot,
    AskMessage,
    Back,
    Command,
    Fish,
    Leave,
    Ping,
    ProtocolError,
    RemoveBot,
    RemovePlayer,
    SeatLog,
    encode,
    error_message,
    game_part,
    is_token,
    parse_command,
    parse_hello,
)
from gofish.online.room import (
    OUT_OF_TIME,
    TURN_ENTRIES,
    Entry,
    Room,
    RoomError,
    Told,
    Vacated,
    room_bot,
)
from gofish.online.store import DuplicateKey, RoomStore, StoredRoom, StoreError, store_for
from gofish.storage.errors import reported
from gofish.web.addresses import client_address
from gofish.web.cutoff import cut_off_if_stuck
from gofish.web.ratelimit import TokenBucket

_log = logging.getLogger(__name__)

# Close codes (4000-4999 are the application's own).
CLOSE_POLICY = 1008
CLOSE_TRY_AGAIN = 1013  # the room was reloaded from the database: reconnect to it
CLOSE_UNAVAILABLE = 1011
CLOSE_BAD_HELLO = 4400
CLOSE_FORBIDDEN = 4403
CLOSE_NOT_FOUND = 4404
# A person here whose turn clock runs out this many times in a row, with no move of their
# own between, has gone for good with the tab open: the stand-in plays their turns at once,
# as for a person gone, rather than each after the whole clock; and as for a person gone,
# with no other person active here the game waits for them instead.
IDLE_TURNS_AWAY = 2


@dataclass(frozen=True)
class RoomSettings:
    away_seconds: float = 60.0  # gone this long: a stand-in bot plays the seat
    # A person here who lets their turn sit this long: the stand-in makes that move (0: never).
    turn_seconds: float = 90.0
    bot_delay: float = 1.0  # pause before a bot asks, so people can follow
    stand_in_bot: str = "emma"  # plays for a person who is away, and the seat of one who left
    max_message_bytes: int = 2048
    rate_per_second: float = 8.0
    rate_burst: int = 16
    max_violations: int = 40  # bad, oversized or over-rate frames before the socket is closed
    hello_timeout: float = 15.0
    send_queue: int = 256  # a client this far behind is dropped; it reconnects and catches up
    # A dropped client's time to take what was queued for it and the close; one that reads
    # nothing (its socket open, its window shut) is let go of then, not waited for.
    drop_seconds: float = 10.0
    idle_seconds: float = 600.0  # a room nobody is connected to leaves memory (not the database)
    joins_per_minute: float = 30.0  # room creations and joins per client address
    # Codes that name no room, looked up by one client address (info, a browser's rooms,
    # a join, a hello): a person mistypes one now and then; a script guessing codes to
    # find rooms tries thousands a second.
    missing_rooms_per_minute: float = 30.0
    # Sockets one client address may open (each saying hello), in bursts of as many: each
    # sends every page in the room a presence message as it comes and another as it goes,
    # so a script opening hundreds a second flooded the players (and dropped the slow).
    hellos_per_minute: float = 120.0
    # Sockets one client address may hold open before they say hello, each kept up to
    # hello_timeout: a script opening thousands that never said a word held them all (the
    # hello limit counts only the sockets let in).
    silent_per_address: int = 32
    # Watching sockets one client address may hold in a room: each costs every change a
    # message, so a client opening hundreds slowed the room for its players.
    watchers_per_address: int = 16
    # Sockets one seat's token may hold: a seat is one person's, each costing every change a
    # message as a watcher's does, so a token (anyone's who joined) must not open hundreds.
    pages_per_seat: int = 16


class PerAddress:
    """A :class:`TokenBucket` for each client address: ``per_minute`` a minute, in bursts
    of as many; ``refusal`` says what ran out."""

    MAX_ADDRESSES = 10_000  # past this many, forget them all rather than grow for ever

    def __init__(self, per_minute: float, refusal: str) -> None:
        self.per_minute, self.refusal = per_minute, refusal
        self.buckets: dict[str, TokenBucket] = {}

    def _bucket(self, address: str) -> TokenBucket:
        bucket = self.buckets.get(address)
        if bucket is None:
            if len(self.buckets) >= self.MAX_ADDRESSES:
                self.buckets.clear()
            bucket = self.buckets[address] = TokenBucket(self.per_minute / 60,
                                                         max(1, int(self.per_minute)))
        return bucket

    def take(self, address: str) -> None:
        """Use one of ``address``'s tokens; refuse (rate_limited) if none is left."""
        if not self._bucket(address).allow():
            raise RoomError("rate_limited", self.refusal)

    def check(self, address: str) -> None:
        """Refuse ``address`` (rate_limited) if it has no token left; take none."""
        if not self._bucket(address).has_token():
            raise RoomError("rate_limited", self.refusal)


class Connection:
    """One websocket: a seat's player (``seat`` set) or a spectator (``seat`` None)."""

    def __init__(self, websocket: WebSocket, seat: int | None, settings: RoomSettings) -> None:
        self.websocket = websocket
        self.seat = seat
        self.queue: asyncio.Queue[str | None] = asyncio.Queue(settings.send_queue)
        self.stopped = asyncio.Event()  # set with ``closed``: the read loop stops waiting
        self.bucket = TokenBucket(settings.rate_per_second, settings.rate_burst)
        self.violations = 0
        self.game_number = 0
        self.log_sent = 0
        self.closed = False
        self.close_code = CLOSE_POLICY
        self.released: Vacated | None = None  # this socket's person left or was removed
        self.released_from: int | None = None  # the seat they left or were removed from
        self.hung_up = False  # the client closed it (else the server stopped it)

    def send(self, message: dict[str, Any] | str) -> None:
        """Queue a message (or its JSON text); never blocks. A client too far behind is dropped."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(message if isinstance(message, str) else encode(message))
        except asyncio.QueueFull:
            self.stop()

    def stop(self, close_code: int = CLOSE_POLICY) -> None:
        """Stop sending; the writer closes the socket once what is queued is out."""
        if self.closed:
            return
        self.closed = True
        self.close_code = close_code
        self.stopped.set()
        if self.queue.full():  # a client this far behind gets nothing more: it will resync
            while not self.queue.empty():
                self.queue.get_nowait()
        self.queue.put_nowait(None)

    async def write_loop(self) -> None:
        try:
            while (text := await self.queue.get()) is not None:
                await self.websocket.send_text(text)
        except Exception:  # a dead socket just ends this connection
            self.closed = True
            return
        with contextlib.suppress(Exception):
            await self.websocket.close(self.close_code)


@dataclass
class LiveRoom:
    room: Room
    connections: list[Connection] = field(default_factory=list)
    # Sockets the server stopped (dropped as too far behind, mostly) that may not be closed
    # yet: out of the room, but still counted against their address's and seat's limits,
    # or one address could gather stuck sockets past them.
    letting_go: list[Connection] = field(default_factory=list)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    bot_task: asyncio.Task[None] | None = None
    host_task: asyncio.Task[None] | None = None  # passing on the role of a host gone away
    # The host's absence that task is for: the latest, should the host come back and go
    # again while it waits for the lock (it would give up on the earlier one).
    host_gone_since: float | None = None
    stand_in_task: asyncio.Task[None] | None = None  # storing stand-ins' names given live
    bots: dict[int, Bot] = field(default_factory=dict)
    rng: random.Random = field(default_factory=random.SystemRandom)
    # Each log by its viewer (whose view of the game) and reader (whose notices say "you").
    logs: dict[tuple[int | None, int | None], SeatLog] = field(default_factory=dict)
    logs_game: int = 0
    idle_since: float = 0.0  # when it was last left with no socket, for the eviction timer
    # One eviction timer and one away clock a seat: each new one cancels the one it replaces,
    # so sockets opened and closed in a loop leave no pile of timers (each holding the room).
    evict_timer: asyncio.TimerHandle | None = None
    away_timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)
    idle_timers: dict[int, asyncio.TimerHandle] = field(default_factory=dict)  # idle-away hosts
    turn_timer: asyncio.TimerHandle | None = None  # the turn clock of the person to move
    # Seats a page connected to since this copy of the room was loaded: whether they are
    # away is known here, so a reconnecting page's ``away``, as it last heard, says nothing.
    presence_known: set[int] = field(default_factory=set)

    def seat_log(self, seat: int | None) -> SeatLog:
        """The log ``seat``'s pages read (None: a spectator's)."""
        if self.logs_game != self.room.game_number:
            self.logs, self.logs_game = {}, self.room.game_number
        key = (self.room.viewer(seat), seat)
        log = self.logs.get(key)
        if log is None:
            log = self.logs[key] = SeatLog(self.room.game_names, *key)
        return log

    def forget_reader(self, seat: int) -> None:
        """Seat ``seat``'s person is gone: the next one there reads the lines about them
        afresh (see Room._vacate)."""
        self.logs = {key: log for key, log in self.logs.items() if key[1] != seat}


def _replayed(stored: StoredRoom, stand_in_bot: str) -> Room:
    """The room as its stored entries leave it; a gap or a damaged entry is a StoreError."""
    code = stored.code
    room = Room.new(code, stored.rules, stored.players, stored.created_at, stand_in_bot)
    for seq, kind, data in stored.entries:
        if seq != room.version + 1:
            raise StoreError(f"room {code} is missing entry {room.version + 1}")
        try:
            room.apply(kind, data)
        except (GoFishError, LookupError, TypeError, ValueError) as error:
            raise StoreError(f"room {code} cannot be rebuilt: entry {seq} ({kind}) "
                             f"is damaged: {error}") from None
    return room


def utc_now() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


def _said_hello_again(text: str) -> str | None:
    """The refusal of a second hello, in words (the schema's lists the command types)."""
    try:
        frame = json.loads(text)
    except (ValueError, RecursionError):  # not JSON, or nested too deep for json.loads
        return None
    if isinstance(frame, dict) and frame.get("type") == "hello":
        return "this socket has said hello already: send commands (a new token needs a new socket)"
    return None


async def _until_hung_up(websocket: WebSocket) -> None:
    """Read (and ignore) a stopped socket's frames until its client closes it."""
    with contextlib.suppress(Exception):  # a socket that fails is closed too
        while (await websocket.receive())["type"] != "websocket.disconnect":
            pass


_REMOVED_MESSAGE = "The host removed you from the room. You can still watch."
# The token itself is not said back: it may be most of a seat's secret.
NOT_A_TOKEN = ("that is not a seat token (16 to 64 letters, digits, '-' or '_'), so it holds "
               "no seat: it may have been edited or cut short")


def _refusal(reason: Vacated | None) -> str:
    """Why a token (or a socket that once held a seat) has no seat."""
    if reason == "removed":
        return _REMOVED_MESSAGE
    if reason == "left":
        return "You left this room, so that seat is no longer yours. You can still watch."
    return "that token is not for a seat in this room"


#: A refused frame: its code, its words and, for a refused bot, the option at fault (None if
#: no one option is).
Refusal = tuple[str, str, str | None]


def _nobody_to_be_back(connection: Connection) -> str:
    """Why ``back`` from a socket with no seat does nothing: a page whose seat was given up
    is told so in the words of the leave, not as a spectator who never held one."""
    seat = connection.released_from
    if seat is None or connection.released is None:
        return "you hold no seat in this room, so no stand-in plays for you"
    said = ("you left" if connection.released == "left"
            else "the host removed you from")
    return f"{said} seat {seat + 1}, so no stand-in plays for you: you are watching"


class RoomServer:
    def __init__(self, database_url: str | None, settings: RoomSettings | None = None) -> None:
        self.settings = settings or RoomSettings()
        self.store: RoomStore = store_for(database_url)
        self.rooms: dict[str, LiveRoom] = {}
        self._opened = False
        self._open_lock: asyncio.Lock | None = None
        # One lock per room being loaded, with how many wait on it: loading one room
        # (a long replay) must not hold up another, and a room is never loaded twice.
        self._load_locks: dict[str, tuple[asyncio.Lock, list[int]]] = {}

    @property
    def settings(self) -> RoomSettings:
        return self._settings

    @settings.setter
    def settings(self, settings: RoomSettings) -> None:
        # The per-address limits are made from the settings, so that settings given to a
        # running server (a soak's, a test's) reach them too.
        self._settings = settings
        self._joins = PerAddress(settings.joins_per_minute,
                                 "too many rooms opened or joined: wait a minute")
        self._missing_rooms = PerAddress(
            settings.missing_rooms_per_minute,
            "too many room codes that name no room: check the code, and wait a minute")
        self._hellos = PerAddress(settings.hellos_per_minute,
                                  "too many connections opened from this address: wait a moment")
        self._silent: Counter[str] = Counter()  # sockets per address yet to say hello

    # ------------------------------------------------------------ life cycle

    async def ready(self) -> None:
        """Open the database on first use (whatever lifespan the host app has)."""
        if self._opened:
            return
        if self._open_lock is None:
            self._open_lock = asyncio.Lock()
        async with self._open_lock:
            if not self._opened:
                await self.store.open()
                self._opened = True

    async def close(self) -> None:
        for live in self.rooms.values():
            self._stop_bots(live)
            for connection in live.connections:
                connection.stop()
        self.rooms.clear()
        if self._opened:
            await self.store.close()
            self._opened = False

    async def live_room(self, code: str) -> LiveRoom:
        """The room, from memory or rebuilt from the database by replaying its entries."""
        await self.ready()
        live = self.rooms.get(code)
        if live is not None:
            return live
        async with self._loading(code):
            live = self.rooms.get(code)
            if live is None:
                live = await self._load(code)
        return live

    @contextlib.asynccontextmanager
    async def _loading(self, code: str) -> AsyncIterator[None]:
        """Hold ``code``'s load lock; the lock is forgotten once nobody holds or awaits it,
        so codes asked for once (or guessed) leave nothing behind."""
        lock, users = self._load_locks.setdefault(code, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if users[0] == 0:
                del self._load_locks[code]

    async def _load(self, code: str) -> LiveRoom:
        stored = await self.store.load_room(code)
        if stored is None:
            raise RoomError("not_found", f"there is no room {code}")
        # A long-played room has thousands of entries (85 to 260 ms after 100 quick games):
        # replayed on a thread, so every other room and table keeps moving meanwhile. The
        # room is nobody else's until it is put in ``rooms`` below.
        room = await asyncio.to_thread(_replayed, stored, self.settings.stand_in_bot)
        live = self.rooms[code] = LiveRoom(room)
        for seat in room.seats:  # nobody is connected yet: the away clock starts now
            if seat.kind == "human":
                self._start_away_clock(live, seat.index)
        self.schedule_bot(live)
        self._schedule_eviction(live)  # should no socket ever come (a look at its lobby)
        return live

    # ----------------------------------------------------------------- HTTP

    def check_join_rate(self, address: str) -> None:
        """Refuse a client address that opens or joins rooms faster than a person would."""
        self._joins.take(address)

    async def room_for(self, code: str, address: str | None) -> LiveRoom:
        """:meth:`live_room` for a client at ``address``, which may look up only so many
        codes that name no room: rooms are found by their code, so guessing codes must be
        slow. ``address`` None: a caller of this API, not a client; not limited."""
        if address is None:
            return await self.live_room(code)
        self._missing_rooms.check(address)
        try:
            return await self.live_room(code)
        except RoomError as error:
            if error.code == "not_found":
                with contextlib.suppress(RoomError):  # this one is said as not found
                    self._missing_rooms.take(address)
            raise

    async def create_room(self, name: str, players: int, rules: object) -> dict[str, Any]:
        await self.ready()
        display = clean_name(name)
        for _ in range(20):
            room = Room.new(new_code(), rules, players, utc_now(), self.settings.stand_in_bot)
            try:
                await self.store.create_room(room.code, room.rules.to_json(players), players,
                                             room.created_at)
            except DuplicateKey:
                continue
            break
        else:  # pragma: no cover - 29**6 codes make this practically impossible
            raise StoreError("could not find a free room code")
        live = self.rooms[room.code] = LiveRoom(room)
        self._schedule_eviction(live)  # should its creator never connect
        return await self._seat_person(room.code, display)

    async def join_room(self, code_text: str, name: str, previous_token: str | None = None,
                        address: str | None = None, *, seat: int | None = None) -> dict[str, Any]:
        """Seat ``name`` (in ``seat``, if chosen); ``previous_token`` is the one this browser
        held here before, if any.

        A client ``address`` may join only so many rooms a minute; a code that names no
        room counts against its lookups of such codes instead (:meth:`room_for`), so that
        on a tunnel many friends share one address, a mistyped code does not stop their joins.
        """
        display = clean_name(name)
        code = normalise_code(code_text)
        previous = None if previous_token is None else hash_token(previous_token)
        await self.room_for(code, address)
        if address is not None:
            self.check_join_rate(address)
        return await self._seat_person(code, display, previous, seat)

    async def _seat_person(self, code: str, name: str, previous_hash: str | None = None,
                           chosen: int | None = None) -> dict[str, Any]:
        token = new_token()
        async with self._locked_room(code) as live:
            entry = live.room.join_entry(name, hash_token(token), previous_hash, chosen)
            await self.commit(live, entry)
            seat = entry[1]["seat"]
            # Seated but not here until their page connects: should it never (the tab died
            # after Create), the host role still moves on to someone who is here.
            if not live.room.seats[seat].connected:
                self._start_away_clock(live, seat)
        return {"code": code, "seat": seat, "token": token, "invite": f"/rooms/{code}"}

    @contextlib.asynccontextmanager
    async def _locked_room(self, code: str) -> AsyncIterator[LiveRoom]:
        """The room with its lock held, for a change made without a socket in the room.

        Nothing keeps such a room in memory while it waits for the lock: if it was
        evicted meanwhile, the change goes to the room as reloaded, not the copy.
        """
        while True:
            live = await self.live_room(code)
            async with live.lock:
                if self._is_current(live):
                    yield live
                    return

    async def room_info(self, code_text: str, address: str | None = None) -> dict[str, Any]:
        live = await self.room_for(normalise_code(code_text), address)
        return live.room.lobby()

    async def my_rooms(self, seats: list[tuple[str, str]],
                       address: str | None = None) -> list[dict[str, Any]]:
        """Each (code, token) a browser holds: the room's lobby with the token's ``seat``
        (or why it has none), or only ``code`` and a ``status`` of ``missing`` (no such
        room: the browser forgets it), ``invalid`` (no seat token: the browser forgets it;
        with a ``message``) or ``unavailable`` (the database did not answer, or the
        address's lookups of missing codes ran out midway: the browser asks again later)."""
        if address is not None:  # refused whole once its lookups of missing codes ran out
            self._missing_rooms.check(address)
        return list(await asyncio.gather(*(self._held_seat(code, token, address)
                                           for code, token in seats)))

    async def _held_seat(self, code_text: str, token: str,
                         address: str | None) -> dict[str, Any]:
        if not is_token(token):  # not looked up: such a token holds no seat anywhere
            return {"code": code_text, "status": "invalid", "message": NOT_A_TOKEN}
        try:
            room = (await self.room_for(normalise_code(code_text), address)).room
        except InvalidInput:
            return {"code": code_text, "status": "missing"}
        except RoomError as error:
            if error.code == "rate_limited":  # this one was not looked up: it may be there
                return {"code": code_text, "status": "unavailable"}
            return {"code": code_text, "status": "missing"}
        except StoreError:
            return {"code": code_text, "status": "unavailable"}
        token_hash = hash_token(token)
        seat = room.seat_for_token_hash(token_hash)
        gone = None if seat is not None else room.revoked_reason(token_hash)
        return {**room.lobby(), "seat": seat, "gone": gone,
                "message": None if seat is not None else _refusal(gone)}

    # ------------------------------------------------------------ changes

    async def commit(self, live: LiveRoom, entry: Entry) -> None:
        """Store ``entry``, apply it, then tell everyone. Call with ``live.lock`` held."""
        kind, data = entry
        room = live.room
        try:
            await self.store.append(room.code, room.version + 1, kind, data, utc_now())
        except DuplicateKey:
            self._forget_stale(live)
            raise
        notice = room.apply(kind, data)
        if kind == "start":  # before its clock starts: the first to move may have been away
            self._fresh_slates(live)
        if kind in TURN_ENTRIES:
            if data.get("by") == "player":  # a move of their own: no run-outs in a row now
                # (their clock may have run out while it was being stored, counting one)
                room.seats[data["player"]].turns_run_out = 0
            self._start_turn_clock(live)
        if kind in ("seat", "bot", "unseat"):  # after a game, a seat's bot may change
            live.bots.pop(data["seat"], None)
            live.presence_known.discard(data["seat"])  # someone new, or nobody
        released: list[Connection] = []
        if kind == "leave":
            live.forget_reader(data["seat"])
            self._stop_presence_clocks(live, data["seat"])
            released = self._release(live, data["seat"], data["removed_by"] is not None)
        self.broadcast(live, notice, skip=released)
        self.store_stand_in_names(live)  # a deal names the stand-ins of people still away
        self.schedule_bot(live)

    def _fresh_slates(self, live: LiveRoom) -> None:
        """A new deal starts everyone afresh: idle turns of the last game (a run-out at its
        end, or being away for them, while another asked for the rematch) say nothing of this
        one, so a person with a page open is active, with no run-outs counted. People with no
        connection (left in the lobby, or gone) are on the away clock from now."""
        for seat in live.room.seats:
            seat.turns_run_out = 0
            if seat.connected:
                self._active_again(live, seat.index)
            elif seat.kind == "human":  # away for the last game's idle turns or not alike
                self._forget_idle_turns(live, seat.index)
                self._start_away_clock(live, seat.index)

    def broadcast(self, live: LiveRoom, notice: Told | None = None,
                  skip: list[Connection] | None = None) -> None:
        views: dict[int | None, View] = {}
        lobby = live.room.lobby()
        for connection in live.connections:
            if skip is None or connection not in skip:
                # Each page's notice line calls its reader "you" ("… you are the host now."),
                # a seat taken after the deal too: said now, it is to whoever sits there now.
                told = None if notice is None else notice.told_to(connection.seat)
                connection.send(self._update(live, connection, "update", lobby, views, told))

    def _release(self, live: LiveRoom, seat_index: int, removed: bool) -> list[Connection]:
        """The seat's sockets stay, as spectators: told why, then welcomed afresh."""
        reason: Vacated = "removed" if removed else "left"
        text = (_REMOVED_MESSAGE if removed
                else "You left the room: your seat is given up. You can still watch.")
        released = [c for c in live.connections if c.seat == seat_index]
        live.room.seats[seat_index].connections = 0
        for connection in released:
            self._unseat(connection, seat_index, reason)
            connection.game_number = connection.log_sent = 0  # a spectator's log, from the start
            connection.send({"type": "unseated", "reason": reason, "message": text})
            connection.send(self._welcome(live, connection))
        # Sockets of the seat still being let go of hold its old token, not the seat: counted
        # against its pages, they refused its next person (the same one, back at once).
        for connection in live.letting_go:
            if connection.seat == seat_index:
                self._unseat(connection, seat_index, reason)
        return released

    @staticmethod
    def _unseat(connection: Connection, seat_index: int, reason: Vacated) -> None:
        connection.seat, connection.released = None, reason
        connection.released_from = seat_index

    def _update(
        self,
        live: LiveRoom,
        connection: Connection,
        kind: str,
        lobby: dict[str, Any],
        views: dict[int | None, View],
        notice: str | None = None,
        you: dict[str, Any] | None = None,
    ) -> str:
        """The message for one connection, encoded: its seat's view and the log it lacks."""
        room = live.room
        message: dict[str, Any] = {"type": kind, "version": room.version, "room": lobby,
                                   "game": None, "notice": notice,
                                   "turn_clock": self._turn_clock(live)}
        if you is not None:
            message["you"] = you
        game = room.game
        if game is None:
            return encode(message)
        seat = room.viewer(connection.seat)
        view = views.get(seat)
        if view is None:
            view = views[seat] = game.view(seat)  # the one filter for hidden information
        seat_log = live.seat_log(connection.seat)
        log = seat_log.catch_up(view, room.notices, room.pending_events())
        if connection.game_number != room.game_number:
            connection.game_number, connection.log_sent = room.game_number, 0
        message["game"] = game_part(view, room.game_number, connection.log_sent,
                                    seat_log.ending(view), room.fishing, room.game_names,
                                    room.game_labels)
        text = encode(message, log[connection.log_sent:])
        connection.log_sent = len(log)
        return text

    def broadcast_presence(self, live: LiveRoom) -> None:
        message = {
            "type": "presence",
            "version": live.room.version,
            "seats": [seat.public() for seat in live.room.seats],
            "spectators": sum(1 for c in live.connections if c.seat is None),
            # Who is here decides whose clock runs: one that starts as its person comes
            # back, and one that stops counting as its person goes.
            "turn_clock": self._turn_clock(live),
        }
        for connection in live.connections:
            connection.send(message)

    # ----------------------------------------------------------------- bots

    def schedule_bot(self, live: LiveRoom) -> None:
        """If a bot (or a stand-in for an away player) is to ask, let it, after a pause."""
        if live.room.seat_played_by_bot() is None or not self._is_current(live):
            return
        if live.bot_task is not None and not live.bot_task.done():
            return
        live.bot_task = asyncio.get_running_loop().create_task(
            self._bot_ask(live, live.room.version)
        )

    async def _bot_ask(self, live: LiveRoom, version: int) -> None:
        await asyncio.sleep(self.settings.bot_delay)
        async with live.lock:
            live.bot_task = None
            room = live.room
            seat = room.seat_played_by_bot()
            if seat is None or room.game is None or not self._is_current(live):
                return
            if room.version != version:  # someone else moved meanwhile: look again
                self.schedule_bot(live)
                return
            try:
                entry = await self._bot_entry(live, seat)
                if entry is not None:
                    await self.commit(live, entry)
            except StoreError:
                # The database refused; try again after the usual pause rather than lose the turn.
                self.schedule_bot(live)

    def store_stand_in_names(self, live: LiveRoom) -> None:
        """Store the stand-in names the room gave live (people gone away), which only the
        stand-ins' moves or a leave stored: a restart before either named them afresh, in
        the order people came back to it, and a page could be told another bot's name."""
        if not live.room.unstored_stand_ins or not self._is_current(live):
            return
        if live.stand_in_task is None or live.stand_in_task.done():
            live.stand_in_task = asyncio.get_running_loop().create_task(
                self._commit_stand_in_names(live))

    async def _commit_stand_in_names(self, live: LiveRoom) -> None:
        async with live.lock:  # looked for afresh after each: more may go away meanwhile
            while self._is_current(live) and (entries := live.room.stand_in_entries()):
                try:
                    await self.commit(live, entries[0])
                except StoreError as error:  # stored with its first move, or the next try
                    _log.warning("room %s: a stand-in's name was not stored: %s",
                                 live.room.code, error)
                    return

    async def _bot_entry(self, live: LiveRoom, seat: int) -> Entry | None:
        """What the bot (or stand-in) playing ``seat`` does now; None if it is not its to do."""
        room = live.room
        by = ("bot" if room.seats[seat].kind == "bot"
              else "stand-in" if room.seats[seat].away else OUT_OF_TIME)
        if room.fishing == seat:  # a person told "Go fish!" who went away or left
            return room.fish_entry(seat, by)
        ask = await self._bot_choice(live, seat)
        if room.seat_played_by_bot() != seat:  # its person came back while it thought
            return None
        return room.ask_entry(seat, ask, by)

    @staticmethod
    def _stop_bots(live: LiveRoom) -> None:
        """For a room leaving memory: drop its bot's turn and stop a search under way, which
        would otherwise run on in its worker thread (cancelling the task only drops the
        answer). Its bots are never asked again: a reload makes new ones."""
        for task in (live.bot_task, live.host_task, live.stand_in_task):
            if task is not None:
                task.cancel()
        if live.turn_timer is not None:
            live.turn_timer.cancel()
        cancel_thinking(live.bots.values())

    async def _bot_choice(self, live: LiveRoom, seat: int) -> Ask:
        """What the bot playing ``seat`` asks: chosen from that seat's view alone."""
        room = live.room
        assert room.game is not None
        bot = live.bots.get(seat)
        if bot is None:
            bot = live.bots[seat] = self._seats_bot(live, seat)
            prepare_endgame([bot])
        # A strong bot may think for a while: on a thread, so other rooms keep playing.
        # The room's lock is held, so this game cannot change meanwhile.
        view = room.game.view(seat)
        try:
            ask = await asyncio.to_thread(bot.choose, view, view.legal_actions, live.rng)
        except Exception:  # a failing bot must not stop the game for every person in it
            _log.exception("bot %s failed to choose; a random ask is played", bot.name)
            return live.rng.choice(view.legal_actions)
        why = not_legal(room.game, ask, view.legal_actions)
        if why is not None:
            _log.error("bot %s chose an illegal ask for seat %s: %s; a random one is played",
                       bot.name, seat, why)
            ask = live.rng.choice(view.legal_actions)
        return ask

    def _seats_bot(self, live: LiveRoom, seat: int) -> Bot:
        """A fresh bot for ``seat``: its own, or the stand-in for a person's. A stored spec
        the room would no longer seat (an option this gofish does not take, a database
        edited by hand, longer to think than the cap) is played by the stand-in, and the
        game goes on: raised here, it stopped the game at that seat for good."""
        spec = live.room.seats[seat].bot
        if spec is not None and spec != self.settings.stand_in_bot:  # the operator's own
            try:
                return room_bot(spec)
            except RoomError as error:
                _log.error("room %s: seat %d's bot %r cannot play (%s): the stand-in %s "
                           "plays it", live.room.code, seat + 1, spec, error.message,
                           self.settings.stand_in_bot)
        return make_bot(self.settings.stand_in_bot)

    # ----------------------------------------------------------- turn clock

    def _start_turn_clock(self, live: LiveRoom) -> None:
        """A fresh turn clock for the person to move, if they are here; the old one stops."""
        if live.turn_timer is not None:
            live.turn_timer.cancel()
            live.turn_timer = None
        seat = self._person_to_move(live)
        if seat is not None and self.settings.turn_seconds > 0:
            live.turn_timer = asyncio.get_running_loop().call_later(
                self.settings.turn_seconds, self._turn_ran_out, live, seat)

    @staticmethod
    def _person_to_move(live: LiveRoom) -> int | None:
        """The seat to move if a person is to move it and is here (away seats have the
        stand-in; one gone but not yet away gets a fresh clock when they are back)."""
        room = live.room
        seat = room.seat_to_move()
        if seat is None or room.out_of_time == seat:
            return None
        return seat if room.seats[seat].active else None

    def _turn_ran_out(self, live: LiveRoom, seat: int) -> None:
        live.turn_timer = None
        if not self._is_current(live) or self._person_to_move(live) != seat:
            return
        person = live.room.seats[seat]
        person.turns_run_out += 1
        if person.turns_run_out >= IDLE_TURNS_AWAY:  # away, though connected, until back
            live.room.mark_away(seat)
            self.store_stand_in_names(live)
            self._start_idle_clock(live, seat)
            self.broadcast_presence(live)
        else:
            live.room.out_of_time = seat
        self.schedule_bot(live)

    def _turn_clock(self, live: LiveRoom) -> dict[str, Any] | None:
        """Whose turn clock runs and how many seconds it has left, for the pages."""
        timer = live.turn_timer
        seat = self._person_to_move(live)
        if timer is None or seat is None:
            return None
        left = timer.when() - asyncio.get_running_loop().time()
        return {"seat": seat, "seconds": round(max(0.0, left), 1)}

    # ------------------------------------------------------------- presence

    def _start_away_clock(self, live: LiveRoom, seat_index: int) -> None:
        """Seat ``seat_index`` has no connection from now. A person already away for their
        idle turns (the tab open) has been gone since then: closing the tab starts no
        second grace, so a host's role passes on when the first one ends."""
        seat = live.room.seats[seat_index]
        now = time.monotonic()
        idle_since = seat.idle_since if seat.away else None
        stamp = seat.gone_since = now if idle_since is None else idle_since
        replaced = live.away_timers.get(seat_index)
        if replaced is not None:
            replaced.cancel()
        live.away_timers[seat_index] = asyncio.get_running_loop().call_later(
            max(0.0, self.settings.away_seconds - (now - stamp)),
            self._mark_away, live, seat_index, stamp)

    def _start_idle_clock(self, live: LiveRoom, seat_index: int) -> None:
        """Seat ``seat_index``'s person is away for their idle turns from now: a host away
        so for the grace hands the role on, as one gone with the tab closed does (else
        nobody could seat a bot or remove a player between games)."""
        stamp = live.room.seats[seat_index].idle_since = time.monotonic()
        replaced = live.idle_timers.get(seat_index)
        if replaced is not None:
            replaced.cancel()
        live.idle_timers[seat_index] = asyncio.get_running_loop().call_later(
            self.settings.away_seconds, self._idle_host_check, live, seat_index, stamp)

    @classmethod
    def _active_again(cls, live: LiveRoom, seat_index: int) -> None:
        """Seat ``seat_index``'s person is here and not away: an idle grace no longer runs."""
        live.room.seats[seat_index].away = False
        cls._forget_idle_turns(live, seat_index)

    @staticmethod
    def _forget_idle_turns(live: LiveRoom, seat_index: int) -> None:
        """Seat ``seat_index``'s idle turns no longer count: their grace stops."""
        live.room.seats[seat_index].idle_since = None
        timer = live.idle_timers.pop(seat_index, None)
        if timer is not None:
            timer.cancel()

    @classmethod
    def _stop_presence_clocks(cls, live: LiveRoom, seat_index: int) -> None:
        """Seat ``seat_index``'s person has left it: their away and idle graces stop, none
        of theirs left running for whoever sits there next."""
        cls._forget_idle_turns(live, seat_index)
        timer = live.away_timers.pop(seat_index, None)
        if timer is not None:
            timer.cancel()

    def _idle_host_check(self, live: LiveRoom, seat_index: int, stamp: float) -> None:
        live.idle_timers.pop(seat_index, None)
        # A guard as well as the cancel: the host may have changed, or gone idle again.
        if live.room.host == seat_index and self._host_gone_since(live) == stamp:
            self._pass_host_on(live, stamp)

    @staticmethod
    def _host_gone_since(live: LiveRoom) -> float | None:
        """Since when the host has not been here: their seat's last connection, or, with a
        page still open, their turns' running out twice; None while they are here."""
        room = live.room
        if room.host is None:
            return None
        seat = room.seats[room.host]
        if not seat.connected:
            return seat.gone_since
        return seat.idle_since if seat.away else None

    def _mark_away(self, live: LiveRoom, seat_index: int, stamp: float) -> None:
        seat = live.room.seats[seat_index]
        if seat.connected or seat.gone_since != stamp:
            return
        if live.room.host == seat_index:
            self._pass_host_on(live, stamp)
        if live.room.status == "lobby":  # no cards to play for them yet
            return
        live.room.mark_away(seat_index)
        self.store_stand_in_names(live)
        self.broadcast_presence(live)
        self.schedule_bot(live)

    def _arrive(self, live: LiveRoom, connection: Connection, still_away: bool = False) -> None:
        """A socket said hello; ``still_away``: its page reconnected by itself, its person
        away for their idle turns as it last knew (see :meth:`_seat_arrives`)."""
        live.connections.append(connection)
        if connection.seat is not None:
            self._seat_arrives(live, connection.seat, still_away)
        connection.send(self._welcome(live, connection))
        self.broadcast_presence(live)
        self._pass_on_a_gone_hosts_role(live)

    def _seat_arrives(self, live: LiveRoom, index: int, still_away: bool) -> None:
        """A page of seat ``index``'s connects. A page opened (or reloaded) is its person
        back. One reconnecting by itself (a network blip, a server restart) while they were
        away for their idle turns is no sign of them: they stay away, as the restarted
        server, which stores no presence, is told, unless another page of theirs is active."""
        room = live.room
        seat = room.seats[index]
        waited = room.waits_for_someone_back()
        if self._stays_away(live, index, still_away):
            # A restarted server: away from now, as far as it knows; or away with no idle
            # grace running (a rematch forgot the last game's): one runs from now.
            if not seat.away or seat.idle_since is None:
                self._start_idle_clock(live, index)
            room.mark_away(index)
            self.store_stand_in_names(live)
            seat.turns_run_out = max(seat.turns_run_out, IDLE_TURNS_AWAY)
        else:
            self._active_again(live, index)
            seat.turns_run_out = 0
            if waited and room.out_of_time == index:
                # Their clock ran out, then they went before the stand-in moved and the game
                # waited: back, the turn is theirs to play, with a fresh clock.
                room.out_of_time = None
        seat.connections += 1
        seat.gone_since = None
        live.presence_known.add(index)
        self._tell_if_going_on(live, index, waited)
        if live.turn_timer is None:  # back on their turn (or after a restart): it starts now
            self._start_turn_clock(live)

    @staticmethod
    def _stays_away(live: LiveRoom, index: int, says_away: bool) -> bool:
        """Whether a page of seat ``index``'s whose hello ``says_away`` leaves its person
        away. The page says what it last heard, which may be older than what this server
        saw: their button, a move of theirs or a new deal made them active just before the
        connection dropped. So it counts only while they are away here, or if this server
        has not seen them since it loaded the room (a restart stores no presence); and never
        before a deal, when no turn of theirs can have run out."""
        room = live.room
        if not says_away or room.game is None:
            return False
        return room.seats[index].away or index not in live.presence_known

    @staticmethod
    def _tell_if_going_on(live: LiveRoom, index: int, waited: bool) -> None:
        """Seat ``index``'s person back sets the stand-in playing a game that ``waited``:
        the log says so, as it says everything else that moves the game."""
        if waited and live.room.seat_played_by_bot() is not None:
            live.room.note_back(index)

    def _pass_on_a_gone_hosts_role(self, live: LiveRoom) -> None:
        """A person is here again: a host gone for the grace while nobody else was here to
        take the role (connected, not away) hands it on now."""
        gone = self._host_gone_since(live)
        if gone is not None and time.monotonic() - gone >= self.settings.away_seconds:
            self._pass_host_on(live, gone)

    def _back(self, live: LiveRoom, seat_index: int) -> None:
        """A person here said they are: their run-out turns count afresh, and if the stand-in
        played for them (or the game waited for them), they play their next move themselves
        (one it is still choosing is dropped, as when they come back after going). Active
        again, they let the stand-in play on for others still away. A host away for the
        grace (gone, or idle with the tab open) while nobody else was here hands the role
        to them now; a host who had it passed on is back as a guest."""
        seat = live.room.seats[seat_index]
        seat.turns_run_out = 0
        if not seat.away:
            return
        waited = live.room.waits_for_someone_back()
        self._active_again(live, seat_index)
        self._tell_if_going_on(live, seat_index, waited)
        if live.turn_timer is None:  # back on their turn: their clock starts now
            self._start_turn_clock(live)
        # Presence carries the seat and the clock; a whole update would also clear a
        # refusal still shown on another page, which this changes nothing of.
        self.broadcast_presence(live)
        self._pass_on_a_gone_hosts_role(live)
        # A game that waited on another person away with nobody active here goes on.
        self.schedule_bot(live)

    def _pass_host_on(self, live: LiveRoom, stamp: float) -> None:
        """Give the host role to someone here, the host's seat having had no connection
        since ``stamp`` for ``away_seconds``."""
        live.host_gone_since = stamp
        if live.host_task is None or live.host_task.done():
            live.host_task = asyncio.get_running_loop().create_task(
                self._commit_host_away(live))

    async def _commit_host_away(self, live: LiveRoom) -> None:
        async with live.lock:
            room = live.room
            if self._host_gone_since(live) != live.host_gone_since:
                return  # back meanwhile, or gone again later: its own clock will tell
            entry = room.host_away_entry()
            if entry is None or not self._is_current(live):
                return
            try:
                await self.commit(live, entry)
            except StoreError as error:  # the next arrival tries again
                _log.warning("room %s: the host role was not passed on: %s", room.code, error)

    def _leave(self, live: LiveRoom, connection: Connection) -> None:
        connection.stop()
        if connection in live.connections:
            live.connections.remove(connection)
        if connection.seat is not None:
            seat = live.room.seats[connection.seat]
            seat.connections -= 1
            if not seat.connected:
                self._start_away_clock(live, connection.seat)
        self.broadcast_presence(live)
        if not live.connections:
            self._schedule_eviction(live)

    def _is_current(self, live: LiveRoom) -> bool:
        """False for a room evicted from memory: it must not act (a fresh copy may load)."""
        return self.rooms.get(live.room.code) is live

    def _schedule_eviction(self, live: LiveRoom) -> None:
        stamp = live.idle_since = time.monotonic()
        if live.evict_timer is not None:
            live.evict_timer.cancel()
        live.evict_timer = asyncio.get_running_loop().call_later(
            self.settings.idle_seconds, self._evict, live, stamp)

    def _evict(self, live: LiveRoom, stamp: float) -> None:
        """Forget an idle room; its entries stay stored and it reloads on the next visit.

        ``stamp``: the quiet spell the timer was set for; a socket came and went since,
        and a later timer is counting from then.
        """
        if live.connections or stamp != live.idle_since or not self._is_current(live):
            return
        # Stand-ins still playing it out, or a change (a join's) being stored: a copy
        # loaded now would lack that change. Sockets still being let go of: a copy would
        # not count them against their address.
        if (live.room.seat_played_by_bot() is not None or live.lock.locked()
                or live.letting_go):
            self._schedule_eviction(live)
            return
        self._stop_bots(live)
        del self.rooms[live.room.code]

    def _forget_stale(self, live: LiveRoom) -> None:
        """The database holds entries this copy of the room lacks (another server process
        wrote them, or a write reported failed was stored): drop the copy, so the next
        visit reloads the room as stored, and close its sockets, whose pages reconnect."""
        _log.error("room %s is behind its database (version %d): reloading it",
                   live.room.code, live.room.version)
        if self._is_current(live):
            del self.rooms[live.room.code]
        self._stop_bots(live)
        loop = asyncio.get_running_loop()
        for connection in live.connections:  # after the refusal of the move that found it out
            loop.call_soon(connection.stop, CLOSE_TRY_AGAIN)

    def _welcome(self, live: LiveRoom, connection: Connection) -> str:
        seat = connection.seat
        you = {
            "seat": seat,
            "role": "spectator" if seat is None else "player",
            "host": seat is not None and seat == live.room.host,
            "name": None if seat is None else live.room.seats[seat].name,
        }
        return self._update(live, connection, "welcome", live.room.lobby(), {}, you=you)

    # ------------------------------------------------------------ websocket

    async def serve_socket(self, websocket: WebSocket, code_text: str) -> None:
        await websocket.accept()
        connection: Connection | None = None
        try:
            live, seat, still_away = await self._handshake(websocket, code_text)
            if live is None:
                return
            connection = Connection(websocket, seat, self.settings)
            writer = asyncio.get_running_loop().create_task(connection.write_loop())
            self._arrive(live, connection, still_away)
            self.schedule_bot(live)
            try:
                await self._read_loop(live, connection)
            finally:
                self._leave(live, connection)
                await self._let_go(live, connection, writer)
        except Exception:  # one broken socket must not take the room down
            _log.exception("room socket failed")
            if connection is not None:
                connection.stop()

    async def _let_go(self, live: LiveRoom, connection: Connection,
                      writer: asyncio.Task[None]) -> None:
        """Give the client ``drop_seconds`` to take what was queued for it and the close.
        One that reads nothing would hold the writer, this task and its TCP connection for
        as long as it keeps the connection open: it is cut off then; where the web server
        gives no way to, its socket counts against its address until it closes."""
        if not connection.hung_up:  # from the moment it left the room: no gap to slip in
            live.letting_go.append(connection)
        try:
            await asyncio.wait([writer], timeout=self.settings.drop_seconds)
            sent = writer.done()
            if not connection.hung_up:
                cut_off = cut_off_if_stuck(connection.websocket, sent)
                if cut_off is None and not sent:
                    await _until_hung_up(connection.websocket)
        finally:
            writer.cancel()
            if connection in live.letting_go:
                live.letting_go.remove(connection)

    async def _handshake(
        self, websocket: WebSocket, code_text: str
    ) -> tuple[LiveRoom | None, int | None, bool]:
        """Read ``hello``; return the room, the seat and whether the hello says its person is
        still away, or refuse and close (None)."""

        async def refuse(code: str, message: str, close_code: int,
                         **extra: str | None) -> tuple[None, None, bool]:
            # A client that sent its hello and hung up at once is told nothing: no traceback.
            with contextlib.suppress(WebSocketDisconnect):
                await websocket.send_text(
                    json.dumps({**error_message(code, message, None), **extra}))
                await websocket.close(close_code)
            return None, None, False

        async def welcome(seat: int | None, away: bool) -> tuple[LiveRoom | None, int | None, bool]:
            # Only a socket let in costs one of its address's hellos: it alone tells the room
            # it came and went. Pages past the watchers' limit, refused as full, try again
            # every few seconds for ever: charged, a class behind one address used up its
            # hellos, and its players, back from a blip, were refused as well.
            try:
                self._hellos.take(client_address(websocket))
            except RoomError as error:
                return await refuse(error.code, error.message, CLOSE_TRY_AGAIN)
            return live, seat, away

        address = client_address(websocket)
        if self._silent[address] >= self.settings.silent_per_address:
            return await refuse("rate_limited", "too many connections from this address have "
                                "not said hello yet: wait a moment", CLOSE_TRY_AGAIN)
        self._silent[address] += 1
        try:
            frame = await asyncio.wait_for(websocket.receive(), self.settings.hello_timeout)
        except TimeoutError:
            return await refuse("timeout", "say hello first", CLOSE_POLICY)
        finally:
            self._silent[address] -= 1
            if not self._silent[address]:
                del self._silent[address]  # not one entry per address ever seen
        text = frame.get("text")
        if frame["type"] != "websocket.receive":
            return None, None, False  # gone before saying anything
        if text is None:
            return await refuse("invalid", "say hello in a JSON text frame, not a binary one",
                                CLOSE_BAD_HELLO)
        if len(text) > self.settings.max_message_bytes:
            return await refuse("too_large", "the hello is too long", CLOSE_BAD_HELLO)
        try:
            code = normalise_code(code_text)
        except InvalidInput as error:  # no room: 4400 says the room is there, the hello is not
            return await refuse("not_found", f"there is no room here: {error}", CLOSE_NOT_FOUND)
        try:
            hello = parse_hello(text)
            # Checked here, taken only when the socket is let in (welcome).
            self._hellos.check(address)
            live = await self.room_for(code, address)
        except ProtocolError as error:
            return await refuse("invalid", str(error), CLOSE_BAD_HELLO)
        except RoomError as error:
            close = CLOSE_TRY_AGAIN if error.code == "rate_limited" else CLOSE_NOT_FOUND
            return await refuse(error.code, error.message, close)
        except StoreError as error:
            return await refuse("storage", reported(error, _log), CLOSE_UNAVAILABLE)
        if hello.token is None:
            if self._watching_from(live, websocket) >= self.settings.watchers_per_address:
                return await refuse("full", "this address watches the room from "
                                    f"{self.settings.watchers_per_address} pages already: "
                                    "close some of them first", CLOSE_TRY_AGAIN)
            return await welcome(None, False)
        token_hash = hash_token(hello.token)
        seat = live.room.seat_for_token_hash(token_hash)
        if seat is None:  # ``reason``: the page can say so again after a reload
            reason = live.room.revoked_reason(token_hash)
            return await refuse("forbidden", _refusal(reason), CLOSE_FORBIDDEN, reason=reason)
        if self._pages_of(live, seat) >= self.settings.pages_per_seat:
            return await refuse("full", f"your seat is open in {self.settings.pages_per_seat} "
                                "pages already: close some of them first", CLOSE_TRY_AGAIN)
        return await welcome(seat, hello.away)

    @staticmethod
    def _watching_from(live: LiveRoom, websocket: WebSocket) -> int:
        """How many of the room's spectators are at this socket's client address, those
        being let go of included."""
        address = client_address(websocket)
        return sum(1 for connection in (*live.connections, *live.letting_go)
                   if connection.seat is None and client_address(connection.websocket) == address)

    @staticmethod
    def _pages_of(live: LiveRoom, seat: int) -> int:
        """How many sockets hold ``seat``, those being let go of included."""
        return live.room.seats[seat].connections + sum(
            1 for connection in live.letting_go if connection.seat == seat)

    async def _read_loop(self, live: LiveRoom, connection: Connection) -> None:
        while not connection.closed:
            frame = await self._next_frame(connection)
            if frame is None:
                return
            if frame["type"] == "websocket.disconnect":
                connection.hung_up = True
                return
            problem = self._frame_problem(frame, connection)
            if problem is None:
                problem = await self._handle(live, connection, frame["text"])
            if problem is not None:
                code, message, option = problem
                connection.send(error_message(code, message, live.room.version, option))
            if connection.violations > self.settings.max_violations:
                connection.stop()

    @staticmethod
    async def _next_frame(connection: Connection) -> Any:
        """The socket's next frame, or None once the server stops the connection. A client
        dropped as too far behind may neither read nor send again while its socket stays
        open: waiting on the socket alone kept it in the room for good, its seat counted as
        here (never away, its host role never passed on) and the room never let go of."""
        receiving = asyncio.ensure_future(connection.websocket.receive())
        stopping = asyncio.ensure_future(connection.stopped.wait())
        try:
            await asyncio.wait((receiving, stopping), return_when=asyncio.FIRST_COMPLETED)
        finally:
            stopping.cancel()
            received = receiving.done()
            if not received:
                receiving.cancel()
        return receiving.result() if received else None

    def _frame_problem(self, frame: Any, connection: Connection) -> Refusal | None:
        """Rate, type and size checks that come before reading a frame at all."""
        text = frame.get("text")
        problem: Refusal | None = None
        if not connection.bucket.allow():
            problem = ("rate_limited", "too many messages: slow down", None)
        elif text is None:
            problem = ("invalid", "send JSON text frames, not binary", None)
        elif len(text) > self.settings.max_message_bytes or (
            len(text.encode("utf-8")) > self.settings.max_message_bytes
        ):
            problem = ("too_large",
                       f"a message may be at most {self.settings.max_message_bytes} bytes", None)
        if problem is not None:
            connection.violations += 1
        return problem

    async def _handle(
        self, live: LiveRoom, connection: Connection, text: str
    ) -> Refusal | None:
        """None if done, else the refusal."""
        try:
            command = parse_command(text)
        except ProtocolError as error:
            connection.violations += 1
            return "invalid", _said_hello_again(text) or str(error), None
        if isinstance(command, Ping):  # from the page itself, so no sign of life: not back
            connection.send(PONG)
            return None
        if connection.seat is not None and not isinstance(command, Leave):
            # Any command of theirs is a sign of life: a move tried (or refused), and a
            # rematch asked for, whose deal is then theirs to play, not their stand-in's.
            # Not a leave: back just as the seat is given up, the log would say the game
            # goes on for their return, and with nobody else active it would not.
            self._back(live, connection.seat)
        if isinstance(command, Back):
            return None if connection.seat is not None else (
                "forbidden", _nobody_to_be_back(connection), None)
        try:
            if isinstance(command, Leave) and connection.released is not None:
                # Whatever version it names (a double click sends two): the seat is gone.
                raise RoomError("forbidden", _refusal(connection.released))
            async with live.lock:
                live.room.check_version(command.version)
                await self.commit(live, self._entry_for(live.room, connection.seat, command))
        except RoomError as error:  # with a refused bot's option at fault, if any
            return error.code, error.message, error.option
        except GoFishError as error:
            return "invalid", str(error), None
        except StoreError as error:
            return "storage", f"not saved, so not played: {reported(error, _log)}", None
        return None

    @staticmethod
    def _entry_for(room: Room, seat: int | None, command: Command) -> Entry:
        if isinstance(command, Leave):
            return room.leave_entry(seat)
        if isinstance(command, RemovePlayer):
            return room.remove_entry(seat, command.seat)
        if isinstance(command, AskMessage):
            ask = Ask.of(command.target, command.rank, command.suit)
            return room.ask_entry(seat, ask, "player")
        if isinstance(command, Fish):
            return room.fish_entry(seat, "player")
        if isinstance(command, AddBot):
            return room.add_bot_entry(seat, command.seat, command.bot)
        if isinstance(command, RemoveBot):
            return room.remove_bot_entry(seat, command.seat)
        return room.start_entry(seat)
