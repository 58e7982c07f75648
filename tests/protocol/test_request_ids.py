"""A second (or late) answer is never read as the answer to a later request.

The engine looked for unasked-for lines only before each request and right after each
answer, without waiting: a duplicate that arrived after the next request had gone out
was read as that request's answer (an old move played, or refused as illegal), and the
real answer then failed the bot as "a line when no answer was expected". Every hello and
turn now carries an "id", one higher than the last; a bot that echoes it has any line
with an earlier id passed over, wherever it comes. Bots that do not echo it play as before.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import children_of_this_process

from gofish.core import Ask, Game, make_rules, new_game
from gofish.protocol import BotFailure, ExternalBot
from gofish.tournament import Plan, run_tournament

ROOT = Path(__file__).resolve().parents[2]

# Answers each turn with the first legal ask, then the last, then the first…, with the
# request's id. ``STALE`` says what else it writes, in the same write as its answer (so
# that the lines arrive together, with no race in the test).
ECHOING = """
import json, sys
STALE = {stale!r}
previous = None
turns = 0
def send(*objects):
    sys.stdout.write("".join(json.dumps(obj) + "\\n" for obj in objects)); sys.stdout.flush()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        send({{"type": "hello", "name": "echo", "version": 1, "id": msg["id"]}})
    elif msg["type"] == "turn":
        answer = dict(msg["legal"][-1 if turns % 2 else 0], id=msg["id"])
        turns += 1
        if STALE == "before the next answer" and previous is not None:
            send(previous, answer)  # the last turn's answer again, only now: late
        elif STALE == "twice at once":
            send(answer, answer)
        elif STALE == "only the last answer" and previous is not None:
            send(previous)  # and never this turn's answer
        elif STALE == "a wrong id":
            send(dict(answer, id={wrong_id}))
        else:
            send(answer)
        previous = answer
"""


def echoing_bot(tmp_path: Path, stale: str, wrong_id: object = None) -> str:
    path = tmp_path / "echo.py"
    path.write_text(ECHOING.format(stale=stale, wrong_id=repr(wrong_id)))
    return f"{sys.executable} {path}"


def a_turn() -> tuple[Game, int, list[Ask]]:
    game = new_game("classic", seed=1)
    seat = game.current_player
    assert seat is not None
    legal = game.legal_actions()
    assert len(legal) > 1  # the first and the last ask differ
    return game, seat, legal


@pytest.mark.parametrize("stale", ["before the next answer", "twice at once"])
def test_an_answer_sent_again_is_passed_over_not_played(tmp_path: Path, stale: str) -> None:
    game, seat, legal = a_turn()
    with ExternalBot(echoing_bot(tmp_path, stale), timeout=30) as bot:
        bot.new_game(seat, 2, "classic")
        moves = [bot.choose(game.view(seat), legal) for _ in range(4)]
        bot.game_over([0], [7, 6])
        bot.new_game(seat, 2, "classic")  # a duplicate left waiting fails no later game
        moves.append(bot.choose(game.view(seat), legal))
    assert moves == [legal[0], legal[-1], legal[0], legal[-1], legal[0]]
    assert children_of_this_process() == []


def test_a_tournament_of_a_bot_that_answers_late_again_plays_on(tmp_path: Path) -> None:
    plan = Plan(make_rules("classic"), 2, 4,
                ("random", "cmd:" + echoing_bot(tmp_path, "before the next answer")), 4)
    tally = run_tournament(plan, jobs=1).tally
    assert tally.failures == [] and tally.forfeits == [0, 0] and tally.tables == 4
    assert children_of_this_process() == []


def test_a_bot_that_sends_only_an_earlier_answer_is_late_and_told_so(tmp_path: Path) -> None:
    game, seat, legal = a_turn()
    with ExternalBot(echoing_bot(tmp_path, "only the last answer"), timeout=1) as bot:
        bot.new_game(seat, 2, "classic")
        assert bot.choose(game.view(seat), legal) == legal[0]
        with pytest.raises(BotFailure) as failure:
            bot.choose(game.view(seat), legal)
    assert str(failure.value).endswith(
        "did not send its move within 1 s (it sent only a line that echoes an earlier "
        "request's id, which was passed over)")
    assert children_of_this_process() == []


@pytest.mark.parametrize(("wrong_id", "shown"), [(99, "99"), ("3", '"3"'), (None, "null"),
                                                  (True, "true"), (2.0, "2.0")])
def test_an_answer_with_another_id_than_its_requests_fails(
        tmp_path: Path, wrong_id: object, shown: str) -> None:
    game, seat, legal = a_turn()
    with ExternalBot(echoing_bot(tmp_path, "a wrong id", wrong_id), timeout=30) as bot:
        bot.new_game(seat, 2, "classic")
        with pytest.raises(BotFailure) as failure:
            bot.choose(game.view(seat), legal)  # request 2: the hello was 1
    assert f"for its move with \"id\" {shown}: the request's id is 2 (an answer may leave " \
           "its id out, or echo the request's)" in str(failure.value)
    assert children_of_this_process() == []


LOGGER = """
import json, sys
log = open(sys.argv[1], "a")
for line in sys.stdin:
    msg = json.loads(line)
    log.write(line); log.flush()
    if msg["type"] == "hello":
        print(json.dumps({"type": "hello", "name": "logger", "version": 1}), flush=True)
    elif msg["type"] == "turn":
        print(json.dumps(msg["legal"][0]), flush=True)  # no id: as before ids were sent
"""


def test_requests_are_numbered_and_other_messages_are_not(tmp_path: Path) -> None:
    bot_path, log = tmp_path / "logger.py", tmp_path / "log.jsonl"
    bot_path.write_text(LOGGER)
    game, seat, legal = a_turn()
    with ExternalBot(f"{sys.executable} {bot_path} {log}", timeout=30) as bot:
        for game_number in range(3):
            bot.new_game(seat, 2, "classic")
            bot.choose(game.view(seat), legal)
            bot.choose(game.view(seat), legal)
            if game_number == 1:
                bot.kill()  # as after a failure: the next game starts a fresh program
            else:
                bot.game_over([0], [7, 6])
    sent = [json.loads(line) for line in log.read_text().splitlines()]
    assert [(message["type"], message.get("id")) for message in sent] == [
        ("hello", 1), ("new_game", None), ("turn", 2), ("turn", 3), ("game_over", None),
        ("new_game", None), ("turn", 4), ("turn", 5),
        ("hello", 1), ("new_game", None), ("turn", 2), ("turn", 3), ("game_over", None),
        ("quit", None)]
    assert children_of_this_process() == []


def test_the_example_bot_echoes_the_id() -> None:
    game, seat, legal = a_turn()
    messages = [
        {"type": "hello", "protocol": "gofish-bot", "version": 1, "id": 7},
        {"type": "new_game", "seat": seat, "players": 2, "rules": "classic"},
        {"type": "turn", "id": 8, "view": game.view(seat).to_dict(),
         "legal": [ask.to_dict() for ask in legal]},
        {"type": "quit"},
    ]
    ran = subprocess.run([sys.executable, str(ROOT / "examples" / "mybot.py")],
                         input="".join(json.dumps(m) + "\n" for m in messages),
                         capture_output=True, text=True, timeout=60, check=True)
    hello, move = (json.loads(line) for line in ran.stdout.splitlines())
    assert hello["id"] == 7 and move["id"] == 8
    assert Ask.from_dict({k: v for k, v in move.items() if k not in ("type", "id")}) in legal
