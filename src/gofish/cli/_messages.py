"""The one-line messages commands print on standard error, made readable whatever was typed."""

from __future__ import annotations

import errno
import re
import sys
from typing import TextIO

from gofish.core.errors import LONGEST_NUMBER_SHOWN, digits_cut

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
    print(brief(f"gofish {command}: {message}"), file=sys.stderr)


def standard_output() -> TextIO:
    """``sys.stdout``; OSError if the command was started with it closed (``gofish … >&-``,
    where Python sets it to None), so that writing it fails like any unwritable output."""
    if sys.stdout is None:
        raise OSError(errno.EBADF, "standard output is closed")
    return sys.stdout


def standard_input() -> TextIO:
    """``sys.stdin``; OSError if the command was started with it closed (``<&-``)."""
    if sys.stdin is None:
        raise OSError(errno.EBADF, "standard input is closed")
    return sys.stdin
