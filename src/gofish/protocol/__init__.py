"""External bots: programs in any language that play over a JSON-lines protocol.

See ``docs/bots-protocol.md``. ``ExternalBot("python mybot.py")`` is a bot
like any other (it has ``choose``); a bot that crashes, is late or answers
nonsense raises ``BotFailure`` with a message saying what went wrong.
"""

from gofish.protocol.external import (
    DEFAULT_TIMEOUT,
    GOODBYE_WAIT,
    PROTOCOL,
    PROTOCOL_VERSION,
    BotFailure,
    ExternalBot,
)

__all__ = [
    "DEFAULT_TIMEOUT", "GOODBYE_WAIT", "PROTOCOL", "PROTOCOL_VERSION", "BotFailure", "ExternalBot",
]
