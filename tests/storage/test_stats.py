"""Stats per opponent and rule set, checked against sums computed here from the games (R10)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any

import pytest

import gofish
from gofish.storage import HUMAN, Store

from .helpers import EMMA, RANDOM, YOU, played_game


def _tied_nordic_game() -> gofish.Game:
    """A nordic game where seat 0 shares the win (R10: ties share it)."""
    for seed in range(1, 500):
        game = played_game("nordic", players=2, seed=seed)
        if game.winners is not None and len(game.winners) > 1:
            return game
    raise AssertionError("no tied nordic game in 500 seeds")


def _games() -> list[tuple[gofish.Game, list[dict[str, Any]]]]:
    """A mix of line-ups, seats and rule sets; the human is not always seat 0."""
    emma_first = [EMMA, YOU]
    return [
        (played_game(seed=1), [YOU, EMMA]),
        (played_game(seed=2), [YOU, EMMA]),
        (played_game(seed=3), emma_first),
        (played_game(seed=4), [YOU, RANDOM]),
        (played_game({"preset": "classic", "lucky_draw": False}, seed=5), [YOU, EMMA]),
        (played_game({"preset": "nordic", "ask": "card"}, seed=6), [YOU, RANDOM]),
        (played_game("bicycle", players=3, seed=6), [YOU, RANDOM, EMMA]),
        (_tied_nordic_game(), [YOU, EMMA]),
        (played_game(seed=7), [RANDOM, EMMA]),  # no human: only in the all-seats stats
        (played_game(seed=8, asks=3), [YOU, EMMA]),  # unfinished: never counted
    ]


def _label(game: gofish.Game) -> str:
    options = game.rules.options(game.num_players)
    if not options:
        return game.rules.preset
    return game.rules.preset + " (" + ", ".join(
        f"{k}={str(v).lower()}" for k, v in options.items()) + ")"


def _expected(games: list[tuple[gofish.Game, list[dict[str, Any]]]],
              human_only: bool) -> dict[tuple[str, tuple[str, ...], str], list[int]]:
    """games, wins, losses, shared wins, books per (player, opponents, rules)."""
    expected: dict[tuple[str, tuple[str, ...], str], list[int]] = defaultdict(lambda: [0] * 5)
    for game, seats in games:
        if not game.is_over:
            continue
        assert game.winners is not None
        who = [seat["bot"] or HUMAN for seat in seats]
        for index, identity in enumerate(who):
            if human_only and identity != HUMAN:
                continue
            opponents = tuple(sorted(who[:index] + who[index + 1:]))
            tally = expected[(identity, opponents, _label(game))]
            tally[0] += 1
            won = index in game.winners
            tally[1] += won and len(game.winners) == 1
            tally[2] += not won
            tally[3] += won and len(game.winners) > 1
            tally[4] += len(game.books[index])
    return expected


@pytest.fixture
def filled(store: Store) -> tuple[Store, list[tuple[gofish.Game, list[dict[str, Any]]]]]:
    games = _games()
    for game, seats in games:
        store.save(gofish.game_to_record(game), seats=seats)
    return store, games


@pytest.mark.parametrize("human_only", [True, False])
def test_stats_match_an_independent_count(filled: Any, human_only: bool) -> None:
    store, games = filled
    rows = store.stats(human_only=human_only)
    got = {(r.player, r.opponents, r.rules): [r.games, r.wins, r.losses, r.shared_wins, r.books]
           for r in rows}
    assert got == dict(_expected(games, human_only))
    for row in rows:
        assert row.wins + row.losses + row.shared_wins == row.games
        # A shared win counts as a win (R10), as on the browser's Stats page.
        assert row.win_rate == pytest.approx((row.wins + row.shared_wins) / row.games)
        assert row.books_per_game == pytest.approx(row.books / row.games)


def test_human_stats_cover_every_finished_human_game(filled: Any) -> None:
    store, _ = filled
    rows = store.stats()
    assert sum(r.games for r in rows) == 8  # 10 games less the bot-only and unfinished ones
    assert {r.player for r in rows} == {HUMAN}
    against_emma = [r for r in rows if r.opponents == ("emma",) and r.rules == "classic"]
    assert len(against_emma) == 1 and against_emma[0].games == 3
    tied = [r for r in rows if r.rules == "nordic"]
    assert len(tied) == 1 and tied[0].shared_wins == 1 and tied[0].wins == 0  # R10
    # The shared win is a win in the rate (R10), as the browser's Stats page has it.
    assert tied[0].win_rate == pytest.approx(1 / tied[0].games)
    assert tied[0].to_dict()["win_rate"] == pytest.approx(1 / tied[0].games)


def test_results_over_time(filled: Any) -> None:
    store, games = filled
    points = store.results_over_time()
    human_games = [(g, s) for g, s in games if g.is_over and any(x["bot"] is None for x in s)]
    assert len(points) == len(human_games)
    assert [p.finished_at for p in points] == sorted(p.finished_at for p in points)
    for point, (game, seats) in zip(points, human_games, strict=True):
        seat = next(i for i, s in enumerate(seats) if s["bot"] is None)
        assert game.winners is not None
        assert point.won == (seat in game.winners)
        assert point.books == len(game.books[seat])
        assert point.rules == _label(game)


def test_no_games_no_rows(store: Store) -> None:
    assert store.stats() == []
    assert store.results_over_time() == []
