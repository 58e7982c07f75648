"""Property tests: invariants over random games of every preset, house rule and player count.

Each example is a whole game played by picking uniformly among the legal asks.
Example counts are kept small enough for the file to run in well under a minute.
"""

from __future__ import annotations

import contextlib
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import gofish
from gofish import (
    Card,
    Dealt,
    Drew,
    Event,
    Game,
    HandedOver,
    LuckyDraw,
    MalformedInputError,
    Refilled,
    Rules,
)

MAX_ACTIONS = 5000  # far above any game seen; reaching it means the game does not end

PROPERTY_SETTINGS = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)


@st.composite
def table(draw: st.DrawFn) -> tuple[Rules, int, int]:
    """A playable rule set (preset plus any valid house rules), a player count and a seed."""
    preset = draw(st.sampled_from(["classic", "bicycle", "nordic"]))
    options: dict[str, Any] = {}
    if draw(st.booleans()):  # half the examples are a plain preset
        options = draw(
            st.fixed_dictionaries(
                {},
                optional={
                    "lucky_draw": st.booleans(),
                    "refill": st.sampled_from(["hand", "card", "turn", "none"]),
                    "end": st.sampled_from(["all-books", "first-empty"]),
                    "hand_size": st.integers(1, 13),
                    "book_size": st.sampled_from([2, 4]),
                    "ask": st.sampled_from(["rank", "card"]),
                },
            )
        )
    players = draw(st.integers(2, 5))
    try:
        rules = gofish.make_rules(preset, **options).for_players(players)
    except MalformedInputError:
        assume(False)  # refill none with all-books, or more cards than the deck holds
        raise
    return rules, players, draw(st.integers(0, 2**32))


def random_play(game: Game, seed: int) -> Iterator[Game]:
    """Yield the game before every ask and once more when it is over."""
    rng = random.Random(seed)
    for _ in range(MAX_ACTIONS):
        yield game
        if game.is_over:
            return
        legal = game.legal_actions()
        game.play(legal[rng.randrange(len(legal))])
    raise AssertionError(f"the game did not end within {MAX_ACTIONS} asks: {game!r}")


def played(rules: Rules, players: int, seed: int, check: Callable[[Game], None]) -> Game:
    game = gofish.new_game(rules, players=players, seed=seed)
    for position in random_play(game, seed):
        check(position)
    return game


# ------------------------------------------------------------------ conservation


def _all_cards(game: Game) -> list[Card]:
    cards = [c for seat in range(game.num_players) for c in game.hand(seat)]
    return cards + game.pond()


@PROPERTY_SETTINGS
@given(table())
def test_the_52_cards_are_conserved(setup: tuple[Rules, int, int]) -> None:
    rules, players, seed = setup

    def check(game: Game) -> None:
        loose = _all_cards(game)
        assert len(set(loose)) == len(loose)  # no card in two places
        per_rank = Counter(card.rank for card in loose)
        for seat_books in game.books:
            for rank in seat_books:
                per_rank[rank] += rules.book_size
        assert all(per_rank[rank] == 4 for rank in gofish.RANKS)
        assert sum(game.hand_sizes) + game.pond_size + rules.book_size * sum(
            len(b) for b in game.books
        ) == 52
        assert game.hand_sizes == tuple(len(game.hand(s)) for s in range(players))

    played(rules, players, seed, check)


# ------------------------------------------------------------ progress and end


@PROPERTY_SETTINGS
@given(table())
def test_every_game_ends_books_only_grow_and_the_player_to_act_can_act(
    setup: tuple[Rules, int, int],
) -> None:
    rules, players, seed = setup
    previous: list[tuple[Any, ...]] = [tuple(() for _ in range(players))]

    def check(game: Game) -> None:
        books = game.books
        for before, now in zip(previous[0], books, strict=True):
            assert now[: len(before)] == before  # books are only ever added
        previous[0] = books
        if game.is_over:
            assert game.current_player is None and game.legal_actions() == ()
            counts = [len(b) for b in books]
            assert game.winners == tuple(p for p, c in enumerate(counts) if c == max(counts))
            return
        seat = game.current_player
        assert seat is not None and game.in_play[seat]
        legal = game.legal_actions()
        assert legal, f"player {seat} is to act with no legal ask"
        assert all(game.is_legal(action) for action in legal)
        hand_ranks = {card.rank for card in game.hand(seat)}
        assert {a.rank for a in legal} == hand_ranks  # R5: any rank held …
        askable = {t for t in range(players) if t != seat and game.hand_sizes[t]}
        assert {a.target for a in legal} == askable  # … of any opponent holding cards

    game = played(rules, players, seed, check)
    assert game.is_over
    if rules.end == "all-books":
        assert sum(len(b) for b in game.books) == rules.total_books  # R14, R17
        assert not _last_book_was_fished(game.events)  # see docs/rules.md, "Readings"
    else:
        assert game.pond_size == 0 or 0 in game.hand_sizes  # R19


