"""``gofish play``: sit down at the table against Emma (and other bots).

The Textual table by default; ``--plain`` (or no terminal) gives the line mode.
Every ask is saved, so an interrupted game can be picked up with ``gofish resume``.
"""

from __future__ import annotations

import argparse
import errno
import os
import re
import signal
import sys
from typing import Any, TextIO

from gofish.bots.base import OPTION_SEPARATOR
from gofish.cli import bounded_stdin, can_show, is_control, lenient_stdin, too_large
from gofish.cli._database import add_database_option, command_line, latest_playable
from gofish.cli._messages import brief, report, required_input, standard_output
from gofish.core import GoFishError, MalformedInputError, Rules, make_rules
from gofish.core.errors import other_digit_refusal
from gofish.core.rules import ASK_MODES, END_MODES, REFILL_MODES
from gofish.leaving import drop_output

MAX_SPEED = 10.0


class OptionError(GoFishError):
    """A bad command-line option, reported in one line."""


def add_front_end_options(parser: argparse.ArgumentParser) -> None:
    """The options ``play`` and ``resume`` share: how to show the table and where to save."""
    parser.add_argument("--plain", action="store_true",
                        help="line mode for screen readers, pipes and scripts (moves on stdin)")
    parser.add_argument("--speed", default="1", metavar="X",
                        help=f"bot pacing from 0 to {MAX_SPEED:g}: 1 normal (the default), "
                        "2 slower, 0.5 faster, 0 instant")
    add_database_option(parser)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "play",
        help="play Go Fish in the terminal against Emma and other bots",
        description=(
            "Play Go Fish in the terminal. Keys: a rank (A 2-9 0 J Shift+Q K) asks for it, "
            "arrows or Tab pick the opponent, ? help, c coach, n new game, q quit."
        ),
    )
    parser.add_argument("--rules", default="classic", metavar="PRESET",
                        help="classic (default), bicycle or nordic")
    parser.add_argument("--players", type=str, default=None, metavar="N",
                        help="players at the table, you included (2-5; default: one more "
                        "than the bots --opponents names, so 2 for its default)")
    parser.add_argument("--opponents", default="emma", metavar="BOTS",
                        help="comma-separated bot names, one per opponent, the last one "
                        "repeating for the seats left (default: emma); "
                        "options after a colon, e.g. emma:memory=2 (gofish bots lists them)")
    parser.add_argument("--seed", default=None,
                        help="shuffle seed, to replay the same deal: a whole number or any "
                        "text, spaces around it ignored (default: a new deal)")
    parser.add_argument("--name", default="You",
                        help="your name at the table and in the game history (default: You); "
                        "one that starts with '-' is written joined: --name=-x")
    add_house_rule_options(parser)
    add_front_end_options(parser)
    parser.set_defaults(run=run)


def add_house_rule_options(parser: argparse.ArgumentParser) -> None:
    """The house rules on top of --rules. None of them has a default of its own: what is
    not given is what the preset plays (docs/rules.md, "House rules")."""
    rules = parser.add_argument_group(
        "house rules", "each one not given is what the --rules preset plays")
    rules.add_argument("--lucky-draw", action=argparse.BooleanOptionalAction, default=None,
                       help="drawing what you asked for (the rank; under --ask card, the "
                       "very card) lets you go again")
    # "card" draws one card once, not a hand built up card by card (docs/rules.md,
    # "Single-card refill").
    rules.add_argument("--refill", choices=REFILL_MODES, default=None,
                       help="what an empty hand does: hand (draws a full hand at once), "
                       "card (draws a single card at once), turn (one card, only on its own "
                       "turn; bicycle) or none (nordic; needs --end first-empty)")
    rules.add_argument("--end", choices=END_MODES, default=None,
                       help="all-books (until every book is down) or first-empty (at the "
                       "first empty hand or pond; nordic)")
    rules.add_argument("--hand-size", default=None, metavar="N",
                       help="cards dealt to each player (1-13)")
    rules.add_argument("--book-size", default=None, metavar="4|2",
                       help="4 (books of four) or 2 (pairs)")
    rules.add_argument("--ask", choices=ASK_MODES, default=None,
                       help="rank, or card (name rank and suit)")


