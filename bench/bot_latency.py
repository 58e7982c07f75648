"""Milliseconds per decision of the thinking bots (``expert``, ``ismcts``), default budgets.

Each bot takes one seat against Emma in the others, in classic 2-player and
nordic 4-player games, until it has made ``--decisions`` decisions per
configuration. Every one of its decisions is timed (instant ones included:
ismcts plays a certain hit or a single candidate without searching), and
the searched ones are also shown apart (ismcts's tree search, and the
expert's endgame play-outs, which ismcts also uses once the pond is small).
The compiled play-outs are loaded (or compiled) before the clock starts, as a
table does in the background when it seats the bot. Both bots run in the same
process, one game after the other, so a noisy machine hits them alike.

Run: ``python bench/bot_latency.py [--decisions N] [--bots expert ismcts]``.
Targets (issue 4): expert median ≤ 5 ms, ismcts default budget ≤ 250 ms.
"""

from __future__ import annotations

import argparse
import os
import platform
import random
import statistics
import time

import _args
import gofish
from gofish.bots import make_bot
from gofish.bots.endgame import warm_up
from gofish.cli import gofish_options

CONFIGS = (("classic", 2), ("nordic", 4))


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def time_decisions(bot_name: str, preset: str, players: int, wanted: int,
                   seed: int) -> tuple[list[float], list[float]]:
    """(every decision's ms, searched decisions' ms) for ``bot_name`` in seat rotation."""
    every: list[float] = []
    searched: list[float] = []
    game_number = 0
    while len(every) < wanted:
        bot = make_bot(bot_name)
        seat_of_bot = game_number % players
        game = gofish.new_game(preset, players, seed=seed + game_number)
        others = [make_bot("emma") for _ in range(players)]
        rngs = [random.Random(seed * 100 + game_number * 10 + s) for s in range(players)]
        while game.current_player is not None and len(every) < wanted:
            seat = game.current_player
            view = game.view(seat)
            if seat == seat_of_bot:
                started = time.perf_counter()
                action = bot.choose(view, view.legal_actions, rngs[seat])
                elapsed = (time.perf_counter() - started) * 1000
                every.append(elapsed)
                if getattr(bot, "last_iterations", 0) or getattr(bot, "last_playouts", 0):
                    searched.append(elapsed)
            else:
                action = others[seat].choose(view, view.legal_actions, rngs[seat])
            game.play(action)
        game_number += 1
    return every, searched


def describe(label: str, values: list[float]) -> str:
    if not values:
        return f"{label}: none"
    return (f"{label}: {len(values)} decisions, median {statistics.median(values):.2f} ms, "
            f"p95 {percentile(values, 0.95):.2f} ms, max {max(values):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--decisions", type=_args.at_least_one, default=300,
                        help="decisions timed per bot and configuration (default 300)")
    parser.add_argument("--bots", nargs="+", type=_args.bot, default=["expert", "ismcts"])
    parser.add_argument("--seed", type=_args.seed, default=1)
    args = parser.parse_args()
    warm_up()
    print(f"{platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}")
    medians: dict[tuple[str, str], float] = {}
    for preset, players in CONFIGS:
        for name in args.bots:
            every, searched = time_decisions(name, preset, players, args.decisions, args.seed)
            config = f"{preset} {players}p"
            medians[(name, config)] = statistics.median(every)
            print(describe(f"{name:7} {config:11} all", every))
            if searched:
                print(describe(f"{name:7} {config:11} searched", searched))
    if len(args.bots) == 2:
        first, second = args.bots
        for preset, players in CONFIGS:
            config = f"{preset} {players}p"
            ratio = medians[(second, config)] / medians[(first, config)]
            print(f"median {second} / median {first}, {config}: {ratio:.0f}x")


if __name__ == "__main__":
    main()
