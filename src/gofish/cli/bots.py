"""``gofish bots``: the computer opponents, gentlest first, with what each does and the
options a spec can set (``emma:memory=2``)."""

from __future__ import annotations

import argparse
import json
from typing import Any

from gofish.cli._messages import standard_output


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "bots",
        help="list the computer opponents, gentlest first",
        description=(
            "List every registered bot by name with a one-line description, gentlest "
            "first, and the options each takes. Use the names with gofish play and "
            "gofish tournament, options after a colon: emma:memory=2, "
            "expert:epsilon=0.3:endgame=0."
        ),
    )
    parser.add_argument("--json", action="store_true",
                        help="print a JSON list of {name, strength, description, options}")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    standard_output()  # started with it closed (>&-): an error, not silent success
    from gofish.bots import available_bots, display_name

    infos = available_bots()
    if args.json:
        print(json.dumps([{"name": info.name, "strength": info.strength,
                           "description": info.description, "options": dict(info.options)}
                          for info in infos]))
        return 0
    width = max(len(info.name) for info in infos)
    key_width = max((len(key) for info in infos for key, _ in info.options), default=0)
    for info in infos:
        # The table's name and the strength, as the browser's and the rooms' menus give them.
        shown = f"({display_name(info.name)}, strength {info.strength})"
        print(f"{info.name:<{width}}  {shown} {info.description}")
        for key, meaning in info.options:
            print(f"{'':<{width}}    :{key + '=…':<{key_width + 2}}  {meaning}")
    strongest = max(info.strength for info in infos)
    print(f"\nGentlest first: strength 0 is the gentlest, {strongest} the strongest; in brackets "
          "the name each has at the table.")
    print("Options go after the name, each after a colon: emma:memory=2, "
          "expert:epsilon=0.3:endgame=0.")
    return 0
