"""A miss whose draw ends the game (the sea's last card, R19) at a table that waits for
the player's pick from the sea: the store must not know the game finished while the
table still asks for that pick."""

from __future__ import annotations

import random
from pathlib import Path

from fastapi.testclient import TestClient

from gofish.core import Ask, Game, new_game
from gofish.storage import open_store
from gofish.web import GameSession, Seat, create_app
from gofish.web.messages import AskMessage

from .test_session import Page, run


def at_the_last_card_of_the_sea() -> tuple[Game, Ask]:
    """A nordic game of three at the person's turn (seat 0), one card left in the sea, and
    an ask of theirs that misses: its draw empties the sea, which ends the game (R19)."""
    for seed in range(200):
        game = new_game("nordic", players=3, seed=seed)
        rng = random.Random(seed)
        while not game.is_over:
            legal = game.legal_actions()
            misses = [ask for ask in legal if game.goes_fishing(ask)]
            if game.current_player == 0 and game.pond_size == 1 and misses:
                return game, misses[0]
            game.play(rng.choice(legal))
    raise AssertionError("no such position in 200 deals")


def test_the_last_draw_of_the_sea_is_not_finished_in_the_store_alone(tmp_path: Path) -> None:
    # The miss was stored as played (drawn) the moment the page was told "Go fish!", so the
    # store held a finished game, its winners decided by the sea's hidden last card, while
    # the table still waited for the pick: /api/stats counted the win or the loss, and the
    # history listed the game under finished=true and left it out of finished=false.
    game, miss = at_the_last_card_of_the_sea()
    page = Page()
    with open_store(tmp_path / "games.sqlite3") as store:
        session = GameSession(game, [Seat("Ann", None), Seat("Emma", "emma"),
                                     Seat("Counter", "counter")], pace=0, store=store)

        async def scenario() -> None:
            await session.connect(0, page.send)
            await session.submit(0, AskMessage(type="ask", version=session.version,
                                               target=miss.target, rank=str(miss.rank)))

        run(scenario)
        state = page.last["state"]
        client = TestClient(create_app(store))
        stats = client.get("/api/stats").json()
        finished = client.get("/api/games?finished=true").json()
    # Nothing is left to hide once that draw ends the game: it is drawn at once, and
    # the table, the store and the stats agree that the game is over.
    assert state["phase"] == "over"
    assert [event["type"] for event in page.last["events"]][:3] == [
        "asked", "went_fishing", "drew"]
    assert finished["total"] == 1 and finished["games"][0]["over"] is True
    assert finished["games"][0]["winners"] == state["result"]["winners"]
    assert sum(row["games"] for row in stats["rows"]) == 1
