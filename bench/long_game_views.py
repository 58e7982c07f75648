"""Asks per second deep into one long game, where every ask hands a bot its seat's view.

Three bots that always make the same middle legal ask go round in circles once the pond is
dry (R8: a miss only passes the turn), so the game grows by an ask and a pass until
``play_out`` gives up at ``--asks``. The rate over each tenth of the asks shows whether a
view costs more as the history grows: flat when views share the history, falling when
each view copies it (the n-th view costing n).

Run: ``python bench/long_game_views.py [--asks 100000]``
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence

import _args
import gofish
from gofish.bots import play_out
from gofish.cli import gofish_options


class Circler:
    """Always the middle legal ask: at a table of three with a dry pond, a loop."""

    name = "circler"

    def choose(self, view: gofish.View, legal: Sequence[gofish.Ask],
               rng: random.Random) -> gofish.Ask:
        return legal[len(legal) // 2]


def rate_per_tenth(asks: int) -> list[float]:
    """Asks per second of CPU over each tenth of ``asks`` asks of one looping game."""
    game = gofish.new_game("classic", players=3, seed=0)
    bots, rngs = [Circler()] * 3, [random.Random(seat) for seat in range(3)]
    tenth = max(1, asks // 10)
    rates = []
    for _ in range(asks // tenth):
        start = time.process_time()
        try:
            play_out(game, bots, rngs, max_asks=tenth)
        except gofish.GoFishError:  # the tenth's limit, as meant: the game goes on
            pass
        else:
            raise SystemExit("the game ended: the bots did not ask in circles")
        rates.append(tenth / (time.process_time() - start))
    return rates


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--asks", type=_args.at_least_one, default=100_000)
    asks = parser.parse_args().asks
    core = "compiled" if gofish.COMPILED else "interpreted"
    rates = rate_per_tenth(asks)
    print(f"rules core {core}, {asks:,} asks of one game")
    print("\n".join(f"tenth {number}: {rate:,.0f} asks/s"
                    for number, rate in enumerate(rates, start=1)))

if __name__ == "__main__":
    main()
