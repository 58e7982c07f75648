"""The rules core: standard library only, and nothing else of the package.

Everything else (bots, interfaces, storage, simulation) imports from here.
"""

from importlib.machinery import EXTENSION_SUFFIXES

from gofish.core import game as _game_module
from gofish.core.actions import Ask
from gofish.core.cards import FULL_DECK, RANKS, SUITS, Card, Rank, Suit, parse_deck, sorted_cards
from gofish.core.errors import GoFishError, IllegalActionError, MalformedInputError, check_whole
from gofish.core.events import (
    EVENT_TYPES,
    Asked,
    BookLaid,
    Dealt,
    Drew,
    Event,
    GameOver,
    HandedOver,
    LeftPlay,
    LuckyDraw,
    Refilled,
    TurnPassed,
    WentFishing,
)
from gofish.core.game import Game, new_game
from gofish.core.record import (
    RecordError,
    game_from_record,
    game_to_record,
    replay_line,
    replay_record,
    snapshot,
)
from gofish.core.rules import PRESETS, Rules, make_rules
from gofish.core.view import View, redact

#: True when the rules core runs as C extensions built by mypyc at install time
#: (``pip install .`` with a C compiler); False when it runs as plain Python (no
#: compiler, ``GOFISH_PURE=1``, an editable install, or ``src`` on ``sys.path``).
#: Both play identically; the compiled core is about twice as fast.
COMPILED: bool = str(_game_module.__file__).endswith(tuple(EXTENSION_SUFFIXES))

__all__ = [
    "COMPILED",
    "EVENT_TYPES",
    "FULL_DECK",
    "PRESETS",
    "RANKS",
    "SUITS",
    "Ask",
    "Asked",
    "BookLaid",
    "Card",
    "Dealt",
    "Drew",
    "Event",
    "Game",
    "GameOver",
    "GoFishError",
    "HandedOver",
    "IllegalActionError",
    "LeftPlay",
    "LuckyDraw",
    "MalformedInputError",
    "Rank",
    "RecordError",
    "Refilled",
    "Rules",
    "Suit",
    "TurnPassed",
    "View",
    "WentFishing",
    "check_whole",
    "game_from_record",
    "game_to_record",
    "make_rules",
    "new_game",
    "parse_deck",
    "redact",
    "replay_line",
    "replay_record",
    "snapshot",
    "sorted_cards",
]