def whole_number(text: str | None, option: str) -> int | None:
    if text is None:
        return None
    if (refusal := other_digit_refusal(text)) is not None:  # int() read '٣' as 3
        raise OptionError(f"{option} needs a whole number, and {refusal}")
    try:
        return int(text)
    except ValueError:
        if (large := too_large(text)) is not None:
            raise OptionError(f"{option} is {large}") from None
        raise OptionError(f"{option} needs a whole number, not {text!r}") from None


def opponent_names(text: str) -> list[str]:
    """The bots --opponents names, one per comma. An empty one is refused: dropped, it dealt
    another game than the one typed ("emma,,random" was two opponents, "" was Emma)."""
    if not text.strip():  # "$BOTS" unset
        raise OptionError("--opponents cannot be empty: leave it out to play Emma")
    names = [name.strip() for name in text.split(",")]
    if not all(names):
        raise OptionError(f"--opponents {text!r} has an opponent name that is empty: give "
                          "one bot name per opponent, separated by commas (gofish bots "
                          "lists them)")
    for previous, name in zip([None, *names], names, strict=False):
        if "=" in name and OPTION_SEPARATOR not in name:
            raise OptionError(f"--opponents {text!r}: {option_without_bot(name, previous)}")
    return names


def option_without_bot(option: str, previous: str | None) -> str:
    """Why ``option`` (``memory=3``), typed where a bot goes, is no bot: after a comma,
    ``previous`` (``emma:memory=2``) is the bot it was likely meant for. Said as "unknown
    bot 'memory=3'", the list of bots did not say how options are joined."""
    joined = "a bot's options follow its name, each after a ':'"
    if previous is None:
        return (f"{option!r} is an option, not a bot: {joined}, as in emma:{option} "
                "(gofish bots lists them)")
    bot = previous.partition(OPTION_SEPARATOR)[0].strip()
    return (f"{option!r} is an option, not a bot: a comma starts another opponent, and "
            f"{joined}; write {previous}{OPTION_SEPARATOR}{option} to give it to that {bot}, "
            f"or {previous},{bot}{OPTION_SEPARATOR}{option} for another opponent")


def player_name(text: str) -> str:
    """The --name to store: not empty, and without control characters, which history and
    show would print back to the terminal (an escape clears the screen, a newline breaks
    a line of the table)."""
    name = text.strip()
    if not name:
        raise OptionError("--name cannot be empty")
    if any(map(is_control, name)):
        raise OptionError("--name cannot hold control characters (escapes, tabs, newlines, "
                          f"direction overrides), and {name!r} has some")
    return name


def seed_from(typed: str | None) -> int | str | None:
    """The seed --seed gives: a whole number as a number, other text as typed, spaces
    around either ignored (' 3', a script's quoting, dealt another game than 3)."""
    if typed is None:
        return None
    text = typed.strip()
    if not text:  # "$SEED" unset: one fixed deal, unasked
        raise OptionError("--seed cannot be empty: leave it out for a new deal")
    digits = text[1:] if text[0] in "+-" else text  # one sign: "+3" is 3, "--3" text
    if digits.isascii() and digits.isdigit():  # not '²', a digit int() refuses
        return seed_number(text)
    return text


def seed_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:  # past Python's limit on the digits int() reads (4300)
        raise OptionError(f"--seed may have at most {sys.get_int_max_str_digits()} digits, "
                          f"and this one has {len(text.lstrip('+-'))}") from None


def parse_speed(text: str) -> float:
    if (refusal := other_digit_refusal(text)) is not None:  # float() read '٣' as 3
        raise OptionError(f"--speed needs a number, and {refusal}")
    try:
        speed = float(text)
    except ValueError:
        raise OptionError(f"--speed needs a number such as 1, 0.5 or 0, not {text!r}") from None
    if not 0 <= speed <= MAX_SPEED:
        raise OptionError(f"--speed must be from 0 (instant) to {MAX_SPEED:g}, not {text}")
    return speed


def check_text_options(args: argparse.Namespace) -> None:
    """Refuse text options with bytes that are not UTF-8: they can be neither saved nor seeded."""
    for option in ("name", "seed", "opponents", "rules"):
        text = getattr(args, option)
        if text is not None:
            setattr(args, option, utf8_text(f"--{option}", text))


