"""Storage failures, each with a message a player can act on."""

from __future__ import annotations

from pathlib import Path


class StorageError(Exception):
    """Anything that went wrong reading or writing the games database.

    ``fallback_path`` is set when a game could not go into the database and was
    written to a JSON Lines file instead, so that it is not lost.
    """

    def __init__(self, message: str, *, fallback_path: Path | None = None) -> None:
        super().__init__(message)
        self.fallback_path = fallback_path


class UnknownGameError(StorageError):
    """No stored game has the id asked for."""

    def __init__(self, game_id: object) -> None:
        super().__init__(f"there is no stored game with id {game_id}")
        self.game_id = game_id


class DamagedGameError(StorageError):
    """A stored game whose row cannot be read back (edited by hand, or a bad disk)."""

    def __init__(self, game_id: int, path: Path) -> None:
        super().__init__(f"game {game_id} in the games database {path} is damaged and cannot "
                         "be read; it may have been edited by hand")
        self.game_id = game_id
