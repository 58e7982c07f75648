"""The table of a tournament of many games keeps its columns under their headers, and shows
every interval as an interval. With 100,000,000 games or more for a bot its count and wins
were wider than their columns, pushing the rest of its row out from under the header; and
past some ten million games an interval narrower than a tenth of a point read "59.2-59.2%",
as if there were no doubt left at all."""

from __future__ import annotations

import io
import json
import re

from gofish.core import make_rules
from gofish.tournament import Plan, Tally, run_tournament, summary
from gofish.tournament.report import bot_rows, print_table


def played_many_times(times: int) -> dict[str, object]:
    """A real result's totals, as if each of its games had been played ``times`` times: the
    figures of a run that long, without the hours it takes."""
    result = summary(run_tournament(Plan(make_rules("classic"), 2, 12,
                                         ("emma", "random", "counter"), 3000)))
    tally = Tally.from_raw(json.loads(json.dumps(result["totals"])))
    for name in ("games", "win_units", "books", "asks"):
        setattr(tally, name, [value * times for value in getattr(tally, name)])
    tally.pair_games = [[value * times for value in row] for row in tally.pair_games]
    tally.pair_points = [[value * times for value in row] for row in tally.pair_points]
    tally.tables *= times
    # as many times the deals, each alike: the sums over deals grow as the games do
    assert tally.deal_sums is not None and not tally.open_deals
    tally.deal_sums = {name: [value * times for value in values]
                       for name, values in tally.deal_sums.items()}
    bots = result["bots"]
    assert isinstance(bots, list)
    return {**result, "games": tally.tables,
            "bots": bot_rows([row["name"] for row in bots], [row["spec"] for row in bots], tally)}


def table_lines(result: dict[str, object]) -> list[str]:
    out = io.StringIO()
    print_table(result, out)
    return out.getvalue().splitlines()


def column_ends(line: str) -> list[int]:
    """Where each word of a line ends: right-aligned columns end where their headers do."""
    return [match.end() for match in re.finditer(r"\S+", line)]


def test_columns_stay_under_their_headers_past_a_hundred_million_games() -> None:
    result = played_many_times(200_000)  # 600 million games, 400 million for each bot
    lines = table_lines(result)
    header, rule, *rows = lines[1:]
    assert len(rule) == len(header)
    ends = column_ends(header)
    # "win %" and "95% CI" are two words each: their columns end at their second.
    headers = [*ends[:3], ends[4], *ends[6:]]
    for row in rows:
        assert len(row) == len(header)
        assert column_ends(row)[1:] == headers[1:]
    assert any(" 400000000 " in row for row in rows)


def test_an_interval_narrower_than_a_tenth_of_a_point_is_shown_as_one() -> None:
    result = played_many_times(20_000)  # 40 million games a bot
    rows = table_lines(result)[3:]
    for row in rows:
        interval = row.split()[4]
        low, high = interval.rstrip("%").split("-")
        assert low != high, row
    bots = result["bots"]
    assert isinstance(bots, list)
    # The rate is shown to as many decimals as its interval, and rounds to the JSON's.
    for row in rows:
        name, rate = row.split()[0], row.split()[3]
        (bot,) = [bot for bot in bots if bot["name"] == name]
        decimals = len(rate.rstrip("%").split(".")[1])
        assert decimals > 1 and float(rate.rstrip("%")) == round(100 * bot["win_rate"], decimals)


def test_a_table_of_a_few_games_is_as_it_was() -> None:
    result = summary(run_tournament(Plan(make_rules("classic"), 2, 1, ("emma", "random"), 2000)))
    header, rule, *rows = table_lines(result)[1:]
    assert len(header) == len(rule) == 91 and all(len(row) == 91 for row in rows)
    assert column_ends(header) == [3, 33, 44, 50, 52, 65, 68, 76, 83, 91]
    assert [row.split() for row in rows] == [
        ["emma", "2000", "1131.0", "56.5%", "54.4-58.7%", "+23", "6.94", "55.4"],
        ["random", "2000", "869.0", "43.5%", "41.3-45.6%", "-23", "6.06", "55.4"]]
