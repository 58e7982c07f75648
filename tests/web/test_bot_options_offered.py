"""/api/setup lists each bot's options (its knobs) with what each does, from the bot
registry: the start form offers them for the chosen opponent and keeps no table of its own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from gofish.bots import available_bots
from gofish.bots.base import MAX_THINKING_SECONDS
from gofish.online.room import RoomError, room_bot
from gofish.web import create_app

from .test_api import refusal, start


def offered(tmp_path: Path) -> dict[str, list[dict[str, str]]]:
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    return {bot["name"]: bot["options"] for bot in client.get("/api/setup").json()["bots"]}


def test_setup_lists_every_bots_options_as_the_registry_has_them(tmp_path: Path) -> None:
    options = offered(tmp_path)
    assert options == {
        info.name: [{"name": name, "description": about} for name, about in info.options]
        for info in available_bots()
    }
    assert options["random"] == []
    assert [option["name"] for option in options["emma"]] == ["memory"]
    assert [option["name"] for option in options["expert"]] == [
        "epsilon", "noise", "endgame", "infer"]
    [epsilon] = [option for option in options["counter"] if option["name"] == "epsilon"]
    assert "(0 to 1)" in epsilon["description"]  # the range, in the words beside the box


def test_a_spec_the_form_builds_is_played_and_a_bad_value_refused_in_words(
    tmp_path: Path
) -> None:
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        for spec, told in (
            ("expert:epsilon=2", "epsilon must be a number from 0 to 1"),
            ("emma:memory=-1", "memory must be a whole number of ranks, 0 or more"),
            ("expert:noise=lots", "noise must be a finite number at least 0"),
        ):
            assert refusal(ws, {"type": "start", "opponents": [spec]}) == (
                f"bot option {spec.split(':')[1]}: {told}"
                + (" (leave memory out for all of them)" if "memory" in spec else ""))
        update = start(ws, opponents=["expert:epsilon=0.3:noise=0.5"])
    labels = [player["label"] for player in update["state"]["players"]]
    assert labels == ["You", "Expert (epsilon=0.3, noise=0.5)"]


def test_a_page_cannot_give_a_searching_bot_longer_than_the_server_allows(
    tmp_path: Path
) -> None:
    # Each second a page gives a bot to think is the server's CPU, shared by everyone it
    # serves: ismcts:seconds=3600 with iterations enough made an hour a decision.
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        spec = "ismcts:iterations=999999:seconds=3600"
        assert refusal(ws, {"type": "start", "opponents": [spec]}) == (
            f"bot 'ismcts': seconds must be at most {MAX_THINKING_SECONDS:g} in a "
            "game in the browser (a decision is thought out on the server)")
        update = start(ws, opponents=[f"ismcts-quick:seconds={MAX_THINKING_SECONDS:g}"])
    assert update["state"]["players"][1]["label"] == "Quick ISMCTS (seconds=5)"


def test_a_refused_opponent_names_its_seat_and_the_option_at_fault(tmp_path: Path) -> None:
    # The form said the refusal beside Deal, naming the whole spec, and could not tell
    # which of its boxes to mark: the refusal says so for the page to read.
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        for opponents, seat, option in (
            (["emma", "expert:epsilon=0.3:noise=lots"], 2, "noise"),
            (["counter:epsilon=2"], 1, "epsilon"),
            (["emma:iq=200"], 1, "iq"),  # an option the bot does not take
            (["ismcts:iterations=999999:seconds=3600"], 1, "seconds"),  # the server's limit
        ):
            ws.send_text(json.dumps({"type": "start", "players": 3, "opponents": opponents}))
            answer = ws.receive_json()
            assert answer["type"] == "refused", answer
            assert (answer["seat"], answer["option"]) == (seat, option), answer
            assert option in answer["message"]  # in the rooms' words: the option, not the spec
        ws.send_text(json.dumps({"type": "start", "opponents": ["hal:epsilon=0.1"]}))
        unknown = ws.receive_json()
    assert unknown["seat"] == 1 and "option" not in unknown, unknown  # no bot: no box


def test_a_refusal_names_an_option_as_the_bot_reads_it_and_never_a_nameless_one(
    tmp_path: Path
) -> None:
    # A bot reads "Seconds" as seconds: over the page's limit it named no option, where
    # "Epsilon=2" named "Epsilon". A pair with no name ("expert:", "expert:=2") was
    # answered "option": "", a box no form has.
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        answers = {}
        for spec in ("ismcts:Seconds=3600", "expert:Epsilon=2", "expert:", "expert:=2",
                     "counter::epsilon=0.5"):
            ws.send_text(json.dumps({"type": "start", "opponents": [spec]}))
            answers[spec] = ws.receive_json()
    assert all(answer["type"] == "refused" and answer["seat"] == 1
               for answer in answers.values()), answers
    assert answers["ismcts:Seconds=3600"]["option"] == "Seconds"
    assert answers["expert:Epsilon=2"]["option"] == "Epsilon"
    for spec in ("expert:", "expert:=2", "counter::epsilon=0.5"):
        assert "option" not in answers[spec], answers[spec]
        assert "should look like KEY=VALUE" in answers[spec]["message"]


@pytest.mark.parametrize("spec", ["hal", "counter:epsilon=2", "emma:iq=200", "emma:memory",
                                  f"ismcts:seconds={MAX_THINKING_SECONDS * 2:g}"])
def test_the_browser_refuses_an_opponent_in_the_rooms_words(tmp_path: Path, spec: str) -> None:
    # The start form marks the box at fault (the refusal's seat and option), so its words
    # started "opponent 'hal': …" where a room seating the same bot said the refusal alone.
    client = TestClient(create_app(tmp_path / "games.sqlite3", pace=0))
    with client.websocket_connect("/ws/play") as ws:
        said = refusal(ws, {"type": "start", "opponents": [spec]})
    with pytest.raises(RoomError) as in_a_room:
        room_bot(spec)
    where = ("in a room's game", "in a game in the browser")
    assert said == in_a_room.value.message.replace(*where)
