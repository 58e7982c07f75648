"""Tournament results for people (a table, a chart) and machines (JSON, CSV), and merging shards."""

from __future__ import annotations

import atexit
import csv
import io
import json
import math
import os
import shutil
import sys
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib.util import find_spec
from pathlib import Path
from typing import Any, TextIO, TypeGuard

from gofish.core import GoFishError, check_whole, make_rules
from gofish.core.errors import a_kind, cut, short_repr, shown
from gofish.narrate import plural, printable  # a bot named with a byte that is not UTF-8
from gofish.narrate import shown as on_screen  # and with a newline, which broke its row
from gofish.textwidth import display_width, padded
from gofish.tournament.plan import (
    MAX_GAMES,
    SEATINGS,
    SHARD_SPLIT,
    Plan,
    TournamentError,
    entrant_names,
    normalize_spec,
)
from gofish.tournament.play import MAX_ASKS_PER_GAME, failing_entrant
from gofish.tournament.run import Outcome
from gofish.tournament.stats import (
    deal_interval,
    deal_residuals,
    each_deal_one_trial,
    elo_ratings,
)
from gofish.tournament.tally import DEAL_SUMS, WIN_UNITS, Tally, first_failures, stored_deal_key
from gofish.whole_files import written_whole

METHODS = {
    "ci95": "Wilson score interval on the win rate (shared wins count 1/k) with the deal as "
    "the unit: n = the effective games (binomial over cluster-robust variance, deals as "
    "clusters, at most the games; one per deal if every game went one way), z = Student's "
    "t with deals - 1 degrees of freedom",
    "elo": "Bradley-Terry maximum likelihood on pairwise results (more books wins, equal books "
    "draws, a forfeit loses), one virtual draw per pair, mean rating 0",
}
#: How ``ci95`` is worked out from a result stored without the deals' sums (see bot_rows).
CI95_WITHOUT_DEAL_SUMS = (
    "Wilson score interval on the win rate (shared wins count 1/k) with the deal as the "
    "unit: n = the deals played (results stored without the sums of each deal's wins, "
    "each deal one trial), z = Student's t with deals - 1 degrees of freedom")


def _methods_of(tally: Tally) -> dict[str, str]:
    """The ``methods`` of a result: how its intervals were worked out from ``tally``."""
    if tally.deal_sums is None:
        return {**METHODS, "ci95": CI95_WITHOUT_DEAL_SUMS}
    return dict(METHODS)


# What played: the bulk simulator, the engine, or both (shards merged of each).
ENGINES = ("sim", "engine", "mixed")
MAX_BOOKS_PER_SEAT = 26  # every pair of the deck (book_size 2)


