"""``gofish replay`` as an outside tool sees it: run as a subprocess on JSON Lines."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import gofish

from .stacked import deal

OK_KEYS = ["ok", "over", "current_player", "pond", "hands", "books", "winners"]
ERROR_KEYS = ["ok", "action_index", "error"]


def _run(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict"}  # as strict as a real terminal
    return subprocess.run(
        [sys.executable, "-m", "gofish", "replay", *args],
        input=stdin, capture_output=True, timeout=60, env=env, check=False,
    )


def _finished_game() -> gofish.Game:
    game = gofish.new_game("nordic", players=3, seed=4)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    return game


def _mixed_lines() -> tuple[list[bytes], list[dict[str, Any]]]:
    """Input lines and, for each non-blank one, the result RULES.md calls for."""
    started = deal("classic", ["9 9 K", "9 2 3"], pond="4 K 5")
    started.play(gofish.Ask.of(1, "9"))
    finished = _finished_game()
    out_of_turn = started.to_record()
    out_of_turn["actions"].append({"player": 1, "target": 0, "rank": "2"})
    cases: list[tuple[bytes, dict[str, Any] | None]] = [
        (json.dumps(started.to_record()).encode(), gofish.snapshot(started)),
        (b"", None),
        (b"   \t", None),
        (json.dumps(finished.to_record()).encode(), gofish.snapshot(finished)),
        (json.dumps(out_of_turn).encode(),
         {"ok": False, "action_index": 1, "error": "it is player 0's turn, not player 1's"}),
        (b"this is not json", None),
        (b"\xff\xfe\x00\x9c binary \x80 garbage", None),
        (b"[1, 2, 3]",
         {"ok": False, "action_index": None,
          "error": "a record must be a JSON object, not an array"}),
        (b'{"rules": "bridge", "players": 2, "deck": []}', None),
        (b"[" * 50_000, None),
    ]
    lines = [line for line, _ in cases]
    expected: list[dict[str, Any]] = []
    for line, result in cases:
        if not line.strip():
            continue
        expected.append(result if result is not None else {"ok": False, "action_index": None})
    return lines, expected


def _check_results(stdout: bytes, expected: list[dict[str, Any]]) -> None:
    out_lines = stdout.decode("utf-8").splitlines()
    assert len(out_lines) == len(expected)  # one line per non-blank input line
    for text, want in zip(out_lines, expected, strict=True):
        got = json.loads(text)
        if got["ok"]:
            assert list(got) == OK_KEYS
            assert got == want
        else:
            assert list(got) == ERROR_KEYS
            assert isinstance(got["error"], str) and got["error"]
            for key, value in want.items():
                assert got[key] == value


def test_replay_json_on_a_file_mixing_good_and_bad_lines(tmp_path: Path) -> None:
    lines, expected = _mixed_lines()
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    done = _run("--json", str(path))
    assert b"Traceback" not in done.stderr
    _check_results(done.stdout, expected)
    assert done.returncode == 1  # some record failed


def test_replay_json_reads_standard_input_including_binary_garbage() -> None:
    lines, expected = _mixed_lines()
    done = _run("--json", "-", stdin=b"\n".join(lines))
    assert b"Traceback" not in done.stderr, done.stderr.decode(errors="replace")
    _check_results(done.stdout, expected)


def test_replay_json_error_lines_say_what_was_wrong() -> None:
    bad = {"rules": "bridge", "players": 2, "deck": []}
    done = _run("--json", "-", stdin=json.dumps(bad).encode() + b"\nnope\n")
    first, second = (json.loads(line) for line in done.stdout.decode().splitlines())
    assert first == {"ok": False, "action_index": None,
                     "error": "unknown preset 'bridge': choose classic, bicycle or nordic"}
    assert second["error"].startswith("the line is not valid JSON")


def test_replay_of_good_records_only_exits_0() -> None:
    game = _finished_game()
    done = _run("--json", "-", stdin=json.dumps(game.to_record()).encode() + b"\n")
    assert done.returncode == 0
    assert json.loads(done.stdout) == gofish.snapshot(game)


def test_replay_without_json_prints_each_record_readably(tmp_path: Path) -> None:
    lines, expected = _mixed_lines()
    path = tmp_path / "games.jsonl"
    path.write_bytes(b"\n".join(lines))
    done = _run(str(path))
    assert b"Traceback" not in done.stderr
    text = done.stdout.decode()
    headers = [line for line in text.splitlines() if line.startswith("record ")]
    assert len(headers) == len(expected)
    assert headers[0] == "record 1: in progress, player 0 to ask"
    # The second action (action_index 1 in JSON): counted from 1 for a reader.
    assert "cannot replay (action 2): it is player 0's turn, not player 1's" in headers[2]
    assert "cannot replay (the record itself): the line is not valid JSON" in headers[3]
    assert "  player 0: hand 9D 9H 9S KS; books none" in text


def test_replay_of_a_missing_file_is_a_clear_error_not_a_traceback(tmp_path: Path) -> None:
    done = _run("--json", str(tmp_path / "nope.jsonl"))
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr
    assert b"cannot read" in done.stderr and b"nope.jsonl" in done.stderr
    assert done.stdout == b""


def test_replay_of_a_directory_is_a_clear_error(tmp_path: Path) -> None:
    done = _run(str(tmp_path))
    assert done.returncode == 2
    assert b"Traceback" not in done.stderr and b"cannot read" in done.stderr


@pytest.mark.skipif(not Path("/proc/self/mem").exists(), reason="needs /proc")
def test_a_file_that_fails_while_read_is_named(tmp_path: Path) -> None:
    # Opening /proc/self/mem works; reading it fails: the message lacked the file's name.
    done = _run("/proc/self/mem")
    assert done.returncode == 2
    assert done.stderr == b"gofish replay: cannot read /proc/self/mem: Input/output error\n"


def test_a_reader_that_stops_early_is_not_blamed_on_the_file(tmp_path: Path) -> None:
    # `gofish replay big.jsonl | head -1` said "cannot read big.jsonl: Broken pipe".
    records = tmp_path / "many.jsonl"
    line = json.dumps(_finished_game().to_record()) + "\n"
    records.write_text(line * 2000)
    replay = subprocess.Popen([sys.executable, "-m", "gofish", "replay", "--json", str(records)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert replay.stdout is not None and replay.stderr is not None
    assert json.loads(replay.stdout.readline())["ok"] is True
    replay.stdout.close()  # the reader has seen enough
    errors = replay.stderr.read()
    assert replay.wait(timeout=60) == 0
    assert b"cannot read" not in errors and b"Traceback" not in errors


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("command", [["replay", "-"], ["history"], ["play", "--plain"]])
def test_output_to_a_full_disk_is_one_line_not_a_traceback(
    command: list[str], tmp_path: Path
) -> None:
    line = json.dumps(_finished_game().to_record()) + "\n"
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "gofish", *command],
            input=line.encode() if command[0] == "replay" else b"",
            stdout=full, stderr=subprocess.PIPE, timeout=60,
            env={**os.environ, "GOFISH_DB": str(tmp_path / "games.sqlite3")},
        )
    assert done.returncode == 1
    said = done.stderr.decode().strip()
    if command[0] == "play":  # and the game, saved as it stood, goes on where it stopped
        assert said.startswith("gofish play: No space left on device, so the game stops "
                               "here. Game 1 saved unfinished: gofish resume 1"), said
    else:
        assert said == f"gofish {command[0]}: No space left on device"


def test_the_readable_form_names_the_pile_as_the_record_players_do() -> None:
    # Hopp i havet draws from the sea (R2, and the nordic preset); the others from the pond.
    import io

    from gofish.cli.replay import replay_stream

    nordic = _finished_game()
    classic = gofish.new_game("classic", players=2, seed=4)
    lines = [json.dumps(nordic.to_record()), json.dumps(classic.to_record()), "[1]"]
    out = io.StringIO()
    assert replay_stream(lines, out, as_json=False) == 1  # the last line is no record
    text = out.getvalue()
    assert f"  sea: {nordic.pond_size} cards" in text
    assert f"  pond: {classic.pond_size} cards" in text
    assert text.count("sea:") == 1


def test_a_record_after_blank_lines_is_also_named_by_its_line() -> None:
    # Blank lines are passed over, so "record 2" was line 4 of the file, with no word of it.
    import io

    from gofish.cli.replay import replay_stream

    good = json.dumps(_finished_game().to_record())
    out = io.StringIO()
    replay_stream([good + "\n", "\n", "  \n", "not json\n"], out, as_json=False)
    headers = [line for line in out.getvalue().splitlines() if line.startswith("record")]
    assert headers[0].startswith("record 1: game over")
    assert headers[1].startswith("record 2 (line 4): cannot replay (the record itself)")


def test_a_record_laid_out_over_several_lines_is_one_record(tmp_path: Path) -> None:
    # RULES.md ("Game records") prints its record over five lines, and a pretty-printer
    # writes one over hundreds: each line came back "not valid JSON" (60 results for one
    # record). Such a record is now read whole, its result naming its lines.
    game = _finished_game()
    record = game.to_record()
    as_in_rules_md = (
        f'{{"rules": {json.dumps(record["rules"])},\n "players": {record["players"]},\n'
        f' "deck": {json.dumps(record["deck"])},\n'
        f' "first_player": {record["first_player"]},\n'
        f' "actions": {json.dumps(record["actions"])}}}\n')
    indented = json.dumps(record, indent=2) + "\n"
    one_line = json.dumps(record) + "\n"
    path = tmp_path / "spread.json"
    path.write_text(as_in_rules_md + "\n" + indented + one_line)
    done = _run("--json", str(path))
    assert done.returncode == 0, done.stdout
    assert [json.loads(line) for line in done.stdout.splitlines()] == [gofish.snapshot(game)] * 3
    spread_lines = indented.count("\n")
    headers = [line for line in _run(str(path)).stdout.decode().splitlines()
               if line.startswith("record ")]
    assert headers[0].startswith("record 1 (lines 1-5): game over")
    assert headers[1].startswith(f"record 2 (lines 7-{6 + spread_lines}): game over")
    assert headers[2].startswith(f"record 3 (line {7 + spread_lines}): game over")


def test_a_cut_off_line_stays_a_record_of_its_own() -> None:
    # A line of JSON Lines cut short opens an object it does not close, like the first
    # line of a record laid out over several: the lines after it are still their own.
    import io

    from gofish.cli.replay import replay_stream

    whole = json.dumps(_finished_game().to_record())
    # Cut in the actions' list, the records after it read as more of its items: only the
    # end of the input shows that no object closes, and they are still replayed.
    cut_in_a_string, cut_in_the_actions = whole[:30], whole[: whole.index('"actions"') + 12]
    lines = [cut_in_a_string + "\n", whole + "\n", cut_in_the_actions + "\n", whole + "\n",
             whole[:-1] + "\n"]
    out = io.StringIO()
    assert replay_stream(lines, out, as_json=True) == 1
    results = [json.loads(line) for line in out.getvalue().splitlines()]
    assert [result["ok"] for result in results] == [False, True, False, True, False]
    assert all("not valid JSON" in result["error"] for result in results if not result["ok"])


def test_a_last_line_cut_off_before_its_end_is_replayed_as_a_record(tmp_path: Path) -> None:
    # A file whose only line opens an object and ends there (no newline, nothing after)
    # stopped gofish replay with an UnboundLocalError traceback.
    path = tmp_path / "cut.jsonl"
    path.write_text('{"rules": "cla')
    done = _run("--json", str(path))
    assert b"Traceback" not in done.stderr, done.stderr.decode()
    [result] = [json.loads(line) for line in done.stdout.splitlines()]
    assert result["ok"] is False and "not valid JSON" in result["error"]
    assert done.returncode == 1


def test_the_readable_form_counts_actions_from_1_and_json_from_0() -> None:
    # A record whose very first action is illegal said "cannot replay (action 0)": a
    # reader counts from 1. --json keeps action_index 0, the list index of RULES.md.
    game = deal("classic", ["9 9 K", "9 2 3"], pond="4 K 5")
    record = game.to_record()
    record["actions"] = [{"player": 1, "target": 0, "rank": "2"}]
    line = json.dumps(record).encode()
    text = _run("-", stdin=line).stdout.decode()
    assert text.startswith("record 1: cannot replay (action 1): it is player 0's turn")
    assert json.loads(_run("--json", "-", stdin=line).stdout)["action_index"] == 0


def test_a_record_laid_out_over_several_lines_and_cut_off_is_one_result() -> None:
    # A pretty-printed record whose file was cut short (a copy stopped half-way) gave one
    # "not valid JSON" result per line, 30 for the lines below, none saying what happened.
    import io

    from gofish.cli.replay import replay_stream

    good = json.dumps(_finished_game().to_record())
    indented = json.dumps(_finished_game().to_record(), indent=2).splitlines(keepends=True)
    lines = [good + "\n", *indented[:30]]
    out = io.StringIO()
    assert replay_stream(lines, out, as_json=False) == 1
    headers = [line for line in out.getvalue().splitlines() if line.startswith("record ")]
    assert headers[0].startswith("record 1: game over")
    assert headers[1:] == ["record 2 (lines 2-31): cannot replay (the record itself): the "
                           "record is cut off: the input ends before the object opened on "
                           "its first line is closed"]
    out = io.StringIO()
    replay_stream(indented[:30], out, as_json=True)
    assert [json.loads(line) for line in out.getvalue().splitlines()] == [
        {"ok": False, "action_index": None, "error": "the record is cut off: the input ends "
                                                     "before the object opened on its first "
                                                     "line is closed"}]


def _played_until_one_card_in_the_pond(rules: object) -> gofish.Game:
    for seed in range(50):  # a refill may draw the last cards: most seeds get there
        game = gofish.new_game(rules, players=2, seed=seed)
        while game.pond_size > 1:
            game.play(game.legal_actions()[0])
        if game.pond_size == 1 and not game.is_over:
            return game
    raise AssertionError("no seed left one card in the pond")


def test_the_readable_form_counts_one_card_and_names_pairs_as_pairs() -> None:
    # It said "pond: 1 cards", and "books" for what the pairs house rule lays (R3).
    import io

    from gofish.cli.replay import replay_stream

    pairs = _played_until_one_card_in_the_pond(
        {"preset": "classic", "book_size": 2})
    classic = _played_until_one_card_in_the_pond("classic")
    out = io.StringIO()
    lines = [json.dumps(pairs.to_record()), json.dumps(classic.to_record())]
    assert replay_stream(lines, out, as_json=False) == 0
    first, second = out.getvalue().split("record 2")
    assert "  pond: 1 card\n" in first and "  pond: 1 card\n" in second
    assert "; pairs " in first and "; books" not in first, first
    assert "; books " in second and "; pairs" not in second, second


CUT_OFF_LINE = ("the line is not valid JSON: it is cut off, ending before the object it "
                "opens is closed")


@pytest.mark.parametrize("cut_after", ['"AS"', '"AS",', '"A', "players", "tru"])
def test_a_line_cut_short_is_said_to_be_cut_off(cut_after: str) -> None:
    # A line of JSON Lines cut short (a full disk, a copy stopped midway) after a card
    # said "Expecting ',' delimiter", as if a comma were missing, as a record laid out
    # over several lines and cut short is already said to be cut off.
    record = dict(_finished_game().to_record())
    record["deck"] = ["AS", *record["deck"][1:]]  # a card to cut after, at a known place
    line = json.dumps({**record, "over": True} if cut_after == "tru" else record)
    if cut_after == "players":  # after a number: "Expecting ',' delimiter" too
        cut_after = f'"players": {record["players"]}'
    cut = line[: line.index(cut_after) + len(cut_after)]
    assert gofish.replay_line(cut) == {"ok": False, "action_index": None,
                                       "error": CUT_OFF_LINE}
    assert gofish.replay_line(cut + "\n")["error"] == CUT_OFF_LINE


@pytest.mark.parametrize("broken", ['{"rules": "classic", "players": 2 "deck": []}',
                                    '{"rules": "classic",, ', '["rules", "classic"'])
def test_a_line_broken_before_its_end_keeps_json_s_words(broken: str) -> None:
    # Only a line that is unfinished is cut off: a comma missing in the middle, or a line
    # that is no object, is said as json says it.
    error = gofish.replay_line(broken)["error"]
    assert error.startswith("the line is not valid JSON: ") and error != CUT_OFF_LINE
