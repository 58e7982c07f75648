"""The plain line mode: the same game as sentences on standard output, moves on standard input.

Made for screen readers, pipes and scripts. Every event is one sentence; when it
is your turn a line lists what you may ask for, then one line of input is read:

    9            ask for 9s (the only opponent, or the one you asked last)
    9 2          ask player 2 for 9s         ask 2 for 9 / ask emma for 9 / 9 seat 2
                                             emma, do you have any 9s?
    10h          under "ask: card", ask for the 10 of hearts
    hand, table, coach, help, quit

End of input saves the game as unfinished (``gofish resume`` picks it up), and so does
output that goes away (``| head -2``), said in one line on standard error.
Every ask is saved from a worker thread, so a locked database never holds up play.
"""

from __future__ import annotations

import contextlib
import difflib
import re
import sys
from collections.abc import Callable, Iterable, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import NoReturn, TextIO

from gofish.core import Card, Event, MalformedInputError, Rank, Suit, View
from gofish.core.errors import other_digit
from gofish.knowledge import laid_note, on_table
from gofish.leaving import (
    CONTINUE_SIGNALS,
    OUTPUT_CLOSED,
    Signalled,
    drop_output,
    handling,
    leaving_on_signals,
)
from gofish.narrate import (
    books_words,
    hand_words,
    laid_word,
    listed,
    plural,
    pond_line,
    pond_word,
    printable,
    seat_line,
    shown,
)
from gofish.rules_help import rules_paragraphs
from gofish.session import BackgroundSaver, IllegalChoice, TableSession

#: The asks the help lists, by the ask option: a game of rank asks refuses a card ask, and
#: under ask: card a rank alone is refused ("Name the suit too"). {seat} and {name} are an
#: opponent at this table: "ask 2" in a two-player game named a player who is not there.
RANK_ASKS = (
    ("9 / ask for 9", "ask for 9s, or any rank: A 2-10 (0 for 10) J Q K, or in words: nines, "
     "ten, queen (whom: the only opponent, or the last one you asked)"),
    ("9 {seat} / ask {seat} for 9", "ask player {seat} (or: ask {name} for 9) for 9s"),
    ("{name}, do you have any 9s?", "the same, as the game is played aloud"),
)
CARD_ASKS = (
    ("10h / ask for 10h", "ask for one card: rank then suit letter, or in words: ten of "
     "hearts (whom: the only opponent, or the last one you asked)"),
    ("10h {seat} / ask {seat} for 10h", "ask player {seat} (or: ask {name} for 10h) for the 10♥"),
    ("{name}, do you have the 10h?", "the same, as the game is played aloud"),
)
COMMANDS = (
    ("hand", "show your hand"),
    ("table", "show your hand, how many cards each player holds, books and the pond"),
    ("coach", "what the table has revealed, per rank"),
    ("help", "this list and the rules"),
    ("quit", "stop; {kept}"),
    ("new", "once a game is over, deal a new one with the same settings"),
)

# "ask 2 for 9", "ask emma for 9", "ask emma 2 for 9", "ask for 9" and "ask 9"; "9", "9 2"
# and "9 emma 2" are read apart.
_ASK_PATTERN = re.compile(
    r"^ask\s+(?:(?:(?P<target>\S.*?)\s+)?for\s+)?(?P<wanted>\S+)$", re.IGNORECASE)


# "queen of spades", "the 10 of hearts", "ten hearts": a card as it is said aloud.
_CARD_IN_WORDS = re.compile(
    r"(?P<before>^|\s)(?:the\s+)?(?P<rank>\S+)\s+(?:of\s+)?"
    r"(?P<suit>spades?|hearts?|diamonds?|clubs?)(?=\s|$)", re.IGNORECASE)
