"""A game id or count in an API address is read as /api/help reads its numbers: ASCII
digits only. FastAPI's own int took "1_0" as 10 (and said there was no game 10), and "+1",
" 1" and "1.0" as 1, where /api/help refused "+2" players."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient
from tests.storage.helpers import played_game

from gofish.storage import open_store
from gofish.web import create_app


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    database = tmp_path / "games.sqlite3"
    with open_store(database) as store:
        store.save(played_game(seed=3).to_record(), seats=[{"name": "You", "bot": None},
                                                           {"name": "Emma", "bot": "emma"}])
    return TestClient(create_app(database, pace=0), raise_server_exceptions=False)


@pytest.mark.parametrize("typed", ["1_0", "+1", " 1", "1 ", "1.0"])
def test_a_game_id_not_written_in_digits_is_refused_as_typed(
    client: TestClient, typed: str
) -> None:
    answer = client.get(f"/api/games/{typed}")
    assert answer.status_code == 422, answer.text
    assert answer.json() == {"error": f"game_id must be a whole number, not {typed!r}"}


@pytest.mark.parametrize("name", ["limit", "offset"])
@pytest.mark.parametrize("typed", ["1_0", "+2", " 2", "2.0"])
def test_a_count_not_written_in_digits_is_refused_as_help_refuses_one(
    client: TestClient, name: str, typed: str
) -> None:
    answer = client.get("/api/games", params={name: typed})
    assert answer.status_code == 422, answer.text
    assert answer.json() == {"error": f"{name} must be a whole number, not {typed!r}"}
    # The same text for a player count on the help page: refused there already.
    assert client.get("/api/help", params={"players": typed}).status_code == 400


def test_numbers_in_digits_are_still_read(client: TestClient) -> None:
    assert client.get("/api/games/1").json()["id"] == 1
    assert client.get("/api/games/01").json()["id"] == 1  # leading zeros are still digits
    assert client.get("/api/games/-1").status_code == 404
    listed = client.get("/api/games", params={"limit": "1", "offset": "0"}).json()
    assert [game["id"] for game in listed["games"]] == [1]
    assert client.get("/api/games", params={"limit": "-1"}).json() == {
        "error": "limit must be 0 or more, not '-1'"}


@pytest.mark.parametrize("address", ["/api/games/{digits}", "/api/games?limit={digits}",
                                     "/api/games?offset={digits}"])
def test_a_number_of_thousands_of_digits_is_refused_in_words(
    client: TestClient, address: str
) -> None:
    # Past Python's 4,300-digit limit the refusal was the library's: "limit: Unable to
    # parse input string as an integer, exceeded maximum size".
    answer = client.get(address.format(digits="9" * 5000))
    assert answer.status_code == 422, answer.text
    name = address.split("?")[1].split("=")[0] if "?" in address else "game_id"
    assert answer.json() == {"error": f"{name} has 5,000 digits: far more than any game takes"}
