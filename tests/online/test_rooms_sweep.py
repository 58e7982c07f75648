"""A player's sweep of the rooms: what people typed or did that the rooms misread."""

from __future__ import annotations

import pytest
from starlette.testclient import TestClient

from .helpers import create_room


@pytest.mark.parametrize("name", ["You", "you", " YOU "])
def test_a_person_cannot_be_named_you(client: TestClient, name: str) -> None:
    # Each page's log calls its own reader "You": a person named You made the others'
    # pages read "You asks you for 7s" and list two "You" in the result.
    made = create_room(client, "Ann", players=3)
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": name})
    assert answer.status_code == 400, answer.text
    assert answer.json()["error"] == "invalid"
    assert "choose another name" in answer.json()["message"]
    refused = client.post("/rooms", json={"name": name, "players": 2})
    assert refused.status_code == 400
    assert client.post(f"/rooms/{made['code']}/join", json={"name": "Youssef"}).status_code == 200


@pytest.mark.parametrize("name", ["Emma (bot)", "random (BOT)", "Ann(bot)"])
def test_a_person_cannot_pass_for_a_bot(client: TestClient, name: str) -> None:
    # "(bot)" marks the bots' seats ("Emma (bot)"), so a person named so passed for one.
    made = create_room(client, "Ann", players=3)
    answer = client.post(f"/rooms/{made['code']}/join", json={"name": name})
    assert answer.status_code == 400, answer.text
    assert '"(bot)" are for the bots' in answer.json()["message"]
    info = client.get(f"/rooms/{made['code']}/info").json()
    assert [seat["kind"] for seat in info["seats"]] == ["human", "open", "open"]
    assert client.post(f"/rooms/{made['code']}/join", json={"name": "Emma"}).status_code == 200
