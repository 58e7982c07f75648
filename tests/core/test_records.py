"""Game records (RULES.md "Game records"): export, import, replay and its error shapes."""

from __future__ import annotations

import json
from typing import Any

import pytest

import gofish
from gofish import RecordError, game_from_record, replay_line, replay_record, snapshot

from .stacked import deal, stack


def _record(**changes: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "rules": "classic",
        "players": 2,
        "deck": stack(["9 9 K", "9 2 3"], pond="4 K 5", first_player=0),
        "first_player": 0,
        "actions": [{"player": 0, "target": 1, "rank": "9"}],
    }
    record.update(changes)
    return record


def test_to_record_has_exactly_the_fields_of_rules_md() -> None:
    game = deal("classic", ["9 9 K", "9 2 3"], pond="4 K 5")
    game.play(gofish.Ask.of(1, "9"))
    record = game.to_record()
    assert list(record) == ["rules", "players", "deck", "first_player", "actions"]
    assert record["rules"] == {"preset": "classic", "hand_size": 3}
    assert record["players"] == 2 and record["first_player"] == 0
    assert record["deck"][:6] == ["9S", "9D", "9H", "2S", "KS", "3S"]
    assert record["actions"] == [{"player": 0, "target": 1, "rank": "9"}]
    assert json.loads(json.dumps(record)) == record


def test_replay_gives_the_ok_object_in_the_exact_shape() -> None:
    result = replay_record(_record(rules={"preset": "classic", "hand_size": 3}))
    assert list(result) == ["ok", "over", "current_player", "pond", "hands", "books", "winners"]
    assert result == {
        "ok": True,
        "over": False,
        "current_player": 0,
        "pond": 46,
        "hands": [["9D", "9H", "9S", "KS"], ["2S", "3S"]],
        "books": [[], []],
        "winners": None,
    }


def test_replay_reports_an_illegal_action_with_its_index() -> None:
    record = _record(
        rules={"preset": "classic", "hand_size": 3},
        actions=[{"player": 0, "target": 1, "rank": "9"}, {"player": 0, "target": 1, "rank": "Q"}],
    )
    assert replay_record(record) == {
        "ok": False, "action_index": 1, "error": "player 0 does not hold any Q",
    }


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"player": 1, "target": 0, "rank": "9"}, "it is player 0's turn, not player 1's"),
        ({"player": True, "target": 1, "rank": "9"}, "it is player 0's turn, not player True's"),
        ({"player": 0, "target": 0, "rank": "9"}, "player 0 cannot ask themselves"),
        ({"player": 0, "target": 1, "rank": "X"}, "unknown rank 'X'"),
        ({"player": 0, "target": 7, "rank": "9"}, "there is no player 7 to ask"),
        ({"player": 0, "target": 1, "rank": "9", "suit": "H"}, "suits are named only"),
        ({"target": 1, "rank": "9"}, "the action has no 'player'"),
        ({"player": 0, "rank": "9"}, "an action needs a 'target' and a 'rank'"),
        (["ask", 1, "9"], "an action must be an object, not an array"),
        (None, "an action must be an object, not null"),  # JSON's words, not Python's None
    ],
)
def test_replay_reports_bad_actions_clearly(action: object, message: str) -> None:
    result = replay_record(_record(actions=[action]))
    assert result["ok"] is False and result["action_index"] == 0
    assert message in result["error"]


