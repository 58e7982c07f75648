"""A command, option or choice typed a letter wrong, as a hurried user types them: refused
with exit status 2 as before, and the near name said, as an unknown --rules or bot is."""

from __future__ import annotations

import pytest

from gofish.cli import main


@pytest.mark.parametrize(("argv", "said"), [
    (["ply"], "gofish: argument COMMAND: invalid choice: 'ply' (choose from 'bots', "),
    (["Play"], "gofish: argument COMMAND: invalid choice: 'Play' (choose from 'bots', "),
    (["play", "--ask", "cards"], "gofish play: argument --ask: invalid choice: 'cards' "
                                 "(choose from 'rank', 'card')"),
    (["tournament", "emma", "random", "--seatings", "al"], "gofish tournament: argument "
                                                           "--seatings: invalid choice: 'al'"),
])
def test_a_mistyped_choice_is_answered_with_the_near_one(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    # argparse listed every choice and left the reader to spot the one meant.
    with pytest.raises(SystemExit) as stopped:
        main(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    near = {"ply": "play", "Play": "play", "cards": "card", "al": "all"}[argv[-1]]
    assert err.startswith(said), err
    prog = said.partition(":")[0]
    assert err.endswith(f"; did you mean {near!r}? (see {prog} --help)\n"), err


def test_a_choice_near_none_is_refused_as_before(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["xyzzy"])
    err = capsys.readouterr().err
    assert "did you mean" not in err and err.endswith("'tournament-merge') (see gofish --help)\n")


@pytest.mark.parametrize(("argv", "said"), [
    (["history", "--limt", "3"], "gofish history: unrecognized arguments: --limt 3; did you "
                                 "mean '--limit'? (see gofish history --help)\n"),
    (["play", "--plaine"], "gofish play: unrecognized arguments: --plaine; did you mean "
                           "'--plain'? (see gofish play --help)\n"),
    (["bots", "--jsno"], "gofish bots: unrecognized arguments: --jsno; did you mean '--json'? "
                         "(see gofish bots --help)\n"),
    (["--verison"], "gofish: unrecognized arguments: --verison; did you mean '--version'? "
                    "(see gofish --help)\n"),
    (["bots", "--colour"], "gofish bots: unrecognized arguments: --colour (see gofish bots "
                           "--help)\n"),
])
def test_a_mistyped_option_is_answered_with_the_near_one(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    assert main(argv) == 2
    assert capsys.readouterr().err == said


@pytest.mark.parametrize(("argv", "said"), [
    (["--seed", ""], "argument --seed: needs a whole number, not ''"),
    (["--seed", "1.5"], "argument --seed: needs a whole number, not '1.5'"),
    (["--jobs", "two"], "argument --jobs: needs a whole number, not 'two'"),
    (["--seed", "9" * 5000], "argument --seed: far too large a number (5,000 digits)"),
    (["--timeout", "soon"], "argument --timeout: needs a number, not 'soon'"),
    (["--timeout", ""], "argument --timeout: needs a number, not ''")])
def test_a_number_not_typed_as_one_is_refused_in_words(
        capsys: pytest.CaptureFixture[str], argv: list[str], said: str) -> None:
    # argparse's "invalid int value: ''" (and so for 5,000 digits, a number too long for
    # int()) where play says "--players needs a whole number, not ''".
    with pytest.raises(SystemExit) as stopped:
        main(["tournament", "emma", "random", *argv])
    assert stopped.value.code == 2
    assert capsys.readouterr().err == f"gofish tournament: {said} (see gofish tournament --help)\n"


def test_an_empty_argument_left_over_is_shown(capsys: pytest.CaptureFixture[str]) -> None:
    # "unrecognized arguments: --colour  (see …)": the empty value was not to be seen.
    assert main(["bots", "--colour", ""]) == 2
    assert capsys.readouterr().err == (
        "gofish bots: unrecognized arguments: --colour '' (see gofish bots --help)\n")


@pytest.mark.parametrize(("argv", "said"), [
    (["resume", "last"], "gofish resume: the game id needs a whole number, not 'last': leave "
                         "it out to resume the latest unfinished game (gofish history lists "
                         "the ids)\n"),
    (["show", "latest"], "gofish show: argument id: the game id needs a whole number, not "
                         "'latest' (gofish history lists the ids) (see gofish show --help)\n"),
    (["export", "one"], "gofish export: argument id: the game id needs a whole number, not "
                        "'one' (gofish history lists the ids) (see gofish export --help)\n")])
def test_a_word_for_a_game_id_is_answered_with_where_ids_are(
        capsys: pytest.CaptureFixture[str], tmp_path: object, argv: list[str],
        said: str) -> None:
    # "resume last" is what the help's "the latest one" invites; it said only that 'last'
    # was no number.
    try:
        assert main([*argv, "--database", "unused.sqlite3"]) == 2
    except SystemExit as stopped:
        assert stopped.code == 2
    assert capsys.readouterr().err == said


def test_a_limit_too_long_for_int_is_called_too_large(capsys: pytest.CaptureFixture[str]) -> None:
    # "'999…' is not a whole number": it is one, longer than int() reads.
    with pytest.raises(SystemExit):
        main(["history", "--limit", "9" * 5000])
    assert capsys.readouterr().err == ("gofish history: argument --limit: far too large a "
                                       "number (5,000 digits) (see gofish history --help)\n")
