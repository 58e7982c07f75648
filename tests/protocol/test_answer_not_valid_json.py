"""An answer that opens a JSON object but is not valid JSON is told what json found wrong
(docs/bots-protocol.md, "Failures"). It is the bot's answer written wrong (Python's
``print(move)`` writes a dict with single quotes, a JavaScript object literal leaves its
names bare, a comma too many), not a log line: the hint to move logs to stderr sent its
author looking for a debug print that was not there."""

from __future__ import annotations

import shlex
import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, first_move_failure

from gofish.protocol import BotFailure, ExternalBot

STDOUT_ONLY = "stdout carries protocol lines only"


@pytest.mark.parametrize(
    ("answer_code", "reason"),
    [
        # print(dict): single quotes around every name and text
        ("print(msg['legal'][0], flush=True)",
         "Expecting property name enclosed in double quotes at column 2"),
        ("print('{target: 0, rank: \"A\"}', flush=True)",
         "Expecting property name enclosed in double quotes at column 2"),
        ("print(json.dumps(msg['legal'][0])[:-1] + ',}', flush=True)",
         "Expecting property name enclosed in double quotes at column"),
    ],
)
def test_a_move_that_is_not_valid_json_is_told_why(
    tmp_path: Path, answer_code: str, reason: str
) -> None:
    (tmp_path / "bot.py").write_text(HEADER + f"        {answer_code}\n")
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert "for its move, which is not valid JSON: " + reason in message
    assert STDOUT_ONLY not in message


def test_a_hello_that_is_not_valid_json_is_told_why() -> None:
    hello = "import sys; sys.stdin.readline(); print({'type': 'hello', 'version': 1}, flush=True)"
    with pytest.raises(BotFailure) as failure, \
            ExternalBot(f"{shlex.quote(sys.executable)} -c {shlex.quote(hello)}") as bot:
        bot.start()
    assert ("answered \"{'type': 'hello', 'version': 1}\" for its hello, which is not valid "
            "JSON: Expecting property name enclosed in double quotes at column 2"
            ) in str(failure.value)


def test_a_log_line_is_still_told_to_go_to_stderr(tmp_path: Path) -> None:
    (tmp_path / "bot.py").write_text(HEADER + "        print('thinking...', flush=True)\n")
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert message.endswith(f"answered 'thinking...' instead of a JSON object for its move "
                            f"({STDOUT_ONLY}; write logs and banners to stderr)")


# A note of 150 characters before the fault: the quote shows the answer's first 120.
LONG_NOTE = "'{\"target\": 1, \"note\": \"' + 'x' * 150 + '\"'"


@pytest.mark.parametrize(
    ("rest", "reason", "where"),
    [
        # a comma left out after the long note
        ("' \"rank\": \"A\"}'", "Expecting ',' delimiter at column 176",
         "where it reads '\"rank\": \"A\"}' after '…" + "x" * 38 + "\" '"),
        # a comma too many at the end
        ("', }'", "Expecting property name enclosed in double quotes at column 177",
         "where it reads '}' after '…" + "x" * 37 + "\", '"),
        # cut short after the note
        ("','", "Expecting property name enclosed in double quotes at column 176",
         "where it ends after '…" + "x" * 38 + "\",'"),
    ],
)
def test_a_long_answer_is_quoted_where_it_is_not_valid_json(
    tmp_path: Path, rest: str, reason: str, where: str
) -> None:
    # The message quoted the answer's first 120 characters and named column 176: where
    # the fault was could not be seen.
    (tmp_path / "bot.py").write_text(HEADER + f"        print({LONG_NOTE} + {rest}, flush=True)\n")
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert f"for its move, which is not valid JSON: {reason}, {where}" in message, message
    assert len(message) < 500


def test_a_short_answer_is_not_quoted_twice(tmp_path: Path) -> None:
    (tmp_path / "bot.py").write_text(HEADER + "        print('{\"target\": 1 \"rank\": \"A\"}', "
                                              "flush=True)\n")
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert message.endswith("answered '{\"target\": 1 \"rank\": \"A\"}' for its move, which is "
                            "not valid JSON: Expecting ',' delimiter at column 14")


def test_a_long_answer_is_quoted_where_it_is_not_utf8(tmp_path: Path) -> None:
    # As for JSON: the byte's position was past the quoted part of the line.
    code = ("        sys.stdout.buffer.write(b'{\"target\": 1, \"note\": \"' + b'x' * 150 "
            "+ b'\\xff\"}\\n'); sys.stdout.flush()\n")
    (tmp_path / "bot.py").write_text(HEADER + code)
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert ("answered a line that is not valid UTF-8 for its move (byte 0xff at position 173, "
            "where it reads '\ufffd\"}' after '…" + "x" * 40 + "'): '{\"target\": 1") in message


@pytest.mark.parametrize(
    ("answer_code", "quoted", "kind"),
    [
        # json.dumps(legal): every move in a list, where one move is the answer
        ("print(json.dumps(msg['legal'][:1]), flush=True)", "'[{\"target\": 1, ", "a list"),
        # json.dumps(rank): the rank alone, without its target
        ("print(json.dumps(msg['legal'][0]['rank']), flush=True)", "'\"", "a text"),
    ],
)
def test_a_move_in_the_wrong_shape_of_json_is_told_the_shape(
    tmp_path: Path, answer_code: str, quoted: str, kind: str
) -> None:
    # Such a line is JSON, the answer in the wrong shape: the hint to move logs to stderr
    # sent its author looking for a debug print that was not there.
    (tmp_path / "bot.py").write_text(HEADER + f"        {answer_code}\n")
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert f"answered {quoted}" in message
    assert message.endswith(f"for its move, which is JSON but {kind}, not an object: a move "
                            'is one JSON object, such as {"target": 0, "rank": "Q"}')
    assert STDOUT_ONLY not in message


def test_a_debug_print_of_plain_values_is_still_told_to_go_to_stderr(tmp_path: Path) -> None:
    (tmp_path / "bot.py").write_text(HEADER + "        print('[3, 5]', flush=True)\n")
    message = first_move_failure(f"{sys.executable} {tmp_path / 'bot.py'}")
    assert message.endswith(f"answered '[3, 5]' instead of a JSON object for its move "
                            f"({STDOUT_ONLY}; write logs and banners to stderr)")


def test_a_hello_as_a_list_is_told_the_shape_of_a_hello() -> None:
    hello = ("import json, sys; sys.stdin.readline(); "
             "print(json.dumps([{'type': 'hello', 'version': 1}]), flush=True)")
    with pytest.raises(BotFailure) as failure, \
            ExternalBot(f"{shlex.quote(sys.executable)} -c {shlex.quote(hello)}") as bot:
        bot.start()
    assert str(failure.value).endswith(
        "for its hello, which is JSON but a list, not an object: a hello is one JSON object, "
        'such as {"type": "hello", "name": "mybot", "version": 1}')
