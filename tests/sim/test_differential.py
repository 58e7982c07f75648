"""The bulk simulator against the engine, game by game: same deal, same random stream, same game.

Both sides draw every choice from the same SplitMix64 streams (gofish.sim.rng):
a choice among n legal asks is floor(u * n), with legal asks in the order
``game.legal_actions()`` lists them. Over 10,000 deals per preset the winners,
the books of every player and the number of asks must be identical.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import random
import sys
from collections.abc import Callable
from typing import Any, TypeVar

import numpy as np
import pytest

pytest.importorskip("numba")

from gofish.bots import available_bots, make_bot
from gofish.core import MalformedInputError, Rules, make_rules
from gofish.sim import SIM_BOTS, play_deals
from gofish.sim.reference import engine_game

SEED = 20261129
T = TypeVar("T")
MAX_WORKERS = 2
PARALLEL_FROM = 1_500  # fewer deals than this are not worth starting workers for


def _engine_results(
    rules: Rules, bots: list[str], deals: range, rotations: list[int]
) -> list[tuple[list[int], int, tuple[int, ...] | None]]:
    """Books per seat, number of asks and winners of each deal played through the engine."""
    results = []
    for deal in deals:
        game = engine_game(rules, len(bots), SEED, deal, rotations[deal],
                           [make_bot(name) for name in bots])
        results.append(([len(b) for b in game.books], len(game.actions), game.winners))
    return results


def _engine_results_in_parallel(
    rules: Rules, bots: list[str], deals: int, rotations: list[int]
) -> list[tuple[list[int], int, tuple[int, ...] | None]]:
    # The engine side is most of the time: its deals are split over the machine's cores
    # (the suite itself runs on one), each worker playing one contiguous share.
    workers = min(os.cpu_count() or 1, MAX_WORKERS)
    if workers == 1 or deals < PARALLEL_FROM:
        return _engine_results(rules, bots, range(deals), rotations)
    bounds = [deals * share // workers for share in range(workers + 1)]
    shares = [(rules, bots, range(lo, hi), rotations) for lo, hi in itertools.pairwise(bounds)]
    parts = in_workers(_engine_results, shares)
    return [result for part in parts for result in part]


def in_workers(function: Callable[..., T], shares: list[tuple[Any, ...]]) -> list[T]:
    """``function(*share)`` for each share, one worker per share, forked as the tournament's
    are. Spawned ones started multiprocessing's resource tracker, a child of this process
    that outlived the pool: the tests of tests/protocol that check no child is left behind
    then failed (31 of them) when run after this file in one process (``pytest tests``)."""
    context = multiprocessing.get_context("fork" if sys.platform != "win32" else "spawn")
    with context.Pool(len(shares)) as pool:
        return pool.starmap(function, shares)


def _compare(preset: str, bots: list[str], deals: int, **options: object) -> None:
    players = len(bots)
    rules = make_rules(preset, **options)
    kinds = np.tile([SIM_BOTS[name] for name in bots], (deals, 1))
    # Rotation numbers vary so that different bot streams are exercised too.
    rotations = np.arange(deals) % players
    books, actions = play_deals(rules, players, SEED, np.arange(deals), rotations, kinds)
    engine = _engine_results_in_parallel(rules, bots, deals, rotations.tolist())
    assert len(engine) == deals
    mismatches = []
    for deal, (engine_books, engine_asks, engine_winners) in enumerate(engine):
        sim_books = books[deal].tolist()
        top = max(sim_books)
        sim_winners = tuple(seat for seat, count in enumerate(sim_books) if count == top)
        if (engine_books, engine_asks, engine_winners) != (
            sim_books, int(actions[deal]), sim_winners
        ):
            mismatches.append((deal, engine_books, sim_books, engine_asks, actions[deal]))
    assert not mismatches, f"{len(mismatches)} of {deals} deals differ, e.g. {mismatches[:3]}"
    assert actions.mean() > 1  # real games were played on both sides


def test_classic_two_players_ten_thousand_deals() -> None:
    _compare("classic", ["random", "emma"], 10_000)  # R11, R12, R14


def test_bicycle_four_players_ten_thousand_deals() -> None:
    _compare("bicycle", ["emma", "random", "emma", "random"], 10_000)  # R15, R16, R17


def test_nordic_three_players_ten_thousand_deals() -> None:
    _compare("nordic", ["random", "emma", "emma"], 10_000)  # R18, R19


@pytest.mark.parametrize(
    ("preset", "bots", "options"),
    [
        ("classic", ["emma", "emma"], {}),
        ("classic", ["random", "random", "emma", "random", "emma"], {}),
        ("classic", ["emma", "random"], {"lucky_draw": False}),  # R8
        ("classic", ["emma", "random", "emma"], {"refill": "card"}),
        ("classic", ["random", "emma"], {"book_size": 2}),  # pairs: ties happen (R10)
        ("classic", ["random", "emma", "random"], {"hand_size": 1}),
        ("classic", ["random", "emma"], {"hand_size": 13}),
        ("classic", ["emma", "random", "random"], {"refill": "turn"}),
        ("classic", ["emma", "random"], {"end": "first-empty"}),
        ("bicycle", ["emma", "random", "emma", "random", "emma"], {"book_size": 2}),
        ("bicycle", ["random", "emma"], {"lucky_draw": False, "hand_size": 3}),
        ("nordic", ["emma", "random", "emma", "random", "emma"], {}),
        ("nordic", ["random", "emma"], {"refill": "hand"}),
        ("nordic", ["emma", "random"], {"book_size": 2, "hand_size": 10}),
    ],
)
def test_house_rules_and_table_sizes(
    preset: str, bots: list[str], options: dict[str, object]
) -> None:
    _compare(preset, bots, 600, **options)


def _random_tables(count: int, seed: int) -> list[tuple[str, list[str], dict[str, object]]]:
    """``count`` playable tables of random presets, house rules, sizes and bots."""
    rng = random.Random(seed)
    registered = {info.name for info in available_bots()}
    names = [name for name in sorted(SIM_BOTS) if name in registered]
    tables: list[tuple[str, list[str], dict[str, object]]] = []
    while len(tables) < count:
        preset = rng.choice(["classic", "bicycle", "nordic"])
        bots = [rng.choice(names) for _ in range(rng.randint(2, 5))]
        options = {name: rng.choice(values) for name, values in (
            ("lucky_draw", [True, False]), ("refill", ["hand", "card", "turn", "none"]),
            ("end", ["all-books", "first-empty"]), ("hand_size", [None, 1, 2, 4, 9, 13]),
            ("book_size", [2, 4])) if rng.random() < 0.6}
        if options.get("hand_size") is None:
            options.pop("hand_size", None)
        try:
            rules = make_rules(preset, **options).for_players(len(bots))
        except MalformedInputError:
            continue  # unplayable (RULES.md, "House rules"): refused before the deal
        if rules.end == "first-empty" and (rules.hand_size or 0) < 4:
            continue  # over after an ask or two: too few asks to compare
        tables.append((preset, bots, options))
    return tables


@pytest.mark.parametrize(("preset", "bots", "options"), _random_tables(30, SEED))
def test_random_house_rule_combinations(
    preset: str, bots: list[str], options: dict[str, object]
) -> None:
    # Corners the list above names one by one, met in combination (pairs with a card
    # refill, turn refills ending at the first empty hand, 13-card hands with 3 players).
    _compare(preset, bots, 40, **options)


def _counter_registered() -> bool:
    return any(info.name == "counter" for info in available_bots())


needs_counter = pytest.mark.skipif(
    not _counter_registered(), reason="the counter bot is not registered"
)


@needs_counter
@pytest.mark.parametrize(
    ("preset", "bots", "deals", "options"),
    [
        ("classic", ["counter", "emma"], 2_000, {}),
        ("classic", ["random", "counter"], 1_000, {}),
        ("bicycle", ["counter", "random", "emma", "counter"], 2_000, {}),
        ("nordic", ["emma", "counter", "counter"], 2_000, {}),
        ("classic", ["counter", "random", "counter"], 300, {"book_size": 2}),
        ("classic", ["counter", "emma"], 300, {"lucky_draw": False}),
        ("classic", ["counter", "random", "counter"], 300, {"refill": "turn"}),
        ("classic", ["random", "counter"], 300, {"hand_size": 1}),
        ("bicycle", ["counter", "counter", "emma", "random", "counter"], 300, {"book_size": 2}),
        ("nordic", ["counter", "random"], 300, {"refill": "card"}),
    ],
)
def test_counter_matches_the_engine(
    preset: str, bots: list[str], deals: int, options: dict[str, object]
) -> None:
    _compare(preset, bots, deals, **options)


def _pid(_: int) -> int:
    return os.getpid()


def test_parallel_engine_games_leave_no_child_process_behind() -> None:
    # Ran in workers (a pool may hand both shares to one of them, so not "two pids").
    assert os.getpid() not in in_workers(_pid, [(0,), (1,)])
    me = str(os.getpid())
    children = []
    for entry in os.listdir("/proc"):
        try:
            with open(f"/proc/{entry}/stat") as stat:
                fields = stat.read().rsplit(")", 1)[1].split()
        except (OSError, IndexError):
            continue
        if fields[1] == me:
            children.append(entry)
    assert children == []
