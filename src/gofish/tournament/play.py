"""Playing a list of units, through the engine or through the bulk simulator.

Both paths use the streams of ``gofish.sim.rng`` (deal ``d`` of the plan is
the same 52 cards and the same first player in both, and the bot in a seat
draws the same random numbers), so they play identical games.
"""

from __future__ import annotations

import contextlib
import re
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path

from gofish.bots import Bot, make_bot
from gofish.bots.base import CMD_PREFIX, not_legal
from gofish.core import Ask, Game, View
from gofish.core.errors import cut
from gofish.core.rules import MAX_PLAYERS, MIN_PLAYERS
from gofish.narrate import shown
from gofish.protocol import DEFAULT_TIMEOUT, GOODBYE_WAIT, BotFailure, ExternalBot
from gofish.sim import play_deals
from gofish.sim.rng import SplitMixRandom, bot_rngs, deal_cards
from gofish.tournament.plan import Plan, TournamentError, seating
from gofish.tournament.tally import Tally, winning_seats


def make_entrant_bot(spec: str, timeout: float = DEFAULT_TIMEOUT) -> Bot | ExternalBot:
    """A bot from a tournament entry: a registered name, or ``cmd:PROGRAM [ARGS…]``."""
    if spec.startswith(CMD_PREFIX):
        return ExternalBot(spec[len(CMD_PREFIX):].strip(), timeout=timeout)
    try:
        return make_bot(spec)
    except ValueError as error:
        message = str(error)
        if message.startswith("unknown bot") and any(mark in spec for mark in " /\\"):
            # "python mybot.py", "./mybot": a program, named without its prefix
            message += " (an external program is written cmd:PROGRAM [ARGS…])"
        raise TournamentError(message) from None


def check_entrants(specs: Sequence[str]) -> None:
    """Refuse unknown bot names and commands that cannot be found, before any game."""
    for spec in specs:
        bot = make_entrant_bot(spec)
        if isinstance(bot, ExternalBot):
            bot.close()


def start_each_program(specs: Sequence[str], timeout: float) -> None:
    """Start each external program once, as a game would, and say goodbye; or refuse the
    first that does not start (it exits, or does not answer its hello as it should), naming
    it and why. Such a program had every game of the tournament forfeited, each after the
    start-up wait. One that starts and fails later forfeits only the games it fails in."""
    with seat_bots(specs, timeout) as pool:  # killed with the rest if the run is stopped
        for entrant, spec in enumerate(specs):
            if spec.startswith(CMD_PREFIX) and spec not in specs[:entrant]:
                _start_or_refuse(pool, entrant)


def _start_or_refuse(pool: SeatBots, entrant: int) -> None:
    bot = pool.get(entrant, 0)
    assert isinstance(bot, ExternalBot)  # a cmd: entry's
    try:
        bot.start()
    except BotFailure as failure:
        # The entry as the table would name it: a newline in a command is one line here too
        raise TournamentError(f"{shown(pool.specs[entrant])} failed to start, so no game "
                              f"was played: {failure}") from None


_OPEN_SEAT_BOTS: set[SeatBots] = set()  # this process's, for kill_external_bots


def kill_external_bots() -> None:
    """Stop every external bot program this process runs, at once (a worker told to stop)."""
    for bots in list(_OPEN_SEAT_BOTS):
        bots.kill()


