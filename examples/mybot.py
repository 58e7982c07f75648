#!/usr/bin/env python3
"""An example external Go Fish bot: a simple card counter, standard library only.

Run it in a tournament with:

    gofish tournament emma "cmd:python examples/mybot.py"

It speaks the JSON-lines protocol of docs/bots-protocol.md: one JSON object
per line on standard input, one answer per line on standard output, each answer
carrying the "id" of the message it answers. Its
strategy: remember which opponent last asked for each rank (they hold at least
one) and ask them for it; forget when they hand those cards over, say "Go fish!"
to it, or a book of that rank goes down. Otherwise ask for the rank it holds
most of, from the opponent with the most cards. An ask that was just answered
"Go fish!" is not made again until that opponent takes in a card: with the pond
dry, a miss only passes the turn (R8), and repeating it would never end the game.
"""

from __future__ import annotations

import json
import sys
from typing import Any

NAME = "mybot"
VERSION = 1


Miss = tuple[int, str, Any]  # (target, rank, suit) of an ask answered "Go fish!"

# Events in which a player takes in cards, and which field names that player.
TAKES_CARDS = {"handed_over": "receiver", "drew": "player", "refilled": "player"}


class Counter:
    def __init__(self) -> None:
        self.seen = 0
        self.holder: dict[str, int] = {}  # rank -> opponent known to hold some
        self.missed: set[Miss] = set()  # asks not worth making again yet
        self.last_ask: Miss | None = None

    def new_game(self) -> None:
        self.seen = 0
        self.holder.clear()
        self.missed.clear()
        self.last_ask = None

    def read(self, me: int, history: list[dict[str, Any]]) -> None:
        for event in history[self.seen :]:
            kind: Any = event.get("type")
            rank: Any = event.get("rank")  # None for events of no rank
            if kind == "asked":
                self.last_ask = (event["target"], rank, event.get("suit"))
                if event["player"] != me:
                    self.holder[rank] = event["player"]
            elif kind == "went_fishing" and self.last_ask is not None:
                target, asked, _ = self.last_ask
                self.missed.add(self.last_ask)
                if self.holder.get(asked) == target:
                    del self.holder[asked]
            elif kind == "handed_over" and self.holder.get(rank) == event["giver"]:
                del self.holder[rank]
            elif kind == "handed_over" and event["receiver"] != me:
                self.holder[rank] = event["receiver"]
            elif kind == "book_laid":
                self.holder.pop(rank, None)
            if kind in TAKES_CARDS:  # new cards: any ask of that player may hit again
                taker = event[TAKES_CARDS[kind]]
                self.missed = {miss for miss in self.missed if miss[0] != taker}
        self.seen = len(history)

    def choose(self, view: dict[str, Any], legal: list[dict[str, Any]]) -> dict[str, Any]:
        me = view["viewer"]
        self.read(me, view["history"])
        fresh = [a for a in legal
                 if (a["target"], a["rank"], a.get("suit")) not in self.missed] or legal
        for action in fresh:  # a rank we know an opponent holds
            if self.holder.get(action["rank"]) == action["target"]:
                return action
        counts: dict[str, int] = {}
        for card in view["hand"]:
            counts[card[:-1]] = counts.get(card[:-1], 0) + 1
        sizes = view["hand_sizes"]
        return max(fresh, key=lambda a: (counts.get(a["rank"], 0), sizes[a["target"]]))


def main() -> int:
    counter = Counter()
    for line in sys.stdin:
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            answer: dict[str, Any] | None = {"type": "hello", "name": NAME, "version": VERSION}
        elif kind == "new_game":
            counter.new_game()
            answer = None
        elif kind == "turn":
            action = counter.choose(message["view"], message["legal"])
            answer = {"type": "action", **action}
        elif kind == "quit":
            return 0
        else:  # game_over and anything newer: nothing to say
            answer = None
        if answer is not None:
            if "id" in message:  # echoed, so that the engine can tell this answer from any other
                answer["id"] = message["id"]
            sys.stdout.write(json.dumps(answer) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
