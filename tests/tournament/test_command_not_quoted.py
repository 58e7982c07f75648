"""``gofish tournament emma cmd:python mybot.py`` without quotes: the shell hands the
script over as a bot of its own, and it was refused as "unknown bot 'mybot.py' … (an
external program is written cmd:PROGRAM [ARGS…])", which the command was. It is now told
that a command and its arguments are one BOT, in quotes."""

from __future__ import annotations

import pytest

from gofish.cli import main


@pytest.mark.parametrize(
    ("bots", "told"),
    [
        (["emma", "cmd:python", "examples/mybot.py"],
         "unknown bot 'examples/mybot.py', after cmd:python: a command and its arguments are "
         "one BOT, in quotes, as in 'cmd:python examples/mybot.py'"),
        (["cmd:python3", "mybot.py", "random"],
         "unknown bot 'mybot.py', after cmd:python3: a command and its arguments are one BOT, "
         "in quotes, as in 'cmd:python3 mybot.py'"),
    ],
)
def test_a_script_after_its_program_is_told_to_be_quoted_with_it(
        capsys: pytest.CaptureFixture[str], bots: list[str], told: str) -> None:
    assert main(["tournament", *bots, "--games", "2"]) == 2
    assert capsys.readouterr().err == f"gofish tournament: {told}\n"


def test_a_misspelt_bot_after_a_program_is_still_offered_the_near_name(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "cmd:python3 mybot.py", "emmma", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("gofish tournament: unknown bot 'emmma': choose one of ")
    assert err.endswith("did you mean 'emma'?\n")
