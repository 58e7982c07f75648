"""A per-connection rate limit, shared by the rooms' sockets and ``gofish serve``'s tables."""

from __future__ import annotations

import time


class TokenBucket:
    """Per-connection rate limit: ``rate`` frames a second, bursts of up to ``burst``."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        """Take a token if there is one; whether there was."""
        if not self.has_token():
            return False
        self.tokens -= 1.0
        return True

    def has_token(self) -> bool:
        """Whether :meth:`allow` would allow now, without taking the token."""
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        return self.tokens >= 1.0
