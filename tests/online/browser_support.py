"""What the rooms' browser tests share (Debian chromium via playwright): ``gofish rooms`` as a
server subprocess that a test may kill and start again, house rules for short games, and
the steps a person takes on the pages. The fixtures that use them are in conftest.py."""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from websockets.sync.client import connect as connect_socket

GAME_DEADLINE = 150.0

# House rules for a game played to its end that is short yet not over at once: thirteen
# cards each, no refill, and the first empty hand or pond (13 cards at three players) ends
# it (R18, R19). A log line an event: some 95 lines to classic's 215, and never under 36 in
# 3,000 simulated deals of random asks against Emma. Four players take ten cards each (a
# pond of 12): some 85 lines, never under 53.
SHORT_GAME = {"refill": "none", "end": "first-empty", "hand-size": "13"}
SHORT_GAME_OF_FOUR = {**SHORT_GAME, "hand-size": "10"}

# House rules any host can pick that end a game within a few asks: thirteen cards each,
# pairs, and the first empty hand or pond ends it (R18, R19). The dealt pairs go down at
# once (R4), leaving a few odd cards each: in 10,000 random games of three some 16 asks,
# never over 28 (one card each: 24, and up to 68, as hands grew from a pond of 49).
QUICK_GAME = {"refill": "none", "end": "first-empty", "hand-size": "13", "book": "2"}

UNREADABLE = "The seat saved in this browser for this room could not be read"


class RoomsServer:
    """``gofish rooms`` as a child process, which a test may kill and start again."""

    def __init__(self, folder: Path, away_seconds: float = 60,
                 allow_hosts: tuple[str, ...] = (), turn_seconds: float = 90) -> None:
        self.folder = folder
        self.away_seconds = away_seconds
        self.turn_seconds = turn_seconds
        self.allow_hosts = allow_hosts  # names other than this machine's it answers to
        self.port: int | None = None  # chosen by the server at its first start
        self.url = ""
        self.process: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        # The first start lets the server pick a free port itself (--port 0) and reads the
        # address it announces: a port found free here and bound later by the server could
        # be taken meanwhile by another program on the machine (the server then failed to
        # start, or the test talked to someone else's). A restart takes the same port again,
        # so the pages can reconnect.
        env = {**os.environ, "GOFISH_DB": str(self.folder / "games.sqlite3")}
        command = [sys.executable, "-m", "gofish", "rooms", "--port", str(self.port or 0),
                   "--database", str(self.folder / "rooms.sqlite3"),
                   "--away-seconds", str(self.away_seconds), "--bot-delay", "0.02",
                   "--turn-seconds", str(self.turn_seconds)]
        for name in self.allow_hosts:
            command += ["--allow-host", name]
        announced = self.folder / "server.out"
        with open(announced, "wb") as stdout:
            self.process = subprocess.Popen(command, env=env, stdout=stdout,
                                            stderr=open(self.folder / "server.log", "ab"))  # noqa: SIM115
        deadline = time.monotonic() + 20
        while self.port is None:
            found = re.search(rb"gofish rooms at http://127\.0\.0\.1:(\d+)/rooms",
                              announced.read_bytes())
            if found:
                self.port = int(found[1])
                self.url = f"http://127.0.0.1:{self.port}"
            elif time.monotonic() > deadline or self.process.poll() is not None:
                raise RuntimeError("the rooms server did not start")
            else:
                time.sleep(0.05)
        while True:
            try:
                with urllib.request.urlopen(f"{self.url}/rooms/bots", timeout=1):
                    return
            except OSError:
                if time.monotonic() > deadline or self.process.poll() is not None:
                    raise RuntimeError("the rooms server did not start") from None
                time.sleep(0.1)

    def kill(self) -> None:
        """No clean shutdown: what was stored must be enough."""
        assert self.process is not None
        self.process.send_signal(signal.SIGKILL)
        self.process.wait(timeout=10)

    def running(self) -> bool:
        return self.process is not None and self.process.poll() is None

    def stop(self) -> None:
        """A clean shutdown, unless it is not running (a test killed it)."""
        if self.running():
            assert self.process is not None
            self.process.terminate()
            self.process.wait(timeout=10)


@contextlib.contextmanager
def started(rooms: RoomsServer) -> Iterator[RoomsServer]:
    """``rooms`` started; stopped after (a failing test too), unless a test has."""
    rooms.start()
    try:
        yield rooms
    finally:
        rooms.stop()


