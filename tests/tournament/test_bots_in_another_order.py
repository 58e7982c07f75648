"""Results of the same bots named in another order cannot be merged or pooled (the tables
and the totals follow the order), and the refusal said they had "different bots"."""

from __future__ import annotations

from pathlib import Path

import pytest

from gofish.cli import main


def _save(capsys: pytest.CaptureFixture[str], path: Path, *args: str) -> str:
    assert main(["tournament", *args, "--games", "4", "--jobs", "1", "--json"]) == 0
    path.write_text(capsys.readouterr().out)
    return str(path)


@pytest.mark.parametrize("pool", [False, True])
def test_the_same_bots_in_another_order_are_refused_as_such(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, pool: bool,
) -> None:
    first = _save(capsys, tmp_path / "a.json", "emma", "random", "--seed", "1", "--shard",
                  "0/2")
    other = _save(capsys, tmp_path / "b.json", "random", "Emma", "--seed",
                  "2" if pool else "1", "--shard", "0/1" if pool else "1/2")
    assert main(["tournament-merge", *(["--pool"] if pool else []), first, other]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"gofish tournament-merge: {other} names the same bots as {first} "
                          "in another order (random, emma, not emma, random): ")
    assert err.endswith("; play it with the bots in one order\n")
