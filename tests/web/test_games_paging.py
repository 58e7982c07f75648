"""``/api/games`` pages by cursor: ``next_before`` of one answer, passed back as ``before``,
gives the games played before the last one listed. By offset, a game deleted while someone
paged moved the next one into the rows already listed, and it was never shown."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.storage.helpers import TickingClock, cursor_of, played_game

from gofish.storage import Store, open_store
from gofish.web import create_app

SEATS = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]


@pytest.fixture()
def database(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


@pytest.fixture()
def client(database: Path) -> TestClient:
    return TestClient(create_app(database, pace=0))


def save_games(database: Path, count: int) -> list[int]:
    """``count`` games, oldest first, each saved a second after the one before."""
    with Store(database, clock=TickingClock()) as store:
        return [store.save(played_game(seed=seed, asks=2).to_record(), seats=SEATS)
                for seed in range(1, count + 1)]


def listed_ids(answer: dict[str, object]) -> list[int]:
    games = answer["games"]
    assert isinstance(games, list)
    return [game["id"] for game in games]


def test_following_next_before_lists_every_game_once_when_one_is_deleted_meanwhile(
    client: TestClient, database: Path
) -> None:
    ids = save_games(database, 5)
    first = client.get("/api/games", params={"limit": 2}).json()
    assert listed_ids(first) == [ids[4], ids[3]] and first["total"] == 5
    with open_store(database) as store:
        store.delete(ids[4])  # already listed
    second = client.get("/api/games", params={"limit": 2, "before": first["next_before"]}).json()
    assert listed_ids(second) == [ids[2], ids[1]] and second["total"] == 4
    last = client.get("/api/games", params={"limit": 2, "before": second["next_before"]}).json()
    assert listed_ids(last) == [ids[0]]
    assert last["next_before"] is None  # nothing older
    # By offset (still taken, for the callers that page so) ids[2] was never listed.
    by_offset = client.get("/api/games", params={"limit": 2, "offset": 2}).json()
    assert listed_ids(by_offset) == [ids[1], ids[0]]


def test_next_before_is_null_only_when_no_game_follows(client: TestClient,
                                                       database: Path) -> None:
    ids = save_games(database, 3)
    assert client.get("/api/games").json()["next_before"] is None
    whole = client.get("/api/games", params={"limit": 3}).json()
    assert listed_ids(whole) == ids[::-1] and whole["next_before"] is None
    cut = client.get("/api/games", params={"limit": 2}).json()
    assert isinstance(cut["next_before"], str)
    # An offset and a cursor go together: the offset skips on past the cursor.
    past = client.get("/api/games", params={"limit": 1, "before": cut["next_before"]}).json()
    assert listed_ids(past) == [ids[0]]
    skipped_on = client.get("/api/games", params={"before": cut["next_before"], "offset": 1})
    assert listed_ids(skipped_on.json()) == []


def test_the_cursor_pages_the_finished_filter_too(client: TestClient, database: Path) -> None:
    with Store(database, clock=TickingClock()) as store:
        finished = [store.save(played_game(seed=seed).to_record(), seats=SEATS)
                    for seed in range(1, 4)]
        store.save(played_game(seed=9, asks=2).to_record(), seats=SEATS)
    first = client.get("/api/games", params={"limit": 2, "finished": "true"}).json()
    rest = client.get("/api/games", params={"limit": 2, "finished": "true",
                                            "before": first["next_before"]}).json()
    assert listed_ids(first) + listed_ids(rest) == finished[::-1]
    assert rest["next_before"] is None


@pytest.mark.parametrize(("before", "why"), [
    ("", "before is empty: leave it out for the most recent games"),
    ("2026-01-01T00:00:01.000+00:00:3", "a cursor has only letters, digits, - and _"),
    ("%ff", "a cursor has only letters, digits, - and _"),
    ("abcde", "it is cut short or changed"),
    (cursor_of({"id": 3}), "it does not hold a game's time and id"),
    (cursor_of({"updated_at": "2026", "id": "3"}), "its game id is not a whole number"),
    (cursor_of({"updated_at": "2026", "id": 10**30}), "its game id is past any stored id"),
    ("x" * 5000, "it is cut short or changed"),
])
def test_a_bad_cursor_is_a_400_saying_what_is_wrong(
    client: TestClient, database: Path, before: str, why: str
) -> None:
    save_games(database, 2)
    answer = client.get("/api/games", params={"before": before})
    assert answer.status_code == 400
    error = answer.json()["error"]
    assert why in error and "pass the next_before of the previous page unchanged" in error
    assert "Traceback" not in answer.text and len(error) < 300


def test_a_bad_cursor_is_the_clients_mistake_even_while_the_database_is_broken(
    tmp_path: Path
) -> None:
    broken = TestClient(create_app(tmp_path, pace=0))  # a directory, not a database
    assert broken.get("/api/games").status_code == 503
    assert broken.get("/api/games", params={"before": "abcde"}).status_code == 400