class SeatBots:
    """The bots of one process. Built-in bots are made afresh for every game (no memory
    can leak from one game into the next); an external bot's program keeps running from
    game to game, one per entrant and seat, and is told when a new game starts."""

    def __init__(self, specs: Sequence[str], timeout: float) -> None:
        self.specs = specs
        self.timeout = timeout
        self._bots: dict[tuple[int, int], ExternalBot] = {}
        _OPEN_SEAT_BOTS.add(self)

    def get(self, entrant: int, seat: int) -> Bot | ExternalBot:
        spec = self.specs[entrant]
        if not spec.startswith(CMD_PREFIX):
            return make_entrant_bot(spec)
        key = (entrant, seat)
        bot = self._bots.get(key)
        if bot is None:
            bot = self._bots[key] = ExternalBot(spec[len(CMD_PREFIX):].strip(), self.timeout)
        return bot

    def close(self) -> None:
        """Say goodbye to every external program and wait for them to end: all are told
        first, so that they leave together (GOODBYE_WAIT in all, not for each)."""
        def goodbye() -> None:
            for bot in self._bots.values():
                bot.say_goodbye()
            deadline = time.monotonic() + GOODBYE_WAIT
            for bot in self._bots.values():
                bot.finish(deadline)
        self._stop(goodbye)

    def kill(self) -> None:
        """Stop every external program at once (a worker told to stop)."""
        def kill_all() -> None:
            for bot in self._bots.values():
                bot.kill()
        self._stop(kill_all)

    def _stop(self, how: Callable[[], None]) -> None:
        try:
            how()
        except BaseException:  # cut short (a signal): the rest must not outlive us either
            for bot in self._bots.values():
                bot.kill()
            raise
        finally:
            self._bots.clear()
            _OPEN_SEAT_BOTS.discard(self)


@contextlib.contextmanager
def seat_bots(specs: Sequence[str], timeout: float) -> Iterator[SeatBots]:
    bots = SeatBots(specs, timeout)
    try:
        yield bots
    finally:
        bots.close()


#: Asks after which a tournament game is stopped. The longest games of random bots take
#: about 150 asks; past this, bots are asking players who hold none of the rank over and
#: over (with a dry pond a miss only passes the turn, R8), which could go on for ever.
MAX_ASKS_PER_GAME = 1_000


def _game_label(plan: Plan, deal: int, arrangement: int, names: Sequence[str]) -> str:
    """Which game a failure happened in, with its bots in seat order: with more entrants
    than seats, the same deal and rotation is played at several tables, and two games
    stopped alike read word for word the same. Past the rotations, --seatings all plays
    other orders of the bots, which "rotation 5" of a three-seat table misnamed."""
    seated = f"seats: {', '.join(names)}"
    if arrangement < plan.players:
        return f"deal {deal}, rotation {arrangement} ({seated})"
    return f"deal {deal}, seating {arrangement} (--seatings all; {seated})"


#: The start of a game's failure as play_engine_game words it (``_game_label``), up to
#: the seats' entrants, which the seat that failed follows (``_FAILED_SEAT``).
_LABEL = re.compile(r"deal \d+, (?:rotation \d+ \(|seating \d+ \(--seatings all; )seats: ")
_FAILED_SEAT = re.compile(r"\), seat (?P<seat>\d+): ")


def failing_entrant(message: str, names: Sequence[str]) -> int | None:
    """Which of the entrants ``names`` (the result's, in order) forfeited the game
    ``message`` tells of, read from its words: a result saved before each failure's bot
    was kept says no more. None for a game stopped as endless, which no bot failed, or if
    the words read more than one way. The seats are read as the entrants' own names: an
    external bot's command may hold ', ' or "), seat 0: ", and read up to the first such
    words, one bot's failure was listed as another's."""
    label = _LABEL.match(message)
    if label is None:
        return None
    readings = {(seated, seat) for seated, seat in _seatings(message, label.end(), set(names))
                if seat < len(seated) and len(seated) >= MIN_PLAYERS}
    if len(readings) != 1:
        return None
    [(seated, seat)] = readings
    return list(names).index(seated[seat])  # entrant names are unique (entrant_names)


def _seatings(message: str, start: int, names: set[str], seats_left: int = MAX_PLAYERS
              ) -> Iterator[tuple[tuple[str, ...], int]]:
    """Each way ``message`` from ``start`` reads as entrants' names with ', ' between them
    and then the seat that failed: the names in seat order, and that seat. At most
    ``seats_left`` names: a result edited by hand ("a, a, a, …") went as deep as it ran,
    to a RecursionError, and names holding one another ("a", "a, a") branched at each."""
    if seats_left == 0:
        return
    for name in names:
        if not name or not message.startswith(name, start):
            continue
        end = start + len(name)
        if found := _FAILED_SEAT.match(message, end):
            yield (name,), int(found["seat"])
        if message.startswith(", ", end):
            for rest, seat in _seatings(message, end + 2, names, seats_left - 1):
                yield (name, *rest), seat