def running(rooms: RoomsServer) -> Iterator[RoomsServer]:
    """``rooms`` started, for a fixture to yield from; stopped after, unless a test has."""
    with started(rooms):
        yield rooms


def open_room(page: Any, url: str, name: str, players: int, preset: str = "classic",
              house: dict[str, str] | None = None) -> str:
    """Open a room; ``house`` picks house rules by their menu (``{"ask": "card"}``)."""
    page.goto(f"{url}/rooms")
    page.fill("#create-name", name)
    page.select_option("#create-players", str(players))
    page.select_option("#create-preset", preset)
    for menu, value in (house or {}).items():
        page.select_option(f"#create-{menu}", value)
    page.click("#create-button")
    page.wait_for_url("**/rooms/*")
    page.wait_for_selector("#seats li")
    return str(page.inner_text("#room-code")).strip()


def join(page: Any, url: str, code: str, name: str) -> None:
    page.goto(f"{url}/rooms/{code}")
    page.fill("#join-name", name)
    page.click("#join-button")
    page.wait_for_selector("#connection:has-text('Connected')")


def ann_and_bob(server: RoomsServer, new_page: Any, host: str = "Ann",
                house: dict[str, str] | None = None, players: int = 3) -> tuple[Any, Any, str]:
    """Two browsers in a room of ``players`` seats: the host (seat 1) has seen Bob sit in
    seat 2."""
    ann, bob = new_page(), new_page()
    code = open_room(ann, server.url, host, players, house=house)
    join(bob, server.url, code, "Bob")
    ann.wait_for_selector('#seats li[data-seat="1"]:has-text("Bob")')
    return ann, bob, code


def ann_bob_and_cy(server: RoomsServer, new_page: Any) -> tuple[Any, Any, Any]:
    """Three browsers filling a room of three: Ann, the host, has seen Cy sit in seat 3."""
    ann, bob, code = ann_and_bob(server, new_page)
    cy = new_page()
    join(cy, server.url, code, "Cy")
    ann.wait_for_selector('#seats li[data-seat="2"]:has-text("Cy")')
    return ann, bob, cy


def fill_with_bot_and_start(host: Any, seat: int) -> None:
    host.click(f'#seats li[data-seat="{seat}"] .add-bot')
    host.wait_for_selector(f'#seats li[data-seat="{seat}"] .remove-bot')
    host.click("#start")


def game_over(page: Any) -> bool:
    return bool(str(page.inner_text("#turn")).startswith("Game over"))


def take_turns(pages: list[Any], until: Any = None, deadline: float = GAME_DEADLINE) -> None:
    """Each page asks (first rank button) whenever it is its turn, until the game ends."""
    end = time.monotonic() + deadline
    chooser = random.Random(len(pages))
    while not all(game_over(page) for page in pages):
        assert time.monotonic() < end, f"the game did not finish in time: {describe(pages)}"
        if until is not None and until():
            return
        for page in pages:
            click_an_ask(page, chooser)
        time.sleep(0.01)


def click_an_ask(page: Any, chooser: random.Random) -> None:
    """Click a random ask on ``page`` if it shows any, and wait until the server answered.

    A random ask: always the same one can pass cards round for ever. A button re-rendered
    under the click is simply tried again next round. Waiting for the answer (a new log
    line, or a refusal in the status line) means no ask is still on its way when a test
    looks at the table: it used to land after, moving the cards a test had just counted.
    """
    buttons = page.locator(".ask-rank")
    count = buttons.count()
    if not count:
        return
    before = asks_made(page)
    try:
        buttons.nth(chooser.randrange(count)).click(timeout=500)
    except Exception:
        return
    end = time.monotonic() + 20
    while asks_made(page) == before and not page.inner_text("#status"):
        assert time.monotonic() < end, f"an ask was never answered: {describe([page])}"
        time.sleep(0.01)


def ask_until_fishing(page: Any, chooser: random.Random) -> Any:
    """Ask at random on ``page`` (nordic) until a miss sends its player to the sea; the
    sea's cards to pick from."""
    sea = page.locator("#sea button")
    end = time.monotonic() + 60
    while not sea.count():
        assert time.monotonic() < end and not game_over(page), describe([page])
        click_an_ask(page, chooser)
        time.sleep(0.02)
    return sea


def describe(pages: list[Any]) -> list[str]:
    return [" | ".join(str(page.inner_text(part)) for part in ("#connection", "#turn", "#status",
                                                               "#ask"))
            for page in pages]


def asks_made(page: Any) -> int:
    return int(page.locator("#log li").count())


