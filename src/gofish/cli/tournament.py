"""``gofish tournament`` and ``gofish tournament-merge``: bots against bots, and shards combined."""

from __future__ import annotations

import argparse
import codecs
import contextlib
import functools
import json
import math
import os
import re
import secrets
import shlex
import signal
import stat
import sys
from collections.abc import Iterator, Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, Any, TextIO, cast

from gofish.cli import decimal, file_name, reads_a_number, shown, whole
from gofish.cli._messages import (
    not_utf8,
    nul_bytes,
    report,
    standard_input,
    standard_output,
    tell,
    write_whole,
)
from gofish.cli._outputs import MAX_RESULT, read_result_bytes, result_text
from gofish.cli.play import add_house_rule_options
from gofish.core import PRESETS
from gofish.core.errors import other_digit_refusal
from gofish.core.rules import MAX_PLAYERS, MIN_PLAYERS

if TYPE_CHECKING:
    from gofish.tournament import Plan
    from gofish.tournament.run import ProgressBar


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "tournament",
        help="play bots against each other and rank them",
        description=(
            "Round robin between bots (registered names, with options as in emma:memory=2, "
            "or cmd:PROGRAM for an external bot "
            "speaking the JSON-lines protocol). Every deal is played from every seat. "
            "Name a bot twice to make it play itself; two spellings of one bot (Emma and "
            "emma, expert:infer=False:epsilon=0.20 and expert:epsilon=0.2:infer=false) are "
            "one bot named twice, shown as expert:epsilon=0.2:infer=false#1 and #2. "
            "See docs/tournament.md."
        ),
    )
    parser.add_argument("bots", nargs="+", metavar="BOT",
                        help="bot names (NAME:KEY=VALUE for options) or cmd:PROGRAM [ARGS]")
    # Read as play reads it (NORDIC is nordic): argparse's choices took only lower case.
    parser.add_argument("--rules", default="classic", metavar="PRESET",
                        help=f"the preset: {', '.join(sorted(PRESETS))} (default classic)")
    parser.add_argument("--players", type=whole, default=2, metavar="N",
                        help=f"seats at each table, {MIN_PLAYERS}-{MAX_PLAYERS} (default 2)")
    # The limit as text: importing plan.MAX_GAMES here would load the tournament package for
    # every command (a test keeps the two in step).
    parser.add_argument("--games", type=whole, default=1000, metavar="N",
                        help="games to play in all (default 1000, at most 1,000,000,000), "
                        "rounded up to whole mirrored deals")
    parser.add_argument("--seed", type=whole, default=None, help="master seed (default: random)")
    parser.add_argument("--seatings", choices=("rotate", "all"), default="rotate",
                        help="play each deal once per rotation of the table (default), or "
                        "once per order of the bots around it (more than two players)")
    parser.add_argument("--jobs", type=whole, default=None,
                        help="worker processes (default: one per core this process may use)")
    add_house_rule_options(parser)  # play's, with its help texts
    speed = parser.add_mutually_exclusive_group()
    speed.add_argument("--fast", dest="fast", action="store_true", default=None,
                       help="use the bulk simulator, or fail saying why it cannot")
    speed.add_argument("--no-fast", dest="fast", action="store_false",
                       help="always play through the engine")
    parser.add_argument("--timeout", type=_number_as_typed, default="5",
                        help="seconds an external bot may take per message (default 5)")
    parser.add_argument("--shard", default=None, metavar="I/N",
                        help="play only shard I of N (for several machines; merge the JSON "
                        "outputs with gofish tournament-merge)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--csv", metavar="FILE", type=file_name, help="also write the table as CSV")
    parser.add_argument("--plot", metavar="FILE.png", type=file_name,
                        help="also draw a chart (needs matplotlib)")
    parser.add_argument("--progress", action="store_true",
                        help="show the progress bar even when stderr is not a terminal")
    parser.set_defaults(run=run, spread_positionals="bots")

    merge = subparsers.add_parser(
        "tournament-merge",
        help="combine the --json outputs of tournament shards",
        description="Add up shards played with --shard I/N into one tournament result "
        "(with --pool, also whole tournaments played with other seeds).",
    )
    merge.add_argument("files", nargs="+", metavar="FILE",
                       help="JSON files written by gofish tournament --json, or - for "
                       "standard input")
    merge.add_argument("--pool", action="store_true",
                       help="also add up whole tournaments played with other seeds (same bots "
                       "and rules, any --games): more games, narrower intervals")
    merge.add_argument("--json", action="store_true", help="print one JSON object")
    merge.add_argument("--csv", metavar="FILE", type=file_name, help="also write the table as CSV")
    merge.add_argument("--plot", metavar="FILE.png", type=file_name,
                       help="also draw a chart (needs matplotlib)")
    merge.set_defaults(run=run_merge, spread_positionals="files")



