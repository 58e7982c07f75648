"""Pop-up screens over the table: help (controls and rules), the coach in a small
window, and the end of a game."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, TypeVar

from rich.console import Group
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from gofish.core import Rules
from gofish.knowledge import RankRow
from gofish.narrate import book_word, laid_word, pond_word
from gofish.rules_help import rules_paragraphs
from gofish.session import sea_is_spread
from gofish.tally import PlayerTally
from gofish.tui.widgets import (
    COACH_FRAME,
    COACH_LEGEND,
    CoachPanel,
    coach_size,
    coach_table,
    fit_name,
)


def controls(rules: Rules, players: int) -> list[tuple[str, str]]:
    """The keys that act in this game only: listed in a two-player rank game, the suit keys
    and those that choose whom to ask sent a newcomer looking for what they did."""
    choosing = players > 2
    by_card = rules.ask == "card"
    if by_card:  # a rank key only picks the rank: the suit key that follows asks
        rows = [
            ("A 2-9 0 J K", "pick the rank of the card wanted (0 or T is the 10)"),
            ("Shift+Q", "pick the queen (a lower-case q is quit)"),
        ]
    else:
        rows = [
            ("A 2-9 0 J K", "ask for that rank (0 or T is the 10)"),
            ("Shift+Q", "ask for queens (a lower-case q is quit)"),
        ]
    if choosing:
        rows.append(("← → Tab", "choose whom to ask"))
    if by_card:
        rows.append(("S H D C", "then the suit of the card you ask for"))
    sea = sea_is_spread(rules)
    if sea:
        # One line: the rules below must still show on the help's first page at 80x24.
        rows.append(("← → Enter", 'told "Go fish!": pick or click a sea card, draw it'))
    rows += [
        ("Esc", "cancel a rank picked, else close the coach" if by_card else "close the coach"),
        ("↑ ↓ PgUp PgDn",
         "scroll the log back (End: the latest); a small window shows only its end"),
        # Under ask: card a click on your cards picks the rank, as its key does: the card
        # asked for is the suit clicked (or typed) next.
        ("mouse", ("click your cards to pick their rank, then a suit" if by_card
                   else "click a group of your cards to ask")
                  + (", an opponent to choose them" if choosing else "")),
        ("c", "show or hide the coach: what the table has revealed (over the table in a "
              "small window; Esc closes it too)"),
        ("?", "this help (? or Esc closes it)"),
        # Before the first ask n and q act at once: nothing is lost (action_new_game).
        ("n", "new game, same settings (twice after the first ask)"),
        # Not "saved: gofish resume": that missed a --database, and was said while saving
        # failed. The quit question says where the game is, with the whole command.
        ("q Ctrl+Q", "quit (twice after the first ask; the first q says where the game is "
                     "kept)"),
    ]
    return rows


def coach_rows_explained(rules: Rules) -> list[tuple[str, str]]:
    """What each row and mark of the coach means, under the names the coach gives them."""
    laid = laid_word(rules.book_size)
    return [
        ("You", "how many of each rank you hold"),
        ("2+ – ?", "an opponent holds at least 2 (they asked for it or were handed it), "
                   "none, or unknown"),
        (laid.capitalize(), f"cards of that rank laid down in {book_word(rules.book_size)}s"),
        ("Unseen", f"still in the {pond_word(rules)} or in an opponent's unknown cards"),
    ]


ResultType = TypeVar("ResultType")

#: Under the help, while some of it is below the window's foot.
MORE_HELP_BELOW = "PgDn: more below"

#: What the coach over the table says where the window is too narrow for all its ranks.
COACH_TOO_NARROW = "The coach needs a wider window to show every rank."


def _two_columns(rows: Sequence[tuple[str, str]]) -> Table:
    table = Table(box=None, padding=(0, 1), show_header=False, expand=True)
    table.add_column(style="bold #ffd75f", no_wrap=True)
    table.add_column(ratio=1)
    for name, meaning in rows:
        table.add_row(name, meaning)
    return table


def help_text(rules: Rules, players: int) -> Group:
    rules_text = Text()
    for paragraph in rules_paragraphs(rules, players):
        rules_text.append(f"{paragraph}\n")
    return Group(
        Text("Controls", style="bold underline"),
        _two_columns(controls(rules, players)),
        Text(f"\nRules: {rules.preset}", style="bold underline"),
        rules_text,
        Text("The coach (c), per rank", style="bold underline"),
        _two_columns(coach_rows_explained(rules)),
    )


def close_once(screen: ModalScreen[ResultType], result: ResultType) -> bool:
    """Dismiss ``screen`` with ``result``, unless it is no longer on top: a second press
    that reached it before it closed (Enter twice on a button) would close what now lies
    beneath, the table's own screen at the last (a crash). True if it was closed."""
    if not screen.is_active:
        return False
    screen.dismiss(result)
    return True


