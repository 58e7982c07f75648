"""Where the games database lives by default."""

from __future__ import annotations

import os
from pathlib import Path

DB_ENV = "GOFISH_DB"
DB_FILENAME = "games.sqlite3"


def default_db_path() -> Path:
    """``$GOFISH_DB`` if set, else ``$XDG_DATA_HOME/gofish/games.sqlite3``.

    ``XDG_DATA_HOME`` defaults to ``~/.local/share`` (the XDG base directory spec).
    """
    override = os.environ.get(DB_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    data_home = os.environ.get("XDG_DATA_HOME", "").strip()
    # The spec says a relative XDG_DATA_HOME is invalid and must be ignored.
    base = Path(data_home) if data_home and os.path.isabs(data_home) else (
        Path.home() / ".local" / "share"
    )
    return base / "gofish" / DB_FILENAME
