"""One person at a table with computer opponents: the game loop every front end shares.

A ``TableSession`` owns the ``Game``, the bots (each given only its own view),
the seat names and the saving of the game after every ask. The terminal app and
the plain line mode only ever show ``session.view()`` and the narrated events,
so neither can reveal a hidden card.
"""

from __future__ import annotations

import contextlib
import os
import random
import shlex
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
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
from gofish.bots.base import (
    CMD_PREFIX,
    cancel_thinking,
    is_registered,
    seat_label,
    too_many_opponents,
)
from gofish.core import (
    Ask,
    Asked,
    Card,
    Event,
    Game,
    GoFishError,
    Rank,
    Rules,
    Suit,
    View,
    WentFishing,
    game_from_record,
    make_rules,
    new_game,
    redact,
)
from gofish.core.cards import SUIT_SORT_ORDER
from gofish.core.events import announced_miss
from gofish.knowledge import RankRow, coach_rows_as_told, on_table
from gofish.leaving import leave_signals_to_the_main_thread
from gofish.narrate import Narrator, plural, pond_word, shown
from gofish.storage import HUMAN, StatsRow, StorageError, Store, StoredGame, default_db_path
from gofish.storage.store import seats_lost_words
from gofish.tally import PlayerTally, tally

HUMAN_SEAT = 0
#: The suits in the order a hand lists them (C D H S), for every list of suits shown.
SUITS_AS_IN_HAND: tuple[Suit, ...] = tuple(sorted(Suit, key=SUIT_SORT_ORDER.__getitem__))


class IllegalChoice(ValueError):
    """A move the person may not make right now; the message says why, in table words."""


@dataclass(frozen=True)
class TableSettings:
    """Everything needed to deal a new game with the same settings again."""

    rules: Rules
    players: int = 2
    opponents: tuple[str, ...] = ("emma",)
    name: str = "You"
    seed: int | str | None = None

    def __post_init__(self) -> None:
        # One bot per opponent seat, the last named repeated, so no seat is left with
        # neither a bot nor a person (a table would wait on it for ever).
        object.__setattr__(self, "opponents", opponents_for(self.players, self.opponents))

    def seats(self) -> list[dict[str, str | None]]:
        """Seat 0 is the person; the others are bots, named so they can be told apart."""
        return [{"name": name, "bot": bot} for name, bot in seat_names(self.name, self.opponents)]

    def seed_for(self, game_number: int) -> int | str | None:
        """The seed of the n-th game at this table: replays stay reproducible."""
        return table_seed(self.seed, game_number)


def table_seed(seed: int | str | None, game_number: int) -> int | str | None:
    """The seed of the ``game_number``-th game (from 0) at a table seeded with ``seed``."""
    if seed is None or game_number == 0:
        return seed
    return f"{seed}/{game_number}"


def _replayed_here(record: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
                   game_id: int) -> Game:
    """The stored game replayed, if its every bot is here to play on and it has one
    person to seat; else GoFishError."""
    try:
        game = game_from_record(record)
    except GoFishError as error:  # the store checks records, so only a hand-edited one
        raise GoFishError(f"stored game {game_id} cannot be replayed: {error}") from None
    for seat in seats:
        bot = seat.get("bot")
        if bot is not None and (missing := bot_cannot_play(game_id, str(bot))):
            raise GoFishError(missing)
    people = sum(1 for seat in seats if seat.get("bot") is None)
    if unknown := seats_lost_words(game_id, seats):  # not people: nobody knows who sat there
        raise GoFishError(f"{unknown}, so it cannot be resumed")
    if people > 1:  # a bot in a second person's seat was saved as having played it all
        raise GoFishError(f"game {game_id} has {people} people: a table here seats one, "
                          "so it cannot be resumed here")
    return game


def _table_position(deal: Mapping[str, Any] | None, game: Game) -> tuple[int | str | None, int]:
    """The seed and game number a stored ``deal`` names, if it really dealt ``game``; else
    (None, 0): an unseeded table, as a game saved without one (or edited by hand) resumes."""
    if deal is None:
        return None, 0
    seed, number = deal.get("seed"), deal.get("number")
    if (isinstance(seed, bool) or not isinstance(seed, (int, str))
            or isinstance(number, bool) or not isinstance(number, int) or number < 0):
        return None, 0
    try:  # one shuffle: a deal that did not make this game must not seed the next
        dealt = new_game(game.rules, game.num_players, seed=table_seed(seed, number))
    except GoFishError:
        return None, 0
    same = dealt.deck == game.deck and dealt.first_player == game.first_player
    return (seed, number) if same else (None, 0)


def filled_opponents(chosen: Sequence[str], seats: int) -> list[str]:
    """A bot for each of ``seats`` opponent seats: those chosen, the last one repeated for
    the seats left (emma if none), so the terminal and the browser deal the same table."""
    named = list(chosen) or ["emma"]
    return named + [named[-1]] * (seats - len(named))


