"""Paging through the stored games by key: a game deleted, saved or played on between two
pages neither skips nor repeats another, as paging by offset did (the history page, ``gofish
resume`` looking past damaged games)."""

from __future__ import annotations

import base64
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.storage import (
    CursorError,
    DamagedGameError,
    PageKey,
    StorageError,
    Store,
    StoredGame,
    read_cursor,
)

from .helpers import EMMA, YOU, cursor_of, damage, played_game


def save_games(store: Store, count: int, *, asks: int | None = 2) -> list[int]:
    """``count`` games, oldest first (the test clock ticks a second per save)."""
    return [store.save(gofish.game_to_record(played_game(seed=seed, asks=asks)),
                       seats=[YOU, EMMA]) for seed in range(1, count + 1)]


def entry_id(entry: StoredGame | DamagedGameError) -> int:
    return entry.id if isinstance(entry, StoredGame) else entry.game_id


def every_page(store: Store, limit: int, between: Callable[[int], None] = lambda _: None,
               **filters: Any) -> list[list[int]]:
    """The ids of each page, following next_before to the end; ``between(n)`` runs after
    page n is read."""
    pages: list[list[int]] = []
    before: PageKey | None = None
    while True:
        page = store.list_page(limit, before=before, **filters)
        pages.append([entry_id(entry) for entry in page.entries])
        between(len(pages))
        if page.next_before is None:
            return pages
        before = page.next_before


def test_pages_by_key_cover_every_game_once(store: Store) -> None:
    ids = save_games(store, 7)
    assert every_page(store, 3) == [ids[:3:-1], ids[3:0:-1], ids[:1]]
    # A page that ends on the last game says no other follows.
    assert every_page(store, 7) == [ids[::-1]]
    assert store.list_page(0).next_before is None
    # The offset still counts from the top, and next_before pages on from there.
    offset_page = store.list_page(2, offset=4)
    assert [entry_id(entry) for entry in offset_page.entries] == [ids[2], ids[1]]
    assert offset_page.next_before is not None
    assert [entry_id(entry) for entry in
            store.list_page(5, before=offset_page.next_before).entries] == [ids[0]]


def test_a_game_deleted_between_pages_skips_no_other(store: Store) -> None:
    ids = save_games(store, 6)
    deleted = ids[-1]  # on the first page, already shown
    pages = every_page(store, 3, between=lambda n: n == 1 and store.delete(deleted))
    assert pages == [ids[:2:-1], ids[2::-1]]
    # By offset, the game that moved up into the first page's place was never listed.
    assert [game.id for game in store.list_games(limit=3, offset=3)] == ids[1::-1]


def test_games_saved_or_played_on_between_pages_repeat_none(store: Store) -> None:
    ids = save_games(store, 6)

    def meanwhile(page: int) -> None:
        if page == 1:
            save_games(store, 1)  # a new game at the top
            store.save(gofish.game_to_record(played_game(seed=5, asks=3)), seats=[YOU, EMMA],
                       game_id=ids[4])  # one already listed, played on

    assert every_page(store, 3, between=meanwhile) == [ids[:2:-1], ids[2::-1]]


def test_the_filter_and_the_key_go_together(store: Store) -> None:
    finished = save_games(store, 3, asks=None)
    unfinished = save_games(store, 3)
    assert every_page(store, 2, finished=True) == [finished[:0:-1], finished[:1]]
    assert every_page(store, 2, finished=False) == [unfinished[:0:-1], unfinished[:1]]


