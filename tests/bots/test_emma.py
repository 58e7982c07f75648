"""Emma, clause by clause (RULES.md "Emma, the computer opponent of seed 000").

Emma is given views built by hand here, so each test states exactly what she
has seen; the last tests play real stacked games.
"""

from __future__ import annotations

import random
from collections import Counter

from tests.core.stacked import deal

from gofish.bots import EmmaBot, bot_turn
from gofish.core import Ask, Asked, Card, Event, Rank, View, make_rules

EMMA = 1


def emma_view(
    hand: str, asks: list[tuple[int, str]], players: int = 2, sizes: dict[int, int] | None = None
) -> View:
    """Emma's view at seat 1: her hand, and the public asks ``(asker, rank)`` so far."""
    cards = tuple(sorted(Card.parse(text) for text in hand.split()))
    hand_sizes = [5] * players
    hand_sizes[EMMA] = len(cards)
    for seat, size in (sizes or {}).items():
        hand_sizes[seat] = size
    history: list[Event] = []
    for asker, rank in asks:
        target = EMMA if asker != EMMA else next(s for s in range(players) if s != EMMA)
        history.append(Asked(asker, target, Rank.parse(rank)))
    held = sorted({card.rank for card in cards})
    legal = tuple(
        Ask.of(target, rank)
        for target in range(players)
        if target != EMMA and hand_sizes[target]
        for rank in held
    )
    return View(
        viewer=EMMA, rules=make_rules("classic").for_players(players), num_players=players,
        first_player=0, current_player=EMMA, hand=cards, hand_sizes=tuple(hand_sizes),
        books=((),) * players, laid=((),) * players, in_play=(True,) * players, pond_size=20,
        history=tuple(history), winners=None, legal_actions=legal,
    )


def choose(view: View, seed: int = 0) -> Ask:
    return EmmaBot().choose(view, view.legal_actions, random.Random(seed))


def test_she_asks_for_a_rank_an_opponent_asked_for_when_she_holds_it() -> None:
    view = emma_view("5S 9H KD", asks=[(0, "9")])
    assert all(choose(view, seed).rank == Rank.NINE for seed in range(50))


def test_the_most_recent_remembered_rank_she_holds_comes_first() -> None:
    # Asked for 5, then K, then 7; she holds 5 and K but no 7: K is the most recent she holds.
    view = emma_view("5S KD 2C", asks=[(0, "5"), (0, "K"), (0, "7")])
    assert choose(view).rank == Rank.KING


def test_asking_again_moves_a_rank_to_the_front() -> None:
    view = emma_view("5S KD 2C", asks=[(0, "5"), (0, "K"), (0, "5")])
    assert choose(view).rank == Rank.FIVE


def test_she_forgets_a_rank_once_she_has_asked_for_it() -> None:
    # K was the most recent; she asked for K herself, so 5 is what she remembers now.
    view = emma_view("5S KD 2C", asks=[(0, "5"), (0, "K"), (EMMA, "K")])
    assert choose(view).rank == Rank.FIVE


def test_she_forgets_the_rank_she_used_even_behind_a_more_recent_one_she_lacks() -> None:
    # Memory is 7, K, 5 (most recent first); she holds no 7, so she asked for K. K is the
    # memory she used up, not the front one: 7 stays remembered and K is gone, so 5 is next.
    view = emma_view("5S KD 2C", asks=[(0, "5"), (0, "K"), (0, "7"), (EMMA, "K")])
    assert choose(view).rank == Rank.FIVE
    holding_a_seven = emma_view("5S KD 7C", asks=[(0, "5"), (0, "K"), (0, "7"), (EMMA, "K")])
    assert choose(holding_a_seven).rank == Rank.SEVEN


def test_a_forgotten_rank_comes_back_when_an_opponent_asks_again() -> None:
    view = emma_view("5S KD 2C", asks=[(0, "5"), (0, "K"), (EMMA, "K"), (0, "K")])
    assert choose(view).rank == Rank.KING


def test_without_a_remembered_rank_she_picks_uniformly_among_distinct_ranks() -> None:
    # Three 9s and one king: per distinct rank (1/2 each), not per card (3/4 and 1/4).
    view = emma_view("9S 9H 9D KC", asks=[(0, "5")])  # she holds no 5: memory is no help
    picks = Counter(choose(view, seed).rank for seed in range(4000))
    assert set(picks) == {Rank.NINE, Rank.KING}
    assert 0.45 < picks[Rank.KING] / 4000 < 0.55


def test_with_more_players_she_asks_whoever_asked_for_that_rank_most_recently() -> None:
    view = emma_view("KD 2C", asks=[(0, "K"), (2, "K"), (0, "2")], players=3)
    # 2 is the most recent rank, asked by seat 0; K was asked last by seat 2.
    action = choose(view)
    assert (action.target, action.rank) == (0, Rank.TWO)
    view = emma_view("KD 3C", asks=[(0, "K"), (2, "K"), (0, "2")], players=3)
    action = choose(view)
    assert (action.target, action.rank) == (2, Rank.KING)


def test_if_that_opponent_has_no_cards_she_asks_a_random_opponent_holding_cards() -> None:
    view = emma_view("KD", asks=[(0, "K"), (3, "K")], players=4, sizes={3: 0})
    targets = Counter(choose(view, seed).target for seed in range(400))
    assert set(targets) == {0, 2}  # never the empty seat 3
    assert min(targets.values()) > 120  # both taken, roughly evenly


def test_without_a_memory_of_who_asked_the_target_is_random_among_holders() -> None:
    view = emma_view("KD", asks=[], players=3)
    targets = Counter(choose(view, seed).target for seed in range(400))
    assert set(targets) == {0, 2} and min(targets.values()) > 120


def test_in_a_real_game_she_asks_the_last_asker_for_a_remembered_rank_she_holds() -> None:
    # Three players; Emma sits at seat 1. Seat 2 asks seat 0 for kings (a miss), then
    # seat 0 asks seat 2 for queens (a miss). Emma holds a king but no queen.
    game = deal("classic", ["Q J 10 9", "K 2 3 4", "K 5 6 7"], pond="8 8 6 6", first_player=2)
    game.play(Ask.of(0, "K"))
    game.play(Ask.of(2, "Q"))
    assert game.current_player == EMMA
    action = bot_turn(game, EmmaBot(), random.Random(0))
    assert (action.target, action.rank) == (2, Rank.KING)


def test_she_never_depends_on_hidden_cards() -> None:
    # Two games that look the same from Emma's seat: only the card you fish differs.
    games = [
        deal("classic", ["9 K Q J", "9 2 3 4"], pond=pond, first_player=0)
        for pond in ("8 7 6 6", "7 8 5 5")
    ]
    for game in games:
        game.play(Ask.of(1, "Q"))  # a miss: you fish a card Emma cannot see
    assert games[0].hand(0) != games[1].hand(0)
    for seed in range(30):
        first, second = (bot_turn(game, EmmaBot(), random.Random(seed)) for game in games)
        assert first == second
