"""A deck of the wrong cards says where they are (R1: the 52 cards once each; R2: in
dealing order). "the deck holds AS twice" left a person mending a record, or another
program's deck, to search 52 cards for the two; "this one has 51" to find the one
missing."""

from __future__ import annotations

import json

import pytest

import gofish
from gofish import MalformedInputError

FULL = [str(card) for card in gofish.FULL_DECK]


@pytest.mark.parametrize(("deck", "message"), [
    ([*FULL[:30], FULL[3], *FULL[31:]],
     f"the deck holds {FULL[3]} twice, at deck positions 3 and 30, and so "
     f"lacks {FULL[30]}"),
    ([*FULL[:51], FULL[0]],
     f"the deck holds {FULL[0]} twice, at deck positions 0 and 51, and so "
     f"lacks {FULL[51]}"),
    (FULL[:51], f"a deck must have 52 cards, this one has 51: it lacks {FULL[51]}"),
    ([*FULL[:20], *FULL[23:]],
     f"a deck must have 52 cards, this one has 49: it lacks {FULL[20]}, {FULL[21]} and "
     f"{FULL[22]}"),
    ([*FULL, FULL[7]], f"a deck must have 52 cards, this one has 53: it holds {FULL[7]} "
                       "twice, at deck positions 7 and 52"),
    (FULL[:40], "a deck must have 52 cards, this one has 40"),  # twelve: not listed
])
def test_a_deck_of_the_wrong_cards_names_them_and_where(deck: list[str], message: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        gofish.new_game("classic", players=2, deck=deck)
    assert str(error.value) == message
    record = {"rules": "classic", "players": 2, "deck": deck}
    assert gofish.replay_line(json.dumps(record)) == {
        "ok": False, "action_index": None, "error": message}
