"""The pieces of the table: your hand, the opponents, the pond and the coach panel.

Each widget draws only what it is given from the person's ``View``; none of
them ever sees the ``Game``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from rich.console import Console
from rich.measure import Measurement
from rich.table import Table
from rich.text import Text
from textual import events
from textual.css.scalar import Scalar
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import RichLog, Static

from gofish.core import Card, Rank
from gofish.knowledge import RankRow
from gofish.narrate import in_rank_order, plural

#: The key that asks for each rank (shown under each group of your hand).
RANK_KEYS: dict[Rank, str] = {rank: rank.symbol for rank in Rank}
RANK_KEYS[Rank.TEN] = "0"
RANK_KEYS[Rank.ACE] = "a"
RANK_KEYS[Rank.JACK] = "j"
RANK_KEYS[Rank.KING] = "k"
RANK_KEYS[Rank.QUEEN] = "Q"

CARD_RED = "bold #c8102e on #f4f1ea"
CARD_BLACK = "bold #111111 on #f4f1ea"
CARD_PICKED = "on #ffd75f"
CARD_NEW = "on #c6f0c6"  # arrived since your last ask: easy to spot
#: ... and underlined: the tint alone is lost in greys (NO_COLOR) and to some eyes.
NEW_MARK = "underline"
GROUP_GAP = 2


def card_style(card: Card, picked: bool = False, new: bool = False) -> str:
    style = CARD_RED if card.suit.is_red else CARD_BLACK
    ink = style.split(" on ")[0]
    if new:
        ink = f"{ink} {NEW_MARK}"
    if picked:
        return f"{ink} {CARD_PICKED}"
    return f"{ink} {CARD_NEW}" if new else style


@dataclass(frozen=True)
class _Spot:
    """Where one rank group was drawn, for mouse clicks."""

    row: int
    start: int
    end: int
    rank: Rank


class HandView(Widget):
    """Your hand, grouped by rank and sorted; click a group to ask for that rank."""

    class RankPicked(Message):
        """The person clicked a rank group."""

        def __init__(self, rank: Rank) -> None:
            super().__init__()
            self.rank = rank

    DEFAULT_CSS = """
    HandView { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._cards: tuple[Card, ...] = ()
        self._active = False
        self._picked: Rank | None = None
        self._new: frozenset[Card] = frozenset()
        self._spots: list[_Spot] = []
        self.room: int | None = None  # lines the app can spare for the hand (None: any)
        self._step = 2  # lines per row of groups as last drawn (for clicks)

    def show(
        self,
        cards: Sequence[Card],
        *,
        active: bool,
        picked: Rank | None = None,
        new: frozenset[Card] = frozenset(),
    ) -> None:
        self._cards = tuple(cards)
        self._active = active
        self._picked = picked
        self._new = new
        self.refresh(layout=True)

    def _groups(self) -> list[tuple[Rank, list[Card]]]:
        groups: dict[Rank, list[Card]] = {}
        for card in sorted(self._cards):
            groups.setdefault(card.rank, []).append(card)
        return list(groups.items())

    def _rows(self, width: int) -> list[list[tuple[Rank, list[Card], int]]]:
        """Groups packed into rows no wider than ``width``: (rank, cards, strip width)."""
        rows: list[list[tuple[Rank, list[Card], int]]] = [[]]
        used = 0
        for rank, cards in self._groups():
            strip = sum(len(c.pretty) for c in cards) + len(cards) + 1
            if rows[-1] and used + GROUP_GAP + strip > width:
                rows.append([])
                used = 0
            used += (GROUP_GAP if rows[-1] else 0) + strip
            rows[-1].append((rank, cards, strip))
        return rows

    def fit_room(self, room: int | None) -> None:
        """Take no more than ``room`` lines, dropping the key under each group if need be."""
        if room != self.room:
            self.room = room
            self.refresh(layout=True)

    def _lines_per_row(self, rows: int) -> int:
        """2 (cards over their keys), or 1 (cards only) where two would not fit: the
        prompt lists the keys too, and it must stay in sight (a big hand in a low window)."""
        return 1 if self.room is not None and 2 * rows > self.room else 2

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        if not self._cards:
            return 1
        rows = len(self._rows(max(width, 10)))
        return max(1, rows * self._lines_per_row(rows))

    def render(self) -> Text:
        if not self._cards:
            return Text("(no cards in your hand)", style="dim italic")
        width = max(self.size.width, 10)
        out = Text()
        self._spots = []
        rows = self._rows(width)
        self._step = self._lines_per_row(len(rows))
        for row_index, row in enumerate(rows):
            cards_line, keys_line = Text(), Text()
            for rank, cards, strip in row:
                if cards_line:
                    cards_line.append(" " * GROUP_GAP)
                    keys_line.append(" " * GROUP_GAP)
                start = len(cards_line)
                picked = rank == self._picked
                cards_line.append(" ", style=card_style(cards[0], picked, cards[0] in self._new))
                for card in cards:
                    style = card_style(card, picked, card in self._new)
                    cards_line.append(card.pretty, style=style)
                    cards_line.append(" ", style=style)
                key = RANK_KEYS[rank]
                hint_style = "bold #ffd75f" if self._active else "#7f7f7f"
                keys_line.append(key.center(strip), style=hint_style)
                self._spots.append(_Spot(row_index, start, start + strip, rank))
            if row_index:
                out.append("\n")
            out.append_text(cards_line)
            if self._step == 2:
                out.append("\n")
                out.append_text(keys_line)
        return out

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        if event.chain > 1:  # a double click is one ask: the second would be a sure miss
            event.stop()
            return
        for spot in self._spots:
            if offset.y // self._step == spot.row and spot.start <= offset.x < spot.end:
                event.stop()
                self.post_message(self.RankPicked(spot.rank))
                return


@dataclass(frozen=True)
class _Seen:
    """What an opponent panel last showed, to draw it again at a new width."""

    cards: int
    books: tuple[Rank, ...]
    in_play: bool
    book_word: str


class TableLog(RichLog):
    """The narration. RichLog wraps lines as they are written, so a new width (a resized
    window, the coach shown or hidden) is announced for the app to write them again.

    While the reader has scrolled back (↑, PgUp, the wheel), new lines are added out of
    sight, their place kept, and the lower border counts them and says that End brings
    them in; at the end, the log follows new lines as they come.
    """

    class Resized(Message):
        """The log's width or height changed."""

        def __init__(self, log: TableLog) -> None:
            super().__init__()
            self.log = log

        @property
        def control(self) -> TableLog:
            return self.log

    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.following = True  # at the latest line: new ones scroll into sight
        self.unread = 0  # lines added below while the reader was scrolled back
        self._ends: list[int] = []  # per line written since the clear: the row after it

    def add(self, line: Text) -> None:
        """Write ``line``, into sight only if the reader is following the latest lines."""
        first_row = self._start_line
        self._append(line, scroll=self.following)
        if not self.following:
            dropped = self._start_line - first_row  # rows cut from the top (max_lines)
            if dropped:  # the rows in sight moved up: go up with them
                self.scroll_to(y=max(self.scroll_y - dropped, 0), animate=False, immediate=True)
            self.unread += 1
            self._show_unread()

    def _append(self, line: Text, *, scroll: bool) -> None:
        self.write(line, scroll_end=scroll)
        self._ends.append(self._start_line + len(self.lines))
        if self._ends[0] <= self._start_line:  # the log dropped its first rows (max_lines)
            self._ends = [end for end in self._ends if end > self._start_line]

    def clear(self) -> TableLog:
        super().clear()
        self._ends = []
        self._follow(True)
        return self

    def rewrite(self, lines: Sequence[Text]) -> None:
        """Write ``lines`` again (wrapped to a new width), keeping the reader's place: the
        latest lines in sight, or, scrolled back, the line that was at the top."""
        top = self._start_line + round(self.scroll_y)
        from_end = sum(1 for end in self._ends if end > top)  # lines at the top and below
        super().clear()
        self._ends = []
        for line in lines:
            self._append(line, scroll=False)
        if self.following:
            self.scroll_end(animate=False)
            return
        first = len(self._ends) - from_end  # the line that was at the top, from the end
        row = self._ends[first - 1] - self._start_line if first > 0 else 0
        self.scroll_to(y=row, animate=False, immediate=True)
        self._show_unread()

    def catch_up(self) -> None:
        """Show the latest lines and follow new ones again (the person's own ask)."""
        self._follow(True)
        self.scroll_end(animate=False)

    def action_scroll_end(self) -> None:
        """End: the latest lines, at once. Textual's own End scrolls there in an animation,
        which stopped short when the bots wrote lines meanwhile: the log then stayed
        behind, no longer following, though End had been pressed."""
        self.catch_up()

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._follow(new_value >= self.max_scroll_y)
        if not self.following and self.unread:
            # Lines scrolled into sight (↓, PgDn) are read: the border counts those below.
            bottom = self._start_line + round(new_value) + self.scrollable_content_region.height
            below = sum(1 for end in self._ends if end > bottom)
            if below < self.unread:
                self.unread = below
                self._show_unread()

    def on_resize(self, event: events.Resize) -> None:
        if self.following:  # lower: the latest lines stay in sight
            self.scroll_end(animate=False)
        else:  # taller, the end may have come into sight
            self._follow(self.scroll_y >= self.max_scroll_y)
        self.post_message(self.Resized(self))

    def _follow(self, at_end: bool) -> None:
        if at_end == self.following:
            return
        self.following = at_end
        if at_end:
            self.unread = 0
        self._show_unread()

    def _show_unread(self) -> None:
        """The lower border, while new lines wait below: how many, and the key to them."""
        waiting = not self.following and self.unread > 0
        self.set_class(waiting, "-behind")
        lines = plural(self.unread, "new line")
        self.border_subtitle = f"▼ {lines} below · End: the latest" if waiting else ""


class OpponentPanel(Static):
    """One opponent: name, how many cards (backs only), books, whose turn."""

    class Picked(Message):
        def __init__(self, seat: int) -> None:
            super().__init__()
            self.seat = seat

    class Regrown(Message):
        """The row of panels took another height, to show its book lists whole: what is
        under it has that much less room (or more)."""

    def __init__(self, seat: int, name: str) -> None:
        super().__init__(id=f"opponent-{seat}", classes="opponent")
        self.seat = seat
        self.player = name
        self.border_title = Text(name)  # plain text: a stored name may hold "[/]"
        self._seen: _Seen | None = None

    def sit(self, seat: int, name: str) -> None:
        """Stand for ``seat``, named ``name``, from now on (a new deal at a resumed table:
        the id stays the one it was composed with, since Textual never changes an id)."""
        if (seat, name) == (self.seat, self.player):
            return
        self.seat, self.player = seat, name
        self.border_title = Text(fit_name(name, self.title_room()) if self.outer_size.width
                                 else name)

    def show(
        self, *, cards: int, books: Sequence[Rank], in_play: bool, to_act: bool, target: bool,
        book_word: str = "book",
    ) -> None:
        self.set_class(to_act, "-to-act")
        self.set_class(target, "-target")
        self.set_class(not in_play, "-out")
        self.border_subtitle = "asking" if to_act else ("target" if target else "")
        self._seen = _Seen(cards, tuple(books), in_play, book_word)
        for panel in self._row():  # its books may change the wording of the whole row
            panel._draw()

    def on_resize(self, event: events.Resize) -> None:
        self.border_title = Text(fit_name(self.player, self.title_room()))
        for panel in self._row():  # the card backs and the book list were fitted to the old
            panel._draw()          # width, and every panel of the row fits the narrowest

    def title_room(self) -> int:
        """Columns the name has in the top border: all but the corners and the line and
        space beside each, or, in a frame without sides (a narrow table), all but a line."""
        sides = self.styles.border_left[0] not in ("", "none")
        return self.outer_size.width - (TITLE_FRAME if sides else SIDELESS_TITLE_FRAME)

    def _row(self) -> list[OpponentPanel]:
        return list(self.parent.query_children(OpponentPanel)) if self.parent else [self]

    def _draw(self) -> None:
        seen = self._seen
        if seen is None:
            return
        # Panels of a row may differ by a column: fitted each to its own width, one read
        # "No books yet" beside "0 books", or "▮▮▮ 5 cards" beside "▮▮▮▮ 4 cards".
        width = min((panel.content_size.width for panel in self._row()
                     if panel.content_size.width), default=0) or None
        text = Text(no_wrap=True, overflow="ellipsis")
        if not seen.in_play:
            text.append(out_of_play_text(width), style="italic")
        else:
            text.append_text(cards_text(seen.cards, width))
        text.append("\n")
        # One wording for the row: "Pairs 1: Q" beside "4 pairs" (a panel too narrow for
        # even its label) read as two kinds of count, so if any panel of the row must fall
        # back to its count alone, every panel of it says its count alone.
        seens = [panel._seen for panel in self._row() if panel._seen is not None]
        listed = all(label_fits(other.books, other.book_word, width) for other in seens)
        text.append_text(books_lines(seen.books, seen.book_word, width, counted=not listed))
        self.update(text)
        # Every panel of the row as tall as the longest list wants (a row of one height):
        # a list cut at the panel's edge ("Books 4: 3 …") hid which books were down.
        lines = max(len(books_lines(other.books, other.book_word, width,
                                    counted=not listed).split()) for other in seens)
        self._grow_row(PANEL_FRAME_ROWS + 1 + lines)

    def _grow_row(self, rows: int) -> None:
        """Make the row (the panels' container) ``rows`` tall, and say so if it changed."""
        row = self.parent
        if isinstance(row, Widget) and row.styles.height != Scalar.from_number(rows):
            row.styles.height = rows
            self.post_message(self.Regrown())

    def on_click(self, event: events.Click) -> None:
        event.stop()
        self.post_message(self.Picked(self.seat))


#: Columns a border title never has: two corners, a line each side and a space each side;
TITLE_FRAME = 6
#: ... and in a frame without sides (the narrow table's), a line each side.
SIDELESS_TITLE_FRAME = 2


def fit_name(name: str, room: int) -> str:
    """``name`` in ``room`` columns, still recognisable: whole if it fits, else with its
    first words as initials ("Easy Expert 2" → "E. Expert 2", "E.Expert 2", "E.Expert2"),
    else cut with "…", keeping a seat number at its end ("Emma 12" → "Em…12"), so that two
    bots of one kind can still be told apart; a bot's options in brackets are dropped
    first. ``room`` counts columns: a wide character (山, 🐟) takes two."""
    if cell_len(name) <= room or room < 2:
        return name
    plain, bracket, _ = name.partition(" (")
    if bracket and name.endswith(")") and plain.strip():
        # A bot's options ("Emma 2 (memory=0)", seat_label) go first: the seat's own name
        # is what tells two of one bot apart.
        return fit_name(plain, room)
    base, _, number = name.rpartition(" ")
    tail = number if base and number.isdigit() else ""
    base = base if tail else name
    for short in _shortened(base, tail):
        if cell_len(short) <= room:
            return short
    return _cut(_initialled(base, ""), room - cell_len(tail) - 1) + "…" + tail


def _cut(text: str, columns: int) -> str:
    """The longest start of ``text`` (one character at the least) in ``columns``."""
    kept = text[:1]
    for char in text[1:]:
        if cell_len(kept + char) > columns:
            break
        kept += char
    return kept


def _initialled(base: str, space: str) -> str:
    """``base`` with every word but the last as its initial: "Quick ISMCTS" → "Q. ISMCTS"."""
    *first, last = base.split() or [base]  # (a name of spaces only stays as it is)
    return space.join([f"{word[0]}." for word in first] + [last])


def _shortened(base: str, tail: str) -> list[str]:
    """Spellings of a name shorter than itself, the most readable first (``tail``: its
    seat number, or none): initials, then the number without its space."""
    initialled = [_initialled(base, " "), _initialled(base, "")] if len(base.split()) > 1 else []
    if not tail:
        return initialled
    return [f"{form} {tail}" for form in initialled] + [
        f"{form}{tail}" for form in [base, *initialled]]


OUT_OF_PLAY = "out of play"


def out_of_play_text(width: int | None = None) -> str:
    """``out of play``, or ``out`` where that is cut (a narrow panel read "out of p…")."""
    return OUT_OF_PLAY if width is None or width >= len(OUT_OF_PLAY) else "out"


#: The longest count a hand can show ("52 cards"): every count gets its room, so that a
#: longer count never cuts its backs shorter than a smaller one's ("▮▮▮▮▮▮▮▮ 10 cards"
#: read as fewer than "▮▮▮▮▮▮▮▮▮ 9 cards").
WIDEST_CARD_COUNT = len("52 cards")


def cards_text(cards: int, width: int | None = None) -> Text:
    """``▮▮▮ 3 cards``: one back per card, as many as fit in ``width``; none if too narrow.
    Cut to the same number of backs whatever the count, so more cards never show fewer."""
    label = plural(cards, "card")
    room = 8 if width is None else width - WIDEST_CARD_COUNT - 1
    text = Text()
    if room > 0 and cards:
        text.append("▮" * min(cards, room) + " ", style="#5f87d7")
    text.append(label)
    return text


def _books_label(books: Sequence[Rank], word: str) -> str:
    return f"{word.capitalize()}s {len(books)}: " if books else f"No {word}s yet"


def books_listed(books: Sequence[Rank], word: str = "book", width: int | None = None) -> bool:
    """Whether ``books`` can be listed in ``width`` (``Books 2: 7 …``, ``No books yet``):
    with at least one rank named, else the count alone (``2 books``) says as much."""
    if width is None:
        return True
    label = _books_label(books, word)
    if not books:
        return len(label) <= width
    first = in_rank_order(books)[0].symbol  # the first listed, as books_text lists them
    whole = len(label) + len(first) <= width and len(books) == 1
    return whole or len(label) + len(first) + 2 <= width


#: Rows of a panel's border (top and bottom), around its lines.
PANEL_FRAME_ROWS = 2
#: The most lines an opponent's books take: at 80 columns and five players, a panel's
#: twelve columns hold all thirteen ranks in three (``Books 13: A`` and two lines more).
MOST_BOOK_LINES = 3


def label_fits(books: Sequence[Rank], word: str = "book", width: int | None = None) -> bool:
    """Whether ``Books 2: `` (or ``No books``) fits in ``width``: the ranks can then
    follow on the lines below."""
    label = _books_label(books, word) if books else _no_books(word, width)
    return width is None or len(label.rstrip()) <= width


def _no_books(word: str, width: int | None) -> str:
    """``No books yet``, or ``No books`` where that is too wide: in a ten-column panel the
    count ("0 books") made the whole row count, hiding which books the others laid."""
    said = f"No {word}s yet"
    return said if width is None or len(said) <= width else f"No {word}s"


def books_lines(books: Sequence[Rank], word: str = "book", width: int | None = None, *,
                counted: bool = False) -> Text:
    """``Books 4: 3 5`` and the ranks that did not fit on lines of their own below (up to
    MOST_BOOK_LINES lines), A to K; if even those cannot hold them, the last line says how
    many are left out (``+3``). ``counted``, or a label wider than ``width``: only the
    count (``4 books``), as books_text says it."""
    if counted or not label_fits(books, word, width):
        return books_text(books, word, width, counted=True)
    if not books:
        return Text(_no_books(word, width), style="dim")
    label = _books_label(books, word)
    lines = _wrapped([rank.symbol for rank in in_rank_order(books)], label, width)
    text = Text(label, style="")
    for number, line in enumerate(lines):
        if number:
            text.append("\n")
        text.append(line, style="bold #87d787")
    return text


def _wrapped(ranks: list[str], label: str, width: int | None) -> list[str]:
    """``ranks`` set out after ``label`` in lines of ``width`` columns, never a rank cut;
    past MOST_BOOK_LINES the last line ends in ``+N``, the ranks it had no room for."""
    lines = [""]
    for rank in ranks:
        used = len(label) if len(lines) == 1 else 0
        joined = f"{lines[-1]} {rank}" if lines[-1] else rank
        if width is None or used + len(joined) <= width:
            lines[-1] = joined
        else:
            lines.append(rank)
    if len(lines) <= MOST_BOOK_LINES or width is None:
        return lines
    kept = lines[:MOST_BOOK_LINES]
    last = kept[-1].split()
    shown = sum(len(line.split()) for line in kept)
    while last and len(" ".join([*last, f"+{len(ranks) - shown}"])) > width:
        last.pop()
        shown -= 1
    kept[-1] = " ".join([*last, f"+{len(ranks) - shown}"])
    return kept


def books_text(books: Sequence[Rank], word: str = "book", width: int | None = None, *,
               counted: bool = False) -> Text:
    """``Books 2: 7 K`` (or ``No books yet``), A to K whatever the order laid, as the line
    mode lists them; ``word`` is "pair" under the pairs rule.
    Within ``width``, ranks that do not fit end in "…", so the count never looks wrong;
    narrower still, or ``counted`` (a panel beside it had no room for a list), only the
    count (``2 books``)."""
    if counted or not books_listed(books, word, width):
        return Text(plural(len(books), word), style="" if books else "dim")
    label = _books_label(books, word)
    if not books:
        return Text(label, style="dim")
    ranks = [rank.symbol for rank in in_rank_order(books)]
    shown = " ".join(ranks)
    if width is not None and len(label) + len(shown) > width:
        while len(ranks) > 1 and len(label) + len(" ".join(ranks)) + 2 > width:
            ranks.pop()
        shown = " ".join(ranks) + " …"
    text = Text(label, style="")
    text.append(shown, style="bold #87d787")
    return text


class PondPanel(Static):
    """The pond (the sea in the Nordic game) as a pile with its count; in a panel too
    narrow for the pile (a narrow table), only the word and the count.

    Drawn for its width when rendered, not when told of a resize: a table shown again
    after a window too small for it got no resize, and a narrow pond went on showing
    the pile (cut, with no count) until the next ask.
    """

    _seen: tuple[int, bool] | None = None

    def show(self, count: int, *, sea: bool) -> None:
        self._seen = (count, sea)
        self.border_title = "The sea" if sea else "Pond"  # a narrow border leaves it out
        self.refresh()

    def render(self) -> Text:
        if self._seen is None:
            return Text()
        count, sea = self._seen
        compact = 0 < self.content_size.width < POND_COMPACT_BELOW
        return pond_compact(count, sea) if compact else pond_text(count, sea)


#: A pond panel with fewer columns inside than this shows only its word and count.
POND_COMPACT_BELOW = 8


def pond_text(count: int, sea: bool) -> Text:
    """A pile as long as the pond is deep, over ``26 cards``."""
    pile = "≈" if sea else "▚"
    length = 0 if count == 0 else max(1, math.ceil(count / 52 * 12))
    text = Text(no_wrap=True)
    text.append(pile * length or "(empty)", style="#5fafd7" if sea else "#8787d7")
    text.append("\n" + plural(count, "card"))
    return text


def pond_compact(count: int, sea: bool) -> Text:
    """``Pond`` over ``26``: what a narrow table has room for."""
    text = Text(no_wrap=True)
    text.append("Sea" if sea else "Pond", style="#5fafd7" if sea else "#8787d7")
    text.append(f"\n{count}")
    return text


SEA_BACK = "▮"
SEA_STYLE = "#5fafd7"
SEA_CHOSEN_STYLE = "bold #111111 on #ffd75f"


class SeaView(Widget):
    """The sea spread out face down while a miss waits for its draw (nordic): one back per
    card, the chosen one lit; click a card to draw it. Every back is alike, and the draw
    is the sea's top card whichever is chosen, so nothing here tells the cards apart."""

    class Picked(Message):
        """The person clicked card ``index`` of the sea."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    DEFAULT_CSS = """
    SeaView { height: auto; width: 1fr; }
    """

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.count = 0
        self.chosen = 0

    def show(self, count: int, chosen: int) -> None:
        self.count, self.chosen = count, chosen
        self.refresh(layout=True)

    def _step(self, width: int) -> int:
        """Columns per card: a back and a gap where one row holds them so, else a back."""
        return 2 if 2 * self.count - 1 <= width else 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        per_row = max(max(width, 1) // self._step(width), 1)
        return max(1, math.ceil(self.count / per_row))

    def render(self) -> Text:
        width = max(self.size.width, 1)
        step = self._step(width)
        per_row = max(width // step, 1)
        text = Text(no_wrap=True)
        for index in range(self.count):
            if index and index % per_row == 0:
                text.append("\n")
            elif index and step == 2:
                text.append(" ")
            style = SEA_CHOSEN_STYLE if index == self.chosen else SEA_STYLE
            text.append(SEA_BACK, style=style)
        return text

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        event.stop()
        if event.chain > 1:  # a double click draws once: the second click is no pick
            return
        width = max(self.size.width, 1)
        step = self._step(width)
        column, gap = divmod(offset.x, step)
        index = offset.y * max(width // step, 1) + column
        if not gap and 0 <= index < self.count:
            self.post_message(self.Picked(index))


#: Columns of a name in the coach (cut with fit_name, so "Expert 2" stays "Exper…2").
COACH_NAME = 7
#: Columns and rows the coach panel's border and padding take around its table.
COACH_FRAME = Size(4, 2)


class CoachPanel(Static):
    """Public card counting (toggle with c): one column per rank, one row per player.

    Laid out across, so that it fits beside the log in an 80x24 terminal; where it
    does not, the app shows it in a ``CoachScreen`` over the table (``compact``).
    """

    def __init__(self, *, compact: bool = False, id: str | None = None) -> None:
        super().__init__(id=id)
        self.compact = compact

    def show(self, rows: Sequence[RankRow], names: Sequence[str], viewer: int,
             laid: str = "booked") -> None:
        self.update(coach_table(rows, names, viewer, laid, compact=self.compact))


def coach_table(rows: Sequence[RankRow], names: Sequence[str], viewer: int,
                laid: str = "booked", *, compact: bool = False) -> Table:
    """Ranks across, players down; ``compact`` drops the blank column at the left edge.
    ``laid``: what the row of cards laid down is called ("paired" under the pairs rule)."""
    table = Table(box=None, padding=(0, 0, 0, 1), show_edge=False, header_style="bold",
                  pad_edge=not compact)
    table.add_column("", justify="left", no_wrap=True, max_width=COACH_NAME)
    for row in rows:
        table.add_column(row.rank.symbol, justify="right", no_wrap=True, width=2,
                         header_style="dim" if row.booked >= 4 else "bold")
    table.add_row("You", *[str(row.mine) if row.mine else "·" for row in rows],
                  style="bold")
    for seat in range(len(names)):
        if seat != viewer:
            table.add_row(Text(fit_name(names[seat], COACH_NAME)),
                          *[_known_cell(row, seat) for row in rows])
    table.add_row(laid.capitalize(), *[str(row.booked) if row.booked else "·" for row in rows],
                  style="#87d787")
    table.add_row("Unseen", *[str(row.unaccounted) for row in rows], style="#8a8a8a")
    return table


def coach_size(table: Table, console: Console) -> Size:
    """The room the coach panel needs to show ``table`` whole, border included."""
    width = Measurement.get(console, console.options, table).maximum
    return Size(width, table.row_count + 1) + COACH_FRAME


#: The coach's marks, as its panel explains them. "?" and not "·" for unknown: a dot
#: is also the panel's separator and the zero of the You and Booked rows.
COACH_LEGEND = "2+ at least 2 · – none · ? unknown"


def _known_cell(row: RankRow, seat: int) -> str:
    """``2+``: holds at least two; ``–``: known to hold none; ``?``: unknown."""
    if row.known[seat]:
        return f"{row.known[seat]}+"
    return "–" if row.known_none[seat] else "?"
