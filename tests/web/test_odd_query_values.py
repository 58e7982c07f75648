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


def twice(name: str) -> str:
    return f"query parameter '{name}' is given 2 times: give it once"


def unknown(path: str, taken: str) -> str:
    return f"unknown query parameter 'limt': {path} takes {taken}"


@pytest.mark.parametrize(("query", "refusal"), [
    # Each read as its last value: an answer to a question the client may not have meant.
    ("/api/help?preset=classic&preset=nordic", twice("preset")),  # was nordic's help
    ("/api/help?players=3&players=2", twice("players")),
    ("/api/help?book_size=2&book_size=4", twice("book_size")),
    ("/api/games?limit=1&limit=2", twice("limit")),
    ("/api/games?finished=true&finished=false", twice("finished")),
    # Each left out without a word: a typo for limit read as no limit.
    ("/api/games?limt=5", unknown("/api/games", "limit, before, offset, finished")),
    ("/api/setup?limt=5", unknown("/api/setup", "no query parameters")),
    ("/api/stats?limt=5", unknown("/api/stats", "no query parameters")),
    ("/api/games/1?limt=5", unknown("/api/games/1", "no query parameters")),
])
def test_a_parameter_given_twice_or_not_taken_is_refused_by_name(
    client: TestClient, query: str, refusal: str
) -> None:
    answer = client.get(query)
    assert answer.status_code == 400, answer.text
    assert answer.json() == {"error": refusal}


def test_the_parameters_a_page_sends_are_taken(client: TestClient) -> None:
    for query in ("/api/games?finished=false&limit=200", "/api/games?limit=20&offset=0",
                  "/api/help?preset=nordic&players=3&book_size=2", "/api/stats", "/api/setup"):
        assert client.get(query).status_code == 200, query
    # An unknown rule option is make_rules' to name, with the options there are.
    assert client.get("/api/help?luck=1").json()["error"].startswith("unknown option 'luck'")