def _last_book_was_fished(events: tuple[Event, ...]) -> bool:
    """Whether the card that completed the final book came from a go-fish draw."""
    index = max(i for i, e in enumerate(events) if e.kind == "book_laid")
    while events[index].kind in ("book_laid", "lucky_draw"):
        index -= 1
    cause = events[index]
    return isinstance(cause, Drew) and cause.reason == "fish"


class EventLedger:
    """The table rebuilt from the event log alone, as a client following events would."""

    def __init__(self, game: Game) -> None:
        # Each hand in the order its cards arrived: under pairs, a third card of a rank
        # stays and the two that arrived first go down, the very cards BookLaid names.
        self.hands: list[list[Card]] = [[] for _ in range(game.num_players)]
        self.books: list[list[Any]] = [[] for _ in range(game.num_players)]
        self.laid: list[list[Card]] = [[] for _ in range(game.num_players)]
        self.pond = 52
        self.current: int | None = game.first_player
        self.in_play = [True] * game.num_players
        self.book_size = game.rules.book_size
        self.read = 0

    def follow(self, events: tuple[Event, ...]) -> None:
        for event in events[self.read:]:
            self.apply(event)
        self.read = len(events)

    def apply(self, event: Event) -> None:
        if isinstance(event, Dealt):
            assert event.cards is not None and event.count == len(event.cards)
            self.hands[event.player].extend(event.cards)
            self.pond -= event.count
        elif isinstance(event, gofish.Asked):
            assert event.player == self.current, "only the player to act asks"
        elif isinstance(event, HandedOver):
            assert event.cards is not None and event.count == len(event.cards) > 0
            assert all(c.rank == event.rank for c in event.cards)
            for card in event.cards:
                self.hands[event.giver].remove(card)
            self.hands[event.receiver].extend(event.cards)
        elif isinstance(event, (Drew, Refilled)):
            drawn = [event.card] if isinstance(event, Drew) else list(event.cards or ())
            assert all(c is not None for c in drawn) and drawn
            self.hands[event.player].extend(c for c in drawn if c is not None)
            self.pond -= len(drawn)
        elif isinstance(event, gofish.BookLaid):
            hand = self.hands[event.player]
            of_rank = [c for c in hand if c.rank == event.rank]
            assert len(of_rank) >= self.book_size, "a book needs book_size cards (R3)"
            # Laid face up (R3), in suit order: arrival order would tell the table which
            # card was just handed over or drawn.
            assert event.cards == tuple(sorted(of_rank[: self.book_size]))
            for card in event.cards:
                hand.remove(card)
            self.books[event.player].append(event.rank)
            self.laid[event.player].extend(event.cards)
        elif isinstance(event, gofish.LeftPlay):
            assert not self.hands[event.player] and self.pond == 0  # R15, R16
            self.in_play[event.player] = False
        elif isinstance(event, gofish.TurnPassed):
            self.current = event.player
        elif isinstance(event, gofish.GameOver):
            self.current = None
            assert event.books == tuple(len(b) for b in self.books)

    def matches(self, game: Game) -> None:
        for seat, hand in enumerate(self.hands):
            assert gofish.sorted_cards(hand) == game.hand(seat)
        assert self.books == [list(b) for b in game.books]
        assert self.laid == [list(cards) for cards in game.laid]
        assert [list(cards) for cards in game.view(None).laid] == self.laid  # public
        assert self.pond == game.pond_size
        assert self.current == game.current_player
        assert tuple(self.in_play) == game.in_play


@PROPERTY_SETTINGS
@given(table())
def test_the_event_log_alone_rebuilds_the_table_and_the_rules_hold_between_asks(
    setup: tuple[Rules, int, int],
) -> None:
    rules, players, seed = setup
    game = gofish.new_game(rules, players=players, seed=seed)
    ledger = EventLedger(game)

    def check(position: Game) -> None:
        ledger.follow(position.events)
        ledger.matches(position)
        sizes = position.hand_sizes
        for seat in range(players):  # R3: a complete book never stays in a hand
            counts = Counter(card.rank for card in position.hand(seat))
            assert all(n < rules.book_size for n in counts.values())
        if position.is_over:
            return
        if rules.refill in ("hand", "card"):  # R11: no empty hand while the pond has cards
            assert position.pond_size == 0 or all(sizes)
        if rules.end == "first-empty":  # R19: still going means no empty hand or sea
            assert position.pond_size > 0 and all(sizes)
        seat = position.current_player
        assert seat is not None and sizes[seat] > 0

    for position in random_play(game, seed):
        check(position)
    # R18: nothing is ever drawn into an empty hand; nor under R19 with any refill, as the
    # empty hand has ended the game first (at the deal too, R4).
    if rules.refill == "none" or rules.end == "first-empty":
        assert not any(isinstance(e, Refilled) or (isinstance(e, Drew) and e.reason != "fish")
                       for e in game.events)


