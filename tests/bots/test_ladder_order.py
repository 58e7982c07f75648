"""The strengths ``gofish bots`` and the menus show agree with what docs/strength.md
measured: a player choosing "a notch up" gets a stronger bot, and the strongest listed
is not one that measured level with another.

The strengths had been set before the bots were measured: counter and expert-easy were
both 2, listed counter first, though counter beats expert-easy (0.518 [0.509-0.528]); and
ismcts was 4, "the strongest", above the expert it measured level with
(0.490 [0.476-0.504] over 4,800 games)."""

from __future__ import annotations

import re
from pathlib import Path

from gofish.bots import available_bots

STRENGTH_MD = Path(__file__).resolve().parents[2] / "docs" / "strength.md"
FIGURE = re.compile(r"(?P<share>\d\.\d+) \[(?P<low>\d\.\d+)[–-](?P<high>\d\.\d+)\]")


def section(title: str) -> str:
    text = STRENGTH_MD.read_text(encoding="utf-8")
    start = text.index(f"\n## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:end]


def classic_table() -> dict[tuple[str, str], tuple[float, float]]:
    """(row bot, column bot): the interval of the row's share of wins, classic, 2 players."""
    rows = [line for line in section("Classic, 2 players").splitlines()
            if line.startswith("| ")]
    columns = [cell.strip() for cell in rows[0].strip("|").split("|")][1:]
    measured = {}
    for line in rows[1:]:
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        row = cells[0].strip("*")
        for column, cell in zip(columns, cells[1:], strict=True):
            if found := FIGURE.search(cell):
                measured[(row, column)] = (float(found["low"]), float(found["high"]))
    return measured


def strengths() -> dict[str, int]:
    return {info.name: info.strength for info in available_bots()}


def test_the_classic_table_is_read() -> None:
    measured = classic_table()
    assert len(measured) == 20  # five bots, each against the four others
    assert measured[("counter", "expert-easy")] == (0.509, 0.528)


def test_a_bot_that_beats_another_clearly_is_listed_as_stronger() -> None:
    strength = strengths()
    for (row, column), (low, high) in classic_table().items():
        if low > 0.5:
            assert strength[row] > strength[column], f"{row} beats {column}: [{low}-{high}]"


def test_ismcts_is_listed_level_with_the_expert_it_measured_level_with() -> None:
    row = next(line for line in section("ISMCTS").splitlines()
               if "ismcts vs the expert with its endgame search, all three batches" in line)
    found = FIGURE.search(row)
    assert found is not None
    assert float(found["low"]) < 0.5 < float(found["high"])
    strength = strengths()
    assert strength["ismcts"] == strength["expert"]
    assert strength["ismcts-quick"] == strength["expert"]  # the same search, shorter


def test_the_list_runs_gentlest_first_in_the_measured_order() -> None:
    listed = [info.name for info in available_bots()]
    measured = ["random", "emma", "expert-easy", "counter", "expert"]
    assert [name for name in listed if name in measured] == measured