def _choice(bot: Bot | ExternalBot, view: View, rng: SplitMixRandom) -> Ask:
    """The bot's ask. A Python bot that raises forfeits the game, as an external one that
    crashes does: one bug in a bot writer's code must not end the whole tournament."""
    if isinstance(bot, ExternalBot):
        return bot.choose(view, view.legal_actions, rng)
    try:
        return bot.choose(view, view.legal_actions, rng)
    except Exception as error:  # any bug in the bot's code; not Ctrl-C (BaseException)
        raise BotFailure(f"{bot.name} raised {_raised(error)}") from None


def _raised(error: Exception) -> str:
    """The exception as a bot writer needs it: its type and words, and the line of theirs
    that raised it: the last outside gofish (a Tracker's refusal is raised in gofish, for
    the line that called it), else the last. Raised by the call itself (a ``choose`` that
    takes other arguments), it was pointed at this module's line, as if the engine were
    at fault."""
    frames = traceback.extract_tb(error.__traceback__)[1:]  # past _choice's own: the bot's
    if not frames:
        return f"{_error_text(error)} (when called as choose(view, legal, rng))"
    return raised_where(error, frames)


def raised_where(error: BaseException,
                 frames: Sequence[traceback.FrameSummary] | None = None) -> str:
    """The exception's type and words, and the line of the bot writer's code that raised it
    (the last of ``frames``, by default its whole traceback's, outside gofish; else the last
    of them all)."""
    frames = traceback.extract_tb(error.__traceback__) if frames is None else frames
    if not frames:
        return _error_text(error)
    theirs = [frame for frame in frames if not _in_gofish(frame.filename)]
    where = (theirs or frames)[-1]
    return f"{_error_text(error)} ({where.filename}, line {where.lineno})"


#: How much of an exception's words a forfeit quotes: a KeyError of the view held the
#: whole view's repr, a thousand characters before the line of the bot that raised it.
WORDS_SHOWN = 200


def _error_text(error: BaseException) -> str:
    """The exception's type and words, on one line (a failure is one line of the table)
    and cut to WORDS_SHOWN characters."""
    words = " ".join(line.strip() for line in str(error).splitlines() if line.strip())
    return f"{type(error).__name__}: {cut(words, WORDS_SHOWN)}" if words else type(error).__name__


_GOFISH = Path(__file__).resolve().parents[1]  # the package's folder


def _in_gofish(filename: str) -> bool:
    return Path(filename).resolve().is_relative_to(_GOFISH)


def play_engine_game(
    plan: Plan, bots: Sequence[Bot | ExternalBot], deal: int, rotation: int,
    names: Sequence[str] | None = None,
) -> tuple[Game, int | None, str | None]:
    """One game through ``gofish.core``; returns it with the seat that forfeited and why.

    A game stopped at ``MAX_ASKS_PER_GAME`` forfeits no one: it is scored on the books
    laid so far, and the why says it was stopped. ``names`` are the seats' entrants as
    the result names them (``cmd:./bot#2``); by default, the bots' own names.
    """
    players = plan.players
    names = [bot.name for bot in bots] if names is None else names
    cards, first = deal_cards(plan.seed, deal, players)
    game = Game(plan.rules.for_players(players), players, cards, first)
    rngs = bot_rngs(plan.seed, deal, rotation, players)
    # A program's failure found here (it has gone, or does not start) is told at its first
    # turn, where the game is forfeited: how soon a dead program is noticed is timing.
    for told_seat, bot in enumerate(bots):
        if isinstance(bot, ExternalBot):
            bot.new_game(told_seat, players, game.rules.to_json(players))
    seat = first
    stopped = None
    failed = None
    try:
        asked = 0  # counted here: game.actions copies every ask so far at each turn
        while game.current_player is not None:
            if asked >= MAX_ASKS_PER_GAME:
                stopped = (f"{_game_label(plan, deal, rotation, names)}: stopped after "
                           f"{MAX_ASKS_PER_GAME} asks with {game.view(None).pond_size} cards "
                           "in the pond, as the bots kept asking players who hold none of "
                           "the rank (R8); scored on the books laid so far")
                break
            seat = game.current_player
            view = game.view(seat)
            action = _choice(bots[seat], view, rngs[seat])
            why = not_legal(game, action, view.legal_actions)
            if why is not None:  # any bot, built in or external, forfeits
                raise BotFailure(f"{bots[seat].name} chose an illegal ask: {why}")
            game.play(action)
            asked += 1
    except BotFailure as failure:
        failed = seat
        stopped = f"{_game_label(plan, deal, rotation, names)}, seat {seat}: {failure}"
    books = [len(b) for b in game.books]
    # Every other bot hears how it ended, as the tally scores it (one that has gone is told
    # so at its next turn, as at new_game).
    winners = winning_seats(books, failed)
    for told_seat, bot in enumerate(bots):
        if told_seat != failed and isinstance(bot, ExternalBot):
            bot.game_over(winners, books)
    return game, failed, stopped


