"""What the README and the docs say of the ``gofish`` commands is what the commands do: every
option they give a command is one it takes, and what they quote of its output is there.

tests/docs/test_doc_examples.py runs the Python examples; these check the command lines.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

import gofish
from gofish.cli import build_parser

ROOT = Path(__file__).resolve().parents[2]
DOCS = ["README.md", *sorted(f"docs/{path.name}" for path in (ROOT / "docs").glob("*.md"))]
#: A command line in a doc: in a code span or on a line of a shell block, up to the comment.
COMMAND_LINE = re.compile(r"\bgofish ([a-z][a-z-]*)((?: +[^`#\n|]*)?)")
#: A bot's words in quotes ("cmd:./my-bot --level 3"): the bot's options, not the command's.
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")


def commands() -> dict[str, argparse.ArgumentParser]:
    subparsers = next(action for action in build_parser()._actions
                      if isinstance(action, argparse._SubParsersAction))
    return dict(subparsers.choices)


def options_given(doc: str) -> list[tuple[str, str]]:
    """Each (command, option) a doc writes after ``gofish COMMAND``."""
    text = (ROOT / doc).read_text(encoding="utf-8")
    words = [(match[1], word.strip("[],.;:").split("=")[0])
             for match in COMMAND_LINE.finditer(text)
             for word in QUOTED.sub("", match[2]).split()]
    return [(name, word) for name, word in words if word.startswith("--")]


@pytest.mark.parametrize("doc", DOCS)
def test_every_option_a_doc_gives_a_command_is_one_it_takes(doc: str) -> None:
    parsers = commands()
    given = options_given(doc)
    assert given, f"{doc} names no gofish option"
    unknown = [(name, flag) for name, flag in given
               if name in parsers and flag not in parsers[name]._option_string_actions]
    assert unknown == []


def stored_games(tmp_path: Path) -> Path:
    """A database of two games; the older one played on after the newer was dealt."""
    from gofish.storage import open_store

    database = tmp_path / "games.sqlite3"
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
    older, newer = gofish.new_game("classic", players=2, seed=1), gofish.new_game(
        "classic", players=2, seed=2)
    with open_store(database) as store:
        older_id = store.save(gofish.game_to_record(older), seats=seats)
        store.save(gofish.game_to_record(newer), seats=seats)
        time.sleep(0.01)  # the times are stored to the millisecond
        older.play(older.legal_actions()[0])
        store.save(gofish.game_to_record(older), seats=seats, game_id=older_id)
    return database


def gofish_command(*words: str, given: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gofish", *words], input=given,
                          capture_output=True, text=True, timeout=60)


def test_history_lists_the_game_last_played_first_as_the_docs_say(tmp_path: Path) -> None:
    # The docs said "newest first": a game resumed today is listed above one dealt since.
    listed = gofish_command("history", "--json", "--database", str(stored_games(tmp_path)))
    assert [json.loads(line)["id"] for line in listed.stdout.splitlines()] == [1, 2]
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "result, books; last played first" in readme and "newest first" not in readme
    for doc in ("docs/storage.md", "docs/web.md"):
        assert "newest first" not in (ROOT / doc).read_text(encoding="utf-8"), doc


def test_the_readme_names_every_field_of_a_replayed_record(tmp_path: Path) -> None:
    # It listed ok, over, hands, books and winners; current_player and pond are there too.
    database = stored_games(tmp_path)
    record = gofish_command("export", "1", "--database", str(database)).stdout
    result = json.loads(gofish_command("replay", "--json", "-", given=record).stdout)
    readme = " ".join((ROOT / "README.md").read_text(encoding="utf-8").split())
    quoted = re.search(r'`(\{"ok": true, [^`]*\})`', readme)
    assert quoted is not None
    assert re.findall(r'"(\w+)":', quoted[1]) == list(result)


def test_the_readme_playing_section_gives_exactly_the_options_of_play() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    start = readme.index("## Playing")
    section = readme[start:readme.index("\n## ", start + 1)]
    written = set(re.findall(r"--[a-z][a-z-]*", section))
    taken = {flag for flag in commands()["play"]._option_string_actions if flag.startswith("--")}
    assert written == taken - {"--help"}


def test_the_rooms_option_table_gives_exactly_the_options_of_rooms() -> None:
    text = (ROOT / "docs/online.md").read_text(encoding="utf-8")
    written = set(re.findall(r"^\| `(--[a-z][a-z-]*)", text, re.MULTILINE))
    taken = {flag for flag in commands()["rooms"]._option_string_actions if flag.startswith("--")}
    assert written == taken - {"--help"}
