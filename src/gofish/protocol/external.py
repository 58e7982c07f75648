"""The engine's side of the external-bot protocol (docs/bots-protocol.md).

One child process per bot seat, spoken to in JSON lines over its standard
input and output. Every read and write has a deadline, so a bot that hangs,
floods or stops reading cannot hang the tournament; a failed bot is killed and
reaped at once (no zombies) and started afresh for its next game.

Only ``hello`` and ``turn`` get an answer, one line each. Each of them carries an
``id``, one higher than the last, which the bot may copy into its answer: a line that
carries an earlier request's id (a second answer) is passed over wherever it comes, so
it is never read as the answer to a later turn. Any other line the bot writes unasked is
refused before the next request goes out; one without an id that only arrives after the
next request has gone out cannot be told from its answer (docs/bots-protocol.md).
"""

from __future__ import annotations

import contextlib
import json
import multiprocessing
import os
import re
import secrets
import select
import selectors
import shlex
import shutil
import signal
import subprocess
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, NoReturn, SupportsIndex

from gofish.bots.common import check_number
from gofish.core import (
    RANKS,
    SUITS,
    Ask,
    Card,
    GoFishError,
    MalformedInputError,
    View,
    check_whole,
    make_rules,
)
from gofish.core.errors import cut
from gofish.core.record import RepeatedField, each_field_once
from gofish.core.rules import check_players
from gofish.knowledge import check_turn
from gofish.procstat import FLAGS, PARENT, START_TIME, STATE, stat_fields
from gofish.protocol.stderr_tail import END_WAIT, StderrTail

PROTOCOL = "gofish-bot"
PROTOCOL_VERSION = 1
DEFAULT_TIMEOUT = 5.0
STARTUP_TIMEOUT = 10.0  # starting a program (an interpreter, a JVM) takes longer than a move
MAX_LINE = 1 << 20  # a longer answer is nonsense, not a move
#: Lists and objects within each other in an answer (a move has one). Deeper, quoting a part
#: of it (json.dumps) could pass Python's recursion limit where reading it did not.
MAX_NESTING = 100
_TOO_DEEP = "it is nested too deeply"
STDERR_END = 8192  # what is kept of a bot's stderr, for its crash's line
_SHOWN = 120  # how much of a bad answer to quote in a message
_AROUND = 40  # ... and of a long one on each side of where it went wrong, if past that
_NAME_SHOWN = 40  # the hello's name is the bot's own text: keep it short in messages
MAX_FAILED_STARTS = 3  # then a bot is given up for the rest of the run (see ExternalBot.start)
_STDOUT_ONLY = "stdout carries protocol lines only; write logs and banners to stderr"
_QUIT = '{"type": "quit"}'
#: The longest an external bot may be given per message: more is surely a typo, and some
#: 1e9 s or more overflowed the operating system's wait (an OverflowError at the first ask).
MAX_TIMEOUT = 3600.0
GOODBYE_WAIT = 1.0  # how long a program told to quit may take to leave before it is killed
_EXIT_POLL = 0.05  # how often a wait for an answer looks whether the program has ended
# Set in a bot's environment, with a value of its own: every process that inherited it is
# one the bot started, found even when it left the bot's session (see _kill_marked).
RUN_MARK = "GOFISH_BOT_RUN"


class BotFailure(GoFishError):
    """The external bot crashed, was late, or answered something that is not a legal move."""


def split_command(command: str) -> list[str]:
    """The program and its arguments; refuses an empty command or a program not found."""
    try:
        argv = shlex.split(command)
    except ValueError as error:
        raise BotFailure(f"cannot read the bot command {command!r}: {error}") from None
    if not argv:
        raise BotFailure("the bot command is empty: write cmd:PROGRAM [ARGS…]")
    if re.fullmatch(r"[A-Za-z_]\w*=.*", argv[0]) and not os.path.exists(argv[0]):
        raise BotFailure(f"cannot run bot command {command!r}: no shell is run, so "
                         f"{argv[0]!r} is not read as a setting: write cmd:env {command}")
    problem = _program_problem(argv)
    if problem:
        raise BotFailure(f"cannot run bot command {command!r}: {argv[0]!r} {problem}")
    for word in argv[1:]:  # cmd:python ~/bot.py: the script is not found, game after game
        full = _as_a_shell_expands(word)
        if full is not None and not os.path.exists(word) and os.path.exists(full):
            raise BotFailure(f"cannot run bot command {command!r}: {word!r} is not "
                             f"there as written{_unexpanded(full)}")
    return argv


def _command_text(command: object) -> str:
    """The command as text: given as a list of its words (as subprocess takes it), joined
    so that splitting gives them back."""
    if isinstance(command, str):
        return command
    if isinstance(command, Sequence) and command and all(isinstance(w, str) for w in command):
        return shlex.join(command)
    raise MalformedInputError("a bot command is text ('python mybot.py') or a list of its "
                              f"words (['python', 'mybot.py']), not {command!r}")


def _program_problem(argv: list[str]) -> str | None:
    """Why the program ``argv`` starts cannot be started, or None (checked before any game
    is played)."""
    program = argv[0]
    if (found := shutil.which(program)) is not None:
        return _interpreter_problem(found)
    if os.path.isdir(program):
        return "is a folder, not a program"
    if not os.path.isfile(program):
        return ("was not found" + _unexpanded(_as_a_shell_expands(program))
                + _named_otherwise(argv))
    if not os.access(program, os.X_OK):
        return f"is not executable (chmod +x it, or name its interpreter: cmd:python {program})"
    return f"is not on the PATH (write ./{program})"


#: Programs that some systems install under another name only: Debian and Ubuntu have no
#: ``python`` outside a virtual environment, only ``python3`` (and older ones ``nodejs``).
_OTHER_NAMES = {"python": "python3", "node": "nodejs"}


def _named_otherwise(argv: list[str]) -> str:
    """What to add when the program ``argv`` starts is missing but this system has it under
    another name: "cmd:python mybot.py" from a shell where no virtual environment is active."""
    other = _OTHER_NAMES.get(argv[0])
    if other is None or shutil.which(other) is None:
        return ""
    return f" (this system calls it {other}: write cmd:{shlex.join([other, *argv[1:]])})"


def _as_a_shell_expands(word: str) -> str | None:
    """``word`` with its ~ and $VARIABLES expanded as a shell would, or None when a shell
    would leave it as it is: "cmd:~/bot" (quoted, as a command with arguments must be)
    reaches us with its ~ or $HOME as written."""
    expanded = os.path.expandvars(os.path.expanduser(word))
    return None if expanded == word else expanded


def _unexpanded(expanded: str | None) -> str:
    """What to add when a word would have been ``expanded`` by a shell (nothing if None)."""
    if expanded is None:
        return ""
    return (": no shell is run, so ~ and $VARIABLES are left as written (write the full "
            f"path, such as {expanded})")


