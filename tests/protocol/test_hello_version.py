"""A hello without its version, or with one of another type, is refused in the bot's own
words: it said "speaks protocol version None" (or '1'), Python's spelling of what a bot in
any language left out or wrote as text."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import children_of_this_process

from gofish.protocol import BotFailure, ExternalBot


def hello_failure(tmp_path: Path, hello: str) -> str:
    """What the bot is told when it answers its hello with the line ``hello``."""
    bot = tmp_path / "bot.py"
    bot.write_text(f"import sys\ninput()\nprint({hello!r}, flush=True)\nsys.stdin.read()\n")
    external = ExternalBot(f"{sys.executable} {bot}", timeout=30)
    with external, pytest.raises(BotFailure) as failure:
        external.start()
    assert children_of_this_process() == []
    return str(failure.value)


def test_a_hello_without_its_version_says_what_to_add(tmp_path: Path) -> None:
    message = hello_failure(tmp_path, '{"type": "hello", "name": "v"}')
    assert message.endswith("answered the hello with '{\"type\": \"hello\", \"name\": \"v\"}', "
                            'which does not say its protocol version (add "version": 1)')


@pytest.mark.parametrize("version", ["null", "2", "true"])  # true == 1 in Python
def test_another_version_is_named_as_written(tmp_path: Path, version: str) -> None:
    message = hello_failure(tmp_path, '{"type": "hello", "name": "v", "version": ' + version + "}")
    assert message.endswith(f"speaks protocol version {version}; this engine speaks 1")


@pytest.mark.parametrize("version", ['"1"', '" 1"'])
def test_the_version_as_text_is_told_to_drop_its_quotes(tmp_path: Path, version: str) -> None:
    # '"1"; this engine speaks 1' left a bot writer to spot the quotes for themselves.
    message = hello_failure(tmp_path, '{"type": "hello", "name": "v", "version": ' + version + "}")
    assert message.endswith(f"speaks protocol version {version}; this engine speaks 1 "
                            "(write the number 1, without quotes)")
