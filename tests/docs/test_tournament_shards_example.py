"""The shard commands of docs/tournament.md ("Several machines") run one after the other as
a reader would, with fewer games: the partial merge warns as its comment says, and the
merge that follows it is the whole tournament. The doc played four shards, then said a
merge of the first two warned that "shard 2" was missing and that adding shard 2 made
the whole tournament: shard 3 was missing from both."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from gofish.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "tournament.md"
FEWER_GAMES = "--games 1200"  # the doc's million games take a core for a quarter minute


def shell_blocks() -> list[list[str]]:
    """The lines of each fenced block with no language named (the doc's shell commands)."""
    blocks: list[list[str]] = []
    inside: list[str] | None = None  # the lines of the block being read
    fence = ""
    for line in DOC.read_text(encoding="utf-8").splitlines():
        if inside is None and line.startswith("```"):
            inside, fence = [], line
        elif inside is not None and line == "```":
            if fence == "```":
                blocks.append(inside)
            inside = None
        elif inside is not None:
            inside.append(line)
    return blocks


def block_with(words: str) -> list[str]:
    return next(block for block in shell_blocks() if any(words in line for line in block))


def run(line: str, capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """One command line of the doc (``gofish … [> FILE]``), its comment left off: what it
    printed (written to FILE when it says so) and what it said on stderr."""
    command, _, _ = line.partition("#")
    words = shlex.split(command)
    target = None
    if ">" in words:
        words, target = words[: words.index(">")], words[words.index(">") + 1]
    assert words[0] == "gofish"
    assert main(words[1:]) == 0, line
    captured = capsys.readouterr()
    if target is not None:
        Path(target).write_text(captured.out, encoding="utf-8")
    return captured.out, captured.err


def test_the_partial_merge_example_follows_the_shards_before_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    shard_block = block_with("--shard $i/")
    machines = re.search(r"i = 0 … (\d+)", shard_block[0])
    assert machines is not None
    shard_line = next(line for line in shard_block if "--shard $i/" in line)
    assert "--games 1000000" in shard_line
    for i in range(int(machines[1]) + 1):
        run(shard_line.replace("--games 1000000", FEWER_GAMES).replace("$i", str(i)), capsys)
    shards = sorted(path.name for path in tmp_path.glob("shard*.json"))  # the doc's shard*.json
    whole, _ = run(f"gofish tournament-merge {' '.join(shards)}", capsys)

    partial, complete = block_with("> m01.json")
    _, warned = run(partial, capsys)
    comment = partial.partition("# warns: ")[2].strip()
    assert warned == f"gofish tournament-merge: warning: {comment}\n"
    completed, said = run(complete, capsys)
    assert said == "" and "the whole tournament" in complete
    assert completed.splitlines()[1:] == whole.splitlines()[1:]  # the seconds may differ
