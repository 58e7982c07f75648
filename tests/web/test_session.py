"""GameSession on its own: seats, views, the pending fish, failures (no server, no browser)."""

from __future__ import annotations

import asyncio
import json
import random
import threading
import time
from collections.abc import Callable, Coroutine, Sequence
from pathlib import Path
from typing import Any

import pytest

from gofish.core import Ask, Asked, BookLaid, Card, Game, Rank, Suit, View, new_game
from gofish.core.game import shuffled_deck
from gofish.storage import StorageError, open_store
from gofish.web import GameSession, MoveRefused, Seat
from gofish.web.messages import AskMessage, FishMessage
from gofish.web.speech import speech_for


def run(scenario: Callable[[], Coroutine[Any, Any, None]], seconds: float = 60) -> None:
    """Run ``scenario`` in a thread of its own: playwright may hold this thread's event loop.
    One still running after ``seconds`` fails (a hang passed, having raised nothing yet)."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(scenario())
        except BaseException as error:
            failures.append(error)

    thread = threading.Thread(target=target, daemon=True)  # a hung one holds no exit
    thread.start()
    thread.join(timeout=seconds)
    if failures:
        raise failures[0]
    assert not thread.is_alive(), f"the scenario was still running after {seconds} s"


def test_a_scenario_still_running_at_its_time_fails() -> None:
    async def hangs() -> None:
        await asyncio.sleep(1)

    with pytest.raises(AssertionError, match=r"still running after 0\.1 s"):
        run(hangs, seconds=0.1)


class Page:
    """A stand-in for a browser: it keeps every message it is sent."""

    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send(self, message: dict[str, Any]) -> None:
        json.dumps(message)  # everything sent must be JSON-ready
        self.messages.append(message)

    @property
    def last(self) -> dict[str, Any]:
        return self.messages[-1]


def hidden_from(game: Game, seat: int) -> set[str]:
    others = {str(card) for other in range(game.num_players) if other != seat
              for card in game.hand(other)}
    return others | {str(card) for card in game.pond()}


def a_miss(game: Game) -> Ask:
    seat = game.current_player
    assert seat is not None
    for action in game.legal_actions():
        if all(card.rank != action.rank for card in game.hand(action.target)):
            return action
    raise AssertionError("no missing ask in this position")


def test_two_people_each_see_only_their_own_hand() -> None:
    async def scenario() -> None:
        game = new_game("bicycle", players=2, seed=12)
        session = GameSession(game, [Seat("Ann", None), Seat("Ben", None)], pace=0)
        pages = [Page(), Page()]
        for seat, page in enumerate(pages):
            await session.connect(seat, page.send)
        for _ in range(6):
            seat = game.current_player
            if seat is None:
                break
            action = game.legal_actions()[0]
            await session.submit(seat, AskMessage(type="ask", version=session.version,
                                                  target=action.target, rank=str(action.rank)))
            for viewer, page in enumerate(pages):
                state = page.last["state"]
                assert state["hand"] == [str(c) for c in game.view(viewer).hand or ()]
                assert not set(state["hand"]) & hidden_from(game, viewer)
        with pytest.raises(MoveRefused, match="turn"):
            other = 1 - (game.current_player or 0)
            await session.submit(other, AskMessage(type="ask", version=session.version,
                                                   target=1 - other, rank="A"))

    run(scenario)


def test_a_page_that_reconnects_while_fishing_gets_the_pending_miss_once() -> None:
    async def scenario() -> None:
        game = new_game("nordic", players=2, seed=31, first_player=0)
        session = GameSession(game, [Seat("Ann", None), Seat("Ben", None)], pace=0)
        first, again = Page(), Page()
        await session.connect(0, first.send)
        miss = a_miss(game)
        await session.submit(0, AskMessage(type="ask", version=session.version,
                                           target=miss.target, rank=str(miss.rank)))
        assert first.last["state"]["phase"] == "fish"
        assert not game.actions  # the game waits for the draw
        await session.connect(0, again.send)  # a reload
        kinds = [event["type"] for event in again.last["events"]]
        assert kinds[-2:] == ["asked", "went_fishing"]  # R8
        assert again.last["state"]["phase"] == "fish"
        await session.submit(0, FishMessage(type="fish", version=session.version, index=0))
        after = [event["type"] for event in again.last["events"]]
        assert after[0] == "drew" and "asked" not in after
        assert game.actions == ((0, miss),)

    run(scenario)


def test_the_coach_counts_the_go_fish_said_while_the_click_waits() -> None:
    # The coach read the game, which plays the miss only at the click: Ben had said "Go
    # fish!" (R8) and both pages' coaches still had him possibly holding the rank.
    async def scenario() -> None:
        game = new_game("nordic", players=2, seed=31, first_player=0)
        session = GameSession(game, [Seat("Ann", None), Seat("Ben", None)], pace=0)
        pages = [Page(), Page()]
        for seat, page in enumerate(pages):
            await session.connect(seat, page.send)
        miss = a_miss(game)

        def ben_lacks_it() -> list[bool]:
            rows = [{row["rank"]: row for row in page.last["state"]["coach"]}
                    for page in pages]
            return [row[str(miss.rank)]["none"][miss.target] for row in rows]

        assert ben_lacks_it() == [False, False]
        await session.submit(0, AskMessage(type="ask", version=session.version,
                                           target=miss.target, rank=str(miss.rank)))
        assert pages[0].last["state"]["phase"] == "fish" and not game.actions
        assert ben_lacks_it() == [True, True]

    run(scenario)


def test_a_miss_waiting_for_its_click_is_drawn_when_the_page_leaves(tmp_path: Path) -> None:
    # Dropped on close, the ask was not stored: the page resuming the game (after a
    # reload, or in another tab) was free to ask again, for another rank.
    async def scenario() -> None:
        game = new_game("nordic", players=2, seed=31, first_player=0)
        with open_store(tmp_path / "games.sqlite3") as store:
            session = GameSession(game, [Seat("Ann", None), Seat("Emma", "emma")], pace=0,
                                  store=store)
            await session.connect(0, Page().send)
            miss = a_miss(game)
            pond = game.pond_size
            await session.submit(0, AskMessage(type="ask", version=session.version,
                                               target=miss.target, rank=str(miss.rank)))
            await session.close()
            assert session.game_id is not None
            stored = store.get(session.game_id).game()
        assert stored.actions == ((0, miss),) and stored.pond_size == pond - 1

    run(scenario)


def test_every_ask_a_page_is_told_of_is_stored_first(tmp_path: Path) -> None:
    # The store had the game only when the turn came back to the person: a server killed
    # while the bots played lost the person's last ask and the bots' asks since, though the
    # page had seen them, the card it fished too (R8). Resumed, the game went back to
    # before that ask, with the player knowing the top of the pond.
    async def scenario() -> None:
        game = new_game("classic", players=3, seed=8, first_player=0)
        with open_store(tmp_path / "games.sqlite3") as store:
            session = GameSession(game, [Seat("Ann", None), Seat("Emma", "emma"),
                                         Seat("Randy", "random")], pace=0, store=store)
            told: list[tuple[int, int]] = []  # (asks the page was told of, asks stored)

            async def page(message: dict[str, Any]) -> None:
                stored = 0 if session.game_id is None else store.get(session.game_id).actions
                told.append((len(game.actions), stored))

            await session.connect(0, page)
            miss = a_miss(game)
            await session.submit(0, AskMessage(type="ask", version=session.version,
                                               target=miss.target, rank=str(miss.rank)))
            await until(lambda: game.current_player in (0, None))
            await session.close()
        bot_asks = [pair for pair in told if pair[0] > 1]
        assert bot_asks, "the bots never asked"
        assert all(stored == asks for asks, stored in told), told

    run(scenario)


class BrokenBot:
    name = "broken"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        raise RuntimeError("out of order")


async def until(condition: Callable[[], object], seconds: float = 30.0) -> None:
    """Let the loop run until ``condition()`` holds: a worker thread on a busy machine can
    take longer than a fixed count of short sleeps (which ran out at half a second)."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"still waiting after {seconds} s"
        await asyncio.sleep(0.01)


