"""A room's state, rebuilt from its append-only log of entries.

Every change to a room is an *entry* ``(kind, data)``: a seat taken, a bot
seated or removed, a person leaving or removed by the host, a game started
(its deck and first player), an ask, and in a nordic room a person's
miss (``miss``) and the draw from the sea it waits for (``fish``), and the
name of a stand-in given to a person away (``away``). The
server stores an entry first and only then applies it here, so replaying the
stored entries in order gives back exactly the room that was live. This module
does no I/O; it checks commands and turns them into entries.

The room's *version* is the number of entries applied. A client names the
version its command was based on, and a command based on an older one is
refused (see :meth:`Room.check_version`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Literal

from gofish.bots import Bot, available_bots, canonical_spec, display_name, seat_label
from gofish.bots.base import BotRefused, server_bot
from gofish.core import (
    Ask,
    Card,
    Event,
    Game,
    GoFishError,
    Rules,
    make_rules,
    new_game,
    parse_deck,
)
from gofish.core.errors import check_whole, shown
from gofish.core.events import announced_miss
from gofish.online.codes import name_key
from gofish.session import rule_words
from gofish.web.messages import MAX_OPPONENT_SPEC_LENGTH

Entry = tuple[str, dict[str, Any]]
TURN_ENTRIES = ("start", "ask", "miss", "fish")  # the entries that move a game on
Status = Literal["lobby", "playing", "over", "closed"]
Vacated = Literal["left", "removed"]
HOST_SEAT = 0  # the room's creator; the role passes on when its holder leaves
# ``by`` of the one move the stand-in makes for a person here whose turn clock ran out.
OUT_OF_TIME = "turn-clock"


class RoomError(Exception):
    """A command the room refuses; ``code`` is a short machine-readable reason. ``option``:
    the bot option at fault in a refused ``add_bot``, if one alone is, for the page to
    mark its box."""

    def __init__(self, code: str, message: str, option: str | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.option = option


@dataclass
class Seat:
    """One seat: open, a person (known by a token hash) or a bot. Presence is not stored."""

    index: int
    name: str | None = None
    token_hash: str | None = None
    bot: str | None = None
    vacated: Vacated | None = None  # its person left or was removed; ``bot`` plays on
    # The name of the stand-in playing for its person (left, or away): its own, never a
    # seat's, so "Emma (bot)" in another seat and this one's "Emma 2 (bot)" are told apart.
    stand_in_name: str | None = None
    connections: int = 0
    gone_since: float | None = None
    away: bool = False
    # Their turn clocks run out in a row, with no move of theirs between: at the second,
    # the tab left open, they count as away too (the server's IDLE_TURNS_AWAY).
    turns_run_out: int = 0
    # When that made them away: a host away so for the grace hands the role on, as one gone.
    idle_since: float | None = None

    @property
    def kind(self) -> str:
        if self.bot is not None:
            return "bot"
        return "human" if self.token_hash is not None else "open"

    @property
    def connected(self) -> bool:
        return self.connections > 0

    @property
    def label(self) -> str:
        """Its name with its bot's options, as the single-player table shows a seat:
        ``Expert (bot) (noise=0.2)``. The log says the name alone."""
        # A person's seat that the stand-in plays is still theirs: no bot's options in it.
        return seat_label(self.name or f"Seat {self.index + 1}",
                          None if self.vacated else self.bot)

    @property
    def active(self) -> bool:
        """A person here: seated, connected and not away for their idle turns (with their
        turns run out twice in a row, the tab left open, they are as gone as with it closed)."""
        return self.kind == "human" and self.connected and not self.away

    def public(self) -> dict[str, Any]:
        return {
            "seat": self.index,
            "name": self.name,
            "label": None if self.name is None else self.label,
            "kind": self.kind,
            "bot": self.bot,
            "connected": self.kind == "bot" or self.connected,
            "away": self.away,
            "vacated": self.vacated,
            "stand_in": self.stand_in_name,
        }


@dataclass(frozen=True)
class Told:
    """A sentence for the room, and ``yours``, the one seat ``to``'s page reads instead
    (a page calls its own reader "you": "… so you are the host now."); ``also``: a second
    seat and the sentence its page reads ("You are away, so Bob is the host now.")."""

    text: str
    yours: str | None = None
    to: int | None = None
    also: tuple[int, str] | None = None

    def told_to(self, viewer: int | None) -> str:
        """The sentence as ``viewer``'s page tells it."""
        if viewer is None:
            return self.text
        if self.yours is not None and self.to == viewer:
            return self.yours
        if self.also is not None and self.also[0] == viewer:
            return self.also[1]
        return self.text

    def unaddressed(self, seat: int) -> Told:
        """As told once seat ``seat``'s person is gone: whoever sits there next reads the
        names, the sentence having been about someone else."""
        yours = None if self.to == seat else self.yours
        also = None if self.also is not None and self.also[0] == seat else self.also
        return replace(self, yours=yours, also=also)


