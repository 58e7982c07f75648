"""A worker is sent the tournament's plan with its first task only. The plan carries its
list of tables, and a round robin of many bots at five seats has hundreds of thousands of
them: sent with every task, it took longer than the games (7 minutes for 3 million games
at 658,008 tables, where one table plays them in 17 seconds)."""

from __future__ import annotations

from typing import Any

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary
from gofish.tournament.run import _Worker


class _Pipe:
    def __init__(self) -> None:
        self.sent: list[Any] = []

    def send(self, message: Any) -> None:
        self.sent.append(message)


def test_only_the_first_task_carries_the_plan() -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "random"), 100)
    worker = object.__new__(_Worker)  # its bookkeeping, without a process
    worker.connection, worker.busy, worker._plan_sent = _Pipe(), False, None
    tasks = iter(enumerate([(plan, range(0, 4), "sim", 5.0), (plan, range(4, 8), "sim", 5.0)]))
    worker.give_next(tasks)
    worker.give_next(tasks)
    (first, (plan_sent, units, *_)), (second, (none_sent, more_units, *_)) = worker.connection.sent
    assert (first, plan_sent, units) == (0, plan, range(0, 4))
    assert (second, none_sent, more_units) == (1, None, range(4, 8))


def test_workers_given_the_plan_once_play_what_one_process_plays() -> None:
    bots = ("emma", "random", "counter", "emma:memory=2", "random", "counter:epsilon=0.5")
    plan = Plan(make_rules("nordic"), 4, 9, bots, 600)
    assert len(plan.tables) > 10  # enough tables for many tasks
    both = [summary(run_tournament(plan, jobs=jobs))["totals"] for jobs in (1, 2)]
    assert both[0] == both[1]
