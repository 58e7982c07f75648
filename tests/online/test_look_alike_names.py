"""Names that read alike are one name in a room (docs/online.md), marks over the letters
included: "Bo̷b" (a slash, U+0337, over the o) sat beside Bob as a second player the log
could not tell from him. And a seat's label that names no seat ("Seat 0") is refused in
words that are true of it: it was said to "read as seat 0 in the seat list", which has
none."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from gofish.core.rules import MAX_PLAYERS
from gofish.online.codes import clean_name, name_key

from .helpers import create_room


@pytest.mark.parametrize("second", [
    "Bo\u0337b",  # a short slash over the o
    "Bo\u0338b",  # a long slash
    "B\u00f3b", "Bo\u0301b",  # an accent, composed or not
    "Bob\u0305",  # a line over the b
    "Bo\u20ddb",  # an enclosing circle (a mark for symbols)
    "Bo\u0489b",  # a Cyrillic mark drawn round a Latin letter
    "B\u200bo\u200db",  # zero-width space and joiner
    "\u202ebob",  # a right-to-left override, dropped
    "Bob\u00a0", "B\u2060ob",  # a no-break space at the end, a word joiner
])
def test_a_name_with_marks_or_invisible_characters_is_bobs(client: TestClient,
                                                           second: str) -> None:
    made = create_room(client, "Bob", players=3)
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": second})
    assert answer.status_code == 409, answer.text
    assert answer.json()["message"].startswith("someone in this room is already called Bob:")


@pytest.mark.parametrize(("first", "second"), [
    ("Ann Lee", "Ann\u3000Lee"), ("Ann Lee", "Ann\u2003 Lee"),  # other spaces, runs of them
    ("Zo\u00eb", "Zoe"), ("Vi\u1ec7t", "Viet"),
])
def test_other_spellings_of_one_name_are_one_name(first: str, second: str) -> None:
    assert name_key(clean_name(first)) == name_key(clean_name(second))


@pytest.mark.parametrize(("first", "second"), [
    ("\u0930\u093e\u092e", "\u0930\u0940\u092e"),  # Devanagari vowel signs: two names
    ("\u0915\u0941\u0932", "\u0915\u0932"),
    ("Ann Lee", "AnnLee"), ("B\u00f8b", "Bob"),  # o with a stroke is a letter of its own
])
def test_names_that_differ_in_a_scripts_own_letters_stay_two(first: str, second: str) -> None:
    assert name_key(clean_name(first)) != name_key(clean_name(second))


@pytest.mark.parametrize("name", ["Seat 0", "Seat 00", f"Seat {MAX_PLAYERS + 1}", "Seat 99"])
def test_a_seat_label_of_no_seat_is_refused_in_true_words(client: TestClient,
                                                          name: str) -> None:
    answer = client.post("/rooms", json={"name": name, "players": 2})
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"] == (
        f'"{name}" reads as a seat\'s label, as the seat list and the log name seats '
        f'("Seat 1" to "Seat {MAX_PLAYERS}"), not as a person\'s name: choose another name')


def test_an_accented_you_is_still_a_name() -> None:
    # Duplicates fold accents away; "You" must not: Yóu is a surname, not the table's word.
    assert clean_name("Y\u00f3u") == "Y\u00f3u"
    assert name_key("Y\u00f3u") == "you"
