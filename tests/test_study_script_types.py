"""A study's script type-checks against the public API as it runs: the learning environment
and the bulk simulator take numpy's whole numbers (an element of an array of seeds, a
policy's ``argmax``) and rules in any form ``make_rules`` takes, and their signatures say so.

They were typed ``int`` and ``str | Rules``: ``env.step(np.argmax(...))`` and
``simulate({"preset": "classic", "book_size": 2}, ...)`` ran, but mypy refused the script.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from gofish.bots.base import _REGISTRY

api = pytest.importorskip("mypy.api")

ROOT = Path(__file__).resolve().parents[1]


#: Each script this file type-checks, by its file name; mypy checks them all in one run,
#: for its start-up (reading gofish, numpy and the standard library's stubs) is most of
#: the cost, the same for each script.
SCRIPTS: dict[str, str] = {}


def checked(name: str, text: str) -> str:
    SCRIPTS[name] = text
    return text


@pytest.fixture(scope="module")
def mypy_report(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str], int]:
    """The folder of the scripts, the lines of mypy's strict report on them all, its status."""
    folder = tmp_path_factory.mktemp("scripts")
    for name, text in SCRIPTS.items():
        (folder / name).write_text(text, encoding="utf-8")
    with pytest.MonkeyPatch.context() as patch:  # this checkout's gofish, not one installed
        patch.setenv("MYPYPATH", str(ROOT / "src"))
        report, errors, status = api.run(["--strict", "--no-incremental", "--cache-dir",
                                          os.devnull, *(str(folder / name) for name in SCRIPTS)])
    assert status in (0, 1), report + errors  # 2: mypy itself failed, no report
    return folder, report.splitlines(), status


def report_on(mypy_report: tuple[Path, list[str], int], name: str) -> list[str]:
    folder, lines, _ = mypy_report
    return [line for line in lines if line.startswith(f"{folder / name}:")]


def assert_strict_mypy_accepts(mypy_report: tuple[Path, list[str], int], name: str) -> None:
    folder, lines, _ = mypy_report
    # Nothing said of this script, and no error in gofish's own files (lines of no script).
    elsewhere = [line for line in lines if ": error:" in line
                 and not line.startswith(tuple(f"{folder / script}:" for script in SCRIPTS))]
    assert report_on(mypy_report, name) == [] and elsewhere == [], "\n".join(lines)


STUDY = checked("study.py", '''\
import numpy as np

from gofish.env import GoFishEnv, observation_size
from gofish.sim import play_deals, simulate

seeds = np.arange(10)
env = GoFishEnv("classic", players=np.int64(3), opponents=["emma"], seat=np.int64(1))
size: int = observation_size(np.int64(3))
obs, info = env.reset(seed=seeds[2])
mask = env.action_mask()
action = np.argmax(np.where(mask == 1, np.random.rand(env.action_count), -np.inf))
env.ask_of(action)
obs, reward, terminated, truncated, info = env.step(action)

result = simulate({"preset": "classic", "book_size": 2}, ["random", "emma"], games=np.int64(10),
                  seed=seeds[1], first_deal=seeds[3])
books, asks = play_deals({"preset": "nordic"}, np.int64(2), seeds[4], seeds[:3],
                         np.zeros(3, np.int64), np.zeros((3, 2), np.int64))
''')


def test_a_study_script_with_numpy_numbers_and_a_rules_object_type_checks(
        mypy_report: tuple[Path, list[str], int]) -> None:
    assert_strict_mypy_accepts(mypy_report, "study.py")


def test_the_study_script_runs_as_it_type_checks(tmp_path: Path) -> None:
    exec(compile(STUDY, "study.py", "exec"), {})


POSITIONS = checked("positions.py", '''\
import gofish
from gofish import Game

deck = [str(card) for card in gofish.FULL_DECK]
game = Game("classic", 2, deck, 0)
books = [[rank for rank in "A 2 3 4 5 6 7 8 9 10 J".split()], []]
position = Game.from_position("bicycle", 2, [["QS", "KS"], ["QH", "KH", "QD"]],
                              ["KD", "QC", "KC"], books, 0)
assert position.hand(1) == [gofish.Card.parse(card) for card in ("QD", "QH", "KH")]
''')


