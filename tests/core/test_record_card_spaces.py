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


def test_a_letter_that_only_upper_cases_to_a_suit_is_refused() -> None:
    # "ſ" (the long s) upper-cases to "S": "Aſ" read as the A♠, which no other reader does.
    record = gofish.new_game("classic", players=2, seed=5).to_record()
    deck = [("Aſ" if card == "AS" else card) for card in record["deck"]]
    result = replay_record({**record, "deck": deck})
    assert result["ok"] is False and result["action_index"] is None
    assert "unknown card 'Aſ'" in result["error"]


def test_an_action_suit_that_only_upper_cases_to_a_letter_is_refused() -> None:
    game = gofish.new_game({"preset": "classic", "ask": "card"}, players=2, seed=5)
    ask = game.legal_actions()[0]
    assert ask.suit is not None
    record = game.to_record()
    action = {"player": game.current_player, "target": ask.target, "rank": str(ask.rank),
              "suit": "ſ"}
    result = replay_record({**record, "actions": [action]})
    assert result == {"ok": False, "action_index": 0,
                      "error": "suit must be one of S H D C, not 'ſ'"}
