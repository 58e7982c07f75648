"""One game at a browser table, held on the server: the game, its bots, pacing and storage.

The session is authoritative. A page is a listener on one seat and only ever
receives what ``game.view(seat)`` holds (plus the seats' names), turned into
JSON here; every move it sends is checked against the state version and the
rules before it reaches the game.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

from gofish.bots import (
    Bot,
    bot_turn,
    canonical_spec,
    make_bot,
    prepare_endgame,
    seat_labels,
    seat_names,
)
from gofish.bots.base import BotRefused, cancel_thinking, server_bot
from gofish.core import (
    Ask,
    Event,
    Game,
    GoFishError,
    View,
    make_rules,
    new_game,
)
from gofish.core.events import announced_miss
from gofish.knowledge import RankRow, coach_rows_as_told
from gofish.narrate import Narrator
from gofish.session import (
    bot_cannot_play,
    filled_opponents,
    record_with_miss,
    sea_is_spread,
    waits_for_pick,
)
from gofish.storage import FallbackSaver, Store, StoredGame
from gofish.storage.errors import reported
from gofish.storage.store import seats_lost_words
from gofish.web.help import rules_help
from gofish.web.messages import MAX_PAGE_PACE, AskMessage, FishMessage, StartMessage
from gofish.web.speech import speech_for

Sender = Callable[[dict[str, Any]], Awaitable[None]]
logger = logging.getLogger(__name__)

DEFAULT_PACE = 1.4  # seconds between a bot's asks: slow enough for a person to follow


class MoveRefused(ValueError):
    """A move from the page that cannot be played now; the text says why."""


class OpponentRefused(MoveRefused):
    """An opponent the start message names that cannot play: ``seat`` is its seat (1, the
    first opponent) and ``option`` the option at fault, if one alone is, for the start
    form to mark that box."""

    def __init__(self, text: str, seat: int, option: str | None) -> None:
        super().__init__(text)
        self.seat = seat
        self.option = option


class GameIsOver(MoveRefused):
    """A resume of a finished game: the page offers its replay (``game_id``) instead."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"game {game_id} is over: watch its replay instead")
        self.game_id = game_id


@dataclass(frozen=True)
class Seat:
    name: str
    bot: str | None  # None: a person

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "bot": self.bot}


def seats_for(name: str, opponents: Sequence[str], players: int) -> list[Seat]:
    """The person in seat 0, then one bot per opponent seat, with distinct display names."""
    if len(opponents) > players - 1:
        seats = "1 opponent seat" if players == 2 else f"{players - 1} opponent seats"
        raise MoveRefused(f"{len(opponents)} opponents chosen for {seats}")
    # One spelling per bot (emma:memory=00 is emma:memory=0): stats count its games together.
    chosen = filled_opponents([canonical_spec(bot) for bot in opponents], players - 1)
    return [Seat(shown, bot) for shown, bot in seat_names(name, chosen)]


def _check_opponent(bot: str, seat: int) -> None:
    """Refuse an opponent no bot answers to, in the words the command line and the rooms
    use (``unknown bot 'emmma': choose one of …; did you mean 'emma'?``); a known bot with
    a bad option is told why (``counter:epsilon=2``: epsilon must be from 0 to 1), not
    called unknown; and one given longer to think than a server allows (the bots'
    MAX_THINKING_SECONDS, which rooms share), in the rooms' words. The refusal names the
    opponent's ``seat`` and the option at fault, for the form to mark its box."""
    try:
        server_bot(bot, "in a game in the browser")
    except BotRefused as refused:
        raise OpponentRefused(str(refused), seat, refused.option) from None


def why_not_resumable(stored: StoredGame) -> str | None:
    """Why unfinished ``stored`` cannot be played on at one browser, or None if it can. The
    games offered to go on with and the resume itself both ask this, so a game offered is
    one that opens."""
    return _why_not_at_one_browser(stored) or _server_refuses_an_opponent(stored)


def _why_not_at_one_browser(stored: StoredGame) -> str | None:
    """Why ``stored`` cannot be opened at one browser at all, finished or not."""
    people = stored.human_seats
    if not people:
        return f"nobody plays game {stored.id} in person: it cannot be resumed"
    missing = (bot_cannot_play(stored.id, seat["bot"]) for seat in stored.seats if seat["bot"])
    if cannot := next((words for words in missing if words), None):
        return cannot
    if lost := seats_lost_words(stored.id, stored.seats):
        return f"{lost}: it cannot be resumed at one browser"
    if len(people) > 1:
        return f"game {stored.id} has {len(people)} people: it cannot be resumed at one browser"
    return None


