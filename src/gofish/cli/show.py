"""``gofish show ID``: replay a stored game in the terminal, one sentence per event.

Seen from the person's seat by default, with only what that seat could see at
the table; ``--all-cards`` shows every hand, and only for a finished game.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any, Literal

from gofish.cli import bounded_stdin, digits_0_to_9, lenient_stdin, shown
from gofish.cli._database import (
    EXIT_STORAGE,
    EXIT_USAGE,
    add_database_option,
    command_line,
    game_id,
    local_time,
    no_such_game,
    not_replaying,
    report_changed,
    with_store,
)
from gofish.cli._messages import report, required_input, standard_output, tell

if TYPE_CHECKING:
    from gofish.core import Event, Game
    from gofish.storage import Store, StoredGame

TTY_DELAY = 0.6  # seconds between events when watching in a terminal
MAX_DELAY = 60.0  # a longer pause is a typo, not a way to watch


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "show",
        help="replay a stored game as sentences, event by event",
        description="Replay stored game ID event by event, as plain sentences, from the "
        "human player's seat: you see only what that seat saw at the table.",
    )
    parser.add_argument("id", type=game_id, help="the game id (see gofish history)")
    parser.add_argument("--delay", type=_seconds, default=None, metavar="SECONDS",
                        help=f"pause between events, 0 to {MAX_DELAY:g} (default {TTY_DELAY} "
                        "in a terminal, 0 when piped)")
    parser.add_argument("--step", action="store_true",
                        help="wait for Enter before each turn (q then Enter stops)")
    parser.add_argument("--all-cards", action="store_true",
                        help="show every hand and every drawn card (finished games only)")
    add_database_option(parser)
    parser.set_defaults(run=run)


def _seconds(text: str) -> float:
    digits_0_to_9(text)  # float() read '٣' as 3
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 0 <= value <= MAX_DELAY:
        # The value typed, as history's --limit says it: "-1" and "nan" fail alike.
        raise argparse.ArgumentTypeError(
            f"must be between 0 and {MAX_DELAY:g} seconds, not {text}")
    return value


def run(args: argparse.Namespace) -> int:
    loaded: list[StoredGame] = []

    def load(store: Store) -> int:
        loaded.append(store.get(args.id))
        return 0

    code = with_store(args, "show", load, when_missing=no_such_game("show", args.id))
    if code:
        return code
    stored = loaded[0]  # the database is closed again: nothing is held during the replay
    # The whole record first, so that a row edited by hand fails before any line.
    if (broken := not_replaying(stored, args)) is not None:
        report("show", broken)
        return EXIT_STORAGE
    if args.all_cards and not stored.over:
        tell(f"gofish show: game {stored.id} is still in progress: --all-cards is only for "
             "finished games, so that it cannot show hidden cards")
        return EXIT_USAGE
    output = standard_output()  # closed (>&-): one line, not a traceback
    delay = args.delay if args.delay is not None else (TTY_DELAY if output.isatty() else 0.0)
    if args.step:
        required_input("--step waits there for Enter before each turn")
        lenient_stdin()  # only Enter counts: a key that is not UTF-8 must not crash the replay
    changed = report_changed("show", [stored])  # before: the heading is the record's
    play_back(stored, all_cards=args.all_cards, delay=delay, step=args.step)
    if not stored.over:
        print(still_in_progress(stored, args))
    return changed


def still_in_progress(stored: StoredGame, args: argparse.Namespace) -> str:
    """The closing line of a game in progress: how to resume that very game (a bare resume
    takes the latest, maybe another), unless no person has a seat to resume it from or
    resume would refuse it (two people, a bot not installed here): then why."""
    from gofish.session import TableSession

    if not stored.human_seats:
        return "The game is still in progress (played by computer players only)."
    if problem := TableSession.resume_problem(stored.record, stored.seats, stored.id):
        return f"The game is still in progress ({problem})."
    return ("The game is still in progress: carry on with "
            f"{command_line(args, 'resume', str(stored.id))}.")


def play_back(stored: StoredGame, *, all_cards: bool, delay: float, step: bool) -> None:
    print(heading(stored, all_cards))
    for number, lines in enumerate(turns(stored, all_cards=all_cards)):
        if step and number:
            wanted = _next_step()
            if wanted == "stop":
                print(f"Stopped before turn {number + 1}.", file=sys.stderr)
                return
            step = wanted == "next"  # at the end of standard input: the rest without stopping
        for line in lines:
            print(line, flush=True)
            if delay:
                time.sleep(delay)


def heading(stored: StoredGame, all_cards: bool) -> str:
    seat = stored.player_seat
    if all_cards:
        seen = "every card shown"
    elif seat is None:
        seen = "seen as a spectator"
    else:
        name = shown(stored.names[seat])
        seen = "seen from your seat" if name.lower() == "you" else f"seen from {name}'s seat"
    from gofish.bots import seat_labels
    from gofish.session import game_rules_in_words

    players = ", ".join(map(shown, seat_labels(stored.seats)))
    # "started": history's date is the last move's, and a bare date here seemed to contradict it
    return (f"Game {stored.id}: {shown(game_rules_in_words(stored))}, {players}; "
            f"started {local_time(stored.created_at)}; {seen}.")


def turns(stored: StoredGame, *, all_cards: bool) -> Iterator[list[str]]:
    """The game as sentences, one list per turn (a turn ends when the turn passes)."""
    from gofish.core import TurnPassed, redact
    from gofish.core.record import apply_record_action, start_from_record
    from gofish.narrate import Narrator

    viewer = stored.player_seat
    names = [shown(name) for name in stored.names]  # the header names the bots' options
    # The actions as the record reader takes them (RULES.md: left out, there are none),
    # read as gofish replay reads them; record["actions"] was a KeyError traceback.
    game, actions = start_from_record(stored.record)
    narrator = Narrator(names, viewer, game.rules)

    def sentences(events: Iterator[Event] | tuple[Event, ...] | list[Event]) -> list[str]:
        shown = events if all_cards else (redact(event, viewer) for event in events)
        lines = [narrator.describe(event) for event in shown]
        if game.is_over:  # what each seat still held, public now, as the line mode says it:
            # no hand of the person's stays in view here either, so theirs is said too
            lines += narrator.held_at_end(game.view(viewer), own_hand=True)
        return lines

    lines = [*sentences(game.events), *_hands(game, names, all_cards)]
    for index, action in enumerate(actions):
        events = apply_record_action(game, index, action)
        lines.extend(sentences(events))
        if any(isinstance(event, TurnPassed) for event in events) and not game.is_over:
            yield lines
            lines = list(_hands(game, names, all_cards))
    yield lines


def _hands(game: Game, names: list[str], all_cards: bool) -> Iterator[str]:
    """Every hand, for ``--all-cards`` (the game is over, so nothing is secret any more)."""
    if not all_cards:
        return
    from gofish.narrate import card_words, pond_word

    shown = "; ".join(
        f"{name}: {' '.join(card_words(card) for card in game.hand(seat)) or '(empty)'}"
        for seat, name in enumerate(names)
    )
    yield f"  [hands] {shown}; {pond_word(game.rules)} {game.pond_size}"


def _next_step() -> Literal["next", "stop", "rest"]:
    """Wait for Enter ("next"); q then Enter stops the replay ("stop"): it was read as
    Enter, so a viewer had no way out but Ctrl-C. "rest" when standard input has ended."""
    print("  (Enter for the next turn, q to stop)", end="", file=sys.stderr, flush=True)
    answer = bounded_stdin().readline()  # not one endless line, read whole
    print(file=sys.stderr)
    if answer == "":
        return "rest"
    return "stop" if answer.strip().casefold() in ("q", "quit") else "next"
