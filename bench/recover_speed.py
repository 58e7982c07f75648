"""How long ``gofish recover`` takes on a large damaged games database.

The database holds N finished games (default 20,000): 50 played by bots, then their rows
copied under new ids, as playing each would take too long. One page of the games table
in its middle is then overwritten, as a failing disk leaves it. Printed: the file's size,
the time of ``recover_database`` and how many games came back; with ``--profile``, the
functions that took the most time (cProfile, cumulative). CPU time is printed beside
the wall time: on a shared machine the wall time is mostly waiting for a core.

Run: ``python bench/recover_speed.py [--games N] [--profile]``.
"""

from __future__ import annotations

import argparse
import cProfile
import platform
import pstats
import random
import sqlite3
import tempfile
import time
from pathlib import Path

import _args
import gofish
from gofish.bots import bot_turn, make_bot
from gofish.cli import gofish_options
from gofish.storage import open_store
from gofish.storage.recovery import Recovery, recover_database

SEATS = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
PLAYED = 50
PAGE_SIZE = 4096


def fill(db: Path, games: int) -> None:
    """``games`` finished games: PLAYED played, the rest copies of their rows."""
    with open_store(db) as store:
        for seed in range(min(games, PLAYED)):
            game = gofish.new_game("classic", seed=seed)
            bots, rng = [make_bot("random"), make_bot("emma")], random.Random(seed)
            while not game.is_over:
                game.play(bot_turn(game, bots[game.current_player or 0], rng))
            store.save(gofish.game_to_record(game), seats=SEATS)
    with sqlite3.connect(db) as connection:
        columns = ", ".join(row[1] for row in connection.execute("PRAGMA table_info(games)")
                            if row[1] != "id")
        for first in range(PLAYED + 1, games + 1, PLAYED):
            count = min(PLAYED, games - first + 1)
            connection.execute(f"INSERT INTO games (id, {columns}) SELECT id + ?, {columns} "
                               "FROM games WHERE id <= ?", (first - 1, count))
            connection.execute("INSERT INTO seats SELECT game_id + ?, seat, name, bot, books, "
                               "result FROM seats WHERE game_id <= ?", (first - 1, count))
    connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    connection.close()


def damage_a_games_page(db: Path) -> None:
    with sqlite3.connect(db) as connection:
        leaves = [row[0] for row in connection.execute(
            "SELECT pageno FROM dbstat WHERE name = 'games' AND pagetype = 'leaf' "
            "ORDER BY pageno")]
    connection.close()
    with db.open("r+b") as file:
        file.seek((leaves[len(leaves) // 2] - 1) * PAGE_SIZE)
        file.write(b"\xff" * 64)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)
    parser.add_argument("--games", type=_args.at_least_one, default=20_000)
    parser.add_argument("--profile", action="store_true",
                        help="print the functions that took the most time")
    args = parser.parse_args()
    print(f"machine: {platform.machine()} {platform.processor() or ''} "
          f"Python {platform.python_version()}, SQLite {sqlite3.sqlite_version}")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "games.sqlite3"
        fill(db, args.games)
        damage_a_games_page(db)
        size = db.stat().st_size / 1e6
        profile = cProfile.Profile() if args.profile else None
        start, cpu = time.perf_counter(), time.process_time()
        if profile is not None:
            profile.enable()
        done: Recovery = recover_database(db)
        if profile is not None:
            profile.disable()
        took, cpu = time.perf_counter() - start, time.process_time() - cpu
        games = f"{args.games:,} game" + ("" if args.games == 1 else "s")
        print(f"recover {games} ({size:.0f} MB, one games page overwritten): "
              f"{took:.1f} s ({cpu:.1f} s of CPU, {cpu / args.games * 1e3:.2f} ms a game), "
              f"{len(done.recovered):,} recovered, {len(done.lost):,} lost")
        if profile is not None:
            pstats.Stats(profile).sort_stats("cumulative").print_stats(25)


if __name__ == "__main__":
    main()
