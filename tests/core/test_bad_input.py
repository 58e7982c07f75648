"""Bad input to the library: malformed (never valid) vs illegal now, each with a clear message,
and a refused action leaves the game exactly as it was."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest

import gofish
from gofish import Ask, IllegalActionError, MalformedInputError

from .stacked import ask, deal, stack

FULL = [str(c) for c in gofish.FULL_DECK]


@pytest.mark.parametrize(
    ("deck", "message"),
    [
        (FULL[:51], "a deck must have 52 cards, this one has 51"),
        ([*FULL, "AS"], "a deck must have 52 cards, this one has 53"),
        (["2S", *FULL[1:]], "the deck holds 2S twice"),
        (["1S", *FULL[1:]], "deck position 0: unknown card '1S'"),
        ([*FULL[:10], "", *FULL[11:]], "deck position 10: unknown card ''"),
        ([*FULL[:51], None], "deck position 51: unknown card None"),
        ("AS AH AD", "a deck must be a list of 52 cards"),
    ],
)
def test_new_game_refuses_a_bad_deck_saying_what_is_wrong(deck: object, message: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        gofish.new_game("classic", players=2, deck=deck)  # type: ignore[arg-type]
    assert message in str(error.value)


def _endless_deck() -> Iterator[str]:
    for count in itertools.count():
        if count > 1000:  # fail the test instead of eating memory without end
            raise AssertionError("the deck was read on and on")
        yield "AS"


@pytest.mark.parametrize(
    ("deck", "kind"),
    [
        ({*FULL}, "a set"),  # dealt in hash order, which changes with PYTHONHASHSEED
        (dict.fromkeys(FULL), "a dict"),
        (iter(FULL), "a list_iterator"),
        (_endless_deck(), "a generator"),  # like itertools.cycle, it used to hang
        (52, "an int"),
    ],
)
def test_a_deck_must_be_a_list_or_tuple(deck: object, kind: str) -> None:
    # R2: a stacked deck is dealt in list order, so only an ordered, finite list will do.
    message = f"a deck must be a list of 52 cards in dealing order, not {kind}"
    with pytest.raises(MalformedInputError) as error:
        gofish.new_game("classic", players=2, deck=deck)  # type: ignore[arg-type]
    assert str(error.value) == message
    with pytest.raises(MalformedInputError) as error:
        gofish.Game("classic", 2, deck, 0)  # type: ignore[arg-type]
    assert str(error.value) == message


def test_a_deck_may_be_a_tuple() -> None:
    game = gofish.new_game("classic", players=2, deck=tuple(reversed(FULL)), first_player=0)
    assert [str(card) for card in game.deck] == FULL[::-1]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"first_player": 2}, "first_player must be a seat from 0 to 1, not 2"),
        ({"first_player": -1}, "first_player must be a seat from 0 to 1, not -1"),
        ({"first_player": True}, "first_player must be a seat"),
        ({"seed": 1.5}, "a seed must be a whole number or a string, not 1.5"),
        ({"seed": [1]}, "a seed must be a whole number or a string"),
        ({"rules": "go-fish"}, "unknown preset 'go-fish'"),
        ({"rules": {"preset": "nordic", "sea": "calm"}}, "unknown option 'sea'"),
        ({"players": 1}, "1 player cannot play: every rule set takes 2 to 5 players"),
        ({"players": 6}, "6 players cannot play: every rule set takes 2 to 5 players"),
        # past Python's 4,300-digit limit writing the count was a ValueError, not a refusal
        ({"players": 10**5000}, "that many players cannot play: every rule set takes 2 to 5"),
    ],
)
def test_new_game_refuses_bad_arguments(kwargs: dict[str, object], message: str) -> None:
    arguments: dict[str, object] = {"rules": "classic", "players": 2, "deck": FULL, **kwargs}
    with pytest.raises(MalformedInputError) as error:
        gofish.new_game(**arguments)  # type: ignore[arg-type]
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("target", "rank", "suit", "message"),
    [
        (0, "9", None, "player 0 cannot ask themselves"),
        (1, "Q", None, "player 0 does not hold any Q"),
        (2, "9", None, "player 2 has no cards to ask for"),
        (1, "9", "H", "ask for a rank only: suits are named only under ask: card"),
    ],
)
def test_illegal_asks_are_refused_and_change_nothing(
    target: int, rank: str, suit: str | None, message: str
) -> None:
    game = deal("bicycle", ["9 K", "3 5", "K K"])
    ask(game, 2, "K")  # bicycle: seat 2's surrendered hand stays empty (R15); seat 0 goes on
    assert game.current_player == 0 and game.hand_sizes == (4, 2, 0)
    before = (game.events, game.hand(0), game.hand_sizes, game.pond_size, game.current_player)
    with pytest.raises(IllegalActionError) as error:
        game.play(Ask.of(target, rank, suit))
    assert message in str(error.value)
    assert (game.events, game.hand(0), game.hand_sizes, game.pond_size,
            game.current_player) == before


def test_a_game_over_refuses_every_ask() -> None:
    game = deal("nordic", ["9", "9"])
    ask(game, 1, "9")
    assert game.is_over
    with pytest.raises(IllegalActionError, match="the game is over: no more asks can be made"):
        ask(game, 1, "9")


def test_under_ask_card_a_missing_suit_is_refused() -> None:
    game = deal("classic", ["9S 2", "9H 3"], ask="card")
    with pytest.raises(IllegalActionError, match="under ask: card you must name the suit"):
        game.play(Ask.of(1, "9"))


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Ask.of(5, "9"), "there is no player 5 to ask"),
        (lambda: Ask.of(-1, "9"), "there is no player -1 to ask"),
        (lambda: Ask.of(1, "Z"), "unknown rank 'Z'"),
        (lambda: Ask.of(1, "9", "X"), "unknown suit 'X'"),
        (lambda: Ask.from_dict({"rank": "9"}), "an action needs a 'target' and a 'rank'"),
        (lambda: Ask.from_dict("9"), "an action must be an object, not '9'"),
        # Fields no action has were dropped: a misspelt suit asked for the rank alone.
        (lambda: Ask.from_dict({"target": 1, "rnak": "Q"}),
         "unknown field 'rnak' in an action: it has player, target, rank and suit"),
        (lambda: Ask.from_dict({"target": 1, "rank": "Q", "siut": "H"}),
         "unknown field 'siut' in an action"),
        (lambda: Ask.from_dict({"target": 1, "rank": "Q", 7: "H"}),
         "unknown field 7 in an action"),
    ],
)
def test_malformed_asks_are_refused_before_they_reach_a_game(make: object, message: str) -> None:
    with pytest.raises(MalformedInputError) as error:
        make()  # type: ignore[operator]
    assert message in str(error.value)


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: Ask("1", "9"), "there is no player '1' to ask"),
        (lambda: Ask(True, "9"), "there is no player True to ask"),  # a bool is no seat
        (lambda: Ask(1, 9.0), "unknown rank 9.0"),
        (lambda: Ask(1, "9", 3), "unknown suit 3"),
        (lambda: gofish.Rules(preset="go-fish"), "unknown preset 'go-fish'"),
        (lambda: gofish.Rules(hand_size="7"), "hand_size must be a whole number"),
        (lambda: gofish.Rules(lucky_draw=1), "lucky_draw must be true or false, not 1"),
        (lambda: gofish.Rules(refill=None), "refill must be one of hand, card, turn, none"),
    ],
)
def test_asks_and_rules_built_directly_are_checked_too(make: object, message: str) -> None:
    # Their constructors take any value and refuse a wrong one with the same clear error
    # whether or not mypyc compiled the core (its own check would raise a bare TypeError).
    with pytest.raises(MalformedInputError) as error:
        make()  # type: ignore[operator]
    assert message in str(error.value)


def test_an_ask_built_directly_reads_text_and_equals_the_interned_one() -> None:
    assert Ask(1, "9", "h") == Ask.of(1, gofish.Rank.NINE, gofish.Suit.HEARTS)


def test_play_refuses_something_that_is_not_an_ask() -> None:
    game = gofish.new_game("classic", 2, deck=stack(["9", "8"]), first_player=0)
    with pytest.raises(MalformedInputError, match="an action must be an Ask, not"):
        game.play({"target": 1, "rank": "9"})  # type: ignore[arg-type]


def test_both_kinds_of_error_are_value_errors_with_a_common_base() -> None:
    assert issubclass(MalformedInputError, gofish.GoFishError)
    assert issubclass(IllegalActionError, gofish.GoFishError)
    assert issubclass(gofish.GoFishError, ValueError)
    assert not issubclass(IllegalActionError, MalformedInputError)


def test_check_whole_refuses_bools_fractions_and_numbers_out_of_bounds() -> None:
    from gofish.core import GoFishError, MalformedInputError, check_whole

    assert check_whole("games", 5, 1, 10) == 5
    for value, bounds in ((True, (0, None)), (1.0, (0, None)), ("3", (None, None)),
                          (0, (1, None)), (11, (1, 10))):
        with pytest.raises(MalformedInputError, match="games must be a whole number"):
            check_whole("games", value, *bounds)

    class OtherError(GoFishError):
        pass

    with pytest.raises(OtherError, match=r"shard must be a whole number from 0 to 3, not 5"):
        check_whole("shard", 5, 0, 3, OtherError)


def test_an_action_written_by_to_dict_is_read_back_by_from_dict() -> None:
    for action in (Ask.of(1, "Q"), Ask.of(2, "10", "H")):
        assert Ask.from_dict(action.to_dict()) is action
        assert Ask.from_dict(action.to_dict(player=0)) is action  # the record's form, its asker too
