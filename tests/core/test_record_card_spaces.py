"""A record's cards are written exactly, rank then suit letter (RULES.md "Game records":
``AS``, ``10H``, ``QC``, also ``T`` for 10 and lower case): ``" AS"`` is refused, as another
reader of the format would refuse it, where Card.parse strips spaces for people."""

from __future__ import annotations

import pytest

import gofish
from gofish import replay_record


@pytest.mark.parametrize("spaced", [" AS", "AS ", "10H\n", "\tqc"])
def test_a_card_with_spaces_around_it_is_refused_naming_its_position(spaced: str) -> None:
    record = gofish.new_game("classic", players=2, seed=5).to_record()
    deck = list(record["deck"])
    deck[7] = spaced
    result = replay_record({**record, "deck": deck})
    assert result == {"ok": False, "action_index": None,
                      "error": f"deck position 7: card {spaced!r} has spaces around it: a "
                               "record writes a card as its rank then its suit letter, "
                               "e.g. AS, 10H, QC"}


def test_t_for_ten_and_lower_case_still_read() -> None:
    game = gofish.new_game("classic", players=2, seed=5)
    record = game.to_record()
    deck = [card.replace("10", "T").lower() for card in record["deck"]]
    assert replay_record({**record, "deck": deck}) == gofish.snapshot(game)
