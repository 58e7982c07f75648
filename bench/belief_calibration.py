"""How well the expert's belief predicts the hidden cards it reasons over.

The expert plays seat 0 and seat 1 of each deal against ``--opponent``
(classic, 2 players). At each of its decisions, for every rank it may ask
for, the belief's chance that the opponent holds at least one card of that
rank is set against the truth (the harness reads the real hand; the bot
never does), in bins of predicted chance. A second table compares, over all
ranks, the expected number of the opponent's cards of a rank with the real
number: if the two sums differ, the belief does not place every card of the
opponent's hand.

Run: ``python bench/belief_calibration.py [--deals 300] [--opponent emma]``.
"""

from __future__ import annotations

import argparse
import random
from collections import defaultdict

import _args
import gofish
from gofish.bots import make_bot
from gofish.bots.base import bot_turn
from gofish.bots.belief import Belief
from gofish.bots.expert import ExpertBot
from gofish.cli import gofish_options

BINS = 10


class Tally:
    """Predictions and outcomes, summed per key."""

    def __init__(self) -> None:
        self.rows: dict[object, list[float]] = defaultdict(lambda: [0, 0.0, 0.0])

    def add(self, key: object, predicted: float, actual: float) -> None:
        row = self.rows[key]
        row[0] += 1
        row[1] += predicted
        row[2] += actual

    def lines(self) -> list[str]:
        out = []
        for key in sorted(self.rows, key=str):
            count, predicted, actual = self.rows[key]
            out.append(f"{key!s:>24}  n={int(count):>6}  predicted {predicted / count:.3f}"
                       f"  actual {actual / count:.3f}")
        return out


def record_decision(game: gofish.Game, seat: int, expert: ExpertBot, hits: Tally,
                    counts: Tally) -> None:
    view = game.view(seat)
    belief = Belief.from_view(view, expert._cache.update(view))
    opponent = 1 - seat
    held = [0] * 14
    for card in game.hand(opponent):
        held[card.rank] += 1
    askable = {int(ask.rank) for ask in view.legal_actions}
    for rank in range(1, 14):
        law = belief.unseen_held(opponent, rank)
        known = belief.known[opponent][rank]
        expected = known + sum(extra * chance for extra, chance in enumerate(law))
        counts.add("all ranks, cards held", expected, held[rank])
        if rank in askable and not known:
            chance = 1.0 - law[0]
            hits.add(f"bin {min(BINS - 1, int(chance * BINS))}", chance, held[rank] > 0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--deals", type=_args.at_least_one, default=300)
    parser.add_argument("--opponent", type=_args.bot, default="emma")
    args = parser.parse_args()
    hits, counts = Tally(), Tally()
    for deal in range(args.deals):
        for seat in (0, 1):
            game = gofish.new_game("classic", players=2, seed=deal, first_player=0)
            expert = ExpertBot()
            bots = [expert, make_bot(args.opponent)] if seat == 0 else [make_bot(args.opponent),
                                                                        expert]
            rngs = [random.Random(deal * 2 + s) for s in range(2)]
            while game.current_player is not None:
                current = game.current_player
                if current == seat:
                    record_decision(game, seat, expert, hits, counts)
                game.play(bot_turn(game, bots[current], rngs[current]))
    print(f"expert against {args.opponent}, {2 * args.deals} classic games")
    print("chance of a hit on an uncertain ask (opponent holds >= 1 of the rank):")
    print("\n".join(hits.lines()))
    print("cards of a rank in the opponent's hand:")
    print("\n".join(counts.lines()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
