"""``gofish bots``: the computer opponents, gentlest first, with what each does."""

from __future__ import annotations

import argparse
import json
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bots",
        help="list the computer opponents, gentlest first",
        description=(
            "List every registered bot by name with a one-line description, gentlest "
            "first. Use the names with gofish play and gofish tournament."
        ),
    )
    parser.add_argument("--json", action="store_true",
                        help="print a JSON list of {name, strength, description}")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from gofish.bots import available_bots

    infos = available_bots()
    if args.json:
        print(json.dumps([{"name": info.name, "strength": info.strength,
                           "description": info.description} for info in infos]))
        return 0
    width = max(len(info.name) for info in infos)
    for info in infos:
        print(f"{info.name:<{width}}  {info.description}")
    return 0
