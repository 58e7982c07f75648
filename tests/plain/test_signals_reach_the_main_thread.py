"""The signals the main thread handles are never taken by the thread that saves the game.
The kernel gives a process's signal to any thread that does not block it: taken by the
save thread, Python ran the handler only once the main thread's read of a move returned,
so after a Ctrl-Z the fg's prompt, or a Ctrl-C or SIGTERM, waited for the next line typed
(tests/plain/test_signals.py's fg test failed now and then, the deal still being saved)."""

from __future__ import annotations

import signal
from typing import Any

import pytest

from gofish.leaving import CONTINUE_SIGNALS, LEAVE_SIGNALS
from gofish.session import BackgroundSaver

pytestmark = pytest.mark.skipif(not hasattr(signal, "pthread_sigmask"), reason="no sigmask")


class MaskSeenWhileSaving:
    """As much of a TableSession as the saver uses; it notes the saving thread's mask."""

    store = object()
    asks_made = 0

    def __init__(self) -> None:
        self.masks: list[set[int]] = []

    def record(self) -> dict[str, Any]:
        return {}

    def save_record(self, record: dict[str, Any]) -> None:
        self.masks.append(set(signal.pthread_sigmask(signal.SIG_BLOCK, [])))


def test_the_save_thread_leaves_the_table_s_signals_to_the_main_thread() -> None:
    session = MaskSeenWhileSaving()
    saver = BackgroundSaver(session)  # type: ignore[arg-type]
    saver.submit()
    assert saver.wait(10) and saver.failure is None
    handled = {signal.SIGINT, *LEAVE_SIGNALS, *CONTINUE_SIGNALS}
    assert len(session.masks) == 1 and handled <= session.masks[0], session.masks
    assert not handled & set(signal.pthread_sigmask(signal.SIG_BLOCK, []))  # main: unchanged