@reads_a_number
def _number_as_typed(text: str) -> str:
    """argparse's type of --timeout: a number (as :func:`decimal` reads it), kept as typed
    for :func:`_timeout_refusal` to quote."""
    decimal(text)
    return text


def _timeout_refusal(typed: str) -> str | None:
    """Why --timeout cannot be ``typed``, with the number as typed (-1, not -1.0), or None.
    A number too large for a float (1e400) was refused as "not inf", which nobody typed;
    one too small (1e-400) as not more than 0, which it is."""
    from gofish.protocol.external import MAX_TIMEOUT  # imported late, as run's imports are

    seconds = float(typed)
    if 0 < seconds <= MAX_TIMEOUT:  # nan is refused too
        return None
    exact = Decimal(typed)  # the number as written, never rounded to inf or to 0
    why = ""
    if math.isinf(seconds) and exact.is_finite():
        why = ", which is too large to be read as a finite number"
    elif seconds == 0 and exact > 0:
        why = ", which is too small to be read as more than 0"
    return (f"--timeout must be more than 0 and at most {MAX_TIMEOUT:.0f} seconds, "
            f"not {typed.strip()}{why}")


def _fail(message: str, command: str = "tournament") -> int:
    report(command, message)
    return 2


def run(args: argparse.Namespace) -> int:
    from gofish.cli.play import OptionError, options_as_typed, rules_from, utf8_text
    from gofish.core import MalformedInputError
    from gofish.core.rules import check_players
    from gofish.tournament import Plan, parse_shard, run_tournament, summary
    from gofish.tournament.plan import MAX_GAMES, MAX_SEED
    from gofish.tournament.run import (
        JOBS_PER_CORE,
        ProgressBar,
        WorkerLostError,
        max_jobs,
        usable_cores,
        why_not_fast,
    )

    players = check_players(args.players)
    try:
        # As play reads --opponents: a name with bytes that are not UTF-8 was taken for a
        # misspelt bot ("did you mean 'emma'?"), and a command's could not be written out.
        # Only checked: a command runs as the OS gave it (under LC_ALL=C, its UTF-8 decoded
        # could not be passed back to the system).
        for bot in args.bots:
            utf8_text("each BOT", bot)
        rules = rules_from(args)  # as play reads --rules and the house rules
        rules.for_players(players)  # refuse an unplayable combination before anything starts
    except (OptionError, MalformedInputError) as error:
        return _fail(options_as_typed(str(error)))
    if not 1 <= args.games <= MAX_GAMES:
        return _fail(f"--games must be from 1 to {MAX_GAMES:,}, not {args.games}")
    if args.jobs is not None and args.jobs < 1:
        return _fail(f"--jobs must be at least 1, not {args.jobs}")
    if args.jobs is not None and args.jobs > (most := max_jobs()):
        # The cores counted, not the machine's: fewer under taskset or a container's quota.
        return _fail(f"--jobs must be at most {most} ({JOBS_PER_CORE} per core this process "
                     f"may use, {usable_cores()} here, and at least 8), not {args.jobs}")
    if (refusal := _timeout_refusal(args.timeout)) is not None:
        return _fail(refusal)
    args.timeout = float(args.timeout)
    if args.shard is not None and (refusal := other_digit_refusal(args.shard)) is not None:
        return _fail(f"--shard {refusal}")  # int() read "٣/٤" as 3/4
    # Read even when empty: "--shard $SHARD" with the variable unset played the whole
    # tournament on every machine.
    shard, shards = parse_shard(args.shard) if args.shard is not None else (0, 1)
    if args.shard is not None and args.seed is None:
        return _fail("--shard needs --seed: every shard must deal the same tournament")
    # 64 bits, all the deals use: a smaller random seed could be found by a bot that tries
    # every one against the cards it was dealt (the deal from a seed is documented)
    seed = args.seed if args.seed is not None else secrets.randbits(64)
    if seed < 0:
        return _fail(f"--seed must not be negative, not {seed}")
    if seed > MAX_SEED:  # only the low 64 bits deal: it would replay a smaller seed's games
        return _fail(f"--seed must be at most {MAX_SEED} (64 bits), not {seed}")
    _check_bots_as_typed(args.bots)
    plan = Plan(rules, players, seed, tuple(args.bots), args.games, shard, shards,
                args.seatings)
    if refused := _check_outputs(args):
        return refused
    if args.fast and (reason := why_not_fast(plan)) is not None:  # said in the option's name
        return _fail(f"--fast cannot be used: {reason}")
    _note_rounding(plan)
    _note_same_bots(args.bots, plan)
    show_progress = args.progress or sys.stderr.isatty()
    played = _Played(ProgressBar() if show_progress else None)
    try:
        with _stopped_cleanly_on_termination(played):
            outcome = run_tournament(
                plan, jobs=args.jobs, fast=args.fast, timeout=args.timeout, progress=played,
                notice=functools.partial(report, args.command) if show_progress else None,
            )
    except KeyboardInterrupt:
        _say_stopped("Ctrl-C", played)
        return INTERRUPTED
    except WorkerLostError as error:  # a failure of the run, not bad input
        played.end_bar_line()  # said below the bar, not after its figures
        report(args.command, str(error))
        return 1
    result = summary(outcome)
    return _output(result, args) or _never_played(result, args.command)


