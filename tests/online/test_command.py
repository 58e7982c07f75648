"""``gofish rooms``: its options are checked before anything starts."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main


@pytest.mark.parametrize(
    ("argv", "reason"),
    [
        (["rooms", "--away-seconds", "soon"], "number of seconds"),
        (["rooms", "--bot-delay", "-1"], "from 0 to 86400"),
        (["rooms", "--turn-seconds", "-5"], "a turn's time is from 0 (no limit) to 86400"),
        (["rooms", "--port", "70000"], "0 to 65535"),
    ],
)
def test_bad_options_are_refused_with_a_reason(
    argv: list[str], reason: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    assert reason in capsys.readouterr().err


def test_the_turn_clock_option_reaches_the_rooms(tmp_path: Path) -> None:
    from gofish.cli import build_parser
    from gofish.cli.rooms import rooms_app

    def turn_seconds(*option: str) -> float:
        args = build_parser().parse_args(
            ["rooms", "--database", str(tmp_path / "rooms.sqlite3"), *option])
        return float(rooms_app(args).state.gofish_rooms.settings.turn_seconds)

    assert turn_seconds() == 90
    assert turn_seconds("--turn-seconds", "45") == 45
    assert turn_seconds("--turn-seconds", "0") == 0  # no clock


def test_an_unsupported_database_is_refused_clearly() -> None:
    from gofish.online.store import StoreError, store_for

    with pytest.raises(StoreError, match="unsupported database mysql://"):
        store_for("mysql://somewhere/db")
    assert type(store_for("postgresql://x@127.0.0.1/db")).__name__ == "PostgresStore"
    assert type(store_for("sqlite:///tmp/r.sqlite3")).__name__ == "SqliteStore"


def test_postgres_without_psycopg_says_how_to_get_it(monkeypatch: pytest.MonkeyPatch) -> None:
    import asyncio
    import sys

    from gofish.online.store import StoreError, store_for

    monkeypatch.setitem(sys.modules, "psycopg", None)
    with pytest.raises(StoreError) as refused:
        asyncio.run(store_for("postgresql://x@127.0.0.1/db").open())
    # Not 'pip install gofish[postgres]': gofish on PyPI is an unrelated project.
    assert "pip install 'psycopg[binary]'" in str(refused.value)
    assert "gofish[" not in str(refused.value)


def test_rooms_on_a_busy_port_says_so_instead_of_announcing_an_address(tmp_path: object) -> None:
    import socket
    import subprocess
    import sys

    with socket.create_server(("127.0.0.1", 0)) as busy:
        port = busy.getsockname()[1]
        done = subprocess.run(
            [sys.executable, "-m", "gofish", "rooms", "--port", str(port),
             "--database", f"{tmp_path}/rooms.sqlite3"],
            capture_output=True, text=True, timeout=30,
        )
    assert done.returncode == 1
    assert "gofish rooms at" not in done.stdout  # it never claimed to serve
    assert f"cannot listen on 127.0.0.1 port {port}: Address already in use" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize(
    ("url", "reason"),
    [
        ("mysql://x", "unsupported database mysql://"),
        ("sqlite:///", "names no file"),
        ("sqlite://", "names no file"),
        ("sqlite:///:memory:", "names no file"),
        (":memory:", "names no file"),
        ("", "names no file"),
    ],
)
def test_a_bad_rooms_database_is_refused_before_the_server_starts(
    url: str, reason: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import gofish.cli.rooms

    def never(*_: object) -> None:
        raise AssertionError("the server was started")

    monkeypatch.setattr(gofish.cli.rooms, "listen_or_explain", never)
    assert main(["rooms", "--port", "0", "--database", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gofish rooms: ") and reason in err
    assert err.count("\n") == 1


@pytest.mark.parametrize("kind", ["a folder", "not a database"])
def test_a_rooms_database_that_cannot_be_opened_is_refused_before_the_server_starts(
    kind: str, tmp_path: Path, capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import gofish.cli.rooms

    path = tmp_path / "rooms.db"
    if kind == "a folder":
        path.mkdir()
    else:
        path.write_text("a shopping list, not SQLite\n" * 100)
    monkeypatch.setattr(gofish.cli.rooms, "listen_or_explain", None)  # never reached
    assert main(["rooms", "--port", "0", "--database", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gofish rooms: cannot open the rooms database {path}: ")
    assert err.count("\n") == 1
    if kind == "a folder":  # said so, not SQLite's "unable to open database file"
        assert err.endswith(": it is a folder, not a file (name a file in it instead)\n")
    if kind == "not a database":
        assert path.read_text().startswith("a shopping list")  # left as it was


def test_serve_refuses_a_bad_rooms_database_from_the_environment(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import gofish.cli.serve

    monkeypatch.setenv("GOFISH_ROOMS_DB", "mysql://x")
    monkeypatch.setattr(gofish.cli.serve, "listen_or_explain", None)  # never reached
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err == ("gofish serve: unsupported database mysql://: use a file path, "
                   "sqlite:///path or postgresql://… (from $GOFISH_ROOMS_DB)\n")


def test_sqlite_urls_follow_sqlalchemy_three_slashes_relative_four_absolute() -> None:
    from gofish.online.store import SqliteStore, store_for

    relative, absolute = store_for("sqlite:///rooms/r.db"), store_for("sqlite:////srv/r.db")
    assert isinstance(relative, SqliteStore) and isinstance(absolute, SqliteStore)
    assert (relative.path, absolute.path) == ("rooms/r.db", "/srv/r.db")


def test_a_host_name_that_is_not_utf8_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "0", "--host", "h\udcff"]) == 1
    err = capsys.readouterr().err
    assert err == "gofish serve: cannot listen on h\ufffd port 0: not a valid host name\n"


def test_serve_opens_a_rooms_database_named_in_the_environment_before_it_starts(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import gofish.cli.serve

    monkeypatch.setenv("GOFISH_ROOMS_DB", str(tmp_path))  # a folder
    monkeypatch.setattr(gofish.cli.serve, "listen_or_explain", None)  # never reached
    assert main(["serve", "--port", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gofish serve: cannot open the rooms database {tmp_path}: ")
    assert err.endswith("(from $GOFISH_ROOMS_DB)\n")


@pytest.mark.parametrize("host", ["0.0.0.0", "::"])
def test_listening_on_every_address_announces_one_a_friend_can_open(
    host: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "gofish rooms --host 0.0.0.0" said "at http://0.0.0.0:8000/rooms": a room opened
    # from there handed out invite links to 0.0.0.0, which open on no other machine.
    import socket

    from gofish.cli import _server

    with socket.create_server(("127.0.0.1", 0)) as listener:
        port = listener.getsockname()[1]
        shown = _server.address(host, listener, "/rooms")
        assert "0.0.0.0" not in shown and "[::]" not in shown
        monkeypatch.setattr(_server, "network_address", lambda: "192.168.1.20")
        assert _server.address(host, listener, "/rooms") == f"http://192.168.1.20:{port}/rooms"
        assert _server.address("127.0.0.1", listener) == f"http://127.0.0.1:{port}/"


def test_a_second_rooms_server_on_a_database_is_refused_as_it_starts(tmp_path: Path) -> None:
    """Rooms live in one server's memory. The first server now holds its database from
    the start, so a second one is refused at once, even before anyone opened a room
    (it used to start, and fail at its first visitor)."""
    import subprocess
    import sys

    database = str(tmp_path / "rooms.sqlite3")
    command = [sys.executable, "-m", "gofish", "rooms", "--port", "0", "--database", database]
    first = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert first.stdout is not None
        assert first.stdout.readline().startswith("gofish rooms at http://")
        second = subprocess.run(command, capture_output=True, text=True, timeout=30)
    finally:
        first.terminate()
        first.communicate(timeout=30)
    assert second.returncode == 2
    assert second.stdout == ""  # never announced an address
    assert "is in use by another gofish rooms server" in second.stderr
    assert "Traceback" not in second.stderr


def test_a_server_that_loses_its_database_after_the_check_says_so_without_serving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another server takes the database between the start-up check and the opening for
    good: a clear refusal, no address announced, nothing served."""
    import asyncio

    import gofish.cli.rooms
    from gofish.online.store import SqliteStore

    database = str(tmp_path / "rooms.sqlite3")
    monkeypatch.setattr(gofish.cli.rooms, "rooms_database_ok", lambda *_: True)  # lost the race

    async def run_beside_another_server() -> int:
        other = SqliteStore(database)
        await other.open()
        try:
            return await asyncio.to_thread(main, ["rooms", "--port", "0", "--database", database])
        finally:
            await other.close()

    assert asyncio.run(run_beside_another_server()) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert err.startswith("gofish rooms: ") and "in use by another gofish rooms server" in err


def test_behind_a_forwarding_proxy_the_limits_count_each_forwarded_address(
    tmp_path: Path,
) -> None:
    """A tunnel on this machine passes every friend on from 127.0.0.1, saying whom in
    X-Forwarded-For: `gofish rooms` (uvicorn) counts its per-address limits by that, so
    one guesser through the tunnel is refused while the others are not."""
    import json
    import urllib.error
    import urllib.request

    from .browser_support import RoomsServer, started

    def join_status(url: str, forwarded_for: str) -> int:
        request = urllib.request.Request(
            f"{url}/rooms/ABCDEF/join", data=json.dumps({"name": "x"}).encode(),
            headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded_for})
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return int(response.status)
        except urllib.error.HTTPError as error:
            return error.code

    with started(RoomsServer(tmp_path)) as rooms:
        friends = [join_status(rooms.url, f"198.51.100.{n}") for n in range(1, 41)]
        guesser = [join_status(rooms.url, "203.0.113.9") for _ in range(31)]
    assert set(friends) == {404}  # 40 misses, each from an address of its own
    assert guesser[:30] == [404] * 30 and guesser[30] == 429
