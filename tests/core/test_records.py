"""Game records (RULES.md "Game records"): export, import, replay and its error shapes."""

from __future__ import annotations

import json
import pickle
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
        # a 400-digit seat was quoted whole (JSON reads numbers up to 4,300 digits)
        ({"player": 10**400, "target": 1, "rank": "9"}, "it is player 0's turn, not player 1000"),
        ({"player": 0, "target": 10**400, "rank": "9"}, "no player 1000"),
        ({"player": True, "target": 1, "rank": "9"}, "player must be a seat number, not true"),
        ({"player": 0, "target": 0, "rank": "9"}, "player 0 cannot ask themselves"),
        ({"player": 0, "target": 1, "rank": "X"}, "rank must be one of A 2 3"),
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
    assert len(result["error"]) < 200  # a value is quoted cut short, however long


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


@pytest.mark.parametrize(
    ("field", "message"),
    [
        ("actions", "'actions' must be a list of actions, not null"),  # was taken as []
        ("first_player", "first_player must be a seat from 0 to 1, not null"),  # JSON words
    ],
)
def test_a_null_field_is_refused_not_taken_for_its_default(field: str, message: str) -> None:
    # RULES.md "Game records": only a field left out takes its default; null is a wrong value.
    assert replay_record(_record(**{field: None})) == {
        "ok": False, "action_index": None, "error": message,
    }


def test_a_null_hand_size_in_the_rules_is_refused_not_taken_for_the_preset_deal() -> None:
    # RULES.md house rules: hand_size is 1-13. null replayed ok as the preset's deal, a game
    # another reader of the record could refuse or deal differently.
    record = _record(rules={"preset": "classic", "hand_size": None})
    assert replay_record(record) == {
        "ok": False, "action_index": None,
        "error": "hand_size must be a whole number from 1 to 13, not null",
    }
    assert replay_record(_record(rules={"preset": "classic", "hand_size": 3}))["ok"] is True


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("preset", None, "unknown preset null: choose classic, bicycle or nordic"),
        ("preset", True, "unknown preset true: choose classic, bicycle or nordic"),
        ("lucky_draw", None, "lucky_draw must be true or false, not null"),
        ("refill", False, "refill must be one of hand, card, turn, none, not false"),
        ("end", None, "end must be one of all-books, first-empty, not null"),
        ("hand_size", True, "hand_size must be a whole number from 1 to 13, not true"),
        ("book_size", None, "book_size must be 4 (books) or 2 (pairs), not null"),
        ("ask", True, "ask must be one of rank, card, not true"),
    ],
)
def test_a_bad_rules_value_in_a_record_is_named_in_json_words(
    field: str, value: object, message: str
) -> None:
    # RULES.md "Game records" is JSON: its writer wrote null or true, not Python's None or True.
    rules: dict[str, object] = {"preset": "classic", field: value}
    line = json.dumps(_record(rules=rules))
    assert replay_line(line) == {"ok": False, "action_index": None, "error": message}


@pytest.mark.parametrize(("value", "word"), [(None, "null"), (True, "true"), (False, "false")])
def test_bad_players_or_rules_in_a_record_are_named_in_json_words(value: object, word: str) -> None:
    assert replay_record(_record(players=value))["error"] == (
        f"the number of players must be a whole number, not {word}"
    )
    assert replay_record(_record(rules=value))["error"] == (
        f"rules must be a preset name or an object with a 'preset', not {word}"
    )


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ({"player": "0", "target": 1, "rank": "9"}, "player must be a seat number, not '0'"),
        ({"player": 0.0, "target": 1, "rank": "9"}, "player must be a seat number, not 0.0"),
        ({"player": None, "target": 1, "rank": "9"}, "player must be a seat number, not null"),
        ({"player": 0, "target": "1", "rank": "9"}, "target must be a seat number, not '1'"),
        ({"player": 0, "target": [1], "rank": "9"}, "target must be a seat number, not [1]"),
        ({"player": 0, "target": False, "rank": "9"}, "target must be a seat number, not false"),
    ],
)
def test_a_seat_of_the_wrong_type_is_named_as_such(action: object, message: str) -> None:
    # The string "0" used to get "it is player 0's turn, not player 0's".
    assert replay_record(_record(actions=[action])) == {
        "ok": False, "action_index": 0, "error": message,
    }


