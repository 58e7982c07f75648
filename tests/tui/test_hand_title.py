"""The hand box's title names your books: fitted to the window, never cut mid-rank.

Textual cut a title too long for its border wherever the border ended: at 51 columns twelve
books read "… 9 10 J…", a jack glued to the ellipsis, and at some widths "… 1…" for a ten."""

from __future__ import annotations

import pytest
from tests.tui.helpers import run_app, screen_lines
from textual.pilot import Pilot

from gofish.core import Ask, Rank, make_rules, new_game
from gofish.session import TableSession, TableSettings
from gofish.tui import GoFishApp
from gofish.tui.app import MIN_HEIGHT


def many_books_app(books: int) -> GoFishApp:
    """Classic for four, all 52 cards dealt: you hold the spades, the others a suit each.
    You then ask each for the first ``books`` ranks, A up: every hit keeps the turn (R7)
    and completes a book (R3), so it is still your turn."""
    rules = make_rules("classic", hand_size=13)
    deck = [f"{rank.symbol}{suit}" for rank in Rank for suit in "SHDC"]
    game = new_game(rules, 4, deck=deck, first_player=0)
    for rank in list(Rank)[:books]:
        for target in (1, 2, 3):
            game.play(Ask.of(target, rank))
    settings = TableSettings(rules=rules, players=4, opponents=("random",), seed=1)
    return GoFishApp(TableSession(settings, game, settings.seats()), speed=0)


def hand_title(app: GoFishApp) -> str:
    """The hand box's top border row, as the screen shows it."""
    region = app.query_one("#hand-box").region
    return screen_lines(app)[region.y][region.x:region.right]


@pytest.mark.parametrize("books", [11, 12])
def test_the_hand_title_keeps_its_count_and_whole_ranks_at_every_width(books: int) -> None:
    app = many_books_app(books)
    seen: dict[int, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        assert len(app.session.game.books[0]) == books and app.session.human_to_act
        for width in range(50, 62):
            await pilot.resize_terminal(width, MIN_HEIGHT)
            await pilot.pause()
            seen[width] = hand_title(app)

    run_app(app, script, size=(50, MIN_HEIGHT))
    ranks = [rank.symbol for rank in list(Rank)[:books]]
    for width, title in seen.items():
        assert title.startswith("╭─ Your hand · ") and title.endswith("─╮"), (width, title)
        listed = title.split(f"Books {books}: ", 1)[1].rstrip("─╮").split()
        # Whole ranks from the first on, then "…" standing apart if some had no room.
        if listed[-1] == "…":
            listed.pop()
            assert len(listed) < books, (width, title)
        assert listed == ranks[:len(listed)] and listed, (width, title)
    assert " ".join(ranks) in seen[61]  # room for them all once the window is wide enough


def test_your_books_are_listed_a_to_k_not_in_the_order_laid() -> None:
    """Books laid K, then 7, then 2 (each a hit that keeps the turn, R7, and completes a
    book, R3) read "2 7 K" in the hand box's title, as the line mode lists them; the
    title read "K 7 2", as if unsorted."""
    app = many_books_app(0)
    for rank in (Rank.KING, Rank.SEVEN, Rank.TWO):
        for target in (1, 2, 3):
            app.session.game.play(Ask.of(target, rank))
    seen: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        app.refresh_table()
        await pilot.pause()
        seen.append(hand_title(app))

    run_app(app, script, size=(80, MIN_HEIGHT))
    assert [rank.symbol for rank in app.session.game.books[0]] == ["K", "7", "2"]
    assert "Books 3: 2 7 K " in seen[0]
