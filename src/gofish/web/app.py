"""The web app: the page, its static files, a small JSON API and the live table websocket.

``create_app(database)`` builds it; ``gofish serve`` runs it on uvicorn.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import time
from collections.abc import AsyncIterator, Callable, Collection, Mapping
from pathlib import Path
from typing import Annotated, Any
from urllib.parse import urlsplit

from fastapi import Depends, FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BeforeValidator
from pydantic_core import PydanticCustomError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.responses import Response
from starlette.websockets import WebSocketState

from gofish.bots import available_bots, display_name, seat_labels
from gofish.core import PRESETS, GoFishError, make_rules
from gofish.core.errors import other_digit_refusal, short_repr
from gofish.core.rules import ASK_MODES, END_MODES, MAX_PLAYERS, MIN_PLAYERS, REFILL_MODES
from gofish.narrate import plural
from gofish.session import game_rules_in_words
from gofish.storage import (
    CursorError,
    DamagedGameError,
    FallbackSaver,
    StorageError,
    Store,
    StoredGame,
    UnknownGameError,
    read_cursor,
)
from gofish.storage.errors import changed_row, reported
from gofish.storage.paging import GamesPage, PageKey
from gofish.storage.paths import chosen_db_path
from gofish.storage.store import open_store_to_read
from gofish.storage.summary import summarize
from gofish.web.addresses import client_address
from gofish.web.cutoff import (
    closed_as_asked,
    cut_off,
    cut_off_unless_closed,
    taking_within,
)
from gofish.web.help import rules_help
from gofish.web.messages import (
    AnyMessage,
    MessageError,
    ResumeMessage,
    RevisitMessage,
    StartMessage,
    parse_message,
)
from gofish.web.notfound import (
    no_page_at,
    not_found_page,
    wants_json,
    websocket_only,
    wrong_method,
)
from gofish.web.ratelimit import TokenBucket
from gofish.web.replay import replay_frames, table_words
from gofish.web.session import (
    DEFAULT_PACE,
    GameIsOver,
    GameSession,
    MoveRefused,
    OpponentRefused,
    why_not_resumable,
)
from gofish.web.stats import stats_answer

STATIC_DIR = Path(__file__).parent / "static"
_log = logging.getLogger(__name__)


#: Seconds before a games database that would not open, or opened only to read, is tried
#: again: it may have been locked for a moment, moved back or made writable, and the
#: server should not need a restart to save.
REOPEN_AFTER = 30.0


class StoreHolder:
    """Opens the games database on first use, so a broken database never stops the server."""

    def __init__(self, database: str | Path | Store | None, *,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self._given = database
        self._store: Store | None = database if isinstance(database, Store) else None
        self._clock = clock
        self._failed_at: float | None = None
        self._opened_at = 0.0
        self.error: str | None = None

    def get(self) -> Store | None:
        if self._read_only_for_a_while():
            # Opened only to read, it can neither save nor see another program's saves for
            # sure (read as unchanging when nothing was beside it): open it afresh. The old
            # one is not closed under a request that may still hold it; it goes when unused.
            self._store = None
        if self._store is None and self._may_try():
            try:
                path = None if self._given is None or isinstance(self._given, Store) else (
                    self._given
                )
                # Read-only around a damaged schema version: the pages showed no
                # game at all, where gofish history lists every one.
                self._store = open_store_to_read(path)
                self._opened_at = self._clock()
                self.error = None
            except StorageError as error:
                self.error = str(error)
                self._failed_at = self._clock()
        return self._store

    def _read_only_for_a_while(self) -> bool:
        return (self._store is not None and not isinstance(self._given, Store)
                and self._store.opened_read_only
                and self._clock() - self._opened_at >= REOPEN_AFTER)

    def _may_try(self) -> bool:
        return self._failed_at is None or self._clock() - self._failed_at >= REOPEN_AFTER

    def saver(self) -> Store | FallbackSaver | None:
        """Where a new game is saved: the store; while it cannot be opened, a FallbackSaver,
        which tries the database at each save and otherwise keeps the game in the fallback
        file (games were lost while the database was damaged or a folder stood in its way)."""
        store = self.get()
        if store is not None or isinstance(self._given, Store):
            return store
        try:
            path = chosen_db_path(self._given)
        except StorageError:  # no home folder to find the database in: nowhere to keep it
            return None
        why = StorageError(self.error or "the games database cannot be opened")
        return FallbackSaver(path, why)

    def require(self) -> Store:
        store = self.get()
        if store is None:
            raise StorageError(self.error or "the games database is not available")
        return store

    def close(self) -> None:
        if self._store is not None and not isinstance(self._given, Store):
            self._store.close()
            self._store = None


#: Table sockets (``/ws/play``) one client address may hold open: one a tab, so a class
#: behind one address has room, but a script opening thousands (a server on 0.0.0.0) not.
TABLES_PER_ADDRESS = 64
#: Messages a table socket may send a second, in bursts of up to TABLE_BURST. A page sends
#: one a move, and only on its player's turn, so a player never comes near it; a script
#: sending thousands a second kept the server's core busy with refusals.
TABLE_MESSAGES_PER_SECOND, TABLE_BURST = 20, 60
TOO_MANY_MESSAGES = 4429  # the close of a table socket that sent past its limit



def too_many_messages(per_second: float) -> str:
    """The close reason of a table socket that sent more than ``per_second``."""
    return f"too many messages: a table takes at most {per_second:g} a second"


TOO_MANY_MESSAGES_REASON = too_many_messages(TABLE_MESSAGES_PER_SECOND)
#: Seconds a page has to take one message from its table socket: one that reads nothing
#: (a frozen tab, a script) held its game's sends, and a place at its address, for ever.
DROP_SECONDS = 10.0


def create_app(
    database: str | Path | Store | None = None, *, pace: float = DEFAULT_PACE,
    tables_per_address: int = TABLES_PER_ADDRESS, drop_seconds: float = DROP_SECONDS,
    message_rate: tuple[float, int] = (TABLE_MESSAGES_PER_SECOND, TABLE_BURST),
) -> FastAPI:
    """The whole web app. ``database``: a path, an open Store, or None for the default file.
    ``message_rate``: the messages a table socket may send a second, and in a burst."""
    holder = StoreHolder(database)

    @contextlib.asynccontextmanager
    async def lifespan(_: FastAPI) -> AsyncIterator[None]:
        yield
        holder.close()

    app = FastAPI(title="gofish", docs_url=None, redoc_url=None, openapi_url=None,
                  lifespan=lifespan)
    app.state.stores = holder
    tables: set[TableConnection] = set()  # the open /ws/play connections
    app.state.tables = tables  # counted by the tests of the per-address limit
    app.state.pace = pace
    app.state.tables_per_address = tables_per_address
    app.state.drop_seconds = drop_seconds
    app.state.message_rate = message_rate
    app.mount("/static", StaticFiles(directory=STATIC_DIR), name="static")

    _answer_errors(app)
    _serve_api(app, holder, tables)
    _serve_tables(app, holder, tables)

    @app.middleware("http")
    async def security_headers(request: Request, call_next: Any) -> Any:
        response = await call_next(request)
        response.headers.update(_SECURITY_HEADERS)
        return response

    from gofish.online import mount_rooms  # late: gofish.online uses gofish.web.messages

    mount_rooms(app, database_url=None)  # online rooms: /rooms…, /ws/room/{code}
    return app


def _answer_errors(app: FastAPI) -> None:
    """Every refusal in words: JSON for the API, a page with a way back for a browser."""
    @app.exception_handler(StorageError)
    async def storage_failed(_: Request, error: StorageError) -> JSONResponse:
        if isinstance(error, UnknownGameError):
            return JSONResponse({"error": str(error)}, status_code=404)
        return JSONResponse({"error": reported(error, _log)}, status_code=503)

    @app.exception_handler(CursorError)
    async def bad_cursor(_: Request, error: CursorError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    @app.exception_handler(GoFishError)
    async def bad_rules(_: Request, error: GoFishError) -> JSONResponse:
        return JSONResponse({"error": str(error)}, status_code=400)

    @app.exception_handler(StarletteHTTPException)
    async def no_such_page(request: Request, error: StarletteHTTPException) -> Response:
        # A broken link opened in a browser gets a page with a way back; the API keeps JSON.
        if error.status_code == 404 and not wants_json(request.url.path):
            return not_found_page(no_page_at(request.url.path))
        if wants_json(request.url.path) or error.status_code == 405:
            # The server answers {"error"} in words throughout, a wrong method at / too.
            return JSONResponse({"error": api_refusal(request, error)},
                                status_code=error.status_code, headers=_sorted_allow(error))
        return await http_exception_handler(request, error)

    @app.exception_handler(RequestValidationError)
    async def bad_parameter(_: Request, error: RequestValidationError) -> JSONResponse:
        # The page shows "error" as it is: say which value was wrong, in words.
        return JSONResponse({"error": explain_parameters(error)}, status_code=422)


def _serve_api(app: FastAPI, holder: StoreHolder, tables: set[TableConnection]) -> None:
    """The page and the JSON API it reads: set-up choices, help, games and stats."""
    # HEAD as well as GET, as the rooms' pages and the static files take it (curl -I, a
    # monitor checking the server is up): the page and the API refused it with a 405.
    @app.api_route("/", methods=list(_READ), include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC_DIR / "index.html", headers=_NO_STORE)

    @app.api_route("/api/setup", methods=list(_READ), dependencies=[_taking()])
    async def setup() -> dict[str, Any]:
        return setup_choices()

    # Any name: the rules' options, which make_rules names when one is unknown.
    @app.api_route("/api/help", methods=list(_READ), dependencies=[_taking(None)])
    async def help_page(request: Request) -> dict[str, Any]:
        query = dict(request.query_params)
        players = _whole_number(query.pop("players", "2"), "players")
        preset = query.pop("preset", "classic")
        rules = make_rules(preset, **{k: _option_value(k, v) for k, v in query.items()})
        return rules_help(rules, players)

    @app.api_route("/api/games", methods=list(_READ),
                   dependencies=[_taking("limit", "before", "offset", "finished")])
    async def games(
        # Negative counts are refused: they were read as 0 and answered an empty list.
        limit: Annotated[WholeNumber, Query(ge=0)] = 20,
        offset: Annotated[WholeNumber, Query(ge=0)] = 0,
        finished: bool | None = None, before: str | None = None,
    ) -> dict[str, Any]:
        # A cursor, read before the database is: a bad one is the client's to fix (400).
        before_key = None if before is None else read_cursor(before)
        store = holder.require()
        # The database is read on a thread, as the stats are, so the rooms and tables this
        # server runs are not held up; the live tables are looked at here, on the loop
        # that changes them.
        page, total = await asyncio.to_thread(_games_page, store, min(limit, 200),
                                              before_key, offset, finished)
        # The total of the games asked for, so that a client paging through them knows
        # when it has them all; next_before pages on from here, skipping none (docs/web.md).
        return {"games": [_listed_row(entry, tables) for entry in page.entries],
                "total": total,
                "next_before": None if page.next_before is None else page.next_before.cursor()}

    @app.api_route("/api/games/{game_id}", methods=list(_READ), dependencies=[_taking()])
    async def game(game_id: WholeNumber) -> dict[str, Any]:
        stored = await asyncio.to_thread(holder.require().get, game_id)
        record = _record_as_seen(stored, tables)  # on the loop: it looks at the live tables
        # Replaying every ask into frames takes a long game some milliseconds: a thread's.
        # Told from the player's seat as gofish show tells it: none if it is not known
        # (recover lost several seats), where seat 1's hand was shown and told as "You".
        frames = await asyncio.to_thread(replay_frames, record, stored.names,
                                         stored.player_seat)
        return {**_game_row(stored, record), "frames": frames, **table_words(stored.record)}

    @app.api_route("/api/stats", methods=list(_READ), dependencies=[_taking()])
    async def stats() -> dict[str, Any]:
        # Every game's rows, read and summed (12 ms at 300 games): on a thread, so the
        # rooms and tables this server also runs are not held up meanwhile.
        return await asyncio.to_thread(stats_answer, holder.require())


def _taking(*names: str | None) -> Any:
    """A route's check of its query: each parameter once, and only ``names`` (any name
    for ``None``). A repeated one was read as its last value and an unknown one (a typo,
    ``limt``) not at all, so a client was answered as if it had asked otherwise."""
    def check(request: Request) -> None:
        if problem := query_problem(request.url.path, request.query_params.multi_items(),
                                    None if None in names else [str(n) for n in names]):
            raise StarletteHTTPException(400, problem)
    return Depends(check)


def query_problem(path: str, pairs: list[tuple[str, str]], taken: list[str] | None) -> str | None:
    """Why the query ``pairs`` given ``path`` is refused (see :func:`_taking`), or None."""
    seen: set[str] = set()
    for name, _ in pairs:
        if taken is not None and name not in taken:
            offered = f"takes {', '.join(taken)}" if taken else "takes no query parameters"
            return f"unknown query parameter {short_repr(name)}: {path} {offered}"
        if name in seen:
            times = sum(1 for other, _ in pairs if other == name)
            return f"query parameter {short_repr(name)} is given {times} times: give it once"
        seen.add(name)
    return None


def _games_page(store: Store, limit: int, before: PageKey | None, offset: int,
                finished: bool | None) -> tuple[GamesPage, int]:
    """A page of the stored games and the total of those ``finished`` picks, read as one
    read finds them (the total counts what the page was read from; in a damaged file the
    two walk its game keys once, not twice)."""
    with store.one_snapshot():
        page = store.list_page(limit=limit, before=before, offset=offset, finished=finished)
        return page, store.count(finished=finished)


def _serve_tables(app: FastAPI, holder: StoreHolder, tables: set[TableConnection]) -> None:
    """The live table: one websocket a table, refused to other sites and to plain HTTP."""
    @app.api_route("/ws/play", methods=list(_EVERY_METHOD), include_in_schema=False)
    async def play_over_http(request: Request) -> JSONResponse:
        # 426: what RFC 6455 suggests for a request to a websocket without its upgrade.
        return JSONResponse({"error": websocket_only(request.method, request.url.path)},
                            status_code=426, headers={"Upgrade": "websocket"})

    @app.websocket("/ws/play")
    async def play(socket: WebSocket) -> None:
        if not same_origin(socket):
            # Another web site must not drive a table from a visitor's browser.
            await socket.close(code=1008, reason="cross-site connections are refused")
            return
        await socket.accept()
        table = TableConnection(socket, holder, app.state.pace, tables,
                                drop_seconds=app.state.drop_seconds,
                                tables_per_address=app.state.tables_per_address,
                                message_rate=app.state.message_rate)
        first = places = None
        if _tables_from(tables, socket) >= app.state.tables_per_address:
            # A page back after a network drop is over the limit by its own half-open
            # socket: its first message says whether it takes that one's place.
            first = await _first_frame(socket)
            if first is None:
                return  # gone
            # Counted again and joined with no await between: two sockets at once cannot
            # both slip in.
            if _tables_from(tables, socket) >= app.state.tables_per_address:
                said = _first_message(first)
                places = _places_taken(tables, socket, said, app.state.tables_per_address)
                if places is None and not await _handed_over(
                        tables, socket, said, app.state.tables_per_address):
                    await _refuse_a_table_too_many(socket, app.state.tables_per_address)
                    return
        # Counted and joined with no await between, as above.
        await table.serve(first, in_place_of=places)


#: A stored game, and the table sockets holding it.
Places = tuple[int, list["TableConnection"]]


def _tables_from(tables: set[TableConnection], socket: WebSocket,
                 freed: Collection[TableConnection] = ()) -> int:
    """How many open table sockets come from ``socket``'s client address, not counting
    ``freed`` (sockets given way whose places are taken)."""
    address = client_address(socket)
    return sum(1 for table in tables if table not in freed
               and client_address(table.socket) == address and table.still_open())


async def _refuse_a_table_too_many(socket: WebSocket, limit: int) -> None:
    # A client gone meanwhile (it sent its message and left) has nobody to tell: its
    # refusal was a traceback in the server's log.
    with contextlib.suppress(WebSocketDisconnect):
        await socket.send_json({
            "type": "refused", "version": None,
            "message": f"this address has {plural(limit, 'table')} open already: close "
                       "some tabs first, then try again"})
        await socket.close(code=1013)  # try again later


async def _first_frame(socket: WebSocket) -> Mapping[str, Any] | None:
    """The socket's first frame ({} if it sends none within ``FIRST_MESSAGE_WAIT``), or
    None once its client has gone."""
    try:
        frame = await asyncio.wait_for(socket.receive(), FIRST_MESSAGE_WAIT)
    except TimeoutError:
        return {}
    except WebSocketDisconnect:
        return None
    return None if frame["type"] == "websocket.disconnect" else frame


def _frame_text(frame: Mapping[str, Any]) -> str | bytes:
    """A websocket frame's message, text or bytes."""
    message: str | bytes | None = frame.get("text")
    return message if message is not None else (frame.get("bytes") or "")


