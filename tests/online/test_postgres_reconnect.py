"""The PostgreSQL rooms store when its connection is lost (the server restarted, the network
dropped it): it connects again by itself, unless another rooms server took the database over
meanwhile. The loss is forced by ending the store's server process from a second connection.
Runs on the throwaway cluster of test_postgres.py."""

from __future__ import annotations

import asyncio
import datetime
import json
import time
import uuid
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from gofish.online.store import DuplicateKey, PostgresStore, StoreError, _PostgresLink

from .test_postgres import postgres_url  # noqa: F401 - the cluster, as a fixture

psycopg = pytest.importorskip("psycopg")


@pytest.fixture
def url(postgres_url: str) -> str:  # noqa: F811
    _wait_until_nobody_holds_the_rooms(postgres_url)
    return postgres_url


def _wait_until_nobody_holds_the_rooms(url: str) -> None:
    """Let the sessions of earlier tests end first. A connection closed while it holds the
    rooms' lock (these tests' rivals do) frees it only when its server process has ended,
    a moment later: a store opened meanwhile is refused as a second server."""
    deadline = time.monotonic() + 10
    while _rooms_lock_holders(url) and time.monotonic() < deadline:
        time.sleep(0.02)


def _rooms_lock_holders(url: str, pid: int | None = None) -> list[int]:
    """The sessions holding the rooms' advisory lock (only ``pid``'s, if given)."""
    with psycopg.connect(url) as db:
        return [holder for (holder,) in db.execute(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted"
            " AND (%s::int IS NULL OR pid = %s::int)", (pid, pid))]


NOW = "2026-01-01T00:00:00+00:00"
SEAT = {"seat": 0, "name": "Ann"}
TAKE_THE_ROOMS = "SELECT pg_advisory_lock(hashtext(current_schema() || '.online_rooms'))"


def _on_open_store(url: str, scenario: Callable[[PostgresStore], Awaitable[Any]]) -> Any:
    async def run() -> Any:
        store = PostgresStore(url)
        await store.open()
        try:
            return await scenario(store)
        finally:
            await store.close()

    return asyncio.run(run())


def _cut_the_store_off(url: str) -> list[int]:
    """End the store's server process, waiting until it is gone (its lock with it)."""
    pids = _store_pids(url)
    assert pids
    with psycopg.connect(url, autocommit=True) as db:
        for pid in pids:
            db.execute("SELECT pg_terminate_backend(%s, 5000)", (pid,))
    return pids


def _store_pids(url: str) -> list[int]:
    with psycopg.connect(url) as db:
        return [pid for (pid,) in db.execute(
            "SELECT pid FROM pg_stat_activity WHERE application_name = 'gofish rooms'")]


def _store_pids_left(url: str, seconds: float = 10.0) -> list[int]:
    """The store's server processes still there once those whose connection was closed
    have had ``seconds`` to end: a process leaves pg_stat_activity a moment after its
    client hangs up, not at once, so a look straight after the close could still list it."""
    deadline = time.monotonic() + seconds
    while (pids := _store_pids(url)) and time.monotonic() < deadline:
        time.sleep(0.05)
    return pids


def _stored(url: str, code: str) -> list[tuple[int, str, Any]]:
    with psycopg.connect(url) as db:
        rows = db.execute("SELECT seq, kind, data FROM online_entries WHERE room = %s "
                          "ORDER BY seq", (code,)).fetchall()
    return [(seq, kind, json.loads(data)) for seq, kind, data in rows]


async def _new_room(store: PostgresStore) -> str:
    code = uuid.uuid4().hex[:10]
    await store.create_room(code, {"preset": "bicycle"}, 2, NOW)
    return code


def test_a_write_after_the_connection_was_lost_is_stored_once(url: str) -> None:
    async def scenario(store: PostgresStore) -> str:
        code = await _new_room(store)
        lost = _cut_the_store_off(url)
        await store.append(code, 1, "seat", SEAT, NOW)
        await store.append(code, 2, "start", {}, NOW)  # and the new connection goes on
        assert _store_pids(url) and not set(_store_pids(url)) & set(lost)
        return code

    code = _on_open_store(url, scenario)
    assert _stored(url, code) == [(1, "seat", SEAT), (2, "start", {})]