def test_resume_finds_the_game_behind_damaged_ones_when_one_goes_meanwhile(
    store: Store, db_path: Path
) -> None:
    # latest_unfinished reads the games in progress 20 at a time past damaged ones. By
    # offset, a damaged game deleted between two reads moved the readable game into the
    # rows already read, and "no game to resume" was the answer.
    readable = save_games(store, 1)[0]
    damaged = save_games(store, 20)
    damage(db_path, "UPDATE games SET record = 'not json' WHERE id != ?", (readable,))
    reads = 0
    read_once = store._read

    def read_and_delete(operation: Callable[[], Any]) -> Any:
        nonlocal reads
        answer = read_once(operation)
        reads += 1
        if reads == 1:
            damage(db_path, "DELETE FROM games WHERE id = ?", (damaged[-1],))
        return answer

    store._read = read_and_delete  # type: ignore[method-assign]
    skipped: list[DamagedGameError] = []
    latest = store.latest_unfinished(skipped=skipped)
    assert latest is not None and latest.id == readable
    assert sorted(entry.game_id for entry in skipped) == damaged


@pytest.mark.parametrize("stored_as", [
    "CAST(x'32303236ff' AS TEXT)",  # text that is not UTF-8
    "x'32303236'",  # a blob, which SQLite orders after every text
    "'2026-01-01T00:00:02.500+00:00'",  # between two others, to the millisecond
])
def test_a_hand_edited_time_keeps_its_place_exactly(
    store: Store, db_path: Path, stored_as: str
) -> None:
    ids = save_games(store, 5)
    for game_id in ids[1:4]:
        damage(db_path, f"UPDATE games SET updated_at = {stored_as} WHERE id = ?", (game_id,))
    expected = [entry_id(entry) for entry in store.list_entries()]
    pages = every_page(store, 1)
    assert [game_id for page in pages for game_id in page] == expected
    # Through the cursor a web client is given and passes back, too.
    through_cursors: list[int] = []
    page = store.list_page(1)
    while True:
        through_cursors.extend(entry_id(entry) for entry in page.entries)
        if page.next_before is None:
            break
        key = read_cursor(page.next_before.cursor())
        assert key == page.next_before
        page = store.list_page(1, before=key)
    assert through_cursors == expected


@pytest.mark.parametrize("before", [
    "eyJ1cGRhdGVkX2F0IjoiMjAyNiIsImlkIjo1fQ",  # a cursor's text, not its key
    PageKey("2026", 2**64),  # past SQLite's integers
    PageKey("2026", True),  # type: ignore[arg-type]
    PageKey("\ud800", 1),  # no stored byte reads as this surrogate
    PageKey(b"2026", 1),  # type: ignore[arg-type]
])
def test_a_key_that_is_not_one_is_refused_in_words(store: Store, before: object) -> None:
    with pytest.raises(StorageError, match="before must be the next_before of a page"):
        store.list_page(5, before=before)  # type: ignore[arg-type]


@pytest.mark.parametrize(("text", "why"), [
    ("", "before is empty"),
    ("2026-01-01T00:00:02.000+00:00:17", "a cursor has only letters, digits, - and _"),
    ("abcde", "it is cut short or changed"),
    (cursor_of({"updated_at": "2026", "id": 1})[:-3], "it is cut short or changed"),
    (cursor_of([1, 2]), "it does not hold a game's time and id"),
    (cursor_of({"updated_at": 5, "id": 1}), "it does not hold a game's time and id"),
    (cursor_of({"updated_at": "2026", "id": 1, "page": 2}), "does not hold a game's time"),
    (cursor_of({"updated_at": "2026", "id": 1, "blob": "yes"}), "does not hold a game's time"),
    (cursor_of({"updated_at": "2026", "id": 1, "damaged_last": 1}), "does not hold a game's"),
    (cursor_of({"updated_at": "2026", "id": "1"}), "its game id is not a whole number"),
    (cursor_of({"updated_at": "2026", "id": True}), "its game id is not a whole number"),
    (cursor_of({"updated_at": "2026", "id": 1.5}), "its game id is not a whole number"),
    (cursor_of({"updated_at": "2026", "id": 2**63}), "its game id is past any stored id"),
    (cursor_of({"updated_at": "\ud800", "id": 1}), "its time holds a character no game's"),
    (cursor_of("2026:1"), "it does not hold a game's time and id"),
])
def test_a_cursor_that_is_not_one_says_what_is_wrong(text: str, why: str) -> None:
    with pytest.raises(CursorError) as refused:
        read_cursor(text)
    message = str(refused.value)
    assert why in message
    assert "next_before of the previous page" in message
    assert len(message) < 300  # a long one is quoted cut short


