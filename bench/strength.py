"""Every bot against every bot, mirrored deals: the table in docs/strength.md.

Each pair plays ``gofish tournament A B --json`` (every deal from every
seat; at four seats two of each, A B A B, rotated). When the tournament
command is not installed, the same mirrored matches are played here with
``play_out`` over ``--jobs`` processes. Prints one Markdown table per
configuration: the row bot's share of the wins against the column bot,
with its 95% interval.

Run: ``python bench/strength.py --rules classic --players 2 --games 20000``
(``--bots`` to choose, ``--games-with NAME=N`` to give a slow bot fewer games).
"""

from __future__ import annotations

import argparse
import importlib.util
import itertools
import json
import math
import random
import subprocess
import sys
import time
from multiprocessing import Pool

import _args
from gofish.cli import gofish_options

DEFAULT_BOTS = ["random", "emma", "counter", "expert-easy", "expert"]


def tournament_pair(a: str, b: str, rules: str, players: int, games: int, seed: int,
                    jobs: int) -> tuple[float, float, float, int]:
    """(win rate of a, ci low, ci high, games) from ``gofish tournament``."""
    command = [sys.executable, "-m", "gofish", "tournament", a, b, "--rules", rules,
               "--players", str(players), "--games", str(games), "--seed", str(seed),
               "--jobs", str(jobs), "--json"]
    done = subprocess.run(command, capture_output=True, text=True)
    if done.returncode != 0:  # pass on its refusal (a bot, --players) and status, no traceback
        print(done.stderr.strip(), file=sys.stderr)
        sys.exit(done.returncode)
    result = json.loads(done.stdout)
    entry = next(bot for bot in result["bots"] if bot["name"] == a)
    # The tournament's rates are per seat played; at four seats (A B A B) each bot has two
    # seats a game, so its share of all wins is the per-seat rate times two.
    seats = entry["games"] / result["games"]
    low, high = entry["ci95"]
    return entry["win_rate"] * seats, low * seats, high * seats, result["games"]


def _play_deals(args: tuple[str, str, str, int, list[int]]) -> tuple[float, int]:
    import gofish
    from gofish.bots import make_bot, play_out

    a, b, rules, players, seeds = args
    wins, games = 0.0, 0
    for seed in seeds:
        deck = gofish.new_game(rules, players, seed=seed).deck
        for rotation in range(players):
            names = [a if (seat + rotation) % 2 == 0 else b for seat in range(players)]
            game = gofish.new_game(rules, players, deck=deck, first_player=0)
            rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
            play_out(game, [make_bot(name) for name in names], rngs)
            winners = game.winners or ()
            wins += sum(1 / len(winners) for seat in winners if names[seat] == a)
            games += 1
    return wins, games


def local_pair(a: str, b: str, rules: str, players: int, games: int, seed: int,
               jobs: int) -> tuple[float, float, float, int]:
    """The fallback: mirrored deals through ``play_out``, Wald interval on the win share."""
    deals = max(1, games // players)
    seeds = [seed * 1_000_003 + d for d in range(deals)]
    chunks = [(a, b, rules, players, seeds[i::jobs]) for i in range(jobs)]
    with Pool(jobs) as pool:
        results = pool.map(_play_deals, chunks)
    wins = sum(r[0] for r in results)
    played = sum(r[1] for r in results)
    share = wins / played  # each game's wins add up to 1, shared between a's and b's seats
    half = 1.96 * math.sqrt(share * (1 - share) / played)
    return share, share - half, share + half, played


def games_with(text: str) -> tuple[str, int]:
    """``BOT=N`` of --games-with: a bot and its games per pair."""
    name, equals, count = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"{text!r} is not BOT=N (e.g. ismcts=1000)")
    return name, _args.at_least_one(count)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--rules", type=_args.preset, default="classic")
    parser.add_argument("--players", type=_args.at_least_one, default=2)
    parser.add_argument("--games", type=_args.at_least_one, default=2000, help="games per pair")
    parser.add_argument("--games-with", action="append", type=games_with, default=[],
                        metavar="BOT=N",
                        help="games per pair for pairs involving BOT (e.g. ismcts=1000)")
    parser.add_argument("--bots", nargs="+", default=DEFAULT_BOTS)
    parser.add_argument("--seed", type=_args.seed, default=2026)
    parser.add_argument("--jobs", type=_args.jobs, default=2)
    args = parser.parse_args()
    special = dict(args.games_with)
    has_tournament = importlib.util.find_spec("gofish.cli.tournament") is not None
    play = tournament_pair if has_tournament else local_pair
    print(f"# {args.rules}, {args.players} players, seed {args.seed}, "
          f"{'gofish tournament' if play is tournament_pair else 'play_out'}", flush=True)
    results: dict[tuple[str, str], tuple[float, float, float, int]] = {}
    for a, b in itertools.combinations(args.bots, 2):
        given = [special[name] for name in (a, b) if name in special]
        games = min(given) if given else args.games
        started = time.perf_counter()
        rate, low, high, played = play(a, b, args.rules, args.players, games, args.seed,
                                       args.jobs)
        results[(a, b)] = (rate, low, high, played)
        print(f"{a} vs {b}: {rate:.3f} [{low:.3f}, {high:.3f}] over {played} games "
              f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    print()
    print("| row vs column | " + " | ".join(args.bots) + " |")
    print("|---|" + "---|" * len(args.bots))
    for a in args.bots:
        cells = []
        for b in args.bots:
            if a == b:
                cells.append("—")
            elif (a, b) in results:
                rate, low, high, played = results[(a, b)]
                cells.append(f"{rate:.3f} [{low:.3f}–{high:.3f}] n={played}")
            else:
                rate, low, high, played = results[(b, a)]
                cells.append(f"{1 - rate:.3f} [{1 - high:.3f}–{1 - low:.3f}] n={played}")
        print(f"| **{a}** | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
