"""The browser server tries a games database that would not open again after a while,
instead of running without saving until it is restarted."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.storage import open_store
from gofish.web import app as web_app
from gofish.web.app import StoreHolder


def test_a_database_that_would_not_open_is_tried_again_after_a_while(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    path.mkdir()  # a folder where the database should be: it cannot open
    now = [0.0]
    holder = StoreHolder(path, clock=lambda: now[0])
    assert holder.get() is None and holder.error is not None and str(path) in holder.error

    path.rmdir()  # the way is clear again
    now[0] = web_app.REOPEN_AFTER - 1
    assert holder.get() is None  # too soon: not every request pays for a failing open
    assert not path.exists()

    now[0] = web_app.REOPEN_AFTER
    store = holder.get()
    assert store is not None and holder.error is None and path.is_file()
    assert holder.get() is store  # opened once, then kept
    holder.close()


def test_a_database_opened_only_to_read_is_opened_afresh_after_a_while(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "games.sqlite3"
    open_store(path).close()
    real_access = os.access
    read_only = [True]  # CI runs as root, who may write anything: a read-only file, simulated

    def access(target: Any, mode: int, **kwargs: Any) -> bool:
        refused = read_only[0] and mode == os.W_OK and os.path.abspath(target) == str(path)
        return not refused and real_access(target, mode, **kwargs)

    monkeypatch.setattr(os, "access", access)
    now = [0.0]
    holder = StoreHolder(path, clock=lambda: now[0])
    first = holder.get()
    assert first is not None and first.opened_read_only

    read_only[0] = False  # its owner makes it writable again
    now[0] = web_app.REOPEN_AFTER - 1
    assert holder.get() is first  # not reopened on every request
    now[0] = web_app.REOPEN_AFTER
    second = holder.get()
    assert second is not None and second is not first and not second.opened_read_only
    game_id = second.save(gofish.game_to_record(gofish.new_game("classic", 2, seed=1)),
                          seats=[{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}])
    assert second.get(game_id).id == game_id  # saves again, without a restart
    now[0] = 10 * web_app.REOPEN_AFTER
    assert holder.get() is second  # a writable one is kept
    holder.close()
