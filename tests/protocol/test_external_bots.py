"""External bots over the JSON-lines protocol: good bots play, bad bots forfeit, nothing leaks."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from tests.processes import default_ctrl_c, still_running

from gofish.cli import main
from gofish.core import Ask, Game, make_rules, new_game
from gofish.core.events import EVENT_KINDS
from gofish.protocol import BotFailure, ExternalBot
from gofish.protocol.external import STDERR_END
from gofish.tournament import Plan, TournamentError, run_tournament

HEADER = """
import json, os, sys, time
def send(obj):
    sys.stdout.write(json.dumps(obj) + "\\n"); sys.stdout.flush()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        send({"type": "hello", "name": "tiny", "version": 1})
    elif msg["type"] == "turn":
"""
BOTS = {
    "first_legal": "        send(msg['legal'][0])\n",
    "crash": "        raise RuntimeError('my strategy fell over')\n",
    "slow": "        time.sleep(30)\n",
    "garbage": "        sys.stdout.write('hello world\\n'); sys.stdout.flush()\n",
    "debug_number": "        print(42, flush=True)\n",
    "not_an_ask": "        send({'target': 9, 'rank': 'A'})\n",
    "illegal": (
        "        held = {c[:-1] for c in msg['view']['hand']}\n"
        "        rank = next(r for r in ['A','2','3','4','5','6','7','8','9','10','J','Q','K']"
        " if r not in held)\n"
        "        send({'target': msg['legal'][0]['target'], 'rank': rank})\n"
    ),
    "flood": "        sys.stdout.write('x' * 3_000_000); sys.stdout.flush(); time.sleep(30)\n",
    # Both lines in one write, so they reach the engine together: no race in the test.
    "answers_twice": (
        "        first, last = json.dumps(msg['legal'][0]), json.dumps(msg['legal'][-1])\n"
        "        sys.stdout.write(first + '\\n' + last + '\\n'); sys.stdout.flush()\n"
    ),
    "not_utf8": (
        "        sys.stdout.buffer.write(b'{\"target\": 0, \"rank\": \"\\xff\"}\\n')\n"
        "        sys.stdout.flush()\n"
    ),
    # Valid JSON that Python's json module cannot read: too deep, too many digits.
    "deeply_nested": "        print('[' * 100_000 + ']' * 100_000, flush=True)\n",
    "huge_number": "        print('{\"target\": ' + '9' * 5000 + ', \"rank\": \"A\"}',"
                   " flush=True)\n",
    "killed": "        os.kill(os.getpid(), 9)\n",  # as by the out-of-memory killer
    "closes_stdout": "        os.close(1); time.sleep(30)\n",
    "target_as_text": "        send(dict(msg['legal'][0], target=str(msg['legal'][0]['target'])))",
    # Aces as 1 (or as 0, counting from zero): a number could be misread, so it is refused.
    "rank_as_number": "        send(dict(msg['legal'][0], rank=1))"
                      "\n",
    "no_suit": "        send({k: v for k, v in msg['legal'][0].items() if k != 'suit'})\n",
    "thanks_after_new_game": (
        "        send(msg['legal'][0])\n"
        "    elif msg['type'] == 'new_game':\n"
        "        send({'type': 'thanks'})\n"
    ),
    "thanks_after_game_over": (
        "        send(msg['legal'][0])\n"
        "    elif msg['type'] == 'game_over':\n"
        "        send({'type': 'thanks'})\n"
    ),
    "one_game_only": (
        "        send(msg['legal'][0])\n"
        "    elif msg['type'] == 'game_over':\n"
        "        break\n"
    ),
    # Plays its first game, then crashes on its first turn of the second.
    "crash_in_game_two": (
        "        if games == 2: raise ValueError('my second game fell over')\n"
        "        send(msg['legal'][0])\n"
        "    elif msg['type'] == 'new_game':\n"
        "        games = globals().get('games', 0) + 1\n"
    ),
    # .NET's UTF-8 console starts its output with a byte-order mark: read it as nothing.
    "byte_order_mark": (
        "        sys.stdout.buffer.write(b'\\xef\\xbb\\xbf' + json.dumps(msg['legal'][0])"
        ".encode() + b'\\n')\n"
        "        sys.stdout.flush()\n"
    ),
    # The spellings the docs promise are read: T and lower case, CRLF line ends.
    "loose_spelling": (
        "        move = dict(msg['legal'][0])\n"
        "        move['rank'] = move['rank'].replace('10', 'T').lower()\n"
        "        sys.stdout.write(json.dumps(move) + '\\r\\n'); sys.stdout.flush()\n"
    ),
}


def write_bot(tmp_path: Path, kind: str) -> str:
    path = tmp_path / f"{kind}.py"
    path.write_text(HEADER + BOTS[kind])
    return f"{sys.executable} {path}"


def children_of_this_process() -> list[str]:
    """States of our child processes (``Z`` is a zombie), read from /proc."""
    me = str(os.getpid())
    states = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if fields[1] == me:
            states.append(fields[0])
    return states


def first_turn(rules: object = "classic") -> tuple[Game, int]:
    """The game of seed 1 under ``rules``, and the seat whose turn it is."""
    game = new_game(rules, seed=1)
    seat = game.current_player
    assert seat is not None
    return game, seat


def play_first_turn(bot: ExternalBot, rules: object = "classic") -> Ask:
    """Tell ``bot`` of a fresh game and ask its first move: a failure found at new_game (a
    program that does not start) is told there."""
    game, seat = first_turn(rules)
    bot.new_game(seat, 2, game.rules)
    return bot.choose(game.view(seat), game.legal_actions())


def first_move_failure(command: str, rules: object = "classic", timeout: float = 30) -> str:
    """What the bot is told when it fails its first move of a fresh game (it must fail);
    it is then gone and reaped."""
    with ExternalBot(command, timeout=timeout) as bot, pytest.raises(BotFailure) as failure:
        play_first_turn(bot, rules)
    assert children_of_this_process() == []
    return str(failure.value)


def test_a_good_external_bot_plays_whole_games(tmp_path: Path) -> None:
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "cmd:" + write_bot(tmp_path, "first_legal")),
                6)
    outcome = run_tournament(plan, jobs=1)
    assert outcome.engine == "engine"
    assert outcome.tally.tables == 6
    assert outcome.tally.forfeits == [0, 0]
    assert outcome.tally.failures == []
    assert sum(outcome.tally.win_units) == 6 * 60
    assert children_of_this_process() == []


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("crash", "exited before sending its move (exit code 1; it said: RuntimeError: my "
                  "strategy fell over)"),
        ("slow", "did not send its move within 0.5 s"),
        ("garbage", "answered 'hello world' instead of a JSON object for its move (stdout "
                    "carries protocol lines only"),
        ("debug_number", "answered '42' instead of a JSON object for its move (stdout carries "
                         "protocol lines only"),
        ("not_an_ask", "which is not a move: there is no player 9"),
        ("illegal", "which is not a legal move now: you may not ask for"),
        ("flood", "without a newline"),
        ("answers_twice", "sent a line when no answer was expected: '{\"target\""),
        ("not_utf8", "answered a line that is not valid UTF-8 for its move (byte 0xff at "
                     "position 23)"),
        ("target_as_text", "'target' must be a seat number ("),
        ("rank_as_number", "'rank' must be the rank's text (A, 2 … 10, J, Q, K), not the "
                           "number 1"),
        ("killed", "exited before sending its move (killed by SIGKILL)"),
        ("closes_stdout", "closed its standard output before sending its move, and is still "
                          "running"),
        ("deeply_nested", "which cannot be read for its move: it is nested too deeply"),
        ("huge_number", "which cannot be read for its move: a number in it has too many digits"),
    ],
)
def test_a_failing_bot_forfeits_each_game_and_the_tournament_goes_on(
    tmp_path: Path, kind: str, message: str
) -> None:
    plan = Plan(make_rules("classic"), 2, 2, ("random", "cmd:" + write_bot(tmp_path, kind)), 4)
    # Only the slow bot is about the time limit. The others fail at once, but a crash's
    # traceback and exit, say, can take more than 0.5 s on a busy machine: then they read
    # "did not send its move within 0.5 s", not their own failure.
    outcome = run_tournament(plan, jobs=1, timeout=0.5 if kind == "slow" else 30)
    tally = outcome.tally
    assert tally.tables == 4  # every game was played (to the forfeit)
    assert tally.forfeits == [0, 4]
    assert tally.wins(0) == 4 and tally.wins(1) == 0
    assert len(tally.failures) == 4
    assert all(message in failure for failure in tally.failures), tally.failures[0]
    named = f"bot 'tiny' ({sys.executable} "  # the hello's name, then the command
    assert all(named in failure for failure in tally.failures), tally.failures[0]
    assert children_of_this_process() == []  # killed and reaped: no zombies


def test_a_move_without_its_suit_under_ask_card_says_the_suit_is_required(
    tmp_path: Path,
) -> None:
    plan = Plan(make_rules("classic", ask="card"), 2, 2,
                ("random", "cmd:" + write_bot(tmp_path, "no_suit")), 2)
    tally = run_tournament(plan, jobs=1).tally
    assert tally.forfeits == [0, 2]
    assert all('under the ask-for-a-card rule (ask: card) a move needs a "suit"' in failure
               for failure in tally.failures), tally.failures


def stray_line_in_the_pipe(bot: ExternalBot, timeout: float = 30) -> None:
    """Wait until the bot's unasked-for line can be read (a fixed sleep could end first on
    a busy machine: the line then came after the request and was read as its answer)."""
    process = bot._process
    assert process is not None and process.stdout is not None
    readable, _, _ = select.select([process.stdout], [], [], timeout)
    assert readable, f"the bot wrote nothing within {timeout} s"


@pytest.mark.parametrize("after", ["new_game", "game_over"])
def test_a_line_sent_when_no_answer_is_expected_fails_before_the_next_request(
    tmp_path: Path, after: str
) -> None:
    # The bot answers a message that expects no answer; that line is never read as a move.
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(write_bot(tmp_path, f"thanks_after_{after}"), timeout=2) as bot:
        bot.new_game(seat, 2, "classic")
        if after == "game_over":
            bot.game_over([0], [7, 6])
        stray_line_in_the_pipe(bot)  # before the next request
        with pytest.raises(BotFailure) as failure:
            if after == "game_over":
                bot.new_game(seat, 2, "classic")  # found here, told at its turn
            bot.choose(game.view(seat), game.legal_actions())
    # A reply to game_over fails the next game: the message says when it was sent.
    when = ", after the last game's game_over" if after == "game_over" else ""
    assert f"sent a line when no answer was expected{when}: '{{\"type\": \"thanks\"}}'" in str(
        failure.value)
    assert children_of_this_process() == []


def test_a_bot_that_exits_after_a_game_is_told_to_keep_running_until_quit(
    tmp_path: Path,
) -> None:
    # Each seat's program plays one game, exits, forfeits the next, is restarted: 2 of 4.
    plan = Plan(make_rules("classic"), 2, 3,
                ("random", "cmd:" + write_bot(tmp_path, "one_game_only")), 4)
    tally = run_tournament(plan, jobs=1).tally
    assert tally.tables == 4 and tally.forfeits == [0, 2]
    expected = ("exited after the previous game, before this game's first move (exit code 0): "
                'a bot must keep running until it is sent {"type": "quit"}')
    assert all(expected in failure for failure in tally.failures), tally.failures
    assert children_of_this_process() == []


def test_a_crash_on_the_first_turn_of_a_later_game_is_not_blamed_on_the_last_one(
    tmp_path: Path,
) -> None:
    # It read "exited after the previous game, before this game's first move", which sent
    # the bot's writer looking at its game_over handling, not at the turn that crashed.
    bot = ExternalBot(write_bot(tmp_path, "crash_in_game_two"), timeout=30)
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with bot:
        bot.new_game(seat, 2, "classic")
        assert bot.choose(game.view(seat), game.legal_actions()) in game.legal_actions()
        bot.game_over([seat], [0, 0])
        bot.new_game(seat, 2, "classic")
        with pytest.raises(BotFailure) as failure:
            bot.choose(game.view(seat), game.legal_actions())
    said = str(failure.value)
    assert "exited before its first move of this game (exit code 1; it said: ValueError: my " \
           "second game fell over)" in said, said
    assert "after the previous game" not in said and "keep running" not in said
    assert children_of_this_process() == []


LOGGER = """
import json, os, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    msg = json.loads(line)
    log.write(json.dumps([os.getpid(), msg]) + "\\n"); log.flush()
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "logger", "version": 1}), flush=True)
    elif msg["type"] == "turn":
        print(json.dumps(msg["legal"][0]), flush=True)
