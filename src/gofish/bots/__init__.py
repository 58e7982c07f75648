"""Computer opponents. Each sees only its own seat's view (see ``gofish.core.view``)."""

from gofish.bots.base import (
    Bot,
    BotInfo,
    available_bots,
    bot_turn,
    make_bot,
    play_out,
    register_bot,
)
from gofish.bots.emma import EmmaBot
from gofish.bots.random_bot import RandomBot

register_bot("random", RandomBot, "picks any legal ask at random", strength=0)
register_bot(
    "emma",
    EmmaBot,
    "seed 000's opponent: asks for the ranks you asked for, most recent first",
    strength=1,
)

__all__ = [
    "Bot",
    "BotInfo",
    "EmmaBot",
    "RandomBot",
    "available_bots",
    "bot_turn",
    "make_bot",
    "play_out",
    "register_bot",
]
