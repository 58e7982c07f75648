"""A write inside ``Store.one_snapshot()`` (for reading only, docs/storage.md) is refused
as the caller's mistake: it was SQLite's "cannot start a transaction within a transaction",
told as "the games database … cannot be used", and a save went to the fallback file
though nothing was wrong with the database. A block within another, refused so too, now
reads on in the outer one's snapshot."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from gofish.storage import StorageError, Store, open_store

from .helpers import EMMA, YOU
from .test_bad_arguments import _record


@pytest.mark.parametrize("write", [
    lambda store: store.save(_record(), seats=[YOU, EMMA]),
    lambda store: store.delete(1),
    lambda store: store.restore([]),
], ids=["save", "delete", "restore"])
def test_a_write_in_one_snapshot_is_refused_for_what_it_is(
        store: Store, db_path: Path, write: Callable[[Store], object]) -> None:
    store.save(_record(), seats=[YOU, EMMA])
    with store.one_snapshot():
        with pytest.raises(StorageError) as caught:
            write(store)
        assert store.count() == 1  # the block reads on
    assert str(caught.value) == (f"the games database {store.path} is being read in one "
                                 "snapshot (Store.one_snapshot), which is for reading only: "
                                 "write after the block")
    assert not list(db_path.parent.glob("*.unsaved.jsonl"))  # nothing wrong to rescue from
    assert store.save(_record(), seats=[YOU, EMMA]) == 2  # after it, writes go in


def test_a_block_within_another_reads_on_in_the_outer_snapshot(
        store: Store, db_path: Path) -> None:
    # The inner block was "the games database … cannot be used: cannot start a
    # transaction within a transaction".
    store.save(_record(), seats=[YOU, EMMA])
    with store.one_snapshot():
        with store.one_snapshot():
            assert store.count() == 1
        with open_store(db_path) as other:  # another gofish saves meanwhile
            other.save(_record(), seats=[YOU, EMMA])
        assert store.count() == 1  # the inner block's end did not end the snapshot
    assert store.count() == 2