def test_a_read_after_the_connection_was_lost_succeeds(url: str) -> None:
    async def scenario(store: PostgresStore) -> None:
        code = await _new_room(store)
        await store.append(code, 1, "seat", SEAT, NOW)
        _cut_the_store_off(url)
        room = await store.load_room(code)
        assert room is not None and room.entries == [(1, "seat", SEAT)]

    _on_open_store(url, scenario)


def test_a_row_the_lost_commit_stored_after_all_counts_as_written(url: str) -> None:
    """A COMMIT whose answer is lost with the connection may have been applied: written again,
    the same row is a success, not a taken key; another row at that key still is one."""
    async def scenario(store: PostgresStore) -> str:
        code = await _new_room(store)
        with psycopg.connect(url) as db:  # as the lost commit may have done
            for seq, kind, data in ((1, "seat", SEAT), (2, "start", {})):
                db.execute("INSERT INTO online_entries VALUES (%s, %s, %s, %s, %s)",
                           (code, seq, kind, json.dumps(data), NOW))
            db.execute("INSERT INTO online_rooms VALUES (%s, %s, %s, %s)",
                       (code + "x", json.dumps({"preset": "bicycle"}), 2, NOW))
        with pytest.raises(DuplicateKey):  # no connection lost: nothing was in doubt
            await store.append(code, 1, "seat", SEAT, NOW)
        _cut_the_store_off(url)
        await store.append(code, 1, "seat", SEAT, NOW)
        _cut_the_store_off(url)
        await store.create_room(code + "x", {"preset": "bicycle"}, 2, NOW)
        _cut_the_store_off(url)
        with pytest.raises(DuplicateKey):
            await store.append(code, 2, "leave", SEAT, NOW)
        return code

    code = _on_open_store(url, scenario)
    assert _stored(url, code) == [(1, "seat", SEAT), (2, "start", {})]


def test_a_server_that_took_the_database_over_meanwhile_is_left_alone(url: str) -> None:
    async def scenario(store: PostgresStore) -> str:
        code = await _new_room(store)
        with psycopg.connect(url, autocommit=True) as rival:
            _cut_the_store_off(url)
            rival.execute(TAKE_THE_ROOMS)
            for _ in range(2):  # every operation, not only the one that found out
                with pytest.raises(StoreError, match="another gofish rooms server now holds"):
                    await store.append(code, 1, "seat", SEAT, NOW)
                with pytest.raises(StoreError, match="another gofish rooms server now holds"):
                    await store.load_room(code)
        with pytest.raises(StoreError, match="another gofish rooms server now holds"):
            await store.append(code, 1, "seat", SEAT, NOW)  # for good: its rooms are stale
        assert _store_pids_left(url) == []  # every connection it made was closed
        return code

    code = _on_open_store(url, scenario)
    assert _stored(url, code) == []


def test_the_lost_session_still_holding_the_lock_is_ended(url: str) -> None:
    """After a network cut the server may not have noticed yet that the old connection is
    gone: its session holds the lock, and is no other rooms server. Here a second connection
    plays that lingering session."""
    async def scenario(store: PostgresStore) -> str:
        code = await _new_room(store)
        with psycopg.connect(url, autocommit=True) as lingering:
            _cut_the_store_off(url)
            lingering.execute(TAKE_THE_ROOMS)
            store._link._session = _session(lingering)
            await store.append(code, 1, "seat", SEAT, NOW)
            with pytest.raises(psycopg.OperationalError):
                lingering.execute("SELECT 1")
        return code

    code = _on_open_store(url, scenario)
    assert _stored(url, code) == [(1, "seat", SEAT)]


def _session(db: Any) -> tuple[int, Any]:
    return tuple(db.execute("SELECT pid, backend_start FROM pg_stat_activity "  # type: ignore
                            "WHERE pid = pg_backend_pid()").fetchone())


