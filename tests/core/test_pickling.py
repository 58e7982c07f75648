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


def test_a_view_survives_pickling_and_copying() -> None:
    # Compiled by mypyc, a View (a frozen dataclass) could not be pickled, copied or
    # deep-copied at all: "cannot assign to field 'viewer'". Views go to worker processes.
    game = played(3)
    for viewer in (0, 2, None):
        view = game.view(viewer)
        for twin in (pickle.loads(pickle.dumps(view)), copy.copy(view), copy.deepcopy(view)):
            assert twin == view and twin.to_dict() == view.to_dict()
            assert hash(twin) == hash(view)


def test_views_can_key_a_table() -> None:
    # hash(view) raised "unhashable type: 'Dealt'": the generated hash took in the events.
    game = played(4)
    seen = {game.view(seat): seat for seat in range(game.num_players)}
    assert seen[game.view(1)] == 1 and len(seen) == game.num_players


def test_a_shallow_copy_of_a_game_is_independent() -> None:
    # copy.copy shared the hands and the pond: playing on the copy changed the original
    # (a card more in one hand, a card fewer in the pond, yet the same player to ask).
    original = played(6)
    before = original.to_record(), original.hand_sizes, original.pond_size
    twin = copy.copy(original)
    twin.play(twin.legal_actions()[0])
    assert (original.to_record(), original.hand_sizes, original.pond_size) == before
    assert len(twin.events) > len(original.events)
