"""A bot's answer names a rank and a suit as docs/bots-protocol.md says ("Seats and cards"):
each rank's symbol, T for ten and each suit's letter, in either case. The protocol read
them with the core's parser for people typing, which also takes "1", "ace", "sixes", "♥"
and spaces around: undocumented, and "1" from a bot counting ranks from 0 (meaning the
twos) was read as aces, the misreading the refusal of the number 1 is there to catch."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, first_move_failure

from gofish.core import make_rules, new_game
from gofish.protocol import ExternalBot

RANK_LIST = "use one of A 2 3 4 5 6 7 8 9 10 J Q K (T for 10; either case)"


def _bot_sending(tmp_path: Path, rank: str, suit: str | None = None) -> str:
    """A bot whose first move asks its first legal target for ``rank`` (and ``suit``)."""
    bot = tmp_path / "bot.py"
    suit_field = "" if suit is None else f", 'suit': {suit!r}"
    bot.write_text(HEADER + "        send({'target': msg['legal'][0]['target'], "
                   f"'rank': {rank!r}{suit_field}}})\n")
    return f"{sys.executable} {bot}"


@pytest.mark.parametrize("rank", ["1", "0", "13"])
def test_a_rank_written_as_a_number_in_text_is_refused_saying_so(
    tmp_path: Path, rank: str
) -> None:
    message = first_move_failure(_bot_sending(tmp_path, rank))
    assert message.endswith(
        f"which is not a move: unknown rank {rank!r} (a rank is written as its text, not "
        f'its number: aces are "A"): {RANK_LIST}')


@pytest.mark.parametrize("rank", ["ace", "queens", "Ten", "Q Q"])
def test_a_rank_other_than_its_symbol_is_refused(tmp_path: Path, rank: str) -> None:
    message = first_move_failure(_bot_sending(tmp_path, rank))
    assert message.endswith(f"which is not a move: unknown rank {rank!r}: {RANK_LIST}")


@pytest.mark.parametrize("suit", ["♥", "hearts", "ſ"])  # the long s: "S" to str.upper()
def test_a_suit_other_than_its_letter_is_refused(tmp_path: Path, suit: str) -> None:
    rules = make_rules("classic", ask="card")
    game = new_game(rules, seed=1)
    rank = game.legal_actions()[0].rank.symbol
    message = first_move_failure(_bot_sending(tmp_path, rank, suit), rules)
    assert message.endswith(
        f"which is not a move: unknown suit {suit!r}: use one of C D H S (either case)")


@pytest.mark.parametrize("rank", [" Q", "Q ", " 4", "10\n"])
def test_a_rank_with_spaces_around_is_told_to_drop_them(tmp_path: Path, rank: str) -> None:
    # " 4" was told a rank is written as its text, not its number: "4" is that text.
    message = first_move_failure(_bot_sending(tmp_path, rank))
    assert message.endswith(
        f"which is not a move: unknown rank {rank!r} (no spaces around it): {RANK_LIST}")


def test_a_suit_with_spaces_around_is_told_to_drop_them(tmp_path: Path) -> None:
    rules = make_rules("classic", ask="card")
    game = new_game(rules, seed=1)
    rank = game.legal_actions()[0].rank.symbol
    message = first_move_failure(_bot_sending(tmp_path, rank, " H"), rules)
    assert message.endswith(
        "which is not a move: unknown suit ' H' (no spaces around it): use one of C D H S "
        "(either case)")


def test_the_documented_spellings_are_read(tmp_path: Path) -> None:
    # T for ten and lower case, the rank and the suit: each legal ask for a ten, so spelt,
    # is read back as that ask.
    rules = make_rules("classic", ask="card")
    game = new_game(rules, seed=1)
    seat = game.current_player
    assert seat is not None
    legal = game.legal_actions()
    tens = [action for action in legal if action.rank.symbol == "10"]
    assert tens  # the deal holds a ten
    bot = tmp_path / "bot.py"
    bot.write_text(HEADER + "        send(json.loads(sys.argv[1]))\n")
    for action in tens:
        move = action.to_dict()
        move["rank"], move["suit"] = move["rank"].replace("10", "T").lower(), move["suit"].lower()
        command = [sys.executable, str(bot), json.dumps(move)]
        with ExternalBot(command, timeout=30) as external:
            external.new_game(seat, 2, rules)
            assert external.choose(game.view(seat), legal) == action