def test_a_cursor_deeply_nested_is_refused_not_a_crash() -> None:
    with pytest.raises(CursorError, match="cut short or changed"):
        read_cursor(base64.urlsafe_b64encode(b"[" * 100_000).decode().rstrip("="))


class SavesWhileCounting:
    """A store on which another window saves a game just after every count is taken."""

    def __init__(self, store: Store, seats: list[Any]) -> None:
        self.store, self.seats = store, seats

    def count(self, finished: bool | None = None) -> int:
        counted = self.store.count(finished)
        self.store.save(gofish.game_to_record(played_game(seed=9, asks=1)), seats=self.seats)
        return counted

    def __getattr__(self, name: str) -> Any:
        return getattr(self.store, name)


def test_resume_finds_the_players_game_though_a_game_is_saved_while_it_looks(
    store: Store,
) -> None:
    # gofish resume counted the unfinished games, then listed that many: a bots-only game
    # saved in between took the last place, and the person's game fell off the list.
    from gofish.cli._database import latest_playable

    from .helpers import RANDOM

    person = store.save(gofish.game_to_record(played_game(seed=1, asks=1)), seats=[YOU, EMMA])
    skipped: list[Any] = []
    found = latest_playable(SavesWhileCounting(store, [EMMA, RANDOM]), skipped)
    assert found is not None and found.id == person
    assert skipped == []


@pytest.fixture(scope="module")
def many_games(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int]:
    """A file of some hundreds of games, whose history's index takes several pages."""
    from .test_recover import _copied_tenfold

    path = tmp_path_factory.mktemp("many") / "games.sqlite3"
    return path, _copied_tenfold(path)


@pytest.mark.parametrize("games_page", ["middle", "last"])  # last: the most recent games
@pytest.mark.parametrize("finished", [None, False])
def test_pages_of_a_damaged_index_and_games_page_name_every_game_once(
    many_games: tuple[Path, int], tmp_path: Path, games_page: str, finished: bool | None,
) -> None:
    # Pages read through the index's sound part and pages read around its damage came by
    # turns, in two orders: the latter puts last the games whose time cannot be read, and
    # the former had passed their place already, so those were neither listed nor named.
    from .test_damaged_pages import _overwrite, _pages_of

    path = tmp_path / "games.sqlite3"
    path.write_bytes(many_games[0].read_bytes())
    index, games = _pages_of(path, "games_by_update"), _pages_of(path, "games")
    assert len(index) > 1
    _overwrite(path, index[0])
    _overwrite(path, games[len(games) // 2 - 1 if games_page == "middle" else -1])
    with Store(path, read_only=True) as store:
        wanted = [entry_id(entry) for entry in store.list_entries(many_games[1],
                                                                  finished=finished)]
        damaged = {entry.game_id for entry in store.list_entries(many_games[1])
                   if isinstance(entry, DamagedGameError)}
        assert damaged and (finished is not None or len(wanted) == many_games[1])
        for limit in (7, 50):
            listed: list[int] = []
            page = store.list_page(limit, finished=finished)
            while True:  # through the cursors a web client is given and passes back
                listed.extend(entry_id(entry) for entry in page.entries)
                if page.next_before is None:
                    break
                page = store.list_page(limit, before=read_cursor(page.next_before.cursor()),
                                       finished=finished)
            assert sorted(listed) == sorted(wanted), limit
        skipped: list[DamagedGameError] = []
        assert store.latest_unfinished(skipped, wanted=lambda game: False) is None
    assert {entry.game_id for entry in skipped} == damaged
