"""A built-in bot that returns an illegal ask forfeits that game; the tournament goes on."""

from __future__ import annotations

import random
from collections.abc import Sequence

from gofish.bots import make_bot
from gofish.core import Ask, View, make_rules
from gofish.tournament.plan import Plan
from gofish.tournament.play import play_engine_game


class AsksItself:
    name = "asks-itself"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        assert view.viewer is not None
        return Ask.of(view.viewer, legal[0].rank)  # never legal (R5: ask an opponent)


def test_an_illegal_ask_from_a_built_in_bot_is_a_forfeit_not_a_crash() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("random", "random"), 2)
    game, failed, why = play_engine_game(plan, [AsksItself(), AsksItself()], deal=0, rotation=0)
    assert failed == game.current_player  # the seat that was to ask forfeits
    assert why is not None and "asks-itself chose an illegal ask" in why
    fine, failed, why = play_engine_game(plan, [make_bot("random"), make_bot("random")], 0, 0)
    assert fine.is_over and failed is None and why is None


def test_a_failure_in_an_order_past_the_rotations_is_not_called_a_rotation() -> None:
    # --seatings all at three seats plays 6 orders: the 3 rotations, then 3 others.
    plan = Plan(make_rules("classic"), 3, 1, ("random", "emma", "counter"), 6,
                seatings="all")
    bots = [AsksItself(), AsksItself(), AsksItself()]
    _, _, why = play_engine_game(plan, bots, deal=0, rotation=2)
    seated = "seats: asks-itself, asks-itself, asks-itself"
    assert why is not None and why.startswith(f"deal 0, rotation 2 ({seated}), seat ")
    _, _, why = play_engine_game(plan, bots, deal=0, rotation=4)
    assert why is not None and why.startswith(f"deal 0, seating 4 (--seatings all; {seated}), "
                                              "seat ")


def test_the_same_deal_and_rotation_at_two_tables_are_told_apart_by_their_bots() -> None:
    # With more entrants than seats, one deal and rotation is played at several tables:
    # two forfeits (or two games stopped as endless) read word for word the same.
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "counter", "random"), 2)
    whys = [play_engine_game(plan, [make_bot(name), AsksItself()], deal=0, rotation=0)[2]
            for name in ("emma", "counter")]
    assert whys[0] is not None and "(seats: emma, asks-itself)" in whys[0]
    assert whys[1] is not None and "(seats: counter, asks-itself)" in whys[1]
