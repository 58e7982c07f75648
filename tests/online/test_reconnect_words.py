"""The rooms' lost-PostgreSQL message counts its attempts in words: "1 attempts" and "0
attempts in 1 s" were written when the grace ran out after one try, or before any."""

from __future__ import annotations

import pytest

from gofish.online.store import _attempts


@pytest.mark.parametrize(("count", "said"), [(0, "no attempt"), (1, "1 attempt"),
                                             (2, "2 attempts"), (11, "11 attempts")])
def test_attempts_are_counted_in_words(count: int, said: str) -> None:
    assert _attempts(count) == said
