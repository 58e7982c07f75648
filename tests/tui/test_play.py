"""Complete games at the terminal table, played through the keyboard, for every preset."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.tui.helpers import make_app, play_to_the_end, run_app, screen_lines, screen_text
from textual.pilot import Pilot

from gofish.storage import open_store
from gofish.tui import GoFishApp
from gofish.tui.screens import GameOverScreen, summary_table


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("classic", 2, {}),
        ("bicycle", 3, {}),
        ("nordic", 4, {}),
        ("classic", 2, {"ask": "card", "book_size": 2}),
    ],
)
def test_a_whole_game_is_played_with_keys_only(
    preset: str, players: int, options: dict[str, object], tmp_path: Path
) -> None:
    app = make_app(preset, players=players, seed=11, database=tmp_path / "g.db", **options)
    outcome: dict[str, object] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        outcome["presses"] = await play_to_the_end(app, pilot)
        outcome["text"] = screen_text(app)
        game = app.session.game
        outcome["winners"] = game.winners
        outcome["books"] = [len(b) for b in game.books]
        outcome["id"] = app.session.game_id

    run_app(app, script)
    assert outcome["presses"] > 0
    books = outcome["books"]
    assert isinstance(books, list)
    best = max(books)
    assert outcome["winners"] == tuple(s for s, b in enumerate(books) if b == best)  # R10
    text = str(outcome["text"])
    counted = "Pairs" if options.get("book_size") == 2 else "Books"
    assert counted in text and "Play again" in text
    with open_store(tmp_path / "g.db") as store:  # saved, and marked finished
        stored = store.get(int(str(outcome["id"])))
        assert stored.over and stored.books == books


def test_play_again_deals_a_new_game_with_the_same_settings() -> None:
    app = make_app("nordic", players=3, seed=5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        first = app.session
        await pilot.press("n")
        await pilot.pause()
        assert not isinstance(app.screen, GameOverScreen)
        second = app.session
        assert second is not first and not second.is_over
        assert second.rules == first.rules and second.names == first.names
        assert second.game.deck != first.game.deck

    run_app(app, script)


def test_a_long_result_on_the_game_over_screen_is_wrapped_not_cut() -> None:
    """A shared win at a table of four reads longer than the box is wide: its end (how many
    books each) used to be cut off after the first line."""
    headline = ("All 13 books are down. A shared win for Expert and Counter, "
                "with 4 books each!")
    app = make_app("bicycle", players=4, seed=11)
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        names = ["You", "Expert", "Counter", "Randy"]
        tallies = app.session.tallies()
        app.push_screen(GameOverScreen(headline, summary_table(names, tallies, (1, 2))))
        await pilot.pause()
        seen["text"] = " ".join(screen_text(app).split())

    run_app(app, script)
    assert "with 4 books each!" in seen["text"]


def test_under_the_pairs_rule_the_game_over_figures_count_pairs() -> None:
    # The panels and the log said "Pairs 13", the game-over table's column "Books".
    app = make_app("classic", seed=11, book_size=2)
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        await pilot.pause()
        seen["box"] = " ".join(" ".join(screen_lines(app)).split())

    run_app(app, script)
    assert "Pairs Asks Hits" in seen["box"]
    assert "Books" not in seen["box"]


@pytest.mark.parametrize("players", [2, 5])
def test_at_the_smallest_size_the_game_over_figures_keep_every_column(players: int) -> None:
    # At 50x16 the table was cut at the box's edge: the Streak column was not there at all.
    app = make_app("bicycle", players=players, seed=11)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        await pilot.pause()
        lines = screen_lines(app)
        header = next(line for line in lines if "Asks" in line)
        assert "Lucky" in header and "Streak" in header
        rows = [line.split("│")[1].split() for line in lines if line.count("│") == 2]
        you = next(row for row in rows if row[:1] == ["You"] or row[:2] == ["★", "You"])
        assert len([word for word in you if word.isdigit()]) == 6  # every figure

    run_app(app, script, size=(50, 16))


def test_the_game_over_figures_keep_every_column_when_the_window_shrinks_under_them() -> None:
    # Fitted once, to the window the game ended in: shrunk to 50 columns with the box
    # open, the Streak column was cut off again.
    app = make_app("bicycle", players=5, seed=11)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        await pilot.pause()
        for size in ((50, 16), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            header = next(line for line in screen_lines(app) if "Asks" in line)
            assert "Lucky" in header and "Streak" in header, size
        assert "Go fish" in header  # at 80 columns, the roomy table again

    run_app(app, script)