def _interpreter_problem(script: str) -> str | None:
    """Why a script's ``#!`` line cannot start it, or None: the system says only "No such
    file or directory", of a file that is plainly there."""
    if os.name != "posix":
        return None  # no #! lines
    try:
        with open(script, "rb") as stream:
            first = stream.readline(512)
    except OSError:
        return None  # not readable: starting it says why
    if not first.startswith(b"#!"):
        return _unstartable_without_a_start_line(script, first)
    if first.endswith(b"\r\n"):  # the system reads the \r as part of the interpreter's name
        return ("has Windows line ends (\\r\\n), and its #! line cannot: save it with Unix "
                "line ends (\\n)")
    words = first[2:].decode(errors="replace").split()
    if not words:
        return "has an empty #! line"
    interpreter = words[0]
    if os.path.basename(interpreter) == "env" and len(words) > 1 and words[1][0] != "-":
        if shutil.which(words[1]) is None:  # #!/usr/bin/env python3: looked up on the PATH
            return f"names an interpreter that was not found on its #! line: {words[1]}"
        return None
    if os.path.isfile(interpreter) and os.access(interpreter, os.X_OK):
        return None
    missing = f"names an interpreter that was not found on its #! line: {interpreter}"
    on_the_path = shutil.which(interpreter)
    if os.sep in interpreter or on_the_path is None:
        return missing
    # "#!python3": the system takes it as a file in the current folder, not on the PATH
    return (f"{missing} (the system does not look a #! line's program up on the PATH: write "
            f"#!{on_the_path} or #!/usr/bin/env {interpreter})")


#: Where Linux lists the other kinds of program it runs (binfmt_misc): a file with no #!
#: line may be one of them.
BINFMT_FOLDER = "/proc/sys/fs/binfmt_misc"


def _unstartable_without_a_start_line(script: str, first: bytes) -> str | None:
    """Why a file with no #! line cannot be started, or None if it may be: the system
    starts no text file without one (a shell runs it with itself, so it seems to work
    from a terminal) and no empty file, and said only "Exec format error", game after game."""
    if not first:
        return "is empty"
    if b"\0" in first or _binfmt_may_run(script, first):
        return None  # a compiled program, or one of a kind registered with binfmt_misc
    try:
        first.decode()
    except UnicodeDecodeError:
        return None  # not text: a program of some kind the system may know
    return ("has no #! line, so the system cannot start it: add one as its first line (such "
            f"as #!/usr/bin/env python3), or name its interpreter before it (cmd:python3 "
            f"{script})")


def _binfmt_may_run(script: str, first: bytes) -> bool:
    """Whether an enabled binfmt_misc entry (Linux) may run ``script``: one registered for
    its extension, or for bytes its first line holds (under the entry's mask, if any)."""
    try:
        names = os.listdir(BINFMT_FOLDER)
    except OSError:
        return False
    if _binfmt_switched_off():
        return False
    extension = os.path.splitext(script)[1]
    for name in set(names) - {"register", "status"}:
        try:
            with open(os.path.join(BINFMT_FOLDER, name), encoding="utf-8") as entry:
                fields = dict(line.partition(" ")[::2] for line in entry.read().splitlines())
        except (OSError, UnicodeDecodeError):
            continue
        if "enabled" in fields and _binfmt_matches(fields, extension, first):
            return True
    return False


def _binfmt_switched_off() -> bool:
    """Whether binfmt_misc as a whole is off (echo 0 > status), whatever each entry says."""
    try:
        with open(os.path.join(BINFMT_FOLDER, "status"), encoding="utf-8") as status:
            return status.read().strip() == "disabled"
    except (OSError, UnicodeDecodeError):
        return False  # unread: its entries are taken as they say


def _binfmt_matches(fields: dict[str, str], extension: str, first: bytes) -> bool:
    if "extension" in fields:
        return bool(extension) and fields["extension"] == extension
    try:
        offset, magic = int(fields.get("offset", "0")), bytes.fromhex(fields.get("magic", ""))
        mask = bytes.fromhex(fields.get("mask", "ff" * len(magic)))
    except ValueError:
        return True  # an entry we cannot read: it may be the one
    if len(mask) != len(magic):
        return True
    # As the kernel compares: each byte under the mask (qemu's entries, on many machines,
    # mask an ELF header: a text file is not one of theirs).
    found = first[offset:offset + len(magic)]
    return (bool(magic) and len(found) == len(magic)
            and bytes(a & b for a, b in zip(found, mask, strict=True)) == magic)


def check_timeout(name: str, value: object,
                  error: type[Exception] = MalformedInputError) -> float:
    """A time limit as a float; refused unless a number of seconds above 0 and at most
    MAX_TIMEOUT (nan, inf, 0, -1: every wait would fail at once, or never end, with a
    message blaming the bot; 1e12 overflowed the operating system's wait at the first ask).
    The bots' own check of their numbers, so numpy's (``np.int64(5)``) will do too."""
    return check_number(name, value, more_than=0, at_most=MAX_TIMEOUT,
                        described=f"a number of seconds above 0 and at most {MAX_TIMEOUT:g}",
                        error=error)