def bot_rows(names: Sequence[str], specs: Sequence[str], tally: Tally,
             plan: Plan | None = None) -> list[dict[str, Any]]:
    """One result per entrant: the ``bots`` list of the JSON output (``plan``: the one it
    was played to, which says how many games a deal has when the tally does not)."""
    elos = elo_ratings(tally.pair_games, tally.pair_points)
    ended = tally.ended_by_forfeit
    sums = tally.closed_deal_sums()
    rows = []
    for i, name in enumerate(names):
        games = tally.games[i]
        wins = tally.wins(i)
        rate = wins / games if games else 0.0
        if sums is None:
            deals = -(-games // _seats_per_deal(plan, i))
            low, high = each_deal_one_trial(rate, deals)
        else:
            deals = sums["deals"][i]
            low, high = deal_interval(tally.win_units[i], games, deals, sums["win_squares"][i],
                                      sums["win_seats"][i], sums["seat_squares"][i], WIN_UNITS)
        rows.append(
            {
                "name": name,
                "spec": specs[i],
                "games": games,
                "wins": wins,
                "win_rate": rate,
                "ci95": [low, high],
                "deals": deals,
                "elo": elos[i],
                "books_per_game": tally.books[i] / games if games else 0.0,
                "game_length": tally.asks[i] / games if games else 0.0,
                "forfeits": tally.forfeits[i],
                # its wins may be only others' forfeits; null: not known (an old result)
                "ended_by_forfeit": None if ended is None else ended[i],
            }
        )
    return rows


def _seats_per_deal(plan: Plan | None, entrant: int) -> int:
    """The seats ``entrant`` plays of one whole deal: the interval of a result stored
    without deal sums counts each deal as one trial (without a plan, each game)."""
    if plan is None:
        return 1
    seats = sum(table.count(entrant) for table in plan.tables) * len(plan.arrangements)
    return max(1, seats)


def summary(outcome: Outcome) -> dict[str, Any]:
    """The one JSON object ``gofish tournament --json`` prints."""
    if not isinstance(outcome, Outcome):
        raise TournamentError(f"summary takes what run_tournament returns, not "
                              f"{short_repr(outcome)}")  # cut: a list was written whole
    plan, tally = outcome.plan, outcome.tally
    return {
        "rules": plan.rules.to_json(plan.players),
        "players": plan.players,
        "games": tally.tables,
        "seconds": outcome.seconds,
        "bots": bot_rows(plan.names, plan.specs, tally, plan),
        "seed": plan.seed,
        "deals_per_table": plan.deals,
        "tables": [list(table) for table in plan.tables],
        "games_asked": plan.games_asked,
        "seatings": plan.seatings,
        "shard": [plan.shard, plan.shards],
        "shard_split": SHARD_SPLIT,
        "engine": outcome.engine,
        "jobs": outcome.jobs,
        "methods": _methods_of(tally),
        "failures": tally.failures,
        "failure_games": tally.failure_games,
        "failure_entrants": tally.failure_entrants,
        "failure_count": tally.failure_count,
        "totals": tally.raw(),
    }


def print_table(result: dict[str, Any], out: TextIO) -> None:
    rules = result["rules"]
    rules_text = rules if isinstance(rules, str) else json.dumps(rules)
    seed = result["seed"]  # a random one unless given: shown, so the run can be repeated
    seed_text = f"seed {seed}" if isinstance(seed, int) else "seeds " + ", ".join(map(str, seed))
    out.write(
        f"{result['games']} games, {result['players']} players, rules {rules_text}, "
        f"{seed_text}, {result['seconds']:.2f} s ({result['engine']})\n"
    )
    ranked = by_strength(result)
    names = [on_screen(printable(row["name"])) for row in ranked]
    decimals = _percent_decimals(ranked)
    cells = [_figures(row, decimals) for row in ranked]
    # As wide as the longest name (cut short, two commands could read the same), and each
    # column as its widest figure: a bot's games past 99,999,999 pushed the rest of its row
    # out from under the header. Measured in terminal cells: a name in Chinese (two cells a
    # character) pushed its row out of line too.
    width = max([24, *map(display_width, names)])
    widths = [max([least, *(len(row[column]) for row in cells)])
              for column, (_, least) in enumerate(TABLE_COLUMNS)]
    header = " ".join([f"{'bot':<{width}}", *(f"{title:>{room}}" for (title, _), room
                                              in zip(TABLE_COLUMNS, widths, strict=True))])
    out.write(header + "\n" + "-" * len(header) + "\n")
    for name, row in zip(names, cells, strict=True):
        figures = (f"{cell:>{room}}" for cell, room in zip(row, widths, strict=True))
        out.write(" ".join([padded(name, width), *figures]) + "\n")
    if not result["games"]:
        out.write(_no_games_line(result) + "\n")
    if result["failure_count"]:
        out.write(f"{result['failure_count']} game(s) forfeited by a failing bot or stopped "
                  "as endless; the first, and each failing bot's first:\n")
        for failure in failures_to_show(result, TABLE_FAILURES):
            out.write(f"  {on_screen(printable(failure))}\n")


#: The failures the table lists (and each other failing bot's first besides).
TABLE_FAILURES = 5


def failures_to_show(result: dict[str, Any], most: int) -> list[str]:
    """The first ``most`` of a result's kept failures, and each other failing bot's first:
    one bot failing every game had the first five to itself, and hid another's reason."""
    failures = result["failures"]  # in the order kept: the schedule's
    whose = failure_entrants(result)
    kept = [(None, entrant, message) for entrant, message in zip(whose, failures, strict=True)]
    return [message for _, _, message in first_failures(kept, most)]


#: The table's columns after the bot's name, each with its narrowest width.
TABLE_COLUMNS = (("games", 8), ("wins", 10), ("win %", 7), ("95% CI", 15), ("Elo", 7),
                 ("books", 6), ("length", 7))
#: The most decimals a win rate is shown with: an interval too narrow for them takes trillions
#: of games (the limit of a tournament is a billion).
MOST_PERCENT_DECIMALS = 4


def _percent_decimals(rows: Sequence[dict[str, Any]]) -> int:
    """How many decimals the win rates and intervals are shown with: one, or as many more
    as it takes for each interval's two ends to differ. Millions of games narrow an interval
    below a tenth of a point, which "59.2-59.2%" showed as no interval at all."""
    played = [row["ci95"] for row in rows if row["games"]]
    for decimals in range(1, MOST_PERCENT_DECIMALS):
        if all(f"{100 * low:.{decimals}f}" != f"{100 * high:.{decimals}f}"
               for low, high in played):
            return decimals
    return MOST_PERCENT_DECIMALS


def _figures(row: dict[str, Any], decimals: int) -> list[str]:
    """A bot's figures as the table's columns show them."""
    if not row["games"]:
        # A shard dealt no tables of this bot: no rate of 0.0% nor length 0.0 to read.
        return [str(row["games"]), *["-"] * (len(TABLE_COLUMNS) - 1)]
    low, high = row["ci95"]
    return [str(row["games"]), f"{row['wins']:.1f}", f"{100 * row['win_rate']:.{decimals}f}%",
            f"{100 * low:.{decimals}f}-{100 * high:.{decimals}f}%", f"{row['elo']:+.0f}",
            f"{row['books_per_game']:.2f}", f"{row['game_length']:.1f}"]


def _no_games_line(result: dict[str, Any]) -> str:
    """Why a result holds no games: the shards it holds were dealt none of the tables (too
    few --games for so many shards), as "this shard" said of a merge, which is no shard."""
    count, held = _shards_held(result)
    if count == 1:  # a whole tournament (or a merge saved before merges recorded shards)
        return "No games were played."
    which = "this shard was" if "merged_shards" not in result else (
        f"{_listed(held)} {'was' if len(held) == 1 else 'were'}")
    return (f"No games were played: {which} dealt none of the tournament's tables (too few "
            "--games for so many shards).")


CSV_FIELDS = ("name", "games", "wins", "win_rate", "ci95_low", "ci95_high", "elo",
              "books_per_game", "game_length", "forfeits", "ended_by_forfeit")


def by_strength(result: dict[str, Any]) -> list[dict[str, Any]]:
    """The bots' rows strongest first (by Elo), as the table, the CSV and the chart list
    them; the JSON keeps the order they were named in. A bot of no games (in a shard that
    dealt none of its tables) comes last: its Elo of 0 is no strength, and it was listed
    above every bot that played and scored below the mean."""
    return sorted(result["bots"], key=lambda row: (_no_games(row), -row["elo"]))


def write_csv(result: dict[str, Any], path: str) -> None:
    """The table as CSV, one row per bot; a file that cannot be written is a TournamentError."""
    try:
        with written_whole(path, newline="", encoding="utf-8") as stream:
            writer = csv.writer(stream)
            writer.writerow(CSV_FIELDS)
            for row in by_strength(result):  # as the table lists them
                writer.writerow([printable(row["name"]), row["games"], row["wins"],
                                 *_csv_figures(row), row["forfeits"],
                                 _blank_if_none(row.get("ended_by_forfeit"))])
    except OSError as error:
        raise TournamentError(f"cannot write {path}: {error.strerror or error}") from None


def _csv_figures(row: dict[str, Any]) -> list[object]:
    """A row's rate, interval, Elo, books and length; blank for a bot of no games (a shard
    dealt none of its tables), as the table's "-": a spreadsheet would read 0.0 as a rate."""
    low, high = row["ci95"]
    figures = [row["win_rate"], low, high, row["elo"], row["books_per_game"],
               row["game_length"]]
    return figures if row["games"] else [""] * len(figures)


def _blank_if_none(value: object) -> object:
    return "" if value is None else value


def _pyplot() -> Any:
    """matplotlib's pyplot, drawing to files only, or a clear error saying how to get it."""
    try:
        quiet_matplotlib_folders()
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise TournamentError(
            "--plot needs matplotlib: pip install matplotlib (or, in the gofish checkout, "
            "pip install '.[plot]')"
        ) from None
    return plt


def quiet_matplotlib_folders() -> None:
    """Give matplotlib a private temporary folder (MPLCONFIGDIR, unless the user set it)
    when its own could not be made or written (an unwritable home): else it warns on import
    that it "created a temporary cache directory", in the middle of the tournament's output."""
    if os.environ.get("MPLCONFIGDIR") or "matplotlib" in sys.modules:
        return
    if find_spec("matplotlib") is None:
        return  # --plot is refused: nothing to make folders for in the home
    try:
        usable = all(map(_writable_folder, _matplotlib_folders()))
    except RuntimeError:  # no home directory at all
        usable = False
    if not usable:
        private = tempfile.mkdtemp(prefix="gofish-matplotlib-")
        atexit.register(shutil.rmtree, private, ignore_errors=True)
        os.environ["MPLCONFIGDIR"] = private


def _matplotlib_folders() -> list[Path]:
    """Where matplotlib keeps its settings and font cache by itself (as it finds them)."""
    if not sys.platform.startswith(("linux", "freebsd")):
        return [Path.home() / ".matplotlib"]
    return [_xdg_folder("XDG_CONFIG_HOME", lambda: Path.home() / ".config") / "matplotlib",
            _xdg_folder("XDG_CACHE_HOME", lambda: Path.home() / ".cache") / "matplotlib"]


def _xdg_folder(variable: str, default: Callable[[], Path]) -> Path:
    value = os.environ.get(variable)
    return Path(value) if value else default()  # the home is looked up only if needed


def _writable_folder(path: Path) -> bool:
    """Whether ``path`` is, or can be made, a folder this process may write (as matplotlib
    would make it)."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return path.is_dir() and os.access(path, os.W_OK)


def _check_plot_format(path: str) -> None:
    """Refuse a chart file whose extension matplotlib cannot write (no extension: PNG), or
    cannot write on this machine: a small chart is drawn in that format first."""
    plt = _pyplot()
    from matplotlib.backend_bases import FigureCanvasBase

    extension = os.path.splitext(path)[1].lstrip(".").lower()
    formats = FigureCanvasBase.get_supported_filetypes()
    if extension and extension not in formats:
        known = ", ".join(f".{name}" for name in sorted(formats))
        raise TournamentError(f"cannot draw {path}: charts are written as {known}, "
                              f"not .{extension}")
    _chart_bytes(plt, TRIAL_CHART, path)


#: What a format is tried on before any game: some need a program that may not be here
#: (.pgf needs LaTeX, as every format does under a matplotlibrc's text.usetex; .ps and .eps
#: need Ghostscript under its ps.usedistiller), which failed only after the games.
TRIAL_CHART: dict[str, Any] = {"games": 2, "players": 2, "bots": [
    {"name": name, "win_rate": 0.5, "ci95": [0.25, 0.75], "elo": 0.0} for name in "ab"]}


def check_outputs(csv_path: str | None, plot_path: str | None) -> None:
    """Refuse, before any game is played, output files that could not be written."""
    if plot_path:
        _check_plot_format(plot_path)
    for path in filter(None, (csv_path, plot_path)):
        # A link to nothing is written where it points: that folder must be there.
        folder = os.path.dirname(os.path.realpath(path))
        if not os.path.isdir(folder):
            raise TournamentError(f"cannot write {path}: no folder {folder}")
        if os.path.isdir(path):
            raise TournamentError(f"cannot write {path}: it is a folder")
        # An existing file is opened, not made: its own permission counts, not the folder's.
        writable = os.access(path if os.path.exists(path) else folder, os.W_OK)
        if not writable or not os.access(folder, os.X_OK):
            raise TournamentError(f"cannot write {path}: permission denied")
        if not os.path.lexists(path):
            _try_making(path)


def _try_making(path: str) -> None:
    """Make ``path`` and remove it again, so that what the permissions do not tell (a name
    too long, a folder of /proc or /sys that takes no new file) is refused before the
    games, not after them."""
    try:
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:  # made meanwhile by someone else: theirs to keep, and writable
        return
    except OSError as error:
        raise TournamentError(f"cannot write {path}: {error.strerror}") from None
    os.unlink(path)


#: The share of the chart's height an Elo label takes (9 points of some 220): a bar shorter
#: than that, above the label's 1% from the axis, has it above its interval instead.
LABEL_ROOM = 0.07


def write_plot(result: dict[str, Any], path: str) -> None:
    """A bar chart of win rates with their 95% intervals, Elo written on each bar. Drawn
    whole before the file is opened: a chart that fails leaves no empty or partial file,
    and an old file of that name as it was."""
    _write_bytes(path, _chart_bytes(_pyplot(), result, path))


def _chart_bytes(plt: Any, result: dict[str, Any], path: str) -> bytes:
    """The chart of ``result`` in the format ``path`` names, or a TournamentError in a line."""
    stream = io.BytesIO()
    # With no extension matplotlib would write PATH.png, not the file named: say PNG instead.
    chart_format = os.path.splitext(path)[1].removeprefix(".").lower() or "png"
    figure = None
    try:
        figure = _chart(plt, result)  # its layout may need LaTeX too (text.usetex)
        figure.savefig(stream, format=chart_format)
    except Exception as error:  # a backend raises whatever its program or plug-in does
        raise TournamentError(f"cannot draw {path}: {_first_line(error)}") from None
    finally:
        if figure is not None:
            plt.close(figure)
    return stream.getvalue()


def _first_line(error: Exception) -> str:
    """An error's first line (LaTeX's reports run to dozens), or at least its kind."""
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def _write_bytes(path: str, data: bytes) -> None:
    """Write ``data`` whole: an old file is replaced only once the new one is, and a new
    file that cannot be (a full disk) is removed again, both by ``written_whole``."""
    try:
        with written_whole(path, "wb") as stream:
            stream.write(data)
    except OSError as error:
        raise TournamentError(f"cannot write {path}: {error.strerror or error}") from None


#: The widest chart, in inches: 4,000 pixels at matplotlib's 100 dots an inch. With a bar
#: a bot, each named under it, 560 bots made a chart 67,400 pixels wide: past the 2**16
#: that older matplotlib draws, so it failed once every game was played, and past what
#: anyone can look at with any.
MAX_CHART_WIDTH = 40.0
#: Room along the axis for a name written upright: a line of NAME_POINTS-point text.
UPRIGHT_NAME_ROOM = 0.16
NAME_POINTS = 7
#: The longest name written under a bar of a crowded chart: longer ones are cut.
LONGEST_NAME_SHOWN = 40
BAR_COLOUR = "#3b7dd8"


def _chart(plt: Any, result: dict[str, Any]) -> Any:
    """The figure of the chart (closed by the caller)."""
    rows = by_strength(result)
    names = [printable(row["name"]) for row in rows]
    # Room under each bar for its name (about 0.08 inch a character), lest long ones such as
    # counter:epsilon=0.5 run into the next.
    per_bar = max(1.2, 0.08 * max(len(name) for name in names))
    width = per_bar * len(rows) + 2
    if width > MAX_CHART_WIDTH:
        return _crowded_chart(plt, result, rows, names)
    figure, axes = plt.subplots(figsize=(max(4.0, width), 4))
    rates, errors = _rates_and_errors(rows)
    labels = [_as_typed(name) for name in names]
    bars = axes.bar(labels, rates, yerr=errors, capsize=6, color=BAR_COLOUR)
    top = axes.get_ylim()[1]  # as the bars and their intervals set it
    for bar, row, rate, above in zip(bars, rows, rates, errors[1], strict=True):
        inside = rate >= 1 + LABEL_ROOM * top  # else white on the white above: unreadable
        height, colour = (1, "white") if inside else (rate + above + 0.01 * top, "#222")
        axes.annotate(_elo_text(row), (bar.get_x() + bar.get_width() / 2, height),
                      ha="center", va="bottom", color=colour, fontsize=9)
    _frame(axes, result)
    axes.set_title(_title(result), wrap=True)
    figure.tight_layout()
    return figure


def _crowded_chart(plt: Any, result: dict[str, Any], rows: list[dict[str, Any]],
                   names: list[str]) -> Any:
    """Too many bots for a bar each with its name and Elo within MAX_CHART_WIDTH: thin bars
    in Elo order, strongest first, and the names (with their Elo) of as many as can be read,
    written upright and evenly spread: the strongest, then every ``every``-th. The table
    and --csv name them all."""
    every = math.ceil(len(rows) * UPRIGHT_NAME_ROOM / (MAX_CHART_WIDTH - 2))
    named = range(0, len(rows), every)
    labels = [f"{_as_typed(cut(names[i], LONGEST_NAME_SHOWN))}  {_elo_text(rows[i])}"
              for i in named]
    rates, errors = _rates_and_errors(rows)
    figure, axes = plt.subplots(figsize=(MAX_CHART_WIDTH, 7))
    axes.bar(range(len(rows)), rates, width=0.8, yerr=errors, color=BAR_COLOUR,
             error_kw={"elinewidth": 0.5})
    axes.set_xticks(list(named), labels, rotation=90, fontsize=NAME_POINTS)
    axes.set_xlim(-1, len(rows))
    _frame(axes, result)
    which = "" if every == 1 else f", one in {every} named (the table names all)"
    axes.set_title(f"{_title(result)}: {len(rows):,} bots by Elo, strongest first{which}")
    figure.tight_layout()
    return figure


def _title(result: dict[str, Any]) -> str:
    """Games, seats and rules: without the rules, charts of one field of bots under two
    rule sets read the same."""
    text = f"{result['games']} games, {result['players']} players"
    rules = result.get("rules")
    if rules is None:
        return text
    if isinstance(rules, str):
        return f"{text}, {rules}"
    options = ", ".join(f"{key} {str(value).lower() if isinstance(value, bool) else value}"
                        for key, value in rules.items() if key != "preset")
    return f"{text}, {rules.get('preset')} ({options})"


def _rates_and_errors(rows: list[dict[str, Any]]) -> tuple[list[float], list[list[float]]]:
    """Each bot's win rate (%) and how far its 95% interval reaches below and above it;
    nothing at all for a bot of no games, whose rate of 0 and interval of 0-100% are no
    figures of play."""
    rates = [0.0 if _no_games(row) else 100 * row["win_rate"] for row in rows]
    errors = [
        [0.0 if _no_games(row) else 100 * (row["win_rate"] - row["ci95"][0]) for row in rows],
        [0.0 if _no_games(row) else 100 * (row["ci95"][1] - row["win_rate"]) for row in rows],
    ]
    return rates, errors


def _no_games(row: dict[str, Any]) -> bool:
    """Whether a bot's row played no games: a shard, or a merge of shards, dealt none of its
    tables. The table shows its figures as "-" and --csv leaves them blank."""
    return row.get("games") == 0


def _elo_text(row: dict[str, Any]) -> str:
    """What a bar is labelled with: its Elo, or "no games" where that Elo of 0 (the mean)
    was never played for."""
    return "no games" if _no_games(row) else f"Elo {row['elo']:+.0f}"


def _frame(axes: Any, result: dict[str, Any]) -> None:
    """What both charts draw around the bars: a fair share's line, named in a legend (a
    dashed line nobody named was left to be guessed at), and the axis's name."""
    players = result["players"]
    axes.axhline(100 / players, color="grey", linestyle="--", linewidth=1,
                 label=f"fair share: 1 win in {players} games")
    axes.legend(loc="best", fontsize="small", framealpha=1)  # opaque: PostScript has no other
    axes.set_ylabel("win rate (%), 95% CI")


