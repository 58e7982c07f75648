"""The expert's endgame search: play-outs from a position (R11, R14) and the bot around them."""

from __future__ import annotations

import random
from typing import Any

import pytest

import gofish
from gofish.bots import IsmctsBot, make_bot, prepare_endgame
from gofish.bots import endgame as endgame_module
from gofish.bots import expert as expert_module
from gofish.bots.belief import Belief, InferringTracker, NoDeterminization
from gofish.bots.common import TrackerCache
from gofish.bots.endgame import EndgameSearch
from gofish.bots.expert import ExpertBot
from gofish.core import Game, View

np = pytest.importorskip("numpy")
pytest.importorskip("numba")

from gofish.sim import kernel, rule_params  # noqa: E402
from gofish.sim.search import rate_asks  # noqa: E402

FIVE, NINE = 5, 9


def two_rank_ending() -> dict[str, object]:
    """Classic, 11 books down (me 5, her 6); left: me 5 9 9 9, her 5 5, pond 5 9.

    Asking her for 5s wins outright: she surrenders both and, her hand empty,
    draws the whole pond (R11), so my turn goes on with every card in sight and
    both last books are mine (7-6). Asking for 9s misses; I win only if I fish
    the 9 (a lucky draw, R8); fishing the 5 passes the turn and she takes both books.
    """
    players = 2
    cnt = np.zeros((players, 14), np.int64)
    cnt[0, FIVE], cnt[0, NINE], cnt[1, FIVE] = 1, 3, 2
    st = np.zeros(kernel.SCALARS, np.int64)
    st[kernel.S_PTR] = kernel.DECK - 2
    st[kernel.S_LAID] = 11
    st[kernel.S_TRACK] = 1
    for rank in range(1, 14):
        if rank not in (FIVE, NINE):
            st[kernel.S_BOOKED + rank] = 4
    deck = np.zeros(kernel.DECK, np.int64)
    deck[-2:] = [FIVE, NINE]
    return {
        "cnt0": cnt,
        "sizes0": np.array([4, 2], np.int64),
        "books0": np.array([5, 6], np.int64),
        "in_play0": np.ones(players, np.int64),
        "st0": st,
        "stamp0": np.zeros((players, 14), np.int64),
        "last0": np.full((players, 14), -1, np.int64),
        "kn0": np.zeros((2 * players, players, 14), np.int64),
        "deck0": deck,
        "prm": rule_params(gofish.make_rules("classic"), players),
        "kinds": np.array([kernel.BOT_COUNTER, kernel.BOT_EMMA], np.int64),
        "me": 0,
    }


def test_play_outs_find_the_ask_that_empties_her_hand_and_takes_the_pond() -> None:
    # R11 (full-hand refill at once), R8 (lucky draw), R14 (the 13th book ends it).
    orders = 400
    totals = np.zeros(2)
    rate_asks(**two_rank_ending(), cand_t=np.array([1, 1], np.int64),
              cand_r=np.array([FIVE, NINE], np.int64), orders=orders, seed=7, margin=0.02,
              totals=totals)
    win_with_five = 1.0 + 0.02 * (7 - 6)
    assert totals[0] / orders == pytest.approx(win_with_five)
    # Asking for 9s: a win (7-6) when the 9 is on top, a loss (5-8) when the 5 is.
    loss = 0.02 * (5 - 8)
    lucky_share = (totals[1] / orders - loss) / (win_with_five - loss)
    assert 0.4 < lucky_share < 0.6


def test_play_outs_use_the_same_pond_orders_for_every_candidate() -> None:
    # The same ask twice must score the same: each pond order is shared by all candidates.
    totals = np.zeros(2)
    rate_asks(**two_rank_ending(), cand_t=np.array([1, 1], np.int64),
              cand_r=np.array([NINE, NINE], np.int64), orders=50, seed=3, margin=0.02,
              totals=totals)
    assert totals[0] == totals[1]


def endgame_positions(count: int, seed: int = 0) -> list[tuple[Game, View]]:
    """Expert-vs-Emma positions with a pond of at most 8 where the expert has a real choice."""
    found: list[tuple[Game, View]] = []
    game_seed = seed
    while len(found) < count:
        game = gofish.new_game("classic", 2, seed=game_seed, first_player=0)
        bots = [ExpertBot(endgame=0), make_bot("emma")]
        rng = random.Random(game_seed)
        game_seed += 1
        while game.current_player is not None:
            seat = game.current_player
            view = game.view(seat)
            if seat == 0 and view.pond_size <= 8 and real_choice(view):
                found.append((game, view))
                break
            game.play(bots[seat].choose(view, view.legal_actions, rng))
    return found


def real_choice(view: View) -> bool:
    scores = ExpertBot(endgame=0).scores(view, view.legal_actions)
    return len(scores) > 1 and max(scores.values()) < ExpertBot().weights.sure


def test_the_search_picks_a_legal_ask_and_the_same_one_for_the_same_stream() -> None:
    for _game, view in endgame_positions(6):
        first = ExpertBot().choose(view, view.legal_actions, random.Random(11))
        again = ExpertBot().choose(view, view.legal_actions, random.Random(11))
        assert first in view.legal_actions
        assert first == again


def test_the_search_overrules_the_one_ask_score_somewhere() -> None:
    # Over a batch of endgames the play-outs disagree with the one-ask score at least
    # once: otherwise the search would be doing nothing.
    differences = 0
    for _game, view in endgame_positions(30, seed=100):
        plain = ExpertBot(endgame=0).choose(view, view.legal_actions, random.Random(1))
        searched = ExpertBot().choose(view, view.legal_actions, random.Random(1))
        differences += plain != searched
    assert differences > 0


