"""Games per second on one core, classic 2 players: engine, bulk simulator and OpenSpiel.

Matches: random vs random, Emma vs Emma (the targets) and counter vs counter. Variants:

- ``engine``: ``gofish.new_game`` + ``gofish.bots.play_out`` (each bot gets its view);
- ``sim``: ``gofish.sim.simulate`` (numba, the ``sim`` extra), a batch of games per call;
- ``openspiel``: ``pyspiel.load_game("go_fish")`` with chance outcomes and choices
  sampled in Python (the ``bench`` extra installs ``open-spiel``). OpenSpiel has no
  Emma; here she is ported onto its action strings (``"1h"``: ask player 1 for rank h)
  with the same rule: the most recently asked rank she holds, else a random one.
  OpenSpiel's go_fish is its own rule set (no full-hand refill), so its games differ.

Each measurement runs in a fresh process pinned to one core, the variants take
turns round after round, and the median is printed with ratios to the engine.
Rates are games per second of the process's own CPU time (``time.process_time``):
on a shared machine wall-clock time also counts the time other programs had the
core, while CPU time is what one core, given to this program, delivers.
Run: ``python bench/bulk_speed.py [--seconds S] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import _args
from gofish.cli import gofish_options

MATCHES = ("random", "emma", "counter")
NOT_IN_OPENSPIEL = {"counter"}  # no port of the card counter onto OpenSpiel
VARIANTS = ("engine", "sim", "openspiel")
TARGETS = {("sim", "random"): 150_000, ("sim", "emma"): 100_000}


def engine_worker(bot: str, seconds: float) -> float:
    import random

    import gofish
    from gofish.bots import make_bot, play_out

    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(20):
            game = gofish.new_game("classic", 2, seed=games)
            rngs = [random.Random(2 * games), random.Random(2 * games + 1)]
            play_out(game, [make_bot(bot), make_bot(bot)], rngs)
            games += 1
    return games / (time.process_time() - start)


def sim_worker(bot: str, seconds: float) -> float:
    from gofish.sim import simulate

    simulate("classic", [bot, bot], 100, seed=0)  # compile (or load the cache) first
    batch = 100_000
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        simulate("classic", [bot, bot], batch, seed=1, first_deal=games)
        games += batch
    return games / (time.process_time() - start)


def openspiel_worker(bot: str, seconds: float) -> float:
    import random

    import pyspiel  # type: ignore[import-not-found]

    game_type = pyspiel.load_game("go_fish")
    rng = random.Random(1)
    randrange = rng.randrange
    games = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        for _ in range(20):
            state = game_type.new_initial_state()
            memory: list[dict[str, int]] = [{}, {}]  # rank letter -> when last asked
            clock = 0
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[randrange(len(outcomes))][0])
                    continue
                legal = state.legal_actions()
                player = state.current_player()
                if bot == "random":
                    action = legal[randrange(len(legal))]
                else:
                    action = _openspiel_emma(state, legal, memory[player], randrange)
                    clock += 1
                    rank = state.action_to_string(player, action)[-1]
                    memory[player].pop(rank, None)  # she forgets what she asked for
                    memory[1 - player][rank] = clock
                state.apply_action(action)
            games += 1
    return games / (time.process_time() - start)


def _openspiel_emma(
    state: Any, legal: list[int], memory: dict[str, int], randrange: Callable[[int], int]
) -> int:
    """Emma's rule on OpenSpiel: the most recently asked rank she holds, else a random one."""
    player = state.current_player()
    by_rank = {state.action_to_string(player, a)[-1]: a for a in legal}
    remembered = [r for r in by_rank if r in memory]
    if remembered:
        return by_rank[max(remembered, key=memory.__getitem__)]
    ranks = sorted(by_rank)
    return by_rank[ranks[randrange(len(ranks))]]


WORKERS = {"engine": engine_worker, "sim": sim_worker, "openspiel": openspiel_worker}


def measure(variant: str, bot: str, seconds: float) -> float:
    command = [sys.executable, __file__, "--worker", variant, bot, str(seconds)]
    if shutil.which("taskset"):
        command = ["taskset", "-c", "0", *command]  # one core, the same one for everybody
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def available(variant: str) -> bool:
    module = {"sim": "numba", "openspiel": "pyspiel"}.get(variant)
    if module is None:
        return True
    probe = subprocess.run([sys.executable, "-c", f"import {module}"], capture_output=True)
    return probe.returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--seconds", type=_args.seconds, default=3.0, help="per measurement")
    parser.add_argument("--rounds", type=_args.at_least_one, default=3)
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        variant, bot, seconds = args.worker
        print(WORKERS[variant](bot, float(seconds)))
        return 0
    variants = [v for v in VARIANTS if available(v)]
    for missing in sorted(set(VARIANTS) - set(variants)):
        print(f"{missing}: not installed (pip install '.[bench]'), left out", file=sys.stderr)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; classic, 2 players, one core; "
          f"median of {args.rounds} rounds of {args.seconds:g} s")
    for bot in MATCHES:
        playing = [v for v in variants if not (v == "openspiel" and bot in NOT_IN_OPENSPIEL)]
        samples: dict[str, list[float]] = {v: [] for v in playing}
        for _ in range(args.rounds):
            for variant in playing:
                samples[variant].append(measure(variant, bot, args.seconds))
        medians = {v: statistics.median(s) for v, s in samples.items()}
        line = f"{bot} vs {bot}: " + ", ".join(f"{v} {medians[v]:,.0f} games/s" for v in playing)
        line += " | ratio to engine: " + ", ".join(
            f"{v} {medians[v] / medians['engine']:,.1f}x" for v in playing if v != "engine"
        )
        print(line, flush=True)
        for (variant, match), target in TARGETS.items():
            if match == bot and variant in medians:
                verdict = "meets" if medians[variant] >= target else "MISSES"
                print(f"  {variant} {verdict} the target of {target:,} games/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