def _server_refuses_an_opponent(stored: StoredGame) -> str | None:
    """Why a bot of ``stored`` may not play on a server, if one may not: ``gofish play`` gives
    a searching bot up to an hour a decision, and resumed here it thought so on the server,
    as a start message naming it may not (``_check_opponent``)."""
    for seat in stored.seats:
        bot = seat["bot"]
        if not bot:
            continue
        try:
            server_bot(bot, "in a game in the browser")
        except BotRefused as refused:
            # Its reason alone: the opponent is named already, and "'ismcts:seconds=30'
            # cannot play here: bot 'ismcts': seconds ..." named it twice.
            return (f"game {stored.id}'s opponent {bot!r} cannot play here: "
                    f"{refused.reason}; go on with it at the terminal "
                    f"(gofish resume {stored.id})")
    return None


class GameSession:
    """A game being played in browsers: seats, bots, listeners and the state version."""

    def __init__(
        self,
        game: Game,
        seats: Sequence[Seat],
        *,
        store: Store | FallbackSaver | None = None,
        pace: float = DEFAULT_PACE,
        seed: int | None = None,
        pick_from_pond: bool | None = None,
    ) -> None:
        if len(seats) != game.num_players:
            raise ValueError(f"{len(seats)} seats for a {game.num_players}-player game")
        self.game = game
        self.seats = list(seats)
        self.bots: dict[int, Bot] = {
            seat: make_bot(info.bot) for seat, info in enumerate(seats) if info.bot
        }
        prepare_endgame(self.bots.values())
        # Each bot's own stream, as at the terminal table: Random(seed) is the deal's stream,
        # so a bot handed it could replay the shuffle (every hand, the pond's order).
        self.rngs: dict[int, random.Random] = {
            seat: random.Random(None if seed is None else f"{seed}/bot{seat}")
            for seat in self.bots
        }
        self.store = store
        self.pace = pace
        # Nordic players fish from a spread-out sea by clicking a card of it.
        self.pick_from_pond = sea_is_spread(game.rules) if pick_from_pond is None else (
            pick_from_pond
        )
        self.version = 0
        self.game_id: int | None = None
        self.notice: str | None = None
        self._pending: tuple[int, Ask] | None = None  # a miss waiting for its player to fish
        self._listeners: dict[int, Sender] = {}
        self._sent: dict[int, int] = {}  # history events already sent, per seat
        self._preshown: dict[int, int] = {}  # events shown ahead of the game (the pending miss)
        self._lock = asyncio.Lock()
        self._bots_task: asyncio.Task[None] | None = None
        self._closed = False  # stored for its page's last time: it takes no more moves

    @classmethod
    def from_start(
        cls, message: StartMessage, *, store: Store | FallbackSaver | None = None,
        pace: float | None = None
    ) -> GameSession:
        """Deal the game a start message asks for; GoFishError/MoveRefused say what is wrong."""
        for seat, bot in enumerate(message.opponents, start=1):
            _check_opponent(bot, seat)
        rules = make_rules(message.preset, **message.options.chosen())
        game = new_game(rules, players=message.players, seed=message.seed)
        seats = seats_for(message.name, message.opponents, message.players)
        chosen_pace = message.pace if message.pace is not None else pace
        return cls(game, seats, store=store, seed=message.seed,
                   pace=DEFAULT_PACE if chosen_pace is None else chosen_pace)

    @classmethod
    def from_stored(
        cls, stored: StoredGame, *, store: Store | None = None, pace: float = DEFAULT_PACE,
        finished_too: bool = False,
    ) -> tuple[GameSession, int]:
        """Go on with a stored, unfinished game; return the session and the person's seat.

        With ``finished_too`` a finished game is taken as well, to be shown as it ended.
        """
        if stored.over and not finished_too:
            raise GameIsOver(stored.id)
        # A finished game is only looked at: none of its bots will think again.
        refusal = _why_not_at_one_browser(stored) if stored.over else why_not_resumable(stored)
        if refusal is not None:
            raise MoveRefused(refusal)
        seats = [Seat(str(seat["name"]), seat["bot"]) for seat in stored.seats]
        # ...and it has nothing new to store.
        session = cls(stored.game(), seats, store=None if stored.over else store, pace=pace)
        session.game_id = stored.id
        return session, stored.human_seats[0]

    # ------------------------------------------------------------ listeners

    @property
    def names(self) -> list[str]:
        return [seat.name for seat in self.seats]

    @property
    def labels(self) -> list[str]:
        """Each seat with its bot's options ("Emma (memory=0)"), for its panel; the log and
        the status line say the name alone."""
        return seat_labels([seat.to_dict() for seat in self.seats])

    @property
    def awaiting_fish(self) -> bool:
        """Whether a miss waits for its player to pick from the sea: stored as played
        (see ``_record``), its draw is still the sea's hidden top card."""
        return self._pending is not None

    async def connect(self, seat: int, send: Sender) -> None:
        """Send ``seat``'s page the whole table so far, then keep it updated."""
        async with self._lock:
            self._listeners[seat] = send
            self._sent[seat] = 0
            self._preshown[seat] = 0
            await self._send_update(seat)
        self._wake_bots()

    def disconnect(self, seat: int) -> None:
        self._listeners.pop(seat, None)

    async def close(self, *, unplayed_too: bool = True) -> None:
        """Stop the bots and keep an unfinished game in the store (to resume later).

        ``unplayed_too=False``: a game not asked in yet is dropped, from the store too
        (its page dealt another).
        """
        self._closed = True
        self._listeners.clear()
        # Cancelling the task leaves the bot's worker thread searching on (for nothing,
        # and holding one of the few executor threads every table shares): stop it too.
        cancel_thinking(self.bots.values())
        if self._bots_task is not None:
            self._bots_task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._bots_task
        async with self._lock:
            if self._pending is not None:
                # The miss was shown: it is made, or the page that resumes the game
                # (after a reload, in another tab) could take it back and ask again.
                self._play_pending()
            # A game over at the deal (no sea left to fish from) was played, with no ask.
            if unplayed_too or self.game.actions or self.game.is_over:
                self._save(unplayed_too=True)  # a dealt hand is offered again after a reload
            else:
                self._forget_unplayed()

    # ---------------------------------------------------------------- moves

    async def submit(self, seat: int, message: AskMessage | FishMessage) -> None:
        """Play a move sent by ``seat``'s page; MoveRefused if it is stale or illegal."""
        async with self._lock:
            if self._closed:  # an ask that waited while the table closed: a newer page of
                # the game may have read it already, and would store over the move unseen
                raise MoveRefused("this table has closed: open the game again to play on")
            self._check_fresh(seat, message.version)
            if isinstance(message, FishMessage):
                self._fish(seat)
            else:
                self._ask(seat, message)
            self.version += 1
            self._save()  # before the page hears of it: a killed server loses nothing it saw
            await self._broadcast()
        self._wake_bots()

    def _check_fresh(self, seat: int, version: int) -> None:
        if version != self.version:
            raise MoveRefused(
                f"that move was made on an old table (version {version}, now {self.version}); "
                "the table has been brought up to date"
            )
        if self.game.is_over:
            raise MoveRefused("the game is over")
        current = self.game.current_player
        if current != seat:
            raise MoveRefused(f"it is {self.names[current or 0]}'s turn, not yours")

    def _ask(self, seat: int, message: AskMessage) -> None:
        if self._pending is not None:
            # Only a table that spreads its pile out waits for a fish: that pile is the sea.
            raise MoveRefused("you were told to go fish: draw from the sea first")
        try:
            action = Ask.of(message.target, message.rank, message.suit)
        except GoFishError as error:
            raise MoveRefused(str(error)) from None
        if (self.pick_from_pond and self.game.is_legal(action)
                and waits_for_pick(self.game, action)):
            # Show the ask and the "Go fish!" now; the draw waits for the player's click.
            self._pending = (seat, action)
            return
        try:
            self.game.play(action)  # checks the ask first and changes nothing if it is illegal
        except GoFishError as error:
            raise MoveRefused(_second_person(str(error), seat)) from None

    def _fish(self, seat: int) -> None:
        if self._pending is None or self._pending[0] != seat:
            raise MoveRefused("there is nothing to fish for: ask for a rank first")
        self._play_pending()

    def _play_pending(self) -> None:
        """Play the miss that waited for its player's click (the draw is the pond's top)."""
        assert self._pending is not None
        _, action = self._pending
        self._pending = None
        self.game.play(action)

    # ------------------------------------------------------------------ bots

    def _wake_bots(self) -> None:
        if self._bots_task is None or self._bots_task.done():
            self._bots_task = asyncio.get_running_loop().create_task(self._play_bots())

    async def _play_bots(self) -> None:
        try:
            await self._bot_turns()
        except asyncio.CancelledError:
            raise
        except Exception as error:  # a broken bot must not leave the page waiting forever
            logger.exception("a computer player failed")
            self.notice = f"a computer player failed ({error}); start a new game"
            async with self._lock:
                await self._broadcast()

    async def _bot_turns(self) -> None:
        while self._listeners:
            seat = self.game.current_player
            if seat is None or seat not in self.bots:
                return
            await asyncio.sleep(self.pace)
            async with self._lock:
                if self.game.current_player != seat:
                    continue
                # A searching bot thinks for a fifth of a second or more: in a worker
                # thread, so other tables on this server are not held up meanwhile.
                action = await asyncio.to_thread(bot_turn, self.game, self.bots[seat],
                                           self.rngs[seat])
                self.game.play(action)
                self.version += 1
                self._save()
                await self._broadcast()

    # --------------------------------------------------------------- storage

    def keep_dealt(self) -> None:
        """Store a new deal at once: a reload before the first ask then finds its table
        (the page's address names the game), not the start screen."""
        if self.game_id is None:
            self._save(unplayed_too=True)

    def _forget_unplayed(self) -> None:
        # Stored only so that a reload could find it: a replaced deal is no game to resume.
        if self.store is None or self.game_id is None or self.game.actions:
            return
        try:
            self.store.delete(self.game_id, unplayed_only=True)  # or the terminal's now
        except Exception as error:  # a storage failure must never end the game
            self.notice = ("the unplayed deal could not be removed from the history: "
                           f"{reported(error, logger)}")
        self.game_id = None

    def _save(self, *, unplayed_too: bool = False) -> None:
        # While play goes on, a game is stored from its first ask; one not asked in yet
        # is stored when dealt and when left (a reload, a closed tab), so the page finds
        # it again.
        if self.store is None or not (self.game.actions or self._pending or unplayed_too):
            return
        try:
            self.game_id = self.store.save(
                self._record(),
                seats=[seat.to_dict() for seat in self.seats],
                game_id=self.game_id,
                source="web",
            )
        except Exception as error:  # a storage failure must never end the game
            told = reported(error, logger)
            rescued = getattr(error, "fallback_path", None) is not None  # it says so itself
            self.notice = (f"the game could not go into the games database: {told}" if rescued
                           else f"the game could not be saved: {told}")

    def _record(self) -> dict[str, Any]:
        """The game as stored: with the miss that waits for its player's click played (see
        :func:`record_with_miss`; the rooms' ``miss`` and ``fish`` entries replay so too)."""
        return record_with_miss(self.game, self._pending)

    # ------------------------------------------------------------- updates

    async def _broadcast(self) -> None:
        for seat in list(self._listeners):
            await self._send_update(seat)

    def _new_events(self, seat: int, view: View) -> list[Event]:
        """History events ``seat`` has not been sent, then a pending miss shown ahead of time.

        A miss whose draw waits for a click is shown as its ask and "Go fish!"
        before the game plays it; once played, those two are not sent again.
        """
        fresh = list(view.history[self._sent.get(seat, 0):])
        self._sent[seat] = len(view.history)
        if self._pending is None:
            fresh = fresh[self._preshown.pop(seat, 0):]
        elif not self._preshown.get(seat):
            player, action = self._pending
            fresh += announced_miss(player, action)
            self._preshown[seat] = 2
        return fresh

    async def _send_update(self, seat: int) -> None:
        send = self._listeners.get(seat)
        if send is None:
            return
        view = self.game.view(seat)
        message = {
            "type": "update",
            "version": self.version,
            "events": [self._event_json(event, seat) for event in self._new_events(seat, view)],
            "state": self.table_state(view),
        }
        try:
            await send(message)
        except Exception:  # a page that went away stops listening
            self.disconnect(seat)

    def _event_json(self, event: Event, seat: int) -> dict[str, Any]:
        spoken = speech_for(event, self.names, seat, self.game.rules.book_size)
        return {
            **event.to_dict(),
            "text": Narrator(self.names, seat, self.game.rules).describe(event),
            "speech": None if spoken is None else {"seat": spoken.seat, "text": spoken.text},
        }

    def table_state(self, view: View) -> dict[str, Any]:
        """Everything ``view.viewer``'s page draws, from that seat's view alone."""
        seat = view.viewer
        assert seat is not None
        phase = self._phase(view)
        rules = view.rules
        labels = self.labels
        return {
            "you": seat,
            "phase": phase,
            "current": view.current_player,
            "players": [
                {
                    "seat": index,
                    "name": info.name,
                    "label": labels[index],
                    "bot": info.bot,
                    "cards": view.hand_sizes[index],
                    "books": [str(rank) for rank in view.books[index]],
                    # the books' cards, face up: under pairs, which suits are down
                    "laid": [str(card) for card in view.laid[index]],
                    "in_play": view.in_play[index],
                    "hand_at_end": None if view.hands_at_end is None
                    else [str(card) for card in view.hands_at_end[index]],
                }
                for index, info in enumerate(self.seats)
            ],
            "hand": [str(card) for card in view.hand or ()],
            "pond": view.pond_size,
            "rules": {
                "preset": rules.preset,
                "label": rules.to_json(view.num_players),
                "ask": rules.ask,
                "book_size": rules.book_size,
                "total_books": rules.total_books,
                "sea": self.pick_from_pond,
            },
            "legal": [a.to_dict() for a in view.legal_actions] if phase == "ask" else [],
            "coach": _coach_json(coach_rows_as_told(view, self._pending)),
            "winners": None if view.winners is None else list(view.winners),
            "result": self._result(view),
            "game_id": self.game_id,
            "notice": self.notice,
        }

    def _phase(self, view: View) -> str:
        if view.is_over:
            return "over"
        if self._pending is not None and self._pending[0] == view.viewer:
            return "fish"
        if view.my_turn and self._pending is None:
            return "ask"
        return "wait"

    def _result(self, view: View) -> dict[str, Any] | None:
        if view.winners is None:
            return None
        books = [len(b) for b in view.books]
        ranked = sorted(range(view.num_players), key=lambda s: (-books[s], s))
        return {
            "winners": list(view.winners),
            "you_won": view.viewer in view.winners,
            "shared": len(view.winners) > 1,
            "books": books,
            "standings": [{"seat": s, "name": self.names[s], "books": books[s]} for s in ranked],
            "asks": len(self.game.actions),
            "ending": Narrator(self.names, view.viewer, view.rules).ending(view),
        }

    def help(self) -> dict[str, Any]:
        return rules_help(self.game.rules, self.game.num_players)

    def setup(self, seat: int) -> dict[str, Any]:
        """The start message that deals a game like this one for ``seat`` ("Play again")."""
        players = self.game.num_players
        return {
            "type": "start",
            "preset": self.game.rules.preset,
            "players": players,
            "options": self.game.rules.options(players),
            "opponents": [info.bot for index, info in enumerate(self.seats)
                          if index != seat and info.bot],
            "name": self.seats[seat].name,
            # The pace chosen for this game, not the server's default; one only the server
            # may set is its default anyway, and a start message could not carry it.
            **({"pace": self.pace} if self.pace <= MAX_PAGE_PACE else {}),
        }


def _coach_json(rows: list[RankRow]) -> list[dict[str, Any]]:
    return [
        {
            "rank": str(row.rank),
            "mine": row.mine,
            "known": list(row.known),
            "none": list(row.known_none),
            "booked": row.booked,
            "unaccounted": row.unaccounted,
        }
        for row in rows
    ]


def _second_person(text: str, seat: int) -> str:
    """The core says "player 0 does not hold any K"; the page says "you do not hold any K"."""
    return (
        text.replace(f"player {seat} does not", "you do not")
        .replace(f"player {seat} already holds", "you already hold")
        .replace(f"player {seat} cannot ask themselves", "you cannot ask yourself")
    )