def opponents_for(players: int, names: Sequence[str]) -> tuple[str, ...]:
    """The bot for each opponent seat: the names given, the last one repeated (emma by default)."""
    # Not lowered here: canonical_spec does that below, and a refusal quotes what was typed.
    chosen = [name.strip() for name in names if name.strip()]
    if len(chosen) > players - 1:
        raise GoFishError(too_many_opponents(len(chosen), players, "use --players {}"))
    chosen = filled_opponents(chosen, players - 1)
    for name in chosen:
        try:
            make_bot(name)
        except ValueError as error:
            raise GoFishError(str(error)) from None
    # One spelling per bot (emma:memory=00 is emma:memory=0): stats count its games together.
    return tuple(canonical_spec(name) for name in chosen)


def bot_cannot_play(game_id: int, bot: str) -> str | None:
    """Why stored game ``game_id``'s opponent ``bot`` cannot play on here, or None if it
    can: no bot here has its name (a script's), or the bot here refuses an option stored
    with it (only a hand edit of the database stores one), which was said to be a bot
    "not here" of a bot that is. The bot is named once: some refusals quote it whole,
    others only the option ("epsilon=2"), which left unsaid which of several opponents
    that take it was at fault."""
    try:
        make_bot(bot)
    except ValueError as error:
        if is_registered(bot):
            named = "" if repr(bot) in str(error) else f" {bot!r}"
            return f"game {game_id}'s stored opponent{named} cannot play: {error}"
        return f"game {game_id} needs the bot {bot!r}, which is not here"
    return None


_REFILL_WORDS = {
    "hand": "an empty hand draws a full hand",
    "card": "an empty hand draws a single card",
    "turn": "an empty hand draws one card on its turn",
    "none": "no refill",
}


def house_rule_names(rules: Rules, players: int) -> list[str]:
    """The options ``rules`` change on top of their preset, leaving out a refill that
    cannot act: under end first-empty the first empty hand ends the game (R19), so
    nordic with ``refill: hand`` plays nordic's game and is not said to refill."""
    changed = rules.options(players)
    if not rules.refill_can_act:
        changed.pop("refill", None)
    return list(changed)


def rule_words(rules: Rules, players: int) -> dict[str, str]:
    """Every option of ``rules`` in a few words, by option name (RULES.md, house rules).

    The one wording of the rules: the tables name the options on top of the preset with
    it, the rooms' lobby and room page every option of a room."""
    resolved = rules.for_players(players)
    book = "pair" if resolved.book_size == 2 else "book"
    dealt = resolved.hand_size or resolved.default_hand_size(players)  # for_players set it
    return {
        "lucky_draw": "lucky draw" if resolved.lucky_draw else "no lucky draw",
        "refill": _REFILL_WORDS[resolved.refill if resolved.refill_can_act else "none"],
        "end": (f"play until all {resolved.total_books} {book}s are down"
                if resolved.end == "all-books"
                else f"ends at the first empty hand or {pond_word(resolved)}"),
        "hand_size": f"{plural(dealt, 'card')} each",
        "book_size": "books of four" if resolved.book_size == 4 else "pairs instead of books",
        "ask": "ask for a rank" if resolved.ask == "rank" else "ask for a card by rank and suit",
    }


def house_rules_in_words(rules: Rules, players: int) -> str | None:
    """The house rules on top of the preset, in words ("no lucky draw, 5 cards each"), or
    None when there are none."""
    words = rule_words(rules, players)
    return ", ".join(words[name] for name in house_rule_names(rules, players)) or None


def rules_in_words(rules: Rules, players: int) -> str:
    """The preset and its house rules in words, "classic (no lucky draw, pairs instead of
    books)": for people, where the stored label spells the options as the engine does."""
    house = house_rules_in_words(rules, players)
    return rules.preset if house is None else f"{rules.preset} ({house})"


def stored_rules_in_words(rules: object, players: int, label: str) -> str:
    """A stored game's rules (a record's ``rules`` value) in words, as rules_in_words; its
    stored ``label`` when they are past reading (edited by hand), not an error."""
    try:
        return rules_in_words(make_rules(rules), players)
    except GoFishError:
        return label


def game_rules_in_words(game: StoredGame) -> str:
    """A stored game's rules in words, as the table says them: "classic (pairs instead of
    books)", where its label spells the engine's options ("book_size=2")."""
    return stored_rules_in_words(game.rules, game.players, game.rules_label)


def stats_rules_in_words(row: StatsRow) -> str:
    """A stats row's rules in words: "classic (pairs instead of books)" for its label
    "classic (book_size=2)". Its seat and opponents are every player of its games."""
    return stored_rules_in_words(row.rules_record, len(row.opponents) + 1, row.rules)


