"""The messages docs/bots-protocol.md shows are the ones the engine sends and reads: a bot
writer in another language copies them (the turn is said to be "a real message"), so a
field renamed, added or reordered in the code must show up in the doc too."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

from tests.protocol.test_external_bots import children_of_this_process

from gofish.core import FULL_DECK, Ask, new_game
from gofish.core.rules import OPTION_NAMES
from gofish.protocol import ExternalBot

DOC = Path(__file__).parents[2] / "docs" / "bots-protocol.md"
JSON_BLOCK = re.compile(r"^```json\n(.*?)^```", re.DOTALL | re.MULTILINE)

#: Replies with the lines it is given, as written, and logs every line it is sent.
ECHO_BOT = """
import json, sys
log, hello, action = sys.argv[1:]
with open(log, "w") as kept:
    for line in sys.stdin:
        kept.write(line); kept.flush()
        kind = json.loads(line)["type"]
        if kind in ("hello", "turn"):
            sys.stdout.write((hello if kind == "hello" else action) + "\\n"); sys.stdout.flush()
        elif kind == "quit":
            break
"""


def doc_blocks() -> list[str]:
    """The doc's JSON examples, in order, each as written."""
    return [block.strip() for block in JSON_BLOCK.findall(DOC.read_text(encoding="utf-8"))]


def the_docs_game() -> Any:
    """The game of the doc's turn: seat 1 was dealt KH 3H QC AS AH 5H JS; seat 0, holding
    an ace, asked for aces, was handed two, asked again and fished (not an ace)."""
    seat_1 = ["KH", "3H", "QC", "AS", "AH", "5H", "JS"]
    seat_0 = ["AC", "2C", "4D", "6S", "8H", "9D", "10C"]
    fished = "7D"
    rest = [str(card) for card in FULL_DECK if str(card) not in {*seat_0, *seat_1, fished}]
    deck = [card for pair in zip(seat_0, seat_1, strict=True) for card in pair]
    game = new_game("classic", 2, deck=[*deck, fished, *rest], first_player=0)
    game.play(Ask(1, "A"))
    game.play(Ask(1, "A"))
    return game


def test_every_message_the_doc_shows_is_what_the_engine_sends_and_reads(
    tmp_path: Path
) -> None:
    hello, bot_hello, new_game_message, turn, action, game_over = doc_blocks()
    bot = tmp_path / "bot.py"
    bot.write_text(ECHO_BOT)
    log = tmp_path / "sent.jsonl"
    game = the_docs_game()
    assert game.current_player == 1
    # The bot answers with the doc's own lines, spacing and all: both are read.
    with ExternalBot([sys.executable, str(bot), str(log), bot_hello, action]) as external:
        external.new_game(1, 2, "classic")
        assert external.choose(game.view(1), game.legal_actions()) == Ask(0, "Q")
        external.game_over([1], [5, 8])
    sent = [json.loads(line) for line in log.read_text().splitlines()]
    shown = [json.loads(text) for text in (hello, new_game_message, turn, game_over)]
    assert sent == [*shown, {"type": "quit"}]
    # Field order too, as a reader of the wire sees it.
    assert [list(message) for message in sent[:4]] == [list(message) for message in shown]
    assert list(sent[2]["view"]) == list(shown[2]["view"])
    assert children_of_this_process() == []


def test_the_house_rule_options_a_new_game_may_name_are_the_engines() -> None:
    # "options (`lucky_draw`, `refill`, …)" in "A new game": a bot reads those names.
    listed = re.search(r"house-rule\s+options \(([^)]*)\)", DOC.read_text(encoding="utf-8"))
    assert listed is not None
    assert re.findall(r"`(\w+)`", listed[1]) == list(OPTION_NAMES)
