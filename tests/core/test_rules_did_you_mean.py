"""A preset, an option or a value that is almost right is refused naming the one meant
(RULES.md "House rules": option names and values are exact; "Game records"): the error
says the field, the value given and the valid names, then the likely one."""

from __future__ import annotations

from typing import Any

import pytest

import gofish
from gofish import MalformedInputError, make_rules, replay_record


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("clasic", "unknown preset 'clasic': choose classic, bicycle or nordic; "
                   "did you mean 'classic'?"),
        ({"preset": "classic", "refill": "Hand"},
         "refill must be one of hand, card, turn, none, not 'Hand'; did you mean 'hand'?"),
        ({"preset": "nordic", "end": "first_empty"},
         "end must be one of all-books, first-empty, not 'first_empty'; "
         "did you mean 'first-empty'?"),
        ({"preset": "classic", "ask": "CARD"},
         "ask must be one of rank, card, not 'CARD'; did you mean 'card'?"),
        ({"preset": "classic", "lucky-draw": False},
         "unknown option 'lucky-draw': the options are lucky_draw, refill, end, hand_size, "
         "book_size, ask; did you mean 'lucky_draw'?"),
    ],
)
def test_an_almost_right_name_is_refused_naming_the_one_meant(spec: object,
                                                              message: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        make_rules(spec)
    assert str(error.value) == message


def test_a_record_says_it_too() -> None:
    record: dict[str, Any] = gofish.new_game("classic", players=2, seed=5).to_record()
    result = replay_record({**record, "rules": {"preset": "classic", "Book_Size": 2}})
    assert result["ok"] is False and result["action_index"] is None
    assert result["error"].endswith("; did you mean 'book_size'?")


def test_a_name_like_none_of_them_gets_no_guess() -> None:
    with pytest.raises(MalformedInputError) as error:
        make_rules({"preset": "classic", "refill": "half"})
    assert str(error.value) == "refill must be one of hand, card, turn, none, not 'half'"
