"""gofish play tells a returning player that their last unfinished game is still kept, and
the command that picks it up: it dealt a new game and said nothing of the old one."""

from __future__ import annotations

import shlex
from pathlib import Path

from tests.plain.test_plain import gofish
from tests.tui.helpers import make_app, run_app, screen_text
from textual.pilot import Pilot

from gofish.core import game_to_record, make_rules, new_game
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store
from gofish.tui import GoFishApp

NOTICE = "Your unfinished game"


def transcript(tmp_path: Path, *words: str) -> str:
    """The standard output of ``gofish WORDS`` in the line mode, quitting at once."""
    done = gofish(list(words), "quit\n", tmp_path / "default.db")
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_play_names_the_game_left_unfinished_and_the_command_that_resumes_it(
        tmp_path: Path) -> None:
    database = str(tmp_path / "mine.db")
    first = transcript(tmp_path, "play", "--plain", "--seed", "3", "--database", database)
    assert NOTICE not in first  # nothing was waiting
    assert "Emma plays first." in first  # so the game left has a move: resume says so
    second = transcript(tmp_path, "play", "--plain", "--seed", "4", "--database", database)
    [notice] = [line for line in second.splitlines() if line.startswith(NOTICE)]
    command = notice.split(" is kept: ", 1)[1].removesuffix(" picks it up later.")
    assert notice.startswith(f"{NOTICE} 1 is kept: ")
    words = shlex.split(command)
    assert words == ["gofish", "resume", "1", "--plain", "--database", database]
    resumed = transcript(tmp_path, *words[1:])  # pasted back, it finds that game
    assert "Resuming game 1." in resumed


def test_a_finished_game_or_one_without_a_seat_for_a_person_is_not_named(
        tmp_path: Path) -> None:
    database = tmp_path / "mine.db"
    with open_store(database) as store:
        bots_only = TableSettings(rules=make_rules("classic"), players=2,
                                  opponents=("emma",), seed=5)
        session = TableSession.deal(bots_only, store)
        seats = [{"name": "Emma", "bot": "emma"}, {"name": "Emma 2", "bot": "emma"}]
        store.save(game_to_record(session.game), seats=seats)  # by bots alone, through the API
        finished = new_game(make_rules("classic"), 2, seed=3)
        while not finished.is_over:
            finished.play(finished.legal_actions()[0])
        store.save(game_to_record(finished),
                   seats=[{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}])
        assert store.count(finished=True) == 1 and store.count(finished=False) == 1
    shown = transcript(tmp_path, "play", "--plain", "--database", str(database))
    assert NOTICE not in shown


def test_the_table_says_it_in_its_log(tmp_path: Path) -> None:
    app = make_app("classic", seed=3)
    app.session.notice = f"{NOTICE} 7 is kept: gofish resume 7 picks it up later."

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert "gofish resume 7 picks it up later" in " ".join(screen_text(app).split())

    run_app(app, script)