class SlowBot:
    """Thinks like a searching bot (ismcts takes about 0.2 s), holding its thread meanwhile:
    until the test lets it answer (or 10 s pass)."""

    name = "slow"

    def __init__(self) -> None:
        self.thinking = threading.Event()
        self.release = threading.Event()

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        self.thinking.set()
        self.release.wait(timeout=10)
        return legal[0]


async def facing(bot: Any) -> tuple[GameSession, Page]:
    """Ann at a classic table against ``bot``, who asks first; Ann's page connected."""
    game = new_game("classic", players=2, seed=4, first_player=1)
    session = GameSession(game, [Seat("Ann", None), Seat("Emma", "emma")], pace=0)
    session.bots[1] = bot
    page = Page()
    await session.connect(0, page.send)
    return session, page


def test_a_thinking_bot_does_not_hold_up_the_server() -> None:
    # The bot's choice ran on the event loop: every other table and request waited for it.
    # (It measured the loop's longest pause against 0.3 s, which a loaded machine could
    # exceed on its own: now the bot thinks until released, and the loop must run meanwhile.)
    async def scenario() -> None:
        bot = SlowBot()
        session, _ = await facing(bot)
        await until(bot.thinking.is_set)
        # This coroutine runs while the bot is still thinking: had the bot held the event
        # loop, its ask would be played by the time we got here (after its 10 s).
        assert not bot.release.is_set() and not session.game.actions
        await asyncio.sleep(0.05)
        assert not session.game.actions  # the loop ran on, the bot still thinking
        bot.release.set()
        await until(lambda: session.game.current_player != 1)  # until it has asked
        assert session.game.actions  # the bot did play
        await session.close()

    run(scenario)


