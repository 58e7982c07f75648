"""Games on disk: a local SQLite database of records, seats and results.

Imports the rules core; the core never imports this. See ``docs/storage.md``.

    >>> import gofish, tempfile, pathlib
    >>> from gofish.storage import open_store
    >>> game = gofish.new_game("classic", seed=3)
    >>> seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
    >>> with open_store(pathlib.Path(tempfile.mkdtemp()) / "games.sqlite3") as store:
    ...     game_id = store.save(gofish.game_to_record(game), seats=seats)
    ...     store.get(game_id).over
    False
"""

from gofish.storage.errors import DamagedGameError, StorageError, UnknownGameError
from gofish.storage.paging import CursorError, GamesPage, PageKey, read_cursor
from gofish.storage.paths import DB_ENV, default_db_path
from gofish.storage.store import (
    HUMAN,
    FallbackSaver,
    ResultPoint,
    StatsRow,
    Store,
    StoredGame,
    UnsavedLines,
    open_saver,
    open_store,
    save_game,
)

__all__ = [
    "DB_ENV",
    "HUMAN",
    "CursorError",
    "DamagedGameError",
    "FallbackSaver",
    "GamesPage",
    "PageKey",
    "ResultPoint",
    "StatsRow",
    "StorageError",
    "Store",
    "StoredGame",
    "UnknownGameError",
    "UnsavedLines",
    "default_db_path",
    "open_saver",
    "open_store",
    "read_cursor",
    "save_game",
]