def _as_typed(name: str) -> str:
    """A bot's name as a chart label: matplotlib reads text between two ``$`` as a formula
    (``cmd:bot.py $A $B`` lost its spaces, and ``$\\frac$`` failed the chart after the games),
    so each ``$`` is escaped and shown as typed."""
    return name.replace("$", r"\$")


def _is_count(value: object) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_counts(value: object, length: int) -> TypeGuard[list[int]]:
    return isinstance(value, list) and len(value) == length and all(map(_is_count, value))


def check_result(result: object) -> None:
    """Refuse, saying what is wrong, anything but a ``--json`` result of a tournament (or
    of a merge of its shards): merging reads every field checked here."""
    if not isinstance(result, dict):
        raise TournamentError("it is not a JSON object")
    bots = result.get("bots")
    if not isinstance(bots, list) or len(bots) < 2 or not all(
        isinstance(row, dict) and isinstance(row.get("name"), str)
        and isinstance(row.get("spec"), str) for row in bots
    ):
        raise TournamentError("'bots' must list two or more bots, each with a name and a spec")
    _check_fields(result)
    _check_merged_shards(result)
    _check_run_fields(result)
    _check_totals(result.get("totals"), [row["name"] for row in bots])
    _check_consistent(result)


def _check_fields(result: dict[str, Any]) -> None:
    players, seed, shard = result.get("players"), result.get("seed"), result.get("shard")
    # A field of a JSON file: null and true as the file writes them, not None and True.
    players = check_whole("'players'", players, 2, None, TournamentError, shown)
    try:
        make_rules(result.get("rules")).for_players(players)
    except GoFishError as error:
        raise TournamentError(f"'rules': {error}") from None
    if not _is_count(seed):
        raise TournamentError(f"'seed' must be a whole number from 0, not {shown(seed)} "
                              "(a pooled result cannot be merged again)")
    check_whole("'games_asked'", result.get("games_asked"), 1, MAX_GAMES, TournamentError,
                shown)
    if _seatings(result) not in SEATINGS:
        raise TournamentError(f"'seatings' must be one of {', '.join(SEATINGS)}")
    if not (_is_counts(shard, 2) and shard[0] < shard[1]):
        raise TournamentError(f"'shard' must be [I, N] with 0 <= I < N, not {shown(shard)}")


