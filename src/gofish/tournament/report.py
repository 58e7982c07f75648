"""Tournament results for people (a table, a chart) and machines (JSON, CSV), and merging shards."""

from __future__ import annotations

import csv
import json
import os
from collections.abc import Sequence
from typing import Any, TextIO

from gofish.core import make_rules
from gofish.tournament.plan import Plan, TournamentError
from gofish.tournament.run import Outcome
from gofish.tournament.stats import elo_ratings, wilson_interval
from gofish.tournament.tally import Tally

METHODS = {
    "ci95": "Wilson score interval on the win rate (shared wins count 1/k), n = seats played",
    "elo": "Bradley-Terry maximum likelihood on pairwise results (more books wins, equal books "
    "draws, a forfeit loses), one virtual draw per pair, mean rating 0",
}
MAX_FAILURES_KEPT = 100


def bot_rows(names: Sequence[str], specs: Sequence[str], tally: Tally) -> list[dict[str, Any]]:
    """One result per entrant: the ``bots`` list of the JSON output."""
    elos = elo_ratings(tally.pair_games, tally.pair_points)
    rows = []
    for i, name in enumerate(names):
        games = tally.games[i]
        wins = tally.wins(i)
        rate = wins / games if games else 0.0
        low, high = wilson_interval(rate, games)
        rows.append(
            {
                "name": name,
                "spec": specs[i],
                "games": games,
                "wins": wins,
                "win_rate": rate,
                "ci95": [low, high],
                "elo": elos[i],
                "books_per_game": tally.books[i] / games if games else 0.0,
                "game_length": tally.asks[i] / games if games else 0.0,
                "forfeits": tally.forfeits[i],
            }
        )
    return rows


def summary(outcome: Outcome) -> dict[str, Any]:
    """The one JSON object ``gofish tournament --json`` prints."""
    plan, tally = outcome.plan, outcome.tally
    return {
        "rules": plan.rules.to_json(plan.players),
        "players": plan.players,
        "games": tally.tables,
        "seconds": outcome.seconds,
        "bots": bot_rows(plan.names, plan.specs, tally),
        "seed": plan.seed,
        "deals_per_table": plan.deals,
        "tables": [list(table) for table in plan.tables],
        "games_asked": plan.games_asked,
        "seatings": plan.seatings,
        "shard": [plan.shard, plan.shards],
        "engine": outcome.engine,
        "jobs": outcome.jobs,
        "methods": METHODS,
        "failures": tally.failures[:MAX_FAILURES_KEPT],
        "failure_count": len(tally.failures),
        "totals": tally.raw(),
    }


def print_table(result: dict[str, Any], out: TextIO) -> None:
    rules = result["rules"]
    rules_text = rules if isinstance(rules, str) else json.dumps(rules)
    out.write(
        f"{result['games']} games, {result['players']} players, rules {rules_text}, "
        f"{result['seconds']:.2f} s ({result['engine']})\n"
    )
    header = f"{'bot':<24} {'games':>8} {'wins':>10} {'win %':>7} {'95% CI':>15} "
    header += f"{'Elo':>7} {'books':>6} {'length':>7}"
    out.write(header + "\n" + "-" * len(header) + "\n")
    ranked = sorted(result["bots"], key=lambda row: -row["elo"])
    for row in ranked:
        low, high = row["ci95"]
        out.write(
            f"{row['name'][:24]:<24} {row['games']:>8} {row['wins']:>10.1f} "
            f"{100 * row['win_rate']:>6.1f}% {f'{100 * low:.1f}-{100 * high:.1f}%':>15} "
            f"{row['elo']:>+7.0f} {row['books_per_game']:>6.2f} {row['game_length']:>7.1f}\n"
        )
    if result["failure_count"]:
        out.write(f"{result['failure_count']} game(s) forfeited by a failing bot; first:\n")
        for failure in result["failures"][:5]:
            out.write(f"  {failure}\n")


CSV_FIELDS = ("name", "games", "wins", "win_rate", "ci95_low", "ci95_high", "elo",
              "books_per_game", "game_length", "forfeits")


def write_csv(result: dict[str, Any], path: str) -> None:
    """The table as CSV, one row per bot; a file that cannot be written is a TournamentError."""
    try:
        with open(path, "w", newline="", encoding="utf-8") as stream:
            writer = csv.writer(stream)
            writer.writerow(CSV_FIELDS)
            for row in result["bots"]:
                low, high = row["ci95"]
                writer.writerow([row["name"], row["games"], row["wins"], row["win_rate"], low,
                                 high, row["elo"], row["books_per_game"], row["game_length"],
                                 row["forfeits"]])
    except OSError as error:
        raise TournamentError(f"cannot write {path}: {error.strerror}") from None


