"""Two people away at once, before either stand-in has moved: each page says which bot
plays for them ("Emma 2 (bot) plays for you"), and the log must then name that same bot.
The names were given only at each stand-in's first move, so both pages read the next free
name, "Emma 2 (bot)", and one of them turned out to be played by "Emma 3 (bot)"."""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette

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


def test_two_people_away_at_once_are_told_the_bots_that_then_play_for_them(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app(PATIENT)) as client:
        made = create_room(client, "Ann", players=4)
        code = made["code"]
        tokens = [join_room(client, code, name)["token"] for name in ("Bob", "Cy")]
        ann = connect(client, code, made["token"])
        ann.command("add_bot", seat=3, bot="emma")
        ann.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][3]["kind"] == "bot")
        start_game(ann, [])  # Bob and Cy not here yet: nothing moves for them
    # A restart: Bob's and Cy's pages, left open while their turns ran out, say so as they
    # reconnect, so both are away at once and no stand-in of theirs has moved yet.
    with serving(make_app(PATIENT)) as client:
        ann = connect(client, code, made["token"])
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