def _check_merged_shards(result: dict[str, Any]) -> None:
    """A merge's record of the shards it holds, as merge_results writes it."""
    merged = result.get("merged_shards")
    if merged is None:  # not a merge, or one saved before merges recorded it
        return
    held = merged.get("held") if isinstance(merged, dict) else None
    count = merged.get("of") if isinstance(merged, dict) else None
    if not (_is_count(count) and isinstance(held, list) and held
            and all(_is_count(i) and i < count for i in held) and len(set(held)) == len(held)):
        raise TournamentError("'merged_shards' must be {\"of\": N, \"held\": [the shards "
                              f"held, each once, below N]}}, not {shown(merged)}")
    if result["shard"] != [0, 1]:
        raise TournamentError("'merged_shards' belongs to a merge, whose 'shard' is [0, 1], "
                              f"not {result['shard']}")


def _check_run_fields(result: dict[str, Any]) -> None:
    """The fields that tell how the games went, which merging adds up and the table shows."""
    if "engine" not in result:  # the table names it
        raise TournamentError(f"'engine' is missing (one of {', '.join(ENGINES)})")
    if result["engine"] not in ENGINES:
        raise TournamentError(f"'engine' must be one of {', '.join(ENGINES)}, not "
                              f"{shown(result['engine'])}")
    seconds = result.get("seconds")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not seconds >= 0:
        raise TournamentError(f"'seconds' must be a number from 0, not {shown(seconds)}")
    failures = result.get("failures", [])
    if not isinstance(failures, list) or not all(isinstance(f, str) for f in failures):
        raise TournamentError("'failures' must be a list of messages")
    games = result.get("failure_games")  # missing from results saved before it was kept
    if games is not None and not (isinstance(games, list) and len(games) == len(failures)
                                  and all(g is None or _is_count(g) for g in games)):
        raise TournamentError("'failure_games' must hold a game number (or null) for each "
                              "of 'failures'")
    _check_failure_entrants(result, failures)
    check_whole("'failure_count'", result.get("failure_count", 0), 0, None, TournamentError,
                shown)
    missing = result.get("missing_shards", [])
    if not (isinstance(missing, list) and all(map(_is_count, missing))):
        raise TournamentError(f"'missing_shards' must be a list of shard numbers, not "
                              f"{shown(missing)}")


