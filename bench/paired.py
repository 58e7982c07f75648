"""Two versions of a bot against one opponent, on the same deals: the paired test.

A mirrored match of 20,000 games measures a win rate to about ±0.7 points,
too coarse to see a change of half a point. Here both versions play the very
same deals from both seats, with the same random streams, so a deal whose
result is the same for both cancels out; what is left is the deals where the
change changed something. The paired interval is two to three times narrower
(docs/strength.md, fifth and sixth rounds).

A bot is a registered name with options, written as gofish's commands write
them (``expert``, ``expert:endgame=0``, ``counter:epsilon=0.2``; the older
``expert,endgame=0`` is still read), or ``MODULE:FUNCTION``, a function that
returns a bot (the module is imported from the working directory or
``sys.path``): how a variant that is not registered yet is tried. A registered
bot's name before the colon, or ``KEY=VALUE`` after it, makes it a spec.

Run: ``python bench/paired.py expert expert:endgame=0 --against emma --deals 10000 --seed 11``
"""

from __future__ import annotations

import argparse
import importlib
import math
import random
import sys
import time
from collections.abc import Sequence
from multiprocessing import Pool

import _args
from gofish.cli import gofish_options

#: The deal numbers and random streams of the fifth and sixth rounds.
DEAL_STRIDE = 1_000_003
#: A seed's deals are numbered from seed * DEAL_STRIDE, so no more than DEAL_STRIDE of
#: them: more would play the next seed's deals as well.
DEALS = _args.count(DEAL_STRIDE, " (a seed has that many deals; more would be the next seed's)")


def build_bot(spec: str) -> object:
    """A fresh bot from ``NAME[:KEY=VALUE…]`` (or ``NAME[,KEY=VALUE…]``) or ``MODULE:FUNCTION``."""
    from gofish.bots import make_bot

    module_name, _, function_name = spec.partition(":")
    # Not "expert:endgame=0", the engine's own spec, nor a typo in one ("expert:endgame").
    if function_name.isidentifier() and not _is_registered(module_name):
        if "" not in sys.path:
            sys.path.insert(0, "")
        function = getattr(importlib.import_module(module_name), function_name)
        return _made_by(function, spec)
    # The older NAME,KEY=VALUE… is the engine's NAME:KEY=VALUE… spec.
    return make_bot(spec.replace(",", ":"))


def _made_by(function: object, spec: str) -> object:
    """The bot ``function`` returns, or ValueError saying why it gave none: a name that is
    no function (``os:sep``), one that wants arguments (``json:loads``), or one that
    returns something else (``os:getcwd``) ended in a traceback, the last in the middle
    of the first game."""
    if not callable(function):
        raise ValueError(f"{spec} names a {type(function).__name__}, not a function that "
                         "returns a bot")
    try:
        bot = function()
    except TypeError as error:  # wants arguments: called with none, as for every deal
        raise ValueError(f"{spec} cannot be called with no arguments: {error}") from None
    if not callable(getattr(bot, "choose", None)):
        raise ValueError(f"{spec} returned a {type(bot).__name__}, not a bot: a bot has a "
                         "choose(view, legal, rng) method")
    return bot


def _is_registered(name: str) -> bool:
    from gofish.bots import available_bots

    return any(info.name == name.strip().lower() for info in available_bots())


def deal_score(args: tuple[str, str, str, int]) -> float:
    """Wins of ``bot`` over one deal played from both seats (0, 0.5, 1, 1.5 or 2)."""
    import gofish
    from gofish.bots import play_out

    bot_spec, opponent_spec, rules, game_seed = args
    score = 0.0
    for seat in (0, 1):
        bots = [build_bot(bot_spec if s == seat else opponent_spec) for s in (0, 1)]
        game = gofish.new_game(rules, players=2, seed=game_seed, first_player=0)
        rngs = [random.Random(game_seed * 7 + s + 1) for s in range(2)]
        play_out(game, bots, rngs)  # type: ignore[arg-type]
        winners = game.winners or ()
        if seat in winners:
            score += 1.0 / len(winners)
    return score


def play(bot: str, opponent: str, rules: str, deals: int, seed: int, jobs: int) -> list[float]:
    """Per-deal scores of ``bot`` against ``opponent`` on the deals of ``seed``."""
    work = [(bot, opponent, rules, seed * DEAL_STRIDE + i) for i in range(deals)]
    if jobs == 1:
        return [deal_score(item) for item in work]
    with Pool(jobs) as pool:
        return pool.map(deal_score, work, chunksize=4)


def paired_difference(base: Sequence[float], variant: Sequence[float]
                      ) -> tuple[float, float, float]:
    """(mean difference in win rate, its 95% half-width, share of deals that differ)."""
    differences = [(v - b) / 2 for b, v in zip(base, variant, strict=True)]
    n = len(differences)
    mean = sum(differences) / n
    spread = math.sqrt(sum((d - mean) ** 2 for d in differences) / (n - 1)) if n > 1 else 0.0
    changed = sum(1 for d in differences if d) / n
    return mean, 1.96 * spread / math.sqrt(n), changed


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("base", help="the bot as it is (NAME[:KEY=VALUE…] or MODULE:FUNCTION)")
    parser.add_argument("variants", nargs="+", help="the versions to compare with it")
    parser.add_argument("--against", default="emma", help="the opponent (default: emma)")
    parser.add_argument("--rules", type=_args.preset, default="classic",
                        help="a preset (two players)")
    parser.add_argument("--deals", type=DEALS, default=10_000, help="deals, each played twice")
    parser.add_argument("--seed", type=_args.seed, default=11)
    parser.add_argument("--jobs", type=_args.jobs, default=2)
    args = parser.parse_args(argv)
    if args.deals < 2:  # no spread to measure from one deal
        parser.error(f"argument --deals: must be at least 2, not {args.deals}")
    try:
        for spec in (args.base, *args.variants, args.against):
            build_bot(spec)
    except (ValueError, ImportError, AttributeError) as error:
        parser.error(f"cannot build that bot: {error}")
    print(f"{args.rules}, 2 players, against {args.against}: {args.deals} deals × 2 seats, "
          f"seed {args.seed}")
    started = time.perf_counter()
    base = play(args.base, args.against, args.rules, args.deals, args.seed, args.jobs)
    games = 2 * args.deals
    print(f"{args.base:>32}: {sum(base) / games:.4f}")
    for variant in args.variants:
        scores = play(variant, args.against, args.rules, args.deals, args.seed, args.jobs)
        mean, half_width, changed = paired_difference(base, scores)
        print(f"{variant:>32}: {sum(scores) / games:.4f}  paired difference "
              f"{mean:+.4f} ± {half_width:.4f}  ({changed:.0%} of deals changed)")
    print(f"({time.perf_counter() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
