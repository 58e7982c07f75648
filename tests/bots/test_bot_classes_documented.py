"""The bot classes ``gofish.bots`` exports say what they are and what each of their options
does, where ``help(gofish.bots.ExpertBot)`` looks: they had no docstring at all, so help
showed a bare ``__init__(epsilon, noise, infer, weights, endgame)`` and the meaning of each
stayed in the module text and ``gofish bots``."""

from __future__ import annotations

import inspect

import pytest

from gofish.bots import CounterBot, EmmaBot, ExpertBot, IsmctsBot, RandomBot


@pytest.mark.parametrize("kind", [RandomBot, EmmaBot, CounterBot, ExpertBot, IsmctsBot])
def test_a_bot_class_names_each_of_its_options_in_its_docstring(kind: type) -> None:
    doc = inspect.getdoc(kind)
    assert doc, f"{kind.__name__} has no docstring"
    options = [name for name in inspect.signature(kind).parameters]
    missing = [name for name in options if f"``{name}``" not in doc]
    assert not missing, f"{kind.__name__}'s docstring does not say what {missing} do"
    assert f'make_bot("{kind.name}' in doc  # and the spec that makes one, as tables do
