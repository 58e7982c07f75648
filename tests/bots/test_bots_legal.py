"""Every bot only ever returns a legal ask, in every preset and house rule (R5)."""

from __future__ import annotations

import random
import re

import pytest

import gofish
from gofish.bots import CounterBot, ExpertBot, IsmctsBot, available_bots, bot_turn, make_bot

CONFIGS = [
    ("classic", 2, {}),
    ("classic", 4, {}),
    ("bicycle", 3, {}),
    ("bicycle", 5, {}),
    ("nordic", 2, {}),
    ("nordic", 4, {}),
    ("classic", 2, {"ask": "card"}),  # R5 with suits
    ("classic", 3, {"book_size": 2}),  # pairs
    ("bicycle", 2, {"lucky_draw": False}),
    ("nordic", 3, {"hand_size": 5}),
]
# Small budgets keep the search bots fast here; their defaults are benchmarked in bench/.
OPTIONS: dict[str, dict[str, object]] = {
    "ismcts": {"iterations": 2},
    "ismcts-quick": {"iterations": 2},
}


def bot_names() -> list[str]:
    return [info.name for info in available_bots()]


@pytest.mark.parametrize("name", bot_names())
@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS)
def test_bot_plays_whole_games_with_legal_asks_only(
    name: str, preset: str, players: int, options: dict[str, object]
) -> None:
    rules = gofish.make_rules(preset, **options)
    for seed in range(2):
        game = gofish.new_game(rules, players, seed=seed)
        bots = [make_bot(name, **OPTIONS.get(name, {})) for _ in range(players)]
        rngs = [random.Random(seed * 10 + seat) for seat in range(players)]
        asks = 0
        while game.current_player is not None:
            seat = game.current_player
            action = bot_turn(game, bots[seat], rngs[seat])  # raises on an illegal choice
            assert action in game.legal_actions()
            game.play(action)
            asks += 1
        assert game.is_over and asks > 0


def test_unknown_options_and_bad_knobs_are_refused_clearly() -> None:
    with pytest.raises(ValueError, match="epsilon"):
        make_bot("counter", epsilon=2)
    with pytest.raises(ValueError, match="noise"):
        make_bot("expert", noise=-1)
    with pytest.raises(ValueError, match="iterations"):
        make_bot("ismcts", iterations=0)
    with pytest.raises(ValueError, match="seconds"):
        make_bot("ismcts", seconds="fast")
    with pytest.raises(ValueError, match=r"bot .expert. does not take that option: .*memory"):
        make_bot("expert", memory=3)


@pytest.mark.parametrize(("name", "options", "complaint"), [
    # nan and inf used to pass: nan noise made every score nan (always the first ask),
    # and a nan time limit never ends a search.
    ("expert", {"noise": float("nan")}, "noise must be a finite number at least 0, not nan"),
    ("expert", {"noise": float("inf")}, "noise must be a finite number at least 0, not inf"),
    ("ismcts", {"seconds": float("nan")}, "seconds must be a finite number more than 0"),
    ("ismcts", {"seconds": 0},
     "seconds must be a finite number more than 0 and at most 3600, not 0"),
    ("ismcts", {"seconds": 100_000},
     "seconds must be a finite number more than 0 and at most 3600, not 100000"),
    ("expert", {"infer": "no"}, "infer must be true or false, not 'no'"),
    ("expert", {"weights": 5}, "weights must be a Weights, not 5"),
])
def test_knobs_that_are_not_sensible_numbers_are_refused(
    name: str, options: dict[str, object], complaint: str
) -> None:
    with pytest.raises(ValueError, match=re.escape(complaint)):
        make_bot(name, **options)


def test_knobs_may_be_numpy_numbers_but_not_numpy_truths() -> None:
    # A study sweeping a knob over a numpy array passes np.float32(0.25), np.int64(0).
    np = pytest.importorskip("numpy")
    counter = make_bot("counter", epsilon=np.float32(0.25))
    expert = make_bot("expert", noise=np.int64(0), epsilon=np.int64(1))
    ismcts = make_bot("ismcts", seconds=np.float64(0.5))
    assert isinstance(counter, CounterBot) and counter.epsilon == 0.25
    assert isinstance(expert, ExpertBot) and (expert.noise, expert.epsilon) == (0.0, 1.0)
    assert isinstance(ismcts, IsmctsBot) and ismcts.seconds == 0.5
    with pytest.raises(ValueError, match=r"epsilon must be a number from 0 to 1, not np.True_"):
        make_bot("counter", epsilon=np.bool_(True))
    with pytest.raises(ValueError,
                       match=r"seconds must be a finite number more than 0 and at most 3600, not"):
        make_bot("ismcts", seconds=np.float64("nan"))


def test_a_bot_name_that_is_not_text_is_refused() -> None:
    with pytest.raises(ValueError, match="a bot is named by text, not None"):
        make_bot(None)  # type: ignore[arg-type]


@pytest.mark.parametrize("name", bot_names())
def test_a_bot_offered_only_some_of_the_legal_asks_picks_one_of_those(name: str) -> None:
    # The Bot contract is "return one of legal"; Emma once drew from every rank she held.
    for seed in range(20):
        game = gofish.new_game("classic", 2, seed=seed)
        view = game.view(game.current_player)
        offered = view.legal_actions[-1:]
        bot = make_bot(name, **OPTIONS.get(name, {}))
        assert bot.choose(view, offered, random.Random(seed)) in offered


def test_every_bot_has_a_one_line_description() -> None:
    infos = available_bots()
    assert {"random", "emma", "counter", "expert", "expert-easy", "ismcts"} <= {
        info.name for info in infos
    }
    for info in infos:
        assert info.description and "\n" not in info.description
    strengths = [info.strength for info in infos]
    assert strengths == sorted(strengths)
