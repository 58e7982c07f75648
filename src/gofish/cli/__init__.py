"""The ``gofish`` command. Each subcommand lives in its own module of this package.

A command module defines ``register(subparsers)``, which adds its parser and
sets ``run`` (a function taking the parsed arguments and returning an exit
code). Modules are found automatically, so adding a command is adding a file.
Heavy imports belong inside ``run`` so that ``gofish replay`` starts fast.
"""

from __future__ import annotations

import argparse
import ast
import codecs
import contextlib
import errno
import importlib
import io
import itertools
import os
import pkgutil
import re
import shlex
import sys
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NoReturn, TextIO, TypeVar, cast

from gofish.cli._messages import brief, report, tell
from gofish.core import GoFishError
from gofish.core.errors import did_you_mean, other_digit_refusal
from gofish.narrate import is_control as is_control  # the commands use them from here
from gofish.narrate import shown as shown

if TYPE_CHECKING:
    from _typeshed import SupportsWrite


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gofish",
        description="Go Fish with exact rules: play, replay, simulate.",
    )
    parser.add_argument("--version", action="version", version=f"gofish {_version()}")
    one_line_errors(parser)
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        register = getattr(module, "register", None)
        if register is not None:
            register(subparsers)
    for command in subparsers.choices.values():  # every command reports a bad option alike
        gofish_options(command)
    for each in (parser, *subparsers.choices.values()):
        each._print_message = _print_message  # type: ignore[method-assign]
    return parser


def _print_message(message: str, file: SupportsWrite[str] | None = None) -> None:
    """Write --help's and --version's text. argparse's own drops a failed write (a full disk)
    without a word, and the command then exits 0 having printed nothing. With standard
    output closed (None) it wrote the text to standard error and exited 0, where every
    other command fails saying so: OSError here, which main reports the same way."""
    if message:
        if file is None:
            raise OSError(errno.EBADF, "standard output is closed")
        file.write(message)


#: What argparse takes for an option's value, not an option, after ``-`` (its own test
#: knew -5 and -.5 only, so ``--timeout -inf`` or ``--games -1e3`` was "expected one
#: argument"): a digit, a point and a digit, or an infinity or NaN as float() reads them.
NEGATIVE_NUMBER = re.compile(r"-(\.?\d|(inf|infinity|nan)$)", re.IGNORECASE)


def gofish_options(parser: argparse.ArgumentParser) -> None:
    """Read ``parser``'s options as every gofish command does: a refusal in one line, and
    a negative number written any way float() reads it (``--games -1e3``) taken as a value,
    for the type to refuse in words. Also for the scripts of examples/."""
    one_line_errors(parser)
    parser._negative_number_matcher = NEGATIVE_NUMBER
    _refuse_missing_values(parser)


def _refuse_missing_values(parser: argparse.ArgumentParser) -> None:
    """Have ``parser`` refuse an option left with no value (:func:`_no_value`) before
    argparse reads the words, as ``gofish`` does: in the scripts of examples/ argparse handed
    ``--rate=--`` on as ``[]`` (a traceback mid-run), and told ``--rate`` typed last how to
    write a value that starts with '-'."""
    parse = parser.parse_known_args

    def parse_known_args(args: Sequence[str] | None = None,
                         namespace: argparse.Namespace | None = None,
                         ) -> tuple[argparse.Namespace, list[str]]:
        words = sys.argv[1:] if args is None else list(args)
        if (why := _no_value(words, parser)) is not None:
            parser.error(why)
        return parse(args, namespace)

    parser.parse_known_args = parse_known_args  # type: ignore[method-assign,assignment]


def one_line_errors(parser: argparse.ArgumentParser) -> None:
    """Report a bad option in one line (no usage dump) and exit 2."""
    prog = parser.prog

    def error(message: str) -> NoReturn:
        hints = _near_choice(message) + _joined_value(message, parser)
        tell(brief(f"{prog}: {message}{hints} (see {prog} --help)"))
        raise SystemExit(2)

    parser.error = error  # type: ignore[method-assign]


