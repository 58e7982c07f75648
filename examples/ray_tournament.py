#!/usr/bin/env python3
"""Run one gofish tournament across a Ray cluster, then merge the shards.

Each Ray task plays a deterministic shard (``Plan(..., shard=i, shards=n)``, the
same as ``gofish tournament ... --shard i/n``) on the cores it reserves from Ray
(``--cpus-per-shard``, default 1: as many shards at once as the cluster has cores);
the driver merges the JSON results exactly as ``gofish tournament-merge`` does.
The merged result is identical to playing the whole tournament on one machine.

    pip install . ray                     # in the gofish checkout
    ray start --head                      # or join an existing cluster
    python examples/ray_tournament.py emma random --games 1000000 --shards 16

Without ray it says so and exits with status 2, as it does for a bad bot, rules or
shard count, before any game. Not run in CI unless ray is installed
(tests/tournament/test_ray_example.py).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
from typing import Any

NO_RAY = ("ray is not installed: pip install ray (on every machine of the cluster), or "
          "play the shards with gofish tournament --shard I/N --seed S --json and add "
          "them up with gofish tournament-merge")


def play_shard(
    bots: list[str], rules: str | dict[str, Any], players: int, games: int, seed: int,
    shard: int, shards: int, seatings: str = "rotate", jobs: int = 1,
) -> dict[str, Any]:
    """One shard, played on whichever machine Ray picked, by ``jobs`` worker processes
    (the CPUs its task reserved: left to its default, every core of the machine, each
    task forked a worker per core, and a 64-core machine running 64 tasks ran 4,096)."""
    from gofish.core import make_rules
    from gofish.tournament import Plan, run_tournament, summary

    plan = Plan(make_rules(rules), players, seed, tuple(bots), games, shard, shards, seatings)
    return summary(run_tournament(plan, jobs=jobs))


def run(bots: list[str], rules: str | dict[str, Any], players: int, games: int, seed: int,
        shards: int, address: str | None = None, seatings: str = "rotate",
        cpus_per_shard: int = 1) -> dict[str, Any]:
    import ray

    from gofish.tournament import merge_results

    ray.init(address=address, ignore_reinit_error=True)
    remote = ray.remote(num_cpus=cpus_per_shard)(play_shard)
    futures = [remote.remote(bots, rules, players, games, seed, i, shards, seatings,
                             cpus_per_shard)
               for i in range(shards)]
    return merge_results(ray.get(futures))


def refusal(bots: list[str], rules: str | dict[str, Any], players: int, games: int,
            seed: int, shards: int, seatings: str) -> str | None:
    """Why this tournament cannot be run here, checked before Ray starts; None if it can."""
    from gofish.core import GoFishError, make_rules
    from gofish.tournament import Plan
    from gofish.tournament.play import check_entrants

    try:  # shard 0 stands for them all: every shard shares the rest of the plan
        plan = Plan(make_rules(rules), players, seed, tuple(bots), games, 0, shards, seatings)
        check_entrants(plan.specs)
    except GoFishError as error:
        return str(error)
    if importlib.util.find_spec("ray") is None:
        return NO_RAY
    return None


def main() -> int:
    from gofish.cli import gofish_options, whole

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--games -1e3' refused in gofish tournament's words
    parser.add_argument("bots", nargs="+")
    parser.add_argument("--rules", default="classic")
    parser.add_argument("--players", type=whole, default=2)
    parser.add_argument("--games", type=whole, default=100_000)
    parser.add_argument("--seed", type=whole, default=1)
    parser.add_argument("--shards", type=whole, default=8)
    parser.add_argument("--seatings", choices=("rotate", "all"), default="rotate",
                        help="as gofish tournament --seatings")
    parser.add_argument("--address", default=None, help="Ray cluster address (default: local)")
    parser.add_argument("--cpus-per-shard", type=whole, default=1, metavar="N",
                        help="cores each shard reserves from Ray and plays on (default: 1)")
    args = parser.parse_args()
    if args.cpus_per_shard < 1:
        print(f"{parser.prog}: --cpus-per-shard must be 1 or more, not {args.cpus_per_shard}",
              file=sys.stderr)
        return 2
    problem = refusal(args.bots, args.rules, args.players, args.games, args.seed,
                      args.shards, args.seatings)
    if problem is not None:
        print(f"{parser.prog}: {problem}", file=sys.stderr)
        return 2
    result = run(args.bots, args.rules, args.players, args.games, args.seed, args.shards,
                 args.address, args.seatings, args.cpus_per_shard)
    json.dump(result, sys.stdout)
    sys.stdout.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
