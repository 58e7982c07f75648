"""An unknown bot is refused in one wording wherever it is named: the command line said
"unknown bot 'emmma': choose one of …; did you mean 'emma'?", a room "unknown bot
'emmma': choose one of random, emma, …" (no hint) and the browser only "unknown opponent
'emmma'". The words come from make_bot; a page is spared where a script's bot plays."""

from __future__ import annotations

import pytest

from gofish.bots import make_bot
from gofish.bots.base import REGISTERED_IN_A_SCRIPT
from gofish.cli import main
from gofish.core import MalformedInputError
from gofish.online.room import RoomError, room_bot
from gofish.web.session import OpponentRefused, _check_opponent


def made_refusal(spec: str) -> str:
    with pytest.raises(MalformedInputError) as refused:
        make_bot(spec)
    return str(refused.value)


@pytest.mark.parametrize(("spec", "hint"), [
    ("emmma", "; did you mean 'emma'?"),
    ("ＥＭＭＡ:memory=2", "; did you mean 'emma'?"),
    ("hal", ""),
])
def test_the_room_the_browser_and_the_command_line_word_an_unknown_bot_alike(
        spec: str, hint: str, capsys: pytest.CaptureFixture[str]) -> None:
    name = spec.split(":")[0].lower()
    words = f"unknown bot {name!r}: choose one of counter, emma, expert, expert-easy, "
    said = made_refusal(spec).removesuffix(f" ({REGISTERED_IN_A_SCRIPT})")
    assert said.startswith(words) and said.endswith(hint or "random"), said
    with pytest.raises(RoomError) as in_a_room:
        room_bot(spec)
    assert in_a_room.value.message == said
    with pytest.raises(OpponentRefused) as in_the_browser:
        _check_opponent(spec, 1)
    assert str(in_the_browser.value) == said  # the rooms' words; the form says whose
    assert in_the_browser.value.option is None  # no option box is at fault
    assert main(["play", "--plain", "--opponents", spec]) != 0
    assert capsys.readouterr().err.startswith(f"gofish play: {said}")