@pytest.mark.parametrize("rank", ["1", "ace", "Ace", "nine", 9, 1, 9.0, True, None, ["9"], " 9"])
def test_a_record_rank_must_be_written_as_in_the_deck(rank: object) -> None:
    # RULES.md "Game records": ranks as the cards write them (A, 2..10, J, Q, K); the
    # spellings people may type at the table ("1", "ace", 1) are not part of the format.
    result = replay_record(_record(actions=[{"player": 0, "target": 1, "rank": rank}]))
    assert result["ok"] is False and result["action_index"] == 0
    assert result["error"].startswith("rank must be one of A 2 3 4 5 6 7 8 9 10 J Q K, not ")


@pytest.mark.parametrize("rank", ["10", "T", "t"])
def test_a_record_rank_reads_like_the_rank_of_a_card(rank: str) -> None:
    # Cards in a record may use T for 10 and lower case (RULES.md), so its ranks may too.
    record = _record(deck=stack(["10 10 K", "10 2 3"]),
                     actions=[{"player": 0, "target": 1, "rank": rank}])
    game = game_from_record(record)
    assert game.actions == ((0, gofish.Ask.of(1, gofish.Rank.TEN)),)
    assert [card.rank for card in game.hand(0)].count(gofish.Rank.TEN) == 3  # a hit


@pytest.mark.parametrize(
    ("suit", "message"),
    [
        ("♦", "suit must be one of S H D C, not '♦'"),
        ("diamonds", "suit must be one of S H D C, not 'diamonds'"),
        (3, "suit must be one of S H D C, not 3"),
    ],
)
def test_a_record_suit_must_be_a_suit_letter(suit: object, message: str) -> None:
    record = _record(rules={"preset": "classic", "ask": "card"},
                     actions=[{"player": 0, "target": 1, "rank": "9", "suit": suit}])
    assert replay_record(record) == {"ok": False, "action_index": 0, "error": message}
    lower = dict(record, actions=[{"player": 0, "target": 1, "rank": "9", "suit": "d"}])
    assert game_from_record(lower).actions == ((0, gofish.Ask.of(1, "9", "D")),)


def test_a_null_suit_names_no_suit_as_the_events_write_it() -> None:
    with_null = _record(actions=[{"player": 0, "target": 1, "rank": "9", "suit": None}])
    assert replay_record(with_null) == replay_record(_record())
    assert replay_record(_record())["ok"] is True


@pytest.mark.parametrize(
    ("deck", "kind"),
    [
        ({str(c): i for i, c in enumerate(gofish.FULL_DECK)}, "an object"),  # replayed as ok
        (None, "null"),
        (52, "a number"),
    ],
)
def test_a_record_deck_must_be_a_json_array(deck: object, kind: str) -> None:
    assert replay_record(_record(deck=deck)) == {
        "ok": False, "action_index": None,
        "error": f"a deck must be a list of 52 cards in dealing order, not {kind}",
    }


