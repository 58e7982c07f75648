"""Tournaments between bots: round robin, mirrored deals, win rates, intervals and Elo.

See ``docs/tournament.md``. The schedule lives in :mod:`~gofish.tournament.plan`,
playing in :mod:`~gofish.tournament.play` (engine or bulk simulator),
orchestration in :mod:`~gofish.tournament.run`, statistics in
:mod:`~gofish.tournament.stats` and output in :mod:`~gofish.tournament.report`.
"""

from gofish.tournament.plan import Plan, TournamentError, entrant_names, parse_shard, tables
from gofish.tournament.report import merge_results, pool_results, summary
from gofish.tournament.run import Outcome, run_tournament
from gofish.tournament.tally import Tally

__all__ = [
    "Outcome",
    "Plan",
    "Tally",
    "TournamentError",
    "entrant_names",
    "merge_results",
    "parse_shard",
    "pool_results",
    "run_tournament",
    "summary",
    "tables",
]
