"""Query values an API client may send that no page does: each gets a 400 in words."""

from __future__ import annotations

from pathlib import Path

import pytest
from starlette.testclient import TestClient

from gofish.web import create_app


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "games.sqlite3", pace=0),
                      raise_server_exceptions=False)


@pytest.mark.parametrize("name", ["players", "hand_size", "book_size"])
def test_a_number_past_pythons_digit_limit_is_refused_in_words(
    client: TestClient, name: str
) -> None:
    # int() refuses text of more than 4,300 digits with a ValueError: a 500 and a traceback.
    answer = client.get("/api/help", params={name: "9" * 5000})
    assert answer.status_code == 400, answer.text
    assert answer.json() == {"error": f"{name} has 5,000 digits: far more than any game takes"}


def test_a_long_non_number_is_quoted_cut_short(client: TestClient) -> None:
    answer = client.get("/api/help", params={"players": "x" * 3000})
    assert answer.status_code == 400
    assert len(answer.json()["error"]) < 200
    assert answer.json()["error"].startswith("players must be a whole number, not 'xxx")


@pytest.mark.parametrize("path", ["/", "/api/setup", "/api/help", "/api/games", "/api/stats"])
def test_head_is_answered_as_get_is(client: TestClient, path: str) -> None:
    # `curl -I` or a monitor checking the server is up got 405 at the page and the API,
    # though the static files and the rooms' pages take HEAD.
    got, head = client.get(path), client.head(path)
    assert head.status_code == got.status_code == 200
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]


@pytest.mark.parametrize(("query", "name"), [
    ("/api/help?preset=classic&preset=nordic", "preset"),  # was nordic's help, the last
    ("/api/help?players=3&players=2", "players"),
    ("/api/help?book_size=2&book_size=4", "book_size"),
    ("/api/games?limit=1&limit=2", "limit"),
    ("/api/games?finished=true&finished=false", "finished"),
])
def test_a_parameter_given_twice_is_refused_by_name(
    client: TestClient, query: str, name: str
) -> None:
    # Read as its last value, the answer was for a question the client may not have meant.
    answer = client.get(query)
    assert answer.status_code == 400, answer.text
    assert answer.json() == {"error": f"query parameter '{name}' is given 2 times: give it once"}


@pytest.mark.parametrize(("query", "taken"), [
    ("/api/games?limt=5", "takes limit, before, offset, finished"),  # a typo, read as no limit
    ("/api/setup?limt=5", "takes no query parameters"),
    ("/api/stats?limt=5", "takes no query parameters"),
    ("/api/games/1?limt=5", "takes no query parameters"),
])
def test_an_unknown_parameter_is_refused_by_name(
    client: TestClient, query: str, taken: str
) -> None:
    answer = client.get(query)
    assert answer.status_code == 400, answer.text
    path = query.split("?")[0]
    assert answer.json() == {"error": f"unknown query parameter 'limt': {path} {taken}"}


def test_the_parameters_a_page_sends_are_taken(client: TestClient) -> None:
    for query in ("/api/games?finished=false&limit=200", "/api/games?limit=20&offset=0",
                  "/api/help?preset=nordic&players=3&book_size=2", "/api/stats", "/api/setup"):
        assert client.get(query).status_code == 200, query
    # An unknown rule option is make_rules' to name, with the options there are.
    assert client.get("/api/help?luck=1").json()["error"].startswith("unknown option 'luck'")