def failure_entrants(result: dict[str, Any]) -> list[int | None]:
    """The failing bot of each of a result's failures, by its place in 'bots': as kept, or
    for a result saved before they were, read from the failures' words. Unknown (None),
    an old shard's failure past the first ones was kept and listed as another bot's first
    when shards were merged, though its bot had failed before."""
    whose = result.get("failure_entrants")
    failures = result.get("failures", [])
    if whose is not None and len(whose) == len(failures):
        return list(whose)
    names = [bot["name"] for bot in result["bots"]]
    return [failing_entrant(message, names) for message in failures]


def _check_failure_entrants(result: dict[str, Any], failures: list[str]) -> None:
    """Missing from results saved before it was kept: their failures' bots are not known."""
    whose = result.get("failure_entrants")
    bots = len(result["bots"])
    if whose is not None and not (isinstance(whose, list) and len(whose) == len(failures)
                                  and all(e is None or (_is_count(e) and e < bots)
                                          for e in whose)):
        raise TournamentError("'failure_entrants' must hold, for each of 'failures', the "
                              "number of the failing bot in 'bots' (from 0), or null")


def _check_totals(totals: object, names: Sequence[str]) -> None:
    entrants = len(names)
    if not isinstance(totals, dict) or not _is_count(totals.get("tables")):
        raise TournamentError("'totals' must be an object with the count of 'tables'")
    for name in ("games", "win_units", "books", "asks", "forfeits"):
        if not _is_counts(totals.get(name), entrants):
            raise TournamentError(f"'totals.{name}' must hold one count per bot")
    # Optional: results stored before it was kept have none, and merge to none.
    if "ended_by_forfeit" in totals and not _is_counts(totals["ended_by_forfeit"], entrants):
        raise TournamentError("'totals.ended_by_forfeit' must hold one count per bot")
    played, won = totals["games"], totals["win_units"]
    for i in range(entrants):
        if won[i] > WIN_UNITS * played[i]:  # a win rate above 1: no interval can be drawn
            raise TournamentError(f"'totals.win_units' gives {names[i]} more wins than games")
    for name in ("pair_games", "pair_points"):
        rows = totals.get(name)
        if not (isinstance(rows, list) and len(rows) == entrants
                and all(_is_counts(row, entrants) for row in rows)):
            raise TournamentError(f"'totals.{name}' must hold a count for every pair of bots")


def _shard_games(plan: Plan, split: str | None) -> int:
    """The games of a plan's shard, as split by the gofish that wrote it."""
    if split is None:  # every N-th unit, from the I-th
        return len(range(plan.shard, plan.total_units, plan.shards)) * len(plan.arrangements)
    return plan.games


def _check_consistent(result: dict[str, Any]) -> None:
    """Refuse totals no tournament can add up to (a hand-edited file), which would otherwise
    give nonsense or overflow the arithmetic of the table."""
    totals, players = result["totals"], result["players"]
    names = [row["name"] for row in result["bots"]]
    index, count = result["shard"]
    plan = Plan(make_rules(result["rules"]), players, result["seed"],
                tuple(row["spec"] for row in result["bots"]), result["games_asked"], index,
                count, _seatings(result))
    if totals["tables"] > (most := _shard_games(plan, _split(result))):
        whose = "this tournament" if count == 1 else f"its shard {index}/{count}"
        raise TournamentError(f"'totals.tables' is {totals['tables']}, more than the "
                              f"{most} games of {whose}")
    if sum(totals["games"]) != totals["tables"] * players:
        raise TournamentError(f"'totals.games' must add up to {players} seats for each of the "
                              f"{totals['tables']} games in 'totals.tables'")
    limits = (("books", MAX_BOOKS_PER_SEAT, "books"), ("asks", MAX_ASKS_PER_GAME, "asks"),
              ("forfeits", 1, "forfeits"))
    for field_name, most, what in limits:
        for i, name in enumerate(names):
            if totals[field_name][i] > most * totals["games"][i]:
                raise TournamentError(f"'totals.{field_name}' gives {name} more {what} than "
                                      f"{most} per game")
    _check_ended_by_forfeit(totals, names, players)
    _check_deal_sums(totals, names, plan.deal_games)
    pair_games, pair_points = totals["pair_games"], totals["pair_points"]
    for a, name in enumerate(names):
        for b, other in enumerate(names):
            if pair_games[a][b] != pair_games[b][a] or (a == b and pair_games[a][b]):
                raise TournamentError(f"'totals.pair_games' is not the same for {name} against "
                                      f"{other} as for {other} against {name}")
            if pair_games[a][b] > (players - 1) * totals["games"][a]:
                raise TournamentError(f"'totals.pair_games' gives {name} more meetings than "
                                      "its games allow")
            if pair_points[a][b] + pair_points[b][a] != 2 * pair_games[a][b]:
                raise TournamentError(f"'totals.pair_points' of {name} and {other} must add up "
                                      "to two half points per meeting in 'totals.pair_games'")