#: Exit code of a tournament stopped by Ctrl-C: 128 + SIGINT, as for every command.
INTERRUPTED = 130


class _Played:
    """How many games have been played, told to the progress bar if one is shown: said
    when the tournament is stopped, so that nobody takes the silence for a result."""

    def __init__(self, bar: ProgressBar | None) -> None:
        self.bar = bar
        self.done = 0
        self.total: int | None = None  # None until play starts (after preparing)

    def __call__(self, done: int, total: int) -> None:
        self.done, self.total = done, total
        if self.bar is not None:
            self.bar(done, total)

    def bar_line_open(self) -> bool:
        """Whether the bar has drawn a line not ended yet (it ends it once full)."""
        return self.bar is not None and self.bar.line_open

    def end_bar_line(self) -> None:
        if self.bar is not None:
            self.bar.end_line()

    def so_far(self) -> str:
        if self.total is None:
            return "before any game was played"
        return f"after {self.done:,} of {self.total:,} games, which are not kept"


def _say_stopped(how: str, played: _Played) -> None:
    # The newline ends the progress bar's line, which is redrawn in place; with no such line
    # (no bar, one not drawn yet or full) it would only put an empty line before the message.
    # A hangup may have taken the terminal, a closed pipe stderr: the failed message
    # must not turn the stop into an OSError (exit 1) or a BrokenPipeError (exit 0).
    after_the_bar = "\n" if played.bar_line_open() else ""
    with contextlib.suppress(OSError):
        print(f"{after_the_bar}gofish tournament: stopped by {how} {played.so_far()}",
              file=sys.stderr)


#: Exit code of a tournament in which some bot had none of its games played out.
NEVER_PLAYED = 1
#: Exit code when a --csv or --plot file checked before the games could not be written after
#: them (a full disk): as for any write that fails while working (README, "Exit statuses").
WRITE_FAILED = 1


def _never_played(result: dict[str, Any], command: str) -> int:
    """NEVER_PLAYED, with a line on stderr per bot, if some bot had every one of its games
    ended by a forfeit, its own or another's (a program that exits at once, or two copies of
    it, one of which fails first and hands the other the win): its figures are then nothing
    but forfeits, which a script reading only the exit code must not take for a result.
    Else 0."""
    hopeless = [row for row in result["bots"] if row["games"] and _unplayed(row) == row["games"]]
    for row in hopeless:
        report(command, _never_played_line(row))
    return NEVER_PLAYED if hopeless else 0


