"""A room's host seats a bot with options (``expert:noise=0.2``), as the start form gives an
opponent: the same parser, length limit and thinking cap, and everyone sees the options."""

from __future__ import annotations

import json
from collections.abc import Callable

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from gofish.bots.base import MAX_THINKING_SECONDS
from gofish.bots.endgame import warm_up
from gofish.online.protocol import parse_command
from gofish.online.room import Room, RoomError, room_bot
from gofish.web.messages import MAX_OPPONENT_SPEC_LENGTH

from .conftest import PATIENT
from .helpers import (
    connect,
    create_room,
    join_room,
    play_to_end,
    serving,
    start_game,
    three_seat_room,
)

TOKEN = "a" * 64


def lobby(players: int = 2) -> Room:
    """A lobby with Ann, its host, in seat 1 and the other seats open."""
    room = Room.new("K7QH3T", "classic", players, "2026-12-01T07:00:00Z", "emma")
    room.apply(*room.join_entry("Ann", TOKEN))
    return room


def refusal(room: Room, spec: str, by: int | None = 0) -> RoomError:
    with pytest.raises(RoomError) as refused:
        room.add_bot_entry(by, 1, spec)
    return refused.value


def test_a_bot_with_options_is_seated_under_its_one_spelling_and_named_with_them() -> None:
    room = lobby()
    entry = room.add_bot_entry(0, 1, "Expert:noise=0.20:infer=FALSE")
    assert entry == ("bot", {"seat": 1, "bot": "expert:infer=false:noise=0.2",
                             "name": "Expert (bot)"})
    said = room.apply(*entry)
    seat = room.lobby()["seats"][1]
    # As the single-player table labels a seat (Expert (infer=false, noise=0.2)); the log
    # says the name alone, so "Expert (bot) asks Ann…" stays short.
    assert seat["label"] == "Expert (bot) (infer=false, noise=0.2)"
    assert seat["name"] == "Expert (bot)" and seat["bot"] == "expert:infer=false:noise=0.2"
    assert said is not None and said.text == "Expert (bot) (infer=false, noise=0.2) takes seat 2."


@pytest.mark.parametrize(("typed", "stored"), [
    (" Emma : MEMORY = 2 ", "emma:memory=2"),
    ("expert:noise=.50", "expert:noise=0.5"),
])
def test_a_spec_spelt_oddly_is_seated_in_its_one_spelling(typed: str, stored: str) -> None:
    room = lobby()
    room.apply(*room.add_bot_entry(0, 1, typed))
    assert room.seats[1].bot == stored


def test_a_bot_without_options_is_labelled_by_its_name_alone() -> None:
    room = lobby()
    said = room.apply(*room.add_bot_entry(0, 1, "emma"))
    assert room.lobby()["seats"][1]["label"] == "Emma (bot)" and said is not None
    assert said.text == "Emma (bot) takes seat 2."
    assert room.lobby()["seats"][0]["label"] == "Ann"


@pytest.mark.parametrize(
    ("spec", "said"),
    [
        ("expert:colour=red", "bot 'expert' has no option 'colour': it takes epsilon, noise, "
                              "endgame, infer"),
        ("counter:epsilon=2", "bot option epsilon=2: epsilon must be"),
        ("emma:memory", "bot option 'memory' in 'emma:memory' should look like KEY=VALUE"),
        ("emmma:memory=2", "unknown bot 'emmma': choose one of counter, emma, expert, "),
        # An external program (as gofish tournament plays one) would run on the server.
        ("cmd:python3 my_bot.py", "'cmd:python3 my_bot.py' is an external program: only "
                                  "gofish tournament plays those"),
        (" CMD:sh", "'CMD:sh' is an external program"),
        ("emma:", "bot option '' in 'emma:' should look like KEY=VALUE"),
        ("emma:memory=2:MEMORY=3", "bot option 'memory' is given twice"),
        # Numbers take the digits 0-9 only, as the room's addresses do: an Arabic-Indic
        # three was read as 3.
        ("emma:memory=\u0663", "'\u0663' uses the digit '\u0663': numbers take the digits "
                                "0-9 only"),
        (f"ismcts:seconds={MAX_THINKING_SECONDS * 2:g}",
         f"bot 'ismcts': seconds must be at most {MAX_THINKING_SECONDS:g} in a room's game"),
    ],
)
def test_a_spec_the_room_cannot_seat_is_refused_saying_what_is_wrong(spec: str, said: str) -> None:
    refused = refusal(lobby(), spec)
    assert refused.code == "invalid" and said in refused.message


