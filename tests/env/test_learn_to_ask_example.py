"""examples/learn_to_ask.py runs as its docstring shows (briefly here), and refuses
arguments it cannot train or measure with as a usage error, not a traceback mid-run."""

from __future__ import annotations

import numpy as np
import pytest
from tests.example_modules import load_example


def test_a_short_run_measures_trains_and_measures_again(
        capsys: pytest.CaptureFixture[str]) -> None:
    load_example("learn_to_ask").main(["--games", "3", "--check", "2"])
    before, after = capsys.readouterr().out.splitlines()
    assert before.startswith("before: ") and "against Emma" in before
    assert after.startswith("after 3 games: ") and "weights (held, known, denied" in after


def test_self_play_learns_at_a_pettingzoo_table_and_is_measured_against_emma(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("pettingzoo")
    example = load_example("learn_to_ask")
    weights = np.zeros(4)
    example.train(weights, 5, 0.05, against_itself=True)
    assert weights.any()  # both seats' asks taught it something
    example.main(["--games", "3", "--check", "2", "--self-play"])
    before, after = capsys.readouterr().out.splitlines()
    assert before.startswith("before: ")
    assert after.startswith("after 3 games of self-play: ") and "against Emma" in after


@pytest.mark.parametrize(("args", "why"), [
    (["--check", "0"], "argument --check: must be at least 1, not 0"),  # ZeroDivisionError
    (["--games", "-3"], "argument --games: must be at least 0, not -3"),
    (["--rate", "nan"], "argument --rate: must be a finite number, not nan"),  # NaN odds
    # A negative rate steps away from winning, the agent learning to lose; written '-1e3'
    # argparse took it for an option and said "expected one argument".
    (["--rate", "-1"], "argument --rate: must be 0 or more, not -1"),
    (["--rate", "-1e3"], "argument --rate: must be 0 or more, not -1e3"),
    (["--games", "x"], "argument --games: invalid whole number value: 'x'"),
    # A count no run would finish, refused before any game, as bench's counts are
    (["--games", str(10**30)], f"argument --games: must be at most 1,000,000,000, not {10**30}"),
    (["--check", "1000000001"], "argument --check: must be at most 1,000,000,000"),
    # argparse names the type by its function's name: "invalid learning_rate value".
    (["--rate", "x"], "argument --rate: invalid number value: 'x'"),
    # int() and float() read other digits; every number typed to gofish takes 0-9 only
    (["--games", "\u0663"], "argument --games: '\u0663' uses the digit '\u0663': numbers "
                              "take the digits 0-9 only"),
    (["--check", "\uff11"], "argument --check: '\uff11' uses the digit '\uff11'"),
    (["--rate", "\u0660.\u0661"], "argument --rate: '\u0660.\u0661' uses the digit "
                                  "'\u0660'"),
    # A value missing, said as gofish says it: '--rate=--' reached the training as [] (a
    # TypeError), and '--rate' typed last was told how to write a value starting with '-'.
    (["--rate=--"], "argument --rate: '--' cannot be its value, as it ends the options"),
    (["--games=--"], "argument --games: '--' cannot be its value, as it ends the options"),
    (["--rate"], "argument --rate: expected one argument, and nothing follows it"),
    (["--rate", "--"], "argument --rate: expected one argument, and '--' cannot be its "
                       "value, as it ends the options"),
    (["--rate", "--", "-1"], "so it cannot come before the value: write it joined, as in "
                             "--rate=-1"),
])
def test_arguments_it_cannot_use_are_a_usage_error(
        args: list[str], why: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        load_example("learn_to_ask").main(args)
    assert stopped.value.code == 2
    assert why in capsys.readouterr().err


class _Flag:
    """A yes or no that counts how often it is read."""

    def __init__(self, value: bool) -> None:
        self.value, self.reads = value, 0

    def __bool__(self) -> bool:
        self.reads += 1
        return self.value


def test_train_decides_once_whom_to_play() -> None:
    """It read against_itself to make the env, then again for every game."""
    flag = _Flag(False)
    load_example("learn_to_ask").train(np.zeros(4), 3, 0.05, against_itself=flag)
    assert flag.reads == 1


@pytest.mark.parametrize("games", ["1", "20"])
def test_a_rate_too_large_for_the_weights_is_a_usage_error(
        games: str, capsys: pytest.CaptureFixture[str]) -> None:
    # A finite rate can still carry the weights past what a float holds: their odds were
    # then NaN and training stopped with numpy's "Probabilities contain NaN" traceback.
    # (With one game the overflow came in measuring after it, not in training.)
    with pytest.raises(SystemExit) as stopped:
        load_example("learn_to_ask").main(["--games", games, "--check", "1", "--rate", "1e308"])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "argument --rate: 1e+308 is too large: the weights passed what a float holds" in err
    assert "Traceback" not in err and "RuntimeWarning" not in err