class ExternalBot:
    """A bot that is another program. Call :meth:`close` when done (or use ``with``)."""

    def __init__(
        self, command: str | Sequence[str], timeout: float = DEFAULT_TIMEOUT,
        startup_timeout: float = STARTUP_TIMEOUT,
    ) -> None:
        timeout = check_timeout("timeout", timeout)
        startup_timeout = check_timeout("startup_timeout", startup_timeout)
        command = _command_text(command)
        self.command = command
        self.argv = split_command(command)
        self.timeout = timeout
        self.startup_timeout = max(timeout, startup_timeout)
        self.name = command
        self.bot_name: str | None = None  # the name it gave in its hello
        self._process: subprocess.Popen[bytes] | None = None
        self._stderr: StderrTail | None = None
        self._mark = ""  # this start's RUN_MARK value
        # Inside Popen, when it was called (clock ticks since boot, as /proc counts them):
        # the program may run, with no process yet. None outside it.
        self._starting: int | None = None
        self._buffer = b""
        self._answer_line = b""  # the last message read, as the bot sent it
        self._eof = False
        self._last_id = 0  # the "id" of the last request that expects an answer
        self._between_games = False  # told game_over, no move of the next game yet
        self._has_moved = False  # this start of the program has made a move
        # A failure found where no answer was owed (new_game, game_over), told at its next
        # turn: whether a write finds the program gone is the machine's timing, the turn not.
        self._held: str | None = None
        self._players: int | None = None  # at the table of the last new_game
        # Starts that failed in a row, and the last one's reason: a bot that never answers
        # its hello would otherwise cost the whole start-up wait in every game it is in.
        self._failed_starts = 0
        self._start_failure = ""

    # ----------------------------------------------------------- lifecycle

    def __enter__(self) -> ExternalBot:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def start(self) -> None:
        """Start the program and shake hands, unless it is already running. After
        MAX_FAILED_STARTS failed starts in a row it is not started again: each later game
        fails at once, naming the last start's failure."""
        if self._process is not None:
            return
        if self._failed_starts >= MAX_FAILED_STARTS:
            raise BotFailure(f"{self.describe()} is not started again after failing to start "
                             f"{self._failed_starts} times in a row (the last time: "
                             f"{self._start_failure})")
        try:
            self._launch()
        except BotFailure as failure:
            self._failed_starts += 1
            self._start_failure = str(failure)
            raise
        self._failed_starts = 0

    def _launch(self) -> None:
        self._stderr = StderrTail(STDERR_END)
        me = os.getpid()
        self._mark = _mark_prefix(me, start_time(me)) + secrets.token_hex(8)
        # The program runs before Popen returns it: a stop signal's handler (kill) may come
        # in between, and finds it by its mark alone.
        self._starting = ticks_since_boot()
        try:
            # A session of its own, so that killing the bot also kills what it started
            # (the real bot behind a wrapper script), and a terminal's Ctrl-C is left to us.
            self._process = subprocess.Popen(
                self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=self._stderr.write_fd,
                start_new_session=True, env={**os.environ, RUN_MARK: self._mark},
            )
        except OSError as error:
            self._abandon_stderr()
            raise BotFailure(f"cannot start bot {self.command!r}: {error.strerror}") from None
        except BaseException:  # cut short (Ctrl-C): Popen lets go of a program it started
            _kill_starting(self._mark, self._starting)
            self._abandon_stderr()
            raise
        finally:
            self._starting = None
        self._stderr.started()
        assert self._process.stdin is not None and self._process.stdout is not None
        os.set_blocking(self._process.stdin.fileno(), False)
        # Non-blocking, so that _drain can look for lines nobody asked for without waiting.
        os.set_blocking(self._process.stdout.fileno(), False)
        self._buffer = b""
        self._eof = False
        self._last_id = 0  # each program's hello is request 1: no line of another can come
        self._between_games = False
        self._has_moved = False
        self.bot_name = None
        self._handshake()

    def _abandon_stderr(self) -> None:
        """Close the stderr pipe of a program that never started, unless a stop's kill()
        (a signal's handler, in the middle of the start) closed it already."""
        if self._stderr is not None:
            self._stderr.abandon()
            self._stderr = None

    def _handshake(self) -> None:
        hello = self._numbered("hello", protocol=PROTOCOL, version=PROTOCOL_VERSION)
        self._send(hello, answer="its hello")
        answer = self._receive("its hello", self.startup_timeout)
        name = answer.get("name")
        self.bot_name = name if isinstance(name, str) and name.strip() else None
        if answer.get("type") != "hello":
            self._fail(f"answered the hello with {self._as_sent()} instead of a hello")
        if "version" not in answer:
            self._fail(f"answered the hello with {self._as_sent()}, which does not say its "
                       f'protocol version (add "version": {PROTOCOL_VERSION})')
        version = answer["version"]
        # said as written: '1' or null, not Python's None; true is no 1 in JSON either
        if isinstance(version, bool) or version != PROTOCOL_VERSION:
            self._fail(f"speaks protocol version {_json_text(version)}; this engine speaks "
                       f"{PROTOCOL_VERSION}{_version_as_text(version)}")
        self._check_quiet()

    def close(self) -> None:
        """Say goodbye, then make sure the process is gone and reaped: killed if it has not
        left within GOODBYE_WAIT seconds, or if the wait is cut short (a signal stopping this
        process). It stays ours until then, so that kill() (from a signal handler) still
        reaches it."""
        self.say_goodbye()
        self.finish(time.monotonic() + GOODBYE_WAIT)

    def say_goodbye(self) -> None:
        """The first half of close(): send quit and close the program's input. Several bots
        told first, then finished, leave together instead of a second's wait each."""
        process = self._process
        if process is None:
            return
        with contextlib.suppress(OSError, ValueError):  # gone, or told already (stdin closed)
            self._write(process, _QUIT.encode() + b"\n", time.monotonic() + 0.2)
        with contextlib.suppress(OSError, ValueError):
            assert process.stdin is not None
            process.stdin.close()

    def finish(self, deadline: float) -> None:
        """The second half of close(): wait until ``deadline`` (time.monotonic()) for the
        program to leave, then end it and whatever it started, and reap it."""
        process = self._process
        if process is not None:
            try:
                _wait_for_exit(process, max(0.0, deadline - time.monotonic()))
            finally:
                _end(process, self._mark)  # its leftovers too: a helper must not outlive it
                self._process = None
                if process.stdout is not None:
                    process.stdout.close()
        if self._stderr is not None:
            self._stderr.close()
            self._stderr = None

    def kill(self) -> None:
        """Stop the program at once (after a failure) and reap it."""
        process = self._process
        if process is not None:
            _end(process, self._mark)
        elif self._starting is not None:  # a signal's handler while it starts: not yet ours
            _kill_starting(self._mark, self._starting)
        self.close()

    # ----------------------------------------------------------- the game

    def new_game(self, seat: SupportsIndex, players: SupportsIndex, rules: object) -> None:
        """Tell the bot its seat and the rules (a ``Rules``, or their record form). The seat
        and the count may be numpy's whole numbers (as a study's arrays hold them): they are
        checked and sent as ints; a fraction (``1.0``) is refused. The bot's failure here
        (it does not start, or has gone) is raised by its first :meth:`choose`, so that a
        game is forfeited at the same turn however soon a dead program is noticed."""
        players = check_players(players)
        seat = check_whole("seat", seat, 0, players - 1)
        given = make_rules(rules)  # an unknown preset or option is the caller's mistake
        given.for_players(players)  # and so is a deal these rules cannot make at this table
        rules = given.to_json(players)  # the wire carries the record form, as the views do
        self._players = players
        if self._held is not None:
            return  # not started afresh: the failure is told at its next turn first
        try:
            self.start()
            self._request("new_game", seat=seat, players=players, rules=rules)
        except BotFailure as failure:
            self._held = str(failure)

    def _raise_held(self) -> None:
        """Raise the failure held since new_game or game_over, once."""
        if self._held is not None:
            held, self._held = self._held, None
            raise BotFailure(held)

    def choose(self, view: View, legal: Sequence[Ask], rng: object = None) -> Ask:
        check_turn(view, legal, every=True)  # a caller's mistake, not the bot's: no forfeit for it
        self._raise_held()
        self.start()
        legal_dicts = [action.to_dict() for action in legal]
        self._request("turn", answer="its move", view=view.to_dict(), legal=legal_dicts)
        answer = self._receive("its move")
        action = self._read_move(answer, legal)
        self._between_games = False
        self._has_moved = True
        self._check_quiet()  # a second answer sent at once fails this game, not the next
        return action

    def _read_move(self, answer: dict[str, Any], legal: Sequence[Ask]) -> Ask:
        action: Ask | None = None
        problem = (_type_problem(answer) or _field_problem(answer) or _target_problem(answer)
                   or _rank_problem(answer) or _suit_problem(answer))
        if problem is None:
            try:
                action = Ask.from_dict(_move_fields(answer))
            except GoFishError as error:
                problem = str(error)
        sent = self._as_sent()
        if action is None:
            self._fail(f"answered {sent}, which is not a move: {problem}")
        if action not in legal:
            self._fail(f"answered {sent}, which is not a legal move now"
                       f"{_why_illegal(action, legal)}")
        return action

    def game_over(self, winners: Iterable[SupportsIndex], books: Iterable[SupportsIndex]
                  ) -> None:
        """Tell the bot how the game ended (no answer expected; a failure to is raised by
        its next :meth:`choose`, as one in :meth:`new_game` is). The seats and counts may
        be numpy's, an array too (``np.flatnonzero(books == books.max())``). After
        :meth:`new_game`, they must fit its table: a seat past it, or a count for each of
        another number of seats, is the caller's mistake, not sent to a bot to trip over."""
        seats = self._players
        sent_winners = _numbers("winners", winners, None if seats is None else seats - 1)
        sent_books = _numbers("books", books)
        if not sent_winners:
            raise MalformedInputError("winners must name at least one seat: every game has "
                                      "a winner, several on a tie")
        if seats is not None and len(sent_books) != seats:
            raise MalformedInputError(f"books must hold one count per seat, {seats} at this "
                                      f"table (new_game), not {len(sent_books)}")
        if self._process is not None:
            # Not checked for stray lines here: a failure now could not forfeit the game
            # that just ended, so the check waits for the next new_game.
            self._between_games = True
            try:
                self._send({"type": "game_over", "winners": sent_winners,
                            "books": sent_books})
            except BotFailure as failure:  # gone already: told at its next turn, as when
                self._held = str(failure)  # it leaves after game_over, not started afresh

    # ----------------------------------------------------------- the wire

    def describe(self) -> str:
        """The bot as messages name it: its hello's name (if any) and its command."""
        if self.bot_name is None:
            return f"bot {self.command!r}"
        name = self.bot_name
        shown = name if len(name) <= _NAME_SHOWN else name[:_NAME_SHOWN] + "…"
        return f"bot {shown!r} ({self.command})"

    def _fail(self, what: str) -> NoReturn:
        message = f"{self.describe()} {what}"
        self.kill()
        raise BotFailure(message)

    def _fail_exited(self, what: str, *, still_running: str | None = None) -> NoReturn:
        """The process is gone; between games that is the bot's mistake, said as such.
        ``still_running`` is said instead when the process turns out not to be gone."""
        code, story = self._exit_story()
        if code is None and still_running is not None:
            self._fail(still_running + self._unfinished())
        # Exit code 0 is a loop that ended, not a crash: say what the loop must wait for.
        must = f": a bot must keep running until it is sent {_QUIT}" if code == 0 else ""
        if not (self._between_games and self._has_moved):
            # Never moved since it started: it may have gone right after its hello, and
            # only been found after a game it had no turn in.
            self._fail(f"{what} ({story}){self._unfinished() or must}")
        if code != 0:
            # A crash before its first move of a game: in game_over, at new_game or on its
            # first turn, which only its quoted error tells apart. Seen at new_game or at the
            # turn, as the machine's timing had it, it was told in two wordings.
            self._fail(f"exited before its first move of this game ({story})"
                       f"{self._unfinished()}")
        self._fail(f"exited after the previous game, before this game's first move "
                   f"({story}){must}")

    def _request(self, kind: str, *, answer: str | None = None, **fields: Any) -> None:
        """Send a message of type ``kind``, once nothing stale is waiting; numbered (its
        "id") if it expects an answer, ``answer`` naming it ("its move")."""
        self._check_quiet()
        message = self._numbered(kind, **fields) if answer else {"type": kind, **fields}
        self._send(message, answer=answer)

    def _numbered(self, kind: str, **fields: Any) -> dict[str, Any]:
        """A request that expects an answer, with the next "id" (the bot may echo it)."""
        self._last_id += 1
        return {"type": kind, "id": self._last_id, **fields}

    def _check_quiet(self) -> None:
        """Fail if the bot wrote anything nobody asked for (read without waiting), every
        request sent having been answered. A line that echoes one of their ids is passed
        over: it is a second or late answer, which can never be taken for another."""
        self._drain()
        while self._buffer:
            line, newline, rest = self._buffer.partition(b"\n")
            if not newline and len(line) <= MAX_LINE:
                # Still being written (a late second answer in two writes, or a read cut a
                # flood of them short): judged once whole, by the next read.
                return
            message = _read_quietly(line)
            if not (newline and _answers_one_of(message, self._last_id)):
                # A line sent after game_over can only fail the next game: say where it was.
                when = (", after the last game's game_over" if self._between_games else "")
                # No JSON object: a debug print or a log line, as a banner is before the hello.
                stray = "" if isinstance(message, dict) else f"; {_STDOUT_ONLY}"
                self._fail(f"sent a line when no answer was expected{when}: "
                           f"{_quote(line.strip())} (only hello and turn get an answer, one "
                           f"line each{stray})")
            self._buffer = rest

    def _drain(self) -> None:
        """Move what the bot has already written into the buffer; never blocks."""
        process = self._process
        assert process is not None and process.stdout is not None
        while not self._eof and len(self._buffer) <= MAX_LINE:
            try:
                chunk = os.read(process.stdout.fileno(), 65536)
            except BlockingIOError:
                return
            self._eof = not chunk
            self._buffer += chunk

    def _send(self, message: dict[str, Any], answer: str | None = None) -> None:
        """Write ``message``; ``answer`` names the answer it asks for, if any."""
        process = self._process
        assert process is not None
        data = (json.dumps(message, separators=(",", ":")) + "\n").encode()
        try:
            self._write(process, data, time.monotonic() + self.timeout)
        except TimeoutError:
            self._fail(f"did not read its input within {self.timeout:g} s")
        except (BrokenPipeError, ConnectionResetError, ValueError, OSError):
            # A program that has ended before a request reached it is told as if it ended
            # before answering: which of the two came first is only the machine's timing.
            # After new_game, which asks for nothing, what it owes next is its move. Still
            # running, it closed its input: said as when that is found after the request.
            owed = answer or "its move"
            self._fail_exited(f"exited before sending {owed}",
                              still_running=f"did not send {owed} ({_INPUT_CLOSED})")

    @staticmethod
    def _write(process: subprocess.Popen[bytes], data: bytes, deadline: float) -> None:
        stdin = process.stdin
        assert stdin is not None
        view = memoryview(data)
        with selectors.DefaultSelector() as selector:
            selector.register(stdin.fileno(), selectors.EVENT_WRITE)
            while view:
                left = deadline - time.monotonic()
                if left <= 0 or not selector.select(left):
                    raise TimeoutError
                try:
                    written = os.write(stdin.fileno(), view)
                except BlockingIOError:
                    continue
                view = view[written:]

    def _receive(self, what: str, timeout: float | None = None) -> dict[str, Any]:
        """The answer to the request just sent (id ``_last_id``). Lines that echo an
        earlier request's id are passed over, within the same time limit; an answer with any
        other id than its request's fails."""
        limit = self.timeout if timeout is None else timeout
        deadline = time.monotonic() + limit
        passed_over = 0
        while True:
            message = self._read_message(what, limit, deadline, passed_over)
            if not _answers_one_of(message, self._last_id - 1):
                break
            passed_over += 1
        if "id" in message and not _is_id(message["id"], self._last_id):
            self._fail(f"answered {self._as_sent()} for {what} with \"id\" "
                       f"{_json_text(message['id'])}: the request's id is {self._last_id} "
                       "(an answer may leave its id out, or echo the request's)")
        return message

    def _read_message(self, what: str, limit: float, deadline: float,
                      passed_over: int) -> dict[str, Any]:
        """The next line the bot sends, read as a JSON object, or a failure saying why not."""
        line = self._read_line(what, limit, deadline, passed_over)
        try:
            text = _line_text(line)
        except UnicodeDecodeError as error:
            where = _where_in(line.decode(errors="replace"), len(line[:error.start].decode()))
            self._fail(f"answered a line that is not valid UTF-8 for {what} (byte "
                       f"{line[error.start]:#04x} at position {error.start}{where}): "
                       f"{_quote(line)}")
        try:
            message = json.loads(text, object_pairs_hook=each_field_once)
        except RepeatedField as repeated:
            self._fail(f"answered {_quote(line)}, which names {repeated.field!r} twice for "
                       f"{what}: JSON readers differ on which of the two counts, so an "
                       "answer gives each field once")
        except json.JSONDecodeError as error:
            self._fail(f"answered {_quote(line)} {_not_json(text, error, what)}")
        except (ValueError, RecursionError) as error:  # valid JSON, but past Python's limits
            why = (_TOO_DEEP if isinstance(error, RecursionError)
                   else "a number in it has too many digits")
            self._fail(f"answered {_quote(line)}, which cannot be read for {what}: {why}")
        if _nested_deeper(message, MAX_NESTING):
            self._fail(f"answered {_quote(line)}, which cannot be read for {what}: {_TOO_DEEP}")
        if not isinstance(message, dict):
            self._fail(f"answered {_quote(line)}{_not_an_object(message, what)}")
        self._answer_line = line  # quoted as sent, not as Python would write it again
        return message

    def _read_line(self, what: str, timeout: float, deadline: float,
                   passed_over: int = 0) -> bytes:
        """The next line, by ``deadline``; ``timeout`` is the time limit that set it and
        ``passed_over`` the lines already read and passed over for this answer, as the
        failure tells them."""
        process = self._process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        with selectors.DefaultSelector() as selector:
            selector.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._buffer:
                if len(self._buffer) > MAX_LINE:
                    self._fail(f"sent more than {MAX_LINE} bytes without a newline for {what}")
                if self._eof:
                    self._fail_exited(f"exited before sending {what}", still_running=(
                        f"closed its standard output before sending {what}, and is still "
                        "running"))
                left = deadline - time.monotonic()
                if left <= 0:
                    misdirected = self._misdirected_note()
                    why = _input_closed_note(process) or misdirected or self._unflushed_note()
                    said = "" if misdirected else self._last_said()
                    self._fail(f"did not send {what} within {timeout:g} s{said}{why}"
                               f"{self._unfinished()}{_passed_over(passed_over)}")
                if not selector.select(min(left, _EXIT_POLL)):
                    self._check_alive(what)
                    continue
                with contextlib.suppress(BlockingIOError):  # woken, yet nothing to read
                    chunk = os.read(fd, 65536)
                    self._eof = not chunk
                    self._buffer += chunk
        line, _, self._buffer = self._buffer.partition(b"\n")
        return line.strip()

    def _misdirected_note(self) -> str:
        """What a late bot's failure adds when the last line of its stderr is the answer it
        owes (eprintln!, console.error, print(..., file=sys.stderr)): the engine reads no
        answer there, and "nothing came on its standard output" had its author look for an
        unflushed buffer."""
        if self._stderr is None:
            return ""
        lines = self._stderr.text().splitlines()
        last = next((line.strip() for line in reversed(lines) if line.strip()), b"")
        answer = _read_quietly(last)
        if not (isinstance(answer, dict) and self._is_the_answer_owed(answer)):
            return ""
        return (f" (it wrote {_quote(last)} to its standard error: answers go to its "
                "standard output)")

    def _is_the_answer_owed(self, answer: dict[str, Any]) -> bool:
        """Whether ``answer`` reads as the answer to the request just sent: the hello's
        (request 1) or a move, with its id or none."""
        if "id" in answer and not _is_id(answer["id"], self._last_id):
            return False
        if self._last_id == 1:
            return answer.get("type") == "hello"
        return "target" in answer and "rank" in answer

    def _unflushed_note(self) -> str:
        """What a failure to send the hello adds when not a byte came on stdout: most often
        the hello was written but is held in the program's output buffer, which a pipe does
        not flush at each newline (Python's print, C's printf)."""
        if self._last_id != 1 or self._buffer or self._eof:
            return ""
        return (" (nothing came on its standard output: if it wrote its hello, it is held in "
                "its output buffer; flush after every line, such as print(..., flush=True), "
                "or start Python bots with python -u)")

    def _as_sent(self) -> str:
        """The last message read, quoted as the bot wrote it (spacing, field order, 1.0e0),
        not as Python would write it again: the bot's author looks for their own line."""
        return _quote(self._answer_line.rstrip(b"\r\n"))

    def _unfinished(self) -> str:
        """What to add to a failure when the bot wrote part of a line: most often a whole
        answer, written without the newline that ends every message."""
        if not self._buffer.strip():
            return ""
        return (f": it wrote {_quote(self._buffer.strip())} but no newline after it (every "
                "message ends with \\n)")

    def _check_alive(self, what: str) -> None:
        """Fail at once if the program has ended without answering. Its output need not
        close when it does (a child it forked may hold the pipe open), and the wait for
        the answer would otherwise run out blaming a slow bot that is no longer there."""
        assert self._process is not None
        if _has_exited(self._process):
            self._drain()  # what it wrote just before it went
            if b"\n" not in self._buffer:
                self._fail_exited(f"exited before sending {what}")

    def _exit_story(self) -> tuple[int | None, str]:
        """The exit code (None if still running) and how the process ended, with the
        last line it wrote to stderr."""
        process = self._process
        if process is None:
            return None, "not running"
        if not _wait_for_exit(process, 1.0):
            return None, "still running"
        code = _end(process, self._mark)
        story = f"exit code {code}" if code >= 0 else f"killed by {signal_name(-code)}"
        last = self._stderr_tail()
        return code, f"{story}; it said: {last}" if last else story

    def _stderr_tail(self, wait: float = END_WAIT) -> str:
        """The line of the bot's last stderr output that says why it ended (once it has
        ended), or, with no ``wait``, why it is stuck (while it runs on)."""
        if self._stderr is None:
            return ""
        end = self._stderr.text(wait=wait).decode(errors="replace")
        return cut(_printable(_why_line(end)), 200)

    def _last_said(self) -> str:
        """What a late bot's failure adds when it wrote to stderr: the line that says why it
        is stuck, most often (jq not installed for examples/jqbot.sh, an exception in
        another thread), which "did not send" alone left to be guessed."""
        last = self._stderr_tail(wait=0.0)
        return f" (its last line on standard error: {last})" if last else ""