def _first_message(frame: Mapping[str, Any]) -> AnyMessage | None:
    """The message ``frame`` says, read once for the checks at the limit; None if it is
    none (the table answers it as any bad message, once it serves)."""
    try:
        return parse_message(_frame_text(frame))
    except MessageError:
        return None


def _places_taken(tables: set[TableConnection], socket: WebSocket,
                  message: AnyMessage | None, limit: int) -> Places | None:
    """The game ``message`` takes (``_game_taken_from``) and the sockets holding it, if all
    are of its own page and at this address (its page's half-open socket, after a network
    drop): the new socket takes their place. None if it takes no place, or if letting
    them go leaves its address at ``limit`` still: sockets given way count until they
    answer their close or are let go of (``give_way``), and one page taking its game over
    again and again, each time from the socket that had just taken it, gathered a socket
    past the limit with each takeover."""
    taken = _game_taken_from(message)
    if taken is None:
        return None
    game_id, page = taken
    address = client_address(socket)
    holders = [table for table in tables if table.holds(game_id)]
    if gives_way_to(holders, page) and all(
            client_address(table.socket) == address for table in holders) and (
            _tables_from(tables, socket) - len(holders) < limit):
        return game_id, holders
    return None


def _game_taken_from(message: AnyMessage | None) -> tuple[int, str | None] | None:
    """The game ``message`` takes from its page's other sockets, and the page: the game a
    resume or revisit opens, or the one a start's page lost its socket to (``left``)."""
    if isinstance(message, ResumeMessage | RevisitMessage):
        return message.game_id, message.page
    if isinstance(message, StartMessage) and message.left is not None:
        return message.left, message.page
    return None