def test_a_bot_may_be_given_as_long_to_think_as_a_browser_game_allows() -> None:
    room = lobby()
    room.apply(*room.add_bot_entry(0, 1, f"ismcts-quick:seconds={MAX_THINKING_SECONDS:g}"))
    assert room.seats[1].bot == f"ismcts-quick:seconds={MAX_THINKING_SECONDS:g}"


def test_a_search_given_endless_iterations_still_stops_at_its_time_budget() -> None:
    # iterations has no cap of its own: the search stops at its seconds (0.2 by default),
    # which the thinking cap bounds, whatever the number of imagined deals.
    spec = "ismcts:iterations=" + "9" * 60
    assert room_bot(spec).seconds <= MAX_THINKING_SECONDS  # type: ignore[attr-defined]
    room = lobby()
    room.apply(*room.add_bot_entry(0, 1, spec))
    assert room.seats[1].bot == spec


def test_only_the_host_seats_a_bot_with_options() -> None:
    room = lobby(players=3)
    room.apply(*room.join_entry("Bob", "b" * 64))
    assert refusal(room, "expert:noise=0.2", by=1).code == "forbidden"
    assert refusal(room, "expert:noise=0.2", by=None).code == "forbidden"


def test_a_spec_longer_than_the_start_forms_is_refused_in_words_not_as_a_bad_frame() -> None:
    longest = "expert:noise=0.2:epsilon=0." + "1" * (MAX_OPPONENT_SPEC_LENGTH - 27)
    assert len(longest) == MAX_OPPONENT_SPEC_LENGTH
    room = lobby()
    assert room.add_bot_entry(0, 1, longest)[1]["bot"].startswith("expert:epsilon=0.1")
    # The protocol takes it (the frame's size cap bounds it): the room says what is wrong.
    frame = json.dumps({"type": "add_bot", "version": 1, "seat": 1, "bot": longest + "1"})
    assert parse_command(frame).bot == longest + "1"  # type: ignore[union-attr]
    refused = refusal(room, longest + "1")
    assert (refused.code, refused.message) == (
        "invalid", f"a bot with its options may be at most {MAX_OPPONENT_SPEC_LENGTH} "
                   f"characters, and this one has {MAX_OPPONENT_SPEC_LENGTH + 1}")


@pytest.mark.parametrize(
    ("spec", "option"),
    [
        ("counter:epsilon=2", "epsilon"),
        ("expert:noise=0.2:Epsilon=2", "Epsilon"),  # as written, for the page's box
        ("expert:colour=red", "colour"),
        (f"ismcts-quick:Seconds={MAX_THINKING_SECONDS * 2:g}", "Seconds"),
        ("emmma:memory=2", None),  # an unknown bot: no box is at fault
        ("emma:", None),  # a nameless pair: no box holds it
    ],
)
def test_a_refused_bot_names_the_option_at_fault_as_the_start_form_does(
    spec: str, option: str | None,
) -> None:
    assert refusal(lobby(), spec).option == option


def test_the_page_is_told_the_option_at_fault_and_a_long_spec_is_no_violation(
    client: TestClient,
) -> None:
    made = create_room(client, "Ann", players=3)
    ann = connect(client, made["code"], made["token"])
    ann.command("add_bot", seat=2, bot="expert:noise=0.2:epsilon=2")
    refused = ann.read_until(lambda m: m["type"] == "error")
    assert refused["code"] == "invalid" and refused["option"] == "epsilon"
    ann.command("add_bot", seat=2, bot="emma:memory=" + "9" * MAX_OPPONENT_SPEC_LENGTH)
    refused = ann.read_until(lambda m: m["type"] == "error")
    assert "option" not in refused
    assert refused["message"].startswith("a bot with its options may be at most")
    server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
    assert [c.violations for c in server.rooms[made["code"]].connections] == [0]


def test_the_bot_list_gives_each_bots_options_and_what_it_is(client: TestClient) -> None:
    answer = client.get("/rooms/bots").json()
    assert set(answer["options"]) == set(answer["bots"]) == set(answer["descriptions"])
    assert [option["name"] for option in answer["options"]["expert"]] == [
        "epsilon", "noise", "endgame", "infer"]
    assert all(option["description"] for option in answer["options"]["expert"])
    assert answer["options"]["random"] == []
    assert "8 imagined deals" in answer["descriptions"]["ismcts-quick"]