def _check_deal_sums(totals: dict[str, Any], names: Sequence[str], deal_games: int) -> None:
    """The sums over deals behind the interval, if kept (not in results stored before)."""
    if "deals" not in totals:
        return
    entrants = len(names)
    for name in DEAL_SUMS:
        if not _is_counts(totals.get(stored_deal_key(name)), entrants):
            raise TournamentError(f"'totals.{stored_deal_key(name)}' must hold one count "
                                  "per bot")
    if totals.get("deal_games") not in (0, deal_games):  # 0: a tally told no deals
        raise TournamentError(f"'totals.deal_games' must be {deal_games}, the games of one "
                              f"deal, not {shown(totals.get('deal_games'))}")
    opened = totals.get("open_deals")
    if not (isinstance(opened, list) and all(_is_open_deal(deal, entrants) for deal in opened)):
        raise TournamentError("'totals.open_deals' must list [deal, games, [[bot, win units, "
                              "seats], ...]] for each deal whose games are not all in")
    open_seats = _check_open_deals(opened, names, totals["games"], deal_games)
    _check_deal_squares(totals, names)
    _check_deal_seats(totals, names, open_seats, deal_games)


def _check_deal_seats(totals: dict[str, Any], names: Sequence[str], open_seats: list[int],
                      deal_games: int) -> None:
    """A whole deal seats a bot from once to once a game of the deal (a deal of one game
    when none were told), so its deals and their seats bound each other. Deals left out
    (0 for games played) gave another interval, read as if from no deals."""
    most = max(deal_games, 1)
    for i, name in enumerate(names):
        seats = totals["games"][i] - open_seats[i]  # those of its whole deals
        deals, squares = totals["deals"][i], totals["deal_seat_squares"][i]
        if not deals <= seats <= most * deals:
            raise TournamentError(f"'totals.deals' gives {name} {deals} whole deals for its "
                                  f"{seats} games in them: a deal holds from 1 to {most} "
                                  "of a bot's games")
        if not seats <= squares <= most * seats:
            raise TournamentError(f"'totals.deal_seat_squares' of {name} does not add up "
                                  f"with its {seats} games in {deals} whole deals")


def _check_open_deals(opened: list[Any], names: Sequence[str], games: Sequence[int],
                      deal_games: int) -> list[int]:
    """An open deal has fewer games than a deal, and no bot more wins than seats in it, nor
    more seats in all of them than its games. Returns each bot's seats in open deals."""
    seats = [0] * len(names)
    for deal, played, shares in opened:
        if played > deal_games:
            raise TournamentError(f"'totals.open_deals' gives deal {deal} {played} games, more "
                                  f"than the {deal_games} of a deal")
        for entrant, won, seated in shares:
            if won > WIN_UNITS * seated:
                raise TournamentError(f"'totals.open_deals' gives {names[entrant]} more wins "
                                      f"than seats in deal {deal}")
            seats[entrant] += seated
    for name, seated, played in zip(names, seats, games, strict=True):
        if seated > played:
            raise TournamentError(f"'totals.open_deals' gives {name} more seats than games")
    return seats


def _check_deal_squares(totals: dict[str, Any], names: Sequence[str]) -> None:
    """Sums of squares that deals can add up to: none larger than its total squared, and
    the deals' spread about the win rate not negative. Others made the interval's arithmetic
    overflow or divide by zero, or read as deals all alike (the narrowest interval)."""
    games, won = totals["games"], totals["win_units"]
    for i, name in enumerate(names):
        bounds = (("deal_seat_squares", games[i] ** 2), ("deal_win_squares", won[i] ** 2),
                  ("deal_win_seats", won[i] * games[i]))
        for key, most in bounds:
            if totals[key][i] > most:
                raise TournamentError(f"'totals.{key}' gives {name} more than its games "
                                      "allow")
    sums = Tally.from_raw(totals).closed_deal_sums()
    assert sums is not None  # the totals hold deal sums: checked above
    for i, name in enumerate(names):
        spread = deal_residuals(won[i], games[i], sums["win_squares"][i], sums["win_seats"][i],
                                sums["seat_squares"][i])
        if spread < 0:
            raise TournamentError(f"the deal sums in 'totals' of {name} do not add up: no "
                                  "deals have those sums of squares")


def _is_open_deal(deal: object, entrants: int) -> bool:
    if not (isinstance(deal, list) and len(deal) == 3 and _is_count(deal[0])
            and _is_count(deal[1]) and isinstance(deal[2], list)):
        return False
    return all(_is_counts(share, 3) and share[0] < entrants for share in deal[2])


def _check_ended_by_forfeit(totals: dict[str, Any], names: Sequence[str], players: int) -> None:
    """A forfeit ends one game, and so one game of each of its ``players`` seats."""
    ended = totals.get("ended_by_forfeit")
    if ended is None:
        return
    for i, name in enumerate(names):
        if not totals["forfeits"][i] <= ended[i] <= totals["games"][i]:
            raise TournamentError(f"'totals.ended_by_forfeit' gives {name} fewer games ended "
                                  "by a forfeit than its own forfeits, or more than its games")
    if sum(ended) != players * sum(totals["forfeits"]):
        raise TournamentError(f"'totals.ended_by_forfeit' must add up to {players} seats for "
                              "each forfeit in 'totals.forfeits'")


def _labels(results: Sequence[Any], labels: Iterable[str] | None, kind: str) -> list[str]:
    if labels is None:
        return [f"{kind} {n}" for n in range(1, len(results) + 1)]
    # One name per result: fewer was an IndexError past the last, a string named each
    # result by one of its letters.
    if isinstance(labels, str | bytes | Mapping) or not isinstance(labels, Iterable):
        raise TournamentError(f"labels must be a list of names, one per result, not "
                              f"{short_repr(labels)}")
    names = list(labels)
    if not all(isinstance(label, str) for label in names):
        raise TournamentError(f"labels must be a list of names, one per result, not "
                              f"{short_repr(names)}")
    if len(names) != len(results):
        raise TournamentError(f"labels must name each result once: {len(names)} "
                              f"for {plural(len(results), 'result')}")
    return names