async def _handed_over(tables: set[TableConnection], socket: WebSocket,
                       message: AnyMessage | None, limit: int) -> bool:
    """Whether ``socket``, past its address's limit, finds room once the sockets at its
    address holding the game ``message`` takes up have let go of it: another tab of this
    browser hands its game over ("Play here instead") by closing its socket as this one
    opens, and a takeover frees the table it needs. Waits as long as a page taking up a
    game held elsewhere does, then counts again."""
    if not isinstance(message, ResumeMessage | RevisitMessage):  # it takes up no game
        return False
    address = client_address(socket)
    for _ in range(OPEN_ELSEWHERE_CHECKS):
        holders = [table for table in tables if table.holds(message.game_id)]
        if not holders or any(client_address(t.socket) != address for t in holders):
            break  # let go of already, or held elsewhere: no place of this address's to wait for
        await asyncio.sleep(OPEN_ELSEWHERE_WAIT)
    return _tables_from(tables, socket) < limit


def gives_way_to(holders: list[TableConnection], page: str | None) -> bool:
    """Whether the sockets holding a game are all of page ``page``, and none is still
    taking it up: the page's new socket may take the game from them at once."""
    return bool(holders) and page is not None and all(
        holder.page == page and holder.taking is None for holder in holders)


_NO_STORE = {"Cache-Control": "no-store"}
_READ = ("GET", "HEAD")
_EVERY_METHOD = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")
OPEN_ELSEWHERE_CHECKS, OPEN_ELSEWHERE_WAIT = 20, 0.05  # a second at most
#: Seconds a socket past its address's limit has to send its first message, which may take
#: the place of its page's half-open socket.
FIRST_MESSAGE_WAIT = 2.0
GIVEN_WAY = 4409  # the close of a table socket whose page opened a new one for its game
GIVEN_WAY_REASON = "the game is open in another tab"
#: Seconds a socket given way has to answer its close before it is cut off.
GIVE_WAY_GRACE = 2.0
# The page runs only its own scripts (no inline code), so injected markup cannot run.
_SECURITY_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
        "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def _failed_store(error: Exception) -> bool:
    """A storage failure, whose message names the server's files (not a missing game)."""
    return isinstance(error, StorageError) and not isinstance(error, UnknownGameError)


