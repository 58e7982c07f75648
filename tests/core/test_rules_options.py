"""Rule sets: the three presets, every house-rule option and the combinations refused."""

from __future__ import annotations

import pytest

import gofish
from gofish import MalformedInputError, Rules, make_rules


@pytest.mark.parametrize(
    ("preset", "players", "hand_size"),
    [
        ("classic", 2, 7), ("classic", 3, 5), ("classic", 5, 5),  # seed 000: five-card deal
        ("bicycle", 2, 7), ("bicycle", 3, 7), ("bicycle", 4, 5), ("bicycle", 5, 5),
        ("nordic", 2, 7), ("nordic", 5, 7),
    ],
)
def test_each_preset_deals_its_own_hand_size(preset: str, players: int, hand_size: int) -> None:
    game = gofish.new_game(preset, players=players, seed=1)
    assert game.rules.hand_size == hand_size
    assert [e.count for e in game.events if isinstance(e, gofish.Dealt)] == [hand_size] * players
    assert game.pond_size + sum(game.hand_sizes) + 4 * sum(map(len, game.books)) == 52


def test_presets_set_refill_and_end_as_rules_md_says() -> None:
    classic, bicycle, nordic = (make_rules(name) for name in ("classic", "bicycle", "nordic"))
    assert (classic.refill, classic.end) == ("hand", "all-books")  # R11, R14
    assert (bicycle.refill, bicycle.end) == ("turn", "all-books")  # R15-R17
    assert (nordic.refill, nordic.end) == ("none", "first-empty")  # R18, R19
    for rules in (classic, bicycle, nordic):
        assert (rules.lucky_draw, rules.book_size, rules.ask) == (True, 4, "rank")


def test_rules_built_directly_take_the_presets_own_refill_and_end() -> None:
    # Rules("nordic") once carried classic's refill and end under nordic's name, and a
    # game dealt with it refilled hands and played to 13 books (R18, R19 broken).
    for name in ("classic", "bicycle", "nordic"):
        assert Rules(name) == make_rules(name)
    assert Rules("nordic", refill="hand") == make_rules("nordic", refill="hand")
    game = gofish.new_game(Rules("nordic"), 2, seed=1)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    assert 0 in game.hand_sizes or game.pond_size == 0  # R19: ended at the first empty
    assert sum(map(len, game.books)) < 13


def test_house_rules_override_a_preset_from_keywords_or_a_record_object() -> None:
    from_keywords = make_rules("classic", lucky_draw=False, refill="card", book_size=2)
    from_object = make_rules(
        {"preset": "classic", "lucky_draw": False, "refill": "card", "book_size": 2}
    )
    assert from_keywords == from_object
    assert from_keywords.total_books == 26
    assert make_rules(" Nordic ").preset == "nordic"
    assert make_rules(from_object) == from_object


def test_rules_to_json_lists_only_what_differs_from_the_preset() -> None:
    assert make_rules("bicycle").to_json(4) == "bicycle"
    assert make_rules("bicycle", hand_size=5).to_json(4) == "bicycle"  # the preset's own deal
    assert make_rules("bicycle", hand_size=5).to_json(2) == {"preset": "bicycle", "hand_size": 5}
    assert make_rules("nordic", ask="card", lucky_draw=False).to_json(3) == {
        "preset": "nordic", "lucky_draw": False, "ask": "card",
    }


@pytest.mark.parametrize(
    ("spec", "options", "message"),
    [
        ("poker", {}, "unknown preset 'poker': choose classic, bicycle or nordic"),
        ({"preset": 3}, {}, "unknown preset 3"),
        (7, {}, "rules must be a preset name or an object"),
        ("classic", {"jokers": True}, "unknown option 'jokers': the options are lucky_draw"),
        ("classic", {"lucky_draw": "yes"}, "lucky_draw must be true or false, not 'yes'"),
        ("classic", {"lucky_draw": 1}, "lucky_draw must be true or false, not 1"),
        ("classic", {"refill": "half"}, "refill must be one of hand, card, turn, none, not 'half'"),
        ("classic", {"end": "never"}, "end must be one of all-books, first-empty, not 'never'"),
        ("classic", {"ask": "suit"}, "ask must be one of rank, card, not 'suit'"),
        ("classic", {"hand_size": 0}, "hand_size must be a whole number from 1 to 13, not 0"),
        ("classic", {"hand_size": 14}, "hand_size must be a whole number from 1 to 13, not 14"),
        ("classic", {"hand_size": 7.0}, "hand_size must be a whole number from 1 to 13, not 7.0"),
        ("classic", {"hand_size": True}, "hand_size must be a whole number"),
        ("classic", {"book_size": 3}, "book_size must be 4 (books) or 2 (pairs), not 3"),
        ("classic", {"book_size": "2"}, "book_size must be 4 (books) or 2 (pairs), not '2'"),
    ],
)
def test_bad_presets_options_and_values_are_refused_saying_what_is_wrong(
    spec: object, options: dict[str, object], message: str
) -> None:
    with pytest.raises(MalformedInputError) as error:
        make_rules(spec, **options)
    assert message in str(error.value)


