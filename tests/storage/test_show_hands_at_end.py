"""``gofish show`` of a finished game ends as the tables end it: after "Game over", what
each opponent still held, which is public then (View.hands_at_end), in the words the
terminal table and the line mode's log use ("Emma held 7♥ K♠."). It stopped at "Game
over", though under nordic (R19) most hands still hold cards."""

from __future__ import annotations

from pathlib import Path

import pytest

import gofish
from gofish.cli.show import turns
from gofish.narrate import Narrator
from gofish.storage import Store

from .helpers import EMMA, RANDOM, YOU, played_game

COUNTER = {"name": "Counter", "bot": "counter"}


def shown_lines(db_path: Path, record: dict[str, object], seats: list[dict[str, object]],
                *, all_cards: bool = False) -> list[str]:
    with Store(db_path) as store:
        stored = store.get(store.save(record, seats=seats))
    return [line for turn in turns(stored, all_cards=all_cards) for line in turn]


def test_a_finished_game_ends_with_what_each_seat_held(db_path: Path) -> None:
    # R19 (nordic): the game ends with most hands holding cards. show keeps no hand of
    # yours in view, as the line mode keeps none: it said what the bots held, not what
    # you did, which the line mode says ("You held 2♣ 2♦.").
    game = played_game("nordic", players=3, seed=1)
    held = {seat: " ".join(card.pretty for card in game.hand(seat)) for seat in (0, 1, 2)}
    assert all(held.values())  # or the checks below would be empty
    lines = shown_lines(db_path, gofish.game_to_record(game), [YOU, EMMA, RANDOM])
    over = next(i for i, line in enumerate(lines) if line.startswith("Game over"))
    assert lines[over + 1:] == [f"You held {held[0]}.", f"Emma held {held[1]}.",
                                f"Randy held {held[2]}."]
    # The very lines the line mode says after its own "Game over".
    narrator = Narrator(["You", "Emma", "Randy"], 0, game.rules)
    assert lines[over + 1:] == narrator.held_at_end(game.view(0), own_hand=True)


@pytest.mark.parametrize("all_cards", [False, True])
def test_a_spectator_is_told_every_hand_held_at_the_end(db_path: Path, all_cards: bool) -> None:
    game = played_game("nordic", players=3, seed=1)
    lines = shown_lines(db_path, gofish.game_to_record(game), [EMMA, RANDOM, COUNTER],
                        all_cards=all_cards)
    held = [" ".join(card.pretty for card in game.hand(seat)) for seat in range(3)]
    assert all(held)
    assert lines[-3:] == [f"Emma held {held[0]}.", f"Randy held {held[1]}.",
                          f"Counter held {held[2]}."]


def test_no_hand_is_told_before_the_end(db_path: Path) -> None:
    game = played_game("nordic", players=2, seed=4, asks=3)
    lines = shown_lines(db_path, gofish.game_to_record(game), [YOU, EMMA])
    assert not [line for line in lines if " held " in line]