def explain_parameters(error: RequestValidationError) -> str:
    """A refused URL or query value in words: "game_id must be a whole number, not 'x'"."""
    problems = []
    for item in error.errors()[:3]:
        name = str(item["loc"][-1]) if item.get("loc") else "a value"
        wanted = {"int_parsing": "a whole number", "bool_parsing": "true or false"}.get(
            item.get("type", ""))
        if item.get("type") == "greater_than_equal":
            wanted = f"{item.get('ctx', {}).get('ge')} or more"
        typed = item.get("input")
        digits = other_digit_refusal(typed) if isinstance(typed, str) else None
        if item.get("type") == "int_parsing_size" and isinstance(typed, str):
            # Past Python's 4,300-digit limit: worded as _whole_number words it, not as
            # the library's "exceeded maximum size".
            problems.append(f"{name} has {len(typed.strip().lstrip('+-')):,} digits: far more "
                            "than any game takes")
        elif wanted is not None and digits is not None:  # '٣': why it is not 3
            problems.append(f"{name} must be {wanted}, and {digits}")
        elif wanted is not None:
            problems.append(f"{name} must be {wanted}, not {item.get('input')!r}")
        else:
            problems.append(f"{name}: {item.get('msg', 'not accepted')}")
    return "; ".join(problems) or "the request was not understood"


