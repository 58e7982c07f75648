"""At the end of a game the log says what each opponent still held (R19 leaves cards in
hand under nordic), as the browser's seats do: nothing is secret once the game is over."""

from __future__ import annotations

from textual.pilot import Pilot

from gofish.tui import GoFishApp

from .helpers import make_app, play_to_the_end, run_app


def test_the_log_ends_with_the_cards_left_in_the_other_hands() -> None:
    app = make_app("nordic", players=3, seed=5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        game, names = app.session.game, app.session.names
        expected = [f"{names[seat]} held {' '.join(card.pretty for card in game.hand(seat))}."
                    for seat in (1, 2) if game.hand(seat)]
        assert expected  # a nordic game of three ends with cards in hand
        lines = [line.plain for line in app.log_lines]
        over = max(i for i, line in enumerate(lines) if line.startswith("Game over"))
        assert lines[over + 1:] == expected

    run_app(app, script)
