"""A command is one bot however it is spaced or quoted: its identity is the program and the
arguments it runs. ``cmd:python3  bot.py`` and ``cmd:python3 bot.py`` were two bots (one
program, two rows), while ``cmd:'./bot#1'`` and ``cmd:./bot#1``, also one program, were one
bot named twice."""

from __future__ import annotations

import shlex

import pytest

from gofish.bots.base import CMD_PREFIX
from gofish.tournament import entrant_names
from gofish.tournament.plan import normalize_spec

ONE_PROGRAM = [
    ["cmd:python3  bot.py", "cmd:python3 bot.py", "CMD: 'python3' \"bot.py\" "],
    ["cmd:./bot#1", "cmd:'./bot#1'", 'cmd:"./bot#1"'],
    ["cmd:python3 'my bot.py'", 'cmd:python3 "my bot.py"', "cmd:python3 my\\ bot.py"],
]


@pytest.mark.parametrize("spellings", ONE_PROGRAM)
def test_spellings_of_one_program_are_one_bot(spellings: list[str]) -> None:
    written = {normalize_spec(spec) for spec in spellings}
    assert len(written) == 1
    # Each is written so that it runs what was typed, word for word.
    (spec,) = written
    words = shlex.split(spec[len(CMD_PREFIX):])
    assert all(shlex.split(typed.strip()[len(CMD_PREFIX):]) == words for typed in spellings)


def test_a_word_is_quoted_only_when_it_must_be() -> None:
    assert normalize_spec("cmd:python3   bøt.py  --depth=2") == "cmd:python3 bøt.py --depth=2"
    assert normalize_spec('cmd:python3 "my bot.py"') == "cmd:python3 'my bot.py'"
    assert normalize_spec("cmd:./bot 'it''s'") == "cmd:./bot its"  # what the bot is given
    assert normalize_spec('cmd:./bot "it\'s"') == "cmd:./bot 'it'\"'\"'s'"
    assert normalize_spec("cmd:./bot ''") == "cmd:./bot ''"  # an empty argument is kept


def test_two_spellings_of_one_program_play_as_its_copies() -> None:
    specs = [normalize_spec(spec) for spec in ("cmd:python3  bot.py", "cmd:python3 bot.py")]
    assert entrant_names(specs) == ["cmd:python3 bot.py#1", "cmd:python3 bot.py#2"]
    # A name that ends as a copy's would: its last word quoted, then the copy's number.
    specs = [normalize_spec(spec) for spec in ("cmd:'./bot#1'", "cmd:./bot#1", "cmd:./bot")]
    assert entrant_names(specs) == ["cmd:'./bot#1'#1", "cmd:'./bot#1'#2", "cmd:./bot"]


def test_a_command_that_cannot_be_split_is_kept_as_typed() -> None:
    assert normalize_spec('cmd: ./bot "unclosed ') == 'cmd:./bot "unclosed'