def utf8_text(what: str, text: str) -> str:
    """``text`` as the UTF-8 it was typed in (:func:`utf8_argument`), or an OptionError
    saying that ``what`` has bytes that are not UTF-8."""
    from gofish.narrate import printable

    decoded = utf8_argument(text)
    assert decoded is not None
    if printable(decoded) != decoded:
        raise OptionError(f"{what} must be UTF-8 text, and {printable(decoded)!r} has "
                          "bytes that are not (shown as \ufffd)")
    return decoded


def utf8_argument(text: str | None) -> str | None:
    """``text`` as the UTF-8 it was typed in, where Python read it under a locale that is
    not UTF-8 (LC_ALL=C without UTF-8 mode: Zoë arrived as 'Zo' and two stand-ins for
    bytes, and was refused as not UTF-8)."""
    if text is None:
        return None
    try:
        return os.fsencode(text).decode("utf-8")
    except UnicodeError:  # not UTF-8 after all: refused, showing the bytes that are not
        return text


def rules_from(args: argparse.Namespace) -> Rules:
    if not args.rules.strip():  # "--rules $PRESET" with the variable unset
        raise OptionError("--rules cannot be empty: leave it out for classic, or choose "
                          "classic, bicycle or nordic")
    options: dict[str, object] = {}
    for name in ("lucky_draw", "refill", "end", "ask"):
        if getattr(args, name) is not None:
            options[name] = getattr(args, name)
    for name, option in (("hand_size", "--hand-size"), ("book_size", "--book-size")):
        value = whole_number(getattr(args, name), option)
        if value is not None:
            options[name] = value
    try:
        rules = make_rules(args.rules, **options)
    except MalformedInputError as error:
        raise OptionError(options_as_typed(str(error))) from None
    if options.get("refill", "none") != "none" and not rules.refill_can_act:
        raise OptionError(_refill_cannot_act(rules, ended_by_preset="end" not in options))
    return rules


def _refill_cannot_act(rules: Rules, *, ended_by_preset: bool) -> str:
    """Why a --refill typed beside an end at the first empty hand is refused: R19 ends the
    game before any refill, so the option would be shown and stored but never play."""
    where = (f"{rules.preset}, which ends at the first empty hand (its --end first-empty)"
             if ended_by_preset else "a game with --end first-empty, which ends at the first "
             "empty hand")
    return (f"--refill {rules.refill} does nothing in {where}: no hand is ever refilled. "
            "Leave --refill out, or add --end all-books to play on with refills")


_OPTION_NAME = re.compile(r"\b(?:hand_size|book_size|lucky_draw)\b")
#: A setting and its value as the core names them: refill 'none', end 'first-empty'.
_SETTING = re.compile(r"\b(refill|end|ask) '([a-z-]+)'")


def options_as_typed(message: str) -> str:
    """A rules error naming the options as typed on the command line: --hand-size, not
    hand_size; --refill none, not refill 'none'; --rules, not the core's "preset"."""
    message = _OPTION_NAME.sub(lambda found: "--" + found[0].replace("_", "-"), message)
    message = _SETTING.sub(lambda found: f"--{found[1]} {found[2]}", message)
    return message.replace("unknown preset ", "unknown --rules ", 1)


def run(args: argparse.Namespace) -> int:
    from gofish.session import TableSession, TableSettings, opponents_for

    check_text_options(args)
    speed = parse_speed(args.speed)
    rules = rules_from(args)
    opponents = opponent_names(args.opponents)
    players = whole_number(args.players, "--players")
    if players is None:
        players = _players_for(opponents)
    name = player_name(args.name)
    seed = seed_from(args.seed)
    try:
        rules.for_players(players)
    except MalformedInputError as error:
        raise OptionError(options_as_typed(str(error))) from None
    settings = TableSettings(rules=rules, players=players,
                             opponents=opponents_for(players, opponents), name=name, seed=seed)
    require_open_streams()
    store = open_games_store(args.database, required=False)
    plain = line_mode(args.plain, "play")
    # before the new deal is saved
    waiting = game_left_unfinished(store, args, plain=resume_needs_plain(args.plain))
    session = TableSession.deal(settings, store, source="plain" if plain else "terminal")
    session.notice = waiting
    return launch(session, plain=plain, speed=speed, asked_for_plain=args.plain)


