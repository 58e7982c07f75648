"""An option whose default is a fraction is read by the bot alike whole or not
(``check_number``: ``float``), so ``expert:noise=1`` and ``expert:noise=1.0`` are one bot.
They were two spellings: stored and counted by ``gofish stats`` as two opponents, and
entered in a tournament as two bots with no word that they were one. An option whose
default is whole, or None, keeps the two apart: the bot refuses the fraction."""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from gofish.bots import RandomBot, canonical_spec, make_bot, register_bot
from gofish.bots.base import stored_spelling
from gofish.cli import main


@pytest.mark.parametrize(("typed", "written"), [
    ("expert:noise=1.0", "expert:noise=1"),
    ("expert:noise=1e0", "expert:noise=1"),
    ("expert:noise=+1.", "expert:noise=1"),
    ("Expert:Noise=0.1e1", "expert:noise=1"),
    ("ismcts:seconds=5.0", "ismcts:seconds=5"),
    ("ismcts:confidence=-0.0", "ismcts:confidence=0"),
    ("counter:epsilon=1.0", "counter:epsilon=1"),
    # Past 1e16 a float's own spelling, not seventeen digits or three hundred.
    ("expert:noise=10000000000000000", "expert:noise=1e+16"),
    ("expert:noise=1e300", "expert:noise=1e+300"),
])
def test_a_whole_value_of_a_fraction_option_has_one_spelling(typed: str, written: str) -> None:
    assert canonical_spec(typed) == written
    assert canonical_spec(written) == written
    # The bot is the same either way: the change is in the spelling only.
    assert vars(make_bot(typed)).items() >= {
        key: value for key, value in vars(make_bot(written)).items()
        if isinstance(value, (int, float))}.items()


@pytest.mark.parametrize("typed", [
    "emma:memory=2.0",  # default None: Emma refuses the fraction
    "expert:endgame=8.0",  # default whole: refused too
    "expert:noise=1.5",
    "ismcts:iterations=8",
])
def test_other_values_keep_their_spelling(typed: str) -> None:
    assert canonical_spec(typed) == typed


@pytest.mark.usefixtures("kept_registry")
def test_a_registered_bot_follows_its_own_defaults() -> None:
    class Knobs(RandomBot):
        def __init__(self, rate: float = 0.5, depth: int = 3, **extra: object) -> None:
            self.rate, self.depth = rate, depth

    options = {"rate": "a fraction", "depth": "a count", "other": "unknown default"}
    register_bot("knobs-whole-test", Knobs, "test bot", options=options)
    register_bot("knobs-partial-test", functools.partial(Knobs, depth=4.5), "test bot",
                 options=options)
    assert canonical_spec("knobs-whole-test:rate=2.0:depth=2.0:other=2.0") == (
        "knobs-whole-test:depth=2.0:other=2.0:rate=2")
    # A partial's keyword gives the default: here a fraction.
    assert canonical_spec("knobs-partial-test:depth=2.0") == "knobs-partial-test:depth=2"


def test_a_tournament_enters_the_two_spellings_as_one_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "expert:noise=1", "expert:noise=1.0", "--games", "2",
                 "--seed", "1", "--jobs", "1", "--no-fast"]) == 0
    out, err = capsys.readouterr()
    assert "expert:noise=1#1" in out and "expert:noise=1#2" in out, out
    assert "expert:noise=1 and expert:noise=1.0 are one bot, written expert:noise=1" in err


def test_stats_counts_the_two_spellings_in_one_row(tmp_path: Path) -> None:
    from tests.storage.helpers import YOU, played_game

    from gofish import game_to_record
    from gofish.storage import Store

    store = Store(tmp_path / "games.sqlite3")
    for spec in ("expert:noise=1.0", "expert:noise=1", "ismcts:seconds=5.0"):
        store.save(game_to_record(played_game(seed=3)), seats=[YOU, {"name": "Bot", "bot": spec}])
    rows = {row.opponents: row.games for row in store.stats(bot_spelling=stored_spelling)}
    assert rows == {("expert:noise=1",): 2, ("ismcts:seconds=5",): 1}


def test_shards_that_wrote_the_two_spellings_merge() -> None:
    from gofish.core import make_rules
    from gofish.tournament import Plan, merge_results, run_tournament, summary

    # counter plays in the simulator too, so that the shards take no time.
    plans = [Plan(make_rules("classic"), 2, 3, ("counter:epsilon=1", "emma"), 8, shard, 2)
             for shard in (0, 1)]
    first, second = (summary(run_tournament(plan, jobs=1)) for plan in plans)
    # As a shard saved before this spelling wrote it.
    second["bots"][0].update(name="counter:epsilon=1.0", spec="counter:epsilon=1.0")
    merged = merge_results([first, second])
    assert [row["spec"] for row in merged["bots"]] == ["counter:epsilon=1", "emma"]
    assert merged["games"] == first["games"] + second["games"]
