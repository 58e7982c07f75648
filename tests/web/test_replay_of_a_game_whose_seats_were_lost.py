"""The replay of a game that ``gofish recover`` brought back without any seat's player
(several seats lost, no person's known) is told from no seat, as gofish show tells it:
it was told as seat 1's, "You say: Go fish!", and while unfinished it showed seat 1's
hand as the player's, though which seat was the player's is not known."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.storage.helpers import EMMA, played_game

import gofish
from gofish.storage import open_store
from gofish.storage.store import lost_seat
from gofish.web import create_app

from .test_replay_of_an_unfinished_game import hands_after_each_ask


def replay_of(tmp_path: Path, game: gofish.Game, seats: list[Any]) -> tuple[dict[str, Any],
                                                                            dict[str, Any]]:
    """The API's replay of ``game`` stored with ``seats``, and its record."""
    database = tmp_path / "games.sqlite3"
    record = gofish.game_to_record(game)
    with open_store(database) as store:
        game_id = store.save(record, seats=seats)
    answer = TestClient(create_app(database, pace=0)).get(f"/api/games/{game_id}")
    assert answer.status_code == 200, answer.text
    return answer.json(), record


def told(replay: dict[str, Any]) -> str:
    return "\n".join(line for frame in replay["frames"] for line in frame["text"])


@pytest.mark.parametrize("asks", [None, 6], ids=["finished", "unfinished"])
def test_a_game_whose_every_seat_was_lost_is_told_from_no_seat(tmp_path: Path,
                                                               asks: int | None) -> None:
    replay, record = replay_of(tmp_path, played_game(seed=5, asks=asks),
                               [lost_seat(0), lost_seat(1)])
    text = told(replay)
    assert "you" not in text.lower(), text
    assert "seat 1 (name lost) says" in text, text
    truth = hands_after_each_ask(record)
    for frame, hands in zip(replay["frames"], truth, strict=True):
        # Finished: every hand open, as for any game; unfinished: no seat's is anyone's.
        assert frame["hands"] == (hands if asks is None else [None, None])


def test_the_one_seat_lost_beside_bots_is_still_read_as_the_players(tmp_path: Path) -> None:
    # As gofish history and show read it: the only seat that can have been a person's.
    replay, record = replay_of(tmp_path, played_game(seed=5, asks=6), [lost_seat(0), EMMA])
    assert "You say" in told(replay) or "You ask" in told(replay)
    truth = hands_after_each_ask(record)
    assert [frame["hands"] for frame in replay["frames"]] == [
        [hands[0], None] for hands in truth]
