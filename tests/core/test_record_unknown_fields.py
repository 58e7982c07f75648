"""A record is read strictly (docs/rules.md, "Records and replay"): a field it does not
have is refused, where a misspelt one was ignored and its default taken, replaying as ok
a game its writer never played."""

from __future__ import annotations

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