def game_left_unfinished(store: Any, args: argparse.Namespace, *, plain: bool) -> str | None:
    """A line telling a returning player that their last unfinished game is still kept,
    and the command that picks it up: play deals a new one, and nothing else said so."""
    from gofish.storage import FallbackSaver, StorageError

    if isinstance(store, FallbackSaver):
        return None  # the warning about the database is what matters then
    try:
        waiting = latest_playable(store)
    except StorageError:
        return None  # resume names any damage; a new game must not wait on it
    if waiting is None:
        return None
    resume = command_line(args, "resume", str(waiting.id), *(["--plain"] if plain else []))
    return f"Your unfinished game {waiting.id} is kept: {resume} picks it up later."


def _players_for(opponents: list[str]) -> int:
    """The table's size when --players is not given: the person and one seat per opponent
    named. Too many named are refused by their count ("6 players cannot play" did not say
    where the sixth came from)."""
    from gofish.core.rules import MAX_PLAYERS

    if len(opponents) > MAX_PLAYERS - 1:
        raise OptionError(f"--opponents names {len(opponents)} bots, but a table seats at most "
                          f"{MAX_PLAYERS - 1} opponents: name fewer")
    return max(2, len(opponents) + 1)


def require_open_streams() -> None:
    """Before any game is dealt or read, refuse standard output or input that is closed
    (``>&-``, ``<&-``: Python sets it to None): no table could show moves or take them,
    and the line mode wrote a traceback. Closed output is OSError (exit status 1, as a
    write that fails); closed input InputClosed (2, as ``replay -`` refuses it)."""
    standard_output()
    required_input("the table reads its moves there")


def open_games_store(path: str | None, *, required: bool, check: bool = True) -> Any:
    """The games database; when it cannot be opened and is optional, a saver that still
    keeps every game (in a fallback file beside it, moved in once the database opens).
    A required one that cannot be opened raises StorageError (exit status 1, as for
    history). With ``check``, :func:`check_saving` runs on it at once."""
    from gofish.storage import open_store

    saver = open_store(path) if required else _saver_or_refusal(path)
    if check:
        check_saving(saver, "resume" if required else "play")
    return saver


def _saver_or_refusal(path: str | None) -> Any:
    """A saver for ``path``; OptionError with no database to try at all (no home), where
    no game could be kept."""
    from gofish.storage import StorageError, open_saver

    try:
        return open_saver(path)
    except StorageError as error:
        raise OptionError(str(error)) from None


def check_saving(saver: Any, command: str) -> None:
    """Warn before the game when ``saver`` cannot save it (a read-only file opens, and only
    the first save would say so); refuse to play, closing it, if no fallback file could
    keep it either."""
    from gofish.storage import FallbackSaver
    from gofish.storage.access import problem_saving
    from gofish.storage.fallback import can_keep_games, fallback_targets

    problem = str(saver.error) if isinstance(saver, FallbackSaver) else problem_saving(saver.path)
    if problem and not can_keep_games(saver.path):  # every move would be lost: do not deal
        saver.close()
        kept = " nor ".join(map(str, fallback_targets(saver.path)))
        raise OptionError(f"{problem}, and no fallback file can be written either ({kept}): "
                          "choose another file with --database")
    if problem:
        # Not "beside the database" outright: where its folder cannot be written the game
        # goes to the temp folder (read back as well, by the database it names).
        report(command,
               f"warning: {problem}. Your game will be kept in a fallback file, and each "
               "save says where; it is added to the database once that can be written.")