def api_refusal(request: Request, error: StarletteHTTPException) -> str:
    """An HTTP refusal under /api/ in words: what was asked, and what would do."""
    path = request.url.path
    if error.status_code == 404 and path.startswith("/ws/"):
        return f"there is nothing at {path}: the websockets are /ws/play and /ws/room/{{code}}"
    if error.status_code == 404:
        return f"there is nothing at {path}: the API has /api/setup, /api/help, /api/games, " \
               "/api/games/{id} and /api/stats"
    if error.status_code == 405:
        allowed = [method for method in _allowed_methods(error) if method != "HEAD"]
        return wrong_method(request.method, path, ", ".join(allowed) or "GET")
    return str(error.detail)


def _allowed_methods(error: StarletteHTTPException) -> list[str]:
    """The methods a 405's Allow header names, in order: Starlette lists a route's methods
    from a set, so GET and HEAD came in either order from one run to the next."""
    allow = next((value for name, value in (error.headers or {}).items()
                  if name.lower() == "allow"), "")
    return sorted(method.strip() for method in allow.split(",") if method.strip())


def _sorted_allow(error: StarletteHTTPException) -> Mapping[str, str] | None:
    """The refusal's headers, its Allow header (if any) in a fixed order."""
    if not error.headers:
        return error.headers
    others = {name: value for name, value in error.headers.items() if name.lower() != "allow"}
    methods = _allowed_methods(error)
    return {**others, "Allow": ", ".join(methods)} if methods else others


def same_origin(socket: WebSocket) -> bool:
    """True unless the browser says the page opening the socket came from another site."""
    origin = socket.headers.get("origin")
    if origin is None:
        return True  # not a browser (scripts, tests): nothing to protect against
    host = socket.headers.get("host", "")
    return urlsplit(origin).netloc.lower() == host.lower()