def test_a_knobbed_bot_plays_the_room_through_a_restart_and_into_the_rematch(
    make_app: Callable[..., Starlette],
) -> None:
    # Compile the expert's endgame play-outs first: on a cold numba cache and a busy
    # machine that takes longer than a read's 5 s deadline, which is not what this is about.
    warm_up()
    with serving(make_app()) as client:
        made = create_room(client, "Ann", players=3)
        joined = join_room(client, made["code"], "Bob")
        ann = connect(client, made["code"], made["token"])
        bob = connect(client, made["code"], joined["token"])
        ann.command("add_bot", seat=2, bot="ismcts-quick:seconds=9")
        refused = ann.read_until(lambda m: m["type"] == "error")
        assert refused["code"] == "invalid" and "seconds must be at most" in refused["message"]
        ann.command("add_bot", seat=2, bot="expert:noise=0.5:epsilon=0.3")
        seated = bob.read_until(lambda m: m["type"] == "update"
                                and m["room"]["seats"][2]["kind"] == "bot")
        assert seated["room"]["seats"][2]["label"] == "Expert (bot) (epsilon=0.3, noise=0.5)"
        assert seated["notice"] == "Expert (bot) (epsilon=0.3, noise=0.5) takes seat 3."
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
        start_game(ann, [bob])
        play_to_end([ann, bob])
        tokens = (ann.token, bob.token)
    # From the database: the rematch deals to the same bot, options and all.
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, made["code"], tokens[0])
        bob = connect(client, made["code"], tokens[1])
        assert ann.room["seats"][2]["bot"] == "expert:epsilon=0.3:noise=0.5"
        start_game(ann, [bob])
        assert ann.game["number"] == 2
        assert ann.room["seats"][2]["label"] == "Expert (bot) (epsilon=0.3, noise=0.5)"
        play_to_end([ann, bob])
        server = client.app.state.gofish_rooms  # type: ignore[attr-defined]
        bot = server.rooms[made["code"]].bots[2]
        assert (bot.epsilon, bot.noise) == (0.3, 0.5)


@pytest.mark.parametrize("name", ["Emma (bot) (memory=2)", "Expert (bot) (noise=0.2)",
                                  "Emma (b\u0585t) (memory=0)"])  # an Armenian o
def test_a_person_may_not_take_a_name_that_reads_as_a_bot_with_options(
    client: TestClient, name: str,
) -> None:
    # A seat's line says "Expert (bot) (noise=0.2)" for a bot with options: a person of that
    # name passed for one, since only names ending in "(bot)" were kept for the bots.
    made = create_room(client, "Ann", players=3)
    for answer in (client.post(f"/rooms/{made['code']}/join", json={"name": name}),
                   client.post("/rooms", json={"name": name, "players": 2,
                                               "rules": {"preset": "classic"}})):
        assert answer.status_code == 400, answer.text
        assert '"(bot)" are for the bots' in answer.json()["message"]


def test_a_finished_games_seats_keep_the_options_they_were_dealt_with(client: TestClient) -> None:
    # After a game the host may swap a bot for the same one with other options: it sits
    # under the same name ("Expert (bot)"), and the table, which names a seat's options
    # while its name is the one dealt, gave the game just played the new bot's options.
    # Compile the expert's endgame play-outs first: on a cold numba cache and a busy
    # machine that takes longer than a read's 5 s deadline, which is not what this is about.
    warm_up()
    _code, ann, bob = three_seat_room(client, bot="expert:noise=0.5")
    start_game(ann, [bob])
    dealt = ["Ann", "Bob", "Expert (bot) (noise=0.5)"]
    assert ann.game is not None and ann.game["labels"] == dealt
    play_to_end([ann, bob])
    ann.command("remove_bot", seat=2)
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "open")
    ann.command("add_bot", seat=2, bot="expert:noise=0.9")
    ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][2]["kind"] == "bot")
    assert ann.room["seats"][2]["label"] == "Expert (bot) (noise=0.9)"
    assert ann.game is not None and ann.game["names"][2] == ann.room["seats"][2]["name"]
    assert ann.game["labels"] == dealt  # the game over, as it was played
