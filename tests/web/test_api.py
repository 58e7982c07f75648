"""HTTP and websocket tests of the web API (Starlette's TestClient, no browser)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from gofish.core import new_game
from gofish.online.codes import clean_name as room_clean_name
from gofish.storage import open_store
from gofish.web import create_app
from gofish.web.messages import clean_name as web_clean_name


@pytest.fixture()
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(tmp_path / "games.sqlite3", pace=0))


def start(ws: Any, **setup: Any) -> dict[str, Any]:
    """Send a start message; return the first table update (after the welcome)."""
    message = {"type": "start", "pace": 0, "opponents": ["emma"], **setup}
    ws.send_text(json.dumps(message))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return receive_update(ws)


def receive_update(ws: Any) -> dict[str, Any]:
    message = ws.receive_json()
    assert message["type"] == "update", message
    return message


def until_my_turn(ws: Any, update: dict[str, Any]) -> dict[str, Any]:
    """Read updates while the bots play, until it is the person's move or the game is over."""
    while update["state"]["phase"] not in ("ask", "fish", "over"):
        update = receive_update(ws)
    return update


def play_to_the_end(ws: Any, update: dict[str, Any]) -> dict[str, Any]:
    for _ in range(2000):
        update = until_my_turn(ws, update)
        state = update["state"]
        if state["phase"] == "over":
            return update
        if state["phase"] == "fish":
            ws.send_text(json.dumps({"type": "fish", "version": update["version"], "index": 0}))
        else:
            ask = state["legal"][0]
            ws.send_text(json.dumps({"type": "ask", "version": update["version"], **ask}))
        update = receive_update(ws)
    raise AssertionError("the game did not end")


def refusal(ws: Any, message: object) -> str:
    ws.send_text(message if isinstance(message, str) else json.dumps(message))
    answer = ws.receive_json()
    assert answer["type"] == "refused", answer
    return str(answer["message"])


# ---------------------------------------------------------------- HTTP