def _checked_results(results: Iterable[dict[str, Any]], labels: Iterable[str] | None,
                     kind: str, none_given: str) -> tuple[list[dict[str, Any]], list[str]]:
    """``results`` as a list, with their labels, once each is checked to be a tournament
    result: from Python (the Ray example) a dict with a field missing was a KeyError from
    deep inside. Any list in order will do, a generator too, as a Plan's specs: a study
    writes ``merge_results(json.load(open(name)) for name in names)``."""
    if isinstance(results, str | bytes | Mapping) or not isinstance(results, Iterable):
        # One result itself was read as a list of its keys, each "not a JSON object".
        raise TournamentError(f"results must be a list of tournament results (one result: "
                              f"[result]), not {a_kind(results)}")
    listed = list(results)
    if not listed:
        raise TournamentError(none_given)
    who = _labels(listed, labels, kind)
    for name, result in zip(who, listed, strict=True):
        try:
            check_result(result)
        except TournamentError as error:
            raise TournamentError(f"{name} is not a tournament JSON result: {error}") from None
    return listed, who


#: How a refusal names a field that differs: as the option it comes from, not as its JSON
#: key ("played with a different games_asked").
_FIELD_WORDS = {"rules": "under different rules", "players": "with a different number of players",
                "seed": "with a different seed", "games_asked": "with a different --games",
                "seatings": "with a different --seatings"}


def _check_alike(first: dict[str, Any], other: dict[str, Any], fields: Sequence[str],
                 who: str, first_who: str, why: str) -> None:
    """Refuse to add ``other`` to ``first`` unless ``fields`` and the bots are the same."""
    for name in fields:
        mine, theirs = _field(other, name), _field(first, name)
        if mine != theirs:
            values = "" if isinstance(mine, dict) else f" ({mine!r}, not {theirs!r})"
            raise TournamentError(
                f"{who} was played {_FIELD_WORDS[name]} from {first_who}{values}: "
                f"{why}")
    mine, theirs = _specs(other), _specs(first)
    if sorted(mine) == sorted(theirs) and mine != theirs:  # the schedule follows the order
        raise TournamentError(f"{who} names the same bots as {first_who} in another order "
                              f"({', '.join(mine)}, not {', '.join(theirs)}): {why}; play "
                              "it with the bots in one order")
    if mine != theirs:
        raise TournamentError(f"{who} has different bots from {first_who}: {why}")


def _seatings(result: dict[str, Any]) -> Any:
    """A result's seatings: "rotate" in one written before there was a choice."""
    return result.get("seatings", "rotate")


def _field(result: dict[str, Any], name: str) -> Any:
    return _seatings(result) if name == "seatings" else result.get(name)


def _specs(result: dict[str, Any]) -> list[str]:
    """The bots of a stored result, each in its one spelling (a file written before
    spellings were made one may hold ``expert:infer=False`` where another has ``=false``)."""
    return [normalize_spec(row["spec"]) for row in result["bots"]]


def merge_results(results: Iterable[dict[str, Any]],
                  labels: Iterable[str] | None = None) -> dict[str, Any]:
    """Combine ``--json`` outputs of shards of one tournament into one result
    (``labels``, e.g. file names, name them in errors)."""
    results, who = _checked_results(results, labels, "shard",
                                    "nothing to merge: give the JSON files of the shards")
    first = results[0]
    key_fields = ("rules", "players", "seed", "games_asked", "seatings")
    specs = _specs(first)
    names = entrant_names(specs)
    shard_count, shards = _shards_held(first)[0], set[int]()
    _check_one_split(results, who)
    parts: dict[int, Tally] = {}  # by the first shard each holds
    seconds = 0.0
    for number, result in enumerate(results):
        _check_alike(first, result, key_fields, who[number], who[0],
                     "it is not part of the same tournament (to add up whole tournaments "
                     "played with other seeds, use --pool)")
        count, held = _shards_held(result)
        if count != shard_count:
            raise TournamentError(_other_split(result, first, who[number], who[0]))
        if twice := sorted(held & shards):
            raise TournamentError(f"shard {twice[0]}/{count} is given twice ({who[number]})")
        shards |= held
        parts[min(held)] = _stored_tally(result)
        seconds += float(result["seconds"])
    tally = _added_up(parts)
    rules = make_rules(first["rules"])
    plan = Plan(rules, first["players"], first["seed"], tuple(specs), first["games_asked"],
                seatings=_seatings(first))
    # Only shards with units to play can miss games (--shard 0/100000000000 is allowed).
    missing = [i for i in _shards_with_units(plan, shard_count, _split(first))
               if i not in shards]
    # A merge saved before merges recorded their shards counts as the whole tournament,
    # shard 0 of 1: the shards it missed are known only from its missing_shards.
    carried = {i for result in results if "merged_shards" not in result
               for i in result.get("missing_shards", [])}
    missing = sorted(carried.union(missing))
    merged = dict(first)
    merged.update(
        games=tally.tables,
        seconds=seconds,
        bots=bot_rows(names, specs, tally, plan),
        methods=_methods_of(tally),
        shard=[0, 1],
        failures=tally.failures,
        failure_games=tally.failure_games,
        failure_entrants=tally.failure_entrants,
        failure_count=tally.failure_count,
        totals=tally.raw(),
        missing_shards=missing,
        **_played_by(results),
        # which shards it holds, so that a merge that missed some can take them later
        merged_shards={"of": shard_count, "held": sorted(shards)},
        deals_per_table=plan.deals,
    )
    return merged


def _split(result: dict[str, Any]) -> str | None:
    """How a result's tournament was split into shards (None: written before results said,
    when every N-th unit went to a shard)."""
    return result.get("shard_split")


def _check_one_split(results: Sequence[dict[str, Any]], who: Sequence[str]) -> None:
    """Refuse to merge shards split in different ways: they hold other games, and their
    sum would count some twice and miss others. (A whole tournament is split in none.)"""
    split = [(_split(result), name) for result, name in zip(results, who, strict=True)
             if _shards_held(result)[0] > 1]
    older = [name for kind, name in split if kind is None]
    if older and len(older) < len(split):
        raise TournamentError(
            f"{older[0]} was written by an older gofish, which split the tournament into "
            "shards another way (every N-th table and deal): its games are not the ones the "
            "other shards lack. Merge it only with shards of that version, or play it again")


