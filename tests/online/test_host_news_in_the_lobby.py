"""How the host role passed on in the lobby stays said (``host_news``).

The lobby has no log: a hand-over there was told only in the update's notice line, which
the next notice replaces and a page that reconnects or reloads never hears, so a player
found themself host, or another one host, with no word of why. The lobby now says it
until the deal, from which the game's log tells of the role. It is worked out from the
stored entries, so a restarted server says it too."""

from __future__ import annotations

from collections.abc import Callable

from starlette.applications import Starlette

from .conftest import FAST
from .helpers import connect, disconnect, join_room, serving, start_game
from .test_host_gone_away import AWAY, AWAY_TO_BOB, ann_gone, lobby_of_three
from .test_idle_away import leave_as_the_page_does


def test_a_lobby_keeps_saying_who_became_host_and_why(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app(FAST)) as client:
        code, tokens = lobby_of_three(client)
        assert client.get(f"/rooms/{code}/info").json()["host_news"] is None
        bob = ann_gone(client, code, tokens)
        # Told to every page; the new host's reads its own words ("so you are the host").
        assert bob.room["host_news"] == AWAY and bob.room["host_news_yours"] == AWAY_TO_BOB
        # A page that was not there at the moment (a reload, or one back from a blip).
        cy_again = connect(client, code, tokens["Cy"])
        assert cy_again.room["host_news"] == AWAY
        # Bob removes Ann: the notice line now says that, the lobby still says the role.
        bob.command("remove_player", seat=0)
        update = bob.read_until(lambda m: m["type"] == "update"
                                and m["room"]["seats"][0]["kind"] == "open")
        assert update["notice"] != AWAY and update["room"]["host_news"] == AWAY
    with serving(make_app(FAST)) as client:  # restarted on the same database
        assert client.get(f"/rooms/{code}/info").json()["host_news"] == AWAY


def test_a_host_leaving_the_lobby_is_said_there_until_the_deal(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app(FAST)) as client:
        code, tokens = lobby_of_three(client)
        ann = connect(client, code, tokens["Ann"])
        bob = connect(client, code, tokens["Bob"])
        cy = connect(client, code, tokens["Cy"])
        leave_as_the_page_does(client, client.app.state.gofish_rooms.rooms[code].room,  # type: ignore[attr-defined]
                               ann)
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["host"] == 1)
        news = bob.room["host_news"]
        assert news is not None and news.startswith("Ann ") and news.endswith(
            " Bob is the host now."), news
        dee = join_room(client, code, "Dee")
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][0]["name"] == "Dee")
        assert bob.room["host_news"] == news  # a join is no news of the role
        start_game(bob, [cy, connect(client, code, dee["token"])])
        assert bob.room["host_news"] is None  # the game's log takes over


def test_the_first_person_into_an_emptied_lobby_is_host_with_no_old_news(
    make_app: Callable[..., Starlette],
) -> None:
    with serving(make_app(FAST)) as client:
        code, tokens = lobby_of_three(client)
        rooms = client.app.state.gofish_rooms  # type: ignore[attr-defined]
        for name in ("Ann", "Bob", "Cy"):
            page = connect(client, code, tokens[name])
            leave_as_the_page_does(client, rooms.rooms[code].room, page)
            disconnect(page)
        join_room(client, code, "Dee")
        info = client.get(f"/rooms/{code}/info").json()
        assert info["host"] is not None and info["host_news"] is None


def test_the_away_hosts_own_page_reads_the_lobbys_news_as_theirs_until_the_seat_is_not(
    make_app: Callable[..., Starlette],
) -> None:
    """Ann back in the lobby after the role went reads it as hers ("You are away, …"), not
    her name; once she is removed and Dee has her seat, Dee's page is not told it is hers."""
    yours = {"seat": 0, "text": "You are away, so Bob is the host now."}
    with serving(make_app(FAST)) as client:
        code, tokens = lobby_of_three(client)
        bob = ann_gone(client, code, tokens)
        assert bob.room["host_news_away"] == yours
        ann = connect(client, code, tokens["Ann"])
        assert ann.room["host_news"] == AWAY and ann.room["host_news_away"] == yours
        bob.command("remove_player", seat=0)
        bob.read_until(lambda m: m["type"] == "update" and m["room"]["seats"][0]["kind"] == "open")
        assert bob.room["host_news"] == AWAY and bob.room["host_news_away"] is None
        dee = connect(client, code, join_room(client, code, "Dee")["token"])
        assert dee.seat == 0 and dee.room["host_news_away"] is None
    with serving(make_app(FAST)) as client:  # a restart works it out alike
        assert client.get(f"/rooms/{code}/info").json()["host_news_away"] is None