class TableConnection:
    """One page's websocket: start games on request and pass its moves to the session."""

    def __init__(self, socket: WebSocket, stores: StoreHolder, pace: float,
                 tables: set[TableConnection] | None = None, *,
                 drop_seconds: float = DROP_SECONDS,
                 tables_per_address: int = TABLES_PER_ADDRESS,
                 message_rate: tuple[float, int] = (TABLE_MESSAGES_PER_SECOND, TABLE_BURST),
                 ) -> None:
        self.socket = socket
        self.drop_seconds = drop_seconds
        self.tables_per_address = tables_per_address
        self.stores = stores
        self.pace = pace
        self.tables = set() if tables is None else tables
        self.session: GameSession | None = None
        self.seat = 0
        self.taking: int | None = None  # the stored game this page is taking up, meanwhile
        # The page's own id (a tab's, kept over its reloads), as its start or resume said.
        self.page: str | None = None
        self.given_way = False  # a newer socket of its page's took its game
        # Leaving its game for another (a deal, a resume): a page taking the game it leaves
        # takes that one alone, and this socket keeps the game it moves on to.
        self.moving_on = False
        self.messages = TokenBucket(*message_rate)

    async def serve(self, first: Mapping[str, Any] | None = None,
                    in_place_of: Places | None = None) -> None:
        """Play the page's messages until it goes. ``first``: a frame already read ({}:
        none came); ``in_place_of``: a game and the sockets holding it that this one
        takes the place of (see ``_places_taken``)."""
        self.tables.add(self)  # before those it replaces go: no other slips in meanwhile
        try:
            if in_place_of is not None and not await self.take_place_of(*in_place_of):
                # The sockets it would have freed kept their places (their page's deal
                # was on its way): past the limit still, a table too many after all.
                await _refuse_a_table_too_many(self.socket, self.tables_per_address)
                return
            if first:
                await self.handle(_frame_text(first))
            while True:
                frame = await self.socket.receive()
                if frame["type"] == "websocket.disconnect" or self.page_gone():
                    return
                if not self.messages.allow():
                    await self.close_too_many()
                    return
                await self.handle(_frame_text(frame))
        except WebSocketDisconnect:
            return
        finally:
            await self.leave()  # stored before another page may resume it
            if not self.given_way:  # counted until let go of (see give_way)
                self.tables.discard(self)

    async def handle(self, raw: str | bytes) -> None:
        try:
            message = parse_message(raw)
            if isinstance(message, StartMessage | ResumeMessage | RevisitMessage):
                self.page = message.page
            if isinstance(message, StartMessage):
                session = GameSession.from_start(message, store=self.stores.saver(),
                                                 pace=self.pace)
                await self.sit_down(session, 0)
            elif isinstance(message, ResumeMessage | RevisitMessage):
                await self.resume(message)
            elif self.session is None:
                raise MoveRefused("no game yet: start one first")
            else:
                await self.session.submit(self.seat, message)
        except (MessageError, MoveRefused, GoFishError, StorageError) as error:
            version = None if self.session is None else self.session.version
            told = reported(error, _log) if _failed_store(error) else str(error)
            refusal: dict[str, Any] = {"type": "refused", "message": told, "version": version}
            if isinstance(error, GameIsOver):  # the page links to what can still be done
                refusal["replay"] = error.game_id
            if isinstance(error, OpponentRefused):  # the start form marks the box at fault
                refusal["seat"] = error.seat
                if error.option is not None:
                    refusal["option"] = error.option
            await self.send(refusal)

    def page_gone(self) -> bool:
        """A send to the page failed (its session's bots sent the update): starlette
        refuses every later send with an error, which would end this connection with a
        traceback in the server's log."""
        state = getattr(self.socket, "application_state", None)  # None: a test's stand-in
        return state is WebSocketState.DISCONNECTED

    async def send(self, message: dict[str, Any]) -> None:
        """Send the page a message, unless it has gone: nobody is left to tell."""
        if not self.page_gone():
            await self.deliver(message)

    async def deliver(self, message: dict[str, Any]) -> None:
        """Send the page a message, or cut its socket off once the page has taken nothing
        of it for ``drop_seconds``: a page that reads nothing would hold its game's sends,
        and its connection, for ever; one that reads slowly is waited for. Cut off, the
        socket's read ends, and its game is stored as a closed tab's is."""
        try:
            async with taking_within(self.socket, self.drop_seconds):  # no task a send
                await self.socket.send_json(message)
        except TimeoutError:
            cut_off(self.socket)
            raise WebSocketDisconnect(1006, "the page read nothing for too long") from None

    async def resume(self, message: ResumeMessage | RevisitMessage) -> None:
        try:
            await self.take_up(message)
        finally:
            self.taking = None

    async def take_up(self, message: ResumeMessage | RevisitMessage) -> None:
        store = self.stores.require()
        if self.session is not None and self.session.game_id == message.game_id:
            await self.leave()  # this page's own moves are stored before they are read back
        revisit = isinstance(message, RevisitMessage)
        # Read first: a finished game has nothing left to play, so "watch its replay"
        # (from_stored) is the answer even while another page still shows it.
        stored = store.get(message.game_id)
        if not stored.over:
            # A finished game is only looked at, by any number of pages; one in play
            # is read once the page that had it has stored its moves.
            await self.refuse_if_open_elsewhere(message.game_id)
            # Claimed at once: leaving this page's own game below waits for its bots,
            # and another page checking meanwhile would take up the same game too.
            self.taking = message.game_id
            stored = store.get(message.game_id)
        pace = self.pace if message.pace is None else message.pace
        session, seat = GameSession.from_stored(stored, store=store, pace=pace,
                                                finished_too=revisit)
        await self.sit_down(session, seat)

    async def refuse_if_open_elsewhere(self, game_id: int) -> None:
        """Two pages playing one stored game would each overwrite the other's moves.

        A reloaded page's old connection may take a moment to close: wait for it first.
        One of this same page's, which the server has not yet heard go (a network drop
        leaves it half open until the keepalive ping fails, some 40 s), gives way at once.
        """
        for _ in range(OPEN_ELSEWHERE_CHECKS):
            holders = [other for other in self.tables if other is not self and other.holds(game_id)]
            if not holders:
                return
            if gives_way_to(holders, self.page):
                self.taking = game_id  # claimed before the old one lets go: no third page
                for other in holders:
                    await other.give_way(game_id)
                return
            await asyncio.sleep(OPEN_ELSEWHERE_WAIT)
        raise MoveRefused(f"game {game_id} is open in another tab or window: play it there, "
                          "or close that one and try again")

    async def take_place_of(self, game_id: int, others: list[TableConnection]) -> bool:
        """Let go of ``others``, this page's old sockets holding game ``game_id``, which
        this one joined past its address's limit in place of. They go even if the game is
        over (a finished game is taken from nobody): no place is taken without one freed.
        One leaving the game for another as it is taken (its page's deal on its way) keeps
        its socket and new game, as it does below the limit (``refuse_if_open_elsewhere``):
        closed, its deal was stored with no ask and lost to the page. False if too few
        were let go to bring the address back within its limit with this one: those that
        were let go stay let go, so refusing this one too left their page's game with no
        socket (a reload at the limit as its duplicated tab dealt anew)."""
        self.taking = game_id  # no other page takes their game while they give way
        try:
            for other in others:
                await other.give_way(game_id)
        finally:
            self.taking = None
        freed = [other for other in others if other.given_way]
        return _tables_from(self.tables, self.socket, freed) <= self.tables_per_address

    async def give_way(self, taken: int | None = None) -> None:
        """Store this socket's game and let go of the socket: a newer one of its page's has
        the game. ``taken``: the game taken from it. A socket leaving it for another as it
        is taken (its page's deal on its way), or that has left it already (the sockets
        holding a game give way one after another, each storing it first), keeps its
        socket and the other game: let go of, its page was told its new game went to
        another tab, which had the old one, and the new game was closed.
        The close says why (``GIVEN_WAY``), so that a page still reading (a
        duplicated tab's original, which the browser may not yet have told) says its game
        went to another tab rather than that the connection was lost; a socket that has
        not answered the close within ``GIVE_WAY_GRACE`` (half open, or reading nothing)
        is then cut off. It counts against its address until then: one address taking its
        games over again and again must not gather sockets past its limit."""
        self.given_way = True
        try:
            if taken is None or self.holds(taken):
                await self.leave()
            if taken is not None and (self.moving_on or self.session is not None):
                self.given_way = False
                return
            await self.close_saying(GIVEN_WAY, GIVEN_WAY_REASON)
        finally:  # cancelled or failed meanwhile, it still stops counting in the end
            if self.given_way:
                asyncio.get_running_loop().call_later(GIVE_WAY_GRACE, self.let_go)

    async def close_too_many(self) -> None:
        """Close a socket that sent past its limit, saying why (``TOO_MANY_MESSAGES``): its
        game is stored as a closed tab's, and one that does not answer the close within
        ``GIVE_WAY_GRACE`` (a script reading nothing) is then cut off."""
        await self.leave()
        await self.close_saying(TOO_MANY_MESSAGES, too_many_messages(self.messages.rate))
        asyncio.get_running_loop().call_later(GIVE_WAY_GRACE, cut_off_unless_closed,
                                              self.socket)

    async def close_saying(self, code: int, reason: str) -> None:
        """Send the close, ``code`` and ``reason`` saying why, waiting a moment at most: a
        socket that reads nothing is the caller's to cut off later."""
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.socket.close(code=code, reason=reason),
                                   OPEN_ELSEWHERE_WAIT)

    def still_open(self) -> bool:
        """Whether this socket still holds a connection: one given way holds it until its
        client answers the close (a live page, at once) or it is let go of. Counted until
        then, whereas the page taking the game back from the tab that took it ("Play here
        instead" at once) was refused as a table too many for a socket already closed."""
        return not self.given_way or not closed_as_asked(self.socket)

    def let_go(self) -> None:
        """Cut off a socket given way that has not answered its close, and count it no more."""
        cut_off_unless_closed(self.socket)
        self.tables.discard(self)

    def waits_to_fish(self, game_id: int) -> bool:
        """Whether this page plays stored game ``game_id`` and a miss of it waits for the
        player's pick from the sea."""
        return self.session is not None and self.session.game_id == game_id and (
            self.session.awaiting_fish)

    def holds(self, game_id: int) -> bool:
        """Whether this page plays stored game ``game_id``, or is taking it up."""
        return self.taking == game_id or (
            self.session is not None and self.session.game_id == game_id)

    async def leave(self, *, unplayed_too: bool = True) -> None:
        """Leave the game in play, if any: it stays stored, to be resumed.

        ``unplayed_too=False`` drops it if nobody has asked yet (see ``sit_down``).
        """
        session = self.session
        if session is not None:
            await session.close(unplayed_too=unplayed_too)
            # Not the game this socket moved on to meanwhile (see give_way): left, it
            # was dropped unclosed, its bots at work for nobody.
            if self.session is session:
                self.session = None

    def unsaved(self) -> str | None:
        """Why games are not being saved, as the page may be told, or None."""
        error = self.stores.error
        return None if error is None else reported(error, _log)

    async def sit_down(self, session: GameSession, seat: int) -> None:
        """Leave the game in play and take ``seat`` at ``session``."""
        # A deal the page replaced before a single ask (Deal clicked twice, New game) is
        # not a game left to resume: stored, it filled the history with 0-ask games.
        self.moving_on = True
        try:
            await self.leave(unplayed_too=False)
        finally:
            self.moving_on = False
        self.session, self.seat = session, seat
        session.keep_dealt()
        await self.send({"type": "welcome", "help": session.help(),
                         "storage": self.unsaved(), "game_id": session.game_id,
                         "setup": session.setup(seat)})
        await session.connect(seat, self.deliver)