# argparse's words for an option followed by no value, or by a word that starts with '-',
# which it takes for an option unless it is a number (``--name -x``).
_NO_VALUE = re.compile(r"^argument (?:\S+/)?(?P<option>--\S+): expected one argument$")


def _joined_value(message: str, parser: argparse.ArgumentParser) -> str:
    """How to give a long option a value that starts with '-', after argparse's refusal of
    it as no value at all (``--name -x``: "expected one argument"); else "". An option
    that takes a number is told so: argparse takes a negative one as its value already, so
    what followed it (``--limit --json``) was no number, and ``--limit=-x`` is refused."""
    found = _NO_VALUE.match(message)
    if found is None:
        return ""
    action = parser._option_string_actions.get(found["option"])
    taken = None if action is None else _what_it_takes(found["option"], action)
    if taken is not None:
        return taken
    return f"; a value that starts with '-' is written joined, as in {found['option']}=-x"


def _what_it_takes(option: str, action: argparse.Action) -> str | None:
    """"; it takes a number, as in --limit N" for a numeric option given no value, and
    "; it takes one of rotate, all" for one of choices: no value of theirs starts with
    '-', so writing one joined is no help. None for an option of any text."""
    if action.choices is not None:
        return f"; it takes one of {', '.join(map(str, action.choices))}"
    if isinstance(action.metavar, str) and "|" in action.metavar:  # choices the command checks
        return f"; it takes one of {', '.join(action.metavar.split('|'))}"
    if wants_a_number(action):
        return f"; it takes a number, as in {option} {action.metavar or 'N'}"
    if action.metavar == _SHARD_METAVAR:  # numbers apart, which never start with '-'
        return f"; it takes a shard I/N, as in {option} 1/4"
    return None


_SHARD_METAVAR = "I/N"  # tournament's --shard


#: Options whose value is a number, by type: Python's own, or marked with
#: :func:`reads_a_number`.
_NUMBER_TYPES: set[Callable[[str], object]] = {int, float}
#: And by the metavar their help shows, for options whose value the command checks itself
#: (play's ``--hand-size N`` and ``--speed X``).
_NUMBER_METAVARS = frozenset({"N", "X", "SECONDS"})

_Parse = TypeVar("_Parse", bound=Callable[[str], object])


def reads_a_number(parse: _Parse) -> _Parse:
    """Mark ``parse``, an option's ``type``, as one that reads a number: an option of it
    left with no value is told it takes one, not to write a value that starts with '-'
    joined."""
    _NUMBER_TYPES.add(parse)
    return parse


def wants_a_number(action: argparse.Action) -> bool:
    """Whether the option ``action`` takes a number (see :func:`reads_a_number`)."""
    return action.type in _NUMBER_TYPES or action.metavar in _NUMBER_METAVARS


# argparse's words for a value not among an option's choices (or an unknown command).
_INVALID_CHOICE = re.compile(r"invalid choice: (?P<value>.+?) \(choose from (?P<choices>.*)\)$")


def _near_choice(message: str) -> str:
    """"; did you mean 'play'?" after argparse's refusal of a choice (``gofish ply``,
    ``--ask cards``) when one is near what was typed, as for --rules and bots; else ""."""
    found = _INVALID_CHOICE.search(message)
    if found is None:
        return ""
    try:  # both as argparse wrote them, with repr()
        value = ast.literal_eval(found["value"])
        choices = ast.literal_eval(f"({found['choices']},)")
    except (ValueError, SyntaxError):
        return ""
    return did_you_mean(value, [str(choice) for choice in choices])


def _near_option(unknown: Sequence[str], parser: argparse.ArgumentParser) -> str:
    """"; did you mean '--limit'?" for the first unknown option (``--limt``) near one
    ``parser`` takes; one it takes is unknown only after a ``--``, which is said instead
    ("did you mean '--plain'?" of --plain offered what was typed); else ""."""
    options = _long_options(parser)
    for word in unknown:
        if (behind := _option_behind_end(word, options)) is not None:
            return behind
        if word.startswith("--") and (near := did_you_mean(word.partition("=")[0], options)):
            return near
    return ""


def _long_options(parser: argparse.ArgumentParser) -> list[str]:
    return [flag for action in parser._actions for flag in action.option_strings
            if flag.startswith("--")]


