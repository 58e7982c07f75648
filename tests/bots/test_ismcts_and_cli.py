"""ISMCTS keeps to its budget and stops when cancelled; imagined positions round-trip;
``gofish bots`` lists bots."""

from __future__ import annotations

import copy
import json
import pickle
import random
import threading
import time

import pytest
from tests.bots.thinking import LONG_THINKER, STOPS_WITHIN, ThinkWatch

import gofish
from gofish.bots import available_bots, make_bot
from gofish.bots.base import cancel_thinking
from gofish.bots.ismcts import IsmctsBot
from gofish.cli import main
from gofish.core import Game


def searched_position(seed: int) -> tuple[Game, gofish.View]:
    """A classic position where ismcts has to search (no certain hit, several ranks)."""
    game = gofish.new_game("classic", 2, seed=seed, first_player=0)
    return game, game.view(0)


def test_iteration_budget_is_an_upper_bound() -> None:
    bot = IsmctsBot(iterations=5, seconds=60.0)
    searched = 0
    for seed in range(6):
        _, view = searched_position(seed)
        bot.choose(view, view.legal_actions, random.Random(seed))
        assert bot.last_iterations <= 5
        searched += bot.last_iterations == 5
    assert searched > 0  # at the first ask there is nothing certain: it searched


def test_time_budget_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    # A clock that moves 10 ms each time it is read, so the count does not depend on
    # how busy the machine is: with 0.2 s to spend, the search must stop near 20 reads.
    import gofish.bots.ismcts as ismcts

    reads = 0

    def clock() -> float:
        nonlocal reads
        reads += 1
        return reads * 0.01

    monkeypatch.setattr(ismcts, "_clock", clock)
    bot = IsmctsBot(iterations=1_000_000, seconds=0.2)
    for seed in range(4):
        _, view = searched_position(seed)
        reads = 0
        bot.choose(view, view.legal_actions, random.Random(seed))
        # Read at 10 ms (deadline 0.21 s) and 20 ms (start), then before each
        # determinization: before the 18th it reads 0.20 s, and 0.20 s + (0.18 s / 17)
        # a determinization would pass the deadline, so it stops after 17.
        assert bot.last_iterations == 17
        assert reads == 2 + 18


def test_a_real_clock_stops_the_search_too() -> None:
    bot = IsmctsBot(iterations=1_000_000, seconds=0.05)
    _, view = searched_position(0)
    started = time.perf_counter()
    bot.choose(view, view.legal_actions, random.Random(0))
    assert bot.last_iterations < 1_000_000
    assert time.perf_counter() - started < 0.05 + 2.0  # generous: a loaded machine stalls


def test_same_seed_same_search() -> None:
    _, view = searched_position(3)
    choices = {
        IsmctsBot(iterations=12, seconds=60.0).choose(view, view.legal_actions,
                                                       random.Random(9))
        for _ in range(2)
    }
    assert len(choices) == 1


def test_position_round_trip_plays_on_exactly_like_the_real_game() -> None:
    # from_position of the true position, then the same asks: identical hands, books, pond.
    game = gofish.new_game("classic", 2, seed=11)
    emma = make_bot("emma")
    rng = random.Random(1)
    for _ in range(10):
        view = game.view(game.current_player)  # type: ignore[arg-type]
        game.play(emma.choose(view, view.legal_actions, rng))
    seat = game.current_player
    assert seat is not None
    copy = Game.from_position(game.rules, 2, [game.hand(0), game.hand(1)], game.pond(),
                              game.books, seat, game.in_play)
    twin = copy.clone()
    while game.current_player is not None:
        action = game.legal_actions()[rng.randrange(len(game.legal_actions()))]
        for other in (copy, twin):
            assert other.legal_actions() == game.legal_actions()
            other.play(action)
        game.play(action)
        for other in (copy, twin):
            assert [other.hand(s) for s in range(2)] == [game.hand(s) for s in range(2)]
            assert other.books == game.books and other.pond() == game.pond()
    assert copy.winners == twin.winners == game.winners