def _unplayed(row: dict[str, Any]) -> int:
    """The games of a bot's row that a forfeit ended; its own forfeits where that is not
    known (a result stored before it was counted)."""
    ended = row.get("ended_by_forfeit")
    return int(row["forfeits"] if ended is None else ended)


def _never_played_line(row: dict[str, Any]) -> str:
    # shown(), as the table shows names: a newline or an escape in a command broke the one
    # line on stderr into two (and a Python bot's exception below, likewise).
    name, games, own = shown(row["name"]), row["games"], row["forfeits"]
    why = "so the result says nothing of how it plays (the first failures are listed with " \
        "the result)"
    if own == games:
        return f"{name} forfeited all {games} of its games, {why}"
    whose = "its opponents'" if own == 0 else f"{own} of them its own, the others its opponents'"
    return (f"none of the {games} games of {name} was played out: each ended in a forfeit "
            f"({whose}), {why}")


def _check_bots_as_typed(specs: Sequence[str]) -> None:
    """Refuse a bad built-in bot spec as typed, before the plan writes each in its one
    spelling, where ``epsilon=1e400`` reads ``epsilon=inf``: the message quotes the spec."""
    from gofish.bots.base import CMD_PREFIX
    from gofish.tournament.plan import TournamentError, normalize_spec
    from gofish.tournament.play import make_entrant_bot

    for before, spec in zip(["", *specs], specs, strict=False):
        if normalize_spec(spec).startswith(CMD_PREFIX):  # programs are checked later
            continue
        try:
            make_entrant_bot(spec)
        except TournamentError as error:
            if not (normalize_spec(before).startswith(CMD_PREFIX) and _a_path(spec)
                    and str(error).startswith("unknown bot")):
                raise  # emmma after a program is still told "did you mean 'emma'?"
            # cmd:python mybot.py, unquoted: the shell made the script a bot of its own
            raise TournamentError(
                f"unknown bot {spec!r}, after {before}: a command and its arguments are one "
                f"BOT, in quotes, as in {shlex.quote(f'{before} {spec}')}") from None


def _a_path(spec: str) -> bool:
    """Whether ``spec`` reads as a file (``mybot.py``, ``bots/mine``), not a bot's name
    (its options, ``emmma:epsilon=0.3``, may hold a dot)."""
    return any(mark in spec.partition(":")[0] for mark in "./\\")


def _note_same_bots(typed: Sequence[str], plan: Plan) -> None:
    """Say so when entrants typed differently are one bot (``expert-easy`` and
    ``expert-easy:epsilon=0.3``, its default written out): the table shows them as
    ``expert-easy#1`` and ``#2``, and nothing said why the options typed were gone."""
    from gofish.bots.base import CMD_PREFIX

    spellings: dict[str, list[str]] = {}
    first_names: dict[str, str] = {}  # each bot's first copy, as the table names it
    for spec, entrant, name in zip(typed, plan.specs, plan.names, strict=True):
        spellings.setdefault(entrant, []).append(spec)
        first_names.setdefault(entrant, name)
    for spec, written in spellings.items():
        if len(set(written)) > 1:
            each = " and ".join(shown(text) for text in dict.fromkeys(written))
            last = "and" if len(written) == 2 else "to"
            # A program is the words it runs: only its prefix, spacing or quoting differed.
            why = _SAME_PROGRAM if spec.startswith(CMD_PREFIX) else _SAME_BOT
            tell(f"gofish tournament: {each} are one bot, written {shown(spec)} ({why}): it "
                 f"plays itself as {shown(first_names[spec])} {last} #{len(written)}")


#: Why two entrants typed differently are one, said by _note_same_bots.
_SAME_BOT = ("a name or option in any case, options in any order, a number in any form, an "
             "option at its default left out")
_SAME_PROGRAM = ("the same program and arguments: cmd: in any case, spaces and quotes as a "
                 "shell reads them")