def _option_behind_end(word: str, options: Sequence[str]) -> str | None:
    """"; '--' ends the options, so --games after it …" if ``word`` is one of ``options``
    (reached only after a ``--``), else None."""
    option = word.partition("=")[0]
    if not word.startswith("--") or option not in options:
        return None
    return (f"; '--' ends the options, so {option} after it is not read as one: "
            "put it before the '--'")


def _option_among_bots(args: argparse.Namespace, parser: argparse.ArgumentParser) -> str | None:
    """The refusal of an option of the command written after a ``--`` among the bots it
    names (``gofish tournament emma -- --games 5``): no bot's name starts with '-', and
    'unknown bot '--games'' did not say the option was written where it is not read."""
    if getattr(args, "spread_positionals", None) != "bots":  # a file may be named --x
        return None
    options = _long_options(parser)
    for name in args.bots:
        if (behind := _option_behind_end(name, options)) is not None:
            return f"gofish {args.command}: unrecognized arguments: {name}{behind}"
    return None


def _file_after_json(words: Sequence[str], args: argparse.Namespace) -> str | None:
    """The refusal of a result's file name written after ``--json`` (``gofish tournament
    emma random --json r.json``), as ``--csv FILE`` takes one: ``--json`` takes none, and the
    name joined the bots ("unknown bot 'r.json'", with a hint about register_bot) or the
    files to merge ("cannot read r.json"). A merge's file that is there is merged."""
    listed = getattr(args, "spread_positionals", None)
    if listed is None or not getattr(args, "json", False):
        return None
    end = list(words).index("--") if "--" in words else len(words)
    for option, word in itertools.pairwise(words[:end]):
        if (option != "--json" or not word.lower().endswith(".json")
                or word.startswith("cmd:") or (listed == "files" and os.path.exists(word))):
            continue
        read_as = "a bot" if listed == "bots" else "a file to merge, and there is none"
        return (f"gofish {args.command}: --json takes no file name: it prints the result on "
                f"standard output, so write --json > {shlex.quote(word)} ({word!r} was "
                f"read as {read_as})")
    return None


def file_name(text: str) -> str:
    """An option naming a file: an empty one (an unset shell variable) is refused, where it
    was taken as no option (the default database), the current folder, or nothing at all."""
    if not text:
        raise argparse.ArgumentTypeError("needs a file name, and it is empty")
    return text


def digits_0_to_9(text: str) -> None:
    """ArgumentTypeError if a number typed as ``text`` has a digit other than 0-9 ('٣'),
    which int() and float() read but the web's routes and the line mode do not."""
    refusal = other_digit_refusal(text)
    if refusal is not None:
        raise argparse.ArgumentTypeError(refusal)


_Number = TypeVar("_Number", int, float)


@reads_a_number
def whole(text: str) -> int:
    """argparse's ``type=int``, in the digits 0-9 only (see :func:`digits_0_to_9`)."""
    return _number_in_0_to_9(text, int, "a whole number")


@reads_a_number
def decimal(text: str) -> float:
    """argparse's ``type=float``, in the digits 0-9 only (see :func:`digits_0_to_9`)."""
    return _number_in_0_to_9(text, float, "a number")


def _number_in_0_to_9(text: str, convert: Callable[[str], _Number], kind: str) -> _Number:
    """In play's words ("needs a whole number, not ''"): argparse's "invalid int value"
    named Python's type, and said it of a number int() refuses only for its length."""
    digits_0_to_9(text)
    try:
        return convert(text)
    except ValueError:
        raise _not_a_number(text, f"needs {kind}, not {text!r}") from None


def _not_a_number(text: str, refusal: str) -> argparse.ArgumentTypeError:
    """``refusal`` of ``text``, which int() or float() refused; but a whole number that
    int() refuses only for its length is called far too large, not "not a number". (float()
    takes any such text.)"""
    return argparse.ArgumentTypeError(too_large(text) or refusal)