def test_another_server_whose_process_number_was_ours_is_not_ended(url: str) -> None:
    """After PostgreSQL restarted, another rooms server's session may have the process number
    our lost one had: it is that server (another start time), so this one stands down
    rather than end it and take the rooms from under it."""
    async def scenario(store: PostgresStore) -> None:
        with psycopg.connect(url, autocommit=True) as rival:
            _cut_the_store_off(url)
            rival.execute(TAKE_THE_ROOMS)
            pid, started = _session(rival)
            store._link._session = (pid, started - datetime.timedelta(seconds=1))
            with pytest.raises(StoreError, match="another gofish rooms server now holds"):
                await store.load_room("abcdef")
            assert rival.execute("SELECT 1").fetchone() == (1,)  # not ended

    _on_open_store(url, scenario)


def test_an_unreachable_database_fails_in_a_few_seconds_and_is_tried_again_later(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 2 s: room for the server's refusal to come back on a busy machine too.
    monkeypatch.setattr(_PostgresLink, "RECONNECT_SECONDS", 2.0)
    monkeypatch.setattr(_PostgresLink, "RETRY_PAUSE_SECONDS", 60.0)
    other_database = url.rsplit("/", 1)[0] + "/template1"

    async def scenario(store: PostgresStore) -> str:
        code = await _new_room(store)
        with psycopg.connect(other_database, autocommit=True) as admin:
            _cut_the_store_off(url)
            admin.execute("ALTER DATABASE postgres ALLOW_CONNECTIONS false")
            try:
                started = time.monotonic()
                with pytest.raises(StoreError, match="cannot reach the rooms database"):
                    await store.append(code, 1, "seat", SEAT, NOW)
                assert time.monotonic() - started < 5.0  # bounded, not a hang
                started = time.monotonic()  # just given up: the next one fails at once
                with pytest.raises(StoreError, match="not currently accepting connections"):
                    await store.load_room(code)
                assert time.monotonic() - started < 0.5  # not another second of attempts
            finally:
                admin.execute("ALTER DATABASE postgres ALLOW_CONNECTIONS true")
        monkeypatch.setattr(_PostgresLink, "RETRY_PAUSE_SECONDS", 0.0)
        await store.append(code, 1, "seat", SEAT, NOW)  # back: the store is too
        return code

    code = _on_open_store(url, scenario)
    assert _stored(url, code) == [(1, "seat", SEAT)]


@pytest.mark.parametrize(("answers", "said"), [
    # The second attempt, cut off by the deadline, says less than the first's refusal.
    (["refuse", "hang"], "2 attempts in 1 s to connect again failed (the server said no)"),
    (["hang"], "1 attempt in 1 s to connect again failed (no answer)"),
])
def test_giving_up_names_the_servers_last_refusal_if_it_gave_one(
    url: str, monkeypatch: pytest.MonkeyPatch, answers: list[str], said: str
) -> None:
    # On a busy machine the last attempt ran into the deadline, and "no answer" replaced the
    # refusals before it ("the database is not accepting connections").
    monkeypatch.setattr(_PostgresLink, "RECONNECT_SECONDS", 1.0)

    async def scenario(store: PostgresStore) -> str:
        code = await _new_room(store)
        left = list(answers)

        async def connect(link: _PostgresLink) -> Any:
            answer = left.pop(0) if len(left) > 1 else left[0]
            if answer == "refuse":
                raise psycopg.OperationalError("the server said no")
            await asyncio.sleep(30)  # never answers

        monkeypatch.setattr(_PostgresLink, "_connect", connect)
        _cut_the_store_off(url)
        with pytest.raises(StoreError) as failure:
            await store.append(code, 1, "seat", SEAT, NOW)
        return str(failure.value)

    message = _on_open_store(url, scenario)
    assert message == ("cannot reach the rooms database: the connection to PostgreSQL was "
                       f"lost and {said}; the next read or write tries again")


def test_writes_pending_when_the_store_closes_fail_promptly(url: str) -> None:
    async def scenario(store: PostgresStore) -> None:
        code = await _new_room(store)
        with psycopg.connect(url) as blocker:  # its transaction holds the table
            blocker.execute("LOCK TABLE online_entries IN ACCESS EXCLUSIVE MODE")
            under_way = asyncio.ensure_future(store.append(code, 1, "seat", SEAT, NOW))
            await asyncio.sleep(0.3)  # sent, waiting for the table
            queued = asyncio.ensure_future(store.append(code, 2, "start", {}, NOW))
            await asyncio.sleep(0)
            closing = asyncio.ensure_future(store.close())
            with pytest.raises(StoreError, match="not saved: the rooms database is closing"):
                await asyncio.wait_for(queued, 0.5)
            await asyncio.wait_for(closing, 5.0)
            with pytest.raises(StoreError, match="closed before this was confirmed"):
                await asyncio.wait_for(under_way, 0.5)
            blocker.rollback()
        with pytest.raises(StoreError, match="not open"):
            await asyncio.wait_for(store.append(code, 3, "start", {}, NOW), 0.5)

    _on_open_store(url, scenario)


def _tcp_settings(store: PostgresStore) -> dict[str, int]:
    """The keepalive settings of the store's own socket, as the kernel holds them."""
    import os
    import socket

    with socket.socket(fileno=os.dup(store._link._db.pgconn.socket)) as connection:
        def tcp(option: int) -> int:
            return connection.getsockopt(socket.IPPROTO_TCP, option)

        return {"keepalive": connection.getsockopt(socket.SOL_SOCKET, socket.SO_KEEPALIVE),
                "idle": tcp(socket.TCP_KEEPIDLE), "interval": tcp(socket.TCP_KEEPINTVL),
                "count": tcp(socket.TCP_KEEPCNT), "user_timeout": tcp(socket.TCP_USER_TIMEOUT)}


def test_a_silently_dead_network_is_noticed_in_seconds_not_hours(url: str) -> None:
    """Bounded keepalives on the connection, and on the one made again after a loss: without
    them a query on a dropped network waits for the kernel's default (about 2 hours)."""
    async def scenario(store: PostgresStore) -> list[dict[str, int]]:
        settings = [_tcp_settings(store)]
        _cut_the_store_off(url)
        await store.load_room("nothere")
        return [*settings, _tcp_settings(store)]

    bounded = {"keepalive": 1, "idle": 10, "interval": 5, "count": 3, "user_timeout": 20000}
    assert _on_open_store(url, scenario) == [bounded, bounded]


def test_the_urls_own_keepalive_settings_win(url: str) -> None:
    async def scenario(store: PostgresStore) -> dict[str, int]:
        return _tcp_settings(store)

    own = f"{url}?keepalives_idle=42&tcp_user_timeout=7000"
    settings = _on_open_store(own, scenario)
    assert (settings["idle"], settings["user_timeout"]) == (42, 7000)
    assert (settings["interval"], settings["count"]) == (5, 3)  # those it left unset


def test_a_store_cancelled_while_opening_lets_go_of_the_database(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C as gofish rooms starts cancels the opening: the connection, and the lock it may
    have taken, must not stay behind (a second server would be refused until exit)."""
    claim = _PostgresLink._try_claim
    claimed = asyncio.Event()

    async def claim_then_hang(link: _PostgresLink, db: Any) -> bool:
        taken = await claim(link, db)
        claimed.set()
        await asyncio.Event().wait()
        return taken

    monkeypatch.setattr(_PostgresLink, "_try_claim", claim_then_hang)

    async def scenario() -> None:
        store = PostgresStore(url)
        opening = asyncio.ensure_future(store.open())
        await asyncio.wait_for(claimed.wait(), 5)
        opening.cancel()
        with pytest.raises(asyncio.CancelledError):
            await opening
        # The store is still referenced (as a server's is): nothing may hold on through it.
        assert _store_pids_left(url) == []
        with psycopg.connect(url, autocommit=True) as next_server:
            taken = next_server.execute(TAKE_THE_ROOMS.replace(
                "pg_advisory_lock", "pg_try_advisory_lock")).fetchone()
        assert taken == (True,)
        await store.close()

    asyncio.run(scenario())


def test_inserts_stored_one_by_one_before_a_loss_are_reported_stored(
    url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A batch with a taken key is written insert by insert. Should the connection be lost
    after some of them and not come back, those stored are reported stored (they used to
    fail with the rest), the one refused is refused, and only the one unwritten fails."""
    from gofish.online import store as store_module

    monkeypatch.setattr(_PostgresLink, "RECONNECT_SECONDS", 0.5)
    insert_alone = store_module._insert_alone
    other_database = url.rsplit("/", 1)[0] + "/template1"

    async def insert_then_lose_the_database(db: Any, sql: str, params: tuple[Any, ...],
                                            in_doubt: bool) -> Any:
        outcome = await insert_alone(db, sql, params, in_doubt)
        if params[1] == 2:  # the second of the three: the database goes away now
            _cut_the_store_off(url)
            with psycopg.connect(other_database, autocommit=True) as admin:
                admin.execute("ALTER DATABASE postgres ALLOW_CONNECTIONS false")
        return outcome

    async def scenario(store: PostgresStore) -> tuple[str, list[Any]]:
        code = await _new_room(store)
        with psycopg.connect(url) as db:  # seq 1 is taken, by another entry
            db.execute("INSERT INTO online_entries VALUES (%s, 1, 'seat', %s, %s)",
                       (code, json.dumps({"seat": 0, "name": "Bob"}), NOW))
        monkeypatch.setattr(store_module, "_insert_alone", insert_then_lose_the_database)
        try:
            outcomes = await asyncio.gather(  # one batch
                store.append(code, 1, "seat", SEAT, NOW),
                store.append(code, 2, "start", {}, NOW),
                store.append(code, 3, "ask", {"rank": "A"}, NOW),
                return_exceptions=True)
        finally:
            with psycopg.connect(other_database, autocommit=True) as admin:
                admin.execute("ALTER DATABASE postgres ALLOW_CONNECTIONS true")
        return code, outcomes

    code, (refused, stored, lost) = _on_open_store(url, scenario)
    assert isinstance(refused, DuplicateKey)
    assert stored is None
    assert isinstance(lost, StoreError) and "cannot reach the rooms database" in str(lost)
    assert [seq for seq, _, _ in _stored(url, code)] == [1, 2]


def test_a_connection_closed_under_an_operation_by_the_closing_store_is_a_store_error(
    url: str,
) -> None:
    """The store's close ends with the connection, even under an operation that did not stop
    within the grace: that operation's caller hears StoreError, not an AttributeError."""
    async def scenario(store: PostgresStore) -> None:
        link = store._link

        async def closed_under_it(db: Any, in_doubt: bool) -> None:
            await link.close()
            await db.execute("SELECT 1")

        with pytest.raises(StoreError, match="not open"):
            await link.run(closed_under_it)

    _on_open_store(url, scenario)


def test_a_closing_store_lets_go_of_the_rooms_before_it_hangs_up(url: str) -> None:
    """PostgreSQL frees a closed connection's lock only once its server process has ended, a
    moment later: a server restarted at once (or the next test) was refused now and then as
    "in use by another gofish rooms server". The store now releases it itself; here the lock
    is looked for just as the connection is about to close."""
    held_at_hang_up: list[list[int]] = []

    async def scenario(store: PostgresStore) -> None:
        db = store._link._db
        pid = store._link._session[0]
        assert _rooms_lock_holders(url, pid) == [pid]  # the open store holds it
        hang_up = db.close

        async def look_then_hang_up() -> None:
            held_at_hang_up.append(_rooms_lock_holders(url, pid))
            await hang_up()

        db.close = look_then_hang_up

    _on_open_store(url, scenario)
    assert held_at_hang_up == [[]]
    assert _rooms_lock_holders(url) == []
