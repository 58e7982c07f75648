"""The browser server tries a games database that would not open again after a while,
instead of running without saving until it is restarted."""

from __future__ import annotations

from pathlib import Path

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