def confirm(page: Any, control: str) -> None:
    """Click a control that asks "are you sure?" in place, then its yes."""
    page.click(control)
    page.click(".confirm .confirm-yes")


def held_connection(page: Any) -> dict[str, Any]:
    """Route ``page``'s room sockets through playwright and reload it onto the route. While
    ``held["on"]``, nothing passes either way on its first socket and neither end is told
    (a dead connection the browser still calls open); ``held["drop"]()`` then closes that
    socket on the page's side, as a network that went away, and the page connects again.
    Later sockets pass everything."""
    held: dict[str, Any] = {"on": False, "sockets": 0}

    def through(ws: Any) -> None:
        first = held["sockets"] == 0
        held["sockets"] += 1
        server = ws.connect_to_server()
        ws.on_message(lambda message: None if first and held["on"] else server.send(message))
        server.on_message(lambda message: None if first and held["on"] else ws.send(message))
        if first:
            held["drop"] = lambda: ws.close(code=4000)

    page.route_web_socket("**/ws/room/*", through)
    page.reload()
    page.wait_for_selector("#connection:has-text('Connected as')")
    return held


def route_room_frames(page: Any, rewrite: Callable[[dict[str, Any], Any], Any]) -> None:
    """Pass every frame ``page`` sends on its room socket through ``rewrite(frame, server)``,
    which returns the frame to send on (changed or not) or None to keep it back; then
    reload the page onto the route."""

    def through(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            frame = rewrite(json.loads(message), to_server)
            if frame is not None:
                to_server.send(json.dumps(frame))

        ws.on_message(from_page)

    page.route_web_socket("**/ws/room/*", through)
    page.reload()
    page.wait_for_selector("#connection:has-text('Connected as')")


def made_stale(page: Any, kind: str, times: int) -> list[int]:
    """Make ``page``'s first ``times`` frames of ``kind`` reach the server one version
    behind, as if a bot had asked while each was on its way. Returns how many are still
    to be made stale."""
    left = [times]

    def one_version_behind(frame: dict[str, Any], _server: Any) -> dict[str, Any]:
        if frame.get("type") == kind and left[0]:
            left[0] -= 1
            frame["version"] -= 1
        return frame

    route_room_frames(page, one_version_behind)
    return left


def scroll_width(page: Any) -> int:
    return int(page.evaluate("document.documentElement.scrollWidth"))


def focused(page: Any) -> str:
    """The focused element, as ``tag#id.class``: the body when focus was lost."""
    return str(page.evaluate("""() => { const a = document.activeElement;
        return a.tagName.toLowerCase() + (a.id ? '#' + a.id : '')
            + (a.className ? '.' + a.className : ''); }"""))


def post(url: str, body: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(url, json.dumps(body).encode(),
                                     {"Content-Type": "application/json"})
    with urllib.request.urlopen(request) as answer:
        return json.load(answer)  # type: ignore[no-any-return]


def a_finished_game(url: str, name: str = "Ann") -> str:
    """A two-seat room, ``name`` against Emma, played to the end over the socket; its code."""
    made = post(f"{url}/rooms", {"name": name, "players": 2, "rules": {
        "preset": "classic", "hand_size": 13, "book_size": 2, "refill": "none",
        "end": "first-empty"}})  # QUICK_GAME's rules (R18, R19): a short game
    chooser = random.Random(3)
    socket_url = url.replace("http", "ws", 1) + f"/ws/room/{made['code']}"
    with connect_socket(socket_url) as socket:
        socket.send(json.dumps({"type": "hello", "token": made["token"]}))
        commands: Iterator[dict[str, Any]] = iter([{"type": "add_bot", "seat": 1, "bot": "emma"},
                                                   {"type": "start"}])
        sent = ""
        while True:
            message = json.loads(socket.recv(timeout=10))
            if message["type"] == "error" and message["code"] == "rate_limited":
                time.sleep(0.25)  # 8 frames a second: a quick game goes faster
                socket.send(sent)
            if message["type"] not in ("welcome", "update"):
                continue
            game, version = message["game"], message["version"]
            if game is None:
                sent = json.dumps({**next(commands), "version": version})
            elif game["current_player"] is None:
                return str(made["code"])
            elif game["current_player"] == 0:
                ask = chooser.choice(game["legal_actions"])
                sent = json.dumps({"type": "ask", "version": version, **ask})
            else:
                continue
            socket.send(sent)


def stored(page: Any, key: str) -> Any:
    return page.evaluate("(key) => localStorage.getItem(key)", key)
