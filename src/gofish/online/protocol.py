"""The wire protocol: what clients may send (checked against a schema) and what they get.

Client → server (JSON text frames). The first frame is ``hello``; every later
one names the room ``version`` it was based on::

    {"type": "hello", "token": "…"}            # a seat's secret; null or absent: spectate
                                               # + "away": true: reconnected, still away
    {"type": "ask", "version": 12, "target": 1, "rank": "9"}    # + "suit" under ask: card
    {"type": "fish", "version": 13}                             # nordic: draw after "Go fish!"
    {"type": "add_bot", "version": 3, "seat": 2, "bot": "emma"} # host, in the lobby;
                                                  # options too: "bot": "expert:noise=0.2"
    {"type": "remove_bot", "version": 4, "seat": 2}             # host, in the lobby
    {"type": "start", "version": 5}                             # host; also the rematch
    {"type": "leave", "version": 9}                             # give up this seat
    {"type": "remove_player", "version": 9, "seat": 1}          # host: take a person's seat
    {"type": "back", "version": 9}                              # play again myself (not a stand-in)
    {"type": "ping"}                                            # is this connection alive? (pong)

Server → client: ``welcome`` (once, and again as a spectator after losing the
seat), ``update`` (after every change: the lobby, the game as this seat may see
it with the log entries it has not had yet, and a ``notice`` sentence when
someone left), ``unseated`` (this connection's seat was given up or taken
away), ``presence`` (who is connected) and ``error`` (code, message, version).
Every game part is built from ``game.view(seat)`` (``None`` for spectators),
so hidden cards are filtered by :mod:`gofish.core.view` and nowhere else.
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Sequence
from dataclasses import replace
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

from gofish.core import Event, View
from gofish.core.rules import MAX_PLAYERS as _MAX_PLAYERS
from gofish.narrate import Narrator
from gofish.online.room import Notice
from gofish.web.messages import HouseRules, problem_in_words

_T = TypeVar("_T")
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{16,64}$"
Version = Annotated[int, Field(ge=0, le=10_000_000)]
SeatIndex = Annotated[int, Field(ge=0, lt=_MAX_PLAYERS)]


class _Message(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class Hello(_Message):
    type: Literal["hello"]
    token: Annotated[str, Field(pattern=TOKEN_PATTERN)] | None = None
    # The page reconnecting by itself while its person was away for their idle turns: no
    # sign that they are back (a page opened or reloaded, the default, is one).
    away: bool = False


class AskMessage(_Message):
    type: Literal["ask"]
    version: Version
    target: SeatIndex
    rank: Annotated[str, Field(min_length=1, max_length=2)]
    suit: Annotated[str, Field(min_length=1, max_length=1)] | None = None


class Fish(_Message):
    """Pick a card from the sea after "Go fish!". No card is named: the draw is the sea's top."""

    type: Literal["fish"]
    version: Version


class AddBot(_Message):
    type: Literal["add_bot"]
    version: Version
    seat: SeatIndex
    # A bot with its options: the room checks the spec itself, its length too, so a long
    # one is refused in words rather than counted as a malformed frame (the frame's size
    # cap still bounds it).
    bot: Annotated[str, Field(min_length=1)]


class RemoveBot(_Message):
    type: Literal["remove_bot"]
    version: Version
    seat: SeatIndex


class Start(_Message):
    type: Literal["start"]
    version: Version


class Leave(_Message):
    type: Literal["leave"]
    version: Version


class RemovePlayer(_Message):
    type: Literal["remove_player"]
    version: Version
    seat: SeatIndex


class Back(_Message):
    """A person the stand-in plays for, their turns having run out, plays again. Its
    ``version`` is not checked: it changes nothing stored, so it is never stale."""

    type: Literal["back"]
    version: Version


class Ping(_Message):
    """Is this connection alive? Answered ``pong`` at once, changing nothing. A page sends it
    by itself when the room has been quiet, since a connection can die without closing:
    so it is no sign that its person is here."""

    type: Literal["ping"]


Command = AskMessage | Fish | AddBot | RemoveBot | Start | Leave | RemovePlayer | Back
Frame = Command | Ping
_FRAME = TypeAdapter[Frame](Annotated[Frame, Field(discriminator="type")])
PONG = {"type": "pong"}
_HELLO = TypeAdapter(Hello)


class ProtocolError(ValueError):
    """A frame that breaks the schema; the message names the field and the problem."""


def parse_hello(text: str) -> Hello:
    return _parse(_HELLO, text)


def parse_command(text: str) -> Frame:
    return _parse(_FRAME, text)


def _parse(adapter: TypeAdapter[_T], text: str) -> _T:
    try:
        return adapter.validate_json(text)
    except ValidationError as error:
        raise ProtocolError(describe_validation_error(error)) from None


def describe_validation_error(error: ValidationError) -> str:
    """The first problem, said plainly: ``version: Input should be a valid integer``."""
    first = error.errors(include_url=False)[0]
    where = ".".join(str(part) for part in first["loc"])
    said = problem_in_words(first)
    return f"{where}: {said}" if where else said


# ------------------------------------------------------------------ HTTP bodies

class RulesChoice(HouseRules):
    """A preset and house rules, the same schema as the single-player table's."""

    preset: Literal["classic", "bicycle", "nordic"] = "classic"

    def spec(self) -> dict[str, Any]:
        return {"preset": self.preset, **self.chosen()}


# No schema limit: the body's size limit bounds a name, and codes.clean_name refuses one
# longer than 24 characters in those words (a schema limit of 64 said "at most 64").
PersonName = Annotated[str, Field(min_length=1)]


class CreateRoom(_Message):
    name: PersonName
    players: Annotated[int, Field(ge=2, le=_MAX_PLAYERS)] = 2
    rules: RulesChoice = RulesChoice(preset="classic")