#: Signals that end a tournament as Ctrl-C does: by default they kill this process at once,
#: leaving the external bots' programs (in sessions of their own) running as orphans.
STOP_SIGNALS = (signal.SIGTERM, signal.SIGHUP) if hasattr(signal, "SIGHUP") else (
    signal.SIGTERM,)


def _note_rounding(plan: Plan) -> None:
    """Say so when the schedule's floor (a deal per table from every seat) is far above
    --games: 40 bots at five seats asked for 10 games play 3,290,040, and the table that
    said so came only at the end."""
    total = plan.total_units * len(plan.arrangements)
    if total >= 2 * plan.games_asked and total - plan.games_asked >= 100:
        tell(f"gofish tournament: --games {plan.games_asked:,} rounds up to {total:,} games: "
             f"each of the {len(plan.tables):,} tables of {plan.players} plays at least one "
             "deal from every seat")


@contextlib.contextmanager
def _stopped_cleanly_on_termination(played: _Played) -> Iterator[None]:
    """While playing, SIGTERM (``kill``, ``timeout``) and SIGHUP unwind like Ctrl-C, so the
    bots' programs and the worker processes are stopped; exit code 128 + the signal."""

    def stop(signum: int, frame: object) -> None:
        for number in STOP_SIGNALS:  # a second signal must not cut the clean-up short
            signal.signal(number, signal.SIG_IGN)
        _say_stopped(signal.Signals(signum).name, played)
        raise SystemExit(128 + signum)

    from gofish.leaving import handling

    with handling(STOP_SIGNALS, stop):  # not off the main thread (gofish run from another)
        yield


def _check_outputs(args: argparse.Namespace, inputs: Sequence[str] = ()) -> int:
    """0 if the --csv and --plot files can be written, else the failure's exit code.
    ``inputs``: files read (tournament-merge's shards, - for standard input), which an
    output must not replace."""
    from gofish.cli._outputs import refusal
    from gofish.tournament import TournamentError
    from gofish.tournament.report import check_outputs

    for option in ("csv", "plot"):
        if getattr(args, option) == "-":  # as export -o - does, a reader takes it for stdout
            return _fail(f"--{option} - would write a file named '-', not standard output "
                         "(which has the table, or the JSON): give a file name", args.command)
    try:
        check_outputs(args.csv, args.plot)
    except TournamentError as error:
        return _fail(str(error), args.command)
    if args.csv and args.plot and _one_path(args.csv, args.plot):  # the chart would replace it
        return _fail(f"--csv and --plot both name {args.plot}: give each its own file",
                     args.command)
    for option in ("csv", "plot"):
        path = getattr(args, option)
        if not path:
            continue
        if any(_is_read(path, read) for read in inputs):  # said first: it is the likelier slip
            return _fail(f"will not write over {path}: it is one of the results being merged",
                         args.command)
        if refused := refusal(path):
            return _fail(refused, args.command)
        if _is_stream(path, sys.stdout):  # would replace the result, or follow it down a pipe
            return _fail(f"--{option} {path} is standard output, which has the table (or the "
                         "JSON): give another file", args.command)
    return 0


def _is_read(path: str, read: str) -> bool:
    """Whether ``path`` is the input ``read`` (- : standard input, a shard fed with ``<``)."""
    return _is_stream(path, sys.stdin) if read == "-" else _same_file(path, read)


def _is_stream(path: str, stream: TextIO | None) -> bool:
    """Whether ``path`` is the file or pipe behind ``stream`` (``/dev/stdout``, or the file
    the shell sent it to). A terminal or /dev/null is not counted: writing it loses nothing."""
    if stream is None:  # started with it closed
        return False
    try:
        behind = os.fstat(stream.fileno())
        named = os.stat(path)
    except (AttributeError, ValueError, OSError):
        return False  # no descriptor (a stream in memory, any object in its place), no file
    same = (behind.st_dev, behind.st_ino) == (named.st_dev, named.st_ino)
    return same and not stat.S_ISCHR(behind.st_mode)


def _one_path(one: str, other: str) -> bool:
    """Whether two names reach one file, whether or not it exists yet."""
    return os.path.realpath(one) == os.path.realpath(other) or _same_file(one, other)


def _same_file(one: str, other: str) -> bool:
    try:
        return os.path.samefile(one, other)
    except OSError:  # one of them does not exist (yet)
        return False


