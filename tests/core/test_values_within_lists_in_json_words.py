"""A refused value is quoted as JSON writes it within a list or an object too, as RULES.md
and the record's writer spell it: ``[null]`` and ``{'a': true}``, which read ``[None]`` and
``{'a': True}``. A huge or deeply nested one is cut, never a traceback."""

from __future__ import annotations

import pytest

import gofish
from gofish.core.errors import SHOWN_LIMIT, a_kind, shown


@pytest.mark.parametrize(("options", "words"), [
    ({"lucky_draw": [None]}, "lucky_draw must be true or false, not [null]"),
    ({"refill": {"a": True}}, "refill must be one of hand, card, turn, none, not {'a': true}"),
])
def test_a_house_rule_given_a_list_or_object_is_quoted_in_json_words(
        options: dict[str, object], words: str) -> None:
    with pytest.raises(gofish.MalformedInputError) as refused:
        gofish.make_rules({"preset": "classic", **options})
    assert str(refused.value) == words


def test_a_long_list_is_cut_without_writing_it_all() -> None:
    text = shown(list(range(1_000_000)))
    assert text.startswith("[0, 1, 2, ") and text.endswith("…")
    assert len(text) == SHOWN_LIMIT + 1


def test_a_list_thousands_deep_is_cut_not_a_recursion_error() -> None:
    deep: list[object] = []
    for _ in range(5000):
        deep = [deep]
    assert shown(deep).startswith("[[[[") and "…" in shown(deep)


@pytest.mark.parametrize(("value", "kind"),
                         [(5, "an int"), ({}, "a dict"), (object(), "an object")])
def test_a_kind_takes_the_article_its_sound_needs(value: object, kind: str) -> None:
    assert a_kind(value) == kind



class UserDict(dict[str, object]):
    """A type named as collections.UserDict is: its 'U' is said "you"."""


@pytest.mark.parametrize(("name", "kind"), [
    ("ndarray", "an ndarray"),  # said letter by letter: "en-dee-array"
    ("HTTPError", "an HTTPError"),
    ("UUID", "a UUID"),
    ("uint8", "a uint8"),
    ("UnicodeError", "a UnicodeError"),
    ("UnboundLocalError", "an UnboundLocalError"),
    ("float", "a float"),
    ("frozenset", "a frozenset"),
    ("str", "a str"),
    ("NoneType", "a NoneType"),
    ("", "a "),  # a class may be named nothing at all: no IndexError
    ("x", "an x"),
])
def test_a_kind_reads_a_type_by_its_sound_not_its_first_letter(name: str, kind: str) -> None:
    assert a_kind(type(name, (), {})()) == kind


def test_a_user_dict_takes_the_article_it_is_said_with() -> None:
    assert a_kind(UserDict()) == "a UserDict"  # "an UserDict" read wrong
