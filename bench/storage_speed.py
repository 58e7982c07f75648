"""How long the games database takes for what the apps do with it.

Printed, for a fresh database on this machine's disk:
- saving after every ask, as the terminal and browser apps do: milliseconds per
  save, the median and the slowest, over whole classic games against Emma; side
  by side with the same saves under ``PRAGMA synchronous = FULL`` (SQLite's
  default, which the Store lowers to NORMAL in WAL mode), as a ratio;
- ``list_games(50)``, ``stats()`` and ``results_over_time()`` once the database
  holds N finished games (default 1000);

Run: ``python bench/storage_speed.py [--games N]``.
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import _args
import gofish
from gofish.bots import bot_turn, make_bot
from gofish.cli import gofish_options
from gofish.storage import open_store

SEATS = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]


def timed(action: Callable[[], object]) -> float:
    start = time.perf_counter()
    action()
    return time.perf_counter() - start


def save_every_ask(db: Path, games: int, sync: str | None = None) -> list[float]:
    """Seconds per save, saving after each ask of ``games`` whole games."""
    durations: list[float] = []
    with open_store(db) as store:
        if sync is not None:
            store.connection.execute(f"PRAGMA synchronous = {sync}")
        for seed in range(games):
            game = gofish.new_game("classic", seed=seed)
            bots, rng = [make_bot("random"), make_bot("emma")], random.Random(seed)
            game_id = None
            while not game.is_over:
                seat = game.current_player
                assert seat is not None
                game.play(bot_turn(game, bots[seat], rng))
                record = gofish.game_to_record(game)
                start = time.perf_counter()
                game_id = store.save(record, seats=SEATS, game_id=game_id)
                durations.append(time.perf_counter() - start)
    return durations


def fill(db: Path, games: int) -> None:
    with open_store(db) as store:
        for seed in range(games):
            game = gofish.new_game("classic", seed=seed)
            bots, rng = [make_bot("random"), make_bot("emma")], random.Random(seed)
            while not game.is_over:
                game.play(bot_turn(game, bots[game.current_player or 0], rng))
            store.save(gofish.game_to_record(game), seats=SEATS)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--games", type=_args.at_least_one, default=1000)
    args = parser.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''} "
          f"Python {platform.python_version()}, SQLite {__import__('sqlite3').sqlite_version}")
    with tempfile.TemporaryDirectory() as tmp:
        medians: dict[str, float] = {}
        for label, sync in (("store as is (NORMAL)", None), ("synchronous=FULL", "FULL")):
            saves = save_every_ask(Path(tmp) / f"saves-{label[:5]}.sqlite3", games=20, sync=sync)
            medians[label] = statistics.median(saves)
            print(f"save after every ask, {label}: {len(saves)} saves, median "
                  f"{medians[label] * 1000:.2f} ms, slowest {max(saves) * 1000:.2f} ms")
        ratio = medians["synchronous=FULL"] / medians["store as is (NORMAL)"]
        print(f"FULL / NORMAL median save time: {ratio:.1f}x")
        db = Path(tmp) / "full.sqlite3"
        fill_time = timed(lambda: fill(db, args.games))
        print(f"store {args.games} finished games: {fill_time:.2f} s "
              f"({fill_time / args.games * 1000:.2f} ms per game, bots' play included)")
        with open_store(db) as store:
            for name, action in (
                ("list_games(limit=50)", lambda: store.list_games(limit=50)),
                ("stats()", store.stats),
                ("results_over_time()", store.results_over_time),
                ("latest_unfinished()", store.latest_unfinished),
            ):
                best = min(timed(action) for _ in range(5))
                print(f"{name} with {args.games} games: {best * 1000:.2f} ms (best of 5)")


if __name__ == "__main__":
    main()