def _shards_with_units(plan: Plan, count: int, split: str | None) -> Iterable[int]:
    """The shards (of ``count``) that have units to play: all, unless there are more shards
    than units. Unit ``u`` is in the stretch of shard ``u * count // units`` (Plan.units);
    the older split gave units to the first shards."""
    units = plan.total_units
    if count <= units:
        return range(count)
    if split is None:
        return range(units)
    return sorted({unit * count // units for unit in range(units)})


def _added_up(parts: dict[int, Tally]) -> Tally:
    """The parts' sum, added in shard order: so even failures whose games are unknown (a
    result saved before they were numbered) come in one order, whatever the files' order."""
    ordered = [parts[first] for first in sorted(parts)]
    for part in ordered[1:]:
        ordered[0].merge(part)
    return ordered[0]


def _stored_tally(result: dict[str, Any]) -> Tally:
    """A result's totals and failures (of unknown games if saved before they were numbered:
    those come after the numbered ones)."""
    return Tally.from_raw(result["totals"], result.get("failures", []),
                          result.get("failure_games"), int(result.get("failure_count", 0)),
                          failure_entrants(result))


def _played_by(results: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What played the parts, whatever their order: their engine if they agree (else
    "mixed"), and their worker processes added up, as their seconds are (how many one
    machine would have used is not known); null if a part does not say."""
    engines = {result["engine"] for result in results}
    jobs = [result.get("jobs") for result in results]
    return {"engine": engines.pop() if len(engines) == 1 else "mixed",
            "jobs": sum(jobs) if all(_is_count(n) for n in jobs) else None}


def _shards_held(result: dict[str, Any]) -> tuple[int, set[int]]:
    """How many shards a result's tournament was split into, and which of them it holds:
    its own, or those a merge was made of."""
    merged = result.get("merged_shards")
    if merged is not None:
        return merged["of"], set(merged["held"])
    index, count = result["shard"]
    return count, {index}


def _other_split(result: dict[str, Any], first: dict[str, Any], who: str,
                 first_who: str) -> str:
    """Why ``result`` cannot be merged with ``first``, split into another number of shards."""
    why = "only shards of one split (one N in --shard I/N) merge"
    if any(_unrecorded_part(one) for one in (result, first)):
        why = ("a merge saved before merges recorded their shards cannot take more: merge "
               "the original shard files")
    return f"{who} is {_shards_text(result)}, but {first_who} is {_shards_text(first)}: {why}"


def _unrecorded_part(result: dict[str, Any]) -> bool:
    """A merge that missed shards, saved before merges recorded which they hold."""
    return "merged_shards" not in result and bool(result.get("missing_shards"))


def _shards_text(result: dict[str, Any]) -> str:
    count, held = _shards_held(result)
    if "merged_shards" in result:
        return f"a merge of {_listed(held)} of {count}"
    if _unrecorded_part(result):
        return f"a merge missing {_listed(result['missing_shards'])}"
    if count == 1:
        return "a whole tournament"
    return f"shard {min(held)}/{count}"


def _listed(numbers: Iterable[int]) -> str:
    """'shard 2' or 'shards 0, 1'."""
    ordered = sorted(numbers)
    return ("shard " if len(ordered) == 1 else "shards ") + ", ".join(map(str, ordered))


def pool_results(results: Iterable[dict[str, Any]],
                 labels: Iterable[str] | None = None) -> dict[str, Any]:
    """Add up independent tournaments of the same bots and rules (other seeds or --games).

    Each batch (one seed and game count) is first merged from its shards as by
    ``merge_results``; the batches' games are independent, so their wins simply add
    up, which narrows the intervals. ``seed`` becomes the list of the batches'
    seeds, and ``batches`` tells each one's games and missing shards.
    """
    results, who = _checked_results(
        results, labels, "tournament", "nothing to pool: give the JSON files of the tournaments")
    groups: dict[tuple[Any, Any], list[int]] = {}
    for number, result in enumerate(results):
        groups.setdefault((result.get("seed"), result.get("games_asked")), []).append(number)
    first_of_seed: dict[Any, int] = {}
    for (seed, _), group in groups.items():
        if seed in first_of_seed:  # deal d of a seed is the same game whatever --games says
            raise TournamentError(
                f"{who[group[0]]} was played with the same seed as {who[first_of_seed[seed]]} "
                f"({seed}) but other --games: the deals they share are the same games, which "
                "pooling would count twice; play each batch with a new seed")
        first_of_seed[seed] = group[0]
    batches = [merge_results([results[n] for n in group], [who[n] for n in group])
               for group in groups.values()]
    first_who = who[next(iter(groups.values()))[0]]
    first = batches[0]
    specs = _specs(first)
    tally = _batch_tally(first)
    for batch, group in zip(batches[1:], list(groups.values())[1:], strict=True):
        _check_alike(first, batch, ("rules", "players", "seatings"), who[group[0]], first_who,
                     "only the same bots under the same rules can be pooled")
        tally.merge(_batch_tally(batch))
    pooled = dict(first)
    pooled.update(
        games=tally.tables,
        seconds=sum(float(batch["seconds"]) for batch in batches),
        bots=bot_rows(entrant_names(specs), specs, tally, _batch_plan(first)),
        methods=_methods_of(tally),
        totals=tally.raw(),
        seed=[batch["seed"] for batch in batches],
        games_asked=sum(int(batch["games_asked"]) for batch in batches),
        deals_per_table=sum(int(batch["deals_per_table"]) for batch in batches),
        failures=tally.failures,
        failure_entrants=tally.failure_entrants,
        failure_count=tally.failure_count,
        **_played_by(batches),
        missing_shards=[],
        batches=[{"seed": batch["seed"], "games": batch["games"],
                  "missing_shards": batch["missing_shards"]} for batch in batches],
    )
    pooled.pop("merged_shards")  # the first batch's; a pooled result merges no further
    pooled.pop("failure_games")  # numbers in each batch's own schedule, not one order
    return pooled


def _batch_tally(batch: dict[str, Any]) -> Tally:
    """A merged batch's totals and failures, their games left unknown: each batch numbers
    its own, so the batches' failures follow one another, each failing bot's first kept.
    Its open deals (of shards it lacks) are closed: another batch's deal of that number is
    other cards."""
    tally = Tally.from_raw(batch["totals"], batch["failures"], None,
                           int(batch["failure_count"]), failure_entrants(batch))
    tally.close_open_deals()
    return tally


def _batch_plan(batch: dict[str, Any]) -> Plan:
    """The plan of a merged batch: its tables and seatings are every batch's."""
    return Plan(make_rules(batch["rules"]), batch["players"], batch["seed"],
                tuple(_specs(batch)), batch["games_asked"], seatings=_seatings(batch))
