"""A default written out is the same bot: ``expert-easy:epsilon=0.3`` is ``expert-easy``,
and was stored, counted in ``gofish stats`` and labelled at the table as another one
("Easy Expert (epsilon=0.3)"). A tournament keeps both entrants and says they are one."""

from __future__ import annotations

import pytest

from gofish.bots import canonical_spec, make_bot, seat_label
from gofish.cli import main
from gofish.core import make_rules
from gofish.session import TableSettings


@pytest.mark.parametrize(("typed", "written"), [
    ("expert-easy:epsilon=0.3", "expert-easy"),
    ("Expert-Easy:Endgame=0:noise=0.0:infer=TRUE:epsilon=0.30", "expert-easy"),
    ("expert:epsilon=0", "expert"),  # a whole number where the default is 0.0
    ("ismcts-quick:iterations=8", "ismcts-quick"),
    ("ismcts:iterations=60:seconds=0.2:epsilon=0.1", "ismcts:epsilon=0.1"),
    ("counter:epsilon=0.0", "counter"),
])
def test_an_option_at_its_default_is_left_out_of_the_one_spelling(
        typed: str, written: str) -> None:
    assert canonical_spec(typed) == written


@pytest.mark.parametrize(("typed", "written"), [
    ("ismcts-quick:iterations=60", "ismcts-quick:iterations=60"),  # ismcts's, not its own
    ("expert-easy:epsilon=0", "expert-easy:epsilon=0"),  # expert's default, not its own
    ("expert:endgame=8.0", "expert:endgame=8.0"),  # refused: a fraction where it is whole
    ("expert:infer=1", "expert:infer=1"),  # refused: 1 is no true
    ("emma:memory=2", "emma:memory=2"),
])
def test_an_option_not_at_its_bots_own_default_stays(typed: str, written: str) -> None:
    assert canonical_spec(typed) == written


def test_the_options_made_bot_plays_as_the_default_one() -> None:
    easy, written_out = make_bot("expert-easy"), make_bot("expert-easy:epsilon=0.3")
    assert (easy.epsilon, easy.noise) == (written_out.epsilon,  # type: ignore[attr-defined]
                                          written_out.noise)  # type: ignore[attr-defined]


def test_a_table_stores_and_labels_a_default_written_out_as_the_bot_itself() -> None:
    settings = TableSettings(make_rules("classic"), players=2,
                             opponents=("expert-easy:epsilon=0.3",))
    assert [seat["bot"] for seat in settings.seats()] == [None, "expert-easy"]
    assert seat_label("Easy Expert", "expert-easy:epsilon=0.3") == "Easy Expert"


def test_a_tournament_says_when_two_entrants_are_one_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "expert-easy", "Expert-Easy:epsilon=0.30", "random",
                 "--games", "3", "--seed", "1", "--jobs", "1"]) == 0
    out, err = capsys.readouterr()
    assert ("gofish tournament: expert-easy and Expert-Easy:epsilon=0.30 are one bot, written "
            "expert-easy (") in err
    assert err.rstrip().endswith("it plays itself as expert-easy#1 and #2")
    assert "expert-easy#1" in out and "expert-easy#2" in out


def test_a_bot_named_twice_as_typed_gets_no_such_note(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["tournament", "emma", "emma", "random", "--games", "3", "--seed", "1",
                 "--jobs", "1"]) == 0
    assert "one bot" not in capsys.readouterr().err