def _output(result: dict[str, Any], args: argparse.Namespace) -> int:
    """Show the result, then write the files asked for. The result comes first, so that a
    file that cannot be written (checked before playing, but disks fill) loses no games."""
    from gofish.tournament import TournamentError
    from gofish.tournament.report import failures_to_show, print_table, write_csv, write_plot

    unshown: OSError | None = None
    try:
        output = standard_output()
        if args.json:
            write_whole(output, json.dumps(result) + "\n")
        else:
            print_table(result, output)
        output.flush()
    except OSError as error:  # a closed pipe, a full disk: the files asked for still get it
        unshown = error
    for failure in failures_to_show(result, 3) if args.json else ():
        tell(f"game not played out: {shown(failure)}")
    try:
        if args.csv:
            write_csv(result, args.csv)
        if args.plot:
            write_plot(result, args.plot)
    except TournamentError as error:  # a full disk, after the games: a failure, not a refusal
        report(args.command, str(error))
        return WRITE_FAILED
    if isinstance(unshown, BrokenPipeError):
        return _reader_gone(args)
    if unshown is not None:
        return _unwritten(args, unshown)
    return 0


def _reader_gone(args: argparse.Namespace) -> int:
    """The program reading the result (``| head``) went away before it was all written:
    say where the result is, if anywhere, with SIGPIPE's status, as play does. It was
    status 0 without a word, so a script could not tell that the result never came."""
    from gofish.leaving import OUTPUT_CLOSED, drop_output

    drop_output(sys.stdout)  # what is left unwritten would fail again at exit
    where = _kept_in(args) or "; --csv FILE or --json > FILE keeps it"
    report(args.command, f"standard output was closed before the whole result was written{where}")
    return OUTPUT_CLOSED


def _unwritten(args: argparse.Namespace, error: OSError) -> int:
    """Standard output failed (``--json > r.json`` on a full disk): say that it is the
    result that was lost, after the games. It said only "No space left on device"."""
    from gofish.leaving import drop_output

    drop_output(sys.stdout)
    # A system error names no stream ("No space left on device"); ours does ("standard
    # output is closed", from `gofish tournament ... >&-`).
    reason = error.strerror or str(error)
    where = "" if "standard output" in reason else " to standard output"
    report(args.command, f"cannot write the result{where}: {reason}{_kept_in(args)}")
    return WRITE_FAILED


def _kept_in(args: argparse.Namespace) -> str:
    """Where else the result was written, said after a failure to show it."""
    kept = [path for path in (args.csv, args.plot) if path]
    return f"; it is in {' and '.join(kept)}" if kept else ""


def run_merge(args: argparse.Namespace) -> int:
    from gofish.tournament import merge_results, pool_results

    if args.files.count("-") > 1:
        return _fail("- (standard input) can be given only once", args.command)
    labels = [_input_name(path) for path in args.files]
    results = []
    for path, label in zip(args.files, labels, strict=True):
        result = _read_result(path, label)
        if isinstance(result, str):
            return _fail(result, args.command)
        results.append(result)
    if refused := _check_outputs(args, inputs=args.files):
        return refused
    merge = pool_results if args.pool else merge_results
    merged = merge(results, labels=labels)
    for batch in merged.get("batches", [merged]):
        if batch["missing_shards"]:
            _warn_missing(batch, args.pool)
    return _output(merged, args) or _never_played(merged, args.command)


class _TooManyDigits(ValueError):
    """A whole number in a result longer than int() reads."""


def _count_or_seed(text: str) -> int:
    """A whole number of a result (a count, a seed), as json reads it; _TooManyDigits past
    what int() reads, where Python's words told the reader to call
    sys.set_int_max_str_digits()."""
    digits = len(text.lstrip("-"))
    most = sys.get_int_max_str_digits()
    if most and digits > most:
        raise _TooManyDigits(f"a number in it has {digits:,} digits, far more than any "
                             "count or seed of a tournament")
    return int(text)


