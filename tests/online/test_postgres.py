"""The same rooms on a real PostgreSQL server: a throwaway cluster started for these tests.

scripts/setup-test-system.sh installs the server (Debian's postgresql); the
cluster runs as an unprivileged user in a temporary folder on a free port.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shlex
import shutil
import signal
import socket
import subprocess
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette

from .conftest import PATIENT
from .helpers import Player, connect, create_room, join_room, play, play_to_end, serving


def _server_binaries() -> Path | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    binaries = _server_binaries()
    if binaries is None:
        pytest.skip("no PostgreSQL server binaries under /usr/lib/postgresql "
                    "(scripts/setup-test-system.sh installs them)")
    folder = Path(tempfile.mkdtemp(prefix="gofish-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        account = pwd.getpwnam("postgres" if _has_user("postgres") else "nobody")
        os.chown(folder, account.pw_uid, account.pw_gid)
        as_user = ["runuser", "-u", account.pw_name, "--"]
    data, port = folder / "data", _free_port()
    quiet = {"check": True, "capture_output": True, "timeout": 120}
    subprocess.run([*as_user, str(binaries / "initdb"), "-D", str(data), "-U", "gofish",
                    "--auth=trust", "-E", "UTF8", "--no-sync"], **quiet)
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run([*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-l",
                    str(folder / "server.log"), "-w", "-o", options, "start"], **quiet)
    stop = [*as_user, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]
    watchdog = _stop_when_gone(os.getpid(), stop, folder)
    try:
        yield f"postgresql://gofish@127.0.0.1:{port}/postgres"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.kill(watchdog, signal.SIGKILL)
        subprocess.run(stop, capture_output=True, timeout=60)
        shutil.rmtree(folder, ignore_errors=True)


def _stop_when_gone(pid: int, stop: list[str], folder: Path) -> int:
    """The pid of a process that stops the cluster and removes ``folder`` once ``pid`` (this
    test process) is gone: a run killed by a timeout skips the fixture's own teardown, and
    the servers it started ran on for hours. It is started in the background by a shell
    that then exits, so it is no child of this process (tests check they leave none)."""
    watch = (f"while kill -0 {pid} 2>/dev/null; do sleep 2; done; "
             f"{shlex.join(stop)} >/dev/null 2>&1; rm -rf {shlex.quote(str(folder))}")
    started = subprocess.run(
        ["sh", "-c", f"sh -c {shlex.quote(watch)} </dev/null >/dev/null 2>&1 & echo $!"],
        capture_output=True, text=True, check=True, timeout=30, start_new_session=True)
    return int(started.stdout)


def _has_user(name: str) -> bool:
    try:
        pwd.getpwnam(name)
    except KeyError:
        return False
    return True


def test_a_room_survives_a_restart_on_postgresql(
    postgres_url: str, make_app: Callable[..., Starlette]
) -> None:
    with serving(make_app(url=postgres_url)) as client:
        made = create_room(client, "Ann", players=3, rules={"preset": "bicycle"})
        code = made["code"]
        bob_token = join_room(client, code, "Bob")["token"]
        ann, bob = connect(client, code, made["token"]), connect(client, code, bob_token)
        ann.command("add_bot", seat=2, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
        ann.command("start")
        ann.read_until(lambda m: m["type"] == "update" and m["game"] is not None)
        play([ann, bob], asks=4)
        version, hands = ann.version, (ann.game["hand"], bob.game["hand"])
    assert _stored_entries(postgres_url, code) == version  # one row per change, nothing more

    # PATIENT: the away clocks start when Ann's socket loads the room; under FAST a stand-in
    # would play Bob's turn if his socket opened 0.4 s later (a busy machine), changing his hand.
    with serving(make_app(PATIENT, url=postgres_url)) as client:
        again: list[Player] = [connect(client, code, token) for token in (made["token"], bob_token)]
        assert again[0].version == version
        assert (again[0].game["hand"], again[1].game["hand"]) == hands
        final = play_to_end(again)
        assert final["winners"]
        assert _stored_entries(postgres_url, code) == again[0].version


def _stored_entries(url: str, code: str) -> int:
    import psycopg

    with psycopg.connect(url) as db:
        row = db.execute("SELECT count(*), max(seq) FROM online_entries WHERE room = %s",
                         (code,)).fetchone()
    assert row is not None and row[0] == row[1]  # 1..n with no gaps
    return int(row[0])