_KEPT: dict[tuple[tuple[str, ...], float], SeatBots] | None = None


@contextlib.contextmanager
def kept_seat_bots() -> Iterator[None]:
    """Within this, :func:`play_units_engine` keeps the external programs running from one
    call (one chunk of units) to the next: one program per entrant and seat for the whole
    run, as docs/bots-protocol.md says, not a fresh start (and its start-up time) every few
    deals. They are said goodbye to at the end, or killed at once if the run is cut short
    (Ctrl-C, SIGTERM, an error), rather than given a second each to leave."""
    global _KEPT
    outer, _KEPT = _KEPT, {}
    finished = False
    try:
        yield
        finished = True
    finally:
        kept, _KEPT = _KEPT, outer
        for pool in kept.values():
            if finished:
                pool.close()
            else:
                pool.kill()


def play_units_engine(plan: Plan, units: Sequence[int], timeout: float) -> Tally:
    if _KEPT is None:
        with seat_bots(plan.specs, timeout) as pool:
            return _play_units(plan, units, pool)
    key = (plan.specs, timeout)
    if key not in _KEPT:
        _KEPT[key] = SeatBots(plan.specs, timeout)
    return _play_units(plan, units, _KEPT[key])


def _play_units(plan: Plan, units: Sequence[int], pool: SeatBots) -> Tally:
    tally = Tally(len(plan.specs), deal_games=plan.deal_games)
    # Failures name the seats as the table does: an external bot by its cmd: spec, and a
    # bot named twice by its #k, which its command alone did not tell apart.
    entrants = plan.names
    for unit in units:
        table, deal = plan.unit(unit)
        for rotation, arrangement in enumerate(plan.arrangements):
            seats = seating(table, arrangement)
            bots = [pool.get(entrant, seat) for seat, entrant in enumerate(seats)]
            names = [entrants[entrant] for entrant in seats]
            game, failed, why = play_engine_game(plan, bots, deal, rotation, names)
            books = [len(b) for b in game.books]
            tally.add_game(seats, books, len(game.actions), failed, why,
                           plan.game_number(unit, rotation), deal)
    return tally


def play_units_sim(plan: Plan, units: Sequence[int]) -> Tally:
    """The same games as :func:`play_units_engine`, in one compiled batch."""
    import numpy as np

    tally = Tally(len(plan.specs), deal_games=plan.deal_games)
    if not units:
        return tally
    players = plan.players
    ways = len(plan.arrangements)
    unit_array = np.asarray(units, dtype=np.int64)
    unit_deals, unit_tables = np.divmod(unit_array, len(plan.tables))  # as Plan.unit
    table_seats = plan.table_array[unit_tables]
    # Game order: each unit's arrangements in turn, as on the engine path.
    deals = np.repeat(unit_deals, ways)
    rotations = np.tile(np.arange(ways), len(unit_array))
    seat_index = np.asarray(plan.arrangements, dtype=np.int64)[rotations]  # seating()
    seats = np.take_along_axis(np.repeat(table_seats, ways, axis=0), seat_index, axis=1)
    # Each seat holds an entrant's number, which play_deals reads as one of plan.specs.
    books, actions = play_deals(plan.rules, players, plan.seed, deals, rotations, seats,
                                plan.specs)
    tally.add_games(seats, books, actions, deals)
    return tally
