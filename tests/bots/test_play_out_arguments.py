"""play_out refuses a table it cannot play before the first ask: one bot short was an
IndexError after an ask had been played, and a bot's name instead of a bot an
AttributeError ('str' object has no attribute 'choose')."""

from __future__ import annotations

import random

import pytest

import gofish
from gofish.bots import bot_turn, make_bot, play_out
from gofish.core import MalformedInputError


def _rngs(count: int) -> list[random.Random]:
    return [random.Random(seat) for seat in range(count)]


@pytest.mark.parametrize(("bots", "rngs", "message"), [
    ([make_bot("emma")], _rngs(2), "play_out needs bots for each of the game's 2 seats, not 1"),
    ([make_bot("emma")] * 3, _rngs(2), "bots for each of the game's 2 seats, not 3"),
    ([make_bot("emma")] * 2, _rngs(1), "needs rngs for each of the game's 2 seats, not 1"),
    (["emma", "emma"], _rngs(2),
     r"seat 0's bot 'emma' is not a bot \(make_bot makes one from its name\)"),
    ([make_bot("emma")] * 2, [random.Random(1), 7], "seat 1's rng must be a random.Random"),
    (make_bot("emma"), _rngs(2), "needs bots for each of the game's 2 seats, not <"),
])
def test_a_table_play_out_cannot_play_is_refused_before_the_first_ask(
    bots: object, rngs: object, message: str
) -> None:
    game = gofish.new_game("classic", players=2, seed=3)
    with pytest.raises(MalformedInputError, match=message):
        play_out(game, bots, rngs)  # type: ignore[arg-type]
    assert not game.actions  # nothing was played


def test_a_whole_table_still_plays_to_the_end() -> None:
    game = play_out(gofish.new_game("bicycle", players=3, seed=3),
                    [make_bot("emma"), make_bot("counter"), make_bot("random")], _rngs(3))
    assert game.winners


@pytest.mark.parametrize("max_asks", [True, -1, 0, 1.5, "5", None])
def test_a_max_asks_that_is_no_count_is_refused_in_words(max_asks: object) -> None:
    # True was read as 1; -1 and 0 gave "did not end within -1 asks: the bots keep asking
    # in circles" on a fresh game, and 1.5, "5" and None a bare TypeError.
    game = gofish.new_game("classic", 2, seed=1)
    with pytest.raises(MalformedInputError, match="max_asks must be a whole number of at least 1"):
        play_out(game, [make_bot("random")] * 2, _rngs(2), max_asks=max_asks)  # type: ignore[arg-type]
    assert not game.actions


@pytest.mark.parametrize(("wrong", "message"), [
    # Each was an AttributeError: 'NoneType' object has no attribute 'current_player',
    # 'str' object has no attribute 'choose', 'NoneType' object has no attribute 'randrange'.
    ({"game": None}, "^bot_turn needs a Game, not None$"),
    ({"bot": "emma"}, r"^bot_turn: 'emma' is not a bot \(make_bot makes one from its name\): "
                      r"a bot has a choose\(view, legal, rng\) method$"),
    ({"rng": None}, "^bot_turn: the rng must be a random.Random, not None$"),
])
def test_bot_turn_refuses_arguments_of_the_wrong_kind_in_words(
    wrong: dict[str, object], message: str
) -> None:
    game = gofish.new_game("classic", 2, seed=1)
    arguments = {"game": game, "bot": make_bot("random"), "rng": random.Random(1), **wrong}
    with pytest.raises(MalformedInputError, match=message):
        bot_turn(**arguments)  # type: ignore[arg-type]
    assert not game.actions


def test_bot_turn_still_plays_a_turn() -> None:
    game = gofish.new_game("classic", 2, seed=1)
    ask = bot_turn(game, make_bot("emma"), random.Random(1))
    assert ask in game.legal_actions()
