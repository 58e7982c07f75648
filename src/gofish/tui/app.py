"""The Go Fish table in a terminal: you against Emma (and friends), keyboard first.

The app shows only the person's view (through ``TableSession``). Bot turns are
played from timers, one ask at a time, so the person can follow them, and each
bot thinks in a thread of its own, so the interface never waits on a bot. Every ask
is saved from a thread too (``BackgroundSaver``), so a locked database never holds up
play either.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
import time
from collections.abc import Callable, Sequence
from typing import ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.css.scalar import Scalar, Unit
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message
from textual.timer import Timer
from textual.widget import Widget
from textual.widgets import Button, Footer, Header, Static

from gofish.core import (
    Ask,
    Asked,
    BookLaid,
    Card,
    Event,
    GameOver,
    LuckyDraw,
    Rank,
    Suit,
    TurnPassed,
    WentFishing,
)
from gofish.knowledge import laid_note, on_table
from gofish.leaving import LEAVE_SIGNALS
from gofish.narrate import laid_word, plural, pond_word
from gofish.session import SUITS_AS_IN_HAND, BackgroundSaver, IllegalChoice, TableSession
from gofish.tui.job import (
    Terminal,
    can_stop_the_job,
    leave_the_terminal_behind,
    stopped_until_fg,
    terminal_hung_up,
    terminal_state,
)
from gofish.tui.screens import (
    CoachScreen,
    GameOverScreen,
    HelpScreen,
    close_once,
    summary_table,
)
from gofish.tui.widgets import (
    COACH_LEGEND,
    RANK_KEYS,
    TITLE_FRAME,
    CoachPanel,
    HandView,
    OpponentPanel,
    PondPanel,
    SeaView,
    TableLog,
    books_text,
    coach_size,
    coach_table,
)

#: Seconds between two bot asks at speed 1; the pause after your own miss is longer.
BOT_PAUSE = 1.2
AFTER_YOUR_TURN = 1.6
BEFORE_GAME_OVER = 1.0
ANSWER_PAUSE = 0.7
#: Seconds between two looks at whether the terminal hung up (leave_if_hung_up).
HANG_UP_CHECK = 1.0
#: Seconds in which a second press of the key that just dealt a new game or closed a
#: screen over the table is the rest of a double press (Textual's double click takes as
#: long), not a key meant for what shows next: it is dropped.
REPEAT_WINDOW = 0.5
#: The keys that deal again: n, and Enter on the game-over box.
DEAL_KEYS = ("n", "enter")

KEY_TO_RANK: dict[str, Rank] = {key: rank for rank, key in RANK_KEYS.items()}
KEY_TO_RANK.update({"A": Rank.ACE, "1": Rank.ACE, "J": Rank.JACK, "K": Rank.KING,
                    "t": Rank.TEN, "T": Rank.TEN})
#: Keys that type no letter, named as the footer names keys, for "Enter does nothing here".
STRAY_KEY_NAMES = {"enter": "Enter", "space": "Space"}
KEY_TO_SUIT: dict[str, Suit] = {s.letter.lower(): s for s in Suit}
KEY_TO_SUIT.update({s.letter: s for s in Suit})

LOG_LINES = 500
HEADER_ICON_WIDTH = 3  # as gofish.tcss sets it (HeaderIcon); no clock is shown
LOG_MIN_WIDTH = 20  # the log wraps its lines to no fewer columns than this
# The smallest terminal that still shows the hand and the prompt (measured; 80x24 is roomy).
MIN_WIDTH, MIN_HEIGHT = 50, 16
PROMPT_LINES, QUESTION_LINES = 3, 6  # the prompt's most lines; a pending Quit?/New game?'s
# Below this many columns an opponent panel cuts names ("Exp…"); the table then goes
# narrow: the pond shrinks to its word and count and the panels drop their padding.
NARROW_PANEL = 14
POND_WIDTH = 16  # the pond's full width: GoFishApp.CSS sets it, table_is_narrow counts it
HAND_TITLE = "Your hand · "  # then your books (fit_hand_title)
SEAT_COLOURS = ("#ffffff", "#ff87af", "#87d7ff", "#d7af87", "#afd787")


def in_rows(scalar: Scalar | None) -> int | None:
    """A CSS height given in rows, as a number (None for auto, fractions, percentages)."""
    return int(scalar.value) if scalar is not None and scalar.unit == Unit.CELLS else None


def least_rows(widget: Widget) -> int:
    """The rows ``widget`` takes at the least, from its CSS: its height in rows, else its
    min-height in rows, else none."""
    return in_rows(widget.styles.height) or in_rows(widget.styles.min_height) or 0


class SuitButton(Button, can_focus=False):
    """A suit to click under ask: card. Never focused: a clicked one kept the focus once the
    suit bar hid, and the log's scroll keys (↑ PgUp) went to it from then on."""


class SavesSettled(Message):
    """``saver`` has stopped saving for now (posted from its thread): read its failure."""

    def __init__(self, saver: BackgroundSaver) -> None:
        super().__init__()
        self.saver = saver