# ------------------------------------------------------------ hidden information


def knowable(events: tuple[Event, ...], viewer: int | None) -> set[Card]:
    """Every card ``viewer`` has legitimately seen, worked out from the full history."""
    seen: set[Card] = set()
    for event in events:
        if isinstance(event, LuckyDraw):
            seen.add(event.card)
        elif isinstance(event, gofish.BookLaid):
            seen.update(event.cards)  # books go down face up (R3), out of every hand
        elif viewer is None:
            continue
        elif isinstance(event, (Dealt, Refilled)) and event.player == viewer:
            seen.update(event.cards or ())
        elif isinstance(event, Drew) and event.player == viewer and event.card is not None:
            seen.add(event.card)
        elif isinstance(event, HandedOver) and viewer in (event.giver, event.receiver):
            seen.update(event.cards or ())
    return seen


def cards_in(data: object) -> set[Card]:
    """Every card anywhere in a view: its fields, its events, or its JSON form."""
    found: set[Card] = set()
    if isinstance(data, Card):
        found.add(data)
    elif isinstance(data, str):
        with contextlib.suppress(MalformedInputError):
            found.add(Card.parse(data))
    elif isinstance(data, dict):
        for value in data.values():
            found |= cards_in(value)
    elif isinstance(data, (list, tuple)):
        for item in data:
            found |= cards_in(item)
    elif isinstance(data, Event):
        found |= cards_in(data.to_dict())
    return found


class LeakCheck:
    """Checks one viewer's view after every ask, reading only the new history each time."""

    def __init__(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.allowed: set[Card] = set()
        self.checked = 0

    def check(self, game: Game, *, whole_json: bool) -> None:
        view = game.view(self.viewer)
        own = set(game.hand(self.viewer)) if self.viewer is not None else set()
        assert set(view.hand or ()) == own
        self.allowed |= knowable(game.events[self.checked:], self.viewer)
        shown = cards_in(list(view.history[self.checked:])) | own
        self.checked = len(view.history)
        pond = set(game.pond())
        if whole_json:
            data = json.loads(json.dumps(view.to_dict()))
            self.check_hands_at_end(game, data.pop("hands_at_end"), pond)
            shown |= cards_in(data)
        others = {c for s in range(game.num_players) if s != self.viewer for c in game.hand(s)}
        assert not shown & pond, "a pond card is visible"
        assert shown <= self.allowed | own
        assert not (shown & others) - self.allowed, "another player's card is visible"

    @staticmethod
    def check_hands_at_end(game: Game, shown: object, pond: set[Card]) -> None:
        """Every hand is shown, but only once the game is over, and never the pond."""
        if not game.is_over:
            assert shown is None, "hands shown before the end"
            return
        assert shown == [[str(c) for c in game.hand(s)] for s in range(game.num_players)]
        assert not cards_in(shown) & pond, "a pond card is visible at the end"


@PROPERTY_SETTINGS
@given(table())
def test_no_view_ever_shows_a_card_from_another_hand_or_the_pond(
    setup: tuple[Rules, int, int],
) -> None:
    rules, players, seed = setup
    checks = [LeakCheck(viewer) for viewer in [*range(players), None]]
    step = [0]

    def check(game: Game) -> None:
        step[0] += 1
        whole_json = step[0] in (1, 20) or game.is_over  # the JSON form, sampled: it is slow
        for leak_check in checks:
            leak_check.check(game, whole_json=whole_json)

    played(rules, players, seed, check)


# ------------------------------------------------------------ records and seeds


@PROPERTY_SETTINGS
@given(table(), st.integers(0, 40))
def test_export_then_replay_reproduces_the_game(
    setup: tuple[Rules, int, int], stop_after: int
) -> None:
    rules, players, seed = setup
    game = gofish.new_game(rules, players=players, seed=seed)
    for asks, position in enumerate(random_play(game, seed)):
        if asks == stop_after:  # an unfinished game exports and replays too
            record = json.loads(json.dumps(position.to_record()))
            assert gofish.replay_record(record) == gofish.snapshot(position)
    record = json.loads(json.dumps(game.to_record()))
    assert gofish.replay_record(record) == gofish.snapshot(game)
    rebuilt = gofish.game_from_record(record)
    assert [e.to_dict() for e in rebuilt.events] == [e.to_dict() for e in game.events]
    assert rebuilt.rules == game.rules


@settings(max_examples=60, deadline=None)
@given(table())
def test_same_seed_and_same_actions_give_the_same_game(setup: tuple[Rules, int, int]) -> None:
    rules, players, seed = setup
    first = gofish.new_game(rules, players=players, seed=seed)
    second = gofish.new_game(rules, players=players, seed=seed)
    assert first.deck == second.deck and first.first_player == second.first_player
    for _ in random_play(first, seed + 1):
        pass
    for _player, action in first.actions:
        second.play(action)
    assert second.events == first.events
    assert gofish.snapshot(second) == gofish.snapshot(first)
