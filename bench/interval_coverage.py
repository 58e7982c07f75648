"""How often the tournament's 95% interval holds the true win rate.

Plays ``--runs`` small tournaments of the same bots (seeds 0, 1, …) and one big one whose
win rates stand in for the truth, and counts the runs whose interval holds each bot's true
rate. Side by side, from the same runs: the interval counted by deal (what ``gofish
tournament`` reports) and the old one that took every game as an independent trial. A 95%
interval should hold the truth in about 95% of runs; far fewer means it claims more
certainty than the games give.

Run: ``python bench/interval_coverage.py [--bots emma random] [--players 2] [--games 40]
[--runs 200]``. The simulator's bots (random, emma, counter) take seconds; others are
played by the engine and take far longer.
"""

from __future__ import annotations

import argparse
import os
import platform
import time
from typing import Any

import _args
from gofish.cli import gofish_options, whole
from gofish.core import make_rules
from gofish.tournament import Plan, TournamentError, run_tournament, summary
from gofish.tournament.stats import wilson_interval

#: The big tournament's seed: far from the small ones' 0, 1, 2 …
TRUTH_SEED = 1_000_000_007
#: Fewer games than this make no truth to measure against.
LEAST_TRUTH_GAMES = 10_000


def bot_rows(bots: list[str], players: int, games: int, seed: int,
             seatings: str) -> list[dict[str, Any]]:
    plan = Plan(make_rules("classic"), players, seed, tuple(bots), games, seatings=seatings)
    result = summary(run_tournament(plan, jobs=1))  # the simulator where it can play them
    rows: list[dict[str, Any]] = result["bots"]
    return rows


def per_game_interval(row: dict[str, Any]) -> tuple[float, float]:
    """The interval as it was before it counted deals: every game a trial."""
    return wilson_interval(float(row["win_rate"]), int(row["games"]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    gofish_options(parser)  # a bad number refused in one line, as gofish's commands do
    parser.add_argument("--bots", nargs="+", type=_args.bot, default=["emma", "random"])
    parser.add_argument("--players", type=whole, choices=range(2, 6), default=2)
    parser.add_argument("--games", type=_args.at_least_one, default=40,
                        help="games of each small tournament")
    parser.add_argument("--runs", type=_args.at_least_one, default=200)
    parser.add_argument("--truth-games", type=_args.at_least_one, default=400_000)
    parser.add_argument("--seatings", choices=("rotate", "all"), default="rotate")
    args = parser.parse_args()
    if args.truth_games < LEAST_TRUTH_GAMES:
        parser.error(f"--truth-games: at least {LEAST_TRUTH_GAMES:,} games make the truth, "
                     f"not {args.truth_games:,}")
    try:  # the tournament's own refusals (one bot, too many games), before any work
        Plan(make_rules("classic"), args.players, 0, tuple(args.bots), args.truth_games,
             seatings=args.seatings)
    except TournamentError as error:
        parser.error(str(error))
    started = time.perf_counter()
    truth = [float(row["win_rate"]) for row in
             bot_rows(args.bots, args.players, args.truth_games, TRUTH_SEED, args.seatings)]
    held_by_deal = [0] * len(truth)
    held_by_game = [0] * len(truth)
    width_by_deal = [0.0] * len(truth)
    width_by_game = [0.0] * len(truth)
    deals = [0] * len(truth)
    names = [""] * len(truth)
    for seed in range(args.runs):
        for i, row in enumerate(bot_rows(args.bots, args.players, args.games, seed,
                                         args.seatings)):
            by_deal: tuple[float, float] = tuple(row["ci95"])
            held_by_deal[i] += by_deal[0] <= truth[i] <= by_deal[1]
            width_by_deal[i] += by_deal[1] - by_deal[0]
            by_game = per_game_interval(row)
            held_by_game[i] += by_game[0] <= truth[i] <= by_game[1]
            width_by_game[i] += by_game[1] - by_game[0]
            deals[i] = int(row["deals"])
            names[i] = str(row["name"])
    print(f"{args.runs} tournaments of {args.games} games, {args.players} players, seatings "
          f"{args.seatings}; truth from {args.truth_games:,} games "
          f"({time.perf_counter() - started:.0f} s; {platform.processor() or platform.machine()}, "
          f"{os.cpu_count()} cores)")
    print(f"{'bot':<16} {'deals':>5} {'true rate':>9}   {'held, by deal':>13} {'width':>6}"
          f"   {'held, by game':>13} {'width':>6}")
    for i, name in enumerate(names):
        print(f"{name:<16} {deals[i]:>5} {truth[i]:>9.4f}   "
              f"{held_by_deal[i] / args.runs:>13.3f} {width_by_deal[i] / args.runs:>6.3f}   "
              f"{held_by_game[i] / args.runs:>13.3f} {width_by_game[i] / args.runs:>6.3f}")


if __name__ == "__main__":
    main()