def setup_choices() -> dict[str, Any]:
    """What the start screen offers: presets, house rules and the built-in bots with their
    options."""
    return {
        "presets": {
            name: {"refill": rules.refill, "end": rules.end, "lucky_draw": rules.lucky_draw,
                   "book_size": rules.book_size, "ask": rules.ask,
                   "hand_sizes": {n: rules.default_hand_size(n)
                                  for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)}}
            for name, rules in PRESETS.items()
        },
        "players": {"min": MIN_PLAYERS, "max": MAX_PLAYERS},
        "options": {"refill": list(REFILL_MODES), "end": list(END_MODES), "ask": list(ASK_MODES),
                    "book_size": [4, 2], "lucky_draw": [True, False]},
        "bots": [
            {"name": info.name, "display": display_name(info.name),
             "description": info.description, "strength": info.strength,
             # The knobs a spec may set (``expert:epsilon=0.3``): the form offers each one.
             "options": [{"name": option, "description": about}
                         for option, about in info.options]}
            for info in available_bots()
        ],
    }


def _record_as_seen(stored: StoredGame, tables: set[TableConnection]) -> dict[str, Any]:
    """``stored``'s record as its table shows it. While a nordic table waits for its
    player to pick from the sea, the last ask is a miss stored with its draw, which is the
    sea's hidden top card: the game is shown up to that ask, its books and result too."""
    record = stored.record
    if any(table.waits_to_fish(stored.id) for table in tables):
        return {**record, "actions": record["actions"][:-1]}
    return record