def stats_opponents_named(row: StatsRow) -> list[str]:
    """A stats row's opponents as a table names them, so as history names them in each
    of its games: two Emmas are "Emma, Emma 2", not the stored "emma, emma"."""
    return stats_names(row.opponents)


def stats_names(bots: Sequence[str]) -> list[str]:
    """Stored bots (a stats row's player or opponents) as a table names them: a second
    Emma is "Emma 2", and a bot given options says them ("Emma (memory=0)"). People
    ("human") and programs (cmd:), which have no name of the bot's own, are as stored."""
    named_at_table = [bot for bot in bots if _named_by_its_bot(bot)]
    names = iter([seat_label(name, bot) for name, bot in seat_names("", named_at_table)[1:]])
    return [next(names) if _named_by_its_bot(bot) else bot for bot in bots]


def _named_by_its_bot(spec: str) -> bool:
    return spec != HUMAN and not spec.lower().startswith(CMD_PREFIX)


def sea_is_spread(rules: Rules) -> bool:
    """Whether a table spreads the pond out for a player to pick the card they fish: the
    sea of Hopp i havet (nordic), as in the browser; the other presets draw the pile's top."""
    return rules.preset == "nordic"


def waits_for_pick(game: Game, miss: Ask) -> bool:
    """Whether legal ask ``miss`` fishes with a draw that leaves the game going on, so the
    draw may wait for its player's pick from the sea. A draw that ends the game (the sea's
    last card, or one that lays a book with the hand's last card: a lucky draw, or under
    pairs with card asks a card of another suit: R19) is made at once: stored as
    played while the pick waited, the game was finished in the store already, its result
    decided by the sea's hidden card; and once over, nothing is left to hide."""
    if not game.goes_fishing(miss):
        return False
    after = game.clone()
    after.play(miss)
    return not after.is_over


def record_with_miss(game: Game, pending: tuple[int, Ask] | None) -> dict[str, Any]:
    """``game``'s record, with the miss ``pending`` (its player, its ask) that waits for
    a pick from the sea stored as played. Its player was told "Go fish!", so the ask is
    made: resumed (or after a server was killed before the pick) they must not ask it
    again knowing it misses; and its draw is the sea's top card whichever card is picked
    (R18 section), so the record holds it as the ask it will be."""
    record = game.to_record()
    if pending is not None:
        player, miss = pending
        record["actions"].append(miss.to_dict(player))
    return record


