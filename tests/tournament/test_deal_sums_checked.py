"""tournament-merge refuses deal sums no deals can add up to, naming the file and what is
wrong (docs/tournament.md: "totals that do not add up" are refused with the file's name).
They were read as they stood: a square too large to be a float ended in an OverflowError
traceback, a sum of squares far above its games' in a ZeroDivisionError, and sums whose
spread about the win rate came out negative read as deals all alike, the narrowest
interval. Deals left out (0 for a bot's 40 games) gave another interval without a
word. An older shard's refused game count quoted the newer split's."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from gofish.cli import main
from gofish.core import make_rules
from gofish.tournament import Plan, merge_results, pool_results, run_tournament, summary
from gofish.tournament.plan import TournamentError


@pytest.fixture(scope="module")
def whole() -> dict[str, Any]:
    # emma random counter at two seats: three tables, 6 games a deal (4 a bot), 10 deals.
    plan = Plan(make_rules("classic"), 2, 5, ("emma", "random", "counter"), 60)
    return summary(run_tournament(plan, jobs=1))


def _without_deal_sums(result: dict[str, Any]) -> dict[str, Any]:
    """``result`` as a gofish before the deal sums wrote it."""
    older = {key: value for key, value in result.items() if key != "shard_split"}
    older["totals"] = {key: value for key, value in result["totals"].items()
                       if not key.startswith("deal") and key != "open_deals"}
    return older


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def edit(totals: dict[str, Any]) -> None:
        totals[key] = [value, *totals[key][1:]]
    return edit


def _open(deal: list[Any]) -> Callable[[dict[str, Any]], None]:
    def edit(totals: dict[str, Any]) -> None:
        totals["open_deals"] = [deal]
    return edit


@pytest.mark.parametrize(("edit", "wrong"), [
    (_set("deal_win_squares", 10**400), "'totals.deal_win_squares' gives emma more than its "
     "games allow"),
    (_set("deal_seat_squares", 10**300), "'totals.deal_seat_squares' gives emma more than its "
     "games allow"),
    (_set("deal_win_seats", 10**300), "'totals.deal_win_seats' gives emma more than its "
     "games allow"),
    (_set("deal_win_squares", 0), "the deal sums in 'totals' of emma do not add up"),
    (_open([3, 5, [[0, 10**30, 4]]]), "'totals.open_deals' gives emma more wins than seats "
     "in deal 3"),
    (_open([3, 10**30, [[0, 0, 4]]]), "more than the 6 of a deal"),
    (_open([3, 5, [[1, 0, 10**30]]]), "'totals.open_deals' gives random more seats than "
     "games"),
    # Deals left out or made up: the interval came out of deals that cannot hold the games.
    (_set("deals", 0), "'totals.deals' gives emma 0 whole deals for its 40 games in them: a "
     "deal holds from 1 to 6 of a bot's games"),
    (_set("deals", 3), "'totals.deals' gives emma 3 whole deals for its 40 games in them"),
    (_set("deal_seat_squares", 6 * 40 + 1), "'totals.deal_seat_squares' of emma does not add "
     "up with its 40 games in 10 whole deals"),
])
def test_deal_sums_that_do_not_add_up_are_refused_by_name(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], whole: dict[str, Any],
    edit: Callable[[dict[str, Any]], None], wrong: str,
) -> None:
    edited = copy.deepcopy(whole)
    edit(edited["totals"])
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(edited))
    assert main(["tournament-merge", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith(f"gofish tournament-merge: {path} is not a tournament JSON "
                                   "result: ")
    assert wrong in captured.err and captured.err.count("\n") == 1


def test_the_sums_of_real_deals_pass(whole: dict[str, Any]) -> None:
    merged = merge_results([json.loads(json.dumps(whole))])
    assert merged["bots"] == whole["bots"]


def test_an_older_shard_with_too_many_games_is_told_its_own_count() -> None:
    # Ten units in four shards: the older split gave shard 2 units 2 and 6 (4 games), the
    # stretches give it units 5 to 7 (6 games). The refusal quoted the stretch's 6.
    plan = Plan(make_rules("classic"), 2, 5, ("emma", "random"), 20, 2, 4)
    assert (plan.total_units, plan.games) == (10, 6)
    older = _without_deal_sums(summary(run_tournament(plan, jobs=1)))
    with pytest.raises(TournamentError) as refused:
        merge_results([older])
    assert "'totals.tables' is 6, more than the 4 games of its shard 2/4" in str(refused.value)


def test_methods_say_each_deal_is_one_trial_when_the_deal_sums_are_not_kept(
    whole: dict[str, Any],
) -> None:
    # A merge or pool of results without deal sums counts each deal as one trial; its
    # "methods" described the effective games of the deal sums it did not have (in a pool,
    # whenever its first batch had them).
    other = summary(run_tournament(Plan(make_rules("classic"), 2, 6, ("emma", "random",
                                                                       "counter"), 60), jobs=1))
    described = [merge_results([_without_deal_sums(whole)])["methods"]["ci95"],
                 pool_results([other, _without_deal_sums(whole)])["methods"]["ci95"]]
    for text in described:
        assert "each deal one trial" in text and "effective" not in text
    kept = [whole["methods"]["ci95"], merge_results([whole])["methods"]["ci95"],
            pool_results([other, whole])["methods"]["ci95"]]
    for text in kept:
        assert "effective games" in text and "each deal one trial" not in text