@dataclass(frozen=True)
class Notice:
    """A room event told in the game log: ``at`` is the number of game events before it."""

    at: int
    event: dict[str, Any]
    told: Told

    @property
    def text(self) -> str:
        """The sentence as every page but the addressed seat's tells it."""
        return self.told.text

    def told_to(self, viewer: int | None) -> str:
        """The sentence as ``viewer``'s log tells it."""
        return self.told.told_to(viewer)

    def unaddressed(self, seat: int) -> Notice:
        return replace(self, told=self.told.unaddressed(seat))


def bot_names() -> dict[str, int]:
    """Registered bots by name, with their strength (0 gentlest)."""
    return {info.name: info.strength for info in available_bots()}


@dataclass
class Room:
    code: str
    rules: Rules
    players: int
    created_at: str
    stand_in: str = "emma"
    seats: list[Seat] = field(default_factory=list)
    version: int = 0
    # The version after the last entry other than a stand-in's name (``away``): a command
    # based on any version since saw the room as it is, a name changing nothing it acts on.
    changed_at: int = 0
    game: Game | None = None
    game_number: int = 0
    host: int | None = HOST_SEAT  # None: nobody is seated
    closed: bool = False  # every person left after the deal: nothing more happens
    revoked: dict[str, Vacated] = field(default_factory=dict)  # token hash -> why
    notices: list[Notice] = field(default_factory=list)  # this game's, for the log
    pending: tuple[int, Ask] | None = None  # a person's miss, waiting for them to fish
    # The names as this game was dealt: its log reads so even if a seat changes after it.
    game_names: list[str] = field(default_factory=list)
    # And with each bot's options, as dealt: after the game the host may seat the same bot
    # with other options, under the same name.
    game_labels: list[str] = field(default_factory=list)
    # Seats taken after this game was dealt (by a late friend): they see it as a spectator,
    # not the hand and draws of the bot that played it.
    seated_after_deal: set[int] = field(default_factory=set)
    standing_in: set[int] = field(default_factory=set)  # seats the stand-in asks for now
    # The seat whose turn clock ran out: the stand-in makes its next move. Like presence,
    # not stored: after a restart the clock starts afresh.
    out_of_time: int | None = None
    # How the host role last passed on before the first deal ("Ann is away, so Bob is the
    # host now."): the lobby keeps it, having no log, for a page that missed the moment.
    host_news: Told | None = None
    # Stand-in names given live (a person away) that no stored entry holds yet, by seat:
    # the server stores each as an ``away`` entry, so a restart gives back the same names.
    unstored_stand_ins: dict[int, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not self.seats:
            self.seats = [Seat(i) for i in range(self.players)]

    @classmethod
    def new(cls, code: str, rules_spec: object, players: int, created_at: str,
            stand_in: str = "emma") -> Room:
        """A fresh room; refuses rules that cannot be played with ``players`` (clear message).

        ``stand_in`` is the bot that plays a seat whose person leaves mid-game.
        """
        try:
            rules = make_rules(rules_spec).for_players(players)
        except GoFishError as error:
            raise RoomError("invalid", str(error)) from None
        return cls(code, rules, players, created_at, stand_in=stand_in)

    # ---------------------------------------------------------------- queries

    @property
    def status(self) -> Status:
        if self.closed:
            return "closed"
        if self.game is None:
            return "lobby"
        return "over" if self.game.is_over else "playing"

    @property
    def names(self) -> list[str]:
        return [seat.name or f"Seat {seat.index + 1}" for seat in self.seats]

    def viewer(self, seat: int | None) -> int | None:
        """Whose view of this game ``seat`` sees: its own, or a spectator's for a seat
        taken after the deal."""
        return None if seat in self.seated_after_deal else seat

    def seat_for_token_hash(self, token_hash: str) -> int | None:
        for seat in self.seats:
            if seat.token_hash == token_hash:
                return seat.index
        return None

    def revoked_reason(self, token_hash: str) -> Vacated | None:
        """Why a token that once held a seat holds none now (None: it never did)."""
        return self.revoked.get(token_hash)

    @property
    def fishing(self) -> int | None:
        """The seat told "Go fish!" that has yet to pick a card from the sea, if any."""
        return None if self.pending is None else self.pending[0]

    def pending_events(self) -> list[Event]:
        """The waiting miss as the log tells it before the draw: the ask and "Go fish!"."""
        if self.pending is None:
            return []
        player, ask = self.pending
        return announced_miss(player, ask)

    def seat_to_move(self) -> int | None:
        """The seat whose move the game waits for, if a game is being played."""
        game = self.game
        if game is None or self.closed:
            return None
        return game.current_player

    def seat_played_by_bot(self) -> int | None:
        """The seat to act if a bot must act for it now: a bot seat, or a person who is
        away (or let their turn clock run out) while an active person is here. With every
        person gone at once (a router restarting, laptops asleep), or away for their idle
        turns with the tab open, stand-ins would play the whole game out for nobody: it
        waits for the first of them back instead.

        A single run-out is still played: its person is connected and not away (the
        second run-out in a row is what makes them away), so they count as here
        themselves, and a lone player's clock keeps its point."""
        index = self.seat_to_move()
        if index is None:
            return None
        seat = self.seats[index]
        waits = seat.away or self.out_of_time == seat.index
        if seat.kind == "bot" or (waits and self._an_active_person_is_here()):
            return seat.index
        return None

    def _an_active_person_is_here(self) -> bool:
        return any(seat.active for seat in self.seats)

    def waits_for_someone_back(self) -> bool:
        """Whether the game stands still at a person's turn that the stand-in would play
        (away, or their clock run out) were any person active here (see above)."""
        index = self.seat_to_move()
        if index is None or self._an_active_person_is_here():
            return False
        seat = self.seats[index]
        return seat.kind == "human" and (seat.away or self.out_of_time == index)

    def note_back(self, seat: int) -> None:
        """Tell the log that a game which waited goes on, ``seat``'s person being back: only
        presence changed, so without it the log (what a screen reader hears) went quiet."""
        if self.game is None:
            return
        at, event = self._notice_at(), {"type": "seat_back", "seat": seat}
        last = self.notices[-1] if self.notices else None
        if last is not None and last.at == at and last.event == event:
            return  # gone and back again before the game moved: said already
        text = f"{self.names[seat]} is back: the game goes on."
        self.notices.append(Notice(at, event, Told(text, "You are back: the game goes on.", seat)))

    def _host_news_away(self) -> dict[str, Any] | None:
        news = self.host_news
        if news is None or news.also is None:
            return None
        seat, text = news.also
        return {"seat": seat, "text": text}

    def lobby(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "players": self.players,
            "rules": self.rules.to_json(self.players),
            "rules_summary": rules_summary(self.rules, self.players),
            "status": self.status,
            "version": self.version,
            "host": self.host,
            # The new host's page reads its own version ("… so you are the host now.").
            "host_news": None if self.host_news is None else self.host_news.text,
            "host_news_yours": None if self.host_news is None else self.host_news.yours,
            # The away host's page reads theirs: "You are away, so Bob is the host now."
            "host_news_away": self._host_news_away(),
            "stand_in": self._free_bot_name(self.stand_in),  # what the next stand-in is called
            "game_number": self.game_number,
            # Seats taken after this game was dealt: a person there who goes opens the seat.
            "seated_after_deal": sorted(self.seated_after_deal),
            "seats": [seat.public() for seat in self.seats],
        }

    # --------------------------------------------------------------- commands

    def check_version(self, version: int) -> None:
        if not self.changed_at <= version <= self.version:
            raise RoomError(
                "stale",
                f"that was based on version {version}, but the room is at version "
                f"{self.version}: look again and retry",
            )

    def join_entry(self, name: str, token_hash: str, previous_hash: str | None = None,
                   chosen: int | None = None) -> Entry:
        """Seat a person in the first open seat of the lobby, or in the ``chosen`` one.

        ``previous_hash``: the hash of the token this browser last held here, if any. A
        browser the host removed is refused (a courtesy block: another browser gets in).
        """
        if self.closed:
            raise RoomError("closed", "everyone has left this room: open a new one")
        if previous_hash is not None and self.revoked_reason(previous_hash) == "removed":
            raise RoomError("removed", "the host removed you from this room: you can still watch")
        if self.status == "playing":
            raise RoomError("closed", "the game has started: you can watch instead")
        seat = self._open_seat(chosen)
        if seat is None and self.status == "over":  # its players keep their seats
            raise RoomError("closed", "this room's game is over and its players keep their "
                            "seats for a rematch: you can watch instead")
        if seat is None:
            raise RoomError("full", "every seat is taken: you can watch instead")
        taken = self._name_like(name)  # two Bobs would make "Bob asks Bob" in the log
        if taken is not None:  # named as seated: "ʙob" beside Bob is Bob's name
            raise RoomError("taken", f"someone in this room is already called {taken}: "
                            "choose another name")
        return "seat", {"seat": seat.index, "name": name, "token_hash": token_hash}

    def _open_seat(self, chosen: int | None) -> Seat | None:
        """The seat a join takes: ``chosen``, which must be open (turn order follows the
        seats, so friends pick where they sit), else the first open one, if any."""
        if chosen is None:
            return next((s for s in self.seats if s.kind == "open"), None)
        seat = self._seat(chosen)
        if seat.kind != "open":
            raise RoomError("taken", f"seat {chosen + 1} is taken ({seat.name or 'someone'} "
                            "sits there): choose an empty seat")
        return seat

    def add_bot_entry(self, by: int | None, seat: int, bot: str) -> Entry:
        """Seat ``bot``, a bot's name or a spec with its options (``expert:noise=0.2``),
        stored in its one spelling, as the browser's games store theirs."""
        self._check_host_between_games(by, "seat a bot")
        spec = seatable_spec(bot)
        if self._seat(seat).kind != "open":
            raise RoomError("taken", f"seat {seat + 1} is not empty")
        return "bot", {"seat": seat, "bot": spec, "name": self._free_bot_name(spec)}

    def remove_bot_entry(self, by: int | None, seat: int) -> Entry:
        # After a game too: a friend who came late can take the bot's seat for the rematch.
        self._check_host_between_games(by, "remove a bot")
        if self._seat(seat).kind != "bot":
            raise RoomError("invalid", f"seat {seat + 1} has no bot to remove")
        return "unseat", {"seat": seat}

    def host_away_entry(self) -> Entry | None:
        """The host role for the next person here (connected and not away for their idle
        turns, in seat order going round), while the host is not here (no connection, or
        away for their idle turns, the tab left open); None if nobody else is here to take it.
        The server asks once the host has been gone as long as an away player
        (``away_seconds``): a lobby whose host closed the tab could never be started."""
        if self.host is None or self.closed or self.seats[self.host].active:
            return None
        here = self._next_person(self.host, here=True)
        return None if here is None else ("host", {"seat": here, "from": self.host})

    def leave_entry(self, by: int | None) -> Entry:
        """``by`` gives up their seat: open again in the lobby, else the stand-in bot plays it."""
        if by is None or self.seats[by].kind != "human":
            raise RoomError("forbidden", "you hold no seat in this room, so there is none to leave")
        return self._vacate_entry(by, removed_by=None)

    def remove_entry(self, by: int | None, seat: int) -> Entry:
        """The host takes a person's seat away (lobby: it opens; in a game: a bot plays it)."""
        if by is None or by != self.host:
            raise RoomError("forbidden", "only the host can remove a person from the room")
        target = self._seat(seat)
        if seat == by:
            raise RoomError("invalid", "you cannot remove yourself: use Leave instead")
        if target.kind == "open":
            raise RoomError("invalid", f"seat {seat + 1} is empty: there is nobody to remove")
        if target.kind == "bot":
            raise RoomError("invalid", f"seat {seat + 1} is played by a bot, not a person: "
                            "only people can be removed (bots with Remove bot, in the lobby)")
        return self._vacate_entry(seat, removed_by=by)

    def _vacate_entry(self, seat: int, removed_by: int | None) -> Entry:
        # Before the deal the seat simply opens; once cards are dealt a bot must hold them.
        # A friend seated after the deal holds none of that game's: their seat opens too.
        dealt_in = self.game is not None and seat not in self.seated_after_deal
        bot = self.stand_in if dealt_in else None
        data: dict[str, Any] = {"seat": seat, "name": self.names[seat], "bot": bot,
                                "removed_by": removed_by}
        if bot is not None:  # its name stored, as a stand-in's move stores it
            data["stand_in"] = self._stand_in_name_for(self.seats[seat])
        if seat == self.host:  # chosen by who is here now, so stored: a replay has nobody here
            data["host"] = self._next_host(seat)
        return "leave", data

    def _next_host(self, leaving: int) -> int | None:
        """Who takes the role from a host who leaves: the next person here (connected, not
        away for idle turns), else the next person at all. Given to a person gone whose
        grace ran out already, the role would stay with nobody: no clock of theirs is left
        to hand it on, and the one who is here could not start or seat a bot."""
        here = self._next_person(leaving, here=True)
        return here if here is not None else self._next_person(leaving)

    def start_entry(self, by: int | None) -> Entry:
        if self.closed:
            raise RoomError("closed", "everyone has left this room: open a new one")
        if self.status == "lobby":
            self._check_host(by, "start the game")
        elif self.status == "playing":
            raise RoomError("invalid", "a game is already being played")
        elif by is None or self.seats[by].kind != "human":
            raise RoomError("forbidden", "only a seated player can ask for a rematch")
        self._check_every_seat_filled()  # the first deal and a rematch alike
        dealt = new_game(self.rules, self.players)  # the OS's secure shuffle
        return "start", {
            "game": self.game_number + 1,
            "deck": [str(card) for card in dealt.deck],
            "first_player": dealt.first_player,
        }

    def _game_turn_of(self, seat: int | None, what: str) -> Game:
        """The game, if ``seat`` is to act in it now; else say why not."""
        game = self.game
        if game is None or game.current_player is None:
            raise RoomError("invalid", f"no game is being played: nothing to {what}")
        if seat is None:
            raise RoomError("forbidden", f"spectators cannot {what}")
        if seat != game.current_player:
            turn = self.names[game.current_player]
            raise RoomError("not_your_turn", f"it is {turn}'s turn, not yours")
        return game

    def ask_entry(self, seat: int | None, ask: Ask, by: str) -> Entry:
        game = self._game_turn_of(seat, "ask")
        if self.pending is not None:
            raise RoomError("must_fish", "you were told to go fish: pick a card from the sea "
                            "before asking again")
        if not game.is_legal(ask):
            raise RoomError("illegal", self._why_illegal(seat, ask))
        kind = "miss" if by == "player" and self._waits_for_fish(game, ask) else "ask"
        return kind, {"player": seat, **ask.to_dict(), **self._made_by(seat, by)}

    def _made_by(self, seat: int | None, by: str) -> dict[str, str]:
        """Who made a move, and for a stand-in's its name, stored with it: the name its
        page was told when its person went away, which a replay could not work out, the
        people away not being stored."""
        if by not in ("stand-in", OUT_OF_TIME) or seat is None:
            return {"by": by}
        return {"by": by, "stand_in": self._stand_in_name_for(self.seats[seat])}

    def _why_illegal(self, seat: int | None, ask: Ask) -> str:
        """Why ``ask`` cannot be played, with the room's names ("player 1" was seat 2)."""
        self._seat(ask.target)  # "there is no seat 6: seats are 1 to 5"
        if ask.target == seat:
            return "you cannot ask yourself: ask an opponent"
        if (ask.suit is None) != (self.rules.ask == "rank"):
            return ("this room asks for a rank: send no suit" if self.rules.ask == "rank"
                    else "this room asks for a card: send its suit too")
        wanted = (ask.rank.plural if ask.suit is None
                  else f"the {ask.rank.symbol}{ask.suit.symbol}")
        hand = () if self.game is None or seat is None else self.game.hand(seat)
        if ask.suit is not None and Card(ask.rank, ask.suit) in hand:
            # The R5 words below would tell them to ask for a rank they hold: they do.
            return f"you already hold {wanted}: ask for a card of its rank that you lack"
        return (f"you cannot ask {self.names[ask.target]} for {wanted} now: ask an opponent "
                "who holds cards for a rank you hold (R5)")

    def fish_entry(self, seat: int | None, by: str) -> Entry:
        """Draw for the miss that waits (nordic): the sea's top card, whichever was clicked."""
        self._game_turn_of(seat, "fish")
        if self.pending is None:
            raise RoomError("not_fishing", "nobody told you to go fish: ask for a rank first")
        return "fish", {"player": seat, **self._made_by(seat, by)}

    def _waits_for_fish(self, game: Game, ask: Ask) -> bool:
        """Whether a person's ask misses and sends them to a spread-out sea to pick a card.

        As at the single-player table: only the nordic sea is a jumble to pick from,
        and a miss at an empty sea has nothing to draw.
        """
        return self.rules.preset == "nordic" and game.goes_fishing(ask)

    def _check_host(self, by: int | None, what: str) -> None:
        if by is None or by != self.host:
            raise RoomError("forbidden", f"only the host can {what}")

    def _check_host_between_games(self, by: int | None, what: str) -> None:
        self._check_host(by, what)
        if self.status not in ("lobby", "over"):
            raise RoomError("invalid", f"cannot {what} while a game is being played")

    def _check_every_seat_filled(self) -> None:
        empty = [s.index + 1 for s in self.seats if s.kind == "open"]
        if empty:
            seats = ", ".join(map(str, empty))
            raise RoomError("not_ready", f"fill every seat first (empty: {seats})")

    def _name_like(self, name: str) -> str | None:
        """The name in the room (a seat's or a stand-in's) that reads like ``name``, if any."""
        wanted = name_key(name)
        return next((taken for seat in self.seats for taken in (seat.name, seat.stand_in_name)
                     if taken is not None and name_key(taken) == wanted), None)

    def _free_bot_name(self, bot: str) -> str:
        """``Emma (bot)``, or ``Emma 2 (bot)`` if that is taken: every seat has its own name."""
        label = bot_label(bot)
        number = 2
        while self._name_like(label) is not None:
            label = f"{display_name(bot)} {number} (bot)"
            number += 1
        return label

    def _seat(self, index: int) -> Seat:
        if not 0 <= index < self.players:
            raise RoomError(
                "invalid", f"there is no seat {index + 1}: seats are 1 to {self.players}"
            )
        return self.seats[index]

    def _stored_seat(self, data: dict[str, Any], key: str = "seat") -> Seat:
        """The seat a stored entry names under ``key``. A room database edited by hand
        may name none: Python read -1 as the last seat, and true as seat 1."""
        index = check_whole(f'"{key}"', data[key], 0, self.players - 1, ValueError, shown)
        return self.seats[index]

    # ----------------------------------------------------------------- replay

    def apply(self, kind: str, data: dict[str, Any]) -> Told | None:
        """Apply one stored entry; return what to tell the room, if anything.

        Entries were checked before they were stored.
        """
        notice = None
        if kind == "seat":
            seat = self._stored_seat(data)
            seat.name, seat.token_hash = data["name"], data["token_hash"]
            if self.game is not None:
                self.seated_after_deal.add(seat.index)
            if self.host is None:  # the first person into an empty lobby runs it
                self.host, self.host_news = seat.index, None
        elif kind == "leave":
            notice = self._vacate(data)
        elif kind == "host":
            notice = self._host_away(data)
        elif kind == "bot":
            seat = self._stored_seat(data)
            seat.name, seat.bot = data["name"], data["bot"]
            notice = Told(f"{seat.label} takes seat {seat.index + 1}.")
        elif kind == "unseat":  # a vacated seat's bot too, after a game: the seat opens
            seat = self._stored_seat(data)
            seat.name = seat.bot = seat.vacated = seat.stand_in_name = None
        elif kind == "start":
            self.game = Game(self.rules, self.players, parse_deck(data["deck"]),
                             data["first_player"])
            self.game_number = data["game"]
            self.notices, self.pending, self.standing_in = [], None, set()
            self.host_news = None  # the game's log says what happens to the role from now
            self._end_away_stand_ins()
            self._hand_vacated_seats_to_their_bots()
            self.game_names, self.seated_after_deal = self.names, set()
            self.game_labels = [seat.label for seat in self.seats]
            self._name_stand_ins_of_people_away()
        elif kind in ("ask", "miss"):
            self._apply_ask(kind, data)
        elif kind == "fish":
            self._apply_fish(data)
        elif kind == "away":
            self._apply_away(data)
        else:
            raise ValueError(f"unknown room entry {kind!r}")
        if kind in TURN_ENTRIES:  # a move made: whoever moves next has a clock of their own
            self.out_of_time = None
        self.version += 1
        if kind != "away":
            self.changed_at = self.version
        return notice

    def stand_in_entries(self) -> list[Entry]:
        """The ``away`` entries that store the stand-in names given live and not stored yet,
        those still in use: named at a person's going away, a name was lost if the server
        restarted before the stand-in's first move, and it could come back as another."""
        return [("away", {"seat": index, "stand_in": name})
                for index, name in self.unstored_stand_ins.items()
                if self.status == "playing" and self.seats[index].kind == "human"
                and self.seats[index].stand_in_name == name]

    def _apply_away(self, data: dict[str, Any]) -> None:
        seat = self._stored_seat(data)
        if self.status != "playing" or seat.kind != "human":
            raise ValueError(f"seat {seat.index + 1} has nobody away in a game to stand in for")
        if not data["stand_in"]:  # the name is what the entry is for
            raise ValueError("an away entry names no stand-in")
        self._name_stand_in(seat, data["stand_in"])

    def _apply_ask(self, kind: str, data: dict[str, Any]) -> None:
        if self.game is None:
            raise ValueError("an ask before any game was dealt")
        ask, player = entry_ask(data), self._stored_seat(data, "player").index
        turn = self.game.current_player
        if player != turn:  # the game plays an ask for whoever is to move, so it is said
            whose = "the game is over" if turn is None else f"it is seat {turn + 1}'s turn"
            raise ValueError(f"seat {player + 1} asks, but {whose}")
        if kind == "ask":
            self._note_stand_in(player, data)
            self.game.play(ask)
        elif not self.game.is_legal(ask):  # a miss is played only once its player fishes
            raise ValueError(f"an illegal miss {ask}")
        else:
            self.pending = (player, ask)

    def _note_stand_in(self, seat: int, data: dict[str, Any]) -> None:
        """Tell the log when the stand-in starts asking for an away person: their seat's
        asks read "Bob asks…" whoever made them, and Bob, back, found asks he never made."""
        by = data.get("by")
        if by == OUT_OF_TIME:
            self._note_out_of_time(seat, data.get("stand_in"))
            return
        if by != "stand-in":
            self.standing_in.discard(seat)  # their own ask (or a bot's seat): no stretch
            if self.seats[seat].vacated is None:
                self.seats[seat].stand_in_name = None  # back: the name is free again
            return
        if seat in self.standing_in or self.game is None:
            return
        self.standing_in.add(seat)
        stand_in = self._name_stand_in(self.seats[seat], data.get("stand_in"))
        text = f"{self.names[seat]} is away: {stand_in} plays for them until they are back."
        # Their own page may see it said: the tab left open, their turns having run out.
        yours = f"You are away: {stand_in} plays for you until you are back."
        event = {"type": "seat_away", "seat": seat, "bot": self.stand_in}
        self.notices.append(Notice(self._notice_at(), event, Told(text, yours, seat)))

    def _note_out_of_time(self, seat: int, stored: str | None) -> None:
        """Tell the log, each time, that the stand-in made a move a person here let run out."""
        self.standing_in.discard(seat)  # should they go away later, that is a stretch of its own
        move = "fishes" if self.pending is not None else "asks"
        stand_in = self._name_stand_in(self.seats[seat], stored)
        text = f"{self.names[seat]}'s time ran out: {stand_in} {move} for them this once."
        yours = f"Your time ran out: {stand_in} {move} for you this once."
        event = {"type": "seat_out_of_time", "seat": seat, "bot": self.stand_in}
        self.notices.append(Notice(self._notice_at(), event, Told(text, yours, seat)))

    def _notice_at(self) -> int:
        """Where a notice made now goes in the log: after the game's events so far, and
        after a waiting miss's ask and "Go fish!", which the log has told already (the
        game plays them only with the draw). A restart then tells it in the same place."""
        assert self.game is not None
        return len(self.game.events) + len(self.pending_events())

    def _apply_fish(self, data: dict[str, Any]) -> None:
        if self.game is None or self.pending is None or self.pending[0] != data["player"]:
            raise ValueError("a fish with no miss waiting for it")
        self._note_stand_in(data["player"], data)  # an away person's draw too
        _, ask = self.pending
        self.pending = None
        self.game.play(ask)  # draws the top of the shuffled sea: the click never chooses

    def _vacate(self, data: dict[str, Any]) -> Told:
        """A person leaves (or is removed): revoke their token, pass the host role on."""
        seat = self._stored_seat(data)
        if seat.token_hash is None:
            raise ValueError(f"seat {seat.index + 1} has no person to leave it")
        reason: Vacated = "left" if data["removed_by"] is None else "removed"
        self.revoked[seat.token_hash] = reason
        seat.token_hash, seat.away, seat.gone_since, seat.turns_run_out = None, False, None, 0
        seat.idle_since = None  # their idle turns, not the next person's to inherit
        if data["bot"] is None:
            seat.name = seat.bot = seat.vacated = seat.stand_in_name = None
        else:  # the name stays, so the log of this game still reads as it did
            seat.bot, seat.vacated = data["bot"], reason
            self._name_stand_in(seat, data.get("stand_in"))
        self._host_news_no_longer_yours(seat.index)
        late = seat.index in self.seated_after_deal
        self.seated_after_deal.discard(seat.index)
        # Whoever sits there next (after the game, a seat dealt in too, its stand-in removed)
        # did not see this game's lines about this one: they read them with the names.
        self.notices = [notice.unaddressed(seat.index) for notice in self.notices]
        told = self._pass_host_on(data, seat.index, reason)
        if self.game is not None and not late:  # no line in a game they were not dealt into
            event = {"type": "seat_" + reason, "seat": seat.index, "bot": data["bot"]}
            self.notices.append(Notice(self._notice_at(), event, told))
        return told

    def _pass_host_on(self, data: dict[str, Any], index: int, reason: Vacated) -> Told:
        """After seat ``index`` is vacated: the next host, or a closed room; what to tell."""
        was_host = self.host == index
        if was_host:
            self.host = self._stored_next_host(data, index)
        # Nobody left to play or watch over a dealt game: it stops, no bot plays on.
        self.closed = self.game is not None and self.host is None
        if self.game is not None and self.closed:
            return Told(closing_text(data, reason, self.game.is_over))
        stand_in = self.seats[index].stand_in_name
        said = leave_text(data, index, reason, stand_in)
        if reason == "removed":  # the host (never the one removed) reads it as theirs
            return Told(said, leave_text(data, index, reason, stand_in, by_you=True),
                        data["removed_by"])
        if not was_host:
            return Told(said)
        told = None if self.host is None else self._host_now(f"{said} ", "You")
        self._lobby_host_news(told)
        return Told(said) if told is None else told

    def _host_now(self, before: str, you: str) -> Told:
        """``before`` and who holds the role now: named, or ``you`` ("you", or "You" to
        start a sentence) on their own page."""
        assert self.host is not None
        return Told(f"{before}{self.names[self.host]} is the host now.",
                    f"{before}{you} are the host now.", self.host)

    def _host_news_no_longer_yours(self, index: int) -> None:
        """Seat ``index`` given up: whoever sits there next is not the away host the
        lobby's news calls "you"."""
        if self.host_news is not None:
            self.host_news = self.host_news.unaddressed(index)

    def _lobby_host_news(self, told: Told | None) -> None:
        """Before the first deal, the lobby says how the role last passed on."""
        if self.game is None:
            self.host_news = told

    def _stored_next_host(self, data: dict[str, Any], index: int) -> int | None:
        """The new host a host's leave names (None: nobody is seated). A leave stored
        before leaves named one passes the role to the next person in seat order, as then."""
        if "host" not in data:
            return self._next_person(index)
        if data["host"] is None:
            return None
        host = self._stored_seat(data, "host")
        if host.index == index or host.kind != "human":
            raise ValueError(f"the host role cannot pass to seat {host.index + 1}")
        return host.index

    def _host_away(self, data: dict[str, Any]) -> Told:
        away, here = self._stored_seat(data, "from").index, self._stored_seat(data)
        if away != self.host or here.kind != "human":
            raise ValueError(f"the host role cannot pass from seat {away + 1} "
                             f"to seat {here.index + 1}")
        self.host = here.index
        # The away host's page, still open for idle turns or back later, reads it as theirs.
        told = replace(self._host_now(f"{self.names[away]} is away, so ", "you"),
                       also=(away, f"You are away, so {self.names[self.host]} is the host now."))
        self._lobby_host_news(told)
        if self.game is not None:  # told in the log as a leave is: a page back later reads it
            event = {"type": "seat_host", "seat": self.host, "from": away}
            self.notices.append(Notice(self._notice_at(), event, told))
        return told

    def _next_person(self, after: int, *, here: bool = False) -> int | None:
        """The next seat after ``after`` in seat order (going round) that a person holds
        (and, if ``here``, is connected to and not away: one whose turns ran out, the tab
        left open, is gone as surely as one with no connection)."""
        for step in range(1, self.players):
            seat = self.seats[(after + step) % self.players]
            wanted = seat.active if here else seat.kind == "human"
            if wanted:
                return seat.index
        return None

    def mark_away(self, index: int) -> None:
        """Seat ``index``'s person is away (gone, or idle with the tab open). During a game
        their stand-in is named now, so the name their page and the others read is the one
        that then plays: named at its first move, two people away at once both read the
        next free name, and one of them was played by the name after it."""
        seat = self.seats[index]
        seat.away = True
        if self.status == "playing" and seat.kind == "human" and seat.stand_in_name is None:
            self.unstored_stand_ins[index] = self._name_stand_in(seat)

    def _stand_in_name_for(self, seat: Seat) -> str:
        """The name the stand-in for ``seat`` has (away, then left: the same bot plays
        on), else the one it would be given now."""
        return seat.stand_in_name or self._free_bot_name(self.stand_in)

    def _name_stand_in(self, seat: Seat, stored: str | None = None) -> str:
        """Name the stand-in for ``seat``: ``stored``, the name its entry was made with
        (presence is not stored, so a replay could not tell whom a name was kept for),
        else as :meth:`_stand_in_name_for` (entries stored before names were)."""
        if stored is not None and not isinstance(stored, str):  # an entry edited by hand
            raise ValueError(f"a stand-in's name is text, not {stored!r}")
        if stored:
            self.unstored_stand_ins.pop(seat.index, None)  # stored now
        seat.stand_in_name = stored or self._stand_in_name_for(seat)
        return seat.stand_in_name

    def _end_away_stand_ins(self) -> None:
        """A new deal: stand-ins for people away in the last game are gone, names freed."""
        self.unstored_stand_ins.clear()  # a left seat's name is stored with its leave
        for seat in self.seats:
            if seat.vacated is None:
                seat.stand_in_name = None

    def _name_stand_ins_of_people_away(self) -> None:
        """A new deal with people still away (gone since the last game): their stand-ins are
        named at once, as when they went. Only live: nobody is away in a replay. (A page
        still open is active again at the deal: no name is kept for it.)"""
        for seat in self.seats:
            if seat.away and not seat.connected:
                self.mark_away(seat.index)

    def _hand_vacated_seats_to_their_bots(self) -> None:
        """A new deal: a seat whose person left is the bot's own now, under the name it
        played that seat with (distinct already), so it is not renamed between games."""
        for seat in self.seats:
            if seat.vacated is not None and seat.bot is not None:
                name = seat.stand_in_name
                seat.name = seat.vacated = seat.stand_in_name = None
                seat.name = name or self._free_bot_name(seat.bot)


def entry_ask(data: dict[str, Any]) -> Ask:
    """The ask an "ask" or "miss" entry holds: the action as a record writes it, with who
    made it ("by") and a stand-in's name ("stand_in"), which are the room's and no field
    of an action."""
    return Ask.from_dict({key: value for key, value in data.items()
                          if key not in ("by", "stand_in")})


def seatable_spec(bot: str) -> str:
    """``bot`` (a name, or a spec with options) in its one spelling if a room can seat it:
    the start form's checks, in a room's words. Else a RoomError ``invalid`` saying what is
    wrong: an unknown bot, an option it does not take, a value it refuses, or longer to
    think than a server allows, or longer than a page may send (as the start form's)."""
    if len(bot) > MAX_OPPONENT_SPEC_LENGTH:
        raise RoomError("invalid", f"a bot with its options may be at most "
                                   f"{MAX_OPPONENT_SPEC_LENGTH} characters, and this one has "
                                   f"{len(bot)}")
    room_bot(bot)
    return canonical_spec(bot)


def room_bot(bot: str) -> Bot:
    """A fresh bot for ``bot`` (a name, or a spec with options), made and checked as a
    room seats one (see :func:`seatable_spec`), which raises RoomError ``invalid`` if
    the room would not seat it. The server makes a stored seat's bot with it too: a
    stored spec is not checked again when its entry is replayed."""
    try:  # an unknown bot in make_bot's words, as the command line and the browser say it
        return server_bot(bot, "in a room's game")
    except BotRefused as refused:  # an unknown option or a bad value is named in its words
        raise RoomError("invalid", str(refused), refused.option) from None


def bot_label(bot: str) -> str:
    return f"{display_name(bot)} (bot)"


def _who_left(data: dict[str, Any], reason: Vacated, by_you: bool = False) -> str:
    """"Bob left", "The host removed Bob", or on the host's own page "You removed Bob"."""
    who = data["name"]
    if reason == "left":
        return f"{who} left"
    return f"{'You' if by_you else 'The host'} removed {who}"


def leave_text(data: dict[str, Any], index: int, reason: Vacated, stand_in: str | None,
               by_you: bool = False) -> str:
    """``Bob left; Emma (bot) plays their seat.`` and the like (``stand_in``: its name;
    ``by_you``: as the page of the host who removed them says it)."""
    said = _who_left(data, reason, by_you)
    if stand_in is None:  # no bot took the seat
        return f"{said}; seat {index + 1} is open."
    return f"{said}; {stand_in} plays their seat."


def closing_text(data: dict[str, Any], reason: Vacated, game_over: bool) -> str:
    """The last person is gone: no stand-in plays on, so the sentence does not say one does."""
    stops = "" if game_over else " and the game stops here"
    return f"{_who_left(data, reason)}. Nobody is left in a seat, so the room is closed{stops}."


def rules_summary(rules: Rules, players: int) -> list[str]:
    """The room's rules as short phrases, for the lobby and the room page: every option,
    in the tables' words for house rules."""
    words = rule_words(rules, players)
    return [
        rules.preset,
        f"{players} players, {words['hand_size']}",
        *(words[name] for name in ("refill", "end", "lucky_draw", "book_size", "ask")),
    ]
