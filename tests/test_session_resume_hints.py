"""A games database whose name starts with a dash (``--database=-games.db``): the command a
hint names, pasted back, read the path as an option ("--database: expected one argument")
and found no game. The hint now joins the option and such a path with ``=``."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

from gofish.cli import build_parser, main
from gofish.core import make_rules
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store

DASHED = "-games.sqlite3"


def _parsed_database(command: str) -> str:
    """The --database of ``command`` (gofish …) as gofish's own parser reads it."""
    words = shlex.split(command)
    assert words[0] == "gofish"
    args, unknown = build_parser().parse_known_args(words[1:])
    assert not unknown
    return str(args.database)


def test_the_resume_hint_names_a_dashed_database_so_that_it_parses(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("GOFISH_DB", str(tmp_path / "default.sqlite3"))
    settings = TableSettings(rules=make_rules("classic"), seed=3)
    session = TableSession.deal(settings, open_store(DASHED))
    session.save()
    for plain in (False, True):
        assert _parsed_database(session.resume_command(plain)) == DASHED


def test_a_hint_naming_another_command_parses_with_a_dashed_database_too(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # resume of a finished game names `gofish show ID` in the database given.
    monkeypatch.chdir(tmp_path)
    settings = TableSettings(rules=make_rules("classic", hand_size=1), seed=3)
    session = TableSession.deal(settings, open_store(DASHED))
    while not session.is_over:
        if session.human_to_act:
            ask = session.game.legal_actions()[0]
            session.ask(ask.target, ask.rank)
        else:
            session.bot_move()
    assert main(["resume", str(session.game_id), "--plain", f"--database={DASHED}"]) == 2
    error = capsys.readouterr().err
    shown = error.split(": ", 2)[2].removesuffix(" replays it\n")
    assert shown.startswith("gofish show ")
    assert _parsed_database(shown) == DASHED
