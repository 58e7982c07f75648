"""Running totals of a tournament, in integers so that any split adds up to the same result.

A shared win among ``k`` winners counts ``1/k`` to each (R10); it is kept as
``WIN_UNITS / k`` units (60 is divisible by every table size 1–5), so sums
are exact whatever order games are added in. The pairwise record behind the
Elo fit is kept in half points (2 a win, 1 a draw).

The 95% interval counts the deal as its unit (every deal is played from every seat at
every table, and those games are alike: see ``stats.deal_interval``). It needs, per
entrant, sums over its deals of the deal's win units and seats squared and multiplied;
a deal is added to them once all its games are in (``deal_games``). Until then it is
*open*, its partial totals kept by deal number, so that parts holding pieces of one deal
(worker chunks, shards) add up to the same sums as one machine.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gofish.core import check_whole
from gofish.sim import as_whole_number
from gofish.tournament.plan import TournamentError

WIN_UNITS = 60


def winning_seats(books: Sequence[int], failed_seat: int | None = None) -> list[int]:
    """The seats that win a game ending with ``books`` laid per seat: every seat with the
    most books (R10; a shared win on a tie, counted ``1/k`` to each of ``k``). A seat that
    forfeited wins nothing: the book leaders among the others win. A game stopped before its
    end is scored the same way, on the books laid so far. The one rule for the tally and for
    what the external bots are told (``game_over``); :meth:`Tally.add_games` is its
    vectorised form for the simulator, tested to agree."""
    live = [seat for seat in range(len(books)) if seat != failed_seat]
    best = max(books[seat] for seat in live)
    return [seat for seat in live if books[seat] == best]


#: Failure messages a tally keeps (all are counted): a bot failing every game of a long
#: run would otherwise hold one message per game in memory, each quoting what it sent.
#: Each failing entrant's first is kept besides: one bot failing every game filled the
#: first 100 alone, and a second failing bot's reason was nowhere.
MAX_FAILURES_KEPT = 100

#: A kept failure: its game's number in the schedule (None: not known), the entrant that
#: failed (None: a game stopped as endless, or not known), and the message.
Failure = tuple[int | None, int | None, str]

#: The per-entrant sums over deals behind the 95% interval: how many deals, and the sums of
#: each deal's win units squared, win units times seats, and seats squared.
DEAL_SUMS = ("deals", "win_squares", "win_seats", "seat_squares")


@dataclass
class OpenDeal:
    """A deal not all of whose games are in yet: its games so far, and its win units and
    seats so far for each entrant that played them."""

    games: int = 0
    shares: dict[int, list[int]] = field(default_factory=dict)  # entrant: [win units, seats]

    def add(self, games: int, shares: dict[int, list[int]]) -> None:
        self.games += games
        for entrant, (won, seats) in shares.items():
            mine = self.shares.setdefault(entrant, [0, 0])
            mine[0] += won
            mine[1] += seats


@dataclass
class Tally:
    """Totals per entrant and per pair of entrants."""

    entrants: int
    tables: int = 0  # games played (each counted once)
    games: list[int] = field(default_factory=list)  # seats played, per entrant
    win_units: list[int] = field(default_factory=list)
    books: list[int] = field(default_factory=list)
    asks: list[int] = field(default_factory=list)  # summed game lengths of the games played
    forfeits: list[int] = field(default_factory=list)
    # Seats in games that a forfeit ended, the entrant's own or another's: a bot none of
    # whose games was played out has no result, even with wins (its twin failed first).
    # None for a result stored before this was counted, when it is not known.
    ended_by_forfeit: list[int] | None = field(default_factory=list)
    # pair_games[a][b], pair_points[a][b] (half points a scored against b)
    pair_games: list[list[int]] = field(default_factory=list)
    pair_points: list[list[int]] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)  # the first MAX_FAILURES_KEPT
    # The game of each kept failure, numbered in schedule order (Plan.game_number), so
    # that shards merge to one machine's first failures; None where it is not known.
    failure_games: list[int | None] = field(default_factory=list)
    # The entrant of each kept failure (None: a game stopped as endless, or not known).
    failure_entrants: list[int | None] = field(default_factory=list)
    failure_count: int = 0  # all of them
    # The entrants among failure_entrants, to look one up at once: a scan of the list
    # for every failing game slowed the tally as a thousand failing programs filled it.
    _failing: set[int | None] = field(default_factory=set, init=False, repr=False,
                                      compare=False)
    deal_games: int = 0  # the games of a whole deal (0: not known; closed when read)
    # DEAL_SUMS, one list per entrant each, of the deals all of whose games are in; None
    # for a result stored before they were kept, when the interval falls back (see report).
    deal_sums: dict[str, list[int]] | None = field(default_factory=dict)
    open_deals: dict[int, OpenDeal] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # Text was "can't multiply sequence by non-int of type 'str'" from the lists below.
        self.entrants = n = check_whole("entrants", as_whole_number(self.entrants), 0, None,
                                        TournamentError)
        for name in ("games", "win_units", "books", "asks", "forfeits"):
            if not getattr(self, name):
                setattr(self, name, [0] * n)
        if not self.failure_games:  # failures given without their games: not known
            self.failure_games = [None] * len(self.failures)
        if not self.failure_entrants:  # nor their entrants
            self.failure_entrants = [None] * len(self.failures)
        self._failing = set(self.failure_entrants)
        if self.ended_by_forfeit == []:
            self.ended_by_forfeit = [0] * n
        if not self.pair_games:
            self.pair_games = [[0] * n for _ in range(n)]
        if not self.pair_points:
            self.pair_points = [[0] * n for _ in range(n)]
        if self.deal_sums == {}:
            self.deal_sums = {name: [0] * n for name in DEAL_SUMS}

    def add_game(
        self,
        seats: Sequence[int],
        books: Sequence[int],
        asks: int,
        failed_seat: int | None = None,
        failure: str | None = None,
        game: int | None = None,
        deal: int | None = None,
    ) -> None:
        """Record one game: entrant per seat, books per seat, asks, and a forfeit if any
        (``game``: the game's number in the schedule, which orders the failures; ``deal``:
        the deal it was played from, None for a game counted as a deal of its own)."""
        self.tables += 1
        winners = winning_seats(books, failed_seat)
        share = WIN_UNITS // len(winners)
        for seat, entrant in enumerate(seats):
            self.games[entrant] += 1
            self.books[entrant] += books[seat]
            self.asks[entrant] += asks
        for seat in winners:
            self.win_units[seats[seat]] += share
        shares: dict[int, list[int]] = {}
        for seat, entrant in enumerate(seats):
            mine = shares.setdefault(entrant, [0, 0])
            mine[0] += share if seat in winners else 0
            mine[1] += 1
        self.add_to_deal(deal, 1, shares)
        if failed_seat is not None:
            self.forfeits[seats[failed_seat]] += 1
            if (ended := self.ended_by_forfeit) is not None:
                for entrant in seats:
                    ended[entrant] += 1
        if failure:  # a forfeit's reason, or why a game was stopped without one
            self.failure_count += 1
            failing = None if failed_seat is None else seats[failed_seat]
            # A worker plays its games in schedule order: the first ones are the earliest.
            if len(self.failures) < MAX_FAILURES_KEPT or failing not in self._failing:
                self.failures.append(failure)
                self.failure_games.append(game)
                self.failure_entrants.append(failing)
                self._failing.add(failing)
        self._add_pairs(seats, books, failed_seat)

    def _add_pairs(self, seats: Sequence[int], books: Sequence[int], failed: int | None) -> None:
        """Every pair of seats held by different entrants is one pairwise result."""
        for i in range(len(seats)):
            for j in range(i + 1, len(seats)):
                a, b = seats[i], seats[j]
                if a == b:
                    continue
                if failed == i:
                    points = 0
                elif failed == j:
                    points = 2
                else:
                    points = 2 if books[i] > books[j] else 1 if books[i] == books[j] else 0
                self.pair_games[a][b] += 1
                self.pair_games[b][a] += 1
                self.pair_points[a][b] += points
                self.pair_points[b][a] += 2 - points

    def add_to_deal(self, deal: int | None, games: int, shares: dict[int, list[int]]) -> None:
        """Add ``games`` of ``deal`` (None: a deal of their own) with their win units and
        seats per entrant; the deal joins the sums once all its games are in."""
        if self.deal_sums is None:
            return
        if deal is None:
            self._close(shares)
            return
        opened = self.open_deals.setdefault(deal, OpenDeal())
        opened.add(games, shares)
        if self.deal_games and opened.games >= self.deal_games:
            self._close(self.open_deals.pop(deal).shares)

    def _close(self, shares: dict[int, list[int]], sums: dict[str, list[int]] | None = None
               ) -> None:
        """Add one whole deal's win units and seats per entrant to ``sums`` (the tally's)."""
        sums = self.deal_sums if sums is None else sums
        assert sums is not None
        for entrant, (won, seats) in shares.items():
            if seats:
                sums["deals"][entrant] += 1
                sums["win_squares"][entrant] += won * won
                sums["win_seats"][entrant] += won * seats
                sums["seat_squares"][entrant] += seats * seats

    def close_open_deals(self) -> None:
        """Count each open deal as it stands, as a deal of its own."""
        self.deal_sums = self.closed_deal_sums()
        self.open_deals = {}

    def closed_deal_sums(self) -> dict[str, list[int]] | None:
        """The sums over deals with the open deals counted as they stand (each the part of
        its deal these games hold): what the interval is computed from."""
        if self.deal_sums is None:
            return None
        sums = {name: list(values) for name, values in self.deal_sums.items()}
        for opened in self.open_deals.values():
            self._close(opened.shares, sums)
        return sums

    def add_games(self, seats: Any, books: Any, asks: Any, deals: Any = None) -> None:
        """Record many games at once from numpy arrays (the simulator's output, no forfeits;
        ``deals``: the deal of each game, None for each a deal of its own).

        The same arithmetic as :meth:`add_game`, vectorised; tests check the two agree.
        """
        import numpy as np

        games, players = books.shape
        entrants = self.entrants
        flat_seats = seats.ravel()
        winners = books == books.max(axis=1, keepdims=True)
        shares = WIN_UNITS // winners.sum(axis=1, keepdims=True) * winners

        def per_entrant(weights: Any) -> list[int]:
            totals = np.bincount(flat_seats, weights=weights.ravel(), minlength=entrants)
            return [round(float(v)) for v in totals]

        self.tables += games
        additions = {
            "games": [int(v) for v in np.bincount(flat_seats, minlength=entrants)],
            "win_units": per_entrant(shares),
            "books": per_entrant(books),
            "asks": per_entrant(np.repeat(asks, players)),
        }
        for name, values in additions.items():
            totals = getattr(self, name)
            for entrant, value in enumerate(values):
                totals[entrant] += value
        self._add_deals(seats, shares, deals)
        for i in range(players):
            for j in range(i + 1, players):
                a, b = seats[:, i], seats[:, j]
                points = 2 * (books[:, i] > books[:, j]) + (books[:, i] == books[:, j])
                different = a != b
                pair = a[different] * entrants + b[different]
                won = points[different]
                size = entrants * entrants
                count = np.bincount(pair, minlength=size).reshape(entrants, entrants)
                scored = np.bincount(pair, weights=won, minlength=size).reshape(entrants, entrants)
                # Only the pairs that met: a walk over every pair, in Python, was the
                # chunk's cost with hundreds of bots.
                for x, y in zip(*np.nonzero(count), strict=True):
                    played = int(count[x, y])
                    got = round(float(scored[x, y]))
                    self.pair_games[x][y] += played
                    self.pair_games[y][x] += played
                    self.pair_points[x][y] += got
                    self.pair_points[y][x] += 2 * played - got

    def _add_deals(self, seats: Any, shares: Any, deals: Any) -> None:
        """The deals' part of :meth:`add_games`: win units and seats per deal and entrant."""
        import numpy as np

        if self.deal_sums is None:
            return
        games = len(seats)
        own = deals is None  # each game a deal of its own
        numbers, local = (np.arange(games), np.arange(games)) if own else np.unique(
            np.asarray(deals, dtype=np.int64), return_inverse=True)
        local = local.reshape(-1)
        keys = (local[:, None] * self.entrants + seats).ravel()
        found, where = np.unique(keys, return_inverse=True)
        won = np.bincount(where.reshape(-1), weights=shares.ravel())
        seated = np.bincount(where.reshape(-1))
        games_in = np.bincount(local)
        per_deal: dict[int, dict[int, list[int]]] = {}
        for key, w, n in zip(found.tolist(), won.tolist(), seated.tolist(), strict=True):
            index, entrant = divmod(key, self.entrants)
            per_deal.setdefault(index, {})[entrant] = [round(w), n]
        for index, shares_of_deal in per_deal.items():
            deal = None if own else int(numbers[index])
            self.add_to_deal(deal, int(games_in[index]), shares_of_deal)

    def merge(self, other: Tally) -> None:
        """Add ``other``'s totals (from another process or shard) to these."""
        self.tables += other.tables
        for name in ("games", "win_units", "books", "asks", "forfeits"):
            mine, theirs = getattr(self, name), getattr(other, name)
            for i, value in enumerate(theirs):
                mine[i] += value
        if self.ended_by_forfeit is None or other.ended_by_forfeit is None:
            self.ended_by_forfeit = None  # unknown in a part is unknown in the sum
        else:
            self.ended_by_forfeit = [a + b for a, b in zip(self.ended_by_forfeit,
                                                           other.ended_by_forfeit, strict=True)]
        self._merge_pairs(other)
        self._merge_failures(other)
        self._merge_deals(other)

    def _merge_deals(self, other: Tally) -> None:
        """Add ``other``'s deal sums, and its open deals to these (closing those now whole)."""
        if self.deal_sums is None or other.deal_sums is None:
            self.deal_sums, self.open_deals = None, {}  # unknown in a part: in the sum
            return
        self.deal_games = self.deal_games or other.deal_games
        for name, values in other.deal_sums.items():
            mine = self.deal_sums[name]
            for i, value in enumerate(values):
                mine[i] += value
        for deal, opened in other.open_deals.items():
            self.add_to_deal(deal, opened.games, opened.shares)

    def _merge_pairs(self, other: Tally) -> None:
        """Add ``other``'s pairwise results, row by row (a part of a big tournament has met
        few of its pairs, and a walk over each pair in Python took seconds a merge)."""
        for mine, theirs in ((self.pair_games, other.pair_games),
                             (self.pair_points, other.pair_points)):
            for a, row in enumerate(theirs):
                if any(row):
                    mine[a] = [x + y for x, y in zip(mine[a], row, strict=True)]

    def _merge_failures(self, other: Tally) -> None:
        """Keep the failures of both that one machine playing all their games would keep,
        whichever tally is added to which: in schedule order, the earliest and each
        entrant's first. Those of unknown games (a result saved before they were numbered)
        follow, in the order they came."""
        self.failure_count += other.failure_count
        both = sorted(self.kept_failures() + other.kept_failures(),
                      key=lambda kept: (kept[0] is None, kept[0] or 0))
        self._set_failures(first_failures(both, MAX_FAILURES_KEPT))

    def kept_failures(self) -> list[Failure]:
        return list(zip(self.failure_games, self.failure_entrants, self.failures, strict=True))

    def _set_failures(self, kept: Sequence[Failure]) -> None:
        self.failure_games = [game for game, _, _ in kept]
        self.failure_entrants = [entrant for _, entrant, _ in kept]
        self.failures = [message for _, _, message in kept]
        self._failing = set(self.failure_entrants)

    def wins(self, entrant: int) -> float:
        return self.win_units[entrant] / WIN_UNITS

    def raw(self) -> dict[str, Any]:
        """The exact totals, as stored in ``--json`` output for ``tournament-merge``."""
        raw: dict[str, Any] = {
            "tables": self.tables,
            "games": self.games,
            "win_units": self.win_units,
            "books": self.books,
            "asks": self.asks,
            "forfeits": self.forfeits,
            "pair_games": self.pair_games,
            "pair_points": self.pair_points,
        }
        if self.ended_by_forfeit is not None:
            raw["ended_by_forfeit"] = self.ended_by_forfeit
        if self.deal_sums is not None:
            raw["deal_games"] = self.deal_games
            raw.update({stored_deal_key(name): values
                        for name, values in self.deal_sums.items()})
            raw["open_deals"] = [
                [deal, opened.games, [[e, *shares] for e, shares in sorted(opened.shares.items())]]
                for deal, opened in sorted(self.open_deals.items())]
        return raw

    @classmethod
    def from_raw(cls, raw: dict[str, Any], failures: list[str] | None = None,
                 failure_games: list[int | None] | None = None,
                 failure_count: int | None = None,
                 failure_entrants: list[int | None] | None = None) -> Tally:
        """The tally of a stored result: its ``totals``, and its failures as kept (their
        games and entrants unknown unless given, their count the messages' unless given)."""
        entrants = len(raw["games"])
        failures = list(failures or [])
        unknown: list[int | None] = [None] * len(failures)
        games = unknown if failure_games is None else list(failure_games)
        whose = unknown if failure_entrants is None else list(failure_entrants)
        kept = first_failures(list(zip(games, whose, failures, strict=True)), MAX_FAILURES_KEPT)
        ended = raw.get("ended_by_forfeit")  # missing from results stored before it was kept
        tally = cls(
            entrants=entrants,
            tables=int(raw["tables"]),
            games=[int(v) for v in raw["games"]],
            win_units=[int(v) for v in raw["win_units"]],
            books=[int(v) for v in raw["books"]],
            asks=[int(v) for v in raw["asks"]],
            forfeits=[int(v) for v in raw["forfeits"]],
            ended_by_forfeit=None if ended is None else [int(v) for v in ended],
            pair_games=[[int(v) for v in row] for row in raw["pair_games"]],
            pair_points=[[int(v) for v in row] for row in raw["pair_points"]],
            failure_count=len(failures) if failure_count is None else failure_count,
            deal_games=int(raw.get("deal_games", 0)),
            deal_sums=None if "deals" not in raw else {
                name: [int(v) for v in raw[stored_deal_key(name)]] for name in DEAL_SUMS},
            open_deals={int(deal): OpenDeal(int(games), {int(e): [int(w), int(n)]
                                                         for e, w, n in shares})
                        for deal, games, shares in raw.get("open_deals", [])},
        )
        tally._set_failures(kept)
        return tally


def stored_deal_key(name: str) -> str:
    """The key of one of DEAL_SUMS in a result's ``totals``."""
    return name if name == "deals" else f"deal_{name}"


def first_failures(failures: Sequence[Failure], most: int) -> list[Failure]:
    """Of ``failures`` (in the order they came), the first ``most`` and each entrant's
    first besides, in that order: what a tally keeps, and what the table lists."""
    seen: set[int | None] = set()
    kept: list[Failure] = []
    for failure in failures:
        entrant = failure[1]
        if len(kept) < most or entrant not in seen:
            kept.append(failure)
        seen.add(entrant)
    return kept
