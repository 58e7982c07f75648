"""What commands print, made readable whatever was typed: one-line messages on standard
error, and tables whose columns line up in a terminal (names in any script)."""

from __future__ import annotations

import errno
import re
import sys
from collections.abc import Collection
from typing import TextIO

from gofish.core.errors import LONGEST_NUMBER_SHOWN, GoFishError, digits_cut
from gofish.textwidth import display_width, padded

_LONG_NUMBER = re.compile(rf"\d{{{LONGEST_NUMBER_SHOWN + 1},}}")
# A byte of an argument that is not UTF-8 reaches Python as a lone surrogate (0xff as
# U+DCFF), shown as "\udcff" by repr() and unprintable as itself: show it as the byte.
# Only an escape repr() wrote: after a backslash that is itself escaped (\\udcff, repr()
# of the text \udcff) it is text.
_NOT_UTF8 = re.compile(r"(?<!\\)((?:\\\\)*)\\udc([89a-f][0-9a-f])|([\udc80-\udcff])")


def brief(message: str) -> str:
    """``message`` made fit to print: a number too long to read (a typo of thousands of
    digits, echoed back) cut to its first digits and its length; a byte that is not UTF-8
    written as ``\\xff``."""
    message = _LONG_NUMBER.sub(lambda number: digits_cut(number[0]), message)
    return _NOT_UTF8.sub(lambda byte: (byte[1] or "") + "\\x"
                         + (byte[2] or f"{ord(byte[3]) - 0xDC00:02x}"), message)


def report(command: str, message: str) -> None:
    """Print ``gofish COMMAND: message`` on standard error."""
    tell(brief(f"gofish {command}: {message}"))


def tell(text: str) -> None:
    """Print ``text`` on standard error, or drop it if that cannot be written (its reader
    gone, a full disk): the exit status still says what it said. The failed write raised
    BrokenPipeError, which main took for standard output's reader leaving: a refused
    command exited 0, and a tournament lost its result to its progress bar."""
    try:
        print(text, file=sys.stderr, flush=True)
    except (OSError, ValueError):  # ValueError: a stream closed under us
        from gofish.leaving import drop_output

        drop_output(sys.stderr)  # what it still holds would fail again at exit


def standard_output() -> TextIO:
    """``sys.stdout``; OSError if the command was started with it closed (``gofish … >&-``,
    where Python sets it to None), so that writing it fails like any unwritable output."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, "standard output is closed")
    return sys.stdout


def write_whole(output: TextIO, text: str) -> None:
    """Write ``text`` and flush, raising BrokenPipeError if the reader left before it all
    went: a write bigger than a pipe holds (a tournament's JSON of 80 bots, 1 MB) can be
    cut short as the reader closes, and Python then drops the rest without a word, so
    ``| head -c 100`` ended with status 0 where the table's many small writes got 141."""
    output.flush()
    binary = getattr(output, "buffer", None)
    if binary is None:  # a text stream of the caller's (a test's StringIO)
        output.write(text)
        output.flush()
        return
    data = memoryview(text.encode(output.encoding or "utf-8",
                                  getattr(output, "errors", None) or "strict"))
    while data:
        written = binary.write(data)
        binary.flush()
        if not written:
            raise BrokenPipeError(errno.EPIPE, "the reader closed the pipe")
        data = data[written:]  # the next write of a cut-short rest fails with EPIPE


def standard_input() -> TextIO:
    """``sys.stdin``; OSError if the command was started with it closed (``<&-``)."""
    if sys.stdin is None:
        raise OSError(errno.EBADF, "standard input is closed")
    return sys.stdin


class InputClosed(GoFishError):
    """Standard input was closed (``<&-``) for a command that needs it: refused before
    anything is done, exit status 2, as ``replay -`` and ``tournament-merge -`` refuse it."""


def required_input(why: str) -> TextIO:
    """``sys.stdin``, which the command reads because ``why``; InputClosed if it was started
    with it closed. A read that fails is status 1, but nothing was read yet: the command
    was given no input to work with."""
    if sys.stdin is None:
        raise InputClosed(f"standard input is closed, and {why}")
    return sys.stdin


# -------------------------------------------------------------------- columns

def table(headers: list[str], rows: list[list[str]], right: Collection[int] = ()) -> str:
    """Rows as plain-text columns lined up in a terminal; columns in ``right`` are
    right-aligned."""
    widths = [max(display_width(row[i]) for row in [headers, *rows])
              for i in range(len(headers))]

    def line(cells: list[str]) -> str:
        parts = [padded(cell, width, right=i in right)
                 for i, (cell, width) in enumerate(zip(cells, widths, strict=True))]
        return "  ".join(parts).rstrip()

    return "\n".join([line(headers), line(["-" * w for w in widths]), *map(line, rows)])


def nul_bytes(text: str) -> str | None:
    """Why ``text`` is no JSON if it holds a NUL byte (None if not): the zeros a crash
    leaves where it cut a file short, or UTF-16 without its byte order mark, which json
    called "Expecting value" or "Invalid control character", naming no cause."""
    if (first := text.find("\x00")) < 0:
        return None
    return (f"holds NUL bytes (the first at position {byte_position(text, first)}), which no "
            "JSON text does: zeros where a crash cut the file short, or UTF-16 text without "
            "its byte order mark?")


def not_utf8(text: str, *, numbered: bool = False) -> str | None:
    """Why ``text``, read as UTF-8 with its stray bytes kept as lone surrogates, is no UTF-8
    text: "not valid UTF-8 (byte 0xff at position 5)", counted in bytes from the start of
    its line, and with ``numbered`` (a whole file) which line: "(byte 0xff at position 5
    of line 3)". None if it is text. Said alike by replay of a line and by
    tournament-merge of a file, where the codec's words named an offset in the file
    ("'utf-8' codec can't decode byte 0xff in position 1041")."""
    bad = next((i for i, char in enumerate(text) if "\udc80" <= char <= "\udcff"), None)
    if bad is None:
        return None
    byte = ord(text[bad]) - 0xDC00
    start = text.rfind("\n", 0, bad) + 1 if numbered else 0
    where = f"position {byte_position(text[start:], bad - start)}"
    if numbered:
        line = text.count("\n", 0, bad) + 1
        where += f" of line {line}"
    return f"not valid UTF-8 (byte {byte:#04x} at {where})"


def byte_position(text: str, index: int) -> int:
    """Where the character at ``index`` starts in the bytes ``text`` was read from (UTF-8,
    undecodable bytes kept as lone surrogates), counting from 0."""
    return len(text[:index].encode("utf-8", "surrogateescape"))