# What a runtime writes after the line that says why a program failed: stack frames (Node,
# Java and C# "at …", Go's and Java's tab-indented lines, Rust's numbered frames) and
# footers; after a stack, also Node's block of the error's properties ("  code: …", "}").
_FRAME = re.compile(r"\s+at\s|\t|\s+\d+: |stack backtrace:$")
_FOOTER = re.compile(
    r"\s*$|Node\.js v\d|\(Use `node --trace|note: run with `RUST_BACKTRACE"
    r"|note: Some details are omitted|exit status \d+$")
_PROPERTIES = re.compile(r"\s+\w+: |}$")
_GO_TRACE = re.compile(r"goroutine \d+ \[")  # Go's goroutine dumps follow its "panic: …"


def _why_line(stderr: str) -> str:
    """The line of a program's last stderr output that says why it failed: the last one,
    passing over the stack trace and footer a runtime writes after it. Node's last line is
    "Node.js v20.1.0", Java's a stack frame, Rust's a note on backtraces."""
    lines = stderr.splitlines()
    for index, line in enumerate(lines):
        if _GO_TRACE.match(line):
            lines = lines[:index]
            break
    frames = [index for index, line in enumerate(lines) if _FRAME.match(line)]
    if frames and all(_FOOTER.match(line) or _PROPERTIES.match(line)
                      for line in lines[frames[-1] + 1:]):
        lines = lines[:frames[-1]]  # the why is above the stack
    for line in reversed(lines):
        if not (_FRAME.match(line) or _FOOTER.match(line)):
            return line.strip()
    return next((line.strip() for line in reversed(stderr.splitlines()) if line.strip()), "")