def test_refill_none_with_all_books_is_refused_before_the_deal() -> None:
    with pytest.raises(MalformedInputError, match="refill 'none' needs end 'first-empty'"):
        gofish.new_game({"preset": "classic", "refill": "none"}, players=2, seed=1)
    # Nordic's own refill is none: the player changed the end, so that is what is named
    # (it said "refill 'none' needs…", a setting nobody had typed).
    with pytest.raises(MalformedInputError) as error:
        gofish.new_game({"preset": "nordic", "end": "all-books"}, players=2, seed=1)
    assert str(error.value) == (
        "end 'all-books' needs a refill: nordic refills no emptied hand (refill 'none'), so "
        "it could never play again; choose a refill too (hand, card or turn)")


@pytest.mark.parametrize(("players", "hand_size"), [(5, 11), (5, 12), (5, 13)])
def test_dealing_more_cards_than_the_deck_holds_is_refused(players: int, hand_size: int) -> None:
    with pytest.raises(MalformedInputError) as error:
        gofish.new_game({"preset": "classic", "hand_size": hand_size}, players=players, seed=1)
    assert f"cannot deal {hand_size} cards to each of {players} players" in str(error.value)
    assert f"{players * hand_size} cards and the deck holds 52" in str(error.value)


@pytest.mark.parametrize("spec", [{"preset": "nordic", "hand_size": 13},
                                  {"preset": "classic", "hand_size": 13, "end": "first-empty"}])
def test_dealing_the_whole_deck_is_refused_where_an_empty_pond_ends_the_game(
        spec: dict[str, object]) -> None:
    # RULES.md, "House rules": a combination that cannot be played is refused before the
    # deal. Four hands of 13 leave no pond, and R19 ends the game there: it was dealt,
    # recorded, and counted in the stats as a four-way shared win before anyone asked.
    with pytest.raises(MalformedInputError) as error:
        gofish.new_game(spec, players=4, seed=1)
    assert str(error.value) == (
        "cannot deal 13 cards to each of 4 players with end 'first-empty': that is the whole "
        "deck, and with no pond left the game would end before anyone asked")
    for players in (2, 3):  # the same hands with a pond left are a game
        assert not gofish.new_game(spec, players=players, seed=1).is_over


@pytest.mark.parametrize("players", [0, 1, 6, -2, 2.0, "2", True, None])
def test_player_counts_outside_2_to_5_are_refused(players: object) -> None:
    with pytest.raises(MalformedInputError, match="players"):
        gofish.new_game("classic", players=players, seed=1)  # type: ignore[arg-type]


def test_four_players_of_thirteen_cards_is_the_largest_deal_and_leaves_no_pond() -> None:
    game = gofish.new_game({"preset": "bicycle", "hand_size": 13}, players=4, seed=3)
    assert game.pond_size == 0
    assert Rules().preset == "classic"


def test_a_rules_object_without_a_preset_is_refused() -> None:
    # RULES.md "Game records": an object is {"preset": ..., ...house-rule options}.
    with pytest.raises(MalformedInputError, match="needs a 'preset'"):
        make_rules({"lucky_draw": False})
    deck = [str(card) for card in gofish.FULL_DECK]
    result = gofish.replay_record({"rules": {}, "players": 2, "deck": deck})
    assert result == {
        "ok": False,
        "action_index": None,
        "error": "a rules object needs a 'preset' (classic, bicycle or nordic) "
        "beside its house-rule options",
    }