def not_utf16(error: UnicodeDecodeError) -> str:
    """Where a file that starts with UTF-16's byte order mark stops being UTF-16, in the
    words of :func:`~gofish.cli._messages.not_utf8`: the codec's "'utf-16-le' codec can't
    decode bytes in position 4-5: illegal UTF-16 surrogate" named no line."""
    data = bytes(error.object)
    before = data[:error.start].decode("utf-16")  # read without fault up to there
    line_start = before.rfind("\n") + 1
    position = len(before[line_start:].encode(error.encoding))
    if line_start == 0:
        position += len(codecs.BOM_UTF16_LE)  # the first line starts after the mark
    line = before.count("\n") + 1
    where = f"at position {position} of line {line}"
    if error.reason == "truncated data":  # an odd number of bytes
        return f"not valid UTF-16 (one byte left over {where}, as when a file is cut short)"
    return f"not valid UTF-16 (bytes {data[error.start:error.end].hex(' ')} {where})"


def _input_name(path: str) -> str:
    return "standard input" if path == "-" else path  # - reads it, as replay - does


def _read_result(path: str, label: str) -> dict[str, Any] | str:
    """The checked result in ``path`` (- standard input), or why it cannot be merged."""
    from gofish.tournament import TournamentError
    from gofish.tournament.report import check_result

    try:
        data = _read_bytes(path)
        if len(data) > MAX_RESULT:
            return (f"{label} is not a tournament JSON result: it is longer than "
                    f"{MAX_RESULT >> 20} MB")
        text = result_text(data, "surrogateescape")
        if not text.strip():  # not "Expecting value: line 1 column 1", as replay says too
            return f"{label} is empty: a tournament JSON result was expected"
        if (not_text := not_utf8(text, numbered=True)) is not None:
            return f"{label} is not a tournament JSON result: it is {not_text}"
        if (nul := nul_bytes(text)) is not None:
            return f"{label} is not a tournament JSON result: it {nul}"
        result = json.loads(text, parse_int=_count_or_seed)
        check_result(result)
    except OSError as error:
        return f"cannot read {label}: {error.strerror or error}"
    except UnicodeDecodeError as error:  # UTF-16 by its byte order mark, but not all of it
        return f"{label} is not a tournament JSON result: it is {not_utf16(error)}"
    except ValueError as error:  # not JSON, or a number past int()'s (_TooManyDigits)
        return f"{label} is not a tournament JSON result: {_other_output(text) or error}"
    except RecursionError:  # valid JSON, nested deeper than json.load goes
        return f"{label} is not a tournament JSON result: it is nested too deeply"
    except TournamentError as error:
        return f"{label} is not a tournament JSON result: {error}"
    return cast(dict[str, Any], result)  # check_result refuses anything but an object


#: The first line of the table gofish tournament prints without --json.
_TABLE_HEAD = re.compile(r"[\d,]+ games, \d+ players?, rules ")

#: What merges instead of either of the tournament's other outputs.
_MERGE_THE_JSON = "merge the result --json prints (gofish tournament … --json > FILE)"


def _other_output(text: str) -> str | None:
    """What a file that is no JSON holds, when it is the tournament's table or its CSV (a
    shard run without --json, or the --csv file named for merging), else None. json's
    "Expecting value: line 1 column 1 (char 0)" said neither."""
    from gofish.tournament.report import CSV_FIELDS

    first = text.lstrip().partition("\n")[0]
    if first.startswith(",".join(CSV_FIELDS)):
        return f"it is the table --csv writes: {_MERGE_THE_JSON}"
    if _TABLE_HEAD.match(first):
        return f"it is the table printed without --json: {_MERGE_THE_JSON}"
    return None


def _read_bytes(path: str) -> bytes:
    """At most MAX_RESULT + 1 bytes of the file (- standard input)."""
    if path == "-":
        return standard_input().buffer.read(MAX_RESULT + 1)
    return read_result_bytes(path)


def _warn_missing(batch: dict[str, Any], pooled: bool) -> None:
    missing = batch["missing_shards"]
    shards = "shard " if len(missing) == 1 else "shards "
    shards += ", ".join(str(i) for i in missing) + (f" of seed {batch['seed']}" if pooled else "")
    verb = "is" if len(missing) == 1 else "are"
    report("tournament-merge", f"warning: {shards} {verb} missing")