def _listed_row(entry: StoredGame | DamagedGameError,
                tables: set[TableConnection]) -> dict[str, Any]:
    """A game of the history, or a damaged one marked in its place (as ``gofish history
    --json`` marks it): one game edited by hand made the whole list a 503, so the history
    page and the start screen's games to go on with showed none of the others."""
    if isinstance(entry, DamagedGameError):
        reported(entry, _log)  # the server's log names the database; the page needs no path
        return {"id": entry.game_id, "damaged": True}
    return _game_row(entry, _record_as_seen(entry, tables))


def _game_row(game: StoredGame, record: dict[str, Any]) -> dict[str, Any]:
    """``game``'s row in the history; its result as ``record`` (the game as shown) has it."""
    shown = game if record is game.record else summarize(record)
    return {
        "id": game.id,
        "names": seat_labels(game.seats),
        "seats": game.seats,
        "rules": game.rules_label,
        "rules_words": game_rules_in_words(game),
        "book_size": game.book_size,  # 2: its books are pairs
        "players": game.players,
        "over": shown.over,
        "winners": None if shown.winners is None else list(shown.winners),
        "books": list(shown.books),
        "actions": shown.actions,
        "source": game.source,
        "created_at": game.created_at,
        "finished_at": game.finished_at if shown.over else None,
        # Why a browser cannot go on with it (None: it can), so that the pages offer only
        # games that open: the start screen offered one whose bot may not think that long here.
        "not_resumable": None if shown.over else why_not_resumable(game),
        # A row that said otherwise than its record (edited by hand, a failing disk) is
        # shown as the record plays: named, as gofish history names it, or the pages
        # showed other books than the database holds without a word.
        "changed": list(game.changed),
        "changed_note": changed_row([game.id], game.changed) if game.changed else None,
    }


def _written_as_digits(text: str) -> bool:
    # ASCII digits only: int() and FastAPI's lax int also take spaces around the digits,
    # a plus sign, underscores, other scripts' digits ("٣") and (FastAPI) "1.0".
    return re.fullmatch(r"-?[0-9]+", text) is not None


def _digits_only(value: object) -> object:
    # A game id or count in a URL is read as /api/help reads its numbers: "/api/games/1_0"
    # was answered "no stored game with id 10", and "?limit=+2" taken where "?players=+2"
    # was refused. int_parsing: explain_parameters words it as FastAPI's own refusals.
    if isinstance(value, str) and not _written_as_digits(value):
        raise PydanticCustomError("int_parsing", "Input should be a valid integer")
    return value


#: A whole number a route reads from its URL, written in ASCII digits.
WholeNumber = Annotated[int, BeforeValidator(_digits_only)]


def _whole_number(text: str, name: str) -> int:
    if not _written_as_digits(text):
        digits = other_digit_refusal(text)  # '٣': say why it is not 3, as the commands do
        raise GoFishError(f"{name} must be a whole number, "
                          + (f"and {digits}" if digits else f"not {short_repr(text)}"))
    try:
        return int(text)
    except ValueError:  # past Python's 4,300-digit limit: far past any count the rules take
        raise GoFishError(f"{name} has {len(text.lstrip('-')):,} digits: far more than "
                          "any game takes") from None


def _option_value(name: str, text: str) -> object:
    """Query-string text to the option's type (the core checks the value itself)."""
    if name == "lucky_draw":
        return {"true": True, "false": False}.get(text.lower(), text)
    if name in ("hand_size", "book_size"):
        return _whole_number(text, name)
    return text
