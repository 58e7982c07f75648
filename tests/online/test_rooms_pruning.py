"""The SQL docs/online.md gives operators to prune old rooms does what it says."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

from gofish.online.store import SqliteStore

DOCS = Path(__file__).resolve().parents[2] / "docs" / "online.md"
CUTOFF = "2026-01-01"  # the cutoff the documented SQL is written with


def documented_pruning() -> str:
    section = DOCS.read_text().split("## Running for days: what grows", 1)[1]
    match = re.search(r"```sql\n(.*?)```", section, re.DOTALL)
    assert match is not None, "the pruning SQL is missing from docs/online.md"
    return match.group(1)


async def fill(path: Path) -> None:
    """Three rooms: one left long ago, one made long ago but played since, one new."""
    store = SqliteStore(str(path))
    await store.open()
    for code, made, changed in (("OLDOLD", "2025-06-01T10:00:00.000+00:00", "2025-06-02"),
                                ("LONGPL", "2025-06-01T10:00:00.000+00:00", "2026-02-01"),
                                ("NEWNEW", "2026-03-01T10:00:00.000+00:00", "2026-03-01")):
        await store.create_room(code, {"preset": "classic"}, 2, made)
        await store.append(code, 1, "seat", {"seat": 0}, made)
        await store.append(code, 2, "bot", {"seat": 1}, f"{changed}T12:00:00.000+00:00")
    await store.close()


async def rooms_left(path: Path) -> dict[str, int]:
    store = SqliteStore(str(path))
    await store.open()
    try:
        loaded = {code: await store.load_room(code) for code in ("OLDOLD", "LONGPL", "NEWNEW")}
    finally:
        await store.close()
    return {code: len(room.entries) for code, room in loaded.items() if room is not None}


def test_the_documented_pruning_drops_rooms_unchanged_since_the_cutoff_and_keeps_the_rest(
    tmp_path: Path,
) -> None:
    path = tmp_path / "rooms.sqlite3"
    asyncio.run(fill(path))
    sql = documented_pruning()
    assert sql.count(f"'{CUTOFF}'") == 2
    with sqlite3.connect(path) as db:
        db.executescript(sql)
    # The room played since the cutoff keeps every entry, so it replays whole.
    assert asyncio.run(rooms_left(path)) == {"LONGPL": 2, "NEWNEW": 2}
