"""The browser table: no message to its person names a card they could not see.

Every house-rule mix is played to its end at a ``GameSession``, a person asking at random
against bots, and each update the page is sent is checked as it arrives against what the
person may know by then. That is worked out from the game's full events by the table's
rules, not by the code under test: their own hand, the cards dealt, drawn, handed to or by
them, lucky draws and books (face up, R3, R8), the cards they named aloud under
``ask: card``, and every hand once the game is over (the pond never). The rooms are
checked so in tests/online/test_privacy.py.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
from typing import Any

import pytest
from tests.hidden_cards import HOUSE_RULE_MIXES, Knowledge, cards_named

from gofish.core import Card, Game, make_rules, new_game
from gofish.web import GameSession, Seat
from gofish.web.messages import AskMessage, FishMessage

from .test_session import Page, run

PERSON = 0


async def bots_done(game: Game) -> None:
    """Wait while the bots ask (they play on in the session's own task)."""
    deadline = time.monotonic() + 30
    while game.current_player not in (PERSON, None):
        assert time.monotonic() < deadline, "the bots did not hand the turn back"
        await asyncio.sleep(0.001)


async def play_checking(preset: str, options: dict[str, Any], seed: int) -> Game:
    players = 2 + seed % 3
    game = new_game(make_rules(preset, **options), players=players, seed=seed)
    bots = ["emma", "expert", "counter", "random"]
    seats = [Seat("You", None), *(Seat(f"Bot {seat}", bots[seat - 1])
                                  for seat in range(1, players))]
    session = GameSession(game, seats, pace=0, seed=seed)
    page, knowledge, chooser = Page(), Knowledge(game, PERSON), random.Random(seed)

    def check() -> None:
        allowed = knowledge.now()
        for message in page.messages:
            leaked = cards_named(message) - allowed
            assert not leaked, f"sent {sorted(leaked)}: {json.dumps(message)[:400]}"
        page.messages.clear()

    await session.connect(PERSON, page.send)
    check()
    while not game.is_over:
        await bots_done(game)
        check()
        if game.is_over:
            break
        if session.awaiting_fish:
            await session.submit(PERSON, FishMessage(type="fish", version=session.version))
        else:
            ask = chooser.choice(game.legal_actions())
            if ask.suit is not None:  # the person says the card aloud
                knowledge.cards.add(str(Card(ask.rank, ask.suit)))
            await session.submit(PERSON, AskMessage(
                type="ask", version=session.version, target=ask.target, rank=str(ask.rank),
                suit=None if ask.suit is None else str(ask.suit)))
        check()
    await bots_done(game)
    check()
    await session.close()
    return game


@pytest.mark.parametrize(("preset", "options"), HOUSE_RULE_MIXES)
def test_no_update_names_a_card_its_person_could_not_see(
    preset: str, options: dict[str, Any]
) -> None:
    played: list[Game] = []

    async def scenario() -> None:
        for seed in range(2):
            played.append(await play_checking(preset, options, seed))

    run(scenario)
    assert all(game.is_over for game in played)
