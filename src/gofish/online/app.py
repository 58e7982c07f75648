"""Adding rooms to a Starlette or FastAPI app: :func:`mount_rooms` is the one hook.

Routes: ``GET /rooms`` (create or join), ``POST /rooms`` (create),
``GET /rooms/{code}`` (the room page), ``GET /rooms/{code}/info`` (the lobby,
public), ``POST /rooms/mine`` (the rooms a browser holds seats in),
``POST /rooms/{code}/join``, ``GET /rooms/bots``, ``GET /rooms/presets``
(each preset's house rules, for the form), ``/rooms/static/…`` and the
websocket ``/ws/room/{code}``.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import socket
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Match, Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.types import Receive, Scope, Send
from starlette.websockets import WebSocket

from gofish.bots import display_name
from gofish.online.codes import InvalidInput, normalise_code
from gofish.online.protocol import CreateRoom, JoinRoom, MyRooms, ProtocolError, parse_body
from gofish.online.room import RoomError, bot_names
from gofish.online.server import RoomServer, RoomSettings
from gofish.online.store import StoreError
from gofish.storage.errors import reported
from gofish.web.addresses import client_address
from gofish.web.app import same_origin, setup_choices
from gofish.web.notfound import ROOMS_ONLY, not_found_page, websocket_only, wrong_method

if TYPE_CHECKING:
    import uvicorn

STATIC = Path(__file__).parent / "static"
_log = logging.getLogger(__name__)
MAX_BODY_BYTES = 4096
_STATUS = {"not_found": 404, "full": 409, "closed": 409, "taken": 409, "forbidden": 403,
           "removed": 403, "rate_limited": 429}
_HEADERS = {
    "Content-Security-Policy": (
        "default-src 'self'; connect-src 'self' ws: wss:; img-src 'self' data:; "
        "object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
    ),
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def mount_rooms(
    app: Starlette, *, database_url: str | None, settings: RoomSettings | None = None
) -> RoomServer:
    """Add the room routes to ``app`` (first, so a catch-all of the host app cannot hide them).

    ``database_url``: None (SQLite in the user's data folder), a file path,
    ``sqlite:///path`` or ``postgresql://…``. Calling again replaces the server
    (its database and settings) without adding the routes twice.
    """
    server = RoomServer(database_url, settings)
    if getattr(app.state, "gofish_rooms", None) is None:
        app.router.routes[0:0] = _routes()
        _close_on_shutdown(app)
    app.state.gofish_rooms = server
    return server


def _routes() -> list[BaseRoute]:
    return [
        _Route("/rooms", _lobby_or_create, methods=["GET", "POST"]),
        _Route("/rooms/bots", _bots, methods=["GET"]),
        _Route("/rooms/presets", _presets, methods=["GET"]),
        _Route("/rooms/mine", _mine, methods=["POST"]),
        Mount("/rooms/static", app=_Static(directory=STATIC), name="rooms-static"),
        _Route("/rooms/{code}", _room_page, methods=["GET"]),
        _Route("/rooms/{code}/info", _info, methods=["GET"]),
        _Route("/rooms/{code}/join", _join, methods=["POST"]),
        WebSocketRoute("/ws/room/{code}", _socket),
        _Route("/ws/room/{code}", _websocket_only, methods=[]),  # plain HTTP there
    ]


class _Route(Route):
    """A route that answers a wrong method itself, as ``{"error", "message"}`` like every
    other refusal of the rooms (Starlette's is ``Method Not Allowed`` in text, or the host
    app's shape). Its address matches whatever the method, so ``GET /rooms/mine`` is told
    to POST instead of falling through to ``/rooms/{code}``; one route per address, so
    ``Allow`` names all its methods."""

    def matches(self, scope: Scope) -> tuple[Match, Scope]:
        match, child = super().matches(scope)
        return (Match.FULL if match is Match.PARTIAL else match), child

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.methods and scope["method"] not in self.methods:
            await _wrong_method(scope, sorted(self.methods))(scope, receive, send)
        else:
            await super().handle(scope, receive, send)


class _Static(StaticFiles):
    async def get_response(self, path: str, scope: Scope) -> Response:
        if scope["method"] not in ("GET", "HEAD"):
            return _wrong_method(scope, ["GET", "HEAD"])
        return await super().get_response(path, scope)


def _wrong_method(scope: Scope, allowed: list[str]) -> Response:
    said = [name for name in allowed if name != "HEAD"]  # HEAD goes with GET unsaid
    words = wrong_method(scope["method"], scope["path"], " or ".join(said))
    return JSONResponse({"error": "method_not_allowed", "message": words}, 405,
                        headers={"Allow": ", ".join(allowed)})


async def _websocket_only(request: Request) -> Response:
    # 426: what RFC 6455 suggests for a request to a websocket without its upgrade.
    return JSONResponse({"error": "websocket_only",
                         "message": websocket_only(request.method, request.url.path)},
                        426, headers={"Upgrade": "websocket"})


def _close_on_shutdown(app: Starlette) -> None:
    inner = app.router.lifespan_context

    @contextlib.asynccontextmanager
    async def lifespan(host: Any) -> AsyncIterator[Any]:
        async with inner(host) as state:
            yield state
        rooms: RoomServer | None = getattr(app.state, "gofish_rooms", None)
        if rooms is not None:
            await rooms.close()

    app.router.lifespan_context = lifespan


def _server(request: Request | WebSocket) -> RoomServer:
    server: RoomServer = request.app.state.gofish_rooms
    return server


def _page(name: str) -> Response:
    return FileResponse(STATIC / name, media_type="text/html", headers=_HEADERS)


async def _lobby_or_create(request: Request) -> Response:
    return await (_create(request) if request.method == "POST" else _lobby_page(request))


async def _lobby_page(request: Request) -> Response:
    return _page("lobby.html")


async def _room_page(request: Request) -> Response:
    try:
        normalise_code(request.path_params["code"])
    except InvalidInput as error:
        # Someone followed a mistyped link: a page with the reason and the way to the
        # rooms (a friend's browser is refused the table its other links led to).
        return not_found_page(f"There is no room here: {error}.", headers=_HEADERS,
                              links=ROOMS_ONLY)
    return _page("room.html")


async def _bots(request: Request) -> Response:
    # The names too: the seat of a bot says "Emma (bot)", so the menu says "Emma", not "emma".
    # And each bot's options (knobs) with what each does, as the start form is given them.
    bots = bot_names()
    offered = {bot["name"]: bot for bot in setup_choices()["bots"]}
    return JSONResponse({"bots": bots, "names": {bot: display_name(bot) for bot in bots},
                         "descriptions": {bot: offered[bot]["description"] for bot in bots},
                         "options": {bot: offered[bot]["options"] for bot in bots}})


async def _presets(request: Request) -> Response:
    # The same defaults the single-player start screen offers, so both forms agree.
    return JSONResponse({"presets": setup_choices()["presets"]})


async def _guarded(action: Callable[[], Awaitable[dict[str, Any]]]) -> Response:
    """Turn refusals into a JSON error with a fitting status; never a traceback."""
    try:
        return JSONResponse(await action())
    except (InvalidInput, ProtocolError) as error:
        return JSONResponse({"error": "invalid", "message": str(error)}, 400)
    except RoomError as error:
        status = _STATUS.get(error.code, 400)
        return JSONResponse({"error": error.code, "message": error.message}, status)
    except StoreError as error:
        return JSONResponse({"error": "storage", "message": reported(error, _log)}, 503)


async def _body(request: Request) -> bytes:
    body = b""
    try:
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BODY_BYTES:
                raise ProtocolError(f"the request body is larger than {MAX_BODY_BYTES} bytes")
    except ClientDisconnect:  # gone mid-body: refused like any broken body, not a traceback
        raise ProtocolError("the request body was cut off: the client went away") from None
    return body


async def _create(request: Request) -> Response:
    async def create() -> dict[str, Any]:
        _server(request).check_join_rate(client_address(request))
        form: CreateRoom = parse_body(CreateRoom, await _body(request))
        return await _server(request).create_room(form.name, form.players, form.rules.spec())

    return await _guarded(create)


async def _join(request: Request) -> Response:
    async def join() -> dict[str, Any]:
        form: JoinRoom = parse_body(JoinRoom, await _body(request))
        return await _server(request).join_room(request.path_params["code"], form.name,
                                                form.previous_token, client_address(request),
                                                seat=form.seat)

    return await _guarded(join)


async def _mine(request: Request) -> Response:
    # A POST: the tokens go in the body, never in an address a log could keep.
    async def mine() -> dict[str, Any]:
        form: MyRooms = parse_body(MyRooms, await _body(request))
        seats = [(held.code, held.token) for held in form.seats]
        return {"rooms": await _server(request).my_rooms(seats, client_address(request))}

    return await _guarded(mine)


async def _info(request: Request) -> Response:
    return await _guarded(lambda: _server(request).room_info(request.path_params["code"],
                                                             client_address(request)))


async def _socket(websocket: WebSocket) -> None:
    if not same_origin(websocket):
        # A page of another site, opened by a visitor, must not watch a room through it.
        await websocket.close(code=1008, reason="cross-site connections are refused")
        return
    await _server(websocket).serve_socket(websocket, websocket.path_params["code"])


def create_rooms_app(
    database_url: str | None = None, settings: RoomSettings | None = None
) -> Starlette:
    """A stand-alone app with only the rooms (for tests, the benchmark and `gofish rooms`)."""
    app = Starlette()
    mount_rooms(app, database_url=database_url, settings=settings)
    return app


#: The largest websocket frame the web server takes: a page's messages are a few KB, and
#: uvicorn's default (16 MB, after per-message decompression) let each socket make the
#: server hold that much at once.
MAX_FRAME_BYTES = 64 * 1024


def server_config(app: Any, **options: Any) -> uvicorn.Config:
    """uvicorn's settings for a gofish server, ``gofish rooms`` and ``gofish serve`` (whose
    table serves the rooms too) alike: frames of at most ``MAX_FRAME_BYTES``, and no
    per-message compression (see :func:`serve`)."""
    import uvicorn

    return uvicorn.Config(app, log_level="warning", ws_max_size=MAX_FRAME_BYTES,
                          ws_per_message_deflate=False, **options)


def serve(
    app: Starlette, host: str, port: int, listener: socket.socket | None = None,
    on_ready: Callable[[], None] | None = None,
) -> None:
    """Run ``app`` on uvicorn as a rooms server (``gofish rooms`` and the load benchmark).

    Room messages are small, so per-message compression costs more CPU than it
    saves; and the objects made at start-up are moved out of the garbage
    collector's sight (``gc.freeze``) with a larger young generation, so its
    pauses, which every connected player would feel, stay short and rare.
    """
    import uvicorn

    config = server_config(app, host=host, port=port, backlog=4096)
    quiet_server_log()
    server = uvicorn.Server(config)
    unannounced: list[OSError] = []
    if on_ready is not None:
        _call_once_started(server, on_ready, unannounced)
    # A socket bound beforehand lets the command report a busy port before announcing itself.
    sockets = None if listener is None else [listener]
    loop_factory = getattr(config, "get_loop_factory", lambda: None)()  # uvicorn ≥ 0.36
    with asyncio.Runner(loop_factory=loop_factory) as runner:
        runner.run(_open_then_serve(app, server, sockets))
    if unannounced:  # stopped, as it started, for the caller to say why in its words
        raise unannounced[0]


class _ServerLog(logging.Filter):
    """What uvicorn logs as an error that is none of the server's: put in one line, or
    left out.

    - A websocket text message that is not UTF-8: uvicorn closes the socket (code 1007),
      as it should, but logs the decoding error's traceback as if the server had failed.
      A client's bad bytes are its own mistake, so the log says so in one line.
    - Ctrl-C while uvicorn starts or stops: the app's lifespan is cancelled and Starlette
      hands uvicorn the whole traceback to log. The command says "interrupted" and exits
      130 anyway, so that traceback is only noise.
    """

    def filter(self, record: logging.LogRecord) -> bool:
        # Only uvicorn's own words for it: the app's UnicodeDecodeError would be a bug to see.
        if (record.exc_info and isinstance(record.exc_info[1], UnicodeDecodeError)
                and str(record.msg).startswith("Invalid UTF-8")):
            record.msg = BAD_TEXT_LINE
            record.args = ()
            record.exc_info = record.exc_text = None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return not _interrupted_lifespan(record)


def _interrupted_lifespan(record: logging.LogRecord) -> bool:
    """Whether ``record`` is the lifespan's traceback of a Ctrl-C (Starlette's text of it)."""
    text = record.msg if isinstance(record.msg, str) else ""
    return text.startswith("Traceback (most recent call last)") and (
        "\nKeyboardInterrupt" in text)


BAD_TEXT_LINE = ("a client sent a websocket text message that is not UTF-8: "
                 "its connection was closed (code 1007)")


def quiet_server_log() -> None:
    """Put :class:`_ServerLog` on uvicorn's error log, once (after uvicorn.Config, which
    sets that log up)."""
    uvicorn_log = logging.getLogger("uvicorn.error")
    if not any(isinstance(each, _ServerLog) for each in uvicorn_log.filters):
        uvicorn_log.addFilter(_ServerLog())


def _call_once_started(server: Any, on_ready: Callable[[], None],
                       unannounced: list[OSError]) -> None:
    """Call ``on_ready`` (announce the address) once uvicorn serves, not before: from then
    on Ctrl-C is uvicorn's to handle, with a graceful shutdown. One pressed in the moment
    before, during uvicorn's own start, cancels its start-up and prints a traceback.

    If the address cannot be written (``> /dev/full``), nobody can be told where to come:
    the server stops at once, its failure kept in ``unannounced``. Raised inside uvicorn's
    start, it was logged as a lifespan traceback before the command's own one line."""
    start = server.startup

    async def start_then_call(sockets: list[socket.socket] | None = None) -> None:
        await start(sockets=sockets)
        if server.started and not server.should_exit:
            try:
                on_ready()
            except OSError as error:
                unannounced.append(error)
                server.should_exit = True  # uvicorn then shuts down as after Ctrl-C

    server.startup = start_then_call


