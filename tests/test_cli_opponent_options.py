"""``gofish play --opponents``: an option typed after a comma (``emma:memory=2,memory=3``)
was refused as "unknown bot 'memory=3'", with the list of bots, and nothing said that
options are joined to their bot with ':' or that a comma starts another opponent."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.storage.test_cli_empty_opponent_names import opponents_refused

from gofish.cli import main


@pytest.mark.parametrize(("typed", "said"), [
    ("emma:memory=2,memory=3",
     "--opponents 'emma:memory=2,memory=3': 'memory=3' is an option, not a bot: a comma "
     "starts another opponent, and a bot's options follow its name, each after a ':'; "
     "write emma:memory=2:memory=3 to give it to that emma, or "
     "emma:memory=2,emma:memory=3 for another opponent"),
    ("memory=3",
     "--opponents 'memory=3': 'memory=3' is an option, not a bot: a bot's options follow "
     "its name, each after a ':', as in emma:memory=3 (gofish bots lists them)"),
    ("expert , epsilon=0.3",
     "--opponents 'expert , epsilon=0.3': 'epsilon=0.3' is an option, not a bot: a comma "
     "starts another opponent, and a bot's options follow its name, each after a ':'; "
     "write expert:epsilon=0.3 to give it to that expert, or "
     "expert,expert:epsilon=0.3 for another opponent"),
])
def test_an_option_after_a_comma_is_said_to_be_joined_with_a_colon(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, typed: str, said: str
) -> None:
    assert opponents_refused(typed, tmp_path, capsys) == f"gofish play: {said}\n"


def test_a_bot_with_options_then_another_bot_is_still_taken(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    database = tmp_path / "games.sqlite3"
    typed = ["--opponents", "emma:memory=2,random", "--database", str(database)]
    assert main(["play", "--plain", *typed]) == 0
    assert "is an option, not a bot" not in capsys.readouterr().err