class JoinRoom(_Message):
    name: PersonName
    # The token this browser held in the room before it was revoked, if any.
    previous_token: Annotated[str, Field(pattern=TOKEN_PATTERN)] | None = None
    # The open seat chosen (turn order follows the seats); none: the first open one.
    seat: SeatIndex | None = None


#: How many seats a browser lists under "Your rooms" (the lobby forgets older ones).
MY_ROOMS_MAX = 20


class HeldSeat(_Message):
    # Any text, each seat answered on its own: a code that can be no room's is ``missing``
    # and a token that can be no seat's ``invalid`` (a browser's storage edited by hand, or
    # cut short), without failing the others. The body's size limit bounds them.
    code: str
    token: str


def is_token(text: str) -> bool:
    """Whether ``text`` has a seat token's shape (:data:`TOKEN_PATTERN`)."""
    return re.fullmatch(TOKEN_PATTERN, text) is not None


class MyRooms(_Message):
    """The seats one browser holds, checked in one request rather than a /info each."""

    seats: Annotated[list[HeldSeat], Field(max_length=MY_ROOMS_MAX)]


def parse_body(model: type[_Message], body: bytes) -> Any:
    try:
        return model.model_validate_json(body)
    except ValidationError as error:
        raise ProtocolError(describe_validation_error(error)) from None


# ------------------------------------------------------------ server messages

class SeatLog:
    """One viewer's game log: each (already redacted) event and its sentence, built once,
    with the room's notices (someone left) between the events where they happened.

    Entries are kept as JSON text: a long game's log is then a list of strings,
    which the garbage collector never has to walk (dicts and lists it would).
    """

    def __init__(self, names: Sequence[str], viewer: int | None,
                 reader: int | None = None) -> None:
        self._names = list(names)
        self._viewer = viewer
        # The seat whose person reads it, told the room's notices about them as "you": the
        # viewer's, or a seat taken after the deal, whose game is a spectator's (viewer None).
        self._reader = viewer if reader is None else reader
        self._narrator: Narrator | None = None
        self._events = 0
        self._notices = 0
        self._ahead = 0  # events told before the game played them (a miss waiting to fish)
        self.entries: list[str] = []

    def _narrator_for(self, view: View) -> Narrator:
        if self._narrator is None:  # the rules (pairs or books) come with the first view
            self._narrator = Narrator(self._names, self._viewer, rules=view.rules)
        return self._narrator

    def ending(self, view: View) -> str | None:
        """Why the game ended, told to this log's viewer (None while it goes on)."""
        return self._narrator_for(view).ending(view)

    def catch_up(self, view: View, notices: Sequence[Notice] = (),
                 ahead: Sequence[Event] = ()) -> list[str]:
        """The whole log so far; ``ahead``: public events the game has yet to play (a miss
        waiting for its player to fish), told now and not again when the game plays them."""
        narrator = self._narrator_for(view)
        history = view.history
        while True:
            # Events told so far count those told ahead: a notice made while a miss waits
            # (its player left before the draw) comes after that miss's "Go fish!".
            told = self._events + self._ahead
            if self._notices < len(notices) and notices[self._notices].at <= told:
                notice = notices[self._notices]
                self._add(notice.event, notice.told_to(self._reader))
                self._notices += 1
            elif self._events < len(history):
                event = history[self._events]
                if self._ahead:
                    self._ahead -= 1  # already told
                else:
                    self._add(event.to_dict(), narrator.describe(event))
                self._events += 1
            elif ahead and not self._ahead:
                for event in ahead:
                    self._add(event.to_dict(), narrator.describe(event))
                self._ahead = len(ahead)
            else:
                break
        return self.entries

    def _add(self, event: dict[str, Any], text: str) -> None:
        entry = {"event": event, "text": text}
        self.entries.append(json.dumps(entry, separators=(",", ":"), ensure_ascii=False))


# Where the log's JSON is spliced into an encoded message; unguessable, so no name can fake it.
_LOG_SLOT = f"log-{secrets.token_hex(12)}"


def game_part(view: View, number: int, log_from: int, ending: str | None = None,
              fishing: int | None = None, names: Sequence[str] = (),
              labels: Sequence[str] = ()) -> dict[str, Any]:
    """The game as ``view``'s viewer may see it; :func:`encode` adds the log from ``log_from``.

    The history goes out as narrated log entries instead, a few at a time, so
    it is cut from the view before ``View.to_dict`` serialises it. ``fishing``:
    the seat that must pick a card from the sea before anyone asks again. ``names``:
    each seat's name as the game was dealt (after it, a seat may change hands); ``labels``:
    the same with each bot's options (``Expert (bot) (noise=0.2)``).
    """
    part = replace(view, history=()).to_dict()
    del part["history"]
    part.update(number=number, log_from=log_from, log=_LOG_SLOT, ending=ending, fishing=fishing,
                names=list(names), labels=list(labels))
    if fishing is not None:  # no ask is allowed until the draw
        part["legal_actions"] = []
    return part


def encode(message: dict[str, Any], log: Sequence[str] = ()) -> str:
    """``message`` as JSON text, with ``log`` (JSON entries) in its game part, if any."""
    text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
    if message.get("game") is None:
        return text
    return text.replace(f'"{_LOG_SLOT}"', "[" + ",".join(log) + "]", 1)


def error_message(code: str, message: str, version: int | None,
                  option: str | None = None) -> dict[str, Any]:
    """A refusal; ``option``: a refused ``add_bot``'s option at fault, for the page to mark."""
    error = {"type": "error", "code": code, "message": message, "version": version}
    if option is not None:
        error["option"] = option
    return error
