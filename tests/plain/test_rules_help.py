"""The rules as help screens say them: the game played, house rules included."""

from __future__ import annotations

import pytest

import gofish
from gofish.rules_help import rules_paragraphs


def test_classic_help_names_no_source_document_a_player_would_take_for_their_seed() -> None:
    # It said "Classic Go Fish against Emma (seed 000)" whatever --seed was given.
    text = " ".join(rules_paragraphs(gofish.make_rules("classic"), 2))
    assert "seed" not in text
    assert "your turn ends unless you drew the rank you asked for" in text  # R8: the lucky draw


def test_without_the_lucky_draw_the_help_never_promises_one() -> None:
    # The preset's text promised the lucky draw right above "House rule: no lucky draw".
    for preset in ("classic", "bicycle", "nordic"):
        text = " ".join(rules_paragraphs(gofish.make_rules(preset, lucky_draw=False), 2))
        assert "unless you drew" not in text
        assert "House rule: no lucky draw. Every go fish ends your turn." in text


def test_a_deal_of_one_card_is_said_in_the_singular() -> None:
    # --hand-size 1 read "Each player is dealt 1 cards."
    assert "Each player is dealt 1 card." in rules_paragraphs(
        gofish.make_rules("classic", hand_size=1), 2)
    assert "Each player is dealt 5 cards." in rules_paragraphs(
        gofish.make_rules("classic", hand_size=5), 2)


def test_under_the_pairs_rule_the_help_never_says_four_make_a_book() -> None:
    # The preset's "Four of a rank make a book" stood right above "House rule: pairs. Two
    # of a rank make a book", and the result line said "Pairs decide it".
    for preset in ("classic", "bicycle", "nordic"):
        text = " ".join(rules_paragraphs(gofish.make_rules(preset, book_size=2), 2))
        assert "Four of a rank" not in text and "make a book" not in text
        assert "Two of a rank make a pair, laid down at once." in text
        assert "House rule: pairs. Two of a rank make a pair (26 in the deck)." in text
    classic = rules_paragraphs(gofish.make_rules("classic", book_size=2), 2)
    assert "The game ends when the last pair is laid." in classic  # not "the last book"


def test_a_first_empty_end_is_never_contradicted_by_the_preset() -> None:
    # Bicycle with --end first-empty said "played until every book is down" and then
    # "The game ends the moment any hand or the pond is empty, even mid-turn."
    text = " ".join(rules_paragraphs(gofish.make_rules("bicycle", end="first-empty"), 2))
    assert "until every book is down" not in text
    assert text.startswith("Go Fish for 2 to 5 players. Ask an opponent")
    assert "The game ends the moment any hand or the pond is empty, even mid-turn." in text
    plain = " ".join(rules_paragraphs(gofish.make_rules("bicycle"), 2))
    assert "played until every book is down" in plain


def test_a_house_deal_is_never_contradicted_by_the_preset() -> None:
    # Nordic with --hand-size 5 said "7 cards each" and then "Each player is dealt 5 cards."
    lines = rules_paragraphs(gofish.make_rules("nordic", hand_size=5), 2)
    assert "7 cards" not in " ".join(lines)
    # The name is put in English, as seed 004 does: a newcomer met it untranslated.
    assert lines[0].startswith('Hopp i havet ("jump in the sea", Norway\'s "Go fish!"), '
                               "the Nordic game. Ask an opponent")
    assert "Each player is dealt 5 cards." in lines
    assert "the Nordic game: 7 cards each." in rules_paragraphs(gofish.make_rules("nordic"), 2)[0]


def test_asking_for_a_card_is_never_contradicted_by_the_preset() -> None:
    # Under ask: card the help still said "they hand over every one" and "unless you drew
    # the rank you asked for", right above the house rule: one card, and that very card.
    text = " ".join(rules_paragraphs(gofish.make_rules("classic", ask="card"), 2))
    assert "every one" not in text and "the rank you asked for" not in text
    assert "If they have it, they hand it over and you ask again." in text
    assert "your turn ends unless you drew the very card you asked for" in text  # R8 + ask


