"""A stored record written another way than gofish writes it, but as RULES.md ("Game
records") allows: ``first_player`` and ``actions`` left out (they default to 0 and none).
Such a row (edited by hand, or written by another program) replays as the same game, so
every command reads it as that game: ``gofish show`` failed with a KeyError traceback on
a record without ``actions``."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.cli import main
from gofish.cli.show import turns
from gofish.storage import Store, open_store
from gofish.storage.fallback import fallback_path

from .helpers import EMMA, YOU


def stored_as(db_path: Path, canonical: dict[str, Any], written: dict[str, Any]) -> int:
    """Save ``canonical`` and overwrite its row's record with ``written``, as by hand."""
    with Store(db_path) as store:
        game_id = store.save(canonical, seats=[YOU, EMMA])
    with sqlite3.connect(db_path) as connection:
        connection.execute("UPDATE games SET record = ? WHERE id = ?",
                            (json.dumps(written), game_id))
    connection.close()
    return game_id


def shown(db_path: Path, game_id: int) -> list[str]:
    with Store(db_path) as store:
        stored = store.get(game_id)
    return [line for turn in turns(stored, all_cards=False) for line in turn]


def test_show_of_a_record_without_actions_tells_the_deal(db_path: Path) -> None:
    # RULES.md: actions default to none, first_player to 0. show checked the record (it
    # replays), then read record["actions"] itself: KeyError, a traceback.
    game = gofish.new_game("classic", players=2, seed=3, first_player=0)
    canonical = gofish.game_to_record(game)
    written = {key: canonical[key] for key in ("rules", "players", "deck")}
    game_id = stored_as(db_path, canonical, written)
    with Store(db_path) as store:
        stored_id = store.save(canonical, seats=[YOU, EMMA])
    assert shown(db_path, game_id) == shown(db_path, stored_id)


