"""A record is read strictly (docs/rules.md, "Records and replay"): a field it does not
have is refused, where a misspelt one was ignored and its default taken, replaying as ok
a game its writer never played."""

from __future__ import annotations

import json
from typing import Any

import pytest

import gofish


def played_record() -> dict[str, Any]:
    game = gofish.new_game("classic", players=2, seed=1)
    for _ in range(3):
        game.play(game.legal_actions()[0])
    return game.to_record()


@pytest.mark.parametrize(("misspelt", "meant"), [("moves", "actions"),
                                                 ("firstPlayer", "first_player")])
def test_a_misspelt_record_field_is_refused_not_replayed_as_its_default(
        misspelt: str, meant: str) -> None:
    record = played_record()
    record[misspelt] = record.pop(meant)
    result = gofish.replay_record(record)
    assert result == {"ok": False, "action_index": None, "error":
                      f"unknown field '{misspelt}' in the record: it has rules, players, "
                      "deck, first_player and actions"}
    with pytest.raises(gofish.RecordError, match=f"unknown field '{misspelt}'"):
        gofish.game_from_record(record)


def test_a_misspelt_action_field_is_refused_at_that_action() -> None:
    # R5: under ask: card a "suite" would have been dropped, the ask read as suitless.
    record = played_record()
    record["actions"][1] = dict(record["actions"][1], suite="H")
    result = gofish.replay_record(record)
    assert result["ok"] is False and result["action_index"] == 1
    assert result["error"] == ("unknown field 'suite' in an action: it has player, target, "
                               "rank and suit")


def test_every_field_the_format_names_still_replays() -> None:
    record = played_record()
    record["actions"][0] = dict(record["actions"][0], suit=None)  # as the events write it
    assert gofish.replay_record(record)["ok"] is True
    assert gofish.replay_record({k: record[k] for k in ("rules", "players", "deck")})["ok"]


def test_a_key_that_is_not_text_is_an_unknown_field_compiled_or_not() -> None:
    # Compiled by mypyc, keys read as str were cast, and a number key was a TypeError.
    assert gofish.replay_record({1: 2}) == {
        "ok": False, "action_index": None,
        "error": "unknown field 1 in the record: it has rules, players, deck, first_player "
                 "and actions"}


@pytest.mark.parametrize("where", ["record", "action"])
def test_a_field_given_twice_is_refused_not_read_as_the_last(where: str) -> None:
    # Python's json kept the last "first_player" (or "rank"), another reader the first:
    # one line, two games. Written by hand here, as json.dumps cannot repeat a key.
    record = played_record()
    action = record["actions"][0]
    if where == "record":
        other = 1 - record["first_player"]
        line = json.dumps(record)[:-1] + f', "first_player": {other}}}'
        key = "first_player"
    else:
        text = json.dumps(action)
        line = json.dumps(dict(record, actions=["ACTION"])).replace(
            '"ACTION"', text[:-1] + ', "rank": "K"}')
        key = "rank"
    result = gofish.replay_line(line)
    assert result == {"ok": False, "action_index": None, "error":
                      f"the line names '{key}' twice in one object: a record gives each "
                      "field once"}