# "ask 2 for the Qs", "ask emma for a queen": the article is no part of what is asked for.
_ARTICLE_AFTER_FOR = re.compile(r"(?P<for>\sfor)\s+(?:the|a|an|any)(?=\s)", re.IGNORECASE)
# "player 2": a seat as the table names it ("Emma 2 (player 2, 5 cards, 0 books)"); "seat 2",
# "p2" and "#2" as people shorten it.
_PLAYER_LABEL = re.compile(r"(?:player|seat|p|#)\s*(?P<seat>\S+)", re.IGNORECASE)
# "q two": a seat number in words, as it is said aloud and as dictation types it.
_SEAT_WORDS = {word: seat for seat, word in enumerate(
    ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"))}
# "qs 2 please", "qs to emma 2", "from 2": words said around a move that are no part of it.
_POLITE_WORDS = re.compile(r"(?:^|\s)(?:please|thanks|thank\s+you)(?=\s|$)", re.IGNORECASE)
_TO_WHOM = re.compile(r"(?<=\S)\s+(?:to|from)(?=\s+\S)", re.IGNORECASE)
# "Emma, do you have any queens?", "got any 9s", "any 9s": the game's question, said aloud;
# whom it names first is asked after what ("queens Emma").
_QUESTION = re.compile(r"^(?:(?P<whom>.*?)[\s,]+)??(?:do\s+you\s+have|have\s+you\s+got|"
                       r"you\s+got|got)\s+(?P<wanted>\S.*)$", re.IGNORECASE)
_ANY_ADDRESSED = re.compile(r"^(?P<whom>[^,]+),\s*(?P<wanted>any\s+\S.*)$", re.IGNORECASE)
# "any 9s", "the Qs" first; "a" only in the question ("do you have a queen"): alone it is the ace.
_ARTICLE_FIRST = re.compile(r"^(?:any|the|an)\s+(?=\S)", re.IGNORECASE)
# An article alone is no card: "the" was read as T (the 10), h and a stray 'e'. Not "a",
# which is the ace.
_ARTICLES = frozenset({"the", "an", "any"})
_ARTICLE_ASKED = re.compile(r"^(?:any|the|an|a)\s+(?=\S)", re.IGNORECASE)

# "9s", "10s": a rank as the log says it (and "kings"). Ranks in words ("nines", "ten"), as
# a screen reader reads the log out and as dictation types them, are Rank.parse's.
_RANK_BY_WORD = {rank.plural.lower(): rank for rank in Rank}

# "q" is the queen here (as "k" is the king): said when it was taken for quit.
QUEEN_NOT_QUIT = " To stop, type quit: q asks for queens."
#: What a file written by Notepad or PowerShell as UTF-8 starts with, read as text.
BYTE_ORDER_MARK = "\ufeff"
#: Longer lines are refused unread: a move, even said aloud with long names, is far
#: shorter, and reading a megabyte of input (< /dev/zero) as a move took seven seconds.
LONGEST_LINE_READ = 10_000

#: Characters that take no room, pasted in with text from a web page or a chat (a zero-width
#: space, a word joiner, a byte order mark): no part of a move, and never seen in the echo.
#: Not the zero-width joiners, which are part of how some scripts and emoji are written.
INVISIBLE = str.maketrans(dict.fromkeys(("\u200b", "\u2060", BYTE_ORDER_MARK)))
#: What the game-over question takes to stop, and to deal again (README, "Playing").
QUIT_AFTER_THE_END = ("quit", "exit", "no", "q")
NEW_AFTER_THE_END = ("new", "n", "yes", "y", "again")
QUIET_SAVE_WAIT = 0.5  # seconds a save may take at the end before the table says it waits
SEAT_DIGITS = 9  # a seat number longer than this is no seat (and int() has a limit)


@dataclass
class Move:
    """One parsed line: what to ask for and whom (None: not said)."""

    rank: Rank
    suit: Suit | None
    target: int | None


class PlainTable:
    """Runs games at one table over text streams until the input ends or the person quits."""

    def __init__(self, session: TableSession, stdin: TextIO, stdout: TextIO,
                 messages: TextIO | None = None, *, command: str = "play",
                 resume_plain: bool = True) -> None:
        self.stdin = stdin
        self.stdout = stdout
        self.messages = messages  # standard error (the default) once stdout is gone
        self.command = command  # the command, as a failed write names it (play, resume)
        self.resume_plain = resume_plain  # does the command that picks it up need --plain?
        # Moves typed at a terminal, and read there: "> " in a transcript (`gofish play >
        # game.txt`) stood before the next event ("> Game 1 saved unfinished").
        self.interactive = stdin.isatty() and stdout.isatty()
        self.prompting = self.prompt_again = False  # writing "> " (see show_prompt)
        self.take_seat(session)

    def take_seat(self, session: TableSession) -> None:
        """Play ``session``'s game, saved in the background (see :class:`BackgroundSaver`)."""
        session.autosave = False
        self.session = session
        self.last_target = session.last_asked()  # a resumed game's: a bare rank asks them
        self.saver = BackgroundSaver(session)
        self.told_failure = False  # the player knows saving fails
        self.told_kept = False  # ... and was told the moves are kept (the game was rescued)

    def say(self, line: str = "") -> None:
        # shown(): a name from a hand-edited database (a resumed game) may hold an escape
        # sequence or a newline, which the terminal would act on instead of showing.
        self.stdout.write(shown(line) + "\n")
        self.stdout.flush()

    def read(self) -> str | None:
        """One line of input; None at the end of input."""
        if not self.interactive:
            line = self.stdin.readline()
        else:
            # Stopped by Ctrl-Z while it waits, then `fg`: the shell's lines now stand
            # under the "> ", and the table looked to be doing nothing.
            with handling(CONTINUE_SIGNALS, lambda *_: self.show_prompt()):
                self.show_prompt()
                line = self.stdin.readline()
        if line == "" and self.interactive:
            self.say()  # Ctrl-D is not echoed: what follows goes on a line of its own
        # A script saved by Notepad or PowerShell starts with an invisible mark (U+FEFF):
        # its first move was refused as "'\ufeff7' is not a rank".
        return None if line == "" else line.translate(INVISIBLE).strip()

    def show_prompt(self) -> None:
        # fg (SIGCONT) while a prompt is being written: written from the handler, the
        # prompt re-entered the stream's buffer (a RuntimeError); it follows this one.
        if self.prompting:
            self.prompt_again = True
            return
        self.prompting = self.prompt_again = True
        try:
            while self.prompt_again:
                self.prompt_again = False
                with contextlib.suppress(OSError, ValueError):  # the next say's to report
                    self.stdout.write("> ")
                    self.stdout.flush()
        finally:
            self.prompting = False

    # -- the loop ---------------------------------------------------------------
    def run(self) -> int:
        """Play until the person stops; the exit status. Ctrl-C, SIGTERM and SIGHUP keep
        the game, as the end of input does, with status 128 + the signal; so does output
        that goes away, with :data:`OUTPUT_CLOSED`."""
        try:
            with leaving_on_signals():
                return self.play_until_interrupted()
        except Signalled as stop:  # it came as an error ended the table: a hung-up terminal's
            self.interrupted()  # SIGHUP, whose read failed first (EIO)
            return stop.status
        except BrokenPipeError:
            return self.output_closed()
        except OSError as error:
            return self.stopped_by(error)

    def play_until_interrupted(self) -> int:
        try:
            return self.play()
        except KeyboardInterrupt as stop:
            self.interrupted()
            return stop.status if isinstance(stop, Signalled) else 130

    def interrupted(self) -> None:
        """Save the game as it stands and say so, if the output still takes it (after
        SIGHUP the terminal is gone: the save must not hang on the goodbye)."""
        with contextlib.suppress(OSError):
            self.say("")
            if not self.session.is_over:
                self.goodbye()
        self.saver.finish()
        self.saver.wait()

    def output_closed(self) -> int:
        """Standard output went away (its reader, such as ``head -2``, stopped): save the
        game as it stands, as the end of input does, and say so in one line on standard
        error. It must not end the program with the last ask unsaved, nor with a traceback
        or Python's "Exception ignored" at exit."""
        news = self.stop_here()
        if news:
            self.tell_stopped(f"gofish: the output was closed, so the game stops here. {news}")
        return OUTPUT_CLOSED

    def stopped_by(self, error: OSError) -> int:
        """Writing or reading failed otherwise (a full disk, a file grown past its limit, a
        terminal's I/O error): keep the game as it stands, as when the output is closed,
        and say why on standard error with status 1, as for any failed write."""
        news = self.stop_here()
        said = f"gofish {self.command}: {error.strerror or error}, so the game stops here."
        self.tell_stopped(f"{said} {news}" if news else said)
        return 1

    def stop_here(self) -> str | None:
        """Leave the output that failed, keep the game as it stands; what to say of it."""
        drop_output(self.stdout)
        self.saver.finish()
        self.saver.wait()
        return self.saver.failure or (None if self.session.is_over else self.saved_news())

    def tell_stopped(self, line: str) -> None:
        print(line, file=self.messages or sys.stderr)

    def play(self) -> int:
        self.introduce()
        while True:
            session = self.session
            if session.is_over:
                if not self.offer_new_game():
                    return 0
            elif session.bot_to_act:
                self.tell(session.bot_move())
            elif not self.human_turn():
                self.goodbye()
                return 0

    def introduce(self) -> None:
        session = self.session
        opponents = ", ".join(
            f"{session.labels[seat]} (player {seat})" for seat in session.opponents()
        )
        extra = f" with house rules ({words})" if (words := session.house_rules()) else ""
        self.say(f"Go Fish, {session.rules.preset} rules{extra}. You are player "
                 f"{session.human}, against {opponents}. Type help for the commands.")
        if session.game_id is not None and session.game.actions:
            self.say(f"Resuming game {session.game_id}.")
        self.say_lines([session.notice] if session.notice else [])
        dealt, first, played = session.retold()
        self.say_lines(text for _, text in dealt)
        self.say_lines([first] if first else [])
        self.say_lines(text for _, text in played)
        self.saver.submit()

    def tell(self, events: Sequence[Event]) -> None:
        self.saver.submit()  # first: saying it may fail (a full disk), the ask is made
        # No hand stays in view here: the end says yours with the others'.
        self.say_lines(text for _, text in self.session.narrate(events, own_hand=True))
        self.report_saving()

    def say_lines(self, lines: Iterable[str]) -> None:
        for line in lines:
            self.say(line)

    def warn(self, warning: str | None) -> None:
        if warning:
            self.say(f"Warning: {warning}")

    def report_saving(self, *, final: bool = False) -> None:
        """Say that saving fails (and where the game went) once, not after every ask; at the
        end (``final``) say where the last position went."""
        if split := self.session.split_news():
            self.say(split)
        failure = self.saver.failure
        if failure and final:
            self.warn(failure)
        elif failure and (not self.told_failure or self.told_kept != self.saver.rescued):
            self.warn(self.saver.failure_news())  # again if the moves are no longer kept
        elif failure is None and self.told_failure:
            self.say("The games database works again: the game is saved in it.")
        self.told_failure = failure is not None
        self.told_kept = self.saver.rescued

    def finish_saving(self) -> None:
        """Wait until the game as it stands is stored, or in the fallback file, and say where."""
        saver = self.saver
        saver.finish()
        if not saver.wait(QUIET_SAVE_WAIT):
            self.say("Saving the game…")
            saver.wait()
        self.report_saving(final=True)

    def human_turn(self) -> bool:
        """Read lines until one ask is made; False when the person stops."""
        self.say(self.prompt())
        while True:
            line = self.read()
            if line is None:
                return False
            outcome = self.handle(_without_full_stop(line))
            if outcome is not None:
                return outcome

    def handle(self, line: str) -> bool | None:
        """Act on one line: True after an ask, False to stop, None to read another."""
        words = line.lower().split()
        if not words:
            self.say(self.prompt())
            return None
        command = COMMAND_HANDLERS.get(words[0])  # "help me" too: no move starts so
        if command is not None:
            return command(self)
        if len(line) > LONGEST_LINE_READ:
            self.say(f"That line is {len(line):,} characters long, far longer than any "
                     "move. Type help for the commands.")
            return None
        try:
            move = self.parse_move(line)
            if move.target is None and move.rank in self.session.held_ranks():
                raise MalformedInputError(self.whom_to_ask(move))
            self.ask_for_the_suit(move)
            self.refuse_laid_card(move)
            events = self.session.ask(move.target, move.rank, move.suit)
        except IllegalChoice as why:
            self.say(str(why) + (QUEEN_NOT_QUIT if words == ["q"] else ""))  # and what may be
            return None
        except MalformedInputError as why:
            self.say(f"{why}{self.command_meant(words)} Type help for the commands.")
            return None
        self.last_target = move.target
        self.tell(events)
        return True

    def offer_new_game(self) -> bool:
        self.say_lines(self.session.end_lines())
        self.finish_saving()
        self.say("Type new to play again with the same settings, or quit.")
        while True:
            line = self.read()
            word = None if line is None else _word_after_the_end(line)
            if word is None or word in QUIT_AFTER_THE_END:
                # Said: "q" asks for queens in a game, and one typed out of habit here ends
                # the session, which left without a word looked like a hang or a crash;
                # so did Ctrl-D (the end of input), which in a game says it was saved.
                self.say("Goodbye.")
                return False
            if word in NEW_AFTER_THE_END:
                self.take_seat(self.session.next_game())
                self.introduce()
                return True
            look = LOOKS_AFTER_THE_END.get(word)
            if look is not None:  # the final hands and books stay there to be read
                look(self)
                continue
            typed = f", so {_quoted(line)} is not a move now" if line else ""
            self.say(f"The game is over{typed}. Type new to play again, or quit.")

    def goodbye(self) -> None:
        self.finish_saving()
        self.say(self.saved_news() or "Goodbye.")

    def saved_news(self) -> str | None:
        """How to resume the unfinished game, once saved; None if its last position is
        kept nowhere."""
        return self.saver.leaving_words(plain=self.resume_plain)

    # -- reading moves -------------------------------------------------------------
    def command_meant(self, words: list[str]) -> str:
        """As :func:`_command_meant`, but "" for a word that names an opponent ("hans" is
        Hans, not the hand command typed a letter wrong)."""
        try:
            self.parse_target(" ".join(words))
        except MalformedInputError:
            return _command_meant(words)
        return ""

    def parse_move(self, line: str) -> Move:
        text = line.strip()  # as typed, so that a mistake is echoed back as typed
        try:
            return self.parse_typed_move(text)
        except MalformedInputError:
            named = self.read_polite_name(text)
            if named is not None:
                return named
            said = _as_said_aloud(text)  # "ask 2 for the queen of spades", "Qs, 2"
            if not said:  # "please" alone: answered as typed
                raise
            if said == text:
                self.refuse_whom_before_what(said)
                raise
        try:
            # its answer: "ask for a rank only" if it is one; a line not understood as typed
            return self.parse_typed_move(said, typed=text)
        except MalformedInputError:
            # Only now: "2, 1" reads as the 2s from player 1, as "2 1" does, and was
            # refused as whom (player 2) before what (the aces).
            self.refuse_whom_before_what(said)
            raise

    def read_polite_name(self, text: str) -> Move | None:
        """The move ``text`` says read with a polite word that names an opponent kept as
        whom ("Please, any queens?" asks Please); None if that reading is no move, and
        "please" is then only politeness ("please q 2")."""
        opponents = {_name_key(self.session.names[seat]) for seat in self.session.opponents()}
        kept = _as_said_aloud(text, opponents)
        if kept == _as_said_aloud(text):
            return None
        try:
            return self.parse_typed_move(kept, typed=text)
        except MalformedInputError:
            return None

    def refuse_whom_before_what(self, text: str) -> None:
        """"2 Qs", "emma 2 queens", "ask 2 Qs": a seat and then what is asked for, which
        was answered "There is no opponent 'Qs'" or "I did not understand"."""
        words = text.split()
        if words[0].lower() == "ask":
            words = words[1:]
        if len(words) < 2 or "for" in (word.lower() for word in words):
            return
        try:
            self.parse_target(" ".join(words))
            return  # "emma 2" is Emma 2, not Emma and the 2s
        except MalformedInputError:
            pass
        try:
            target = self.parse_target(" ".join(words[:-1]))
            rank, suit = self.parse_wanted_leniently(words[-1])
        except MalformedInputError:
            return
        wanted = self.example(rank, suit)
        raise MalformedInputError(f"Type what you ask for first, then whom: "
                                  f"'{wanted} {target}' (or 'ask {target} for {wanted}').")

    def parse_typed_move(self, text: str, typed: str | None = None) -> Move:
        """The move ``text`` says; ``typed``, if given, is the line as typed (to echo)."""
        matched = _ASK_PATTERN.match(text)
        words = text.split()
        if words[0].lower() == "ask" and (not matched or matched["wanted"].lower() == "for"):
            whom = words[1:-1] if words[-1].lower() == "for" else words[1:]  # "ask emma for"
            if whom:
                self.refuse_half_said_ask(words)  # "ask for queen of": 'of' read as what
                self.refuse_ask_without_rank(" ".join(whom))  # "ask emma 2": whom, not what
                raise MalformedInputError(f"I did not understand {_quoted(typed or text)}.")
            raise MalformedInputError("Ask for which rank? Type e.g. 'ask for 9', or just '9'.")
        if matched:
            target_word, wanted = matched["target"], matched["wanted"]
        else:
            # "9 emma 2": an opponent's name may have a space in it
            wanted, target_word = words[0], (" ".join(words[1:]) if len(words) > 1 else None)
        try:
            rank, suit = self.parse_wanted(wanted)
        except MalformedInputError:
            if matched and target_word is None:
                self.refuse_ask_without_rank(wanted)  # "ask emma": whom, but not what
            raise
        if target_word is None:
            return Move(rank, suit, self.default_target())
        try:
            target = self.parse_target(target_word, self.example(rank, suit))
        except MalformedInputError:
            self.refuse_a_card_in_two_words(rank, suit, target_word)
            raise
        return Move(rank, suit, target)

    def refuse_a_card_in_two_words(self, rank: Rank, suit: Suit | None, words: str) -> None:
        """"5 h" (or "5 h 2"): a card typed in two words, whose suit was read as an
        opponent; "There is no opponent 'h'" did not say what to type."""
        if suit is not None:
            return
        first, _, whom = words.partition(" ")
        if first.lower() == "of":  # "queen of": the suit left out, not a seat named 'of'
            self.refuse_half_said_card(rank)
        try:
            letter = Suit.parse(first).letter.lower()
        except MalformedInputError:
            return
        if self.session.rules.ask != "card":
            raise _rank_only(rank)
        card = f"{rank.symbol}{letter}"
        raise MalformedInputError("Type the card as one word, rank then suit letter: "
                                  f"{_quoted(f'{card} {whom}' if whom else card)}.")

    def refuse_half_said_card(self, rank: Rank) -> NoReturn:
        """The answer to a card of ``rank`` said up to its 'of' ("queen of")."""
        if self.session.rules.ask != "card":
            raise _rank_only(rank)
        raise MalformedInputError(
            f"A card said in words names its suit after 'of': {self.card_example(rank)}.")

    def refuse_half_said_ask(self, words: Sequence[str]) -> None:
        """"ask for queen of", "ask emma for the queen of": a card half said after 'for',
        which the ask's pattern (one word asked for) left as "I did not understand"."""
        lowered = [word.lower() for word in words]
        for at in range(2, len(words)):
            if lowered[at] == "of" and lowered[at - 2] == "for":
                try:
                    rank, suit = self.parse_wanted_leniently(words[at - 1])
                except MalformedInputError:
                    return
                if suit is None:
                    self.refuse_half_said_card(rank)
                return

    def refuse_laid_card(self, move: Move) -> None:
        """A card laid face up in a pair (ask: card) is a legal ask nobody can answer: the
        table says so and reads another move rather than send it (docs/rules.md)."""
        session = self.session
        if move.suit is None or not session.human_to_act or move.rank not in session.held_ranks():
            return  # other mistakes are explained by the session
        note = laid_note(session.view(), Card(move.rank, move.suit), session.names)
        if note is not None:
            raise IllegalChoice(note)

    def refuse_ask_without_rank(self, word: str) -> None:
        """Explain 'ask emma' (an opponent named, no rank); return if no opponent is meant."""
        try:
            seat = self.parse_target(word)
        except MalformedInputError:
            return
        name = self.session.names[seat]
        raise MalformedInputError(
            f"Ask {name} for which rank? Type e.g. 'ask {name.lower()} for 9'.")

    def parse_wanted_leniently(self, typed: str) -> tuple[Rank, Suit | None]:
        """As :meth:`parse_wanted`, but a card under rank asks is its rank: to show what to
        type ("2 qs" is "Q 2"), not to ask for."""
        try:
            return self.parse_wanted(typed)
        except MalformedInputError:
            if self.session.rules.ask == "card":
                raise
        return Card.parse(_suit_symbol_as_letter(_zero_as_ten(typed))).rank, None

    def parse_wanted(self, typed: str) -> tuple[Rank, Suit | None]:
        by_card = self.session.rules.ask == "card"
        spelled = _zero_as_ten(typed)
        word = _suit_symbol_as_letter(spelled)
        try:
            return Rank.parse(word), None
        except MalformedInputError:
            pass
        # "9s", "kings": a rank as the log says it. Under ask: card "9s" is the 9 of spades.
        plural = _RANK_BY_WORD.get(word.lower())
        if plural is not None and not by_card:
            return plural, None
        if by_card and word.lower() in _ARTICLES:  # "ask for the": read as T, h, e (10♥)
            held = self.session.held_ranks()
            example = f" ({self.card_example(held[0])})" if held else ""
            raise MalformedInputError(
                f"{_quoted(typed)} is not a card: name the card after it, or type it alone, "
                f"rank then suit letter{example}.")
        try:
            card = Card.parse(word)
        except MalformedInputError:
            if plural is not None:
                return plural, None  # "kings" under ask: card: the table then asks which one
            if by_card:
                _refuse_a_wrong_suit(typed, spelled)
            digits = " (in the digits 0-9)" if other_digit(typed) else ""  # '٣' reads as 3
            raise MalformedInputError(  # as typed: "00" was echoed back as '100'
                f"{_quoted(typed)} is not a rank: use A 2 3 4 5 6 7 8 9 10 (or 0) J Q K{digits}"
                + (" with a suit letter, e.g. 10h." if by_card else ".")
            ) from None
        if not by_card:
            raise _rank_only(card.rank)
        return card.rank, card.suit

    def parse_target(self, word: str, asking: str | None = None) -> int:
        """The opponent ``word`` names; ``asking`` (as typed, e.g. "Qs"), if given, is shown
        in the form to type when no opponent is named."""
        session = self.session
        number = _seat_number(word)
        if number is not None and number in session.opponents():
            return number
        self.refuse_name_and_number(word)
        typed = _name_key(word)  # "emma 2", "Emma  2" and "emma2" alike
        names = {seat: _name_key(session.names[seat]) for seat in session.opponents()}
        said = _name_key(_numbers_as_digits(word))  # "emma two": Emma 2, as it is read out
        for seat, name in names.items():  # the whole name first: "emma" is Emma, not Emma 2
            if name == typed:
                return seat
        for seat, name in names.items():
            if name == said:
                return seat
        number = _seat_meant(word)  # "two", "player 2", "seat two", as the table says it
        if number is not None and number in session.opponents():
            return number
        you = session.human  # "0", "seat 0" or your own name: not "no opponent '0'"
        # Your name, also said in words ("Two", at a table of two; "Emma two", named Emma 2),
        # is you, not the seat it counts, nor nobody; nor the opponent whose name it starts
        # ("emma", typed by Emma at a table with Emma 2, asked Emma 2).
        if _seat_number(word) is None and _name_key(session.names[you]) in (typed, said):
            raise self.cannot_ask_yourself()
        if (started := self.opponent_starting(word, typed, names)) is not None:
            return started
        if number == you or (_seat_number(word) is None
                             and (typed in ("you", "me") or said in ("you", "me"))):
            raise self.cannot_ask_yourself()
        if other_digit(word) is not None:  # no seat, but say why: '٣' looks like one
            raise MalformedInputError(f"{_quoted(word)} is not a seat number: seat numbers take "
                                      f"the digits 0-9 only. Opponents: {self.opponent_list()}.")
        form = ""
        if asking is not None:  # the list alone did not say how to name one of them
            first = session.askable_opponents()[0] if session.askable_opponents() else (
                session.opponents()[0])
            form = (f" Name one by seat number or name after what you ask for, e.g. "
                    f"'{asking} {first}' or 'ask {first} for {asking}'.")
        raise MalformedInputError(
            f"There is no opponent {_quoted(word)}: {self.opponent_list()}.{form}")

    def cannot_ask_yourself(self) -> MalformedInputError:
        return MalformedInputError(
            f"You cannot ask yourself: ask an opponent, {self.opponent_list()}.")

    def opponent_starting(self, word: str, typed: str, names: Mapping[int, str]) -> int | None:
        """The one opponent whose name starts with ``typed`` (their names keyed as
        ``typed`` is), or None if none does; the start of several is refused, naming them:
        the first of them was asked, an ask that cannot be taken back."""
        starting = [seat for seat, name in names.items() if name.startswith(typed)]
        if len(starting) > 1:
            which = listed([f"{self.session.names[seat]} (player {seat})" for seat in starting])
            raise MalformedInputError(f"{_quoted(word)} is the start of more than one name: "
                                      f"{which}; type the whole name or the seat number.")
        return starting[0] if starting else None

    def refuse_name_and_number(self, word: str) -> None:
        """A number said in words that is one seat's name and counts another, an opponent
        ("one", typed by a person named One, Emma at seat 1): which was meant cannot be
        told, and either guess asks the wrong seat or refuses a move meant; so say both."""
        session = self.session
        counted = _SEAT_WORDS.get(word.strip().lower())
        if counted is None or counted not in session.opponents():
            return
        named = next((seat for seat, name in enumerate(session.names)
                      if seat != counted and _name_key(name) == _name_key(word)), None)
        if named is None:
            return
        name = "your own name" if named == session.human else (
            f"the name of {session.names[named]} (player {named}{self.no_cards(named)})")
        raise MalformedInputError(
            f"{_quoted(word)} is both {name} and the number of player {counted} "
            f"({session.names[counted]}{self.no_cards(counted)}): "
            f"{self.seats_to_type(named, counted)}.")

    def no_cards(self, seat: int) -> str:
        """", who has no cards to ask for" of an opponent passed over with an empty hand
        (bicycle, R15), which no answer may send you to ask; else ""."""
        return "" if seat in self.session.askable_opponents() else ", who has no cards to ask for"

    def seats_to_type(self, *meant: int) -> str:
        """What to type to ask one of the ``meant`` seats, those of them that can be asked;
        if none can (you, or an empty hand), the opponents who can."""
        names = self.session.names
        askable = self.session.askable_opponents()
        choices = [seat for seat in meant if seat in askable]
        if len(choices) > 1:
            return f"type {' or '.join(map(str, choices))} for the one you mean"
        choices = choices or askable
        if len(choices) == 1:
            return f"type {choices[0]} to ask {names[choices[0]]}"
        return "ask one who holds cards: " + ", ".join(
            f"{names[seat]} (player {seat})" for seat in choices)

    def default_target(self) -> int | None:
        """The only opponent who can be asked, or the last one asked; None if unclear."""
        askable = self.session.askable_opponents()
        if len(askable) == 1:
            return askable[0]
        return self.last_target if self.last_target in askable else None

    def whom_to_ask(self, move: Move) -> str:
        first = self.session.askable_opponents()[0]
        wanted = self.example(move.rank, move.suit)
        return (f"Say whom to ask, e.g. '{wanted} {first}' or 'ask {first} for {wanted}': "
                f"{self.opponent_list()}.")

    def ask_for_the_suit(self, move: Move) -> None:
        """Under ask: card, a rank without its suit: say how to type the card. The session's
        "which 9 do you want?" alone invited an answer of "s", which is no move here."""
        session = self.session
        if (session.rules.ask != "card" or move.suit is not None or move.target is None
                or move.rank not in session.held_ranks() or not session.human_to_act):
            return
        wanted = self.example(move.rank, None)
        whom = "" if len(session.askable_opponents()) == 1 else f" {move.target}"
        choices = " ".join(Card(move.rank, suit).pretty for suit in session.open_suits(move.rank))
        raise IllegalChoice(f"Name the suit too: which {move.rank.symbol} do you want? "
                            f"Type it with its suit letter, e.g. '{wanted}{whom}' "
                            f"(you may ask for {choices}).")

    def example(self, rank: Rank, suit: Suit | None) -> str:
        """How to type an ask for ``rank`` here: "9", or under ask: card "9s" (a suit
        worth asking for, if ``suit`` is not given)."""
        if self.session.rules.ask != "card":
            return rank.symbol
        suits = [suit] if suit is not None else self.session.open_suits(rank)
        return rank.symbol + (suits[0].letter.lower() if suits else "")

    def card_example(self, rank: Rank) -> str:
        """A card of ``rank`` worth asking for, said in words and typed: "the Q of clubs,
        or type Qc" (the typed form alone if no suit is open)."""
        typed = self.example(rank, None)
        suits = self.session.open_suits(rank)
        if not suits:
            return f"type {typed}"
        return f"the {rank.symbol} of {suits[0].name.lower()}, or type {typed}"

    # -- what the person sees --------------------------------------------------------
    def opponent_list(self) -> str:
        session = self.session
        view = session.view()
        # "Emma 2 (player 2, …)" as the introduction names them: "2 Emma 2 (…)" read aloud
        # was "two Emma two".
        return ", ".join(
            f"{session.names[seat]} (player {seat}, {self.hand_words(view, seat)}, "
            f"{plural(len(view.books[seat]), session.narrator.book_word)})"
            for seat in session.opponents()
        )

    @staticmethod
    def hand_words(view: View, seat: int) -> str:
        """``5 cards``, or ``out of play`` (bicycle, R15): "0 cards" said it of a hand
        emptied by a surrender too, which draws on its turn and may be asked again."""
        return plural(view.hand_sizes[seat], "card") if view.in_play[seat] else "out of play"

    def prompt(self) -> str:
        session = self.session
        held = session.held_ranks()
        ranks = " ".join(rank.symbol for rank in held)
        # The example is one of your ranks: "e.g. 10h" beside "(A 3 5)" was no ask to make.
        example = f", e.g. {self.example(held[0], None)}" if held else ""
        what = f"a card: a rank you hold and a suit you don't{example}" if (
            session.rules.ask == "card") else "a rank"
        whom = ""
        askable = session.askable_opponents()
        if len(askable) > 1:
            whom = f" Opponents: {self.opponent_list()}."
        elif askable and len(session.opponents()) > 1:  # say whom, as the table's prompt does
            name = session.names[askable[0]]
            whom = f" Only {name} (player {askable[0]}) holds cards, so you ask {name}."
        return f"Your hand: {self.hand_text()}. Ask for {what} ({ranks}).{self.laid_text()}{whom}"

    def laid_text(self) -> str:
        """Under ask: card, the cards of ranks you hold already laid face up (not to ask for)."""
        session = self.session
        if session.rules.ask != "card":
            return ""
        view = session.view()
        down = [card.pretty for rank in session.held_ranks() for card in on_table(view, rank)]
        return f" On the table, so not to ask for: {' '.join(down)}." if down else ""

    def hand_text(self) -> str:
        return hand_words(self.session.view().hand or ())

    def show_hand(self) -> None:
        self.say(f"Your hand: {self.hand_text()}.")
        books = books_words(self.session.view(), self.session.human)
        word = self.session.narrator.book_word
        # "none yet" once the game is over promised books still to come.
        none = "none" if self.session.game.is_over else "none yet"
        self.say(f"Your {word}s: {books or none}.")

    def show_table(self) -> None:
        view = self.session.view()
        self.show_hand()
        for seat in self.session.opponents():
            self.say(seat_line(view, seat, f"{self.session.names[seat]} (player {seat})"))
        self.say(pond_line(view))

    def show_coach(self) -> None:
        session = self.session
        for row in session.coach_rows():
            known = "; ".join(
                f"{session.names[seat]} "
                + (f"at least {row.known[seat]}" if row.known[seat]
                   else ("none" if row.known_none[seat] else "unknown"))
                for seat in session.opponents()
            )
            laid = laid_word(session.rules.book_size)  # "paired" under the pairs rule
            self.say(f"{row.rank.symbol}: you {row.mine}; {known}; {laid} {row.booked}; "
                     f"not seen {row.unaccounted}.")

    def not_yet_new(self) -> None:
        self.say("A new game is dealt once this one is over; to stop here, type quit.")

    def where_the_game_is_kept(self) -> str:
        """For help's quit: how this game is picked up again, as leaving says it ("gofish
        resume" alone opened the full-screen table for a player who had asked for the line
        mode, and missed a --database); a finished game is only kept, not resumed. While
        saving fails, where the moves are instead: resume reads only the database."""
        saver = self.saver
        saver.wait(QUIET_SAVE_WAIT)  # the saves under way say whether saving works
        history = self.session.command(["history"])
        resume = self.session.resume_command(self.resume_plain)  # with the id once saved
        then = f"{history} lists it" if self.session.is_over else f"{resume} picks it up"
        if saver.failure is None:
            return (f"the game is over and kept ({history} lists it)" if self.session.is_over
                    else f"the game is saved and can be resumed ({resume})")
        if saver.rescued_to is None:
            lost = "the game could not be saved anywhere"
            return lost if self.session.is_over else (
                f"{lost} so far: it is tried once more as you leave, and lost if that fails too")
        return (f"the game is not in the database now: its moves are kept in "
                f"{saver.rescued_to} until gofish can write there, then {then}")

    def show_help(self) -> None:
        self.say("Commands:")
        pond = f"the {pond_word(self.session.rules)}"  # the sea, in nordic: as the log says
        books = f"{self.session.narrator.book_word}s"  # pairs, under the pairs house rule
        seat = self.session.opponents()[-1]
        example = {"seat": seat, "name": _name_key(self.session.names[seat]),
                   "kept": self.where_the_game_is_kept()}
        asks = CARD_ASKS if self.session.rules.ask == "card" else RANK_ASKS
        for words, meaning in (*asks, *COMMANDS):
            meaning = meaning.replace("the pond", pond).replace("books", books)
            self.say(f"  {words.format(**example)}: {meaning.format(**example)}")
        self.say(f"Rules ({self.session.rules.preset}):")
        self.say_lines(f"  {line}" for line in rules_paragraphs(
            self.session.rules, self.session.game.num_players))


def _word_after_the_end(line: str) -> str:
    """What a line says to the game-over question: its first word if that is a command word
    ("new game", "quit now", "help me", as in a game), else the whole line. A letter alone
    counts only as the whole line: "q 1" is a move typed late, not a quit."""
    line = _without_full_stop(line)
    words = line.lower().split()
    first = words[0] if words else ""
    commands = (*QUIT_AFTER_THE_END, *NEW_AFTER_THE_END, *LOOKS_AFTER_THE_END)
    return first if len(first) > 1 and first in commands else line.lower()


def _command_meant(words: list[str]) -> str:
    """" Did you mean quit?" when a line of one word not read as a move is near a command
    ("qiut", "hlep"); else "". Nothing is done on the guess."""
    if len(words) != 1:
        return ""
    commands = [word for word in COMMAND_HANDLERS if len(word) > 1]
    near = difflib.get_close_matches(words[0], commands, n=1, cutoff=0.6)
    return f" Did you mean {near[0]}?" if near else ""


def _rank_only(rank: Rank) -> MalformedInputError:
    """The answer to a suit named in a game of rank asks."""
    return MalformedInputError(f"Ask for a rank only (e.g. {rank.symbol}): suits are named "
                               "only under the ask-for-a-card house rule.")


def _without_full_stop(line: str) -> str:
    """``line`` without the full stop dictation ends a sentence with ("Qs 2.", "quit."), or
    the question mark of the game's question ("Q 2?"); "?" alone is the help command."""
    text = line.rstrip()
    return text[:-1] if text.endswith(".") or (text.endswith("?") and text != "?") else line


def _as_said_aloud(text: str, opponents: Set[str] = frozenset()) -> str:
    """``text`` as the mode reads it, with what people add when they say a move aloud
    left out: the game's question ("Emma, do you have any queens"), commas where they
    pause, an article before what is asked for ("for the Qs"), "please", "to" or "from"
    before whom ("Qs to 2"), and cards said in words ("queen of spades", "0 of hearts").
    A polite word that is the name of one of the ``opponents`` (their name keys) stays:
    it says whom to ask."""
    def unless_a_name(polite: re.Match[str]) -> str:
        return polite[0] if _name_key(polite[0]) in opponents else ""

    plain = _ARTICLE_AFTER_FOR.sub(r"\g<for> ", _as_asked(text).replace(",", " "))
    plain = _TO_WHOM.sub("", _POLITE_WORDS.sub(unless_a_name, plain)).strip()
    return _cards_in_words_as_typed(plain)


def _as_asked(text: str) -> str:
    """The game's question ("Emma, do you have any queens", "any queens") as a move is
    typed: what, then whom ("queens Emma"); other text as it is."""
    question = _QUESTION.match(text) or _ANY_ADDRESSED.match(text)  # "Emma, any queens"
    if question is None:
        return _ARTICLE_FIRST.sub("", text)
    wanted = _ARTICLE_ASKED.sub("", question["wanted"])
    whom = re.sub(r"^ask\s+", "", question["whom"] or "", flags=re.IGNORECASE)  # "ask Emma, …"
    return f"{wanted} {whom}" if whom else wanted


def _cards_in_words_as_typed(text: str) -> str:
    """``text`` with each card said in words ("the queen of spades", "ten hearts") as it
    is typed ("Qs", "10h"); words that name no rank are left as they are."""
    def as_typed(said: re.Match[str]) -> str:
        try:  # "0 of hearts": 0 is the 10, as in "0h" (the terminal table's key for it)
            rank = Rank.parse("10" if said["rank"] == "0" else said["rank"])
        except MalformedInputError:
            return said[0]
        return f"{said['before']}{rank.symbol}{said['suit'][0].lower()}"
    return _CARD_IN_WORDS.sub(as_typed, text)


def _zero_as_ten(typed: str) -> str:
    """``typed`` with a leading 0 read as the 10: the terminal table's key for it, and the
    same here."""
    return "10" + typed[1:] if typed.startswith("0") else typed


def _suit_symbol_as_letter(word: str) -> str:
    """A card typed as the table prints it ("7♣", or "7♣\ufe0f" as pasted emoji) read as
    "7c": the table offered "you may ask for 7♣" and then refused "7♣" as no rank."""
    bare = word.removesuffix("\ufe0f")  # the emoji variation selector after a suit
    last = bare[-1:]
    if len(bare) < 2 or last.isalpha():  # a suit letter needs no help; "9s" may be nines
        return word
    try:
        letter = Suit.parse(last).letter.lower()
    except MalformedInputError:
        return word
    try:  # "Queen♠" is the Q♠: "queens" (the ♠ read as a plural s) had the table ask which
        return Rank.parse(bare[:-1]).symbol + letter
    except MalformedInputError:
        return bare[:-1] + letter


def _refuse_a_wrong_suit(typed: str, spelled: str) -> None:
    """Under ask: card, a rank and then no suit letter ("5x"), a card and then more
    ("5♦x"), or a rank in words and a suit ("kingd"): say what is wrong after the rank.
    "'5x' is not a rank" blamed the rank, which was right. ``spelled`` is ``typed`` with
    a leading 0 read as 10."""
    found = _rank_first(spelled)
    if found is None:
        return
    rank, rest = found
    try:
        suit = Suit.parse(rest[0])
    except MalformedInputError:
        if len(rest) > 1:
            return  # a word ("quiet"), not a card
        raise MalformedInputError(
            f"{_quoted(typed)} is not a card: after the rank comes a suit letter, c d h or s "
            f"(e.g. {rank.symbol}h).") from None
    extra = rest[1:].removeprefix("\ufe0f")  # the emoji variation selector after a suit
    if not extra:  # "kingd": a card, but its rank in words, which a card's name never has
        raise MalformedInputError(
            f"{_quoted(typed)} is not a card: type the rank as on the card, then the suit "
            f"letter (e.g. {rank.symbol}{suit.letter.lower()}).")
    card = f"{rank.symbol}{suit.letter.lower()}"
    if _seat_number(extra) is not None:  # "Ah2": the help's form has a space before the seat
        raise MalformedInputError(
            f"{_quoted(typed)} is not a card: the {Card(rank, suit).pretty} is followed by "
            f"{_quoted(extra)}. Put a space between the card and the seat: "
            f"{_quoted(f'{card} {extra}')} (or {_quoted(f'ask {extra} for {card}')}).")
    # One character more, or any after a suit symbol: "ahead" is a word, not the A♥ and "ead"
    if len(extra) == 1 or (extra and not rest[0].isalpha()):
        raise MalformedInputError(
            f"{_quoted(typed)} is not a card: the {Card(rank, suit).pretty} is followed by "
            f"{_quoted(extra)}. Type the card alone, rank then suit letter "
            f"(e.g. {rank.symbol}{suit.letter.lower()}).")


def _rank_first(word: str) -> tuple[Rank, str] | None:
    """The longest rank ``word`` starts with ("10" before "1", the ace) and what follows
    it, if anything does; None if it starts with no rank."""
    for length in range(len(word) - 1, 0, -1):
        try:
            return Rank.parse(word[:length]), word[length:]
        except MalformedInputError:
            continue
    return None


def _seat_number(word: str) -> int | None:
    """The seat ``word`` gives by number, if it is one."""
    # 0-9 only, as everywhere (other_digit): isdecimal took '٣' as seat 3, isdigit '²' too.
    # Short, too: int() refuses a number of thousands of digits.
    return int(word) if word.isascii() and word.isdigit() and len(word) <= SEAT_DIGITS else None


def _seat_meant(word: str) -> int | None:
    """The seat ``word`` gives by number, in digits or in words, alone or after a label:
    "2", "two", "player 2", "seat two", "p2", "#2"."""
    by_label = _PLAYER_LABEL.fullmatch(word.strip())
    number = by_label["seat"] if by_label else word.strip()
    seat = _seat_number(number)
    return seat if seat is not None else _SEAT_WORDS.get(number.lower())


def _numbers_as_digits(text: str) -> str:
    """``text`` with each number said in words ("emma two") written in digits ("emma 2")."""
    return " ".join(str(_SEAT_WORDS.get(word.lower(), word)) for word in text.split())


def _name_key(name: str) -> str:
    """A name as matched against what was typed: lower case, spaces dropped."""
    return "".join(name.lower().split())


def _quoted(text: str, most: int = 40) -> str:
    """What the player typed, quoted back; a long line is cut, not echoed whole, and
    undecodable bytes show as U+FFFD, not as escapes."""
    return repr(printable(text if len(text) <= most else text[: most - 1] + "…"))


def _command(
    method: Callable[[PlainTable], None], *, then_prompt: bool = False
) -> Callable[[PlainTable], bool | None]:
    """A command that shows something and reads on (after help, the prompt again)."""

    def run(table: PlainTable) -> None:
        method(table)
        if then_prompt:
            table.say(table.prompt())

    return run


#: The commands that only show something: answered in a game, and still once it is over.
LOOKS_AFTER_THE_END: dict[str, Callable[[PlainTable], None]] = {
    "help": PlainTable.show_help,
    "?": PlainTable.show_help,
    "hand": PlainTable.show_hand,
    "table": PlainTable.show_table,
    "status": PlainTable.show_table,
    "coach": PlainTable.show_coach,
}

COMMAND_HANDLERS: dict[str, Callable[[PlainTable], bool | None]] = {
    # In a game, help ends with the prompt again.
    **{word: _command(look, then_prompt=look is PlainTable.show_help)
       for word, look in LOOKS_AFTER_THE_END.items()},
    "new": _command(PlainTable.not_yet_new),
    "quit": lambda table: False,
    "exit": lambda table: False,
}


def play_plain(session: TableSession, stdin: TextIO, stdout: TextIO,
               messages: TextIO | None = None, *, command: str = "play",
               resume_plain: bool = True) -> int:
    """Play at ``session``'s table over the given streams (``messages``: where to say that
    ``stdout`` went away; standard error by default); the exit status. ``command`` (play,
    resume) names the table in the message of a failed write, as every command does;
    ``resume_plain``: the resume command said on leaving has --plain."""
    return PlainTable(session, stdin, stdout, messages, command=command,
                      resume_plain=resume_plain).run()
