"""docs/storage.md's "Schema" is the schema gofish makes: every table, column, type,
constraint and index, for the programs that read the games database themselves.

It left out the two indexes, which a reader needs to know the history is read by.
"""

from __future__ import annotations

import re
import sqlite3
from pathlib import Path

from gofish.storage import open_store
from gofish.storage.schema import SCHEMA_VERSION

ROOT = Path(__file__).resolve().parents[2]


def _documented() -> tuple[int, str]:
    text = (ROOT / "docs" / "storage.md").read_text(encoding="utf-8")
    heading = re.search(r"^## Schema \(version (\d+)\)$", text, re.MULTILINE)
    assert heading is not None
    block = re.search(r"```sql\n(.*?)```", text[heading.end():], re.DOTALL)
    assert block is not None
    return int(heading[1]), block[1]


def _shape(db: sqlite3.Connection) -> dict[str, object]:
    """Each table's columns (name, type, not null, key) and each index's columns."""
    names = [row[0] for row in db.execute(
        "SELECT name FROM sqlite_master WHERE type IN ('table', 'index') "
        "AND name NOT LIKE 'sqlite_%' ORDER BY name")]
    shape: dict[str, object] = {}
    for name in names:
        columns = db.execute(f"PRAGMA table_xinfo({name})").fetchall()
        if columns:
            shape[name] = [(column[1], column[2], column[3], column[5]) for column in columns]
        else:
            shape[name] = [(row[2], row[3]) for row in db.execute(f"PRAGMA index_xinfo({name})")
                           if row[2] is not None]
    return shape


def test_the_documented_schema_is_the_one_gofish_makes(tmp_path: Path) -> None:
    version, sql = _documented()
    assert version == SCHEMA_VERSION
    with open_store(tmp_path / "games.sqlite3"):
        pass
    made = sqlite3.connect(tmp_path / "games.sqlite3")
    written = sqlite3.connect(":memory:")
    written.executescript(sql)
    try:
        assert _shape(written) == _shape(made)
    finally:
        made.close()
        written.close()
