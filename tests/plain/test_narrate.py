"""Sentences of the log: the small grammar a reader notices."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from typing import Any

import pytest
from tests.core.stacked import ask, deal

import gofish
from gofish.core import (
    BookLaid,
    Card,
    Dealt,
    Drew,
    Game,
    GameOver,
    LeftPlay,
    LuckyDraw,
    WentFishing,
    make_rules,
)
from gofish.core.record import game_to_record
from gofish.narrate import Narrator, listed, pond_word

NAMES = ["You", "Emma", "Emma 2", "Emma 3"]


def test_one_dealt_card_is_a_card_for_the_viewer_too() -> None:
    # hand_size 1 said "You are dealt one cards: K♥."
    narrator = Narrator(NAMES, 0)
    mine = narrator.describe(Dealt(player=0, count=1, cards=(Card.parse("KH"),)))
    assert mine == "You are dealt one card: K♥."
    assert narrator.describe(Dealt(player=1, count=1, cards=None)) == "Emma is dealt one card."
    seven = narrator.describe(Dealt(player=0, count=2, cards=(Card.parse("KH"),
                                                                Card.parse("2S"))))
    assert seven == "You are dealt two cards: 2♠ K♥."


def test_a_shared_win_lists_the_winners_with_commas_then_and() -> None:
    # R10: every player with the most books wins; it read "You and Emma and Emma 2 and …".
    narrator = Narrator(NAMES, 0)
    said = narrator.describe(GameOver(winners=(0, 1, 2, 3), books=(0, 0, 0, 0)))
    assert said.startswith("Game over: a shared win for you, Emma, Emma 2 and Emma 3.")
    two = narrator.describe(GameOver(winners=(0, 1), books=(1, 1, 0, 0)))
    # "you" mid-sentence: it read "a shared win for You and Emma."
    assert "a shared win for you and Emma." in two


def test_the_final_score_separates_names_that_end_in_a_number_from_the_count() -> None:
    # It read "Books: You 1, Emma 0, Emma 2 5, Emma 3 7": is that Emma 2 with 5 or Emma 25?
    said = Narrator(NAMES, 0).describe(GameOver(winners=(3,), books=(1, 0, 5, 7)))
    assert said == "Game over. Emma 3 wins! Books: You: 1, Emma: 0, Emma 2: 5, Emma 3: 7."


def test_listed() -> None:
    assert listed([]) == "" and listed(["You"]) == "You"
    assert listed(["You", "Emma"]) == "You and Emma"
    assert listed(["A", "B", "C"]) == "A, B and C"


def test_pairs_house_rule_lays_pairs_not_books() -> None:
    # Under book_size 2 (the pairs house rule, R3) two cards make a "book":
    # the log said "lays down a book of 9s" for a pair.
    game = gofish.new_game({"preset": "classic", "book_size": 2}, players=2, seed=7)
    rng = random.Random(7)
    while not game.is_over:
        actions = game.legal_actions()
        game.play(actions[rng.randrange(len(actions))])
    laid = [e for e in game.events if isinstance(e, BookLaid)]
    assert len(laid) == 26
    pairs = Narrator(NAMES[:2], 0, game.rules)
    assert all(" down a pair of " in pairs.describe(e) for e in laid)
    # Which two of the four: under pairs the other two are still in play (R3).
    first = laid[0]
    assert pairs.describe(first).endswith(
        ": " + " ".join(card.pretty for card in sorted(first.cards)) + ".")
    assert "Pairs: " in pairs.describe(game.events[-1])
    books = Narrator(NAMES[:2], 0)
    assert " down a book of " in books.describe(laid[0])
    assert "Books: " in books.describe(game.events[-1])


def _random_game(rules: object, players: int, seed: int) -> Game:
    game = gofish.new_game(rules, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        actions = game.legal_actions()
        game.play(actions[rng.randrange(len(actions))])
    return game


def test_the_ending_says_why_a_nordic_game_stopped() -> None:
    # R19: nordic ends at the first empty hand or an empty sea; players want to know which.
    seen = set()
    for seed in range(60):
        game = _random_game("nordic", 3, seed)
        view = game.view(0)
        said = Narrator(NAMES[:3], 0).ending(view)
        assert said is not None and said.endswith(".")
        empty = [seat for seat, size in enumerate(view.hand_sizes) if size == 0]
        if sum(len(b) for b in view.books) == 13:
            assert said == "All 13 books are down."
            seen.add("books")
            continue
        assert ("the sea ran dry" in said.lower()) == (view.pond_size == 0)
        assert ("ran out of cards" in said) == bool(empty)
        if 0 in empty:
            assert said.startswith("You") or " you" in said
            seen.add("you")
        seen.add("sea" if view.pond_size == 0 else "hand")
    assert {"sea", "hand", "you"} <= seen


def test_the_ending_of_all_book_games_and_of_a_game_still_going() -> None:
    assert Narrator(NAMES[:2], 0).ending(gofish.new_game("classic", seed=1).view(0)) is None
    game = _random_game({"preset": "bicycle"}, 4, 3)
    assert Narrator(NAMES, 1).ending(game.view(1)) == "All 13 books are down."
    pairs = _random_game({"preset": "classic", "book_size": 2}, 2, 5)
    ending = Narrator(NAMES[:2], None, pairs.rules).ending(pairs.view(None))
    assert ending == "All 26 pairs are down."


@pytest.mark.parametrize("preset", ["classic", "bicycle", "nordic"])
@pytest.mark.parametrize(("end", "refill"), [
    ("all-books", "hand"), ("all-books", "card"), ("all-books", "turn"),
    ("first-empty", "hand"), ("first-empty", "turn"), ("first-empty", "none"),
])
def test_the_log_calls_the_draw_pile_what_the_table_calls_it(
    preset: str, end: str, refill: str
) -> None:
    # Nordic with --end all-books: the table said "sea", the log "The pond is empty, so the
    # turn passes" and "has no cards and the pond is dry" (sentences a first-empty game
    # never reaches), as the narrator knew only the book size, not the rules.
    rules = make_rules(preset, end=end, refill=refill)
    word = pond_word(rules)  # what the table (terminal, plain, browser, rooms) says
    other = "pond" if word == "sea" else "sea"
    said = []
    for seed in range(6):
        game = _random_game(rules, 4, seed)
        narrator = Narrator(NAMES, 0, rules=game.rules)
        said += [narrator.describe(event) for event in game.view(0).history]
        said.append(narrator.ending(game.view(0)) or "")
    piles = [line for line in said if re.search(r"\b(pond|sea)\b", line)]
    assert not [line for line in piles if re.search(rf"\b{other}\b", line)]
    if end == "all-books":  # a dry pile passes turns (and, refilling a turn, ends players)
        assert any(f"The {word} is empty, so the turn passes." in line for line in piles)
    if end == "all-books" and refill == "turn":
        assert any(f"the {word} is dry: out of play." in line for line in piles)
    nordic = Narrator(NAMES, 0, rules=make_rules("nordic", end="all-books", refill="turn"))
    assert "the sea is dry" in nordic.describe(LeftPlay(2))
    assert "The sea is empty" in nordic.describe(WentFishing(1, 2, pond_empty=True))


def test_a_named_player_is_named_not_they() -> None:
    # "Emma shows the 9♥: the card they asked for", "Emma draws a card
    # into their empty hand": the narrator said "they" of one named player.
    nine = Card.parse("9H")
    for viewer in (0, None):
        narrator = Narrator(NAMES, viewer)
        lucky = narrator.describe(LuckyDraw(player=2, card=nine))
        assert lucky == "Emma 2 shows the 9♥: a lucky draw, the rank Emma 2 asked for."
        for reason in ("empty_hand", "replenish"):
            drew = narrator.describe(Drew(player=1, reason=reason, card=None))
            assert drew == "Emma's hand was empty: Emma draws a card."
    mine = Narrator(NAMES, 0)
    assert mine.describe(LuckyDraw(player=0, card=nine)) == (
        "You show the 9♥: a lucky draw, the rank you asked for.")
    assert mine.describe(Drew(player=0, reason="empty_hand", card=nine)) == (
        "You draw the 9♥ into your empty hand.")
    assert mine.describe(Drew(player=0, reason="replenish", card=nine)) == (
        "You draw the 9♥ to refill your empty hand.")
    # Every sentence of whole games, from every seat and a spectator's, names its players.
    for rules in ("bicycle", "nordic", {"preset": "classic", "ask": "card"}):
        for seed in range(4):
            game = _random_game(rules, 4, seed)
            for viewer in (None, 0, 1, 2, 3):
                narrator = Narrator(NAMES, viewer, rules=game.rules)
                for event in game.view(viewer).history:
                    line = narrator.describe(event)
                    assert not re.search(r"\b(they|their|them)\b", line, re.IGNORECASE), line


def test_every_log_of_a_nordic_all_books_game_says_sea(tmp_path: Path) -> None:
    # The narrator knew the table's word only when given the rules; the terminal and
    # plain table, the browser's table and replay, `gofish show` and the rooms' log built it from
    # the book size alone, so a nordic game played to all books said "The pond is empty".
    from gofish.cli.show import turns
    from gofish.online.protocol import SeatLog
    from gofish.session import TableSession, TableSettings
    from gofish.storage import open_store
    from gofish.web.replay import replay_frames
    from gofish.web.session import GameSession, Seat

    rules = make_rules("nordic", end="all-books", refill="turn")
    game = next(g for g in (_random_game(rules, 4, seed) for seed in range(20))
                if any(isinstance(e, WentFishing) and e.pond_empty for e in g.events))
    record = game_to_record(game)
    seats: list[dict[str, Any]] = [{"name": name, "bot": None} for name in NAMES]
    with open_store(tmp_path / "games.sqlite3") as store:
        stored = store.get(store.save(record, seats=seats))
    settings = TableSettings(rules=rules, players=4, opponents=("random",))
    table = TableSession.deal(settings)
    seat_log = SeatLog(NAMES, 0)
    page = GameSession(game, [Seat(name, None) for name in NAMES])
    logs = {
        "terminal": [table.narrator.describe(event) for event in game.view(0).history],
        "show": [line for turn in turns(stored, all_cards=True) for line in turn],
        "replay": [line for frame in replay_frames(record, NAMES, 0) for line in frame["text"]],
        "rooms": [json.loads(entry)["text"] for entry in seat_log.catch_up(game.view(0))],
        "browser": [page._event_json(event, 0)["text"] for event in game.view(0).history],
    }
    for where, lines in logs.items():
        assert any("The sea is empty" in line for line in lines), where
        assert not [line for line in lines if re.search(r"\bpond\b", line)], where


def test_cards_handed_over_are_listed_as_the_hand_shows_them() -> None:
    # "You hand over two: 8♠ 8♣" beside a hand showing 8♣ 8♠: the order the giver got them.
    from gofish.core import HandedOver, Rank

    cards = (Card.parse("8S"), Card.parse("8C"))
    said = Narrator(NAMES, 0).describe(HandedOver(giver=0, receiver=1, rank=Rank.parse("8"),
                                                  count=2, cards=cards))
    assert said == "You hand over two: 8♣ 8♠."


def test_a_lucky_draw_promises_no_next_ask_the_game_may_not_give() -> None:
    # R8 earns another ask, but R19 ends a nordic game on the spot even after a lucky draw
    # (and the last book ends any game). It read "You show the J♣: the card you asked for,
    # so you go again." followed by "Game over." Under ask: rank it was a rank, not a card.
    game = deal("nordic", ["J J J", "Q Q 4"], pond="J 8 7")
    narrator = Narrator(NAMES[:2], 0, game.rules)
    said = [narrator.describe(event) for event in ask(game, 1, "J")]
    lucky = said.index("You show the J♣: a lucky draw, the rank you asked for.")
    assert said[lucky + 1] == "You lay down a book of jacks."
    assert said[lucky + 2].startswith("Game over. You win!")
    assert not any("again" in line for line in said)
    by_card = Narrator(NAMES, None, make_rules("classic", ask="card"))
    assert by_card.describe(LuckyDraw(player=1, card=Card.parse("JC"))) == (
        "Emma shows the J♣: a lucky draw, the card Emma asked for.")