def test_a_failing_bot_is_reported_to_the_page() -> None:
    async def scenario() -> None:
        session, page = await facing(BrokenBot())
        await until(lambda: page.last["state"]["notice"])
        assert "a computer player failed (out of order)" in page.last["state"]["notice"]
        await session.close()

    run(scenario)


class FullDisk:
    def save(self, record: dict[str, Any], **_: Any) -> int:
        raise StorageError("the disk is full")


def test_a_failing_store_never_stops_the_game() -> None:
    async def scenario() -> None:
        game = new_game("classic", players=2, seed=8, first_player=0)
        session = GameSession(game, [Seat("Ann", None), Seat("Emma", "emma")], pace=0,
                              store=FullDisk())  # type: ignore[arg-type]
        page = Page()
        await session.connect(0, page.send)
        action = game.legal_actions()[0]
        await session.submit(0, AskMessage(type="ask", version=session.version,
                                           target=1, rank=str(action.rank)))
        await until(lambda: page.last["state"]["notice"])  # saved once the turn is back
        assert "could not be saved: the disk is full" in page.last["state"]["notice"]
        assert game.actions  # the move was played all the same
        await session.close()

    run(scenario)


def test_ask_card_moves_name_a_suit() -> None:
    async def scenario() -> None:
        game = new_game({"preset": "classic", "ask": "card"}, players=2, seed=5, first_player=0)
        session = GameSession(game, [Seat("Ann", None), Seat("Ben", None)], pace=0)
        page = Page()
        await session.connect(0, page.send)
        card = game.hand(0)[0]
        with pytest.raises(MoveRefused, match="you already hold"):
            await session.submit(0, AskMessage(type="ask", version=0, target=1,
                                               rank=str(card.rank), suit=card.suit.letter))
        wanted = next(a for a in game.legal_actions())
        await session.submit(0, AskMessage(type="ask", version=0, target=1,
                                           rank=str(wanted.rank),
                                           suit=wanted.suit.letter if wanted.suit else None))
        asked = page.last["events"][0]
        assert wanted.suit is not None
        assert asked["type"] == "asked" and asked["suit"] == wanted.suit.letter

    run(scenario)


def test_bubbles_name_whom_an_ask_is_for_unless_it_is_you() -> None:
    names = ["Ann", "Emma", "Randy"]

    def said(event: Asked, table: list[str], listener: int | None = 0) -> str:
        speech = speech_for(event, table, listener)
        assert speech is not None and speech.seat == event.player
        return speech.text

    assert said(Asked(2, 1, Rank.NINE), names) == "Emma, do you have any 9s?"
    assert said(Asked(1, 2, Rank.NINE), names) == "Randy, got any 9s?"
    assert said(Asked(1, 0, Rank.QUEEN), names) == "Do you have any queens?"
    assert said(Asked(1, 0, Rank.QUEEN), names, listener=None) == "Ann, do you have any queens?"
    assert said(Asked(1, 0, Rank.ACE), names[:2]) == "Got any aces?"
    assert said(Asked(1, 0, Rank.ACE, Suit.HEARTS), names[:2]) == "Got the A♥?"


def test_a_laid_pair_is_called_a_pair_out_loud_as_in_the_log() -> None:
    names = ["Ann", "Emma"]
    tens = tuple(Card(Rank.TEN, suit) for suit in Suit)
    pair = speech_for(BookLaid(1, Rank.TEN, tens[:2]), names, 0, book_size=2)
    book = speech_for(BookLaid(1, Rank.TEN, tens), names, 0)
    assert pair is not None and pair.text == "A pair of 10s!"
    assert book is not None and book.text == "A book of 10s!"


RULE_SETS = [
    *[(preset, players, {}) for preset in ("classic", "bicycle", "nordic")
      for players in (2, 3, 4, 5)],
    ("classic", 2, {"lucky_draw": False}),
    ("classic", 3, {"refill": "card"}),
    ("classic", 2, {"end": "first-empty"}),
    ("bicycle", 4, {"hand_size": 3}),
    ("classic", 2, {"book_size": 2}),
    ("classic", 3, {"ask": "card"}),
    ("nordic", 3, {"ask": "card", "lucky_draw": False}),
    ("bicycle", 2, {"refill": "none", "end": "first-empty"}),
]