def test_decks_and_positions_written_as_text_type_check_as_they_run(
        mypy_report: tuple[Path, list[str], int]) -> None:
    # Game() and Game.from_position read cards and ranks as text, as new_game(deck=...)
    # does, but were typed Card and Rank only: mypy refused the script that ran.
    assert_strict_mypy_accepts(mypy_report, "positions.py")
    exec(compile(POSITIONS, "positions.py", "exec"), {})


BOTS = checked("bots.py", '''\
import random
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

import gofish
from gofish import Ask, View
from gofish.bots import Bot, play_out, register_bot


@dataclass(frozen=True)
class Steady:
    name: str = "steady"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


class Named:
    @property
    def name(self) -> str:
        return "named"

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[-1]


register_bot("steady", Steady, "asks the first legal ask")
bot: Bot = Named()
game = gofish.new_game("classic", players=2, seed=7)
play_out(game, [Steady(), bot], [random.Random(1), random.Random(2)], max_asks=np.int64(500))
assert game.is_over
''')


def test_a_bot_whose_name_cannot_be_set_type_checks_as_it_runs(
        mypy_report: tuple[Path, list[str], int]) -> None:
    # Bot declared a settable name, which nothing sets: a frozen dataclass or a property
    # was refused ("Protocol member Bot.name expected settable variable, got read-only
    # attribute") by register_bot, play_out and the Bot annotation alike.
    assert_strict_mypy_accepts(mypy_report, "bots.py")
    registered = dict(_REGISTRY)
    try:
        exec(compile(BOTS, "bots.py", "exec"), {})
    finally:  # "steady" is no bot of the other tests
        _REGISTRY.clear()
        _REGISTRY.update(registered)


TOURNAMENT = checked("tournament.py", '''\
import numpy as np

from gofish.core import make_rules
from gofish.tournament import Plan, run_tournament, summary

seeds = np.arange(2)
plan = Plan(make_rules("classic"), players=np.int64(2), seed=seeds[1], specs=["emma", "random"],
            games_asked=np.int64(4), shard=np.int64(0), shards=np.int64(1))
assert plan.specs == ("emma", "random") and type(plan.seed) is int
assert summary(run_tournament(plan, jobs=np.int64(1)))["games"] == 4
''')


def test_a_plan_of_a_list_of_bots_and_numpy_numbers_type_checks_as_it_runs(
        mypy_report: tuple[Path, list[str], int]) -> None:
    # Plan took them (its own refusal says "specs must be a list of bot names") but was
    # typed tuple[str, ...] and int: mypy refused the list and every numpy number, and
    # run_tournament's jobs (as play_out's max_asks) a numpy count that plays.
    assert_strict_mypy_accepts(mypy_report, "tournament.py")
    exec(compile(TOURNAMENT, "tournament.py", "exec"), {})


EXTERNAL = checked("external.py", '''\
import sys

import numpy as np

from gofish.protocol import ExternalBot

seats = np.arange(2)
with ExternalBot([sys.executable, "examples/mybot.py"]) as bot:
    bot.new_game(seats[1], np.int64(2), "classic")
    books = np.array([3, 4])
    bot.game_over(np.flatnonzero(books == books.max()), books)  # an array was refused
''')


def test_an_outside_bot_told_its_seat_as_a_numpy_number_type_checks_as_it_runs(
        mypy_report: tuple[Path, list[str], int], monkeypatch: pytest.MonkeyPatch) -> None:
    # new_game took numpy's whole numbers (checked, sent as ints) but was typed int, so
    # mypy refused the script that ran.
    assert_strict_mypy_accepts(mypy_report, "external.py")
    monkeypatch.chdir(ROOT)
    exec(compile(EXTERNAL, "external.py", "exec"), {})


FRACTION = checked("fraction.py", EXTERNAL.replace("seats[1]", "1.0"))


def test_an_outside_bot_refuses_a_seat_or_count_that_is_a_fraction_as_mypy_does(
        mypy_report: tuple[Path, list[str], int]) -> None:
    *_, status = mypy_report
    assert status == 1 and any('"new_game" of "ExternalBot" has incompatible type "float"'
                               in line for line in report_on(mypy_report, "fraction.py"))
    from gofish.core import MalformedInputError
    from gofish.protocol import ExternalBot

    with ExternalBot([sys.executable, str(ROOT / "examples" / "mybot.py")]) as bot:
        for seat, players in ((1.0, 2), (0, 2.0)):
            with pytest.raises(MalformedInputError, match="must be a whole number"):
                bot.new_game(seat, players, "classic")  # type: ignore[arg-type]