class Overlay(ModalScreen[str | None]):
    """A screen over the table (the help, the coach). The table's footer stays in sight
    under it, offering the table's keys: those it does not use itself close it and are
    passed on to what lies beneath (it swallowed c, n and q, which the footer offers).

    Dismissed with the key that closed it (None if it passed its key on): pressed twice
    at once, that key must not act again on what lies beneath."""

    def action_close(self, key: str) -> None:
        close_once(self, key)

    def action_pass_on(self, key: str) -> None:
        if not close_once(self, None):
            return
        # Posted, not run at once: the overlay's closing (and a result due to show once it
        # closes) comes first, so the key acts on whatever is on top then, as typed there.
        self.app.post_message(events.Key(key, key))


class HelpScreen(Overlay):
    """Controls and the rules of the game being played; Esc or ? closes it, and c, n or q
    closes it and does what it does on the table (the footer in sight says "q Quit")."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close('escape')", "Close"),
        Binding("question_mark", "close('question_mark')", "Close", show=False),
        Binding("q", "pass_on('q')", show=False),
        Binding("c", "pass_on('c')", show=False),
        Binding("n", "pass_on('n')", show=False),
    ]

    def __init__(self, rules: Rules, players: int) -> None:
        super().__init__()
        self.rules = rules
        self.players = players

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static(help_text(self.rules, self.players), id="help-text")

    def on_mount(self) -> None:
        box = self.query_one("#help-box", VerticalScroll)
        box.border_title = "Help · Esc to close"
        # Only the scrollbar showed that a short window cut the help off: say so in words,
        # once the layout has settled (the box's height is known only then).
        self.watch(box, "scroll_y", self._check_more_below)
        self.watch(box, "virtual_size", self._check_more_below)

    def on_resize(self) -> None:
        self._check_more_below()

    def _check_more_below(self) -> None:
        self.call_after_refresh(self._show_more_below)

    def _show_more_below(self) -> None:
        box = self.query_one("#help-box", VerticalScroll)
        box.border_subtitle = MORE_HELP_BELOW if box.scroll_y < box.max_scroll_y else ""


class CoachScreen(Overlay):
    """The coach over the table, for a window with no room for it beside the log.

    Esc or c closes it; ? opens the help over it, and n and q close it and ask for a new
    game or to quit, as on the table; the arrows scroll it if the window is shorter still. The game
    goes on underneath (the app redraws the coach after every ask), and no key that
    plays reaches the table from here.
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close('escape')", "Close"),
        Binding("c", "close('c')", "Close", show=False),
        Binding("q", "pass_on('q')", show=False),
        Binding("question_mark", "app.help", show=False),
        Binding("n", "pass_on('n')", show=False),
    ]

    def __init__(self, rows: Sequence[RankRow], names: Sequence[str], viewer: int,
                 laid: str = "booked") -> None:
        super().__init__()
        self.seen = (rows, names, viewer, laid)
        self.clear_below = (0, 0)  # rows left free at the foot of a window so tall

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="coach-box"):
            yield CoachPanel(compact=True, id="coach-sheet")

    def on_mount(self) -> None:
        box = self.query_one("#coach-box")
        box.border_title = "Coach · Esc to close"
        self.place_box()
        self.show(*self.seen)

    def show(self, rows: Sequence[RankRow], names: Sequence[str], viewer: int,
             laid: str = "booked") -> None:
        self.seen = (rows, names, viewer, laid)
        table = coach_table(rows, names, viewer, laid, compact=True)
        width = coach_size(table, self.app.console).width
        panel = self.query_one(CoachPanel)
        fits = width <= self.app.size.width
        if fits:
            panel.update(table)
            panel.styles.width = "auto"
        else:
            # Cut at the window's edge, the coach lost its last ranks with nothing to say so.
            width = min(len(COACH_TOO_NARROW) + COACH_FRAME.width, self.app.size.width)
            panel.update(Text(COACH_TOO_NARROW, style="italic"))
            panel.styles.width = width - COACH_FRAME.width  # the note wraps to the window
        box = self.query_one("#coach-box")
        box.border_subtitle = COACH_LEGEND if fits else ""  # no marks to explain in the note
        # A box of auto width around a scroll area measures nothing: size it to the table.
        box.styles.width = width

    def keep_clear_below(self, rows: int, height: int) -> None:
        """Stay above the last ``rows`` of a window ``height`` tall, scrolling if the coach
        has no room there: the prompt there says that the keys wait for the coach to close
        (centred in a low window, the coach hid its first line)."""
        self.clear_below = (rows, height)
        if self.is_mounted:
            self.place_box()

    def place_box(self) -> None:
        rows, height = self.clear_below
        box = self.query_one("#coach-box")
        box.styles.margin = (0, 0, rows, 0)
        if height:
            box.styles.max_height = max(height - rows, 1)

    def on_resize(self, event: events.Resize) -> None:
        # The table was measured at the window's width then: opened in a window too small,
        # it stayed 44 columns wide, cut at J, once the window grew.
        self.show(*self.seen)