def test_the_nordic_help_says_a_lucky_draw_goes_on() -> None:
    # It said only "a miss and you fish a random card from the sea", though a draw of the
    # rank asked for lets the asker go on there too.
    text = rules_paragraphs(gofish.make_rules("nordic"), 2)[0]
    assert "you draw from the sea; your turn ends unless you drew the rank you asked for" in text


def test_under_the_pairs_rule_the_help_never_speaks_of_books() -> None:
    # Bicycle with pairs: "played until every book is down" (R17) and, refilling a turn,
    # "they leave play, keeping their books" (R15), beside "Pairs decide it".
    for preset, options in (("bicycle", {}), ("classic", {"refill": "turn"})):
        text = " ".join(rules_paragraphs(gofish.make_rules(preset, book_size=2, **options), 2))
        assert "book" not in text.lower(), text
        assert "they leave play, keeping their pairs." in text
    bicycle = " ".join(rules_paragraphs(gofish.make_rules("bicycle", book_size=2), 2))
    assert bicycle.startswith("Go Fish for 2 to 5 players, played until every pair is down.")
    books = " ".join(rules_paragraphs(gofish.make_rules("bicycle"), 2))
    assert "keeping their books." in books


def test_the_help_says_what_the_pond_or_sea_is_before_a_newcomer_must_draw_from_it() -> None:
    # R2: the cards left after the deal are the pond (the sea of nordic). The terminal and
    # line-mode help said "you draw from the pond" without ever saying what the pond is.
    for preset, pile in (("classic", "pond"), ("bicycle", "pond")):
        lines = rules_paragraphs(gofish.make_rules(preset), 2)
        assert f"The cards left after the deal lie face down: the {pile}." in lines
    nordic = rules_paragraphs(gofish.make_rules("nordic"), 2)
    assert "The cards left after the deal are spread face down: the sea." in nordic
    assert "The cards left after the deal" in " ".join(
        rules_paragraphs(gofish.make_rules("classic", hand_size=5), 2))


def test_rules_that_cannot_be_played_are_refused_in_words_not_described() -> None:
    # Rules(refill="none") under end all-books, which no table deals, was a KeyError:
    # 'none' from the help's table of refills.
    for rules in (gofish.Rules("bicycle", refill="none"),
                  gofish.make_rules("classic", refill="none")):
        with pytest.raises(gofish.MalformedInputError,
                           match="refill 'none' needs end 'first-empty'"):
            rules_paragraphs(rules, 2)
    nordic_until_all_books = gofish.Rules("nordic", end="all-books")
    with pytest.raises(gofish.MalformedInputError, match="end 'all-books' needs a refill"):
        rules_paragraphs(nordic_until_all_books, 2)
    # Under first-empty no refill ever acts, so "none" is described as the others are.
    assert rules_paragraphs(gofish.Rules("bicycle", refill="none", end="first-empty"), 2)


@pytest.mark.parametrize(("preset", "options", "players", "tie_told"), [
    ("classic", {}, 2, False),  # 13 books between two: one has seven or more
    ("bicycle", {}, 2, False),
    ("bicycle", {}, 3, True),
    ("classic", {"book_size": 2}, 2, True),  # 26 pairs split 13 to 13
    ("nordic", {}, 2, True),  # the first empty hand ends it with books still out
    ("classic", {"end": "first-empty"}, 2, True),
])
def test_r10_a_tie_is_promised_only_where_one_can_happen(
        preset: str, options: dict[str, object], players: int, tie_told: bool) -> None:
    # R10: "Two-player games that play to 13 books cannot tie"; the help said "a tie is a
    # shared win" to every table, the two-player classic game against Emma included.
    text = " ".join(rules_paragraphs(gofish.make_rules(preset, **options), players))
    assert ("a tie is a shared win" in text) is tie_told
    if not tie_told:
        assert "Whoever has the most books wins: 13 books cannot split evenly." in text
