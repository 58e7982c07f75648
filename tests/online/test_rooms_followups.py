"""Follow-ups of the rooms sweep over HTTP: the bots' names and "Your rooms" in one request."""

from __future__ import annotations

from starlette.testclient import TestClient

from gofish.bots import display_name


def test_the_bot_list_names_each_bot_as_its_seat_will(client: TestClient) -> None:
    # The menu said "emma (strength 1)" and the seat "Emma (bot)": two names for one bot.
    answer = client.get("/rooms/bots").json()
    assert answer["names"]["emma"] == "Emma"
    assert answer["names"]["random"] == display_name("random")
    assert set(answer["names"]) == set(answer["bots"])
