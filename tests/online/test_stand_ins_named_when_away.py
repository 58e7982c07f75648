"""Two people away at once, before either stand-in has moved: each page says which bot
plays for them ("Emma 2 (bot) plays for you"), and the log must then name that same bot.
The names were given only at each stand-in's first move, so both pages read the next free
name, "Emma 2 (bot)", and one of them turned out to be played by "Emma 3 (bot)"."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from starlette.applications import Starlette

from gofish.core import Game, new_game
from gofish.online.room import Room, RoomError

from .conftest import PATIENT
from .helpers import Player, caught_up, connect, create_room, join_room, serving, settle, start_game

YOU_ARE_AWAY = "You are away: "


def _shown_stand_in(page: Player) -> str:
    """The stand-in a page names for its own seat, as room.js reads it."""
    seat = page.room["seats"][page.seat]
    return str(seat["stand_in"] or page.room["stand_in"])


def _away_line(page: Player) -> str | None:
    return next((entry["text"] for entry in page.log
                 if entry["text"].startswith(YOU_ARE_AWAY)), None)


def _four_seats_dealt(make_app: Callable[..., Starlette]) -> tuple[str, str, list[str]]:
    """Ann, Bob, Cy and Emma dealt a game; Bob and Cy not here yet. Return the room's code,
    Ann's token, and Bob's and Cy's."""
    with serving(make_app(PATIENT)) as client:
        made = create_room(client, "Ann", players=4)
        code = made["code"]
        tokens = [join_room(client, code, name)["token"] for name in ("Bob", "Cy")]
        ann = connect(client, code, made["token"])
        ann.command("add_bot", seat=3, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][3]["kind"] == "bot")
        start_game(ann, [])  # Bob and Cy not here yet: nothing moves for them
    return code, made["token"], tokens


def test_two_people_away_at_once_are_told_the_bots_that_then_play_for_them(
    make_app: Callable[..., Starlette],
) -> None:
    code, ann_token, tokens = _four_seats_dealt(make_app)
    # A restart: Bob's and Cy's pages, left open while their turns ran out, say so as they
    # reconnect, so both are away at once and no stand-in of theirs has moved yet.
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, code, ann_token)
        bob, cy = (connect(client, code, token, away=True) for token in tokens)
        caught_up(client, code, [ann, bob, cy])
        promised = {page.seat: _shown_stand_in(page) for page in (bob, cy)}
        assert len(set(promised.values())) == 2, promised  # two bots, two names
        for _ in range(200):  # Ann asks on her turns; the stand-ins play Bob's and Cy's
            if all(_away_line(page) for page in (bob, cy)):
                break
            settle([ann])
            if ann.my_turn():
                ann.command("ask", **ann.game["legal_actions"][0])  # type: ignore[index]
            ann.read_until(lambda m: m["type"] == "update")
            caught_up(client, code, [ann, bob, cy])
        for page in (bob, cy):
            said = f"{YOU_ARE_AWAY}{promised[page.seat]} plays for you until you are back."
            assert _away_line(page) == said
            assert _shown_stand_in(page) == promised[page.seat]


def test_stand_ins_named_before_a_restart_keep_their_names_after_it(
    make_app: Callable[..., Starlette], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Bob goes away, then Cy: their pages read "Emma 2 (bot)" and "Emma 3 (bot)". The
    server restarts before either stand-in has moved, and this time Cy is away first. The
    names were stored only with a stand-in's first move or a leave, so the restarted
    server named Cy's stand-in "Emma 2 (bot)": the names swapped under the people told."""

    def ann_first(rules: object, players: object) -> Game:
        return new_game(rules, players, first_player=0)  # Ann's turn: no stand-in moves

    monkeypatch.setattr("gofish.online.room.new_game", ann_first)
    code, ann_token, tokens = _four_seats_dealt(make_app)
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, code, ann_token)
        bob, cy = (connect(client, code, token, away=True) for token in tokens)
        caught_up(client, code, [ann, bob, cy])
        promised = {name: _shown_stand_in(page) for name, page in (("Bob", bob), ("Cy", cy))}
    assert promised == {"Bob": "Emma 2 (bot)", "Cy": "Emma 3 (bot)"}
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, code, ann_token)
        cy, bob = (connect(client, code, token, away=True) for token in reversed(tokens))
        caught_up(client, code, [ann, bob, cy])
        assert {"Bob": _shown_stand_in(bob), "Cy": _shown_stand_in(cy)} == promised


