"""Games per second with bots handed their views, for two installs of gofish side by side.

``play_out`` gives each bot its seat's view at every turn, so this measures the
engine as bots (and tournaments of Python bots) use it: rules, views and the bots'
own choosing. To see what a change to the core is worth, install gofish before and
after in two virtual environments and name both interpreters; each measurement is
a fresh process, the two take turns round after round (so a noisy machine hits
them alike), rates are per second of the process's CPU time, and the ratio
after/before of each round is printed.

Run: ``python bench/bot_games_speed.py --before /tmp/old/bin/python [--rounds 3]``
(without ``--before``, only this interpreter is measured).
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys

import _args
from gofish.cli import gofish_options

PAIRS = ("random,random", "emma,emma", "counter,counter")


def worker(pair: str, seconds: float) -> float:
    """Classic 2-player games of ``pair`` through ``play_out`` for ``seconds`` of CPU."""
    import random
    import time

    import gofish
    from gofish.bots import make_bot, play_out

    names = pair.split(",")
    games, start = 0, time.process_time()
    while time.process_time() - start < seconds:
        game = gofish.new_game("classic", 2, seed=games)
        bots = [make_bot(name) for name in names]
        play_out(game, bots, [random.Random(games), random.Random(games + 1)])
        games += 1
    return games / (time.process_time() - start)


def measure(python: str, pair: str, seconds: float) -> float:
    done = subprocess.run([python, __file__, "--worker", pair, "--seconds", str(seconds)],
                          capture_output=True, text=True, check=True)
    return float(done.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--before", metavar="PYTHON", help="the interpreter of the other install")
    parser.add_argument("--seconds", type=_args.seconds, default=2.0)
    parser.add_argument("--rounds", type=_args.at_least_one, default=3)
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.before and shutil.which(args.before) is None:
        parser.error(f"--before: no interpreter at {args.before}")
    if args.worker:
        print(worker(args.worker, args.seconds))
        return
    for pair in PAIRS:
        after, ratios = [], []
        for _ in range(args.rounds):
            after.append(measure(sys.executable, pair, args.seconds))
            if args.before:
                ratios.append(after[-1] / measure(args.before, pair, args.seconds))
        line = f"{pair}: {statistics.median(after):,.0f} games/s"
        if ratios:
            line += " | after/before each round: " + ", ".join(f"{r:.2f}" for r in ratios)
        print(line, flush=True)


if __name__ == "__main__":
    main()