@dataclass
class TableSession:
    """A game in progress at one table, seen from the person's seat."""

    settings: TableSettings
    game: Game
    seats: list[dict[str, str | None]]
    store: Store | None = None
    game_id: int | None = None
    game_number: int = 0
    source: str = "terminal"
    human: int = HUMAN_SEAT
    bots: dict[int, Bot] = field(default_factory=dict)
    rngs: dict[int, random.Random] = field(default_factory=dict)
    save_warning: str | None = None
    #: Said once as the table opens, before the deal (an older game still kept, say).
    notice: str | None = None
    autosave: bool = True  # False: the caller saves (both apps, through a BackgroundSaver)
    #: False for a resumed game: its bots' streams cannot be picked up where they stopped
    #: (see :meth:`resume`), so they start fresh rather than replay the first draws again.
    seeded_bots: bool = True

    def __post_init__(self) -> None:
        self._save_lock = threading.Lock()
        self._split_news: str | None = None
        #: The person's miss, told "Go fish!", whose draw waits for their pick from the
        #: sea (see :meth:`ask` with ``pick_from_sea``, then :meth:`fish`).
        self.pending_miss: Ask | None = None
        seed = self.settings.seed_for(self.game_number) if self.seeded_bots else None
        for seat, info in enumerate(self.seats):
            bot = info.get("bot")
            if bot is not None:
                self.bots[seat] = make_bot(bot)
                self.rngs[seat] = random.Random(f"{seed}/bot{seat}") if seed is not None else (
                    random.Random()
                )
        prepare_endgame(self.bots.values())
        self.narrator = Narrator(self.names, self.human, rules=self.game.rules)

    # -- setting up ---------------------------------------------------------------
    @classmethod
    def deal(
        cls,
        settings: TableSettings,
        store: Store | None = None,
        *,
        game_number: int = 0,
        source: str = "terminal",
    ) -> TableSession:
        game = new_game(settings.rules, settings.players, seed=settings.seed_for(game_number))
        return cls(settings, game, settings.seats(), store, game_number=game_number,
                   source=source)

    @classmethod
    def resume(
        cls,
        record: Mapping[str, Any],
        seats: Sequence[Mapping[str, Any]],
        store: Store | None,
        game_id: int,
        *,
        source: str = "terminal",
        deal: Mapping[str, Any] | None = None,
    ) -> TableSession:
        """Pick up a stored game where it stopped, with its person at their seat.

        ``deal``, as the game was saved with it (:meth:`seeded_deal`), puts the table back
        on its seed, so its next game is the deal it would have been had the player never
        left. The bots' random streams of this game are not restored: exactly, that needs
        each one's whole generator state at the last ask, or every past bot turn thought
        again (seconds a turn for the searching bots). They play on with fresh streams."""
        game = _replayed_here(record, seats, game_id)
        seat_list: list[dict[str, str | None]] = [
            {"name": str(seat.get("name") or f"Player {index}"), "bot": seat.get("bot")}
            for index, seat in enumerate(seats)
        ]
        humans = [index for index, seat in enumerate(seat_list) if seat["bot"] is None]
        if len(seat_list) != game.num_players or not humans:
            raise GoFishError(f"stored game {game_id} has no seat for a person to take")
        human = humans[0]
        seed, game_number = _table_position(deal, game)
        settings = TableSettings(
            rules=game.rules,
            players=game.num_players,
            opponents=tuple(str(s["bot"]) for i, s in enumerate(seat_list) if i != human),
            name=str(seat_list[human]["name"]),
            seed=seed,
        )
        return cls(settings, game, seat_list, store, game_id=game_id, source=source,
                   human=human, game_number=game_number, seeded_bots=False)

    @staticmethod
    def resume_problem(record: Mapping[str, Any], seats: Sequence[Mapping[str, Any]],
                       game_id: int) -> str | None:
        """Why :meth:`resume` would refuse this stored game (a record edited by hand so that
        it no longer replays, a bot not installed here), or None."""
        try:
            _replayed_here(record, seats, game_id)
        except GoFishError as error:
            return str(error)
        return None

    def seeded_deal(self) -> dict[str, Any] | None:
        """Which deal of a seeded table this game is, saved with it so that a resumed table
        deals on from there; None at an unseeded table."""
        if self.settings.seed is None:
            return None
        return {"seed": self.settings.seed, "number": self.game_number}

    def resume_command(self, plain: bool = False) -> str:
        """The command that picks this game up again, with the options it needs (a game
        in another database is not found by a bare ``gofish resume``)."""
        words = ["resume"] + ([str(self.game_id)] if self.game_id is not None else [])
        return self.command(words + (["--plain"] if plain else []))

    def command(self, words: list[str]) -> str:
        """``gofish WORDS``, with this table's --database when it is not the default one,
        quoted for a shell: the hint to list or pick up a game must name where it is."""
        if self.store is not None and not _is_default_database(self.store.path):
            words = words + option_words("--database", str(self.store.path))
        return " ".join(map(_shell_word, ["gofish", *words]))

    def next_game(self) -> TableSession:
        """A fresh deal with the same settings (and the same store)."""
        return TableSession.deal(self.settings, self.store, game_number=self.game_number + 1,
                                 source=self.source)

    def forget_unplayed(self) -> None:
        """Remove this game from the store if nobody has asked in it (it is being dealt
        again): kept, each n left a game "in progress" with nothing in it to resume. A game
        over at the deal stays, as finished games do. A store that fails keeps it, and that
        is all: nothing of a game without asks is lost."""
        if self.store is None or self.game_id is None or self.asks_made or self.is_over:
            return
        with self._save_lock, contextlib.suppress(StorageError):
            self.store.delete(self.game_id, unplayed_only=True)  # or another table's now
            self.game_id = None

    # -- what the person may know --------------------------------------------------
    @property
    def names(self) -> list[str]:
        # shown(): a resumed game's names come from a database that may have been edited
        # by hand, and the full-screen table wrote an escape in one to the terminal as is.
        return [shown(str(seat["name"])) for seat in self.seats]

    @property
    def labels(self) -> list[str]:
        """Each seat with its bot's options ("Emma (memory=0)"): where the table names who
        sits there (its panels, its opening line), not in every sentence of the log."""
        return [shown(label) for label in seat_labels(self.seats)]

    @property
    def rules(self) -> Rules:
        return self.game.rules

    def view(self) -> View:
        return self.game.view(self.human)

    @property
    def is_over(self) -> bool:
        return self.game.is_over

    @property
    def asks_made(self) -> int:
        """The asks made in this game, a miss still waiting for its pick from the sea too."""
        return len(self.game.actions) + (self.pending_miss is not None)

    @property
    def picks_from_sea(self) -> bool:
        """Whether the person fishes by picking a card of the spread-out sea (see
        :func:`sea_is_spread`)."""
        return sea_is_spread(self.game.rules)

    @property
    def human_to_act(self) -> bool:
        return self.game.current_player == self.human

    @property
    def bot_to_act(self) -> bool:
        return self.game.current_player is not None and self.game.current_player != self.human

    def opponents(self) -> list[int]:
        return [seat for seat in range(self.game.num_players) if seat != self.human]

    def askable_opponents(self) -> list[int]:
        """Opponents holding cards: the only ones who may be asked (R5)."""
        sizes = self.game.hand_sizes
        return [seat for seat in self.opponents() if sizes[seat]]

    def last_asked(self) -> int | None:
        """The opponent the person asked last in this game, or None before their first ask.
        A resumed table chooses them again: the record keeps every ask but no choice (its
        format has no room for one), and a rank key or a bare rank asked them before."""
        for player, action in reversed(self.game.actions):
            if player == self.human:
                return action.target
        return None

    def held_ranks(self) -> list[Rank]:
        return sorted({card.rank for card in self.game.hand(self.human)})

    def askable_suits(self, rank: Rank) -> list[Suit]:
        """Under ask: card, the suits of ``rank`` the person does not hold, in the hand's
        order."""
        mine = {card.suit for card in self.game.hand(self.human) if card.rank == rank}
        return [suit for suit in SUITS_AS_IN_HAND if suit not in mine]

    def open_suits(self, rank: Rank) -> list[Suit]:
        """The suits of ``rank`` worth asking for under ask: card: not held, and not laid face
        up in a pair (legal, but nobody can hand such a card over)."""
        down = {card.suit for card in on_table(self.view(), rank)}
        return [suit for suit in self.askable_suits(rank) if suit not in down]

    def retold(self) -> tuple[list[tuple[Event, str]], str | None, list[tuple[Event, str]]]:
        """The game so far as the person may see it, for a table sitting down to it: the
        deal (with its books and refills, R4), who plays first, then the asks since. A
        resumed game's log said who started nowhere, though a fresh deal's did."""
        told = self.history()
        start, first_ask = next(((index, event) for index, (event, _) in enumerate(told)
                                 if isinstance(event, Asked)), (len(told), None))
        seat = self.game.current_player if first_ask is None else first_ask.player
        return told[:start], self._plays_first(seat), told[start:]

    def _plays_first(self, seat: int | None) -> str | None:
        """Who starts (the start is random: classic, bicycle's dealer): without it the log
        went from the deal straight to a bot's ask. None for a game over at the deal."""
        if seat is None:
            return None
        return f"{self.narrator.who(seat)} {self.narrator.verb(seat, 'play')} first."

    def house_rules(self) -> str | None:
        """The house rules on top of the preset, in words ("no lucky draw, 5 cards dealt"),
        or None: the table named only its preset, so a resumed game hid its house rules."""
        return house_rules_in_words(self.rules, self.game.num_players)

    def narrate(self, events: Sequence[Event], *, own_hand: bool = False
                ) -> list[tuple[Event, str]]:
        """The events as the person may see them, each with its sentence; ``own_hand``: at
        the end, what the person held is said too (a table that shows no hand)."""
        return self.narrator.tell((redact(event, self.human) for event in events), self.view(),
                                  own_hand=own_hand)

    def history(self) -> list[tuple[Event, str]]:
        """Everything so far, as the person may see it."""
        return self.narrate(self.game.events)

    def tallies(self) -> list[PlayerTally]:
        return tally(self.view().history, self.game.num_players)

    def headline(self) -> str:
        """Who won, in a few words (R10: every player with the most books wins)."""
        return self.narrator.headline(self.view())

    def end_lines(self) -> list[str]:
        """The end-of-game summary as sentences (for the plain mode)."""
        lines = [self.headline()]
        for seat, figures in enumerate(self.tallies()):
            lines.append(
                f"{self.names[seat] if seat != self.human else 'You'}: "
                f"{plural(figures.books, self.narrator.book_word)}; {plural(figures.asks, 'ask')}, "
                f"{plural(figures.hits, 'hit')}, {figures.go_fish} go fish, "
                f"{plural(figures.lucky_draws, 'lucky draw')}, "
                f"longest streak {figures.longest_streak}."
            )
        return lines

    # -- playing ---------------------------------------------------------------------
    def explain(self, target: int | None, rank: Rank, suit: Suit | None = None) -> str | None:
        """Why asking ``target`` for ``rank`` (``suit``) is not allowed now; None if it is."""
        game = self.game
        not_now = self.why_not_now()
        if not_now is not None:
            return not_now
        held = self.held_ranks()
        if rank not in held:
            return self._why_not_held(rank, held)
        if target is None or target == self.human or not 0 <= target < game.num_players:
            return "Choose an opponent to ask."
        if not game.hand_sizes[target]:
            return f"{self.names[target]} has no cards, so cannot be asked."
        if game.rules.ask == "card":
            if suit is None:
                return f"Name the suit too: which {rank.symbol} do you want?"
            wanted = Card(rank, suit)
            if wanted in game.hand(self.human):
                return f"You hold the {wanted.pretty} yourself: ask for a card you do not have."
        return None

    def no_turn_words(self) -> str | None:
        """What the table says when the person will never ask again in this game, or None
        while a turn may still come. Their hand is empty with the pond dry: out of play
        (R15), or a dead hand passed over (R13); no ask hands a card to an empty hand, so
        it stays empty (under first-empty the game is over already)."""
        if self.game.is_over:
            return None
        view = self.view()
        if not view.in_play[self.human]:
            out = "You are out of play"
        elif not view.hand and not view.pond_size:
            out = f"You have no cards and the {pond_word(self.game.rules)} is dry"
        else:
            return None
        return f"{out}: no turn comes to you again; the others play on"

    def why_not_now(self) -> str | None:
        """Why the person can ask nothing now (the game is over, they are out of play, or it
        is not their turn); None on their turn."""
        if self.game.is_over:
            return "The game is over: press n for a new game."
        if (no_turn := self.no_turn_words()) is not None:  # "wait" would promise a turn
            return f"{no_turn}."
        if not self.human_to_act:
            return f"Wait: it is {self.names[self.game.current_player or 0]}'s turn."
        if self.pending_miss is not None:
            return "Go fish first: pick a card from the sea."
        return None

    def _why_not_held(self, rank: Rank, held: Sequence[Rank]) -> str:
        books = [r for seat_books in self.game.books for r in seat_books]
        if rank in books and self.game.rules.book_size == 4:
            return f"The {rank.plural} are already in a book: nobody can ask for them."
        choices = " ".join(r.symbol for r in held)
        return (
            f"You have no {rank.plural}: you may only ask for a rank you hold ({choices})."
        )

    def ask(self, target: int | None, rank: Rank, suit: Suit | None = None, *,
            pick_from_sea: bool = False) -> list[Event]:
        """The person asks; raises ``IllegalChoice`` (with the reason) if not allowed.

        With ``pick_from_sea``, where the sea is spread out (:attr:`picks_from_sea`), a miss
        stops at "Go fish!": its events so far are returned and the draw waits for
        :meth:`fish`, as the person picks a card.
        """
        reason = self.explain(target, rank, suit)
        if reason is not None:
            raise IllegalChoice(reason)
        assert target is not None
        action = Ask.of(target, rank, suit if self.game.rules.ask == "card" else None)
        if pick_from_sea and self.picks_from_sea and waits_for_pick(self.game, action):
            self.pending_miss = action
            return announced_miss(self.human, action)
        return self._play(action)

    def fish(self) -> list[Event]:
        """Draw for the miss that waits for the person's pick. Whichever card of the sea is
        picked, the draw is its top card: the sea is a jumble, and drawing from it is drawing
        at random, as a shuffled pile does (nordic, RULES). Returns the events after the
        "Go fish!" already told: the draw, and what it brought."""
        miss = self.pending_miss
        if miss is None:
            raise IllegalChoice("There is nothing to fish for: ask for a rank first.")
        self.pending_miss = None
        events = self._play(miss)
        return [event for event in events if not isinstance(event, (Asked, WentFishing))]

    def coach_rows(self) -> list[RankRow]:
        """The coach's counts of what the table has shown the person, a miss whose draw
        waits for their pick from the sea included."""
        waiting = None if self.pending_miss is None else (self.human, self.pending_miss)
        return coach_rows_as_told(self.view(), waiting)

    def record(self) -> dict[str, Any]:
        """The game as stored: a miss waiting for its pick is stored as played (see
        :func:`record_with_miss`)."""
        pending = None if self.pending_miss is None else (self.human, self.pending_miss)
        return record_with_miss(self.game, pending)

    def bot_move(self) -> list[Event]:
        """The bot whose turn it is asks once."""
        choice = self.bot_choice()
        return [] if choice is None else self.play_bot_choice(*choice)

    def bot_choice(self) -> tuple[int, Ask] | None:
        """The ask the bot to act would make, without making it (None: no bot to act).

        Only reads the game, so an interface may run it off its main thread while
        a slow bot thinks; :meth:`play_bot_choice` then plays it.
        """
        seat = self.game.current_player
        if seat is None or seat not in self.bots:
            return None
        return seat, bot_turn(self.game, self.bots[seat], self.rngs[seat])

    def bot_searches(self) -> bool:
        """Whether the bot to act searches, and so may think long: it can be told to stop
        (``Bot.cancel``: ismcts), or plays this endgame out (expert: up to a second of
        play-outs a turn at five seats). An interface lets it think off its own thread,
        paced or not."""
        seat = self.game.current_player
        if seat is None or seat not in self.bots:
            return False
        bot = self.bots[seat]
        if callable(getattr(bot, "cancel", None)):
            return True
        endgame_applies = getattr(bot, "endgame_applies", None)
        return callable(endgame_applies) and bool(endgame_applies(self.game.view(seat)))

    def stop_thinking(self) -> None:
        """This game is being left (a new deal, a quit): a bot still thinking about its ask
        in another thread stops, if it can (``Bot.cancel``), rather than search on for an
        answer nobody will play. Its bots are not to be asked again."""
        cancel_thinking(self.bots.values())

    def play_bot_choice(self, seat: int, ask: Ask) -> list[Event]:
        """Play ``seat``'s chosen ``ask``, if it is still that seat's turn (else nothing)."""
        if self.game.current_player != seat:
            return []
        return self._play(ask)

    def _play(self, action: Ask) -> list[Event]:
        """Play ``action`` and, under autosave, store the game as it then stands."""
        events = self.game.play(action)
        if self.autosave:
            self.save()
        return events

    def save(self) -> str | None:
        """Store the game as it stands (finished or not); return a warning if that failed."""
        self.save_record(self.record())
        return self.save_warning

    def save_record(self, record: dict[str, Any]) -> StorageError | None:
        """Store ``record`` whatever was stored before, for a caller that saves positions in
        order (:class:`BackgroundSaver`); the error if that failed (its ``fallback_path``
        says whether the game went to the fallback file instead)."""
        if self.store is None:
            return None
        with self._save_lock:
            return self._store(record)

    def _store(self, record: dict[str, Any]) -> StorageError | None:
        assert self.store is not None
        before = self.game_id
        try:
            self.game_id = self.store.save(
                record, seats=self.seats, game_id=self.game_id, source=self.source,
                deal=self.seeded_deal(),
            )
        except StorageError as error:
            self.save_warning = f"Could not save the game: {error}"
            return error
        self.save_warning = None
        if before is not None and self.game_id != before:
            self._split_news = (
                f"Game {before} went on at another table (another window), so this table's "
                f"moves are kept apart from there as game {self.game_id}; neither table "
                "loses a move.")
        return None

    def split_news(self) -> str | None:
        """Once, after the store kept this table's moves as a new game because the game went
        on elsewhere meanwhile (two windows on one game): which game this one now is. The
        log still said "Resuming game 50" while the moves went to game 51."""
        news, self._split_news = self._split_news, None
        return news