_COLOUR = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")  # a terminal's colour and cursor codes


def _printable(text: str) -> str:
    """The bot's own text, safe to print on the user's terminal: its colours dropped, and
    any other control character written out (a stray escape could clear the screen)."""
    return "".join(char if char.isprintable() else repr(char)[1:-1]
                   for char in _COLOUR.sub("", text))


def signal_name(number: int) -> str:
    """``SIGSEGV`` for 11: a crash reads better by name than as exit code -11."""
    try:
        return signal.Signals(number).name
    except ValueError:
        return f"signal {number}"


def _has_exited(process: subprocess.Popen[bytes]) -> bool:
    """Whether the bot's program has ended, without reaping it: until it is reaped its id
    cannot be reused, so its group (what it started) can still be killed safely."""
    if process.returncode is not None:
        return True
    waitid = getattr(os, "waitid", None)
    if waitid is None:  # not POSIX: no process groups to look after either
        return process.poll() is not None
    try:
        return waitid(os.P_PID, process.pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None
    except ChildProcessError:  # reaped by someone else
        return True


def _wait_for_exit(process: subprocess.Popen[bytes], timeout: float) -> bool:
    """Whether the program ends within ``timeout`` seconds (left unreaped)."""
    deadline = time.monotonic() + timeout
    while not _has_exited(process):
        left = deadline - time.monotonic()
        if left <= 0:
            return False
        time.sleep(min(_EXIT_POLL, left))
    return True


def _end(process: subprocess.Popen[bytes], mark: str) -> int:
    """Kill the program's group, then reap the program; its exit code. Whatever it started
    goes too, even when the program itself had already ended (or was told to quit)."""
    if process.returncode is not None:  # reaped by an earlier call, which killed the rest
        return process.returncode
    _kill_group(process)
    code = process.wait()
    _kill_marked(mark)
    return code


def _kill_marked(mark: str) -> None:
    """Kill every process whose environment still holds this start's RUN_MARK: what the
    bot started and the group kill misses, as it left the group (setsid, Node's
    ``detached: true``, Python's ``start_new_session``; a daemon). Linux only (/proc)."""
    if mark:
        _kill_environ_matching(lambda value: value == mark)


def _kill_starting(mark: str, since: int) -> None:
    """Kill the program of a start cut short (a stop signal, Ctrl-C) that began at tick
    ``since``, which Popen may not have returned yet, and what it started: found by its
    mark once its exec is done."""
    _wait_for_execs(time.monotonic() + EXEC_WAIT, since)
    _kill_marked(mark)


def ticks_since_boot() -> int:
    """Now, in the clock ticks since the machine started that /proc gives a process's start
    in (:func:`start_time`); 0 where there is no such clock. Whole nanoseconds, rounded
    down as the kernel rounds a start: a float's rounding could put a child forked just
    after this a tick before it, and its exec would go unwaited for."""
    if not hasattr(time, "CLOCK_BOOTTIME"):
        return 0
    nanoseconds = time.clock_gettime_ns(time.CLOCK_BOOTTIME)
    return nanoseconds * os.sysconf("SC_CLK_TCK") // 1_000_000_000


#: The longest a stop waits for a program being started to finish its exec (normally a
#: millisecond or two), so that its mark can be read.
EXEC_WAIT = 2.0


def _wait_for_execs(deadline: float, since: int) -> None:
    """Wait until no child of this process forked since tick ``since`` is between its fork
    and the end of its exec, or until ``deadline`` (time.monotonic()). Till then /proc
    shows a child the environment of this process, then none at all, even a moment after
    Popen has returned it: not its mark. A stop in that moment (a worker's SIGTERM) found
    nothing to kill, and the program ran on, an orphan. (A child forked never to exec costs
    the whole wait: one forked before the start (``os.fork()`` of one's own) cannot be the
    program, nor can one started by multiprocessing, such as a pool's worker beside a
    tournament run from Python; each cost a stop in the middle of a start 2 s.)"""
    if not os.path.isdir("/proc"):
        return
    own = _image_of("self")
    workers = {str(process.pid) for process in multiprocessing.active_children()}
    while any(_image_of(child) in (_MID_EXEC, own) for child in _live_children(since)
              if child not in workers):
        if time.monotonic() >= deadline:
            return
        time.sleep(_EXEC_POLL)


_EXEC_POLL = 0.005


def _live_children(since: int) -> list[str]:
    """The ids of this process's children started since tick ``since`` that have not ended
    (zombies have no environment to show, and are never exec'd)."""
    me = str(os.getpid())
    return [name for name in _process_ids()
            if (fields := _live_stat(name)) is not None and fields[PARENT] == me
            and int(fields[START_TIME]) >= since]


def _process_ids() -> list[str]:
    """The ids of the processes /proc shows now (its folders named by a number)."""
    return [name for name in os.listdir("/proc") if name.isdigit()]


#: What /proc shows of a process in the middle of its exec: no environment, no arguments.
_MID_EXEC = (b"", b"")


def _image_of(pid: str) -> tuple[bytes, bytes] | None:
    """Process ``pid``'s environment and command line as /proc shows them; None once it is
    gone or not ours. A fork shows its parent's until its exec, and _MID_EXEC during it: a
    program started since with the same environment (another tournament's command), or
    with none (``env -i``), has its own command line, and is not waited for as a fork."""
    # The environment first: it alone is closed to a process not ours, and a process gone
    # by then needs no command line read.
    environ = _environ_of(pid)
    if environ is None:
        return None
    try:
        with open(f"/proc/{pid}/cmdline", "rb") as cmdline:
            return environ, cmdline.read()
    except OSError:
        return None


def _environ_of(pid: str) -> bytes | None:
    """Process ``pid``'s environment as /proc shows it; None once it is gone or not ours."""
    try:
        with open(f"/proc/{pid}/environ", "rb") as environ:
            return environ.read()
    except OSError:
        return None


def kill_bots_started_by(pid: int, started: int | None = None) -> None:
    """Kill every bot program (and what it started) that process ``pid`` started: the
    cleanup that process would have done, had it not been killed outright (a tournament
    worker under ``kill -9``: bots that ignore the end of their input would live on).
    A program it was starting as it died shows its mark only once its exec is done; given
    when ``pid`` started (:func:`start_time`, taken while it ran), that is waited for, as a
    stop in the middle of a start waits (the program ran on otherwise), and a later
    process's programs under the same id are left alone."""
    if started is not None:
        _wait_for_orphaned_execs(started, time.monotonic() + EXEC_WAIT)
    prefix = _mark_prefix(pid, started)
    _kill_environ_matching(lambda value: value.startswith(prefix))


def _mark_prefix(pid: int, started: int | None) -> str:
    """How the RUN_MARK values of the programs process ``pid`` starts begin: with when it
    started too, as ids are reused: once a killed worker is reaped, another tournament's
    new worker may be given its id, and its programs were killed as the dead one's."""
    return f"{pid}-" if started is None else f"{pid}-{started}-"


def start_time(pid: int) -> int | None:
    """When process ``pid`` started, in clock ticks since the machine did (a zombie's too,
    until it is reaped); None if it is gone (or not on Linux)."""
    fields = stat_fields(pid)
    return None if fields is None else int(fields[START_TIME])


def _wait_for_orphaned_execs(started: int, deadline: float) -> None:
    """Wait until no fork made since ``started`` of a fork of this process (a worker) whose
    parent has gone is between its fork and the end of its exec, or until ``deadline``.
    Such a fork shows /proc this process's environment and command line, and its parent
    no longer does: the forks that never exec (this process's own workers, another
    tournament's) have a parent that does, and those started earlier (a test runner's other
    workers) are left out."""
    if not os.path.isdir("/proc"):
        return
    own = _image_of("self")
    while any(_image_of(parent) != own for parent in _parents_of_forks(own, started)):
        if time.monotonic() >= deadline:
            return
        time.sleep(_EXEC_POLL)


def _parents_of_forks(own: tuple[bytes, bytes] | None, started: int) -> list[str]:
    """The parents of the processes started since ``started`` that show /proc the
    environment and command line ``own`` (forks that have not exec'd) or none (in the
    middle of their exec: the search for marks would pass over them), this process and its
    own children left out."""
    me = str(os.getpid())
    parents = []
    for name in _process_ids():
        fields = _live_stat(name)
        if (fields is not None and int(fields[START_TIME]) >= started
                and me not in (name, fields[PARENT]) and _image_of(name) in (_MID_EXEC, own)):
            parents.append(fields[PARENT])
    return parents


_KERNEL_THREAD = 0x00200000  # PF_KTHREAD, among the flags


def _live_stat(pid: str) -> list[str] | None:
    """Process ``pid``'s /proc/PID/stat from its state on; None once it is gone, and for a
    zombie or a kernel thread."""
    fields = stat_fields(pid)
    if fields is None or fields[STATE] == "Z" or int(fields[FLAGS]) & _KERNEL_THREAD:
        return None
    return fields


def _kill_environ_matching(matches: Callable[[str], bool]) -> None:
    """Kill every process whose RUN_MARK value ``matches``. Looked for again while one is
    found, lest one fork while the others are killed."""
    if not os.path.isdir("/proc"):
        return
    key = f"{RUN_MARK}=".encode()
    for _ in range(5):
        found = False
        for name in _process_ids():
            if _marked(name, key, matches):
                found = True
                with contextlib.suppress(OSError):
                    os.kill(int(name), signal.SIGKILL)
        if not found:
            return


def _marked(pid: str, key: bytes, matches: Callable[[str], bool]) -> bool:
    environ = _environ_of(pid)
    if environ is None:  # gone, or not ours to read
        return False
    entries = environ.split(b"\0")
    return any(entry.startswith(key) and matches(entry[len(key):].decode(errors="replace"))
               for entry in entries)


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the bot's program and every process it started (it leads its own group).
    Only while it is not reaped (as _end calls it): after that its id may belong to another
    process."""
    killpg = getattr(os, "killpg", None)  # POSIX only
    with contextlib.suppress(OSError):
        if killpg is None:
            process.kill()
        else:
            killpg(process.pid, signal.SIGKILL)


def _line_text(line: bytes) -> str:
    """A line the bot wrote, as text (UnicodeDecodeError if it is not UTF-8). A byte-order
    mark is what .NET's UTF-8 console writes before its first line: it is no part of it."""
    return line.decode("utf-8").removeprefix("\ufeff")


def _version_as_text(version: object) -> str:
    """What a hello adds whose version is this engine's written as text ("1"): side by side,
    '"1"' and '1' read as the same version to anyone but a JSON reader."""
    if isinstance(version, str) and version.strip() == str(PROTOCOL_VERSION):
        return f' (write the number {PROTOCOL_VERSION}, without quotes)'
    return ""


def _not_json(text: str, error: json.JSONDecodeError, what: str) -> str:
    """Why a line is not read. One that opens an object is the bot's answer written wrong
    (a Python dict printed as it is, a JavaScript literal, a comma too many), so json's own
    reason is the help; anything else is most often a log line on stdout."""
    if text.lstrip().startswith("{"):
        return (f"for {what}, which is not valid JSON: {error.msg} at column {error.colno}"
                f"{_where_in(text, error.pos)}")
    return f"instead of a JSON object for {what} ({_STDOUT_ONLY})"


#: Each answer, and what it looks like, for a bot that sent it in another shape.
_ANSWER_SHAPES = {"its hello": 'a hello is one JSON object, such as '
                               '{"type": "hello", "name": "mybot", "version": 1}',
                  "its move": 'a move is one JSON object, such as {"target": 0, "rank": "Q"}'}


def _not_an_object(value: object, what: str) -> str:
    """Why a line of JSON that is no object is refused. A quoted text or a list holding
    an object is the answer in the wrong shape (``json.dumps(rank)``, ``json.dumps(legal)``),
    which the hint to move logs to stderr sent looking for a debug print that was not
    there; a number or a list of plain values most often is such a print."""
    if isinstance(value, str) or (isinstance(value, list)
                                  and any(isinstance(item, dict) for item in value)):
        kind = "a text" if isinstance(value, str) else "a list"
        shape = _ANSWER_SHAPES.get(what, "an answer is one JSON object")
        return f" for {what}, which is JSON but {kind}, not an object: {shape}"
    return f" instead of a JSON object for {what} ({_STDOUT_ONLY})"


def _where_in(text: str, position: int) -> str:
    """Where in a line too long to quote whole it went wrong, when the quote of its start
    does not show that: the text there, and just before. Without it "at column 176" of
    an answer quoted in its first 120 characters pointed at nothing the reader saw."""
    if len(text) <= _SHOWN or position + _AROUND // 2 <= _SHOWN:
        return ""
    start = max(position - _AROUND, 0)
    before = repr(("…" if start else "") + text[start:position])
    after = text[position:]
    if not after.strip():
        return f", where it ends after {before}"
    return f", where it reads {cut(after, _AROUND)!r} after {before}"


def _read_quietly(line: bytes) -> object:
    """A line read as JSON, as an answer is read, or None if it cannot be."""
    try:
        return json.loads(_line_text(line))
    except (ValueError, RecursionError):  # not UTF-8 or not JSON, or past Python's limits
        return None


def _is_id(value: object, request: int) -> bool:
    """Whether ``value``, read from an answer, is the id ``request`` (a JSON number; true
    is no 1 in JSON)."""
    return type(value) is int and value == request


def _answers_one_of(message: object, newest: int) -> bool:
    """Whether ``message`` echoes the id of a request sent, up to id ``newest``."""
    if not isinstance(message, dict):
        return False
    echoed = message.get("id")
    return type(echoed) is int and 1 <= echoed <= newest


def _input_closed_note(process: subprocess.Popen[bytes]) -> str:
    """What a late bot's failure adds when it closed its standard input: it waits on, deaf,
    and "did not send" alone had its author look for a slow move. A pipe whose reader is
    gone polls as an error on the writer's end (not where a child of the bot still holds it)."""
    stdin = process.stdin
    if stdin is None or stdin.closed:
        return ""
    poller = select.poll()
    poller.register(stdin.fileno(), select.POLLOUT)
    if not any(event & select.POLLERR for _, event in poller.poll(0)):
        return ""
    return f" ({_INPUT_CLOSED})"


#: Why a bot that is still running will send nothing more, wherever that is found.
_INPUT_CLOSED = "it closed its standard input, so it reads no more requests, and is still running"


def _passed_over(count: int) -> str:
    """What a late bot's failure adds when it had sent only answers to earlier requests."""
    if count == 0:
        return ""
    if count == 1:
        return " (it sent only a line that echoes an earlier request's id, which was passed over)"
    return f" (it sent only {count} lines that echo earlier requests' ids, which were passed over)"


#: The fields of a bot's move (docs/bots-protocol.md): any other loses the game, "player"
#: too, which a record's action has (the asker) but a move does not, as its seat is known.
MOVE_FIELDS = ("type", "id", "target", "rank", "suit")


def _field_problem(answer: dict[str, Any]) -> str | None:
    """A field no move has ("siut"), said with the fields a move has: Ask.from_dict's
    words list a record's action's, with "player" and without "type" and "id"."""
    unknown = next((name for name in answer if name not in MOVE_FIELDS), None)
    if unknown is None:
        return None
    return (f"unknown field {cut(repr(unknown), _SHOWN)}: a move has "
            f"{', '.join(MOVE_FIELDS[:-1])} and {MOVE_FIELDS[-1]}")


def _move_fields(answer: dict[str, Any]) -> dict[str, Any]:
    """An answer without what every message may carry ("type", "id"): the move itself,
    whose fields ``Ask.from_dict`` checks."""
    return {key: value for key, value in answer.items() if key not in ("type", "id")}


def _type_problem(answer: dict[str, Any]) -> str | None:
    """A move may leave "type" out, but one that names another message (a hello sent
    again, a quit) is not read as a move because it happens to carry a target and rank."""
    if "type" not in answer or answer["type"] == "action":
        return None
    return f"a move's \"type\" is \"action\" (or left out), not {_json_text(answer['type'])}"


def _numbers(name: str, values: object, most: int | None = None) -> list[int]:
    """A list of whole numbers from 0 (to ``most``, if given) for the wire (seats, book
    counts), or the caller told why. Any iterable but text and a mapping: a numpy array is
    no Sequence, and was refused."""
    if isinstance(values, str | bytes | Mapping) or not isinstance(values, Iterable):
        raise MalformedInputError(f"{name} must be a list of whole numbers, not {values!r}")
    return [check_whole(name, value, 0, most) for value in values]


def _target_problem(answer: dict[str, Any]) -> str | None:
    """A seat sent as text ("0") gets its own message: "no player '0'" reads as nonsense.
    So do true, null, 1.5 and NaN, said as the bot wrote them ("no player True" spoke
    Python to a bot in JavaScript)."""
    if "target" not in answer:
        return None  # reading the move says what is missing
    target = answer["target"]
    if isinstance(target, str):
        seat = f" ({target.strip()})" if target.strip().isdigit() else ""
        return f"'target' must be a seat number{seat}, not the text {cut(repr(target), _SHOWN)}"
    if isinstance(target, bool) or not isinstance(target, int):
        return f"'target' must be a seat number, not {_json_text(target)}"
    return None


#: The ranks and suits an answer may name, as docs/bots-protocol.md lists them: each rank's
#: symbol, T for ten and each suit's letter, in either case. The core reads more, for people
#: typing ("1", "ace", "sixes", "♥", spaces around): from a program, "1" is as likely a bot
#: counting ranks from 0 and meaning the twos, which the number 1 is refused to catch.
#: Both cases are listed rather than compared after str.upper(), which turns the long s "ſ"
#: into "S" (spades).
_WIRE_RANKS = frozenset(text for symbol in [*(rank.symbol for rank in RANKS), "T"]
                        for text in (symbol, symbol.lower()))
_WIRE_SUITS = frozenset(text for suit in SUITS for text in (suit.letter, suit.letter.lower()))
_RANK_TEXTS = "A, 2 … 10, J, Q, K"


def _rank_problem(answer: dict[str, Any]) -> str | None:
    """A rank sent as a number is refused rather than read: aces as 1 would be right, but a
    bot counting from 0 would be misread by one rank (asking for queens meaning kings). So is
    text that is not one of _WIRE_RANKS. Anything else is said as the bot wrote it (null,
    not Python's None)."""
    if "rank" not in answer:
        return None  # reading the move says what is missing
    rank = answer["rank"]
    if isinstance(rank, str):
        return None if rank in _WIRE_RANKS else _unknown_text("rank", rank)
    if isinstance(rank, int | float) and not isinstance(rank, bool):
        return (f"'rank' must be the rank's text ({_RANK_TEXTS}), not the number "
                f"{_json_text(rank)}")
    return f"'rank' must be the rank's text ({_RANK_TEXTS}), not {_json_text(rank)}"


def _suit_problem(answer: dict[str, Any]) -> str | None:
    """A suit that is not one of _WIRE_SUITS nor null (which means none), said as the bot
    wrote it."""
    suit = answer.get("suit")
    if suit is None:
        return None
    if isinstance(suit, str):
        return None if suit in _WIRE_SUITS else _unknown_text("suit", suit)
    return f"'suit' must be a suit's letter (C, D, H or S) or null, not {_json_text(suit)}"


def _unknown_text(field: str, text: str) -> str:
    """Why a rank's or a suit's text is refused, with the texts an answer may use."""
    refused = f"unknown {field} {cut(repr(text), _SHOWN)}"
    bare = text.strip()
    if bare != text and bare in (_WIRE_SUITS if field == "suit" else _WIRE_RANKS):
        # " 4" is the right text padded: told it is a number, its writer would look in vain.
        refused += " (no spaces around it)"
    elif field == "rank" and bare.isdigit():  # "1": an ace to some, the twos counted from 0
        refused += ' (a rank is written as its text, not its number: aces are "A")'
    if field == "suit":
        return f"{refused}: use one of C D H S (either case)"
    return f"{refused}: use one of A 2 3 4 5 6 7 8 9 10 J Q K (T for 10; either case)"


def _why_illegal(action: Ask, legal: Sequence[Ask]) -> str:
    """The likeliest reason a well-formed move is not among ``legal`` (or nothing)."""
    if not legal:
        return ""
    asks_cards = legal[0].suit is not None
    if asks_cards and action.suit is None:
        return (': under the ask-for-a-card rule (ask: card) a move needs a "suit" '
                "(S, H, D or C)")
    if not asks_cards and action.suit is not None:
        return ': this game asks for ranks only, so leave out "suit"'
    targets = sorted({a.target for a in legal})
    if action.target not in targets:
        seats = ", ".join(map(str, targets))
        return f": seat {action.target} cannot be asked now (seats you may ask: {seats})"
    ranks = sorted({a.rank for a in legal if a.target == action.target})
    if action.rank not in ranks:
        shown = " ".join(map(str, ranks))
        return f": you may not ask for {action.rank} now (ranks you may ask for: {shown})"
    if action.suit is not None:  # a card of a rank it holds: most likely one it holds too
        cards = " ".join(str(Card(a.rank, a.suit)) for a in legal
                         if a.target == action.target and a.rank == action.rank
                         and a.suit is not None)
        return (f": you may not ask for the {Card(action.rank, action.suit)}, a card "
                f"you hold (cards of that rank you may ask for: {cards})")
    return ""


def _nested_deeper(value: object, limit: int) -> bool:
    """Whether lists and objects nest more than ``limit`` deep in a value read from JSON;
    looked at without recursion, as the value may be nested nearly as deep as Python's
    recursion limit."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            if depth > limit:
                return True
            stack.extend((child, depth + 1) for child in item)
    return False


def _quote(value: object) -> str:
    text = value.decode(errors="replace") if isinstance(value, bytes) else json.dumps(value)
    return repr(cut(text, _SHOWN))


def _json_text(value: object) -> str:
    """A value of the bot's answer as JSON writes it, cut to a readable length."""
    return cut(json.dumps(value), _SHOWN)

