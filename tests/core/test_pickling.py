"""Pickling and copying (``tournament --jobs`` sends rules to worker processes) work the
same whether the core is compiled by mypyc or interpreted: the compiled classes would
otherwise be rebuilt by calling ``__init__`` bare or by setting frozen fields."""

from __future__ import annotations

import copy
import pickle
import random

import gofish
from gofish import Ask, Game, make_rules


def test_rules_survive_pickling_and_copying() -> None:
    rules = make_rules("bicycle", lucky_draw=False, hand_size=6, ask="card")
    for twin in (pickle.loads(pickle.dumps(rules)), copy.deepcopy(rules), copy.copy(rules)):
        assert twin == rules and twin.hand_size == 6 and twin.ask == "card"


def test_an_unpickled_ask_is_the_interned_one() -> None:
    for ask in (Ask.of(1, "9"), Ask.of(3, "K", "H")):
        assert pickle.loads(pickle.dumps(ask)) is ask
        assert copy.deepcopy(ask) is ask


def played(seed: int) -> Game:
    game = gofish.new_game("bicycle", players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(12):
        legal = game.legal_actions()
        if not legal:
            break
        game.play(legal[rng.randrange(len(legal))])
    return game


def test_every_kind_of_event_survives_pickling() -> None:
    events = [event for seed in range(20) for event in played(seed).events]
    assert len({type(event) for event in events}) >= 7
    assert pickle.loads(pickle.dumps(events)) == events
    assert copy.deepcopy(events) == events


def test_an_unpickled_game_plays_on_exactly_like_the_original() -> None:
    original = played(5)
    twin = pickle.loads(pickle.dumps(original))
    assert twin is not original and twin.events == original.events
    assert twin.to_record() == original.to_record()
    rng = random.Random(1)
    while not original.is_over:
        assert twin.legal_actions() == original.legal_actions()
        action = original.legal_actions()[rng.randrange(len(original.legal_actions()))]
        assert twin.play(action) == original.play(action)
    assert twin.winners == original.winners
    assert twin.view(0).to_dict() == original.view(0).to_dict()
