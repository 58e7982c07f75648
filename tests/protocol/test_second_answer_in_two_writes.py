"""A line that echoes an earlier request's id is passed over wherever it comes
(docs/bots-protocol.md): so is one still being written when the engine looks for lines
nobody asked for. A second answer written in two pieces, the first right after the
answer, was judged by its first piece, "sent a line when no answer was expected:
'{"target": …'", a forfeit for a line the doc says forfeits nothing."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.protocol.test_external_bots import HEADER, children_of_this_process, first_turn

from gofish.protocol import ExternalBot

# The answer and the first half of a second one in one write, so that they reach the engine
# together; the second half a moment later.
ANSWERS_TWICE_IN_PIECES = (
    "        answer = json.dumps(dict(msg['legal'][0], id=msg['id']))\n"
    "        half = len(answer) // 2\n"
    "        sys.stdout.write(answer + '\\n' + answer[:half]); sys.stdout.flush()\n"
    "        time.sleep(0.3)\n"
    "        sys.stdout.write(answer[half:] + '\\n'); sys.stdout.flush()\n"
)


def test_a_second_answer_still_being_written_is_passed_over(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(HEADER + ANSWERS_TWICE_IN_PIECES)
    game, seat = first_turn()
    legal = game.legal_actions()
    with ExternalBot(f"{sys.executable} {bot}", timeout=30) as external:
        external.new_game(seat, 2, game.rules)
        assert external.choose(game.view(seat), legal) == legal[0]
        # The half, now whole, is passed over on the way to the next answer.
        assert external.choose(game.view(seat), legal) == legal[0]
    assert children_of_this_process() == []