def test_show_command_of_a_record_without_actions_exits_0(
    db_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    game = gofish.new_game("nordic", players=2, seed=5, first_player=0)
    canonical = gofish.game_to_record(game)
    game_id = stored_as(db_path, canonical, {key: canonical[key]
                                             for key in ("rules", "players", "deck")})
    assert main(["show", str(game_id), "--delay", "0", "--database", str(db_path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ""
    assert "You are dealt seven cards" in captured.out


def other_spelling(record: dict[str, Any]) -> dict[str, Any]:
    """``record`` as another program may write it (RULES.md): a rules object naming only its
    preset, T for 10 and lower case in cards and ranks, first_player 0 left out."""
    def spelt(text: str) -> str:
        return text.replace("10", "T").lower()

    assert record["first_player"] == 0 and isinstance(record["rules"], str)
    return {
        "rules": {"preset": record["rules"]},
        "players": record["players"],
        "deck": [spelt(card) for card in record["deck"]],
        "actions": [{**action, "rank": spelt(action["rank"])} for action in record["actions"]],
    }


def asked_tens_by(asks: int, rules: str) -> gofish.Game:
    """A game of ``asks`` legal asks, first player 0, at least one of them for 10s."""
    game = gofish.new_game(rules, players=2, seed=8, first_player=0)
    for _ in range(asks):
        legal = game.legal_actions()
        tens = [ask for ask in legal if str(ask.rank) == "10"]
        game.play(tens[0] if tens else legal[0])
    assert any(str(ask.rank) == "10" for _, ask in game.actions)
    return game


@pytest.mark.parametrize("rules", ["classic", "bicycle", "nordic"])
def test_a_game_resumed_from_a_row_spelt_another_way_is_saved_over_it(
    db_path: Path, rules: str
) -> None:
    # Save compared the stored record with the core's spelling of the game field by field:
    # "a different game" (a StorageError, the game not saved) for a rules object or a
    # first_player left out, and a second copy of the game for an ask of "t" for 10s.
    before = asked_tens_by(4, rules)
    game_id = stored_as(db_path, gofish.game_to_record(before),
                        other_spelling(gofish.game_to_record(before)))
    resumed = _resumed_one_ask_on_and_saved(db_path, game_id)
    with Store(db_path) as store:
        assert store.get(game_id).record == gofish.game_to_record(resumed)


def test_a_game_whose_stored_asks_are_spelt_another_way_is_saved_over_them(
    db_path: Path,
) -> None:
    # The deal as the core writes it, the asks not: the stored asks seemed to be moves the
    # record to save lacked, and the game was stored a second time as a new game.
    before = gofish.game_to_record(asked_tens_by(4, "classic"))
    written = {**before, "actions": other_spelling(before)["actions"]}
    game_id = stored_as(db_path, before, written)
    _resumed_one_ask_on_and_saved(db_path, game_id)


def test_a_copy_waiting_in_the_fallback_file_carries_on_a_row_without_actions(
    db_path: Path,
) -> None:
    # Moving the waiting copy in read the row's record["actions"]: a KeyError out of
    # open_store, so every command on the database was a traceback while it waited.
    dealt = gofish.game_to_record(gofish.new_game("classic", players=2, seed=9,
                                                  first_player=0))
    game_id = stored_as(db_path, dealt, {key: dealt[key] for key in
                                         ("rules", "players", "deck", "first_player")})
    later = gofish.game_from_record(dealt)
    later.play(later.legal_actions()[0])
    fallback_path(db_path).write_text(json.dumps(
        {"record": gofish.game_to_record(later), "seats": [YOU, EMMA], "game_id": game_id,
         "source": "terminal", "database": str(db_path)}) + "\n")
    with open_store(db_path) as store:
        assert [game.id for game in store.list_games()] == [game_id]
        assert store.get(game_id).record == gofish.game_to_record(later)
    assert not fallback_path(db_path).exists()


def _resumed_one_ask_on_and_saved(db_path: Path, game_id: int) -> gofish.Game:
    """Resume stored game ``game_id``, play one ask and save it over itself: it must stay
    the one game stored (not "a different game", nor a second copy)."""
    with Store(db_path) as store:
        resumed = store.get(game_id).game()
        resumed.play(resumed.legal_actions()[0])
        assert store.save(gofish.game_to_record(resumed), seats=[YOU, EMMA],
                          game_id=game_id) == game_id
        assert [game.id for game in store.list_games()] == [game_id]
    return resumed


def _waiting_copy(db_path: Path, record: dict[str, Any], game_id: int | None) -> None:
    """``record`` waiting in the fallback file as a copy of stored game ``game_id`` (None:
    a copy whose first save already failed, which has no id)."""
    with fallback_path(db_path).open("a") as file:
        file.write(json.dumps({"record": record, "seats": [YOU, EMMA], "game_id": game_id,
                               "source": "terminal", "database": str(db_path)}) + "\n")


@pytest.mark.parametrize("spelt, with_id", [("every field", True), ("the asks only", False)])
def test_a_waiting_copy_is_compared_with_a_row_spelt_another_way_as_a_save_compares_it(
    db_path: Path, spelt: str, with_id: bool
) -> None:
    # Moving a waiting copy in re-spelt the stored record only when its fields differed
    # from the copy's, while a save compares it as the game it replays to: with the same
    # fields spelt another way ("t" for 10s, lower case), the copy that carries the game
    # on went in as a second game, and one already in as a third.
    before = gofish.game_to_record(asked_tens_by(4, "classic"))
    written = {**other_spelling(before), "first_player": 0}  # the fields gofish writes
    if spelt == "the asks only":
        written = {**before, "actions": written["actions"]}
    game_id = stored_as(db_path, before, written)
    later = gofish.game_from_record(before)
    later.play(later.legal_actions()[0])
    copy_of = game_id if with_id else None
    _waiting_copy(db_path, before, copy_of)  # already in: the stored game begins so
    _waiting_copy(db_path, gofish.game_to_record(later), copy_of)
    with open_store(db_path) as store:
        assert [game.id for game in store.list_games()] == [game_id]
        assert store.get(game_id).record == gofish.game_to_record(later)
    assert not fallback_path(db_path).exists()


def test_resume_finds_the_longer_waiting_copy_of_a_row_spelt_another_way(
    db_path: Path,
) -> None:
    # Resume looks for a longer copy of the game waiting in the fallback file (played on
    # while the database could not take it); it compared the row as written, missed the
    # copy, and the moves kept in it were played again.
    before = gofish.game_to_record(asked_tens_by(4, "classic"))
    game_id = stored_as(db_path, before, other_spelling(before))
    later = gofish.game_from_record(before)
    later.play(later.legal_actions()[0])
    _waiting_copy(db_path, gofish.game_to_record(later), game_id)
    with Store(db_path) as store:  # not open_store: the copy is to wait, not move in
        assert store.waiting_record(store.get(game_id)) == gofish.game_to_record(later)
