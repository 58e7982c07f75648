"""A game stored at the terminal may give a searching bot up to an hour a decision
(``gofish play`` allows it); the browser's server takes at most MAX_THINKING_SECONDS, for
a game taken up there as for one dealt there."""

from __future__ import annotations

import contextlib
import json
import sqlite3
from pathlib import Path

from fastapi.testclient import TestClient

from gofish.bots.base import MAX_THINKING_SECONDS
from gofish.core import new_game
from gofish.session import TableSession
from gofish.storage import open_store
from gofish.web import create_app

LONG_THINKER = "ismcts:iterations=1000000000:seconds=3600"


def stored_at_the_terminal(database: Path, *, finished: bool) -> int:
    """A game of the person against LONG_THINKER, as ``gofish play`` stores it; the bot
    moves first, so a resumed game has it think at once."""
    game = new_game("classic", 2, seed=3, first_player=1)
    while finished and not game.is_over:
        game.play(game.legal_actions()[0])
    with open_store(database) as store:
        return store.save(game.to_record(), source="terminal",
                          seats=[{"name": "You", "bot": None},
                                 {"name": "ISMCTS", "bot": LONG_THINKER}])


def test_a_game_whose_bot_thinks_too_long_is_not_resumed_in_the_browser(
    tmp_path: Path,
) -> None:
    # Resumed, the bot thought an hour a decision on the server (a start naming it is
    # refused: at most 5 seconds), holding one of the few threads every table shares.
    database = tmp_path / "games.sqlite3"
    game_id = stored_at_the_terminal(database, finished=False)
    client = TestClient(create_app(database, pace=0))
    for kind in ("resume", "revisit"):  # from the start screen, and a reload of its address
        with client.websocket_connect("/ws/play") as ws:
            ws.send_text(json.dumps({"type": kind, "game_id": game_id, "pace": 0}))
            answer = ws.receive_json()
        assert answer["type"] == "refused", kind
        told = answer["message"]
        assert LONG_THINKER in told and f"at most {MAX_THINKING_SECONDS:g}" in told
        assert f"gofish resume {game_id}" in told  # where it can be played on
    with open_store(database) as store:
        assert store.get(game_id).actions == 0  # left as it was


def test_such_a_game_once_finished_is_still_shown(tmp_path: Path) -> None:
    # Nothing is left to think about: a reload of its table shows it as it ended.
    database = tmp_path / "games.sqlite3"
    game_id = stored_at_the_terminal(database, finished=True)
    client = TestClient(create_app(database, pace=0))
    with client.websocket_connect("/ws/play") as ws:
        ws.send_text(json.dumps({"type": "revisit", "game_id": game_id}))
        assert ws.receive_json()["type"] == "welcome"
        assert ws.receive_json()["state"]["phase"] == "over"


def test_the_games_list_says_which_games_a_browser_cannot_go_on_with(tmp_path: Path) -> None:
    # The start screen and the history offered every unfinished game with one person at
    # it, this one too: opening it was refused. The list now says why, for the pages to
    # leave it out; a finished game is only looked at, so nothing is said of it.
    database = tmp_path / "games.sqlite3"
    slow = stored_at_the_terminal(database, finished=False)
    done = stored_at_the_terminal(database, finished=True)
    with open_store(database) as store:
        emma = store.save(new_game("classic", 2, seed=4).to_record(), source="terminal",
                          seats=[{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}])
    client = TestClient(create_app(database, pace=0))
    rows = {row["id"]: row for row in client.get("/api/games").json()["games"]}
    why = rows[slow]["not_resumable"]
    assert LONG_THINKER in why and f"gofish resume {slow}" in why
    assert rows[done]["not_resumable"] is None
    assert rows[emma]["not_resumable"] is None


def test_the_refusal_names_the_bot_once(tmp_path: Path) -> None:
    # "opponent 'ismcts:…' cannot play here: bot 'ismcts': seconds must be …" named it twice.
    database = tmp_path / "games.sqlite3"
    game_id = stored_at_the_terminal(database, finished=False)
    with TestClient(create_app(database, pace=0)).websocket_connect("/ws/play") as ws:
        ws.send_text(json.dumps({"type": "resume", "game_id": game_id, "pace": 0}))
        told = ws.receive_json()["message"]
    assert told == (f"game {game_id}'s opponent '{LONG_THINKER}' cannot play here: seconds "
                    f"must be at most {MAX_THINKING_SECONDS:g} in a game in the browser (a "
                    "decision is thought out on the server); go on with it at the terminal "
                    f"(gofish resume {game_id})")


def refusals_of_a_stored_bot(tmp_path: Path, spec: str) -> tuple[int, list[str]]:
    """A stored game whose seat 1 was edited by hand to the bot ``spec``, and why it is
    not resumable as the history says, as a resume over the socket says and as the
    terminal says."""
    database = tmp_path / "games.sqlite3"
    game_id = stored_at_the_terminal(database, finished=False)
    with contextlib.closing(sqlite3.connect(database)) as connection, connection:
        connection.execute("UPDATE seats SET bot = ? WHERE seat = 1", (spec,))
    with TestClient(create_app(database, pace=0)) as client:
        row = client.get("/api/games").json()["games"][0]
        with client.websocket_connect("/ws/play") as ws:
            ws.send_text(json.dumps({"type": "resume", "game_id": game_id, "pace": 0}))
            told = ws.receive_json()["message"]
    with open_store(database) as store:
        stored = store.get(game_id)
        at_the_terminal = TableSession.resume_problem(stored.record, stored.seats, game_id)
    return game_id, [row["not_resumable"], told, str(at_the_terminal)]


def test_a_known_bot_with_an_option_it_refuses_is_not_called_missing(tmp_path: Path) -> None:
    # A seat edited by hand to 'counter:epsilon=2' read "needs the bot
    # 'counter:epsilon=2', which is not here", at the terminal and in the browser, of a
    # bot that is here: the option it refuses is what stops the game. The bot is named:
    # the refusal names only its option, which other bots take too.
    game_id, said = refusals_of_a_stored_bot(tmp_path, "counter:epsilon=2")
    assert said == 3 * [f"game {game_id}'s stored opponent 'counter:epsilon=2' cannot play: "
                        "bot option epsilon=2: epsilon must be a number from 0 to 1"]


def test_a_refusal_quoting_the_stored_bot_names_it_once(tmp_path: Path) -> None:
    game_id, said = refusals_of_a_stored_bot(tmp_path, "counter:epsilon")
    assert said == 3 * [f"game {game_id}'s stored opponent cannot play: bot option 'epsilon' "
                        "in 'counter:epsilon' should look like KEY=VALUE, as in "
                        "counter:epsilon=0.3"]
