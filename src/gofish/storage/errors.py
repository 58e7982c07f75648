"""Storage failures, each with a message a player can act on."""

from __future__ import annotations

from pathlib import Path

from gofish.core.errors import whole_number


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
        super().__init__(_no_game_with(game_id))
        self.game_id = game_id


def _no_game_with(game_id: object) -> str:
    """Why there is no game ``game_id``: a number not stored, or not a game id at all (the
    text '1' was told "no stored game with id 1" while game 1 was there)."""
    if whole_number(game_id) is not None:
        return f"there is no stored game with id {game_id}"
    return (f"there is no stored game with id {game_id!r}: a game id is a whole number, "
            f"not {_kind_of(game_id)}")


def _kind_of(value: object) -> str:
    if isinstance(value, str):
        return "text"
    if value is None or isinstance(value, bool):
        return repr(value)
    return f"a {type(value).__name__}"


class DamagedGameError(StorageError):
    """A stored game whose row cannot be read back (edited by hand, or a bad disk)."""

    def __init__(self, game_id: int, path: Path) -> None:
        super().__init__(f"game {game_id} in the games database {path} is damaged and cannot "
                         "be read; it may have been edited by hand")
        self.game_id = game_id
