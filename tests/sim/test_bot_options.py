"""The simulator plays bots with options (``emma:memory=2``, ``counter:epsilon=0.1``), game
for game as the engine plays them: ``simulate`` refused every spec with an option ("plays
only random, emma, counter, not emma:memory=2"), so a tournament of them fell back to the
engine, a hundred times slower. A spec the rest of gofish refuses (``emma:``, an unknown
option, a bad value) is refused in make_bot's words; an option the kernel could not play
would be refused by name, and a tournament would play it on the engine."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("numba")

import gofish.sim
from gofish.bots import make_bot
from gofish.core import MalformedInputError, make_rules
from gofish.sim import SimUnavailable, play_deals, sim_bot, simulate
from gofish.sim.reference import engine_game
from gofish.tournament import Plan, TournamentError, run_tournament

SEED = 20260514


def engine_results(rules: object, specs: list[str], deals: int,
                   rotations: np.ndarray) -> tuple[list[list[int]], list[int]]:
    books, asks = [], []
    for deal in range(deals):
        game = engine_game(make_rules(rules), len(specs), SEED, deal, int(rotations[deal]),
                           [make_bot(spec) for spec in specs])
        books.append([len(b) for b in game.books])
        asks.append(len(game.actions))
    return books, asks


def sim_results(rules: object, specs: list[str], deals: int,
                rotations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    seats = np.tile(np.arange(len(specs)), (deals, 1))  # seat s: specs[s]
    return play_deals(rules, len(specs), SEED, np.arange(deals), rotations, seats, specs)


@pytest.mark.parametrize(("rules", "specs", "deals"), [
    ("classic", ["emma:memory=2", "random"], 300),
    ("classic", ["emma:memory=0", "emma:memory=1", "emma"], 300),
    ("nordic", ["counter:epsilon=0.3", "emma:memory=3"], 300),
    ("bicycle", ["counter:epsilon=1", "counter", "counter:epsilon=0.05", "emma:memory=4"], 200),
    ({"preset": "classic", "refill": "turn", "book_size": 2},
     ["counter:epsilon=0.5", "random", "emma:memory=1"], 200),
    ({"preset": "classic", "end": "first-empty", "lucky_draw": False},
     ["Emma:Memory=5", "counter:epsilon=0.2", "counter:epsilon=0.2", "emma:memory=13",
      "random"], 150),
])
def test_bots_with_options_play_the_engines_games(rules: object, specs: list[str],
                                                  deals: int) -> None:
    rotations = np.arange(deals) % len(specs)  # every seat's stream of each deal is met
    books, actions = sim_results(rules, specs, deals, rotations)
    engine_books, engine_asks = engine_results(rules, specs, deals, rotations)
    differ = [deal for deal in range(deals)
              if (books[deal].tolist(), int(actions[deal]))
              != (engine_books[deal], engine_asks[deal])]
    assert differ == [], f"{len(differ)} of {deals} deals differ, e.g. deal {differ[:3]}"
    assert actions.mean() > 10  # whole games were played


@pytest.mark.parametrize(("with_option", "without"), [
    ("emma:memory=0", "emma"),
    ("emma:memory=1", "emma"),
    ("counter:epsilon=0.5", "counter"),
])
def test_an_option_changes_the_games(with_option: str, without: str) -> None:
    # Not read and dropped: the games differ from the bot's without it.
    given = simulate("classic", [with_option, "random", "emma"], games=300, seed=SEED)
    plain = simulate("classic", [without, "random", "emma"], games=300, seed=SEED)
    assert (given.actions != plain.actions).any()


def test_simulate_plays_specs_as_play_deals_does() -> None:
    specs = ["emma:memory=2", "Counter:Epsilon=0.10", " random "]
    result = simulate("classic", specs, games=200, seed=3, first_deal=5)
    seats = np.tile(np.arange(3), (200, 1))
    books, actions = play_deals("classic", 3, 3, np.arange(5, 205), np.zeros(200, np.int64),
                                seats, specs)
    assert (result.books == books).all() and (result.actions == actions).all()
    # One spelling or another of one bot is one bot.
    again = simulate("classic", ["emma:memory=2", "counter:epsilon=0.1", "random"], games=200,
                     seed=3, first_deal=5)
    assert (again.books == result.books).all()


@pytest.mark.parametrize("spec", [
    "emma:",  # make_bot refuses a bare colon, and so does a tournament
    "emma:memory=2:",
    "emma:foo=1",
    "emma:memory=-1",
    "emma:memory=1.5",
    "counter:epsilon=2",
    "random:epsilon=0.1",
])
def test_a_spec_make_bot_refuses_is_refused_in_its_words(spec: str) -> None:
    with pytest.raises(MalformedInputError) as refused_by_make_bot:
        make_bot(spec)
    with pytest.raises(MalformedInputError) as refused:
        simulate("classic", [spec, "random"], games=3)
    assert not isinstance(refused.value, SimUnavailable)  # the spec is wrong, not the kernel
    assert str(refused.value) == str(refused_by_make_bot.value)
    with pytest.raises(MalformedInputError) as refused_by_play_deals:
        play_deals("classic", 2, 1, [0], [0], [[0, 1]], [spec, "random"])
    assert str(refused_by_play_deals.value) == str(refused_by_make_bot.value)
    with pytest.raises(TournamentError) as in_a_tournament:
        run_tournament(Plan(make_rules("classic"), 2, 1, (spec, "random"), 2), jobs=1)
    assert str(in_a_tournament.value) == str(refused_by_make_bot.value)


def test_play_deals_bots_are_a_list_of_specs_its_kinds_number() -> None:
    with pytest.raises(MalformedInputError, match="kinds must be numbers of the 2 bots given, "
                                                  "from 0 to 1, not 2"):
        play_deals("classic", 2, 1, [0], [0], [[0, 2]], ["emma:memory=1", "random"])
    with pytest.raises(MalformedInputError, match="bots must be a list of bot names, not 'emma'"):
        play_deals("classic", 2, 1, [0], [0], [[0, 0]], "emma")
    with pytest.raises(SimUnavailable, match="plays only random, emma, counter, not expert"):
        play_deals("classic", 2, 1, [0], [0], [[0, 1]], ["expert", "emma"])


@pytest.fixture
def emma_without_options_in_the_kernel(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The kernel as it would be had Emma's memory not been compiled into it."""
    monkeypatch.setitem(gofish.sim.SIM_OPTIONS, "emma", ())
    sim_bot.cache_clear()
    yield
    sim_bot.cache_clear()


@pytest.mark.usefixtures("emma_without_options_in_the_kernel")
def test_an_option_the_kernel_cannot_play_is_named_and_played_on_the_engine() -> None:
    with pytest.raises(SimUnavailable) as refused:
        simulate("classic", ["emma:memory=2", "random"], games=3)
    assert str(refused.value) == (
        "the bulk simulator cannot play emma:memory=2: option memory is not in its compiled "
        "emma, which plays only these options: none (the engine plays them all)")
    plan = Plan(make_rules("classic"), 2, 1, ("emma:memory=2", "random"), 4)
    assert run_tournament(plan, jobs=1).engine == "engine"  # the automatic choice
    with pytest.raises(TournamentError, match="fast=True cannot be used: the bulk simulator "
                                              "cannot play emma:memory=2: option memory"):
        run_tournament(plan, jobs=1, fast=True)