def too_large(text: str) -> str | None:
    """"far too large a number (5,000 digits)" for a whole number that int() refuses only
    for its length (past 4300 digits); None for other text. Not isdigit(): that takes '²'
    and a doubled sign ('+-5'), which are simply not numbers."""
    if not WHOLE_NUMBER_TEXT.fullmatch(text):
        return None
    return f"far too large a number ({sum(char.isdigit() for char in text):,} digits)"


#: What int() reads as a whole number: decimal digits (of any script), one sign,
#: underscores. Text that matches and is still refused is too long (past 4300 digits).
WHOLE_NUMBER_TEXT = re.compile(r"\s*[+-]?\d(?:_?\d)*\s*")


@reads_a_number
def at_least_one(text: str) -> int:
    """A count of games, rounds, runs or decisions: a whole number from 1. 0 is refused:
    it listed or measured nothing, then reported that as a result."""
    digits_0_to_9(text)
    try:
        value = int(text)
    except ValueError:
        raise _not_a_number(text, f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


#: The most characters one read of a line from standard input takes: a longer line comes in
#: pieces. An endless line (< /dev/zero) was read whole until memory ran out.
MAX_INPUT_LINE = 1 << 20


class BoundedLines:
    """A text stream whose ``readline`` takes at most ``MAX_INPUT_LINE`` characters."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def readline(self, size: int = -1) -> str:
        return self._stream.readline(MAX_INPUT_LINE if size < 0 else min(size, MAX_INPUT_LINE))

    def isatty(self) -> bool:
        return self._stream.isatty()


def bounded_stdin() -> TextIO:
    """Standard input for the line mode, read a bounded piece at a time."""
    return cast(TextIO, BoundedLines(sys.stdin))


def lenient_stdin(encoding: str | None = None) -> None:
    """Read bytes of standard input that do not decode as U+FFFD, never as a crash."""
    if isinstance(sys.stdin, io.TextIOWrapper):  # not when tests or embedders replaced it
        sys.stdin.reconfigure(encoding=encoding, errors="replace")


#: What a terminal that cannot show a character gets instead (a Latin-1 console has no ♠).
_PLAIN_FORMS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "…": "...", "→": "->", "←": "<-",
                "—": "-", "–": "-", "’": "'", "“": '"', "”": '"', "≥": ">=", "≤": "<=",
                "·": ".", "×": "x", "�": "?",
                # Letters that are not a plain letter plus an accent: written as one.
                "ø": "o", "Ø": "O", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE", "ß": "ss",
                "ł": "l", "Ł": "L", "đ": "d", "Đ": "D", "ð": "d", "Ð": "D", "þ": "th",
                "Þ": "Th", "ı": "i"}
OUTPUT_ERRORS = "gofish-plain-forms"
#: Python's stand-ins for the bytes of an argument that is not UTF-8 (0xff as U+DCFF).
_ESCAPED_BYTES = range(0xDC80, 0xDD00)


def plain_form(char: str) -> str:
    """``char`` in ASCII: a suit as its letter, an accented letter without its accent
    (ë as e), anything else as ``?``."""
    known = _PLAIN_FORMS.get(char)
    if known is not None:
        return known
    bare = "".join(part for part in unicodedata.normalize("NFKD", char)
                   if not unicodedata.combining(part))
    return bare if bare.isascii() and bare.isprintable() and bare else "?"


def _plain_forms(error: UnicodeError) -> tuple[str | bytes, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    unshown = error.object[error.start:error.end]
    escaped = [ord(char) in _ESCAPED_BYTES for char in unshown]
    bytes_first = len(list(itertools.takewhile(bool, escaped)))
    if bytes_first:  # a path as typed: its own bytes, as Python's surrogateescape writes them
        return (bytes(ord(char) - 0xDC00 for char in unshown[:bytes_first]),
                error.start + bytes_first)
    text_first = escaped.index(True) if True in escaped else len(unshown)
    return "".join(map(plain_form, unshown[:text_first])), error.start + text_first


codecs.register_error(OUTPUT_ERRORS, _plain_forms)

#: The error handlers Python gives standard output and error by itself: strict, on a
#: Latin-1 terminal; surrogateescape, on an ASCII locale (LC_ALL=C without UTF-8 coercion);
#: backslashreplace, on standard error (♠ shown as \u2660).
_DEFAULT_ERRORS = ("strict", "surrogateescape", "backslashreplace")


def discard_messages_if_stderr_closed() -> None:
    """Started with standard error closed (``2>&-``, where Python sets it to None), the
    commands' messages are dropped: ``print(file=None)`` wrote them to standard output,
    into the JSON or records a script reads there."""
    if sys.stderr is None:
        sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 - for the process


def readable_output() -> None:
    """Let standard output and error write what their encoding cannot show in plain forms
    (9♦ as 9D, Zoë as Zoe), rather than crash or write escapes, on a terminal that is not
    UTF-8."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper) and stream.errors in _DEFAULT_ERRORS:
            with contextlib.suppress(ValueError, OSError):  # a closed or odd stream
                stream.reconfigure(errors=OUTPUT_ERRORS)


def can_show(text: str, stream: TextIO | None) -> bool:
    """Whether ``stream``'s encoding writes ``text`` as it is (UTF-8 does; Latin-1 has no ♠)."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def plain_where_needed(text: str, stream: TextIO | None) -> str:
    """``text`` with what ``stream``'s encoding cannot write in plain forms (9♦ as 9D): for
    a stream of someone else's program (the environments' human mode prints to the caller's
    standard output), which readable_output is not to reconfigure."""
    if can_show(text, stream):
        return text
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        return text.encode(encoding, OUTPUT_ERRORS).decode(encoding, "replace")
    except LookupError:  # an encoding Python does not know: the stream's write will say so
        return text


def _version() -> str:
    from gofish import COMPILED, __version__

    core = "compiled with mypyc" if COMPILED else "pure Python"
    return f"{__version__} (rules core: {core})"


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _main(argv)
    except KeyboardInterrupt:  # while the command runs, or loads its modules
        with contextlib.suppress(OSError, ValueError):  # stderr closed: the status says it
            print("\ninterrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None) -> int:
    discard_messages_if_stderr_closed()
    readable_output()
    parser = build_parser()
    words = sys.argv[1:] if argv is None else list(argv)
    if len(words) > 1 and words[0] == "--" and not words[1].startswith("-"):
        # "gofish -- bots": it ends gofish's own options; argparse took it for the command
        # ("invalid choice: '--'"). Before a word such as --version it is still refused.
        words = words[1:]
    if (missing := _no_value(words, parser)) is not None:
        prog = _prog_named(words, parser)
        tell(brief(f"{prog}: {missing} (see {prog} --help)"))
        return 2
    try:
        try:
            args, unknown = parser.parse_known_args(words)
        finally:  # --help's text, written now: a full disk is an error, not lost at exit
            if sys.stdout is not None:  # None when started with it closed (`gofish ... >&-`)
                sys.stdout.flush()
    except BrokenPipeError:  # `gofish --help | head -1`: as for the commands' own output
        _flush_or_drop_stdout()
        return 0
    except OSError as error:  # `gofish play --help > /dev/full`, `gofish rooms --help >&-`
        _flush_or_drop_stdout()
        tell(f"{_prog_named(words, parser)}: {error.strerror or error}")
        return 1
    unknown = _gather_spread_positionals(args, unknown)
    if unknown:  # name the command, whose --help lists the options it does take
        command = getattr(args, "command", None)
        prog = f"gofish {command}" if command else "gofish"
        near = _near_option(unknown, _commands(parser)[command] if command else parser)
        typed = " ".join(word or "''" for word in unknown)  # an empty one shown, as ''
        tell(brief(f"{prog}: unrecognized arguments: {typed}{near} "
                   f"(see {prog} --help)"))
        return 2
    run = getattr(args, "run", None)
    if run is None:
        return _no_command(parser)
    if (misplaced := _option_among_bots(args, _commands(parser)[args.command])) is not None:
        tell(brief(f"{misplaced} (see gofish {args.command} --help)"))
        return 2
    if (misread := _file_after_json(words, args)) is not None:
        tell(brief(misread))
        return 2
    try:  # Ctrl-C (KeyboardInterrupt) is main's to report
        return int(run(args) or 0)
    except GoFishError as error:  # the command's name first, as its own messages do
        report(args.command, str(error))
        return 2
    except BrokenPipeError:
        return 0
    except OSError as error:  # e.g. output to a full disk: one line, never a traceback
        _flush_or_drop_stdout()
        where = f" ({error.filename})" if error.filename else ""
        tell(f"gofish {args.command}: {error.strerror or error}{where}")
        return 1
    except Exception as error:  # a storage failure no command caught: its one line, too
        if not _is_storage_error(error):
            raise
        report(args.command, str(error))
        return 1


def _gather_spread_positionals(args: argparse.Namespace, unknown: list[str]) -> list[str]:
    """What is still unknown once a command's list of names split by an option is whole
    again: argparse takes ``gofish tournament emma --games 9 random`` as the bot emma and
    an unknown argument random. A command names such a list in ``spread_positionals``."""
    options, names = _split_at_end_of_options(unknown)
    name = getattr(args, "spread_positionals", None)
    if name is None or any(item.startswith("-") and item != "-" for item in options):
        return options + names  # an unknown option is reported, not taken for a name
    getattr(args, name).extend(options + names)
    return []


def _split_at_end_of_options(unknown: list[str]) -> tuple[list[str], list[str]]:
    """What came before a ``--`` argparse left unused, and the names after it (the ``--``
    itself dropped). argparse leaves one with nothing after it, and one before names a
    list split by an option takes: a trailing ``--``, harmless everywhere else, was
    refused as an unrecognized argument."""
    if "--" not in unknown:
        return unknown, []
    end = unknown.index("--")
    return unknown[:end], unknown[end + 1:]


def _no_value(words: Sequence[str], parser: argparse.ArgumentParser) -> str | None:
    """Why an option in the command ``words`` has no value, if one has none in a way
    argparse would take wrongly or explain wrongly; else None."""
    dashes = _option_given_end_of_options(words)
    if dashes is not None and _named_action(dashes, words, parser) is not None:
        return f"argument {dashes}: '--' cannot be its value, as it ends the options"
    return _value_missing(words, parser)


def _option_given_end_of_options(words: Sequence[str]) -> str | None:
    """The option given ``--`` as its value (``--games=--``, ``-o--``), if one is: argparse
    drops such a ``--`` as the end of the options and hands the command ``[]`` for the
    value, which was a traceback ('<=' between int and list) or the default taken. Words
    after a ``--`` of their own are names, not options."""
    for word in words:
        if word == "--":
            return None
        if word.startswith("--") and word.partition("=")[2] == "--":
            return word.partition("=")[0]
        if len(word) > 2 and word[0] == "-" and word[1] != "-" and word[2:] in ("--", "=--"):
            return word[:2]  # a short option with its value attached: -o--, -o=--
    return None


def _value_missing(words: Sequence[str], parser: argparse.ArgumentParser) -> str | None:
    """Why the option that wants a value has none, where argparse's "expected one argument"
    and its hint for a value that starts with '-' (written joined, ``--name=-x``) would not
    fit what was typed: the option is the last word (``--name``), or a ``--`` follows it.
    None otherwise, for argparse to refuse as it does."""
    if "--" in words:
        end = list(words).index("--")
        option = words[end - 1] if end else ""
        if _value_option(option, words, parser) is None:  # a flag (--plain) before it, or a value
            return None
        after = words[end + 1] if end + 1 < len(words) else "--"
        if after == "--" or not (after.startswith("-") or _takes_no_names(words, parser)):
            # `--name --`, `--name -- --`, `export -o -- 1`: the hint to write it joined
            # named a value nobody typed, one refused ("--name=--"), or the command's own
            # name after it ("-o=1" took the game id for the file)
            return (f"argument {option}: expected one argument, and '--' cannot be its "
                    "value, as it ends the options")
        if not after.strip():  # `--name -- ''`: "--name=" is refused as well
            return (f"argument {option}: expected one argument; '--' ends the options, so "
                    "it cannot come before the value, and the value after it is empty")
        action = _named_action(option, words, parser)
        taken = None if action is None else _what_it_takes(option, action)
        if taken is not None and not NEGATIVE_NUMBER.match(after):
            return f"argument {option}: expected one argument{taken}"
        # `--name -- -x`, a name that starts with '-' written as other commands take one
        joined = shlex.quote(f"{option}={after}")
        return (f"argument {option}: expected one argument; '--' ends the options, so it "
                f"cannot come before the value: write it joined, as in {joined}")
    option = words[-1] if words else ""
    before = words[-2] if len(words) > 1 else ""
    if _value_option(option, words, parser) is None or _value_option(before, words, parser):
        return None  # a value of its own, or taken for the value (argparse says which)
    return f"argument {option}: expected one argument, and nothing follows it"


def _value_option(word: str, words: Sequence[str],
                  parser: argparse.ArgumentParser) -> argparse.Action | None:
    """The option ``word`` names in the command ``words`` name, if it wants exactly one
    value; else None."""
    action = _named_action(word, words, parser)
    return action if action is not None and action.nargs is None else None


def _named_action(word: str, words: Sequence[str],
                  parser: argparse.ArgumentParser) -> argparse.Action | None:
    """The option ``word`` names (in full, or a long one shortened as argparse takes it:
    ``--nam``) in the command ``words`` name; None for no option of its (``--bogus=--`` is
    then argparse's to call unrecognized, not a value to explain)."""
    actions = _command_parser(words, parser)._option_string_actions
    action = actions.get(word)
    if action is None and word.startswith("--") and len(word) > 2:
        named = {actions[flag] for flag in actions if flag.startswith(word)}
        action = named.pop() if len(named) == 1 else None
    return action


def _takes_no_names(words: Sequence[str], parser: argparse.ArgumentParser) -> bool:
    """Whether the command ``words`` name takes no names of its own (a game id, bots), so a
    word after its ``--`` can only have been meant for an option (``play``)."""
    return all(action.option_strings for action in _command_parser(words, parser)._actions)


def _command_parser(words: Sequence[str],
                    parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """The parser of the command ``words`` name; gofish's own if they name none."""
    return _commands(parser).get(_prog_named(words, parser).removeprefix("gofish ")) or parser


def _no_command(parser: argparse.ArgumentParser) -> int:
    """``gofish`` alone: the help, with the status of a usage error. If the help cannot
    be written (a full disk was a traceback), one line on standard error says what to type."""
    try:
        parser.print_help()
        if sys.stdout is not None:
            sys.stdout.flush()
    except OSError as error:
        _flush_or_drop_stdout()
        if not isinstance(error, BrokenPipeError):  # `gofish | head -1`: read as far as wanted
            tell(f"gofish: name a command, one of {', '.join(_commands(parser))} (the help "
                 f"could not be written: {error.strerror or error})")
    return 2


def _prog_named(words: Sequence[str], parser: argparse.ArgumentParser) -> str:
    """``gofish COMMAND`` for the command ``words`` name, as its messages begin; ``gofish``
    if they name none."""
    command = next((word for word in words if not word.startswith("-")), None)
    return f"gofish {command}" if command in _commands(parser) else "gofish"


def _commands(parser: argparse.ArgumentParser) -> Mapping[str, argparse.ArgumentParser]:
    """The commands ``parser`` takes (play, show, ...), each with its own parser."""
    for action in parser._actions:  # argparse keeps its subcommands only there
        if isinstance(action, argparse._SubParsersAction):
            return cast("dict[str, argparse.ArgumentParser]", action.choices)
    return {}


def _is_storage_error(error: Exception) -> bool:
    """Whether ``error`` is a StorageError, whose message is written for the player
    (imported only now: the storage package is not loaded by every command)."""
    from gofish.storage.errors import StorageError

    return isinstance(error, StorageError)


def _flush_or_drop_stdout() -> None:
    """Flush standard output; if it is what failed, drop the rest so exit does not fail again."""
    from gofish.leaving import drop_output

    try:
        sys.stdout.flush()
    except (OSError, ValueError, AttributeError):
        # AttributeError, ValueError: no real file behind sys.stdout (closed at start: None;
        # tests, embedding).
        drop_output(sys.stdout)


if __name__ == "__main__":
    sys.exit(main())
