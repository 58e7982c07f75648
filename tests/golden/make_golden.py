"""Write the golden playthroughs that ``tests/core/test_golden.py`` re-checks.

Run by hand, from the repository root, only when the engine's behaviour is meant
to change (then review the diff of the JSON files like any other change)::

    .venv/bin/python tests/golden/make_golden.py

Each game is played to the end by seeded bots (Emma and random) and stored as
one JSON file: the game record, the full event log (``event.to_dict()`` for
every event, hidden cards included) and the final replay snapshot. The check
replays the record alone, so the files stay valid even if the bots change.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path
from typing import Any, NamedTuple

import gofish
from gofish.bots import EmmaBot, RandomBot, play_out

GOLDEN_DIR = Path(__file__).resolve().parent


class Playthrough(NamedTuple):
    name: str
    rules: str | dict[str, Any]
    players: int
    seed: int
    bots: tuple[str, ...]  # "emma" or "random", one per seat


PLAYTHROUGHS: tuple[Playthrough, ...] = (
    Playthrough("classic-2p", "classic", 2, 101, ("emma", "random")),
    Playthrough("classic-2p-emma-mirror", "classic", 2, 102, ("emma", "emma")),
    Playthrough("classic-4p", "classic", 4, 103, ("random", "emma", "random", "emma")),
    Playthrough("bicycle-2p", "bicycle", 2, 201, ("random", "emma")),
    Playthrough("bicycle-3p", "bicycle", 3, 202, ("emma", "random", "random")),
    Playthrough("bicycle-5p", "bicycle", 5, 203, ("random",) * 5),
    Playthrough("nordic-2p", "nordic", 2, 301, ("emma", "random")),
    Playthrough("nordic-4p", "nordic", 4, 302, ("random", "emma", "emma", "random")),
    Playthrough(
        "classic-3p-pairs-no-lucky-draw",
        {"preset": "classic", "book_size": 2, "lucky_draw": False}, 3, 401, ("random",) * 3,
    ),
    Playthrough(
        "bicycle-4p-ask-card", {"preset": "bicycle", "ask": "card"}, 4, 402, ("random",) * 4,
    ),
    Playthrough(
        "classic-2p-card-refill-first-empty",
        {"preset": "classic", "refill": "card", "end": "first-empty"}, 2, 403, ("emma", "emma"),
    ),
    Playthrough(  # pairs named card by card: book_laid says which two suits went down
        "classic-3p-pairs-ask-card", {"preset": "classic", "book_size": 2, "ask": "card"},
        3, 405, ("random",) * 3,
    ),
    Playthrough(
        "nordic-3p-turn-refill-all-books",
        {"preset": "nordic", "refill": "turn", "end": "all-books", "hand_size": 4},
        3, 404, ("random", "emma", "random"),
    ),
)


def play(spec: Playthrough) -> gofish.Game:
    game = gofish.new_game(spec.rules, players=spec.players, seed=spec.seed)
    bots = [EmmaBot() if name == "emma" else RandomBot() for name in spec.bots]
    rngs = [random.Random(spec.seed * 10 + seat) for seat in range(spec.players)]
    return play_out(game, bots, rngs)


def golden(spec: Playthrough, game: gofish.Game) -> dict[str, Any]:
    return {
        "name": spec.name,
        "seed": spec.seed,
        "bots": list(spec.bots),
        "record": game.to_record(),
        "events": [event.to_dict() for event in game.events],
        "snapshot": gofish.snapshot(game),
    }


def dumps(data: dict[str, Any]) -> str:
    """JSON with one event (and one deck card list, one action) per line: easy to diff."""
    lines = ["{"]
    items = list(data.items())
    for index, (key, value) in enumerate(items):
        comma = "," if index < len(items) - 1 else ""
        if key in ("record", "events"):
            lines.append(f"  {json.dumps(key)}: " + _dumps_nested(value) + comma)
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}{comma}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _dumps_nested(value: Any) -> str:
    if isinstance(value, list):
        inner = ",\n".join(f"    {json.dumps(item)}" for item in value)
        return "[\n" + inner + "\n  ]"
    if isinstance(value, dict):
        parts = []
        for key, item in value.items():
            if key == "actions":
                inner = ",\n".join(f"      {json.dumps(action)}" for action in item)
                parts.append(f'    "actions": [\n{inner}\n    ]' if item else '    "actions": []')
            else:
                parts.append(f"    {json.dumps(key)}: {json.dumps(item)}")
        return "{\n" + ",\n".join(parts) + "\n  }"
    return json.dumps(value)


def main() -> int:
    for spec in PLAYTHROUGHS:
        game = play(spec)
        data = golden(spec, game)
        text = dumps(data)
        assert json.loads(text) == data  # the hand-rolled layout is plain JSON
        path = GOLDEN_DIR / f"{spec.name}.json"
        path.write_text(text, encoding="utf-8")
        print(f"{path.name}: {len(game.actions)} asks, {len(game.events)} events, "
              f"winners {list(game.winners or ())}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