def test_replay_refuses_an_action_after_the_game_is_over() -> None:
    record = _record(
        rules="nordic",
        deck=stack(["9"] * 2, first_player=0),
        actions=[{"player": 0, "target": 1, "rank": "9"}, {"player": 1, "target": 0, "rank": "9"}],
    )
    record["rules"] = {"preset": "nordic", "hand_size": 1}
    assert replay_record(record) == {
        "ok": False, "action_index": 1, "error": "the game is already over",
    }


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([1, 2], "a record must be a JSON object, not an array"),
        ("classic", "a record must be a JSON object, not a string"),
        (_record(rules="poker"), "unknown preset 'poker'"),
        (_record(rules={"preset": "classic", "refill": "none"}), "refill 'none' needs end"),
        (_record(rules={"preset": "classic", "jokers": 2}), "unknown option 'jokers'"),
        (_record(rules={"preset": "classic", "hand_size": 0}), "hand_size must be"),
        (_record(players=7), "7 players cannot play"),
        (_record(players=5, rules={"preset": "classic", "hand_size": 11}), "cannot deal 11 cards"),
        (_record(deck=["AS"] * 52), "the deck holds AS twice"),
        (_record(deck=[str(c) for c in gofish.FULL_DECK][:51]), "this one has 51"),
        (_record(deck="AS AH"), "a deck must be a list of 52 cards"),
        (_record(deck=["XX", *[str(c) for c in gofish.FULL_DECK][1:]]), "position 0"),
        (_record(first_player=2), "first_player must be a seat from 0 to 1, not 2"),
        (_record(actions={"player": 0}), "'actions' must be a list"),
        ({"rules": "classic", "deck": []}, "the record has no 'players'"),
        ({"players": 2, "deck": []}, "the record has no 'rules'"),
        ({"players": 2, "rules": "classic"}, "the record has no 'deck'"),
    ],
)
def test_a_record_at_fault_gets_action_index_null_and_says_why(
    record: object, message: str
) -> None:
    result = replay_record(record)
    assert list(result) == ["ok", "action_index", "error"]
    assert result["ok"] is False and result["action_index"] is None
    assert message in result["error"]


def test_record_defaults_first_player_0_and_no_actions() -> None:
    record = {"rules": "bicycle", "players": 3, "deck": [str(c) for c in gofish.FULL_DECK]}
    game = game_from_record(record)
    assert game.first_player == 0 and game.actions == ()
    assert replay_record({**record, "actions": None}) == snapshot(game)


def test_record_accepts_t_and_lower_case_cards() -> None:
    deck = [str(c).replace("10", "T").lower() for c in gofish.FULL_DECK]
    record = {"rules": "classic", "players": 2, "deck": deck}
    assert game_from_record(record).deck == gofish.FULL_DECK


def test_ask_card_actions_carry_the_suit_in_the_record() -> None:
    game = deal("classic", ["9S 2 4", "9H 9D 3"], ask="card")
    game.play(gofish.Ask.of(1, "9", "D"))
    record = game.to_record()
    assert record["actions"] == [{"player": 0, "target": 1, "rank": "9", "suit": "D"}]
    assert replay_record(record) == snapshot(game)


def test_record_error_is_a_malformed_input_error_with_an_index() -> None:
    with pytest.raises(RecordError) as error:
        game_from_record(_record(actions=[{"player": 1, "target": 0, "rank": "9"}]))
    assert isinstance(error.value, gofish.MalformedInputError)
    assert error.value.action_index == 0


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("not json", "the line is not valid JSON"),
        ('{"rules": "classic",', "the line is not valid JSON"),
        ("[" * 100_000, "the line is not valid JSON"),  # nested too deep for the parser
        ("9" * 5000, "the line is not valid JSON"),  # an integer too long to read
        ('{"players": ' + "9" * 5000 + "}", "the line is not valid JSON"),
        ("null", "a record must be a JSON object, not null"),  # was "not NoneType"
        ("true", "a record must be a JSON object, not true"),
        ("7.5", "a record must be a JSON object, not a number"),
        ('{"rules": "classic", "players": 2, "deck": ' + json.dumps(
            [str(c) for c in gofish.FULL_DECK]) + ', "actions": "none"}',
         "'actions' must be a list of actions, not a string"),
    ],
)
def test_replay_line_turns_anything_that_is_not_a_record_into_an_error_object(
    line: str, message: str
) -> None:
    result = replay_line(line)
    assert result["ok"] is False and result["action_index"] is None
    assert message in result["error"]


def test_replay_line_of_an_exported_game_gives_its_snapshot() -> None:
    game = gofish.new_game("bicycle", players=4, seed=11)
    for _ in range(10):
        game.play(game.legal_actions()[-1])
    assert replay_line(json.dumps(game.to_record())) == snapshot(game)