def test_the_search_reads_only_the_view() -> None:
    # Its inputs are the view, a tracker of the view, the candidates and a random stream.
    _game, view = endgame_positions(1, seed=7)[0]
    tracker = TrackerCache(InferringTracker).update(view)
    candidates = sorted({(a.target, int(a.rank)) for a in view.legal_actions})
    search = EndgameSearch(deals=4, orders=4)
    assert search.applies(view)
    choice = search.best(view, tracker, candidates, random.Random(5))
    assert choice in candidates
    assert choice == search.best(view, tracker, candidates, random.Random(5))


def test_without_numba_the_expert_keeps_to_its_score(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("gofish.bots.endgame.search_available", lambda: False)
    for _game, view in endgame_positions(10, seed=100):
        plain = ExpertBot(endgame=0).choose(view, view.legal_actions, random.Random(1))
        fallback = ExpertBot().choose(view, view.legal_actions, random.Random(1))
        assert fallback == plain


def test_no_search_with_a_big_pond_or_card_asks() -> None:
    search = EndgameSearch(pond_limit=8)
    opening = gofish.new_game("classic", 2, seed=1).view(0)
    assert opening.pond_size > 8 and not search.applies(opening)
    cards = gofish.new_game(gofish.make_rules("classic", ask="card"), 2, seed=1)
    assert not EndgameSearch(pond_limit=52).applies(cards.view(0))


@pytest.mark.parametrize("bad", [-1, 1.5, "8", True])
def test_a_bad_endgame_knob_is_refused_clearly(bad: object) -> None:
    with pytest.raises(ValueError, match="endgame must be a whole number"):
        ExpertBot(endgame=bad)  # type: ignore[arg-type]


def test_ismcts_leaves_the_endgame_to_the_expert_search() -> None:
    for _game, view in endgame_positions(4, seed=200):
        expected = ExpertBot().choose(view, view.legal_actions, random.Random(3))
        bot = IsmctsBot(iterations=4, seconds=60.0)
        assert bot.choose(view, view.legal_actions, random.Random(3)) == expected
        assert bot.last_iterations == 0  # no tree search of its own
        assert bot.last_playouts == 50 * 20 * len(set(
            (a.target, a.rank) for a in view.legal_actions))


def test_tables_warm_the_search_up_only_for_bots_that_use_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[bool] = []
    monkeypatch.setattr(expert_module, "warm_up_in_background", lambda: started.append(True))
    prepare_endgame([make_bot("emma"), make_bot("counter"), ExpertBot(endgame=0)])
    assert started == []
    prepare_endgame([make_bot("emma"), make_bot("ismcts")])
    assert started == [True]


def test_the_warm_up_runs_a_real_search(monkeypatch: pytest.MonkeyPatch) -> None:
    # It compiles or loads the play-outs by searching: one that returned early (numba
    # thought missing, say) left the first endgame to pay for the compile.
    picks = []
    real_best = EndgameSearch.best

    def recorded(search: EndgameSearch, view: View, tracker: Any, candidates: Any,
                 rng: random.Random) -> Any:
        pick = real_best(search, view, tracker, candidates, rng)
        picks.append((pick, list(candidates)))
        return pick

    monkeypatch.setattr(EndgameSearch, "best", recorded)
    endgame_module.warm_up()
    assert len(picks) == 1
    pick, candidates = picks[0]
    assert pick in candidates


def nordic_endgame_views(seed: int) -> list[View]:
    """Every view of the expert seats (1 and 3) from a pond of 8 down, nordic, 4 seats."""
    game = gofish.new_game("nordic", 4, seed=seed)
    bots = [make_bot("random"), ExpertBot(endgame=0), make_bot("random"), ExpertBot(endgame=0)]
    rng = random.Random(seed)
    views = []
    while game.current_player is not None:
        seat = game.current_player
        view = game.view(seat)
        if seat % 2 and view.pond_size <= 8:
            views.append(view)
        game.play(bots[seat].choose(view, view.legal_actions, rng))
    return views


def test_late_nordic_positions_always_get_a_guess_at_the_hidden_cards() -> None:
    # Seed 147 reaches a pond of 2 where the greedy fill corners itself on the
    # no-whole-book rule (R3) every time in its first 21 attempts; it must still find
    # the deals that exist, and each must keep the hand sizes and the pond size.
    views = nordic_endgame_views(147)
    assert views
    for view in views:
        tracker = TrackerCache(InferringTracker).update(view)
        hands, pond = Belief.from_view(view, tracker).sample(view, random.Random(1))
        assert [len(hand) for hand in hands] == list(view.hand_sizes)
        assert len(pond) == view.pond_size
        for hand in hands:
            counts = [sum(1 for card in hand if card.rank == rank) for rank in range(1, 14)]
            assert max(counts, default=0) < view.rules.book_size


def test_when_no_guess_fits_the_search_keeps_the_favourite(
        monkeypatch: pytest.MonkeyPatch) -> None:
    def no_guess(self: Belief, view: View, rng: random.Random) -> None:
        raise NoDeterminization("none")

    monkeypatch.setattr(Belief, "sample", no_guess)
    _game, view = endgame_positions(1, seed=7)[0]
    tracker = TrackerCache(InferringTracker).update(view)
    candidates = sorted({(a.target, int(a.rank)) for a in view.legal_actions}, reverse=True)
    assert EndgameSearch().best(view, tracker, candidates, random.Random(5)) == candidates[0]
    plain = ExpertBot(endgame=0).choose(view, view.legal_actions, random.Random(1))
    searched = IsmctsBot(iterations=4).choose(view, view.legal_actions, random.Random(1))
    assert searched == plain