async def _open_then_serve(app: Starlette, server: Any,
                           sockets: list[socket.socket] | None) -> None:
    """Open the rooms database on the serving loop before the first visitor: the server
    holds it from the start, so a second server on it is refused as it starts, not left
    running to fail at its first room. Raises StoreError (the caller says why).

    The database is closed on every way out: uvicorn's shutdown closes it when it ran, but
    not after Ctrl-C before serving, a failed start or a forced quit (Ctrl-C twice).
    """
    rooms: RoomServer | None = getattr(app.state, "gofish_rooms", None)
    try:
        if rooms is not None:
            await rooms.ready()
        # A Ctrl-C pressed while the database opened stops here: met inside uvicorn's
        # start, the cancellation is logged by its lifespan as an error with a traceback.
        await asyncio.sleep(0)
        gc.collect()
        gc.freeze()
        gc.set_threshold(20_000, 20, 20)
        await server.serve(sockets=sockets)
    finally:
        if rooms is not None:
            await _close_even_if_cancelled(rooms)


async def _close_even_if_cancelled(rooms: RoomServer) -> None:
    """Close ``rooms`` to the end (its lock let go) even in a task being cancelled (the
    first Ctrl-C before serving), then let the cancellation go on; a second Ctrl-C still
    quits at once."""
    closing = asyncio.ensure_future(rooms.close())
    interrupted: asyncio.CancelledError | None = None
    while not closing.done():
        try:
            await asyncio.shield(closing)
        except asyncio.CancelledError as error:
            interrupted = error
    if interrupted is not None:
        raise interrupted
    closing.result()

