"""A room's state, rebuilt from its append-only log of entries.

Every change to a room is an *entry* ``(kind, data)``: a seat taken, a bot
seated or removed, a game started (its deck and first player), an ask. The
server stores an entry first and only then applies it here, so replaying the
stored entries in order gives back exactly the room that was live. This module
does no I/O; it checks commands and turns them into entries.

The room's *version* is the number of entries applied. A client names the
version its command was based on, and a command based on an older one is
refused (see :meth:`Room.check_version`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from gofish.bots import available_bots, display_name
from gofish.core import Ask, Game, GoFishError, Rules, make_rules, new_game, parse_deck

Entry = tuple[str, dict[str, Any]]
Status = Literal["lobby", "playing", "over"]
HOST_SEAT = 0


class RoomError(Exception):
    """A command the room refuses; ``code`` is a short machine-readable reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


@dataclass
class Seat:
    """One seat: open, a person (known by a token hash) or a bot. Presence is not stored."""

    index: int
    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None
    connections: int = 0
    gone_since: float | None = None
    away: bool = False

    @property
    def kind(self) -> str:
        if self.bot is not None:
            return "bot"
        return "human" if self.token_hash is not None else "open"

    @property
    def connected(self) -> bool:
        return self.connections > 0

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "name": self.name,
            "kind": self.kind,
            "bot": self.bot,
            "connected": self.kind == "bot" or self.connected,
            "away": self.away,
        }


def bot_names() -> dict[str, int]:
    """Registered bots by name, with their strength (0 gentlest)."""
    return {info.name: info.strength for info in available_bots()}


@dataclass
class Room:
    code: str
    rules: Rules
    players: int
    created_at: str
    seats: list[Seat] = field(default_factory=list)
    version: int = 0
    game: Game | None = None
    game_number: int = 0

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat(i) for i in range(self.players)]

    @classmethod
    def new(cls, code: str, rules_spec: object, players: int, created_at: str) -> Room:
        """A fresh room; refuses rules that cannot be played with ``players`` (clear message)."""
        try:
            rules = make_rules(rules_spec).for_players(players)
        except GoFishError as error:
            raise RoomError("invalid", str(error)) from None
        return cls(code, rules, players, created_at)

    # ---------------------------------------------------------------- queries

    @property
    def status(self) -> Status:
        if self.game is None:
            return "lobby"
        return "over" if self.game.is_over else "playing"

    @property
    def names(self) -> list[str]:
        return [seat.name or f"Seat {seat.index + 1}" for seat in self.seats]

    def seat_for_token_hash(self, token_hash: str) -> int | None:
        for seat in self.seats:
            if seat.token_hash == token_hash:
                return seat.index
        return None

    def seat_played_by_bot(self) -> int | None:
        """The seat to act if a bot must act for it now (a bot seat, or a person who is away)."""
        game = self.game
        if game is None or game.current_player is None:
            return None
        seat = self.seats[game.current_player]
        if seat.kind == "bot" or seat.away:
            return seat.index
        return None

    def lobby(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "players": self.players,
            "rules": self.rules.to_json(self.players),
            "status": self.status,
            "version": self.version,
            "host": HOST_SEAT,
            "game_number": self.game_number,
            "seats": [seat.public() for seat in self.seats],
        }

    # --------------------------------------------------------------- commands

    def check_version(self, version: int) -> None:
        if version != self.version:
            raise RoomError(
                "stale",
                f"that was based on version {version}, but the room is at version "
                f"{self.version}: look again and retry",
            )

    def join_entry(self, name: str, token_hash: str) -> Entry:
        if self.status != "lobby":
            raise RoomError("closed", "the game has started: you can watch instead")
        seat = next((s for s in self.seats if s.kind == "open"), None)
        if seat is None:
            raise RoomError("full", "every seat is taken: you can watch instead")
        return "seat", {"seat": seat.index, "name": name, "token_hash": token_hash}

    def add_bot_entry(self, by: int | None, seat: int, bot: str) -> Entry:
        self._check_host_in_lobby(by, "seat a bot")
        known = bot_names()
        if bot not in known:
            raise RoomError("invalid", f"unknown bot {bot!r}: choose one of {', '.join(known)}")
        if self._seat(seat).kind != "open":
            raise RoomError("taken", f"seat {seat + 1} is not empty")
        label = f"{display_name(bot)} (bot)"
        return "bot", {"seat": seat, "bot": bot, "name": label}

    def remove_bot_entry(self, by: int | None, seat: int) -> Entry:
        self._check_host_in_lobby(by, "remove a bot")
        if self._seat(seat).kind != "bot":
            raise RoomError("invalid", f"seat {seat + 1} has no bot to remove")
        return "unseat", {"seat": seat}

    def start_entry(self, by: int | None) -> Entry:
        if self.status == "lobby":
            self._check_host_in_lobby(by, "start the game")
            empty = [s.index + 1 for s in self.seats if s.kind == "open"]
            if empty:
                seats = ", ".join(map(str, empty))
                raise RoomError("not_ready", f"fill every seat first (empty: {seats})")
        elif self.status == "playing":
            raise RoomError("invalid", "a game is already being played")
        elif by is None or self.seats[by].kind != "human":
            raise RoomError("forbidden", "only a seated player can ask for a rematch")
        dealt = new_game(self.rules, self.players)  # the OS's secure shuffle
        return "start", {
            "game": self.game_number + 1,
            "deck": [str(card) for card in dealt.deck],
            "first_player": dealt.first_player,
        }

    def ask_entry(self, seat: int | None, ask: Ask, by: str) -> Entry:
        game = self.game
        if game is None or game.current_player is None:
            raise RoomError("invalid", "no game is being played: nothing to ask")
        if seat is None:
            raise RoomError("forbidden", "spectators cannot ask")
        if seat != game.current_player:
            turn = self.names[game.current_player]
            raise RoomError("not_your_turn", f"it is {turn}'s turn, not yours")
        if not game.is_legal(ask):
            raise RoomError(
                "illegal",
                f"you cannot {ask} now: ask an opponent who holds cards for a rank "
                "you hold (R5)",
            )
        return "ask", {"player": seat, **ask.to_dict(), "by": by}

    def _check_host_in_lobby(self, by: int | None, what: str) -> None:
        if by != HOST_SEAT:
            raise RoomError("forbidden", f"only the host can {what}")
        if self.status != "lobby":
            raise RoomError("invalid", f"cannot {what} once the game has started")

    def _seat(self, index: int) -> Seat:
        if not 0 <= index < self.players:
            raise RoomError(
                "invalid", f"there is no seat {index + 1}: seats are 1 to {self.players}"
            )
        return self.seats[index]

    # ----------------------------------------------------------------- replay

    def apply(self, kind: str, data: dict[str, Any]) -> None:
        """Apply one stored entry. Entries were checked before they were stored."""
        if kind == "seat":
            seat = self.seats[data["seat"]]
            seat.name, seat.token_hash = data["name"], data["token_hash"]
        elif kind == "bot":
            seat = self.seats[data["seat"]]
            seat.name, seat.bot = data["name"], data["bot"]
        elif kind == "unseat":
            seat = self.seats[data["seat"]]
            seat.name = seat.bot = None
        elif kind == "start":
            self.game = Game(self.rules, self.players, parse_deck(data["deck"]),
                             data["first_player"])
            self.game_number = data["game"]
        elif kind == "ask":
            if self.game is None:
                raise ValueError("an ask before any game was dealt")
            self.game.play(Ask.from_dict(data))
        else:
            raise ValueError(f"unknown room entry {kind!r}")
        self.version += 1