def _pyplot() -> Any:
    """matplotlib's pyplot, drawing to files only, or a clear error saying how to get it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise TournamentError(
            "--plot needs matplotlib: pip install 'gofish[plot]'"
        ) from None
    return plt


def check_outputs(csv_path: str | None, plot_path: str | None) -> None:
    """Refuse, before any game is played, output files that could not be written."""
    if plot_path:
        _pyplot()
    for path in filter(None, (csv_path, plot_path)):
        folder = os.path.dirname(os.path.abspath(path))
        if not os.path.isdir(folder):
            raise TournamentError(f"cannot write {path}: no folder {folder}")
        if os.path.isdir(path):
            raise TournamentError(f"cannot write {path}: it is a folder")
        if not os.access(folder, os.W_OK):
            raise TournamentError(f"cannot write {path}: permission denied")


def write_plot(result: dict[str, Any], path: str) -> None:
    """A bar chart of win rates with their 95% intervals, Elo written on each bar."""
    plt = _pyplot()
    rows = sorted(result["bots"], key=lambda row: -row["elo"])
    names = [row["name"] for row in rows]
    rates = [100 * row["win_rate"] for row in rows]
    errors = [
        [100 * (row["win_rate"] - row["ci95"][0]) for row in rows],
        [100 * (row["ci95"][1] - row["win_rate"]) for row in rows],
    ]
    figure, axes = plt.subplots(figsize=(max(4.0, 1.2 * len(rows) + 2), 4))
    bars = axes.bar(names, rates, yerr=errors, capsize=6, color="#3b7dd8")
    for bar, row in zip(bars, rows, strict=True):
        axes.annotate(f"Elo {row['elo']:+.0f}", (bar.get_x() + bar.get_width() / 2, 1),
                      ha="center", va="bottom", color="white", fontsize=9)
    axes.axhline(100 / result["players"], color="grey", linestyle="--", linewidth=1)
    axes.set_ylabel("win rate (%), 95% CI")
    axes.set_title(f"{result['games']} games, {result['players']} players")
    figure.tight_layout()
    try:
        figure.savefig(path)
    except OSError as error:
        raise TournamentError(f"cannot write {path}: {error.strerror}") from None
    finally:
        plt.close(figure)


def _check_alike(first: dict[str, Any], other: dict[str, Any], fields: Sequence[str],
                 who: str, why: str) -> None:
    """Refuse to add ``other`` to ``first`` unless ``fields`` and the bots are the same."""
    for name in fields:
        if other.get(name) != first.get(name):
            raise TournamentError(f"{who} was played with a different {name}: {why}")
    if [row["spec"] for row in other["bots"]] != [row["spec"] for row in first["bots"]]:
        raise TournamentError(f"{who} has different bots: {why}")


def merge_results(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Combine ``--json`` outputs of shards of one tournament into one result."""
    if not results:
        raise TournamentError("nothing to merge: give the JSON files of the shards")
    first = results[0]
    key_fields = ("rules", "players", "seed", "games_asked", "seatings")
    names = [row["name"] for row in first["bots"]]
    specs = [row["spec"] for row in first["bots"]]
    shards: set[int] = set()
    tally: Tally | None = None
    seconds = 0.0
    failures: list[str] = []
    failure_count = 0
    for number, result in enumerate(results, 1):
        _check_alike(first, result, key_fields, f"shard {number}",
                     "it is not part of the same tournament")
        index, count = result["shard"]
        if count != first["shard"][1] or index in shards:
            raise TournamentError(f"shard {index}/{count} is given twice or does not fit")
        shards.add(index)
        part = Tally.from_raw(result["totals"])
        if tally is None:
            tally = part
        else:
            tally.merge(part)
        seconds += float(result["seconds"])
        failures.extend(result.get("failures", []))
        failure_count += int(result.get("failure_count", 0))
    assert tally is not None
    missing = sorted(set(range(first["shard"][1])) - shards)
    rules = make_rules(first["rules"])
    plan = Plan(rules, first["players"], first["seed"], tuple(specs), first["games_asked"],
                seatings=first.get("seatings", "rotate"))
    merged = dict(first)
    merged.update(
        games=tally.tables,
        seconds=seconds,
        bots=bot_rows(names, specs, tally),
        shard=[0, 1],
        failures=failures[:MAX_FAILURES_KEPT],
        failure_count=failure_count,
        totals=tally.raw(),
        missing_shards=missing,
        deals_per_table=plan.deals,
    )
    return merged


def pool_results(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """Add up independent tournaments of the same bots and rules (other seeds or --games).

    Each batch (one seed and game count) is first merged from its shards as by
    ``merge_results``; the batches' games are independent, so their wins simply add
    up, which narrows the intervals. ``seed`` becomes the list of the batches'
    seeds, and ``batches`` tells each one's games and missing shards.
    """
    if not results:
        raise TournamentError("nothing to pool: give the JSON files of the tournaments")
    groups: dict[tuple[Any, Any], list[dict[str, Any]]] = {}
    for result in results:
        groups.setdefault((result.get("seed"), result.get("games_asked")), []).append(result)
    batches = [merge_results(group) for group in groups.values()]
    first = batches[0]
    specs = [row["spec"] for row in first["bots"]]
    tally = Tally.from_raw(first["totals"])
    for batch in batches[1:]:
        _check_alike(first, batch, ("rules", "players", "seatings"),
                     f"the tournament with seed {batch['seed']}",
                     "only the same bots under the same rules can be pooled")
        tally.merge(Tally.from_raw(batch["totals"]))
    pooled = dict(first)
    pooled.update(
        games=tally.tables,
        seconds=sum(float(batch["seconds"]) for batch in batches),
        bots=bot_rows([row["name"] for row in first["bots"]], specs, tally),
        totals=tally.raw(),
        seed=[batch["seed"] for batch in batches],
        games_asked=sum(int(batch["games_asked"]) for batch in batches),
        deals_per_table=sum(int(batch["deals_per_table"]) for batch in batches),
        failures=[f for batch in batches for f in batch["failures"]][:MAX_FAILURES_KEPT],
        failure_count=sum(int(batch["failure_count"]) for batch in batches),
        missing_shards=[],
        batches=[{"seed": batch["seed"], "games": batch["games"],
                  "missing_shards": batch["missing_shards"]} for batch in batches],
    )
    return pooled