"""


def messages_by_player(log: Path) -> dict[int, list[dict]]:
    """Each program's messages in its order, of the programs that played: the one started
    before play, to see that it starts, is told only hello and quit."""
    programs: dict[int, list[dict]] = {}
    for line in log.read_text().splitlines():
        pid, message = json.loads(line)
        programs.setdefault(pid, []).append(message)
    return {pid: messages for pid, messages in programs.items()
            if any(message["type"] == "new_game" for message in messages)}


def test_the_opponent_of_a_bot_that_forfeits_is_told_the_game_is_over(tmp_path: Path) -> None:
    # It was sent the next new_game without a game_over, so it never heard how the game ended.
    logger = tmp_path / "logger.py"
    logger.write_text(LOGGER)
    log = tmp_path / "messages.jsonl"
    plan = Plan(make_rules("classic"), 2, 2,
                (f"cmd:{sys.executable} {logger} {log}", "cmd:" + write_bot(tmp_path, "crash")), 4)
    tally = run_tournament(plan, jobs=1).tally
    assert tally.forfeits == [0, 4]
    # One program per seat, both writing to the log: read each one's messages in its order.
    programs = messages_by_player(log)
    assert len(programs) == 2
    for messages in programs.values():
        kinds = [m["type"] for m in messages if m["type"] not in ("hello", "turn", "quit")]
        assert kinds == ["new_game", "game_over"] * 2
        for message in messages:
            if message["type"] == "new_game":
                seat = message["seat"]
            elif message["type"] == "game_over":  # the forfeit loses: the logger's seat wins
                assert message["winners"] == [seat]
    assert children_of_this_process() == []


def test_each_seat_keeps_one_program_for_the_whole_tournament(tmp_path: Path) -> None:
    # The programs were started afresh for every chunk of 8 deals (16 games here), paying
    # their start-up again and forgetting what they had learnt, against the docs.
    logger = tmp_path / "logger.py"
    logger.write_text(LOGGER)
    log = tmp_path / "messages.jsonl"
    plan = Plan(make_rules("classic"), 2, 3, ("emma", f"cmd:{sys.executable} {logger} {log}"),
                40)  # 20 deals: three chunks
    assert run_tournament(plan, jobs=1).tally.failures == []
    games = [sum(message["type"] == "new_game" for message in messages)
             for messages in messages_by_player(log).values()]
    assert sorted(games) == [20, 20]  # one program per seat
    assert children_of_this_process() == []


def test_a_run_cut_short_kills_the_programs_instead_of_saying_goodbye(tmp_path: Path) -> None:
    # Ctrl-C with --jobs 1 sent each program quit and gave it a second to leave: with a few
    # hung bots the "at once" of the docs took seconds. Killed, a program hears no quit.
    # (Programs are played from a worker even with --jobs 1, so that a tournament killed
    # outright stops them too: the parent stops the worker, which kills them.)
    logger = tmp_path / "logger.py"
    logger.write_text(LOGGER)
    log = tmp_path / "messages.jsonl"

    def interrupted_after_two_games(done: int, total: int) -> None:
        if done >= 2:
            raise KeyboardInterrupt

    plan = Plan(make_rules("classic"), 2, 3, ("emma", f"cmd:{sys.executable} {logger} {log}"),
                40)
    with pytest.raises(KeyboardInterrupt):
        run_tournament(plan, jobs=1, progress=interrupted_after_two_games)
    kinds = [message["type"] for messages in messages_by_player(log).values()
             for message in messages]
    assert kinds.count("new_game") >= 2 and "quit" not in kinds
    assert children_of_this_process() == []


@pytest.mark.parametrize("kind", ["loose_spelling", "byte_order_mark"])
def test_t_lower_case_ranks_crlf_line_ends_and_a_byte_order_mark_are_read(
    tmp_path: Path, kind: str
) -> None:
    plan = Plan(make_rules("classic"), 2, 5, ("random", "cmd:" + write_bot(tmp_path, kind)), 4)
    tally = run_tournament(plan, jobs=1).tally
    assert tally.failures == [] and tally.tables == 4


def test_the_protocol_doc_names_every_view_field_and_event_type() -> None:
    # Programmers outside Python read the doc, not View.to_dict: keep them in step.
    doc = (Path(__file__).parents[2] / "docs" / "bots-protocol.md").read_text()
    game = new_game("classic", seed=1)
    assert game.current_player is not None
    fields = game.view(game.current_player).to_dict()
    missing = [name for name in [*fields, *EVENT_KINDS.values()] if f"`{name}`" not in doc]
    assert missing == []
    assert "RULES.md" not in doc  # not a file of this repository


def test_failures_are_reported_by_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = "cmd:" + write_bot(tmp_path, "garbage")
    assert main(["tournament", "emma", bot, "--games", "2", "--seed", "1", "--jobs", "1"]) == 1
    captured = capsys.readouterr()
    assert "forfeited by a failing bot" in captured.out and "hello world" in captured.out
    # Every one of its games forfeited: the exit code says the result is no result.
    assert "forfeited all 2 of its games, so the result says nothing of how it plays" in (
        captured.err)


def test_a_bot_that_forfeits_only_some_games_still_gives_a_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    bot = "cmd:" + write_bot(tmp_path, "one_game_only")  # plays one game, forfeits the next
    assert main(["tournament", "random", bot, "--games", "4", "--seed", "3", "--jobs", "1",
                 "--json"]) == 0
    captured = capsys.readouterr()
    assert [row["forfeits"] for row in json.loads(captured.out)["bots"]] == [0, 2]
    assert "forfeited all" not in captured.err


@pytest.mark.parametrize("timeout", [float("nan"), float("inf"), 0, -1, "5", True])
def test_a_time_limit_that_is_not_seconds_above_zero_is_refused_up_front(
    tmp_path: Path, timeout: object
) -> None:
    # From Python these reached the games: nan read as "stopped reading its input", 0 and -1
    # as "did not read its input within 0 s" (the bot blamed, every game), inf as an
    # OverflowError out of the selector.
    command = write_bot(tmp_path, "first_legal")
    with pytest.raises(ValueError,
                       match=r"timeout must be a number of seconds above 0 and at most 3600, not"):
        ExternalBot(command, timeout=timeout)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=r"startup_timeout must be a number of seconds above 0"):
        ExternalBot(command, startup_timeout=timeout)  # type: ignore[arg-type]
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "cmd:" + command), 2)
    with pytest.raises(TournamentError, match=r"timeout must be a number of seconds above 0"):
        run_tournament(plan, jobs=1, timeout=timeout)  # type: ignore[arg-type]
    assert children_of_this_process() == []


def test_a_time_limit_may_be_a_numpy_number_but_not_a_numpy_truth(tmp_path: Path) -> None:
    # The time limits had a check of their own, beside the bots' check of their numbers:
    # both refused np.int64(5), which a study looping over a numpy array passes. One check.
    np = pytest.importorskip("numpy")
    command = write_bot(tmp_path, "first_legal")
    bot = ExternalBot(command, timeout=np.int64(3), startup_timeout=np.float32(4))
    assert (bot.timeout, bot.startup_timeout) == (3.0, 4.0) and type(bot.timeout) is float
    with pytest.raises(ValueError,
                       match=r"timeout must be a number of seconds above 0 and at most 3600, not"):
        ExternalBot(command, timeout=np.bool_(True))  # type: ignore[arg-type]
    plan = Plan(make_rules("classic"), 2, 1, ("emma", "cmd:" + command), 2)
    outcome = run_tournament(plan, jobs=1, timeout=np.int64(5))  # type: ignore[arg-type]
    assert outcome.tally.tables == 2 and not outcome.tally.failures
    assert children_of_this_process() == []


def test_what_a_bot_logs_to_stderr_does_not_pile_up_over_a_tournament(tmp_path: Path) -> None:
    # Its stderr went to a temporary file that only grew: a bot logging every turn, as the
    # docs invite, filled the disk over a long tournament.
    chatty = tmp_path / "chatty.py"
    log_a_line = "        sys.stderr.write('x' * 200_000 + '\\n'); sys.stderr.flush()\n"
    chatty.write_text(HEADER + log_a_line + BOTS["first_legal"])
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    with ExternalBot(f"{sys.executable} {chatty}", timeout=30) as bot:
        for _ in range(20):  # 4 MB written in all
            bot.new_game(seat, 2, "classic")
            bot.choose(game.view(seat), game.legal_actions())
            assert bot._stderr is not None
            assert len(bot._stderr.text()) <= STDERR_END  # its end only, in memory
    assert children_of_this_process() == []


def test_handshake_problems_are_failures(tmp_path: Path) -> None:
    wrong_version = tmp_path / "v99.py"
    wrong_version.write_text(HEADER.replace('"version": 1', '"version": 99') + BOTS["first_legal"])
    silent = tmp_path / "silent.py"
    silent.write_text("import time\ntime.sleep(30)\n")
    game = new_game("classic", seed=1)
    # Only the silent bot is about the time limit: an interpreter can take more than 0.5 s
    # to start on a busy machine, and the wrong version would then read as silence.
    for path, message, startup in [(wrong_version, "speaks protocol version 99", 30),
                                   (silent, "did not send its hello within 0.5 s", 0.5)]:
        bot = ExternalBot(f"{sys.executable} {path}", timeout=0.5, startup_timeout=startup)
        with pytest.raises(BotFailure, match=message):
            bot.choose(game.view(game.current_player), game.legal_actions())
        bot.close()
    assert children_of_this_process() == []


def test_the_example_bot_beats_random(tmp_path: Path) -> None:
    example = Path(__file__).parents[2] / "examples" / "mybot.py"
    plan = Plan(make_rules("classic"), 2, 9, ("random", f"cmd:{sys.executable} {example}"), 60)
    outcome = run_tournament(plan, jobs=2)
    assert outcome.tally.failures == []
    assert outcome.tally.wins(1) > outcome.tally.wins(0)


def test_the_example_bot_does_not_repeat_a_miss_forever() -> None:
    # Pairs, card asks, three seats: once the pond was dry it asked the opponent it
    # remembered for a card they lacked, again and again (a miss only passes the turn,
    # R8), and 16 of 20 games were stopped after 1,000 asks.
    example = Path(__file__).parents[2] / "examples" / "mybot.py"
    rules = make_rules("classic", book_size=2, ask="card")
    plan = Plan(rules, 3, 2, (f"cmd:{sys.executable} {example}", "random"), 9)
    outcome = run_tournament(plan, jobs=1)
    assert outcome.tally.failures == []
    assert outcome.tally.tables == 9


def test_ask_card_moves_carry_the_suit(tmp_path: Path) -> None:
    # Under ask: card the legal moves name a suit; a bot copying one plays legal games.
    plan = Plan(make_rules("classic", ask="card"), 2, 4,
                ("random", "cmd:" + write_bot(tmp_path, "first_legal")), 4)
    outcome = run_tournament(plan, jobs=1, fast=None)
    assert outcome.engine == "engine"
    assert outcome.tally.failures == [] and outcome.tally.tables == 4


def test_ctrl_c_stops_a_tournament_of_slow_bots_at_once_on_every_job(tmp_path: Path) -> None:
    # The bot notes its pid, then never answers a turn (the timeout is 60 s).
    pids = tmp_path / "pids"
    hanging = tmp_path / "hang.py"
    hanging.write_text(
        f"import os\nopen({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')\n" + HEADER
        + BOTS["slow"].replace("30", "600")
    )
    command = [sys.executable, "-m", "gofish", "tournament", "emma",
               f"cmd:{sys.executable} {hanging}", "--games", "40", "--timeout", "60",
               "--jobs", "2"]
    # Ctrl-C as at a terminal, or the tournament would play on and the test time out.
    tournament = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                  preexec_fn=default_ctrl_c)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and len(pids.read_text().split()
                                                  if pids.exists() else []) < 2:
            time.sleep(0.1)
        assert pids.exists() and len(pids.read_text().split()) >= 2  # both workers play
        tournament.send_signal(signal.SIGINT)
        _, err = tournament.communicate(timeout=40)  # not 8 deals x 60 s; slack for load
    finally:
        tournament.kill()
    assert tournament.returncode == 130
    assert b"stopped by Ctrl-C after 0 of 40 games" in err and b"Traceback" not in err
    assert not still_running(map(int, pids.read_text().split()))


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_sigterm_stops_a_tournament_and_its_bots_programs(tmp_path: Path, jobs: str) -> None:
    # kill PID, or timeout(1), killed gofish at once: its bots' programs, each in a session
    # of its own, kept running as orphans (with --jobs 1, always).
    pids = tmp_path / "pids"
    hanging = tmp_path / "hang.py"
    hanging.write_text(
        f"import os\nopen({str(pids)!r}, 'a').write(f'{{os.getpid()}}\\n')\n" + HEADER
        + BOTS["slow"].replace("30", "600")
    )
    tournament = subprocess.Popen(
        [sys.executable, "-m", "gofish", "tournament", "emma", f"cmd:{sys.executable} {hanging}",
         "--games", "40", "--timeout", "60", "--jobs", jobs],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        def started() -> int:  # bots that are waiting on a turn: one per job
            return len(pids.read_text().split()) if pids.exists() else 0

        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and started() < int(jobs):
            time.sleep(0.1)
        assert started() >= int(jobs)
        tournament.send_signal(signal.SIGTERM)  # to gofish only, not to its process group
        _, err = tournament.communicate(timeout=40)
    finally:
        tournament.kill()
    assert tournament.returncode == 128 + signal.SIGTERM
    assert b"stopped by SIGTERM" in err and b"Traceback" not in err
    assert not still_running(map(int, pids.read_text().split()))


def test_killing_a_bot_started_by_a_wrapper_script_kills_the_bot_itself(
    tmp_path: Path
) -> None:
    # cmd:./run.sh, where run.sh starts the real bot (without exec): killing only the
    # script left the bot running, an orphan, after every failure and after Ctrl-C.
    pid_file = tmp_path / "pid"
    bot = tmp_path / "hang.py"
    bot.write_text(f"import os\nopen({str(pid_file)!r}, 'w').write(str(os.getpid()))\n"
                   + HEADER + BOTS["slow"])
    script = tmp_path / "run.sh"
    script.write_text(f"#!/bin/sh\n{sys.executable} {bot}\necho bot ended >&2\n")
    script.chmod(0o755)
    plan = Plan(make_rules("classic"), 2, 1, ("random", f"cmd:{script}"), 2)
    outcome = run_tournament(plan, jobs=1, timeout=0.5)
    assert outcome.tally.forfeits == [0, 2]
    assert not still_running([int(pid_file.read_text())], seconds=5)  # SIGKILL takes a moment


def test_merging_results_of_a_bot_that_forfeited_every_game_exits_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from gofish.tournament import summary

    bot = "cmd:" + write_bot(tmp_path, "crash")
    shards = []
    for shard in (0, 1):
        plan = Plan(make_rules("classic"), 2, 5, ("emma", bot), 4, shard, 2)
        shards.append(tmp_path / f"shard{shard}.json")
        shards[-1].write_text(json.dumps(summary(run_tournament(plan, jobs=1))))
    assert main(["tournament-merge", *map(str, shards), "--json"]) == 1
    captured = capsys.readouterr()
    assert json.loads(captured.out)["bots"][1]["forfeits"] == 4
    name = json.loads(captured.out)["bots"][1]["name"]
    assert f"gofish tournament-merge: {name} forfeited all 4 of its games" in captured.err


def test_a_bot_that_keeps_failing_to_start_is_given_up_not_waited_for_every_game(
    tmp_path: Path,
) -> None:
    # A bot that never answered its hello was started afresh for every game, each time
    # waiting out the 10 s start-up limit: 1,000 games took hours to forfeit.
    from gofish.protocol import BotFailure, ExternalBot
    from gofish.protocol.external import MAX_FAILED_STARTS

    starts = tmp_path / "starts"
    script = tmp_path / "late_bloomer.py"
    script.write_text(
        "import json, pathlib, sys\n"
        f"starts = pathlib.Path({str(starts)!r})\n"
        "starts.write_text(starts.read_text() + 'x' if starts.exists() else 'x')\n"
        "sys.stdin.readline()\n"
        "fine = len(starts.read_text()) == 3  # only its third start shakes hands\n"
        "print(json.dumps({'type': 'hello', 'version': 1} if fine else {'type': 'nope'}),"
        " flush=True)\n"
        "sys.stdin.read()\n")
    with ExternalBot(f"{sys.executable} {script}") as bot:
        for _ in range(2):  # two failures, then a start that works: the count starts again
            with pytest.raises(BotFailure, match="answered the hello with"):
                bot.start()
        bot.start()
        bot.close()
        for _ in range(MAX_FAILED_STARTS):  # starts 4, 5 and 6
            with pytest.raises(BotFailure, match="answered the hello with"):
                bot.start()
        with pytest.raises(BotFailure, match=f"is not started again after failing to start "
                                             f"{MAX_FAILED_STARTS} times in a row"):
            bot.start()
    assert len(starts.read_text()) == 3 + MAX_FAILED_STARTS  # the given-up start ran nothing