@pytest.mark.parametrize(("preset", "players", "options"), RULE_SETS)
def test_every_rule_set_plays_to_the_end_without_leaking(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    async def scenario() -> None:
        game = new_game({"preset": preset, **options}, players=players, seed=players * 7)
        seats = [Seat("Ann", None)] + [Seat(f"Bot {n}", "emma" if n % 2 else "random")
                                       for n in range(1, players)]
        session = GameSession(game, seats, pace=0, seed=1)
        page = Page()
        await session.connect(0, page.send)
        deadline = time.monotonic() + 30  # bots think in a worker thread: wait in time
        while time.monotonic() < deadline:
            await asyncio.sleep(0.001)
            state = page.last["state"]
            if state["phase"] == "over":
                break
            if state["phase"] == "fish":
                await session.submit(0, FishMessage(type="fish", version=page.last["version"]))
            elif state["phase"] == "ask":
                ask = state["legal"][-1]
                await session.submit(0, AskMessage(type="ask", version=page.last["version"],
                                                   **ask))
        assert game.is_over and page.last["state"]["phase"] == "over"
        assert page.last["state"]["result"]["books"] == [len(b) for b in game.books]
        for message in page.messages:
            for event in message["events"]:
                for field in ("card", "cards"):
                    # A lucky draw (R8) and a book's cards (laid face up, R3) are public.
                    if event.get(field) is not None and event["type"] not in (
                            "lucky_draw", "book_laid"):
                        owners = (event.get("player"), event.get("giver"), event.get("receiver"))
                        assert 0 in owners, f"seat 0 was shown a hidden card: {event}"
        await session.close()

    run(scenario)


def test_a_miss_waiting_for_its_click_is_stored_before_the_page_hears_go_fish(
    tmp_path: Path,
) -> None:
    # Not stored until the click: a server killed while the page showed "Go fish!" lost
    # the ask, and the resumed game let the player ask again, for another rank, knowing
    # that one misses (R8). The rooms store such a miss as a "miss" entry.
    async def scenario() -> None:
        game = new_game("nordic", players=2, seed=31, first_player=0)
        with open_store(tmp_path / "games.sqlite3") as store:
            session = GameSession(game, [Seat("Ann", None), Seat("Emma", "emma")], pace=0,
                                  store=store)
            stored_when_told: list[int] = []

            async def page(message: dict[str, Any]) -> None:
                if message.get("state", {}).get("phase") == "fish":
                    assert session.game_id is not None
                    stored_when_told.append(store.get(session.game_id).actions)

            await session.connect(0, page)
            miss = a_miss(game)
            pond = game.pond_size
            await session.submit(0, AskMessage(type="ask", version=session.version,
                                               target=miss.target, rank=str(miss.rank)))
            assert not game.actions and stored_when_told == [1]  # the table waits to draw
            # The server is killed here: no close(). Resumed, the ask stands, drawn.
            stored = store.get(session.game_id)  # type: ignore[arg-type]
            resumed, seat = GameSession.from_stored(stored, store=store, pace=0)
        assert seat == 0 and resumed.game.actions == ((0, miss),)
        assert resumed.game.pond_size == pond - 1
        drawn = game.pond()[0]  # the sea's top card: what the click would have drawn
        assert drawn in resumed.game.hand(0)

    run(scenario)


class StreamSpy:
    """Asks as legal[0] does, and keeps a copy of the random stream of its first decision."""

    name = "spy"

    def __init__(self) -> None:
        self.first: random.Random | None = None

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        if self.first is None:
            self.first = random.Random()
            self.first.setstate(rng.getstate())
        return legal[0]


def _first_stream(seed: int) -> tuple[random.Random, Game]:
    spy = StreamSpy()

    async def scenario() -> None:
        game = new_game("classic", players=2, seed=seed, first_player=1)
        session = GameSession(game, [Seat("Ann", None), Seat("Emma", "emma")], pace=0,
                              seed=seed)
        session.bots[1] = spy
        await session.connect(0, Page().send)
        await until(lambda: spy.first is not None)
        await session.close()
        played.append(game)

    played: list[Game] = []
    run(scenario)
    assert spy.first is not None
    return spy.first, played[0]


def test_a_seeded_table_s_bots_cannot_replay_the_shuffle() -> None:
    # The bots drew from random.Random(seed), the very stream new_game shuffled with: a bot
    # copying it at its first ask re-made the whole deal (every hand and the pond's order),
    # and its random choices were the shuffle's own numbers.
    stream, game = _first_stream(4)
    again, _ = _first_stream(4)
    assert again.getstate() == stream.getstate()  # still reproducible from the seed
    assert shuffled_deck(stream) != [Card.parse(text) for text in game.to_record()["deck"]]