def test_a_position_game_refuses_to_make_a_record() -> None:
    # A from_position game was never dealt (R2): its "deck" is only the position's cards,
    # and its record replayed as ok to a different game. Now it is refused outright.
    game = gofish.new_game("classic", 2, seed=1)
    position = gofish.Game.from_position("classic", 2, [game.hand(0), game.hand(1)],
                                         game.pond(), [[], []], game.current_player)
    assert game.recordable and not position.recordable and not position.clone().recordable
    unpickled = pickle.loads(pickle.dumps(position))  # as tournament --jobs passes games
    for export in (position.to_record, lambda: gofish.game_to_record(position),
                   position.clone().to_record, unpickled.to_record):
        with pytest.raises(gofish.MalformedInputError, match=r"set up with Game\.from_position"):
            export()
    assert game.clone().to_record() == game.to_record()


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
        ("[" * 100_000, "the line cannot be read: its lists and objects are nested too "
                        "deeply"),  # too deep for the parser, before it sees the end
        # A string left open, with its line's end: not "Invalid control character" (the
        # newline), nor json's "Unterminated string": the line is cut off there.
        ('{"bad json\n', "the line is not valid JSON: it is cut off, ending before"),
        ('{"bad json\r\n', "the line is not valid JSON: it is cut off, ending before"),
        (b'{"bad json\n', "the line is not valid JSON: it is cut off, ending before"),
        # An integer too long to read: Python's own words said to call
        # sys.set_int_max_str_digits(), which a record's writer cannot.
        ("9" * 5000, "the line cannot be read: a number in it has too many digits"),
        ('{"players": ' + "9" * 5000 + "}",
         "the line cannot be read: a number in it has too many digits"),
        ("null", "a record must be a JSON object, not null"),  # was "not NoneType"
        ("true", "a record must be a JSON object, not true"),
        ("7.5", "a record must be a JSON object, not a number"),
        ('{"rules": "classic", "players": 2, "deck": ' + json.dumps(
            [str(c) for c in gofish.FULL_DECK]) + ', "actions": "none"}',
         "'actions' must be a list of actions, not a string"),
    ],
)
def test_replay_line_turns_anything_that_is_not_a_record_into_an_error_object(
    line: str | bytes, message: str
) -> None:
    result = replay_line(line)
    assert result["ok"] is False and result["action_index"] is None
    assert message in result["error"]


def test_replay_line_of_an_exported_game_gives_its_snapshot() -> None:
    game = gofish.new_game("bicycle", players=4, seed=11)
    for _ in range(10):
        game.play(game.legal_actions()[-1])
    assert replay_line(json.dumps(game.to_record())) == snapshot(game)


@pytest.mark.parametrize("players", ["9" * 4000, "-" + "9" * 4000])
def test_a_player_count_thousands_of_digits_long_is_not_echoed_whole(players: str) -> None:
    # RULES.md "Game records": a record at fault says what is wrong, in a result a person
    # reads. JSON reads a count of 4,000 digits, and its error echoed every one of them,
    # where a seat or a hand size that long is cut short.
    line = json.dumps(_record()).replace('"players": 2', f'"players": {players}')
    result = replay_line(line)
    assert result["ok"] is False and result["action_index"] is None
    sign = "-" if players.startswith("-") else ""
    assert result["error"] == (f"{sign}999999999999… (4,000 digits) players cannot play: "
                               "every rule set takes 2 to 5 players")


def test_a_line_starting_with_a_byte_order_mark_is_refused_in_plain_words() -> None:
    # Two files joined (the second saved by Notepad): its first line starts with a mark.
    # The error was Python's advice to its programmer, "decode using utf-8-sig".
    line = "\ufeff" + json.dumps(_record())
    assert replay_line(line) == {
        "ok": False, "action_index": None,
        "error": "the line is not valid JSON: it starts with a byte order mark (U+FEFF), "
                 "which belongs only before the first line of a file"}


@pytest.mark.parametrize(("line", "message"), [
    (b'{"rules": "\xff"}', "the line is not valid UTF-8 (byte 0xff at position 11)"),
    (b"\x80", "the line is not valid UTF-8 (byte 0x80 at position 0)"),
    (b"\xff\xfe{", "the line is not valid UTF-16-LE (byte 0x7b at position 2)"),
])
def test_a_line_of_bytes_that_are_not_text_says_so(line: bytes, message: str) -> None:
    # replay_line reads bytes, as json.loads does; bytes it could not decode were said to
    # hold "a number with too many digits", the other ValueError it turns into words.
    assert replay_line(line) == {"ok": False, "action_index": None, "error": message}


@pytest.mark.parametrize("word", ["NaN", "Infinity", "-Infinity"])
@pytest.mark.parametrize("field", ["players", "first_player"])
def test_nan_and_infinity_are_no_json_and_said_so(field: str, word: str) -> None:
    # RULES.md "Game records" is JSON, which has no NaN nor Infinity; Python's json reads
    # them, and the record was told "the number of players must be a whole number, not
    # nan", where any other reader of the record finds no JSON at all.
    line = json.dumps(_record()).replace(f'"{field}": ', f'"{field}": {word}, "x": ', 1)
    assert replay_line(line) == {
        "ok": False, "action_index": None,
        "error": f"the line is not valid JSON: {word} is no JSON value (JSON has no NaN or "
                 "infinity)"}
