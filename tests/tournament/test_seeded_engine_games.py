"""Seeded tournaments through the engine play the very same games, ask for ask.

The engine path (``fast=False``) is what every Python bot runs on; making it faster must
not change one choice. Each case pins a digest of every ask of every game (seat, target,
rank, suit) with the winners, and the tournament's win units, as they were before the
speed work of 6 Dec 2026. The cases reach the thinking bots' hidden-deal sampling (the
expert's endgame search, ISMCTS's determinizations), the trackers under ``ask: card`` and
pairs, and tables of three to five seats. A digest that moved means a game changed.
"""

from __future__ import annotations

import hashlib
import random

import pytest

import gofish
from gofish.bots import make_bot, play_out
from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament
from gofish.tournament.plan import seating
from gofish.tournament.play import make_entrant_bot, play_engine_game

pytest.importorskip("numba")  # the expert's endgame search plays out in the simulator

CASES = [
    # (preset, house rules, players, seed, bots, games asked, digest, win units per bot)
    ("classic", {}, 2, 7, ("expert", "counter"), 12,
     "4c6c2a62acb8a11d3125e5c35d03e74f85840c996b08e98793c1d4c4d510796e",
     [420, 300]),
    ("nordic", {}, 4, 11, ("expert", "emma", "counter", "random"), 8,
     "a9c7054ef3d539f200a613ee86bab95200715aa8eb2364835da7badb720f469a",
     [240, 0, 240, 0]),
    ("bicycle", {}, 3, 5, ("ismcts:iterations=8:seconds=3600", "expert", "emma"), 3,
     "fe5e2b54fc9c7ad1e7bc65ff9ce439c0f0cbc92437103084ac0d0a82840ef9be",
     [60, 120, 0]),
    ("classic", {"ask": "card", "book_size": 2}, 5, 3,
     ("counter", "emma", "expert-easy", "random", "emma"), 5,
     "e7e015f550a4170209cc67531ef305d14f6487b46dfbc6e088d2c4734b975288",
     [180, 0, 120, 0, 0]),
]


def _digest(plan: Plan) -> str:
    """Every game of ``plan`` through the engine, in the tournament's order."""
    digest = hashlib.sha256()
    for unit in plan.units():
        table, deal = plan.unit(unit)
        for rotation, arrangement in enumerate(plan.arrangements):
            seats = seating(table, arrangement)
            bots = [make_entrant_bot(plan.specs[entrant]) for entrant in seats]
            game, failed, stopped = play_engine_game(plan, bots, deal, rotation)
            assert failed is None and stopped is None, stopped
            for seat, ask in game.actions:
                digest.update(f"{seat} {ask.target} {int(ask.rank)} {ask.suit};".encode())
            digest.update(f"winners {game.winners}|".encode())
    return digest.hexdigest()


@pytest.mark.parametrize(("preset", "house", "players", "seed", "bots", "games", "digest",
                          "win_units"), CASES)
def test_a_seeded_tournament_plays_the_same_games(
    preset: str, house: dict[str, str], players: int, seed: int, bots: tuple[str, ...],
    games: int, digest: str, win_units: list[object],
) -> None:
    plan = Plan(make_rules(preset, **house), players, seed, bots, games)
    assert _digest(plan) == digest
    assert run_tournament(plan, jobs=1, fast=False).tally.raw()["win_units"] == win_units


def test_play_out_with_the_standard_generator_plays_the_same_games() -> None:
    """``play_out`` with ``random.Random`` streams (what scripts and the benches use) takes
    the standard library's draws, not the tournament's SplitMix ones: pinned too."""
    digest = hashlib.sha256()
    for seed in range(4):
        game = gofish.new_game("classic", 2, seed=seed)
        play_out(game, [make_bot("expert"), make_bot("counter")],
                 [random.Random(seed), random.Random(seed + 100)])
        for seat, ask in game.actions:
            digest.update(f"{seat} {ask.target} {int(ask.rank)};".encode())
        digest.update(f"winners {game.winners}|".encode())
    assert digest.hexdigest() == (
        "0282d234eafe910f88c17b728ca2334bffc1ab5baf6f195c351af61159112a0b")
