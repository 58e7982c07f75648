"""A mapping given as bot names is named with the article its type takes: it read "not a
OrderedDict", the article written "a" before any type's name (core.errors.a_kind)."""

from __future__ import annotations

from collections import OrderedDict

import pytest

from gofish.bots.base import bot_names_in_order
from gofish.core import MalformedInputError


def test_bot_names_in_an_ordered_dict_are_refused_with_its_article() -> None:
    with pytest.raises(MalformedInputError) as refused:
        bot_names_in_order("opponents", OrderedDict(emma=1))
    assert "['emma', 'random'], not an OrderedDict (" in str(refused.value)
