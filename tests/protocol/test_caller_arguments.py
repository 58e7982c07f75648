"""ExternalBot refuses a caller's mistakes in words before anything reaches the bot: a seat
out of range or an unknown preset was passed on to the program (which then played a game
that cannot be), results that are not lists of numbers ended in a TypeError, and a bad
timeout was a plain ValueError, not one of the engine's GoFishErrors."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import write_bot

from gofish.core import GoFishError, make_rules
from gofish.protocol import ExternalBot

#: Keeps every line it is sent in the file named first, and says hello.
LOGGER = """
import json, sys
with open(sys.argv[1], "w") as log:
    for line in sys.stdin:
        log.write(line); log.flush()
        message = json.loads(line)
        if message["type"] == "hello":
            print(json.dumps({"type": "hello", "version": 1}), flush=True)
"""


@pytest.mark.parametrize(("seat", "players", "rules", "words"), [
    (5, 2, "classic", "seat must be"),
    (-1, 2, "classic", "seat must be"),
    ("0", 2, "classic", "seat must be"),
    (0, 9, "classic", "9 players cannot play"),
    (0, 2, "klassik", "klassik"),
    (0, 2, {"preset": "classic", "hand_size": 40}, "hand_size"),
    (0, 5, {"preset": "classic", "hand_size": 13}, "deal"),
])
def test_a_new_game_that_cannot_be_is_refused_before_the_bot_hears_of_it(
        tmp_path: Path, seat: object, players: object, rules: object, words: str) -> None:
    with ExternalBot(write_bot(tmp_path, "first_legal")) as bot:
        with pytest.raises(GoFishError, match=words):
            bot.new_game(seat, players, rules)  # type: ignore[arg-type]
        assert bot._process is None  # not even started for it


def test_the_record_form_and_rules_both_reach_the_bot_as_the_record_form(
        tmp_path: Path) -> None:
    with ExternalBot(write_bot(tmp_path, "first_legal")) as bot:
        bot.new_game(1, 3, {"preset": "classic", "lucky_draw": False})
        bot.new_game(0, 2, make_rules("nordic"))
        assert bot._process is not None


@pytest.mark.parametrize(("winners", "books"), [("x", [1, 2]), ([0], None), ([0.5], [1, 2]),
                                                ([0], [1, "2"]), ({0: 1}, [1, 2]),
                                                ([0], b"\x01\x02")])
def test_game_over_refuses_results_that_are_not_lists_of_numbers(
        tmp_path: Path, winners: object, books: object) -> None:
    with ExternalBot(write_bot(tmp_path, "first_legal")) as bot:
        bot.new_game(0, 2, "classic")
        with pytest.raises(GoFishError, match="must be"):
            bot.game_over(winners, books)  # type: ignore[arg-type]


@pytest.mark.parametrize(("winners", "books", "words"), [
    ([2], [1, 2], "winners must be a whole number from 0 to 1, not 2"),
    ([], [1, 2], "winners must name at least one seat"),
    ([0], [1, 2, 3], "books must hold one count per seat, 2 at this table"),
    ([0], [4], "books must hold one count per seat, 2 at this table"),
])
def test_game_over_refuses_results_that_do_not_fit_the_table(
        tmp_path: Path, winners: list[int], books: list[int], words: str) -> None:
    # They reached the bot, whose reading of them (books[winner]) could then crash it: a
    # forfeit for the caller's mistake.
    log = tmp_path / "sent.jsonl"
    bot_file = tmp_path / "logger.py"
    bot_file.write_text(LOGGER)
    with ExternalBot([sys.executable, str(bot_file), str(log)]) as bot:
        bot.new_game(0, 2, "classic")
        with pytest.raises(GoFishError, match=words):
            bot.game_over(winners, books)
        bot.game_over([1], [3, 5])  # the bot is still there, and hears of this one
    assert [line for line in log.read_text().splitlines() if "game_over" in line] == [
        '{"type":"game_over","winners":[1],"books":[3,5]}']


@pytest.mark.parametrize("timeout", [0, -1, float("nan"), 1e12, "5"])
def test_a_bad_timeout_is_a_gofish_error(timeout: object) -> None:
    with pytest.raises(GoFishError, match="timeout"):
        ExternalBot("python bot.py", timeout=timeout)  # type: ignore[arg-type]