def line_mode(asked_for: bool, command: str) -> bool:
    """The line mode when asked for, when input, output or standard error (where Textual
    draws the table) is not a terminal (a pipe, a file), or
    when the terminal cannot draw the table: a dumb one, or one whose encoding lacks its
    characters (saying so)."""
    if asked_for or not sys.stdin.isatty():
        return True
    if not sys.stdout.isatty():
        _say_where_the_lines_go(command)
        return True
    if not _is_terminal(sys.__stderr__):
        # Textual draws the table on standard error: `2> errors.log` took the whole screen
        # there and left the terminal blank. Said here, where it is seen.
        print(brief(f"gofish {command}: standard error is not a terminal, and the "
                    "full-screen table is drawn there, so the game is played line by line "
                    "(as with --plain)"), flush=True)
        return True
    term = os.environ.get("TERM", "")
    if term.lower() in DUMB_TERMINALS:
        report(command, f"this terminal (TERM={term}) cannot draw the full-screen table, so "
               "the game is played line by line (as with --plain)")
        return True
    unfit = next((stream for stream in (sys.stdout, sys.__stderr__)
                  if not can_show(TABLE_CHARACTERS, stream)), None)
    if unfit is None:
        return False
    report(command, f"this terminal's encoding ({unfit.encoding}) cannot show the table's "
           "suits and frames, so the game is played line by line (as with --plain); for the "
           f"full table, use a UTF-8 locale such as LANG=C.UTF-8{_unset_hint()}")
    return True


def resume_needs_plain(asked_for: bool) -> bool:
    """Does the command that picks a line-mode game up again need --plain? Where the player
    asked for the line mode, or the moves come from a pipe or a file; not where it was only
    chosen for where the output or the table went (``2> errors.log``) or for what this
    terminal can draw: resume checks those again, and at a terminal that can, the
    full-screen table is the better way back."""
    return asked_for or not _is_terminal(sys.stdin)


def _say_where_the_lines_go(command: str) -> None:
    """Typing at a terminal whose output goes elsewhere (``gofish play > game.txt``): the
    screen stayed blank while the game waited for a move, so say why, where it is seen."""
    if _is_terminal(sys.__stderr__):
        report(command, "standard output is not a terminal, so the game is played line by "
               "line (as with --plain) and written there; type your moves here")


def _is_terminal(stream: TextIO | None) -> bool:
    try:
        return stream is not None and stream.isatty()
    except (OSError, ValueError):  # closed under us
        return False


#: Terminals that cannot move the cursor (Emacs' shell says "dumb"), as Rich names them:
#: the table's escape codes would be printed there as they are.
DUMB_TERMINALS = ("dumb", "unknown")

#: Characters the full-screen table draws (suits, frames, card backs): Textual writes what
#: the encoding lacks as \u2660 escapes, which leaves a screen of garbage.
TABLE_CHARACTERS = "♠♥♦♣╭╮╰╯─│▮▚"


def _unset_hint() -> str:
    return " and unset PYTHONIOENCODING" if os.environ.get("PYTHONIOENCODING") else ""


def launch(session: Any, *, plain: bool, speed: float, command: str = "play",
           asked_for_plain: bool = False) -> int:
    """Show the table: the Textual app on a terminal, the line mode otherwise (``plain``;
    ``asked_for_plain``: by --plain); ``command`` names it in a message of its failure."""
    if plain:
        from gofish.plain import play_plain

        lenient_stdin()  # a stray byte that is not text is a move to refuse, not a crash
        return play_plain(session, bounded_stdin(), sys.stdout, command=command,
                          resume_plain=resume_needs_plain(asked_for_plain))
    from gofish.tui import GoFishApp

    app = GoFishApp(session, speed=speed)
    app.run()
    try:
        say_where_the_game_is(app)
    except OSError as error:
        if error.errno != errno.EIO:
            raise
        # The terminal is gone (its window closed; the app left on the SIGHUP, the game
        # saved): nothing can be said, and "Input/output error" with status 1 was wrong.
        for stream in (sys.stdout, sys.stderr):
            drop_output(stream)  # whose flush at exit would fail again, with status 120
        return app.return_code or HUNG_UP
    return app.return_code or 0  # 130 after Ctrl-C, as in the line mode


#: The exit status of a table whose terminal went away: 128 + SIGHUP, as the signal gives.
HUNG_UP = 128 + getattr(signal, "SIGHUP", 1)


def say_where_the_game_is(app: Any) -> None:
    """After the full-screen table, say where its game went: the app's log is gone with its
    screen."""
    final = app.session
    if app.saver.failure is not None:
        print(f"gofish: {app.saver.failure}", file=sys.stderr)
    if final.is_over:
        return
    # A deal left before any ask is kept too (resume offers it), as the line mode says.
    words = app.saver.leaving_words()
    if words:
        print(words)