SAVE_RETRY_INTERVAL = 30.0  # seconds before a database that refused a save is tried again


class BackgroundSaver:
    """Saves a session's game from a worker thread, so a locked database never holds up play.

    Only the newest position waiting is saved. After a failed save that the store
    rescued (it wrote the game to its fallback file) the database is tried again only
    once ``retry_after`` seconds have passed, or at :meth:`finish`: trying after every ask
    would cost each ask the store's lock wait and add a copy of the game to the file.
    A failure that kept the game nowhere (the fallback file failed too, or the store
    refused this game) is tried again at every ask: nothing else holds the moves.

    ``on_idle``, if given, is called from the worker thread each time it stops (all due
    positions tried): an app reads :attr:`failure` then, without polling.
    """

    def __init__(self, session: TableSession, *, retry_after: float | None = None,
                 clock: Callable[[], float] = time.monotonic,
                 on_idle: Callable[[], None] | None = None) -> None:
        self.session = session
        self.on_idle = on_idle
        self.failure: str | None = None  # why the latest save failed, and where the game went
        self.rescued_to: Path | None = None  # the fallback file the failed save went to
        self._retry_after = SAVE_RETRY_INTERVAL if retry_after is None else retry_after
        self._clock = clock
        self._changed = threading.Condition()
        self._pending: dict[str, Any] | None = None  # the newest position not yet saved
        self._submitted: int | None = None  # the number of asks in the position last queued
        self._failed_at: float | None = None
        self._finishing = False
        self._worker: threading.Thread | None = None

    @property
    def rescued(self) -> bool:
        """Is the failed save's game in a fallback file?"""
        return self.rescued_to is not None

    @property
    def kept(self) -> bool:
        """Is the game kept somewhere: saved in the database, or rescued to the fallback
        file (from where resume takes it into the database)?"""
        return self.failure is None or self.rescued

    def leaving_words(self, plain: bool = False) -> str | None:
        """Where an unfinished game's last position is, for a player leaving it (``plain``:
        the line mode's resume command); None if it is kept nowhere. Resume reads only the
        database: a fallback file's copy goes in the next time gofish can write to it."""
        game_id = self.session.game_id
        if self.failure is None:
            if game_id is None:
                return None
            resume = self.session.resume_command(plain)
            return f"Game {game_id} saved unfinished: {resume} picks it up."
        if self.rescued_to is None or self.session.store is None:
            return None
        then = "then " + (f"{self.session.resume_command(plain)} picks it up"
                          if game_id is not None
                          else f"{self.session.command(['history'])} lists it")
        return (f"The game's last moves are kept in {self.rescued_to}, and go into the "
                f"database the next time gofish can write to it: {then}.")

    def submit(self) -> None:
        """Queue the game as it stands: saved now, or at the next try after a failure."""
        if self.session.store is None:
            return
        with self._changed:
            self._queue()
            if self._worker is None and self._due():
                self._start()

    def finish(self) -> None:
        """Save the game as it stands now, database failure or not; :meth:`wait` for it."""
        if self.session.store is None:
            return
        with self._changed:
            # A failed save is tried once more, though no ask came since it failed.
            retry = self.failure is not None and not self._finishing
            self._finishing = True
            if retry or self._submitted != self.session.asks_made:
                self._queue()
            if self._worker is None and self._pending is not None:
                self._start()

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until no save is under way; False if ``timeout`` seconds passed first."""
        with self._changed:
            return self._changed.wait_for(lambda: self._worker is None, timeout)

    def _queue(self) -> None:
        self._pending = self.session.record()
        self._submitted = self.session.asks_made

    def _due(self) -> bool:
        return self._finishing or self._failed_at is None or (
            self._clock() - self._failed_at >= self._retry_after)

    def _start(self) -> None:
        """Start the worker (the caller holds ``_changed``)."""
        # Not a daemon: a save under way when the program ends is completed, not cut off.
        worker = threading.Thread(target=self._save_pending, name="gofish-save")
        self._worker = worker
        try:
            worker.start()
        except BaseException:  # no thread (or an interrupt): wait() must not wait for it
            self._worker = None
            self._changed.notify_all()
            raise

    def _save_pending(self) -> None:
        leave_signals_to_the_main_thread()  # fg's prompt, Ctrl-C: not after the next line
        record: dict[str, Any] | None = None
        try:
            while (record := self._next_record()) is not None:
                error = self.session.save_record(record)
                with self._changed:
                    self._note_outcome(error)
                record = None
        except BaseException as error:
            self._crashed(record, error)  # a bug, shown by the thread's excepthook
            raise
        finally:
            if self.on_idle is not None:
                self.on_idle()

    def _crashed(self, record: dict[str, Any] | None, error: BaseException) -> None:
        """The worker died saving ``record``: keep it to save again (finish() tries it, never
        taking it for saved), say so, and let wait() return."""
        with self._changed:
            if record is not None and self._pending is None:
                self._pending = record
            self._submitted = None
            self.failure = f"Saving the game failed unexpectedly: {error!r}"
            self.rescued_to = None
            self._failed_at = None
            self._worker = None
            self._changed.notify_all()

    def _note_outcome(self, error: StorageError | None) -> None:
        self.failure = None if error is None else f"Could not save the game: {error}"
        self.rescued_to = None if error is None else error.fallback_path
        # Only a rescued game may wait for the next try: otherwise every ask tries again.
        self._failed_at = self._clock() if self.rescued else None

    def failure_news(self) -> str | None:
        """What to tell the player, during play, about the latest failed save (None: it
        did not fail): whether the moves are kept, and when the table tries again."""
        if self.failure is None:
            return None
        if self.rescued:
            return (f"{self.failure}. Play on: your moves are kept, and the table tries "
                    "the database again now and then.")
        return (f"{self.failure}. The game could not be saved anywhere: the table tries "
                "again after each ask.")

    def _next_record(self) -> dict[str, Any] | None:
        """The position to save next; None (and the worker is done) if none is due."""
        with self._changed:
            record = self._pending
            if record is None or not self._due():
                self._stopped()
                return None
            self._pending = None
            return record

    def _stopped(self) -> None:
        with self._changed:
            self._worker = None
            self._changed.notify_all()


def option_words(option: str, value: str) -> list[str]:
    """``option`` and its ``value`` as words of a command line: joined by ``=`` when the
    value starts with a dash, which argparse took for an option of its own
    (``--database -g.db``: "expected one argument")."""
    return [f"{option}={value}"] if value.startswith("-") else [option, value]


def _shell_word(text: str) -> str:
    """``text`` quoted for a shell. A path whose bytes are not UTF-8 (read as lone
    surrogates) was printed with "�" in their place, naming another file when pasted back:
    its bytes go in $'…' (bash, zsh and ksh read it), each one written as \\xNN."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return "$'" + "".join(_ansi_c(byte) for byte in os.fsencode(text)) + "'"
    return shlex.quote(text)


def _ansi_c(byte: int) -> str:
    char = chr(byte)
    return char if 32 <= byte < 127 and char not in "'\\" else f"\\x{byte:02x}"


def _is_default_database(path: str | Path) -> bool:
    """Whether ``path`` is the database a bare ``gofish resume`` opens. Not when there is no
    default (no home directory): the hint is given as the game is left, and must not fail."""
    try:
        return Path(path).resolve() == default_db_path().resolve()
    except StorageError:
        return False
