"""Storage failures, each with a message a player can act on."""

from __future__ import annotations

import logging
import re
import shlex
from collections.abc import Sequence
from pathlib import Path

from gofish.core.errors import a_kind, digits_cut, short_repr, whole_number


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
    number = whole_number(game_id)
    if number is not None:
        return f"there is no stored game with id {_id_shown(number)}"
    return (f"there is no stored game with id {short_repr(game_id)}: a game id is a whole "
            f"number, not {_kind_of(game_id)}")


def _id_shown(number: int) -> str:
    """An id as said in a refusal: one of thousands of digits was echoed whole (past 4,300,
    a ValueError), so a long one is cut as the commands cut a long number they print."""
    try:
        return digits_cut(str(number))
    except ValueError:  # past Python's 4,300-digit limit for text
        return "a number too long to show"


def _kind_of(value: object) -> str:
    if isinstance(value, str):
        return "text"
    if value is None or isinstance(value, bool):
        return repr(value)
    return a_kind(value)


#: Why a stored game may be damaged, in every message that says one is (the browser's
#: pages too): "edited by hand?" alone misled a player whose disk was failing.
DAMAGE_CAUSES = "a failing disk, a bad copy or an edit by hand?"


def recover_hint(path: Path) -> str:
    """The command that gets the games a damaged database at ``path`` still holds back."""
    return (f"gofish recover --database {shlex.quote(str(path))} gets the games it still "
            "holds into a sound file in its place, keeping the damaged one beside it")


def damage_message(path: Path, detail: str) -> str:
    """What to do about a database SQLite found a damaged page in: written to further,
    a failing disk could lose the games it still holds."""
    return (f"the games database {path} is damaged ({detail}): a failing disk or a bad copy. "
            f"Nothing more is written into it; {recover_hint(path)}")


class DamagedFileError(StorageError):
    """A gofish database with a damaged page where opening it to write must read (its
    schema version): it may still be opened read-only, which reads around the page."""

    def __init__(self, path: Path, detail: str) -> None:
        super().__init__(damage_message(path, detail))


#: A StoredGame's ``changed`` columns, in words.
_COLUMN_WORDS = {"rules": "rules", "rules_label": "rules label", "over": "finished or not",
                 "winners": "winners", "books": "books", "actions": "number of asks",
                 "rules_options": "house rules",
                 "seat results": "seats' books and results"}


def changed_row(game_ids: list[int], columns: Sequence[str] = ()) -> str:
    """Why games whose rows say otherwise than their records are shown as their records
    play: one changed by hand (or a failing disk) made the history, show's heading and the
    statistics say one thing and the replay another."""
    subject = (f"game {game_ids[0]}'s row says" if len(game_ids) == 1 else
               f"the rows of games {', '.join(map(str, game_ids))} say")
    named = [_COLUMN_WORDS.get(column, column) for column in dict.fromkeys(columns)]
    what = ("its rules, books or winners" if not named else named[0] if len(named) == 1
            else f"{', '.join(named[:-1])} and {named[-1]}")
    return (f"{subject} otherwise than the game record ({what}): changed since it was saved "
            f"({DAMAGE_CAUSES}); shown as the record plays")


class DamagedGameError(StorageError):
    """A stored game whose row cannot be read back (edited by hand, or a bad disk)."""

    def __init__(self, game_id: int, path: Path, *, seats_lost: bool = False) -> None:
        damage = (f": {SEATS_LOST} ({DAMAGE_CAUSES}); {recover_hint(path)}" if seats_lost
                  else f" and cannot be read ({DAMAGE_CAUSES})")
        super().__init__(f"game {game_id} in the games database {path} is damaged{damage}")
        self.game_id = game_id
        #: Only its seats are past reading: gofish recover brings the game back without
        #: them, where "cannot be read" said it was lost.
        self.seats_lost = seats_lost


#: What is damaged of a game whose row reads and whose seat rows do not.
SEATS_LOST = "who sat where cannot be read, though what was played can"


#: A file system path in a storage message, absolute or relative: a slash and the name
#: around it, on through spaces that more of the path follows ("/srv/my games/db"), and
#: through an apostrophe between letters ("/home/o'brien"), where a quote round the path
#: ('/srv/db': ...) has none after it.
_PATH = re.compile(r"""(?<![\w./~-])[\w.~-]*/(?:[^\s:;,'"()]|(?<=\w)'(?=\w)|\s(?=[^\s/:;,]*/))*""")
#: A bare file name (``--database games.sqlite3``) where the messages name a file.
_FILE_NAME = re.compile(r"\b(database|directory|folder|to) ([\w~-][\w.~-]*\.\w+)")
_NOUN_AND_PATH = re.compile(r"\b(database|directory|folder) \x00")
#: The database named in recover_hint, quoted as a shell word ('it'"'"'s' for it's).
_RECOVER_ON = re.compile(r"""(gofish recover) --database (?:'[^']*'(?:"'"'[^']*')*|\S+)""")
#: Where a PostgreSQL server is and whom it is used as, in psycopg's words: 'connection to
#: server at "db.internal" (10.0.0.5), port 5432 failed', 'for user "gofish"'.
_PG_DETAILS = (
    (re.compile(r'connection to server (?:at "[^"]*"(?: \([^)]*\))?, port \d+|'
                r'on socket "[^"]*")'), "connection to the database server"),
    (re.compile(r'\b(user|database|role|host) "[^"]*"'), r"the \1 it was given"),
)


def for_players(error: BaseException | str) -> str:
    """A storage failure's message without the server's file paths, for a page or an API
    client: where the database lives on the server is the operator's business (their log
    and the command line say it in full), not a visitor's. "the games database /x is
    locked" reads "the games database is locked"; any other path is "a file on the server".
    So are a PostgreSQL server's host, port, socket, user and database names.
    """

    def marked(match: re.Match[str]) -> str:
        path = match.group(0)
        kept = path.rstrip(".")  # the sentence's full stop is not the path's
        return "\x00" + path[len(kept):]

    text = _RECOVER_ON.sub(r"\1", str(error))  # the operator's to run, on the server's file
    for pattern, replacement in _PG_DETAILS:  # before the paths: a socket is one
        text = pattern.sub(replacement, text)
    text = _PATH.sub(marked, text)
    text = _FILE_NAME.sub(lambda match: f"{match.group(1)} \x00", text)
    text = _NOUN_AND_PATH.sub(r"\1", text)
    return text.replace("\x00", "a file on the server")


def reported(error: BaseException | str, log: logging.Logger) -> str:
    """``error`` in full in the operator's ``log``, and as a visitor is told it (for_players)."""
    log.warning("%s", error)
    return for_players(error)