#: The game-over box's width in gofish.tcss; a narrower window squeezes the figures.
OVER_WIDTH = 64
#: The columns the box's border and padding take (gofish.tcss, #over-box).
OVER_GUTTER = 4
#: The one heading of the figures that may wrap (onto two lines) to give up width.
GO_FISH = "Go fish"
#: Columns of a name in the squeezed figures: what 50 columns leave beside them whole.
COMPACT_NAME = 9


def summary_table(names: Sequence[str], tallies: Sequence[PlayerTally],
                  winners: Sequence[int], book_word: str = "book", *,
                  compact: bool = False) -> Table:
    """Books (pairs, under the pairs rule) and the short summary per player, winners starred;
    ``compact`` (a narrow window) keeps every column with one space between them."""
    table = Table(box=None, padding=(0, 0, 0, 1) if compact else (0, 1), header_style="bold",
                  pad_edge=not compact)
    books = f"{book_word.capitalize()}s"
    for title in ("", books, "Asks", "Hits", GO_FISH, "Lucky", "Streak"):
        # Only "Go fish" can give up width, by going onto two lines: a squeezed word is cut.
        table.add_column(title, justify="left" if not title else "right",
                         no_wrap=" " not in title)
    for seat, (name, figures) in enumerate(zip(names, tallies, strict=True)):
        star = "★ " if seat in winners else "  "
        # In a narrow window a long name squeezed the figures' headings ("Boo…", "Str…").
        shown = fit_name(name, COMPACT_NAME) if compact else name
        table.add_row(
            Text(star + shown),  # not markup: a stored name may hold "[/]"
            str(figures.books),
            str(figures.asks),
            str(figures.hits),
            str(figures.go_fish),
            str(figures.lucky_draws),
            str(figures.longest_streak),
            style="bold #ffd75f" if seat in winners else "",
        )
    return table


class GameOverScreen(ModalScreen[str]):
    """Who won, with the figures; dismissed with ``new``, ``quit``, ``look`` or ``coach``
    (the table with the coach shown)."""

    # The table's footer stays in sight under the box, offering ? and c: they work here too.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "choose('new')", "Play again"),
        Binding("enter", "choose('new')", "Play again", show=False),
        Binding("q", "choose('quit')", "Quit"),
        Binding("escape", "choose('look')", "Look at the table"),
        Binding("question_mark", "app.help", "Help"),
        Binding("c", "choose('coach')", "Coach"),
    ]

    def __init__(self, headline: str, table: Table, compact: Table | None = None) -> None:
        super().__init__()
        self.headline = headline
        self.table = table
        self.compact = compact  # for a window narrower than the box, or names too long

    def figures(self, width: int) -> Table | Text:
        """The figures for a window ``width`` wide, or, where even the squeezed ones would
        lose a column, a note saying so: a table cut short would say something false."""
        room = min(width, OVER_WIDTH) - OVER_GUTTER
        # The squeezed figures too in a wide window: a name too long for the box's full
        # figures hid them all there, while a narrower window showed them, names shortened.
        tables = [self.table] if width >= OVER_WIDTH or self.compact is None else []
        tables += [self.compact] if self.compact is not None else []
        return next((table for table in tables if self.fits(table, room)),
                    Text("The figures need a wider window.", style="italic"))

    def fits(self, table: Table, room: int) -> bool:
        """Whether ``table`` shows every column whole in ``room`` columns."""
        # Rich's own minimum squeezes headings ("Go f…"): the least width that cuts
        # nothing is the natural one, less what "Go fish" gives up on two lines.
        natural = Measurement.get(self.app.console, self.app.console.options, table).maximum
        return natural - (len(GO_FISH) - max(len(word) for word in GO_FISH.split())) <= room

    def compose(self) -> ComposeResult:
        with Vertical(id="over-box"):
            yield Static(Text(self.headline, style="bold"), id="over-headline")
            yield Static(self.figures(self.app.size.width), id="over-table")
            with Horizontal(id="over-buttons"):
                yield Button("Play again (n)", id="again", variant="primary", compact=True)
                yield Button("Quit (q)", id="quit", compact=True)

    def on_mount(self) -> None:
        box = self.query_one("#over-box")
        box.border_title = "Game over"
        box.border_subtitle = "Esc: look at the table"  # the log of the end, and the coach

    def on_resize(self, event: events.Resize) -> None:
        self.query_one("#over-table", Static).update(self.figures(event.size.width))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self.action_choose("new" if event.button.id == "again" else "quit")

    def action_choose(self, choice: str) -> None:
        close_once(self, choice)

    @classmethod
    def keys_for(cls, choice: str) -> tuple[str, ...]:
        """The keys that make ``choice``: pressed again at once, they are a double press."""
        return tuple(binding.key for binding in cls.BINDINGS if isinstance(binding, Binding)
                     and binding.action == f"choose({choice!r})")
