"""A long value in a bot's hello (its version) or a long number sent as a rank is quoted in
part, as every other value of an answer is (test_values_shown_short). Before, a hello
whose version was a megabyte of text was repeated in full: the failure message was a
megabyte, printed for every game the bot then forfeited (4.5 MB of output for six games,
as a bot that fails to start forfeits each game quoting its last start's failure). A rank
sent as a 4,000-digit number was quoted whole too, and Infinity or NaN in Python's
spelling (inf, nan) rather than as the bot wrote them."""

from __future__ import annotations

from pathlib import Path

import pytest
from tests.protocol.test_hello_version import hello_failure
from tests.protocol.test_values_shown_short import SHORT_MESSAGE
from tests.protocol.test_values_shown_short import _failure as move_failure


def _version_failure(tmp_path: Path, version: str) -> str:
    """The failure of a bot whose hello carries ``version``, JSON text written as it is."""
    return hello_failure(tmp_path, '{"type": "hello", "name": "v", "version": ' + version + "}")


@pytest.mark.parametrize(("version", "said"), [
    ('"' + "v" * 1_000_000 + '"', 'speaks protocol version "vvv'),
    ("9" * 4_000, "speaks protocol version 999"),
    ("[" + "1, " * 300_000 + "1]", "speaks protocol version [1, 1, 1"),
])
def test_a_long_hello_version_is_quoted_in_part(tmp_path: Path, version: str,
                                                said: str) -> None:
    message = _version_failure(tmp_path, version)
    assert said in message
    assert message.endswith("; this engine speaks 1")
    assert len(message) < SHORT_MESSAGE, message[:SHORT_MESSAGE]


@pytest.mark.parametrize(("rank", "said"), [
    ("10 ** 4_000", "not the number 1000"),
    ("float('inf')", "not the number Infinity"),
    ("float('nan')", "not the number NaN"),
])
def test_a_rank_sent_as_a_long_or_odd_number_is_quoted_in_part(tmp_path: Path, rank: str,
                                                               said: str) -> None:
    message = move_failure(tmp_path, f"{{'target': msg['legal'][0]['target'], 'rank': {rank}}}")
    assert said in message
    assert len(message) < SHORT_MESSAGE, message[:SHORT_MESSAGE]
