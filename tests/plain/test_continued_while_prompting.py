"""``fg`` (SIGCONT) arriving while the line mode is writing its prompt: the prompt the
handler shows again must not be written into the middle of that write."""

from __future__ import annotations

import io
import os
import signal

import pytest
from tests.plain.test_card_and_seat_typing import queens_session

from gofish.plain import play_plain

pytestmark = pytest.mark.skipif(not hasattr(signal, "SIGCONT"), reason="no job control")


class TypedAtTerminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class TerminalContinuedMidPrompt(io.RawIOBase):
    """A terminal that the shell's ``fg`` continues just as the first "> " reaches it:
    SIGCONT comes while the buffered stream above is in the middle of its write."""

    def __init__(self) -> None:
        self.written = bytearray()
        self.continued = False

    def writable(self) -> bool:
        return True

    def isatty(self) -> bool:
        return True

    def write(self, data: object) -> int:
        chunk = bytes(data)  # type: ignore[call-overload]
        if chunk.endswith(b"> ") and not self.continued:
            self.continued = True
            os.kill(os.getpid(), signal.SIGCONT)  # its handler runs before this returns
        self.written += chunk
        return len(chunk)


def test_continued_while_the_prompt_is_written_the_game_goes_on() -> None:
    # The handler wrote "> " into the buffered writer still busy with the first one:
    # "RuntimeError: reentrant call inside <_io.BufferedWriter>", a traceback mid-game.
    terminal = TerminalContinuedMidPrompt()
    stdout = io.TextIOWrapper(io.BufferedWriter(terminal), encoding="utf-8")
    assert play_plain(queens_session("card"), TypedAtTerminal("hand\nquit\n"), stdout) == 0
    stdout.flush()
    shown = terminal.written.decode()
    assert terminal.continued
    assert "Your hand: 2♠, 3♠, Q♦." in shown, shown
    # One for each line read, and the one fg asks for after it.
    assert shown.count("> ") == 3 and "> > " in shown, shown
