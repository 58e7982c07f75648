"""Five players at 80 × 24: each opponent's panel is twelve columns wide, and its list of
books was cut ("Books 4: 3 …"): the count was right, but which books were down could not
be read. The ranks now go on below the count, the whole row of panels growing a line at
a time, and the hand and the prompt keep their places under it."""

from __future__ import annotations

import pytest
from tests.tui.helpers import make_app, run_app, screen_lines
from textual.pilot import Pilot

from gofish.core import Rank
from gofish.narrate import in_rank_order
from gofish.tui import GoFishApp
from gofish.tui.screens import GameOverScreen
from gofish.tui.widgets import RANK_KEYS, OpponentPanel, books_lines


async def play_until_an_opponent_has(app: GoFishApp, pilot: Pilot[None], books: int) -> None:
    """Ask (a held rank, in turn) until some opponent has laid ``books`` books (R3)."""
    turn = 0
    session = app.session
    while max(len(session.view().books[seat]) for seat in session.opponents()) < books:
        assert not isinstance(app.screen, GameOverScreen), "no opponent laid that many books"
        if session.pending_miss is not None:
            await pilot.press("enter")
        elif session.human_to_act:
            turn += 1
            held = session.held_ranks()
            await pilot.press(RANK_KEYS[held[turn % len(held)]])
        await pilot.pause()


def panel_words(app: GoFishApp, lines: list[str], panel: OpponentPanel) -> list[str]:
    """The words inside ``panel`` on the screen, read row by row (its border left out)."""
    region = panel.content_region
    return [word for row in lines[region.y:region.bottom]
            for word in row[region.x:region.right].split()]


@pytest.mark.parametrize("size", [(80, 24), (60, 20), (50, 16), (120, 40)])
def test_every_opponents_books_can_be_read_with_five_players(size: tuple[int, int]) -> None:
    app = make_app("bicycle", players=5, seed=3)
    app.repeat_window = 0  # keys pressed at the machine's pace are no double presses
    seen: dict[str, object] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_until_an_opponent_has(app, pilot, 4)
        lines = screen_lines(app)
        view = app.session.view()
        seen["panels"] = {seat: (panel_words(app, lines, app.opponent_panel(seat)),
                                 [rank.symbol for rank in in_rank_order(view.books[seat])])
                          for seat in app.session.opponents()}
        seen["prompt"] = str(app.query_one("#prompt").render())
        seen["screen"] = lines
        seen["table"] = app.query_one("#table").outer_size.height

    run_app(app, script, size=size)
    lines = seen["screen"]
    assert isinstance(lines, list)
    for words, ranks in seen["panels"].values():  # type: ignore[attr-defined]
        assert "…" not in words, (words, lines)
        if ranks:
            at = words.index(f"{len(ranks)}:")  # "Books 4:", then the ranks, A to K
            assert words[at + 1:] == ranks, (words, ranks, lines)
    # The prompt is still on the screen, under the grown row.
    assert any(str(seen["prompt"]).strip()[:30] in line for line in lines), lines
    # Only a panel too narrow for its list makes the row taller.
    assert seen["table"] == (4 if size == (120, 40) else 5), lines


@pytest.mark.parametrize(("width", "lines"), [
    (12, ["Books 13: A", "2 3 4 5 6 7", "8 9 10 J Q K"]),  # 80 columns, five players
    (10, ["Books 13:", "A 2 3 4 5", "6 7 8 9 +4"]),  # 50 columns: the rest counted
    (None, ["Books 13: A 2 3 4 5 6 7 8 9 10 J Q K"]),
])
def test_a_list_longer_than_its_lines_says_how_many_more(width: int | None,
                                                         lines: list[str]) -> None:
    shown = books_lines(list(Rank), "book", width).plain.split("\n")
    assert [line.rstrip() for line in shown] == lines
    assert all(len(line) <= (width or 99) for line in shown)


def test_a_panel_with_no_books_leaves_the_others_their_lists_at_50_columns() -> None:
    # At 50 columns a panel is ten wide: "No books yet" did not fit, so every panel of the
    # row said its count alone ("3 books") while any opponent had none, and which books
    # were down could not be read, as before lists wrapped. The empty one says "No books".
    app = make_app("bicycle", players=5, seed=3)
    app.repeat_window = 0
    seen: dict[int, tuple[list[str], list[str]]] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        turn = 0
        while True:  # ask (a held rank, in turn) until one has 2 books and another none
            books = [len(session.view().books[seat]) for seat in session.opponents()]
            if max(books) >= 2 and min(books) == 0:
                break
            assert not isinstance(app.screen, GameOverScreen), books
            if session.human_to_act:
                turn += 1
                held = session.held_ranks()
                await pilot.press(RANK_KEYS[held[turn % len(held)]])
            await pilot.pause()
        lines = screen_lines(app)
        view = session.view()
        seen.update({seat: (panel_words(app, lines, app.opponent_panel(seat)),
                            [rank.symbol for rank in in_rank_order(view.books[seat])])
                     for seat in session.opponents()})

    run_app(app, script, size=(50, 16))
    for words, ranks in seen.values():
        if ranks:
            at = words.index(f"{len(ranks)}:")  # "Books 2:", then the ranks, A to K
            assert words[at + 1:] == ranks, seen
        else:
            assert words[-2:] == ["No", "books"], seen


@pytest.mark.parametrize(("width", "said"), [(12, "No books yet"), (10, "No books"),
                                             (7, "0 books")])
def test_no_books_are_said_in_the_words_that_fit(width: int, said: str) -> None:
    assert books_lines([], "book", width).plain == said