def test_gofish_bots_lists_every_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bots"]) == 0
    lines = capsys.readouterr().out.splitlines()
    names = [info.name for info in available_bots()]
    bot_lines = [line for line in lines if line and not line[0].isspace()]
    assert [line.split()[0] for line in bot_lines[: len(names)]] == names
    assert any("ISMCTS" in line for line in lines)
    # Each bot's options are listed under it: Emma's memory right after Emma.
    emma_at = next(i for i, line in enumerate(lines) if line.startswith("emma "))
    assert lines[emma_at + 1].split()[0] == ":memory=…"
    assert "emma:memory=2" in lines[-1]
    assert main(["bots", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [entry["name"] for entry in listed] == names
    assert all(entry["description"] for entry in listed)
    by_name = {entry["name"]: entry for entry in listed}
    assert set(by_name["expert"]["options"]) == {"epsilon", "noise", "endgame", "infer"}
    assert by_name["random"]["options"] == {}


def test_confidence_is_the_bar_for_overruling_the_favourite() -> None:
    from gofish.bots.ismcts import _confident_best

    favourite, rival = (1, 9), (1, 4)
    # The rival wins 2 of 5 deals more than the favourite: a paired gain of 0.4,
    # about 1.63 standard errors above zero.
    outcomes = {favourite: [0.0, 0.0, 1.0, 1.0, 0.0], rival: [1.0, 1.0, 1.0, 1.0, 0.0]}
    assert _confident_best(favourite, outcomes, confidence=1.5) == rival
    assert _confident_best(favourite, outcomes, confidence=2.0) == favourite
    assert _confident_best(favourite, outcomes, confidence=0.0) == rival


@pytest.mark.parametrize("bad", [-0.5, float("nan"), "high", True])
def test_a_bad_confidence_is_refused_by_name(bad: object) -> None:
    with pytest.raises(ValueError, match="confidence"):
        IsmctsBot(confidence=bad)  # type: ignore[arg-type]


def test_an_unreachable_confidence_asks_as_the_expert_does() -> None:
    expert = make_bot("expert")
    for seed in range(5):
        _, view = searched_position(seed)
        cautious = IsmctsBot(iterations=6, seconds=60.0, confidence=1e9)
        chosen = cautious.choose(view, view.legal_actions, random.Random(seed))
        assert cautious.last_iterations == 6  # it did search, and kept the favourite
        favourite = expert.choose(view, view.legal_actions, random.Random(seed))
        assert chosen.rank == favourite.rank


def test_cancel_stops_a_search_under_way_in_another_thread() -> None:
    # A table leaving a game while ismcts thinks must get its CPU back, not wait 15 s.
    bot = make_bot(LONG_THINKER)
    assert isinstance(bot, IsmctsBot)
    watch = ThinkWatch(bot)
    _, view = searched_position(0)
    chosen: list[gofish.Ask] = []
    thinker = threading.Thread(
        target=lambda: chosen.append(bot.choose(view, view.legal_actions, random.Random(0))),
        daemon=True)
    thinker.start()
    deadline = time.monotonic() + STOPS_WITHIN
    while not watch.searching and time.monotonic() < deadline:
        time.sleep(0.01)
    assert watch.searching
    cancelled_at = time.monotonic()
    bot.cancel()
    thinker.join(timeout=STOPS_WITHIN)
    assert not thinker.is_alive() and time.monotonic() - cancelled_at < STOPS_WITHIN
    assert chosen and chosen[0] in view.legal_actions  # its best so far, a legal ask
    assert 0 < bot.last_iterations < 1_000_000


def test_a_cancelled_bot_asks_at_once_as_the_expert_does() -> None:
    for seed in range(3):
        _, view = searched_position(seed)
        bot = IsmctsBot(iterations=1_000_000, seconds=15.0)
        bot.cancel()
        started = time.perf_counter()
        chosen = bot.choose(view, view.legal_actions, random.Random(seed))
        assert time.perf_counter() - started < STOPS_WITHIN
        assert bot.last_iterations == 0  # no deal searched: the favourite stands
        favourite = make_bot("expert").choose(view, view.legal_actions, random.Random(seed))
        assert (chosen.target, chosen.rank) == (favourite.target, favourite.rank)


def test_an_ismcts_bot_still_pickles_and_copies_with_its_cancel_flag() -> None:
    # A threading.Event for the flag made the bot refuse pickle and deepcopy.
    for cancelled in (False, True):
        bot = IsmctsBot(iterations=5)
        if cancelled:
            bot.cancel()
        for twin in (pickle.loads(pickle.dumps(bot)), copy.deepcopy(bot)):
            assert isinstance(twin, IsmctsBot) and twin._cancelled is cancelled


def test_cancel_thinking_reaches_bots_that_can_stop_and_spares_the_others() -> None:
    searcher = IsmctsBot(iterations=1_000_000, seconds=15.0)
    emma = make_bot("emma")  # no cancel(): a bot following the bare protocol
    cancel_thinking([emma, searcher])
    _, view = searched_position(1)
    searcher.choose(view, view.legal_actions, random.Random(1))
    assert searcher.last_iterations == 0
    assert emma.choose(view, view.legal_actions, random.Random(1)) in view.legal_actions


def test_gofish_bots_says_how_strong_each_bot_is_and_its_name_at_the_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The list was in order, gentlest first, but never said so, nor gave the strength the
    # browser and rooms menus show; and "random" sat at the table as "Randy".
    assert main(["bots"]) == 0
    out = capsys.readouterr().out
    lines = {line.split()[0]: line for line in out.splitlines() if line and not line[0].isspace()}
    assert "(Randy, strength 0)" in lines["random"]
    assert "(Easy Expert, strength 2)" in lines["expert-easy"]
    assert "gentlest first" in out.lower()
