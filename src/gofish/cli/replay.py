"""``gofish replay``: replay game records (JSON Lines) and print each result."""

from __future__ import annotations

import argparse
import io
import json
import sys
from typing import Any, TextIO

from gofish.core import replay_line


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay game records and print the resulting positions",
        description=(
            "Read game records, one JSON object per line, and print one result per "
            "input line. A record that cannot be replayed gives ok: false with the "
            "failing action's index and the reason; the run goes on to the next line."
        ),
    )
    parser.add_argument("file", help="a JSON Lines file of game records, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print results as JSON Lines")
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.file == "-":
        if isinstance(sys.stdin, io.TextIOWrapper):
            # Like a file: bytes that are not UTF-8 make a bad line, not a crash.
            sys.stdin.reconfigure(encoding="utf-8", errors="replace")
        return replay_stream(sys.stdin, sys.stdout, as_json=args.json)
    try:
        stream = open(args.file, encoding="utf-8", errors="replace")  # noqa: SIM115
    except OSError as error:
        print(f"gofish replay: cannot read {args.file}: {error.strerror}", file=sys.stderr)
        return 2
    # Only opening is "cannot read": a closed output (| head) is not the file's fault.
    with stream:
        return replay_stream(stream, sys.stdout, as_json=args.json)


def replay_stream(source: TextIO, out: TextIO, *, as_json: bool) -> int:
    """Replay every non-blank line; return 1 if any record failed, else 0."""
    failed = False
    number = 0
    for line in source:
        if not line.strip():
            continue
        number += 1
        result = replay_line(line)
        failed = failed or not result["ok"]
        out.write(json.dumps(result) + "\n" if as_json else describe(number, result) + "\n")
        out.flush()
    return 1 if failed else 0


def describe(number: int, result: dict[str, Any]) -> str:
    """A readable form of one replay result."""
    if not result["ok"]:
        where = (
            "the record itself"
            if result["action_index"] is None
            else f"action {result['action_index']}"
        )
        return f"record {number}: cannot replay ({where}): {result['error']}"
    lines = [f"record {number}: " + _status(result)]
    lines.append(f"  pond: {result['pond']} cards")
    for seat, (hand, books) in enumerate(zip(result["hands"], result["books"], strict=True)):
        shown_hand = " ".join(hand) if hand else "(empty)"
        shown_books = " ".join(books) if books else "none"
        lines.append(f"  player {seat}: hand {shown_hand}; books {shown_books}")
    return "\n".join(lines)


def _status(result: dict[str, Any]) -> str:
    if not result["over"]:
        return f"in progress, player {result['current_player']} to ask"
    winners = result["winners"]
    if len(winners) == 1:
        return f"game over, player {winners[0]} wins"
    return "game over, shared win for players " + ", ".join(str(w) for w in winners)