@pytest.mark.parametrize("stand_in", [None, "", 7])
def test_an_away_entry_edited_to_name_no_stand_in_is_a_damaged_entry(stand_in: object) -> None:
    room = Room.new("ABCDEF", "classic", 2, "2026-12-07T00:00:00Z")
    room.apply("seat", {"seat": 0, "name": "Ann", "token_hash": "a"})
    room.apply("seat", {"seat": 1, "name": "Bob", "token_hash": "b"})
    room.apply("start", room.start_entry(0)[1])
    with pytest.raises(ValueError, match="stand-in"):
        room.apply("away", {"seat": 1, "stand_in": stand_in})
    room.apply("away", {"seat": 1, "stand_in": "Emma (bot)"})
    assert room.seats[1].stand_in_name == "Emma (bot)"


def test_an_away_entry_outside_a_game_is_a_damaged_entry() -> None:
    room = Room.new("ABCDEF", "classic", 2, "2026-12-07T00:00:00Z")
    room.apply("seat", {"seat": 0, "name": "Ann", "token_hash": "a"})
    with pytest.raises(ValueError, match="nobody away in a game"):
        room.apply("away", {"seat": 0, "stand_in": "Emma (bot)"})


def test_a_move_sent_as_someone_goes_away_is_played_not_refused_as_stale(
    make_app: Callable[..., Starlette], monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Ann asks as Bob goes away: the stand-in's name, stored as it is given (an away
    entry), moved the room's version on, and Ann's ask, sent at the version before, was
    refused as stale ("The room changed just before that reached it…"), where before the
    names were stored a person's going away never refused anyone's move. Naming a
    stand-in changes nothing a move acts on."""

    def ann_first(rules: object, players: object) -> Game:
        return new_game(rules, players, first_player=0)

    monkeypatch.setattr("gofish.online.room.new_game", ann_first)
    code, ann_token, tokens = _four_seats_dealt(make_app)
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, code, ann_token)
        caught_up(client, code, [ann])
        seen = ann.version
        bob = connect(client, code, tokens[0], away=True)
        caught_up(client, code, [ann, bob])
        assert ann.version > seen  # Bob's stand-in's name, stored
        assert ann.game is not None and ann.my_turn()
        ann.send({"type": "ask", "version": seen, **ann.game["legal_actions"][0]})
        ann.read_until(lambda m: m["type"] in ("error", "update") and m.get("version") != seen)
        assert not ann.errors, ann.errors
        assert any(entry["text"].startswith("You ask") for entry in ann.log), ann.log


def test_an_old_version_is_stale_once_anything_but_a_stand_ins_name_came_after() -> None:
    room = Room.new("ABCDEF", "classic", 2, "2026-12-07T00:00:00Z")
    room.apply("seat", {"seat": 0, "name": "Ann", "token_hash": "a"})
    room.apply("seat", {"seat": 1, "name": "Bob", "token_hash": "b"})
    before_the_deal = room.version
    room.apply("start", room.start_entry(0)[1])
    dealt = room.version
    room.apply("away", {"seat": 1, "stand_in": "Emma (bot)"})
    room.check_version(dealt)  # only a name given since
    room.check_version(room.version)
    for stale in (before_the_deal, room.version + 1):
        with pytest.raises(RoomError, match="based on version"):
            room.check_version(stale)