def test_page_and_static_files_are_served(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert 'id="announcer"' in page.text and 'aria-live="polite"' in page.text
    for name in ("js/app.js", "js/table.js", "js/cards.js", "style.css"):
        assert client.get(f"/static/{name}").status_code == 200, name


def test_the_browser_lists_suits_in_the_order_hands_are_sorted_in(client: TestClient) -> None:
    # cards.js spells the order out; the engine's sort (gofish.core.cards) is the reference.
    import re

    from gofish.core.cards import SUIT_SORT_ORDER

    script = client.get("/static/js/cards.js").text
    spelled = re.search(r"export const SUITS = \[([^\]]*)\];", script)
    assert spelled is not None, "cards.js no longer exports SUITS"
    in_hand = [suit.letter for suit in sorted(SUIT_SORT_ORDER, key=SUIT_SORT_ORDER.__getitem__)]
    assert re.findall(r"'([A-Z])'", spelled[1]) == in_hand


def test_setup_offers_every_preset_and_builtin_bot(client: TestClient) -> None:
    setup = client.get("/api/setup").json()
    assert set(setup["presets"]) == {"classic", "bicycle", "nordic"}
    assert {"emma", "random"} <= {bot["name"] for bot in setup["bots"]}
    assert setup["presets"]["bicycle"]["hand_sizes"]["4"] == 5


def test_help_describes_the_rules_in_force(client: TestClient) -> None:
    nordic = client.get("/api/help", params={"preset": "nordic", "players": 3}).json()
    text = json.dumps(nordic)
    assert "sea" in text and "any hand or the sea is empty" in text  # R19
    pairs = client.get("/api/help", params={"preset": "classic", "book_size": 2,
                                            "lucky_draw": "false"}).json()
    text = json.dumps(pairs)
    assert "A pair is 2 cards" in text and "no lucky draw" in text
    # R8: asking for a rank, any card of that rank is lucky; "the very card" is ask: card only.
    classic = json.dumps(client.get("/api/help", params={"preset": "classic"}).json())
    assert "draw a card of the rank you asked for" in classic and "the very card" not in classic
    by_card = json.dumps(client.get("/api/help", params={"preset": "classic",
                                                          "ask": "card"}).json())
    assert "draw the very card you asked for" in by_card
    # ask: card (R5): the ask and the miss are of one card, not of a whole rank.
    assert "a suit of it you do not hold" in by_card and "hold none" not in by_card
    assert "every card of that rank" not in by_card
    assert "hold none" in classic and "every card of that rank" in classic
    # R10: two players cannot tie over 13 books; three can (the page promised every table
    # a shared win).
    assert "a tie is a shared win" not in classic and classic.count("cannot split evenly") == 1
    bicycle = json.dumps(client.get("/api/help", params={"preset": "bicycle",
                                                          "players": 3}).json())
    assert bicycle.count("a tie is a shared win") == 1


def test_help_names_the_pile_and_the_controls_of_this_game(client: TestClient) -> None:
    # Hopp i havet's table and log say "sea", its help said "pond"; a classic game's help
    # told the player to click a card of a sea it does not have, and a game asking for
    # ranks how to choose a suit.
    def paragraphs(**params: object) -> str:
        sections = client.get("/api/help", params=params).json()["sections"]
        return " ".join(" ".join(section["paragraphs"]) for section in sections)

    nordic = paragraphs(preset="nordic", players=3)
    assert "The rest is the sea." in nordic and "draw from the sea" in nordic
    assert "pond" not in nordic and "click or tap any face-down card of the sea" in nordic
    # Said for touch screens too: "Click" alone spoke of a mouse a phone does not have.
    assert "Click or tap a group of cards in your hand" in nordic
    assert "(the opponent too, in either order)" in nordic
    classic = paragraphs(preset="classic")
    assert "sea" not in classic and "suit" not in classic
    assert "The rest is the pond." in classic
    by_card = paragraphs(preset="classic", players=3, ask="card")
    assert "choose the suit you want" in by_card and "sea" not in by_card


def test_help_counts_a_one_card_deal_in_the_singular(client: TestClient) -> None:
    # The deal's line read "5 players, 1 cards each" under the house rule hand_size 1.
    def deal_line(hand_size: int) -> str:
        sections = client.get("/api/help", params={"preset": "classic", "players": 5,
                                                   "hand_size": hand_size}).json()["sections"]
        return str(sections[0]["paragraphs"][0])

    assert deal_line(1).startswith("5 players, 1 card each from")
    assert deal_line(2).startswith("5 players, 2 cards each from")


def test_the_help_intro_never_contradicts_the_house_rules(client: TestClient) -> None:
    # The intro was the preset's whatever the house rules: bicycle's said an empty hand
    # draws one card under refill: hand (R11), classic's that it is refilled under
    # refill: none (R18), and nordic's that the game ends at the first empty hand under
    # end: all-books.
    def intro(**params: object) -> str:
        return str(client.get("/api/help", params={"players": 3, **params}).json()["intro"])

    assert intro(preset="bicycle", refill="hand") == (
        "Go Fish for 2 to 5 players. House rules: an empty hand draws a full hand.")
    classic = intro(preset="classic", refill="none", end="first-empty")
    assert "refilled" not in classic and "until all" not in classic
    # No refill goes unsaid: the first empty hand ends the game before any refill (R19).
    assert classic.endswith("House rules: ends at the first empty hand or pond.")
    # And nordic with a refill is nordic's game: it ends at the first empty hand all the
    # same, so its help says so and names no refill (it said "draws a full hand").
    assert intro(preset="nordic", refill="hand") == intro(preset="nordic")
    assert "draws" not in intro(preset="nordic", refill="hand")
    nordic = intro(preset="nordic", refill="card", end="all-books")
    assert "first empty" not in nordic and "any hand" not in nordic
    # Without such house rules the preset's own way is said, in the game's words.
    assert intro(preset="bicycle", book_size=2).startswith(
        "Go Fish for 2 to 5 players. Play until every pair is down.")
    assert intro(preset="classic") == ("Classic Go Fish, as played against Emma. Play until "
                                       "all the books are down. An empty hand is refilled "
                                       "from the pond.")


def test_help_speaks_of_a_miss_at_an_empty_pond_only_where_play_goes_on(
    client: TestClient,
) -> None:
    # Hopp i havet's help said "With an empty sea a miss simply passes the turn." two
    # lines above "The game ends the moment ... the sea is empty" (R19).
    def asking(**params: object) -> list[str]:
        return list(client.get("/api/help", params=params).json()["sections"][1]["paragraphs"])

    assert not [line for line in asking(preset="nordic") if "empty sea" in line]
    assert not [line for line in asking(preset="classic", end="first-empty") if "empty" in line]
    assert "With an empty pond a miss simply passes the turn." in asking(preset="bicycle")  # R8


def test_help_draws_nothing_into_a_hand_whose_emptying_ended_the_game(
    client: TestClient,
) -> None:
    # Under end: first-empty the help still said "When your hand empties and the pond
    # has cards, you draw a full fresh hand at once": the game has ended by then (R19).
    for refill in ("hand", "card", "turn"):
        sections = client.get("/api/help", params={"preset": "classic", "end": "first-empty",
                                                   "refill": refill}).json()["sections"]
        assert sections[2]["paragraphs"][1] == (
            "An empty hand ends the game at once, so nothing is drawn into it.")
    bicycle = client.get("/api/help", params={"preset": "bicycle"}).json()["sections"]
    assert bicycle[2]["paragraphs"][1].startswith("A player whose turn starts with an empty hand")


def test_help_refuses_bad_rules_with_the_reason(client: TestClient) -> None:
    answer = client.get("/api/help", params={"preset": "classic", "refill": "sometimes"})
    assert answer.status_code == 400
    assert "refill must be one of" in answer.json()["error"]
    answer = client.get("/api/help", params={"preset": "classic", "refill": "none"})
    assert answer.status_code == 400 and "first-empty" in answer.json()["error"]


@pytest.mark.parametrize("players", ["٣", " 3 ", "3_0", "+3", "three"])
def test_help_reads_whole_numbers_as_the_other_routes_do(client: TestClient,
                                                         players: str) -> None:
    # int() took another script's digits and spaces, which /api/games refuses with 422.
    # '٣' is named as the commands and the line mode name it: numbers take 0-9 only.
    why = (f"and {players!r} uses the digit {players!r}: numbers take the digits 0-9 only"
           if players == "٣" else f"not {players!r}")
    answer = client.get("/api/help", params={"preset": "classic", "players": players})
    assert answer.status_code == 400
    assert answer.json() == {"error": f"players must be a whole number, {why}"}
    hand = client.get("/api/help", params={"preset": "classic", "hand_size": players})
    assert hand.json() == {"error": f"hand_size must be a whole number, {why}"}
    assert client.get("/api/help", params={"preset": "classic", "players": "3"}).status_code == 200


@pytest.mark.parametrize("address", ["/api/games/\u0663", "/api/games?limit=\u0663"])
def test_a_route_number_in_other_digits_names_the_digit(client: TestClient,
                                                        address: str) -> None:
    # Refused (422) as ever, now saying why '٣' is not 3, as the commands and line mode do.
    answer = client.get(address)
    assert answer.status_code == 422
    assert answer.json()["error"].endswith(
        "must be a whole number, and '\u0663' uses the digit '\u0663': numbers take the "
        "digits 0-9 only")


def test_unknown_game_is_a_404_with_a_message(client: TestClient) -> None:
    answer = client.get("/api/games/999")
    assert answer.status_code == 404
    assert "no stored game with id 999" in answer.json()["error"]
    too_big = "9" * 25  # beyond SQLite's 64-bit integers: was a 500
    assert client.get(f"/api/games/{too_big}").status_code == 404


def test_an_offset_past_any_integer_lists_no_games(client: TestClient) -> None:
    answer = client.get("/api/games", params={"offset": "9" * 25, "limit": "9" * 25})
    assert answer.status_code == 200 and answer.json()["games"] == []


def test_an_unusable_database_is_reported_not_crashed(tmp_path: Path) -> None:
    app = create_app(tmp_path, pace=0)  # a directory, not a database file
    with TestClient(app) as broken:
        answer = broken.get("/api/games")
        assert answer.status_code == 503
        assert "is a directory" in answer.json()["error"]
        # The table still plays; it only cannot save.
        with broken.websocket_connect("/ws/play") as ws:
            ws.send_text(json.dumps({"type": "start", "pace": 0}))
            welcome = ws.receive_json()
            assert "is a directory" in welcome["storage"]


# ---------------------------------------------------------------- the live table


def test_start_sends_only_the_players_own_view(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = start(ws, seed=7, name="Ann")
    game = new_game("classic", players=2, seed=7)  # the same deal, to know what is hidden
    state = update["state"]
    assert state["hand"] == [str(card) for card in game.view(0).hand or ()]
    hidden = {str(card) for card in game.hand(1)} | {str(card) for card in game.pond()}
    assert not hidden & _cards_in(update), "an opponent's card or the pond leaked"
    assert [p["name"] for p in state["players"]] == ["Ann", "Emma"]
    assert all("dealt" in event["text"] for event in update["events"][:2])


def test_no_message_ever_holds_a_card_the_player_may_not_see(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = start(ws, seed=11, preset="bicycle", players=3, opponents=["emma", "random"])
        seen = [update]
        for _ in range(3000):
            state = update["state"]
            if state["phase"] == "over":
                break
            if state["phase"] == "ask":
                ask = state["legal"][-1]
                ws.send_text(json.dumps({"type": "ask", "version": update["version"], **ask}))
            update = receive_update(ws)
            seen.append(update)
    assert seen[-1]["state"]["phase"] == "over"
    for message in seen:
        for event in message["events"]:
            _assert_visible_to(event, seat=0)


def _assert_visible_to(event: dict[str, Any], seat: int) -> None:
    kind = event["type"]
    for field in ("cards", "card"):
        if event.get(field) is None:
            continue
        owners = {
            "dealt": [event.get("player")], "refilled": [event.get("player")],
            "drew": [event.get("player")],
            "handed_over": [event.get("giver"), event.get("receiver")],
        }.get(kind)
        assert owners is None or seat in owners, f"seat {seat} was shown a hidden card: {event}"


def _cards_in(message: dict[str, Any]) -> set[str]:
    found: set[str] = set(message["state"]["hand"])
    for player in message["state"]["players"]:
        found.update(player["hand_at_end"] or [])  # opened only once the game is over
    for event in message["events"]:
        found.update(event.get("cards") or [])
        if event.get("card"):
            found.add(event["card"])
    return found


def test_a_stale_move_is_refused_with_a_message(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = until_my_turn(ws, start(ws, seed=3))
        ask = update["state"]["legal"][0]
        message = refusal(ws, {"type": "ask", "version": update["version"] + 5, **ask})
        assert "old table" in message
        # The right version is still accepted afterwards.
        ws.send_text(json.dumps({"type": "ask", "version": update["version"], **ask}))
        assert receive_update(ws)["version"] == update["version"] + 1


def test_illegal_asks_are_refused_and_explained(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = until_my_turn(ws, start(ws, seed=3))
        version = update["version"]
        held = {card[:-1] for card in update["state"]["hand"]}
        missing = next(r for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
                       if r not in held)
        assert "you do not hold any" in refusal(
            ws, {"type": "ask", "version": version, "target": 1, "rank": missing})  # R5
        rank = next(iter(held))
        assert "cannot ask yourself" in refusal(
            ws, {"type": "ask", "version": version, "target": 0, "rank": rank})
        assert "no player 3" in refusal(
            ws, {"type": "ask", "version": version, "target": 3, "rank": rank})
        assert "suits are named only under ask: card" in refusal(
            ws, {"type": "ask", "version": version, "target": 1, "rank": rank, "suit": "H"})
        assert "nothing to fish" in refusal(ws, {"type": "fish", "version": version})


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ("not json at all", "refused message"),
        ({"type": "cheat", "version": 0}, "type"),
        # Not the schema's "Input tag 'cheat' found using 'type' does not match any of the
        # expected tags" and "Unable to extract tag using discriminator 'type'".
        ({"type": "cheat", "version": 0},
         "there is no message of type 'cheat' here: the types are 'start', 'resume', "
         "'revisit', 'ask', 'fish'"),
        ({}, "a message needs a 'type' saying what it is"),
        ({"type": "ask", "version": 0, "target": 1}, "rank"),
        ({"type": "ask", "version": 0, "target": 1, "rank": "Z"}, "unknown rank"),
        ({"type": "ask", "version": 0, "target": "1", "rank": "9"}, "target"),
        ({"type": "ask", "version": 0, "target": 1, "rank": "9", "peek": True}, "peek"),
        ({"type": "start", "players": 9}, "players"),
        ({"type": "start", "preset": "poker"}, "preset"),
        ({"type": "start", "opponents": ["hal"]},
         "unknown bot 'hal': choose one of counter, emma, "),
        ({"type": "start", "opponents": ["counter:epsilon=2"]},
         "bot option epsilon=2: epsilon must be a number from 0"),
        ({"type": "start", "opponents": ["hal:iq=200"]},
         "unknown bot 'hal': choose one of "),
        ({"type": "start", "options": {"refill": "none"}}, "first-empty"),
        ({"type": "start", "players": 5, "options": {"hand_size": 13}}, "cannot deal 13"),
        ("x" * 5000, "too long"),
        ('"' + "\U0001f41f" * 1100 + '"', "too long (4402 bytes"),  # 1102 characters
    ],
)
def test_malformed_messages_are_refused_and_the_table_goes_on(
    client: TestClient, message: object, reason: str
) -> None:
    with client.websocket_connect("/ws/play") as ws:
        assert reason in refusal(ws, message)
        update = start(ws, seed=1)  # the connection is still usable
        assert update["state"]["hand"]


def test_too_many_opponents_are_refused_in_plain_words(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        assert refusal(ws, {"type": "start", "opponents": ["emma", "random"]}) == (
            "2 opponents chosen for 1 opponent seat")  # not "1 opponent seats"
        assert refusal(ws, {"type": "start", "players": 3, "opponents": ["emma"] * 3}) == (
            "3 opponents chosen for 2 opponent seats")


def test_moves_before_a_game_is_started_are_refused(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        assert "no game yet" in refusal(ws, {"type": "ask", "version": 0, "target": 1,
                                             "rank": "9"})


def test_a_binary_frame_is_refused_like_text(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        ws.send_bytes(b'{"type": "fish", "version": 0}')
        assert ws.receive_json()["type"] == "refused"


def test_a_finished_game_is_stored_listed_replayed_and_counted(
    client: TestClient, tmp_path: Path
) -> None:
    with client.websocket_connect("/ws/play") as ws:
        final = play_to_the_end(ws, start(ws, seed=5, name="Zoë"))
    state = final["state"]
    assert state["result"]["books"] == [len(p["books"]) for p in state["players"]]
    assert sum(state["result"]["books"]) == 13  # R14: classic ends with every book down
    assert state["result"]["ending"] == "All 13 books are down."
    game_id = state["game_id"]
    listed = client.get("/api/games").json()
    assert listed["games"][0]["id"] == game_id and listed["games"][0]["source"] == "web"
    stored = client.get(f"/api/games/{game_id}").json()
    assert stored["names"] == ["Zoë", "Emma"]
    frames = stored["frames"]
    assert len(frames) == stored["actions"] + 1
    assert frames[-1]["winners"] == state["winners"]
    assert frames[-1]["hands"] is not None  # a finished game is replayed with hands open
    stats = client.get("/api/stats").json()
    assert stats["rows"][0]["games"] == 1 and stats["rows"][0]["opponents"] == ["emma"]
    assert len(stats["over_time"]) == 1
    # The terminal reads the same database.
    with open_store(tmp_path / "games.sqlite3") as store:
        assert store.get(game_id).over


def test_an_unfinished_game_is_kept_when_the_page_leaves(
    client: TestClient, tmp_path: Path
) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = until_my_turn(ws, start(ws, seed=9))
        ask = update["state"]["legal"][0]
        ws.send_text(json.dumps({"type": "ask", "version": update["version"], **ask}))
        receive_update(ws)
    with open_store(tmp_path / "games.sqlite3") as store:
        unfinished = store.latest_unfinished()
        assert unfinished is not None and unfinished.actions >= 1
    replay = client.get(f"/api/games/{unfinished.id}").json()
    # Only the person's own hand is shown (seat 0), never Emma's.
    assert all(frame["hands"][0] is not None and frame["hands"][1] is None
               for frame in replay["frames"])
    assert replay["pond_word"] == "pond"


def test_the_replay_of_a_nordic_game_names_the_sea(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        game_id = start(ws, seed=2, preset="nordic")["state"]["game_id"]
    # The replay viewer says "Sea: N cards", as the nordic table and its log do.
    assert client.get(f"/api/games/{game_id}").json()["pond_word"] == "sea"


def test_nordic_waits_for_the_player_to_fish_from_the_sea(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = start(ws, seed=2, preset="nordic")
        assert update["state"]["rules"]["sea"] is True
        for _ in range(200):  # ask until an ask misses
            update = until_my_turn(ws, update)
            assert update["state"]["phase"] != "over", "no miss in this game"
            if update["state"]["phase"] == "fish":
                break
            ask = update["state"]["legal"][0]
            ws.send_text(json.dumps({"type": "ask", "version": update["version"], **ask}))
            update = receive_update(ws)
        assert update["state"]["phase"] == "fish"
        kinds = [event["type"] for event in update["events"]]
        assert kinds == ["asked", "went_fishing"]
        assert update["events"][1]["speech"]["text"].endswith("Go fish!")
        pond = update["state"]["pond"]
        hand = len(update["state"]["hand"])
        assert "go fish" in refusal(ws, {"type": "ask", "version": update["version"],
                                         **update["state"]["legal"][0]}
                                    if update["state"]["legal"] else
                                    {"type": "ask", "version": update["version"], "target": 1,
                                     "rank": update["state"]["hand"][0][:-1]})
        ws.send_text(json.dumps({"type": "fish", "version": update["version"], "index": 4}))
        after = receive_update(ws)
    kinds = [event["type"] for event in after["events"]]
    assert kinds[0] == "drew" and "asked" not in kinds[:1]  # the ask is not told twice
    assert after["state"]["pond"] == pond - 1
    assert len(after["state"]["hand"]) + 4 * _new_books(after) == hand + 1


def _new_books(update: dict[str, Any]) -> int:
    return sum(1 for event in update["events"] if event["type"] == "book_laid"
               and event["player"] == 0)


def test_names_are_cleaned_but_markup_is_left_as_text(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = start(ws, seed=1, name="  <b>Bo\u0000b</b>\n  ")
    assert update["state"]["players"][0]["name"] == "<b>Bob</b>"


@pytest.mark.parametrize(("typed", "shown"), [
    ("\U0001F468\u200d\U0001F469\u200d\U0001F467", "\U0001F468\u200d\U0001F469\u200d\U0001F467"),
    ("\U0001F3F3\ufe0f\u200d\U0001F308 Ann", "\U0001F3F3\ufe0f\u200d\U0001F308 Ann"),
    ("An\u200dn\u202e\u200b", "Ann"),  # a joiner between letters, bidi override, zero width
])
def test_a_joiner_inside_an_emoji_is_kept_in_names(typed: str, shown: str) -> None:
    # A family emoji is people joined by U+200D: without it, it shows as separate people.
    assert web_clean_name(typed) == shown
    assert room_clean_name(typed) == shown


def test_closed_socket_ends_quietly(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        start(ws, seed=1)
        ws.close()
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/nowhere") as ws:
        ws.receive_json()


def test_the_page_forbids_inline_scripts_and_framing(client: TestClient) -> None:
    headers = client.get("/").headers
    policy = headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert headers["x-content-type-options"] == "nosniff"


def test_a_socket_opened_from_another_site_is_refused(client: TestClient) -> None:
    with pytest.raises(WebSocketDisconnect) as refused, client.websocket_connect(
        "/ws/play", headers={"origin": "https://evil.example", "host": "testserver"}
    ) as ws:
        ws.receive_json()
    assert refused.value.code == 1008
    with client.websocket_connect(
        "/ws/play", headers={"origin": "http://testserver"}
    ) as ws:
        assert start(ws, seed=1)["state"]["hand"]


def one_ask_in(ws: Any) -> dict[str, Any]:
    """Start a three-player game, ask once; the state when the person may move again."""
    update = until_my_turn(ws, start(ws, seed=14, preset="bicycle", players=3,
                                     opponents=["emma", "random"]))
    ask = update["state"]["legal"][0]
    ws.send_text(json.dumps({"type": "ask", "version": update["version"], **ask}))
    return dict(until_my_turn(ws, receive_update(ws))["state"])


def test_an_unfinished_game_can_be_resumed_where_it_stopped(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        left = one_ask_in(ws)
    game_id = left["game_id"]
    assert game_id is not None
    unfinished = client.get("/api/games", params={"finished": "false"}).json()["games"]
    assert [game["id"] for game in unfinished] == [game_id]
    with client.websocket_connect("/ws/play") as ws:
        ws.send_text(json.dumps({"type": "resume", "game_id": game_id, "pace": 0}))
        welcome = ws.receive_json()
        assert welcome["type"] == "welcome" and welcome["game_id"] == game_id
        back = receive_update(ws)
        assert back["state"]["hand"] == left["hand"]
        assert [p["cards"] for p in back["state"]["players"]] == [
            p["cards"] for p in left["players"]]
        final = play_to_the_end(ws, back)
    assert final["state"]["game_id"] == game_id  # the same stored game, now finished
    stored = client.get(f"/api/games/{game_id}").json()
    assert stored["over"] and stored["names"] == ["You", "Emma", "Randy"]
    assert client.get("/api/games", params={"finished": "false"}).json()["games"] == []


def test_resuming_is_refused_for_finished_and_unknown_games(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        final = play_to_the_end(ws, start(ws, seed=5))
        game_id = final["state"]["game_id"]
        assert "is over" in refusal(ws, {"type": "resume", "game_id": game_id})
        assert "no stored game with id 999" in refusal(ws, {"type": "resume", "game_id": 999})
        huge = 10**25  # was an OverflowError that dropped the connection
        assert f"no stored game with id {huge}" in refusal(ws, {"type": "resume",
                                                                  "game_id": huge})
        assert "game_id" in refusal(ws, {"type": "resume", "game_id": "1"})


def test_a_bad_value_in_the_address_is_explained_in_words(client: TestClient) -> None:
    # The page shows "error" as it is: it used to get nothing and say "the server answered 422".
    answer = client.get("/api/games/abc")
    assert answer.status_code == 422
    assert answer.json() == {"error": "game_id must be a whole number, not 'abc'"}
    listing = client.get("/api/games", params={"limit": "ten", "finished": "maybe"})
    assert listing.status_code == 422
    assert "limit must be a whole number, not 'ten'" in listing.json()["error"]
    assert "finished must be true or false, not 'maybe'" in listing.json()["error"]
    # A negative count was read as 0 and answered 200 with an empty list.
    for name in ("limit", "offset"):
        negative = client.get("/api/games", params={name: "-1"})
        assert negative.status_code == 422
        assert negative.json() == {"error": f"{name} must be 0 or more, not '-1'"}
    assert client.get("/api/games", params={"limit": "0", "offset": "0"}).status_code == 200


def test_a_broken_link_opened_in_a_browser_gets_a_page_with_a_way_back(
    client: TestClient,
) -> None:
    for path in ("/games/999999", "/nothing/here"):
        answer = client.get(path)
        assert answer.status_code == 404
        assert answer.headers["content-type"].startswith("text/html")
        assert f"There is no page at {path}" in answer.text and 'href="/"' in answer.text
    # A control character is named as the address bar writes it: "/%00" read "/", a page.
    for path in ("/%00", "/a%1Bb", "/%7F"):
        answer = client.get(path)
        assert answer.status_code == 404 and f"There is no page at {path}." in answer.text
    # Addresses that scripts call keep their JSON answers.
    assert client.get("/api/nothing").headers["content-type"] == "application/json"
    assert client.get("/api/games/999999").json()["error"]


def test_a_wrong_address_or_method_under_the_api_answers_an_error_in_words(
    client: TestClient,
) -> None:
    # These answered {"detail": "Not Found"} / {"detail": "Method Not Allowed"}, where
    # every other refusal of the API is {"error": "..."} that says what would do.
    missing = client.get("/api/gmaes")
    assert missing.status_code == 404
    assert "there is nothing at /api/gmaes" in missing.json()["error"]
    assert "/api/games" in missing.json()["error"]
    for method, path in (("POST", "/api/games"), ("DELETE", "/api/games/1"),
                         ("PUT", "/api/setup")):
        refused = client.request(method, path, json={"x": 1})
        # HEAD goes with GET (as at the rooms' pages), unsaid in the words.
        assert refused.status_code == 405 and refused.headers["allow"] == "GET, HEAD"
        assert refused.json() == {"error": f"{method} is not accepted at {path}: use GET"}


def test_a_game_dealt_but_not_played_is_kept_when_the_page_leaves(
    client: TestClient, tmp_path: Path
) -> None:
    with client.websocket_connect("/ws/play") as ws:
        update = until_my_turn(ws, start(ws, seed=9))
        assert update["state"]["phase"] == "ask"  # the person leaves before a single ask
    with open_store(tmp_path / "games.sqlite3") as store:
        unfinished = store.latest_unfinished()
    assert unfinished is not None and unfinished.actions == 0


def test_a_deal_replaced_before_any_ask_is_not_kept(client: TestClient) -> None:
    # Deal clicked twice, or New game before asking: each dropped deal was stored as an
    # unfinished game with 0 asks, offered to resume and listed in the history.
    with client.websocket_connect("/ws/play") as ws:
        start(ws, seed=9)
        update = until_my_turn(ws, start(ws, seed=10))
        ws.send_text(json.dumps({"type": "ask", "version": update["version"],
                                 **update["state"]["legal"][0]}))
        receive_update(ws)
    games = client.get("/api/games").json()
    assert games["total"] == 1 and games["games"][0]["actions"] >= 1, games


def test_a_deal_replaced_is_kept_when_the_terminal_played_on_in_it(
        client: TestClient, tmp_path: Path) -> None:
    # The page's deal, resumed with `gofish resume ID` and asked in at the terminal, was
    # deleted with the terminal's asks when the page dealt again.
    with client.websocket_connect("/ws/play") as ws:
        game_id = until_my_turn(ws, start(ws, seed=9))["state"]["game_id"]
        with open_store(tmp_path / "games.sqlite3") as store:
            stored = store.get(game_id)
            game = stored.game()
            game.play(game.legal_actions()[0])
            store.save(game.to_record(), seats=stored.seats, game_id=game_id)
        until_my_turn(ws, start(ws, seed=10))
    with open_store(tmp_path / "games.sqlite3") as store:
        assert store.get(game_id).actions == len(game.actions) >= 1


def test_a_deal_is_stored_at_once_so_a_reload_can_find_it(client: TestClient) -> None:
    # Stored only from the first ask, a deal had no number to put in the page's address,
    # and a reload before asking lost the table.
    with client.websocket_connect("/ws/play") as ws:
        game_id = start(ws, seed=9)["state"]["game_id"]
        assert isinstance(game_id, int), game_id
        listed = client.get("/api/games").json()
        assert [game["id"] for game in listed["games"]] == [game_id]
        assert listed["games"][0]["actions"] == 0


def test_a_game_open_in_one_tab_is_not_resumed_in_another(client: TestClient) -> None:
    # Two pages on one stored game would each store their own moves over the other's.
    with client.websocket_connect("/ws/play") as ws:
        game_id = one_ask_in(ws)["game_id"]
        with client.websocket_connect("/ws/play") as second:
            refused = refusal(second, {"type": "resume", "game_id": game_id})
            assert f"game {game_id} is open in another tab or window" in refused
    with client.websocket_connect("/ws/play") as ws:  # the first tab is closed: it may go on
        ws.send_text(json.dumps({"type": "resume", "game_id": game_id, "pace": 0}))
        assert ws.receive_json()["type"] == "welcome"


def revisit(ws: Any, game_id: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """Send a revisit; return the welcome and the table update after it."""
    ws.send_text(json.dumps({"type": "revisit", "game_id": game_id, "pace": 0}))
    welcome = ws.receive_json()
    assert welcome["type"] == "welcome", welcome
    return welcome, receive_update(ws)


def test_a_finished_game_is_shown_again_as_it_ended(client: TestClient) -> None:
    # A reload of a finished table (#/play/N) brings back its log and its result.
    with client.websocket_connect("/ws/play") as ws:
        final = play_to_the_end(ws, start(ws, seed=5, name="Zoë", players=3,
                                          opponents=["emma", "random"],
                                          options={"lucky_draw": False}))
    game_id = final["state"]["game_id"]
    stored_before = client.get("/api/games", params={"limit": 1}).json()["games"][0]
    with client.websocket_connect("/ws/play") as ws, \
            client.websocket_connect("/ws/play") as other:
        welcome, shown = revisit(ws, game_id)
        assert revisit(other, game_id)[1]["state"] == shown["state"]  # two pages may look
        assert "the game is over" in refusal(ws, {"type": "ask", "version": shown["version"],
                                                  "target": 1, "rank": "A"})
    state = shown["state"]
    assert state["phase"] == "over" and state["legal"] == []
    assert state["result"] == final["state"]["result"]
    assert state["hand"] == final["state"]["hand"]
    assert shown["events"][-1]["type"] == "game_over"
    for event in shown["events"]:
        _assert_visible_to(event, seat=0)
    # Looking changes nothing in the store (not even when it was last written).
    assert client.get("/api/games", params={"limit": 1}).json()["games"][0] == stored_before
    # Play again deals a game like it, which a reloaded page knows only from here.
    assert welcome["setup"] == {"type": "start", "preset": "classic", "players": 3,
                                "options": {"lucky_draw": False},
                                "opponents": ["emma", "random"], "name": "Zoë", "pace": 0}
    with client.websocket_connect("/ws/play") as ws:
        ws.send_text(json.dumps({**welcome["setup"], "pace": 0}))
        again = ws.receive_json()
    assert again["type"] == "welcome" and again["help"] == welcome["help"]


def test_play_again_keeps_the_pace_chosen_for_the_game(tmp_path: Path) -> None:
    # After a reload, Play again dealt at the server's pace: "take their time" was lost.
    with TestClient(create_app(tmp_path / "games.sqlite3", pace=30)) as client, \
            client.websocket_connect("/ws/play") as ws:
        ws.send_text(json.dumps({"type": "start", "seed": 1, "opponents": ["emma"],
                                 "pace": 2.2}))
        welcome = ws.receive_json()
        assert welcome["setup"]["pace"] == 2.2
        ws.send_text(json.dumps(welcome["setup"]))  # Play again: the same pace
        while (again := ws.receive_json())["type"] != "welcome":
            assert again["type"] == "update", again
        assert again["setup"]["pace"] == 2.2
        # The server's own pace is past what a page may ask for: Play again leaves it out.
        ws.send_text(json.dumps({"type": "start", "seed": 1, "opponents": ["emma"]}))
        while (default := ws.receive_json())["type"] != "welcome":
            assert default["type"] == "update", default
        assert "pace" not in default["setup"]


def test_revisiting_an_unfinished_game_resumes_it(client: TestClient) -> None:
    with client.websocket_connect("/ws/play") as ws:
        left = one_ask_in(ws)
        with client.websocket_connect("/ws/play") as second:  # a game in play: one page
            refused = refusal(second, {"type": "revisit", "game_id": left["game_id"]})
            assert "open in another tab or window" in refused
            assert "no stored game with id 999" in refusal(second, {"type": "revisit",
                                                                    "game_id": 999})
    with client.websocket_connect("/ws/play") as ws:
        welcome, back = revisit(ws, left["game_id"])
        assert back["state"]["phase"] == "ask" and back["state"]["hand"] == left["hand"]
        assert welcome["setup"]["opponents"] == ["emma", "random"]


def until_told_to_fish(ws: Any, update: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal ask (and fish) until a stored nordic game says "Go fish!"."""
    while update["state"]["phase"] != "fish" or update["state"]["game_id"] is None:
        update = until_my_turn(ws, update)
        assert update["state"]["phase"] != "over", "no miss in this game"
        state = update["state"]
        move = {"type": "fish", "index": 0} if state["phase"] == "fish" else {
            "type": "ask", **state["legal"][0]}
        ws.send_text(json.dumps({"version": update["version"], **move}))
        update = receive_update(ws)
    return update


def test_an_ask_instead_of_fishing_is_told_to_draw_from_the_sea(client: TestClient) -> None:
    # It said "draw from the pond first" at a table whose pile is the sea.
    with client.websocket_connect("/ws/play") as ws:
        update = until_told_to_fish(ws, start(ws, seed=2, preset="nordic"))
        ask = {"type": "ask", "version": update["version"], "target": 1,
               "rank": update["state"]["hand"][0][:-1]}
        assert refusal(ws, ask) == "you were told to go fish: draw from the sea first"


def test_a_page_reopening_its_own_game_keeps_a_miss_it_was_shown(client: TestClient) -> None:
    # The shown "Go fish!" was dropped when the page opened the game again: the ask was
    # lost, and could be made again differently.
    with client.websocket_connect("/ws/play") as ws:
        update = until_told_to_fish(ws, start(ws, seed=2, preset="nordic"))
        asked = update["events"][0]
        _, back = revisit(ws, update["state"]["game_id"])
    kinds = [event["type"] for event in back["events"]]
    assert back["state"]["phase"] != "fish"
    last_ask = max(i for i, kind in enumerate(kinds) if kind == "asked")
    assert back["events"][last_ask]["rank"] == asked["rank"]
    assert kinds[last_ask + 1:last_ask + 3] == ["went_fishing", "drew"]  # drawn, not lost


def test_a_game_over_at_the_deal_stays_in_the_history_when_the_next_is_dealt(
    client: TestClient,
) -> None:
    # Four players dealt a pair each (pairs, two cards each) lay them at once, and Hopp i
    # havet ends at the empty hands (R19). With no ask in it, the finished game was taken
    # for a deal replaced before play and removed at the next deal: its result's "Watch the
    # replay" led nowhere.
    with client.websocket_connect("/ws/play") as ws:
        over = start(ws, preset="nordic", players=4, seed=13802,
                     options={"hand_size": 2, "book_size": 2},
                     opponents=["emma", "emma", "emma"])
        assert over["state"]["phase"] == "over"
        game_id = over["state"]["game_id"]
        start(ws, seed=2)
    assert client.get(f"/api/games/{game_id}").json()["over"] is True


def test_help_says_an_empty_turn_can_mean_leaving_play(client: TestClient) -> None:
    # R15, R16: under refill: turn the help said only "then it draws one card", so on a
    # classic table with that house rule nothing said a player leaves play with a dry pond,
    # and "you draw one card and go on asking" was said even where the fish ends the turn.
    for preset in ("classic", "bicycle"):
        sections = client.get("/api/help", params={"preset": preset, "refill": "turn"}
                              ).json()["sections"]
        refill = sections[2]["paragraphs"][1]
        assert "they leave play" in refill and "asks for that rank" in refill
        assert "while their turn goes on" in refill
    pairs = client.get("/api/help", params={"preset": "bicycle", "book_size": 2}
                       ).json()["sections"]
    assert "If a pair empties their hand" in pairs[2]["paragraphs"][1]


def test_the_total_of_games_counts_those_the_filter_picks(
    client: TestClient, tmp_path: Path
) -> None:
    # The total ignored ?finished=: 13 finished games came with "total": 30, so a client
    # paging through the finished games could not tell when it had them all.
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
    with open_store(tmp_path / "games.sqlite3") as store:
        for seed in range(3):  # three finished games and two unfinished ones
            finished = new_game("classic", 2, seed=seed)
            while not finished.is_over:
                finished.play(finished.legal_actions()[0])
            store.save(finished.to_record(), seats=seats)
        for seed in range(2):
            store.save(new_game("classic", 2, seed=seed).to_record(), seats=seats)
    for finished, total in (("true", 3), ("false", 2), (None, 5)):
        query = "" if finished is None else f"&finished={finished}"
        answer = client.get(f"/api/games?limit=1{query}").json()
        assert (len(answer["games"]), answer["total"]) == (1, total), finished
