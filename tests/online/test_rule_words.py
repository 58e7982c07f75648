"""The rules in words: the terminal tables and the rooms say each house rule alike."""

from __future__ import annotations

import pytest

from gofish.core import MalformedInputError, Rules, make_rules
from gofish.core.rules import ASK_MODES, END_MODES, PRESET_NAMES, REFILL_MODES
from gofish.online.room import rules_summary
from gofish.session import TableSession, TableSettings, house_rule_names

HOUSE_RULE_VALUES: dict[str, tuple[object, ...]] = {
    "lucky_draw": (True, False),
    "refill": REFILL_MODES,
    "end": END_MODES,
    "hand_size": tuple(range(1, 14)),
    "book_size": (2, 4),
    "ask": ASK_MODES,
}


def _playable(preset: str, name: str, value: object, players: int) -> Rules | None:
    # A few combinations cannot be played (R18 refill none needs end first-empty, or more
    # cards dealt than the deck holds): the flip side is then set so that every value is said.
    fix = {"end": "first-empty"} if (name, value) == ("refill", "none") else {}
    fix |= {"refill": "hand"} if (name, value) == ("end", "all-books") else {}
    rules = make_rules(preset, **{name: value}, **fix)
    try:
        rules.for_players(players)
    except MalformedInputError:
        return None
    return rules


@pytest.mark.parametrize("name", list(HOUSE_RULE_VALUES))
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_the_tables_and_the_rooms_word_every_house_rule_alike(preset: str, name: str) -> None:
    """Each house rule the table names (R11-R19 options on top of a preset) is said in the
    same words in the room's summary, which lists every rule."""
    for value in HOUSE_RULE_VALUES[name]:
        for players in (2, 5):
            rules = _playable(preset, name, value, players)
            if rules is None:
                continue
            settings = TableSettings(rules=rules, players=players, seed=1)
            said = TableSession.deal(settings).house_rules()
            summary = rules_summary(rules, players)
            phrases = said.split(", ") if said else []
            assert house_rule_names(rules, players) == [] or phrases, (rules, players)
            for phrase in phrases:
                assert any(line == phrase or line.endswith(f", {phrase}")
                           for line in summary), (phrase, summary)


def test_the_room_lists_every_rule_even_the_presets_own() -> None:
    summary = rules_summary(make_rules("classic"), 3)
    assert summary == ["classic", "3 players, 5 cards each", "an empty hand draws a full hand",
                       "play until all 13 books are down", "lucky draw", "books of four",
                       "ask for a rank"]


def test_a_pairs_game_at_the_table_says_pairs_the_rooms_way() -> None:
    settings = TableSettings(rules=make_rules("classic", lucky_draw=False, book_size=2,
                                              refill="card"), players=2, seed=1)
    assert TableSession.deal(settings).house_rules() == (
        "no lucky draw, an empty hand draws a single card, pairs instead of books")


def test_a_refill_that_cannot_act_is_not_said_to_refill() -> None:
    # Under end first-empty the first empty hand ends the game (R19) before any refill
    # (R11, R15) could act, yet the table said "nordic rules with house rules (an empty
    # hand draws a full hand)" and the rooms listed classic's refill beside that end.
    nordic_refilled = make_rules("nordic", refill="hand")
    session = TableSession.deal(TableSettings(rules=nordic_refilled, players=2, seed=1))
    assert session.house_rules() is None
    classic_first_empty = make_rules("classic", end="first-empty")
    summary = rules_summary(classic_first_empty, 2)
    assert "no refill" in summary and not [line for line in summary if "draws" in line]
    session = TableSession.deal(TableSettings(rules=classic_first_empty, players=2, seed=1))
    assert session.house_rules() == "ends at the first empty hand or pond"