class GoFishApp(App[None]):
    """One table; ``session`` is the game in progress, ``speed`` scales bot pauses (0: none)."""

    CSS_PATH = "gofish.tcss"
    # Read after gofish.tcss; its narrow table's pond (#table.-narrow #pond) still wins.
    CSS = f"#pond {{ width: {POND_WIDTH}; }}"
    TITLE = "Go Fish"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("question_mark", "help", "Help"),
        Binding("c", "coach", "Coach"),
        Binding("n", "new_game", "New game"),
        Binding("q", "quit_game", "Quit"),
        # Textual's own ctrl+q (priority too) would leave at once, unasked: replaced.
        Binding("ctrl+q", "ctrl_quit", "Quit", show=False, priority=True),
        Binding("ctrl+c", "interrupt", "Quit", show=False, priority=True),
        # The table reads keys raw, so Ctrl+Z reaches it as a key, not as the terminal's
        # stop signal: unbound, it did nothing. Suspended, `fg` brings the table back.
        Binding("ctrl+z", "suspend_process", "Suspend", show=False, priority=True),
    ]

    def __init__(self, session: TableSession, *, speed: float = 1.0) -> None:
        super().__init__()
        self.session = session
        self.speed = speed
        self.target: int | None = None  # the chosen opponent: a rank key asks them
        self.picked_rank: Rank | None = None  # waiting for a suit (ask: card)
        self.sea_spot = 0  # the card of the sea chosen, while a miss waits for its draw
        self.confirm_quit = False
        self.confirm_new = False
        self._bot_timer: Timer | None = None
        self._bot_turn: object | None = None  # a bot is thinking about this turn
        # The bot to act has asked (in the log) and its answer is due: that ask, unanswered.
        self._question: tuple[TableSession, int, Ask] | None = None
        self.log_lines: list[Text] = []  # kept to re-wrap the log when its width changes
        self._log_width = 0
        self._hand_before: frozenset[Card] | None = None  # cards held at your last ask
        self._window_resized = False
        self.saver = BackgroundSaver(session)  # replaced in start(), where saving begins
        self.told_failure = False  # the log says saving fails (and has not said it works again)
        self.told_kept = False
        self._after_saving: Callable[[], None] | None = None  # to do once the last save is done
        self._game_over_due = False  # the game ended under the help or the coach: show it after
        self._left = False  # this game was left (a quit, a new deal): its bots ask no more
        self.bot_failure: str | None = None  # a bot could not move: this game cannot go on
        self._caught_signals: list[int] = []  # LEAVE_SIGNALS handled while the table runs
        # The keys whose second press is dropped, and until when; a test playing at the
        # machine's pace, as a person who reads before pressing again, sets the window to 0.
        self.repeat_window = REPEAT_WINDOW
        self._repeats: tuple[frozenset[str], float] = (frozenset(), 0.0)
        # Your last ask of a rank: the moves made by then, whom, what, and until when the
        # same ask again is taken for its key pressed twice (see asked_again).
        self._just_asked: tuple[int, int | None, Rank, float] | None = None

    def get_driver_class(self) -> type[Driver]:
        """Textual's driver for this system; on POSIX one whose output outlives the
        terminal (gofish.tui.output): a closed window hung the table as it left."""
        chosen = super().get_driver_class()
        try:
            from gofish.tui.output import OutlivingDriver
        except ImportError:  # Windows: no Linux driver to build on
            return chosen
        return OutlivingDriver if issubclass(OutlivingDriver, chosen) else chosen

    # -- layout ------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        yield Header(icon="♣")
        with Vertical(id="main"):
            with Horizontal(id="table"):
                for seat in self.session.opponents():
                    yield OpponentPanel(seat, self.session.labels[seat])
                yield PondPanel(id="pond")
            with Horizontal(id="middle"):
                yield TableLog(id="log", wrap=True, min_width=LOG_MIN_WIDTH, max_lines=LOG_LINES)
                yield CoachPanel(id="coach")
            with Vertical(id="hand-box"):
                yield HandView(id="hand")
            yield Static(id="prompt", markup=False)  # it names players: "[/]" is a name
            yield SeaView(id="sea")
            with Horizontal(id="suits"):
                for suit in SUITS_AS_IN_HAND:  # as the hand lists them
                    yield SuitButton(f"{suit.symbol} {suit.letter}",
                                     id=f"suit-{suit.letter}", compact=True)
        yield Static(id="too-small")
        yield Footer()

    def on_mount(self) -> None:
        self.fit_to(self.size.width, self.size.height)
        coach = self.query_one("#coach")
        coach.border_title = "Coach: what the table has shown"
        coach.border_subtitle = COACH_LEGEND
        self._catch_signals()
        if not self.is_headless:
            self.set_interval(HANG_UP_CHECK, self.leave_if_hung_up)
        self.app_resume_signal.subscribe(self, self.redraw_all)
        self.start(self.session)

    def redraw_all(self, _app: object = None) -> None:
        """Back from Ctrl+Z (`fg`): the terminal's screen was blanked meanwhile, and only
        what changed since would be drawn again (no header, no footer, no hand)."""
        self.refresh(layout=True)

    def action_suspend_process(self) -> None:
        """Ctrl+Z: stop the whole job until `fg`, as a terminal's own Ctrl+Z does (see
        gofish.tui.job), and take the terminal back only if it is still there."""
        driver = self._driver
        stdin = sys.__stdin__
        if (driver is None or not driver.can_suspend or stdin is None or not can_stop_the_job()
                or terminal_state(stdin.fileno()) is Terminal.GONE):
            # GONE as the key comes: the keys' terminal is not this job's (setsid), so no
            # fg would bring it back through it; it has not closed. Textual's stop, as before.
            super().action_suspend_process()
            return
        terminal = stdin.fileno()
        self.app_suspend_signal.publish(self)
        # The terminal is given back before the job stops: once it has, the shell takes it,
        # and setting its modes from here would stop this process halfway (SIGTTOU).
        driver.suspend_application_mode()
        leave_as = stopped_until_fg(terminal)
        if leave_as is None:
            driver.resume_application_mode()
            self.app_resume_signal.publish(self)  # redraw_all: the screen was cleared
            return
        # Its window closed, or its shell left, while the job was stopped. The signal that
        # came leaves the game (saved) as it does when the table runs; this leaves the same
        # way at once, should it not come or wait for the table's loop.
        leave_the_terminal_behind(terminal)
        driver.resume_application_mode()  # a writer to nowhere, for Textual's way out
        self.leave(return_code=128 + leave_as)

    def leave_if_hung_up(self) -> None:
        """Leave as the hang-up's SIGHUP makes the table leave, should the terminal hang up
        with no SIGHUP: one that is not the table's controlling terminal (``setsid``, a
        launcher giving it none) sends none as its window closes. The table went on for
        good, its input thread reading the closed terminal's endless nothing."""
        stdin = sys.__stdin__
        if self._left or stdin is None or not terminal_hung_up(stdin.fileno()):
            return  # leaving already (a SIGHUP came), or the terminal is there
        # Its input is left as it is: Textual's input thread reads it until it stops, as
        # after a SIGHUP (a pipe in its place, as in leave_the_terminal_behind, could
        # block a read under way for good). Its output fails harmlessly (OutlivingOutput).
        self.leave(return_code=128 + signal.SIGHUP)

    def _catch_signals(self) -> None:
        loop = asyncio.get_running_loop()
        for number in LEAVE_SIGNALS:
            # Not where the loop cannot take them (off the main thread, Windows).
            with contextlib.suppress(NotImplementedError, RuntimeError, ValueError):
                loop.add_signal_handler(number, self._signalled, number)
                self._caught_signals.append(number)

    def _release_signals(self) -> None:
        loop = asyncio.get_running_loop()
        while self._caught_signals:
            loop.remove_signal_handler(self._caught_signals.pop())

    def _signalled(self, number: int) -> None:
        """Leave as Ctrl-C does; a second signal ends the program at once (a last save
        stuck on a locked database must not make it unkillable)."""
        self._release_signals()
        self.leave(return_code=128 + number)

    def start(self, session: TableSession) -> None:
        """Sit down at ``session``'s table: draw it, narrate the deal, let bots move."""
        self._stop_bots()
        self.session = session
        if (asked := session.last_asked()) is not None:  # resumed: as chosen when left
            self.target = asked
        self.picked_rank = None
        self.confirm_quit = False
        self.confirm_new = False
        self._just_asked = None
        self._hand_before = None
        self._after_saving = None
        self._left = False
        self._game_over_due = False
        self.bot_failure = None
        self._question = None
        extra = session.house_rules()
        self.fit_title(self.size.width)
        self.seat_opponents(session)
        self.query_one("#log", TableLog).clear()
        self.log_lines = []
        if session.game_id is not None and session.game.actions:
            self.write_line(Text(f"Resuming game {session.game_id}.", style="bold"))
        if session.notice:
            self.write_line(Text(session.notice, style="bold"))
        if extra:  # the title has no room for them; ? explains each
            self.write_line(Text(f"House rules: {extra} (? explains them).", style="bold"))
        session.autosave = False  # saved from a thread: a slow disk never freezes the table
        saver = self.saver = BackgroundSaver(session)
        saver.on_idle = lambda: self._post_saves_settled(saver)
        self.told_failure = False  # a new log: a failure still standing is said again
        self.told_kept = False  # the log says the moves are kept (the game was rescued)
        dealt, first, played = session.retold()
        self.write_events(dealt)
        if first:
            self.write_line(Text(f"── {first}", style="dim"))  # as a turn passing is shown
        self.write_events(played)
        self.call_after_refresh(self.refresh_table)
        self.after_move(first_pause=AFTER_YOUR_TURN / 2)

    def seat_opponents(self, session: TableSession) -> None:
        """Give the opponents' panels drawn in compose to ``session``'s opponents. A new deal
        has as many, but a resumed game's seats may differ from those it deals next: the
        person sat at seat 1 (a game saved through the API), and the next deal seats them
        at 0."""
        panels = self.query(OpponentPanel)
        for panel, seat in zip(panels, session.opponents(), strict=True):
            panel.sit(seat, session.labels[seat])

    def opponent_panel(self, seat: int) -> OpponentPanel:
        return next(panel for panel in self.query(OpponentPanel) if panel.seat == seat)

    # -- drawing -----------------------------------------------------------------
    def refresh_table(self) -> None:
        session = self.session
        view = session.view()
        askable = session.askable_opponents()
        if self.target not in askable:
            self.target = askable[0] if askable else None
        for seat in session.opponents():
            self.opponent_panel(seat).show(
                cards=view.hand_sizes[seat],
                books=view.books[seat],
                in_play=view.in_play[seat],
                to_act=view.current_player == seat,
                target=seat == self.target and session.human_to_act and len(askable) > 1,
                book_word=session.narrator.book_word,
            )
        self.query(PondPanel).first().show(view.pond_size, sea=pond_word(view.rules) == "sea")
        box = self.query_one("#hand-box")
        self.fit_hand_title(self.size.width, view.books[session.human])
        box.set_class(session.human_to_act, "-to-act")
        hand = self.query_one(HandView)
        hand_now = view.hand or ()
        if self._hand_before is None:
            self._hand_before = frozenset(hand_now)
        new = frozenset(hand_now) - self._hand_before
        # Told "Go fish!", no rank key asks until the draw: the keys under the cards dim.
        asking = session.human_to_act and session.pending_miss is None
        hand.show(hand_now, active=asking, picked=self.picked_rank, new=new)
        panel = self.query_one(CoachPanel)
        coaches: list[CoachPanel | CoachScreen] = [*([panel] if panel.display else []), *(
            screen for screen in self.screen_stack if isinstance(screen, CoachScreen))]
        rows = session.coach_rows() if coaches else []  # counted once, for every coach shown
        for coach in coaches:
            coach.show(rows, session.names, session.human, self.coach_laid_word())
        if self.too_small:
            self.refresh_bindings()  # a bot's first ask takes n away (check_action)
        self.show_prompt()

    def fit_hand_title(self, width: int, books: Sequence[Rank] | None = None) -> None:
        """Your books in the hand box's top border, fitted to a window ``width`` wide (the
        box's): ranks with no room end in "…", never cut mid-rank, and the count stays."""
        if books is None:
            books = self.session.view().books[self.session.human]
        room = width - TITLE_FRAME - len(HAND_TITLE)
        self.query_one("#hand-box").border_title = Text.assemble(
            HAND_TITLE, books_text(books, self.session.narrator.book_word, room))

    def show_sea(self) -> None:
        """The sea spread out, its chosen card lit, while your miss waits for its draw (not
        under a question to quit or deal again, whose lines its row would push down)."""
        sea = self.query_one(SeaView)
        sea.display = self.sea_shown
        if sea.display:
            sea.show(self.session.view().pond_size, self.sea_spot)

    @property
    def sea_shown(self) -> bool:
        return self.session.pending_miss is not None and not self.question_pending

    def show_suit_buttons(self) -> None:
        """Under ask: card, clickable suits while a rank waits for its suit; not under a
        question to quit or deal again, which takes their place (a suit would only answer
        "stay"), and whose lines their row would push under the footer."""
        bar = self.query_one("#suits")
        rank = self.picked_rank
        bar.display = self.suits_shown
        if rank is None:
            return
        open_suits = self.open_suits(rank)
        for suit in SUITS_AS_IN_HAND:
            self.query_one(f"#suit-{suit.letter}", Button).disabled = suit not in open_suits

    def open_suits(self, rank: Rank) -> list[Suit]:
        """The suits of ``rank`` worth asking for (see ``TableSession.open_suits``)."""
        return self.session.open_suits(rank)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        button_id = event.button.id or ""
        if button_id.startswith("suit-") and self.picked_rank is not None:
            event.stop()
            if self.answer_stay():
                return
            self.try_ask(self.picked_rank, Suit.parse(button_id.removeprefix("suit-")))

    @property
    def suits_shown(self) -> bool:
        return self.picked_rank is not None and not self.question_pending

    def show_prompt(self, message: str | None = None, *, error: bool = False) -> None:
        self.show_suit_buttons()
        self.show_sea()
        prompt = self.query_one("#prompt", Static)
        prompt.set_class(error, "-error")
        # A question ends with the command that resumes the game: in a narrow window its
        # usual three lines cut that command short, so a question may take a few more.
        prompt.styles.max_height = QUESTION_LINES if self.question_pending else PROMPT_LINES
        prompt.update(message if message is not None else self.default_prompt())
        self.fit_hand(self.size.width, self.size.height)

    def fit_hand(self, width: int, height: int) -> None:
        """Let the hand take only the lines the rest of the table leaves: a big hand in a
        low window drops its key hints, so that the prompt stays in sight (under the
        footer, the person would not see whose turn it is, or why a key did nothing)."""
        prompt = self.query_one("#prompt", Static)
        box = self.query_one("#hand-box")
        window = Size(width, height)
        prompt_lines = prompt.get_content_height(window, window,
                                                 max(width - prompt.styles.gutter.width, 1))
        prompt_lines = max(least_rows(prompt),
                           min(prompt_lines, in_rows(prompt.styles.max_height) or prompt_lines))
        room = max(self.rows_beside_hand(height) - box.styles.gutter.height - prompt_lines, 1)
        self.query_one(HandView).fit_room(room)
        # Even without keys, 13 ranks of three can outgrow the room: the hand scrolls then.
        box.styles.max_height = room + box.styles.gutter.height
        # Behind the too-small note there is no prompt to keep in sight, only the footer.
        below = (least_rows(self.query_one(Footer)) if self.too_small
                 else prompt_lines + self.rows_under_prompt())
        for screen in self.screen_stack:
            if isinstance(screen, CoachScreen):
                screen.keep_clear_below(below, height)

    def rows_beside_hand(self, height: int) -> int:
        """The rows a window ``height`` tall leaves for the hand's box and the prompt."""
        others = sum(least_rows(widget) for widget in (
            self.query_one(Header), self.query_one("#table"), self.query_one("#middle")))
        return height - others - self.rows_under_prompt()

    def rows_under_prompt(self) -> int:
        """The rows below the prompt: the suits or the sea while shown, and the footer."""
        suits = least_rows(self.query_one("#suits")) if self.suits_shown else 0
        sea = least_rows(self.query_one(SeaView)) if self.sea_shown else 0
        return suits + sea + least_rows(self.query_one(Footer))

    def prompt_room(self) -> int:
        """The most lines the prompt can show in this window: what the hand's box leaves
        it with one line of cards (the hand's least)."""
        box = self.query_one("#hand-box")
        return self.rows_beside_hand(self.size.height) - box.styles.gutter.height - 1

    def default_prompt(self) -> str:
        session = self.session
        if session.is_over:
            return "Game over. n: play again · q: quit · ?: help"
        # Still waiting for an answer: redrawn after a bot's ask, the question stays.
        if self.confirm_quit:
            return self.quit_question()
        if self.confirm_new:
            return self.new_game_question()
        if self.bot_failure is not None:
            return f"{self.bot_failure}. n: new game · q: quit"
        if not session.human_to_act:
            seat = session.game.current_player or 0
            # Once its question is in the log, a redraw (c, a resize) must not take it back.
            doing = "asking" if self._question is not None else "thinking"
            thinking = f"{session.names[seat]} is {doing}…"
            if (no_turn := session.no_turn_words()) is not None:  # out of play, a dead hand
                return f"{no_turn}. {thinking}"
            return thinking
        if self.coach_on_top():
            # No key that plays reaches the table through the coach: "Enter draws it" and
            # the rank keys did nothing until it was closed.
            return f"Esc closes the coach to play on. {self.your_move_prompt()}"
        return self.your_move_prompt()

    def your_move_prompt(self) -> str:
        """What the person may do now, their move due, and the keys that do it."""
        session = self.session
        if session.pending_miss is not None:
            return self.sea_prompt()
        if self.target is None:
            return "Nobody holds cards to ask for."
        whom = session.names[self.target]
        if self.picked_rank is not None:
            rank = self.picked_rank
            suits = self.suit_keys(rank)
            down = " ".join(card.pretty for card in on_table(session.view(), rank))
            laid = f" · on the table: {down}" if down else ""
            return f"Which {rank.symbol} do you want from {whom}? {suits}{laid} · Esc: back"
        more = " (←/→ to change)" if len(session.askable_opponents()) > 1 else ""
        if session.rules.ask == "card":  # the suit is asked next: say so before the rank
            return f"Your turn. Ask {whom}{more} for a card: press {self.held_keys()}, then a suit"
        return f"Your turn. Ask {whom}{more} for a rank: press {self.held_keys()}"

    def sea_prompt(self, before: str = "Go fish!") -> str:
        """``before``, then how to pick a card of the sea and which one is chosen."""
        count = self.session.view().pond_size
        return (f"{before} Pick a card from the sea: ←/→ choose, Enter draws it "
                f"(card {self.sea_spot + 1} of {count}).")

    def still_picking(self, refusal: str) -> str:
        """``refusal`` of a suit, and, while the rank still waits for one, the suits left
        and the way back: the error took the place of the line that said them."""
        if self.picked_rank is None:
            return refusal
        suits = self.suit_keys(self.picked_rank)
        return f"{refusal} Pick another suit: {suits} · Esc: back" if suits else (
            f"{refusal} Esc: back")

    def suit_keys(self, rank: Rank) -> str:
        """The keys of the suits of ``rank`` worth asking for: ``H=♥ C=♣``."""
        return " ".join(f"{s.letter}={s.symbol}" for s in self.open_suits(rank))

    def held_keys(self) -> str:
        """The keys of the ranks you may ask for, as the hand shows them (0 for the 10)."""
        return " ".join(RANK_KEYS[rank] for rank in self.session.held_ranks())

    def refusal(self, why: IllegalChoice, rank: Rank) -> str:
        """Why an ask was refused, with keys where the session lists ranks as on the cards:
        its "(A 9 10 K)" read as keys made "1 0" ask for aces (1 is the ace's key)."""
        held = self.session.held_ranks()
        listed = f"({' '.join(r.symbol for r in held)})."
        message = str(why)
        if rank in held or not message.endswith(listed):
            return message
        return message.removesuffix(listed) + f"(press {self.held_keys()})."

    def write_events(self, narrated: list[tuple[Event, str]]) -> None:
        for event, sentence in narrated:
            self.write_line(self.styled(event, sentence))

    def write_line(self, line: Text) -> None:
        self.log_lines.append(line)
        del self.log_lines[:-LOG_LINES]
        self.query_one("#log", TableLog).add(line)

    def on_resize(self, event: events.Resize) -> None:
        self.fit_title(event.size.width)
        self.fit_hand_title(event.size.width)
        self.fit_to(event.size.width, event.size.height)
        # The question's whole command may fit now, or no longer fit; the app's size is
        # the new one only once this resize is handled.
        self.call_after_refresh(self.fit_question)
        self.fit_hand(event.size.width, event.size.height)
        self._window_resized = True  # the coach is checked once the log has its new size

    def fit_question(self) -> None:
        """Say a question waiting for its answer again, in the form the window has room for."""
        if self.question_pending:
            self.show_prompt()

    def on_table_log_resized(self, message: TableLog.Resized) -> None:
        if not message.log.is_attached:
            # The app is closing: its widgets left the screen (resizing the log) before
            # this came, and the table has nothing left to fit. Looked for, the log was
            # not found, and leaving the table ended in a traceback.
            return
        self.rewrap_log()
        if self._window_resized:
            self._window_resized = False
            self.place_coach_for_window()

    def fit_title(self, width: int) -> None:
        """The header's subtitle in the longest form that fits ``width`` columns: at 60 the
        opponents' options, and then their names, were cut off mid-word; at 50, with house
        rules, even their count. The rules are kept longest (the table shows the seats)."""
        session = self.session
        opponents = session.opponents()
        named = f"{session.rules.preset} + house rules" if session.house_rules() else (
            session.rules.preset)
        forms = [
            f"{named} · you against {', '.join(session.labels[seat] for seat in opponents)}",
            f"{named} · vs {', '.join(session.names[seat] for seat in opponents)}",
            f"{named} · vs {plural(len(opponents), 'opponent')}",
            named,
        ]
        room = width - HEADER_ICON_WIDTH - len(f"{self.title} — ")
        self.sub_title = next((form for form in forms if len(form) <= room), forms[-1])

    def fit_to(self, width: int, height: int) -> None:
        """In a terminal too small for the table (the hand would be cut off), say so
        instead of drawing half a table."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.query_one("#table").set_class(self.table_is_narrow(width), "-narrow")
        self.query_one("#main").display = not small
        note = self.query_one("#too-small", Static)
        if note.display != small:
            note.display = small
            self.refresh_bindings()  # the footer's n comes and goes with the note
            log = self.query_one("#log", TableLog)
            if not small and log.screen.focused is None:
                # Hiding the table took the focus off the log, whose keys (↑ PgUp End)
                # then did nothing for the rest of the game.
                log.focus()
        if small:
            note.update(f"This terminal is {width}×{height}; the table needs at least "
                        f"{MIN_WIDTH}×{MIN_HEIGHT}. Make the window bigger, or press q to quit.")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # Behind the too-small note n does nothing in a game under way (a second n would
        # deal blind), so the footer does not offer it there.
        if action == "new_game" and self.query("#too-small") and self.too_small:
            return self.session.is_over or not self.session.asks_made
        return True

    @property
    def too_small(self) -> bool:
        """Is the window too small for the table, which is hidden behind a note?"""
        return bool(self.query_one("#too-small").display)

    def table_is_narrow(self, width: int) -> bool:
        """Would the opponent panels, beside a full-size pond, be too narrow for names?"""
        opponents = max(len(self.session.opponents()), 1)
        return (width - POND_WIDTH) // opponents < NARROW_PANEL

    def rewrap_log(self) -> None:
        """The log wraps lines as they are written: write them again at the new width."""
        log = self.query_one("#log", TableLog)
        width = log.scrollable_content_region.width
        if width == self._log_width:
            return
        self._log_width = width
        log.rewrite(self.log_lines)  # the latest events in sight, or the reader's place kept

    def styled(self, event: Event, sentence: str) -> Text:
        if isinstance(event, TurnPassed):
            return Text(f"── {sentence}", style="dim")
        if isinstance(event, GameOver):
            return Text(sentence, style="bold #ffd75f")
        if isinstance(event, BookLaid):
            return Text(f"★ {sentence}", style="bold #87d787")
        if isinstance(event, LuckyDraw):
            return Text(sentence, style="bold #5fd7ff")
        if isinstance(event, WentFishing):
            return Text(sentence, style="italic")
        seat = getattr(event, "player", getattr(event, "giver", None))
        if isinstance(seat, int) and seat != self.session.human:
            return Text(sentence, style=SEAT_COLOURS[seat % len(SEAT_COLOURS)])
        return Text(sentence)

    # -- keys and clicks ---------------------------------------------------------
    def drop_repeats(self, *keys: str) -> None:
        """``keys`` just acted (dealt, or closed a screen): a second press of one of them
        within ``repeat_window`` seconds is dropped, on the table or on whatever screen is
        now on top."""
        self._repeats = (frozenset(keys), time.monotonic() + self.repeat_window)

    def is_repeat(self, key: str) -> bool:
        keys, until = self._repeats
        now = time.monotonic()
        if key not in keys or now >= until:
            # Another key between two presses makes the second one meant: Enter, a rank
            # and Enter again at --speed 0 draw twice from the sea, each after its miss.
            self._repeats = (frozenset(), 0.0)
            return False
        # A key held down repeats for as long as it is held: each repeat dropped keeps the
        # window open, or its repeats past the first half second dealt again and again.
        self._repeats = (keys, now + self.repeat_window)
        return True

    def on_key(self, event: events.Key) -> None:
        if self.is_repeat(event.key):
            # Pressed twice at once: the first press dealt or closed a screen, and this one
            # would deal yet again, quit, or undo what the first showed.
            event.prevent_default()
            event.stop()
            return
        if self.screen is not self.screen_stack[0]:
            return
        key, char = event.key, event.character or ""
        if self._after_saving is not None:
            event.prevent_default()  # leaving this game: no more moves in it
            event.stop()
            return
        if self.too_small:
            # The table and its prompt are hidden behind the note: a question asked before
            # the window shrank is dropped, and the note's keys act (q quits at once).
            self.answer_stay()
            return  # no key asks blind (q, ? and the others still work)
        if self.question_pending:
            event.prevent_default()
            event.stop()
            if key == ("q" if self.confirm_quit else "n"):
                self.confirm_quit = self.confirm_new = False
                if key == "q":
                    self.leave()
                else:
                    self.new_game()
                return
            self.answer_stay()
            return
        handled = self.handle_table_key(key, char)
        if not handled and self.is_stray(key, char):
            # A key that did nothing looked like a frozen table: say what the keys are.
            self.show_prompt(f"{STRAY_KEY_NAMES.get(key, char)} does nothing here. "
                             f"{self.what_to_press()}", error=True)
            handled = True
        if handled:
            event.prevent_default()
            event.stop()

    def what_to_press(self) -> str:
        """The keys that act now, or why none plays (a bot's turn, the game over)."""
        if self.session.pending_miss is not None:
            return self.default_prompt()  # the way to the sea's cards
        return self.why_no_key_plays() or self.default_prompt()

    def why_no_key_plays(self) -> str | None:
        """Why no key plays now, or None on the person's turn. A failed bot's game cannot
        go on: "Wait: it is Emma's turn." promised a turn that never comes."""
        if self.bot_failure is not None:
            return self.default_prompt()  # the failure, with n and q
        return self.session.why_not_now()

    def is_stray(self, key: str, char: str) -> bool:
        """A letter, digit, sign, Space or Enter that neither plays nor is bound (c, n, q,
        ?, ...): pressed for something the table does not do."""
        if key in self.screen.active_bindings:
            return False
        return key in STRAY_KEY_NAMES or (len(char) == 1 and char.isprintable())

    def handle_table_key(self, key: str, char: str) -> bool:
        """Keys that play: ranks, suits, targets, Esc. True if the key was used."""
        if self.session.pending_miss is not None:
            return self.handle_sea_key(key, char)
        if self.picked_rank is not None:
            if char in KEY_TO_SUIT:
                # Pressed twice at once, a second c (clubs) opened the coach, the rank
                # no longer picked; or closed the game-over box the ask led to.
                self.drop_repeats(key)
                self.try_ask(self.picked_rank, KEY_TO_SUIT[char])
                return True
            if key == "escape":
                self.picked_rank = None
                self.refresh_table()
                return True
        if key == "escape" and self.query_one(CoachPanel).display:
            self.action_coach()  # Esc closes the coach over the table: beside the log too
            return True
        if key in ("left", "shift+tab"):
            self.move_target(-1)
            return True
        if key in ("right", "tab"):
            self.move_target(+1)
            return True
        if char in KEY_TO_RANK:
            if not self.asked_again(KEY_TO_RANK[char]):
                self.try_ask(KEY_TO_RANK[char], None)
            return True
        if char in KEY_TO_SUIT and char != "c" and self.session.rules.ask == "card":
            # (a lower-case c with no rank picked is the coach). On a bot's turn or at the
            # end, that is why the key does nothing: "press a rank first" told otherwise.
            why = self.why_no_key_plays() or "Press a rank first, then the suit."
            self.show_prompt(why, error=True)
            return True
        return False

    def handle_sea_key(self, key: str, char: str) -> bool:
        """Keys while your miss waits for its draw: choose a card of the sea and draw it
        (Enter, Space, or f as in the browser); a rank, a suit or Esc is told the ask is
        made. True if the key was used."""
        steps = {"left": -1, "shift+tab": -1, "right": +1, "tab": +1}
        if key in steps:
            count = max(self.session.view().pond_size, 1)
            self.sea_spot = (self.sea_spot + steps[key]) % count
            self.show_prompt()
            return True
        if key in ("enter", "space") or char == "f":
            # Pressed twice at once, the second Enter met the game-over box the bots
            # reached (at --speed 0) and played again past the result.
            self.drop_repeats(key)
            self.draw_from_sea()
            return True
        if key == "escape" and self.query_one(CoachPanel).display:
            self.action_coach()
            return True
        if char in KEY_TO_RANK and self.asked_again(KEY_TO_RANK[char]):
            return True  # the key of the ask just made, bounced: no error for it
        if key == "escape" or char in KEY_TO_RANK or (char in KEY_TO_SUIT and char != "c"):
            self.refuse_while_fishing()
            return True
        return False

    def refuse_while_fishing(self) -> None:
        """A rank, a suit, a card clicked or Esc while the miss waits for its draw."""
        self.show_prompt(self.sea_prompt("The ask is made: go fish first."), error=True)

    def on_sea_view_picked(self, message: SeaView.Picked) -> None:
        if self.answer_stay() or self.session.pending_miss is None:
            return
        self.sea_spot = message.index
        self.draw_from_sea()

    def draw_from_sea(self) -> None:
        """Draw the card your miss waited for, and play on."""
        if self._after_saving is not None or self.session.pending_miss is None:
            return
        self.query_one("#log", TableLog).catch_up()
        self.write_events(self.session.narrate(self.session.fish()))
        self.after_move(first_pause=AFTER_YOUR_TURN)

    def asked_again(self, rank: Rank) -> bool:
        """Would asking for ``rank`` repeat the ask just made, its key pressed twice at once
        (held, bounced) with nothing played since? The opponent handed over every card of
        it (R6), or had none: a sure miss that ends the turn, dropped as the second click
        of a double click is. Not where it is the only ask left: that one is no mistake."""
        if self._just_asked is None:
            return False
        moves, target, asked, until = self._just_asked
        session = self.session
        now = time.monotonic()
        again = (
            (moves, target, asked) == (len(session.game.actions), self.target, rank)
            and now < until
            and (len(session.held_ranks()) > 1 or len(session.askable_opponents()) > 1)
        )
        if again:  # held down: its next repeat is dropped too (see is_repeat)
            self._just_asked = (moves, target, asked, now + self.repeat_window)
        return again

    def move_target(self, step: int) -> None:
        askable = self.session.askable_opponents()
        if not askable:
            return
        if len(askable) == 1:
            only = self.session.names[askable[0]]
            self.show_prompt(f"{only} is the only opponent you can ask.", error=True)
            return
        index = askable.index(self.target) if self.target in askable else 0
        self.target = askable[(index + step) % len(askable)]
        self.refresh_table()

    @property
    def question_pending(self) -> bool:
        """Is "Quit?" or "New game?" waiting for its answer (and shown in the prompt)?"""
        return self.confirm_quit or self.confirm_new

    def answer_stay(self) -> bool:
        """Any key or click but the one asked for answers "stay" to "Quit?" or "New game?",
        and does nothing else (as the question says); True if there was one to answer."""
        if not self.question_pending:
            return False
        self.confirm_quit = self.confirm_new = False
        self.show_prompt()
        return True

    def on_hand_view_rank_picked(self, message: HandView.RankPicked) -> None:
        if not self.answer_stay():
            self.try_ask(message.rank, None)

    def on_opponent_panel_regrown(self, message: OpponentPanel.Regrown) -> None:
        # The opponents' row grew to list their books (or shrank back): the hand and the
        # prompt are fitted again to the rows it leaves them.
        self.fit_hand(self.size.width, self.size.height)

    def on_opponent_panel_picked(self, message: OpponentPanel.Picked) -> None:
        if self.answer_stay():
            return
        seat = message.seat
        if seat not in self.session.askable_opponents():
            self.show_prompt(f"{self.session.names[seat]} has no cards to ask for.", error=True)
            return
        self.target = seat
        self.refresh_table()

    # -- playing -----------------------------------------------------------------
    def try_ask(self, rank: Rank, suit: Suit | None) -> None:
        """Ask the chosen opponent for ``rank``; explain instead if that is not allowed."""
        if self._after_saving is not None:
            return  # leaving this game (a click on a card while its last save ends)
        session = self.session
        if session.pending_miss is not None:  # a click on your cards, or a suit's
            self.refuse_while_fishing()
            return
        needs_suit = session.rules.ask == "card" and suit is None
        if needs_suit and rank in session.held_ranks() and session.human_to_act:
            self.picked_rank = rank
            self.refresh_table()
            return
        view = session.view()
        if suit is not None and session.human_to_act and (
            note := laid_note(view, Card(rank, suit), session.names)
        ):
            self.show_prompt(self.still_picking(note), error=True)  # a sure miss: not sent
            return
        before = frozenset(view.hand or ())
        try:
            events_ = session.ask(self.target, rank, suit, pick_from_sea=True)
        except IllegalChoice as why:
            self.picked_rank = None if suit is None else self.picked_rank
            self.show_prompt(self.still_picking(self.refusal(why, rank)), error=True)
            return
        self.picked_rank = None
        self._hand_before = before
        if session.pending_miss is not None:  # the middle of the sea, to go either way
            self.sea_spot = session.view().pond_size // 2
        # Under ask: card a rank asked again may be another suit of it: never a repeat.
        self._just_asked = (len(session.game.actions), self.target, rank,
                            time.monotonic() + self.repeat_window) if suit is None else None
        self.query_one("#log", TableLog).catch_up()  # your ask's answer, not old lines
        self.write_events(session.narrate(events_))
        self.after_move(first_pause=AFTER_YOUR_TURN)

    def after_move(self, *, first_pause: float) -> None:
        """Redraw, then hand over to the bots or to the end of the game."""
        if self.session.is_over:
            self.saver.finish()  # the last position is tried even while the database fails
            self.confirm_quit = self.confirm_new = False  # over: q and n act at once now
        else:
            self.saver.submit()
        self.refresh_table()
        if self.session.is_over:
            self._later(BEFORE_GAME_OVER, self.show_game_over)
        elif self.session.bot_to_act:
            self._later(first_pause, self.bot_step)

    def bot_step(self) -> None:
        """One bot ask (at speed 0: every bot ask until it is the person's turn, or until
        a bot that searches is to act).

        The question shows first and the answer a moment later, as at a real table.
        """
        self._bot_timer = None
        if self._left:
            return  # queued at speed 0 before the game was left: its bots are cancelled
        session = self.session
        # A bot that searches (ismcts) thinks in its thread even at speed 0: on this one
        # its search froze the table, Ctrl-C included, and a first move left it blank.
        if self.speed <= 0 and not session.bot_searches():
            try:
                while session.bot_to_act and not session.bot_searches():
                    self.write_events(session.narrate(session.bot_move()))
            except Exception as error:  # a broken bot: say so, not a traceback
                self.bot_failed(error)
                return
            self.after_move(first_pause=0)
            return
        if not session.bot_to_act:
            return
        # The bot thinks in a thread (ismcts takes a fifth of a second), so keys,
        # help and the coach keep working meanwhile; its ask is played back here.
        turn = self._bot_turn = object()

        def think() -> None:
            try:
                choice = session.bot_choice()
            except Exception as error:  # a broken bot must not leave the table waiting
                self._from_thread(self.bot_failed, error, turn)
                return
            self._from_thread(self.bot_chose, turn, session, choice)

        # A daemon thread of its own, not a Textual worker: the event loop's thread pool
        # is waited for when the app ends, so q would hang on a long think (ismcts:
        # seconds=30). The bot only reads the game; an answer after the end is dropped,
        # and a searching bot is told to stop when its game is left (after_saving).
        threading.Thread(target=think, name="gofish-bot", daemon=True).start()

    def _from_thread(self, callback: Callable[..., None], *args: object) -> None:
        """Run ``callback`` on the app's thread, unless the app ended while the bot
        thought (its loop closed: the call would be dropped with a warning)."""
        if self.is_running:
            with contextlib.suppress(RuntimeError):  # it may end in between
                self.call_from_thread(callback, *args)

    def bot_failed(self, error: Exception, turn: object | None = None) -> None:
        """The bot to act raised instead of choosing (a bug): the game cannot go on, so
        say so, rather than say it is thinking for ever."""
        if turn is not self._bot_turn:
            return  # a new game or a quit came first
        self._bot_turn = None
        name = self.session.names[self.session.game.current_player or 0]
        self.bot_failure = f"{name} could not choose an ask ({error!r})"
        self.write_line(Text(f"{self.bot_failure}. This game cannot go on: n deals a new "
                             f"one, q quits. {self.where_the_game_is('The game')}",
                             style="bold red"))
        self.refresh_table()

    def bot_chose(self, turn: object, session: TableSession,
                  choice: tuple[int, Ask] | None) -> None:
        """Play a bot's ask once it has chosen, unless a new game or a quit came first."""
        if turn is not self._bot_turn or session is not self.session or choice is None:
            return
        self._bot_turn = None
        seat, ask = choice
        # The ask is played only with its answer: until then the table (redrawn by an
        # arrow key or the coach meanwhile) must not show cards the log has not yet moved.
        question = Asked(seat, ask.target, ask.rank, ask.suit)
        self.write_events([(question, session.narrator.describe(question))])
        self._question = (session, seat, ask)
        if not self.question_pending:  # the question stays in sight until answered
            self.show_prompt()

        def reveal() -> None:
            self.answer_question()
            self.after_move(first_pause=BOT_PAUSE)

        self._later(ANSWER_PAUSE, reveal)

    def answer_question(self) -> None:
        """Play the bot's ask whose question the log shows, with its answer, if one waits."""
        waiting, self._question = self._question, None
        if waiting is None or waiting[0] is not self.session:
            return
        session, seat, ask = waiting
        narrated = session.narrate(session.play_bot_choice(seat, ask))
        self.write_events([(event, text) for event, text in narrated
                           if not isinstance(event, Asked)])

    # -- saving ------------------------------------------------------------------
    def _post_saves_settled(self, saver: BackgroundSaver) -> None:
        """From the saver's thread: hand its news to the app's thread, without waiting
        there (the app may be waiting for this very saver, in on_unmount)."""
        with contextlib.suppress(RuntimeError):  # the app's loop may be closed already
            self.post_message(SavesSettled(saver))

    def on_saves_settled(self, message: SavesSettled) -> None:
        if message.saver is not self.saver:
            return  # the game before a new deal: waited for before that deal
        self.report_saving()
        if self._after_saving is not None and self.saver.wait(0):
            self._run_after_saving()

    def report_saving(self) -> None:
        """Say once that saving fails (and where the game went), not after every ask,
        and say when the database works again."""
        if split := self.session.split_news():
            self.write_line(Text(split, style="bold"))
        failure = self.saver.failure
        news = self.saver.failure_news()
        if news and (not self.told_failure or self.told_kept != self.saver.rescued):
            self.write_line(Text(news, style="bold red"))  # again if no longer kept
        elif failure is None and self.told_failure:
            self.write_line(Text("The games database works again: the game is saved in it.",
                                 style="bold #87d787"))
        self.told_failure = failure is not None
        self.told_kept = self.saver.rescued

    def after_saving(self, then: Callable[[], None], *, thrown_away: bool = False) -> None:
        """Leave this game: save its last position (whatever failed before), then ``then``;
        while that save is under way the table says so and plays no more. ``thrown_away``:
        the game is forgotten next (a deal with no ask played, dealt again)."""
        # A question in the log is part of the game the person saw: kept without it, a
        # resumed bot (on a fresh random stream) could ask something else in its place.
        # Even the first bot's, in a deal left with q: it is kept, to resume.
        if not thrown_away:
            self.answer_question()
            # A miss told "Go fish!" is made (and stored so): its draw is the sea's top.
            if self.session.pending_miss is not None:
                self.session.fish()
        self._stop_bots()
        self.session.stop_thinking()  # a bot's search for this game would only take the CPU
        self._left = True
        self.confirm_quit = self.confirm_new = False
        self._after_saving = then
        self.saver.finish()
        if self.saver.wait(0):
            self._run_after_saving()
        else:
            self.show_prompt("Saving the game…")

    def _run_after_saving(self) -> None:
        then, self._after_saving = self._after_saving, None
        if then is not None:
            self.report_saving()
            then()

    def leave(self, return_code: int = 0) -> None:
        """Quit once the last position is saved (or, if the database fails, rescued)."""
        self.after_saving(lambda: self.exit(return_code=return_code))

    def new_game(self) -> None:
        """Deal again with the same settings, once this game's last position is saved."""
        # A deal with no ask played is forgotten (forget_unplayed), its bot's question too.
        self.after_saving(self._deal_again, thrown_away=not self.session.asks_made)

    def _deal_again(self) -> None:
        last_failure = self.saver.failure  # where the last game went, if not the database
        old = self.session
        # Off the table's thread: a locked database must not hold up the new deal.
        threading.Thread(target=old.forget_unplayed, name="gofish-forget").start()
        self.start(old.next_game())
        self.drop_repeats(*DEAL_KEYS)  # a second n would throw this deal away unseen
        if last_failure is not None:  # start() cleared the log: say it in the new one
            self.write_line(Text(f"Last game: {last_failure}.", style="bold red"))

    def on_unmount(self) -> None:
        """However the app ends, the latest position is saved or rescued before the
        process does (it usually is already: see leave)."""
        self._release_signals()
        self.session.stop_thinking()
        self.saver.finish()
        self.saver.wait()

    def _later(self, seconds: float, callback: object) -> None:
        self._stop_bots()
        delay = seconds * self.speed
        if delay <= 0:
            self.call_later(callback)  # type: ignore[arg-type]
        else:
            self._bot_timer = self.set_timer(delay, callback)  # type: ignore[arg-type]

    def _stop_bots(self) -> None:
        self._bot_turn = None  # a bot still thinking will find its ask unwanted
        if self._bot_timer is not None:
            self._bot_timer.stop()
            self._bot_timer = None

    def show_game_over(self) -> None:
        self._bot_timer = None
        session = self.session
        if not session.is_over:
            return
        if self.screen is not self.screen_stack[0]:
            self._game_over_due = True  # over the help or the coach: once they close
            return
        self._game_over_due = False
        names = [
            "You" if seat == session.human else name for seat, name in enumerate(session.names)
        ]
        figures = (names, session.tallies(), session.game.winners or (),
                   session.narrator.book_word)
        self.push_screen(GameOverScreen(session.headline(), summary_table(*figures),
                                        summary_table(*figures, compact=True)),
                         self.after_game_over)

    def after_game_over(self, choice: str | None) -> None:
        self.back_at_the_table()
        if choice is not None:
            self.drop_repeats(*GameOverScreen.keys_for(choice))
        if choice == "new":
            self.action_new_game()
        elif choice == "quit":
            self.leave()
        elif choice == "coach" and not self.query_one(CoachPanel).display:
            self.action_coach()  # how the hidden cards must have lain, beside the log

    # -- actions -----------------------------------------------------------------
    def action_help(self) -> None:
        session = self.session
        self.push_screen(HelpScreen(session.rules, session.game.num_players), self.overlay_closed)

    def overlay_closed(self, key: str | None) -> None:
        """The help or the coach over the table closed (by ``key``, None if it passed its
        key on to the table): a game that ended meanwhile shows its result now (it would
        otherwise only be a line in the log)."""
        if key is not None:
            self.drop_repeats(key)
        self.back_at_the_table()
        self.call_after_refresh(self.show_prompt)  # the coach's gone: the keys play again
        if self._game_over_due:
            self.show_game_over()

    def back_at_the_table(self) -> None:
        """A screen over the table closed: the window may have shrunk or grown under it,
        and a resize moves the coach only while it or the table is on top; left beside the
        log, it squeezed the log's lines to a few cut words."""
        self.call_after_refresh(self.place_coach_for_window)

    def action_coach(self) -> None:
        """Show or hide the coach beside the log; where it has no room there (a small
        window), show it over the table instead."""
        if self.screen is not self.screen_stack[0]:
            return
        coach = self.query_one(CoachPanel)
        if coach.display or self.coach_fits():
            coach.display = not coach.display
            self.refresh_table()
        else:
            self.open_coach_screen()

    def coach_laid_word(self) -> str:
        """The coach's row of cards laid down: "paired" under the pairs rule, as the log says."""
        return laid_word(self.session.rules.book_size)

    def coach_fits(self) -> bool:
        """Room beside the log (at its narrowest) for the whole coach, border and all."""
        session = self.session
        table = coach_table(session.coach_rows(), session.names, session.human,
                            self.coach_laid_word())
        needs = coach_size(table, self.console)
        room = self.query_one("#middle").size
        # The log wraps its text to LOG_MIN_WIDTH columns at the least: with its padding
        # and scrollbar it needs more, or the ends of its lines are cut off.
        log = self.query_one("#log", TableLog)
        log_width = LOG_MIN_WIDTH + log.styles.gutter.width + log.styles.scrollbar_size_vertical
        return room.width >= needs.width + log_width and room.height >= needs.height

    def open_coach_screen(self) -> None:
        session = self.session
        self.push_screen(CoachScreen(session.coach_rows(), session.names, session.human,
                                     self.coach_laid_word()),
                         self.overlay_closed)
        self.show_prompt()  # in sight under the coach: its keys wait until it closes

    def coach_on_top(self) -> bool:
        """Is the coach over the table (the help perhaps over it), keeping keys from it?"""
        return any(isinstance(screen, CoachScreen) for screen in self.screen_stack[1:])

    def place_coach_for_window(self) -> None:
        """Put an open coach where the window now has room for it: beside the log, else
        over the table. Both moves ask coach_fits, which measures the room beside the log
        whether the coach is there or not, so a window at the edge does not swing it back
        and forth."""
        if self._after_saving is not None:
            return  # leaving this game (a quit from the game-over box): nothing to show
        self.coach_over_if_cramped()
        self.coach_beside_if_roomy()

    def coach_over_if_cramped(self) -> None:
        """The window shrank under a coach beside the log: move it over the table."""
        coach = self.query_one(CoachPanel)
        if coach.display and self.screen is self.screen_stack[0] and not self.coach_fits():
            coach.display = False
            self.open_coach_screen()

    def coach_beside_if_roomy(self) -> None:
        """The window grew under the coach over the table: show it beside the log, as c
        does in a window this size. The table underneath is laid out again on a resize
        (the overlay is see-through), so coach_fits reads the new room."""
        over = self.screen
        if not isinstance(over, CoachScreen) or len(self.screen_stack) != 2:
            return  # no coach over the table, or the help over the coach: it waits its turn
        if self.too_small or not self.coach_fits():
            return  # behind the too-small note the log keeps the size it had before
        self.query_one(CoachPanel).display = True
        self.refresh_table()
        close_once(over, None)  # as if closed by a key passed on: a result due shows now

    def action_new_game(self) -> None:
        if self.session.is_over or not self.session.asks_made:
            self.new_game()
            return
        if self.too_small:
            return  # the question would be hidden behind the note: a second n dealt blind
        # One stray n must not leave a game in the middle: ask, as q does.
        self.confirm_new = True
        self.show_prompt()

    def new_game_question(self) -> str:
        # The keys first: in a small window they are what must be seen.
        number = self.session.game_id
        stored = f"it is game {number} in the games database" if number is not None else (
            "it stays in the games database")
        return self.question_saying_where(
            "New game? Press n again to deal a new one, any other key to stay.", "This game",
            stored)

    def action_interrupt(self) -> None:
        """Ctrl-C: leave at once (every ask is saved) with the status the line mode gives."""
        self.leave(return_code=130)

    def action_ctrl_quit(self) -> None:
        """Ctrl+Q, many programs' quit key: q's quit, asked first during a game (pressed by
        mistake, it must not end the game unasked); pressed again while asked, it quits.
        The help or the coach closes first, so that the question is seen."""
        if self._after_saving is not None:
            return  # already leaving this game (as q, ignored then)
        if self.confirm_quit:
            self.leave()
            return
        while not self.session.is_over and self.screen is not self.screen_stack[0]:
            self.screen.dismiss(None)  # pops at once (the result callback runs too)
        self.confirm_new = False  # the question to quit replaces the one to deal again
        self.action_quit_game()

    def action_quit_game(self) -> None:
        # In a window too small for the table the note offers "press q to quit", and the
        # prompt that would ask again is hidden: q quits at once (the game is saved).
        if self.session.is_over or not self.session.asks_made or self.too_small:
            self.leave()
            return
        self.confirm_quit = True
        self.show_prompt()

    def quit_question(self) -> str:
        # Under ask: card Shift+Q only picks the queen: the suit key after it asks.
        queen = "picks the queen" if self.session.rules.ask == "card" else "asks for queens"
        return self.question_saying_where(
            f"Quit? Press q again to quit, any other key to stay (Shift+Q {queen}).",
            "The game", "the command that resumes it is printed as you leave")

    def question_saying_where(self, question: str, game: str, instead: str) -> str:
        """``question``, then where ``game`` is kept: with the whole command that resumes it
        (a game in another --database is not found by a bare "gofish resume"), or, where the
        prompt's lines cannot hold that command, ``instead``: a command cut short fails."""
        whole = f"{question} {self.where_the_game_is(game)}"
        # At 50x16 the window has room for fewer lines than QUESTION_LINES: the last of
        # them, the end of the command, was under the footer.
        room = min(QUESTION_LINES, self.prompt_room())
        if not self.saver.kept or self.prompt_lines(whole) <= room:
            return whole  # (a game kept nowhere has no command to cut)
        return f"{question} {game} is saved: {instead}."

    def prompt_lines(self, text: str) -> int:
        """The lines ``text`` takes in the prompt at the window's width."""
        prompt = self.query_one("#prompt", Static)
        width = max(self.size.width - prompt.styles.gutter.width, 1)
        return len(Text(text).wrap(self.console, width))

    def where_the_game_is(self, game: str) -> str:
        """Whether leaving keeps ``game``: saved (in the database, or rescued to the fallback
        file, from where resume takes it), or not, when every save so far failed everywhere."""
        if self.saver.kept:
            return f"{game} is saved: {self.session.resume_command()}"
        return (f"{game} could not be saved anywhere: it is tried once more as you leave, "
                "and lost if that fails too.")
