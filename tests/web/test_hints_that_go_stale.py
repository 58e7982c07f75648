"""The hint under the table's status line says why a click did nothing: it goes once the
game has moved on, as it is no longer true then."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table, phase, wait_for_my_move

pytestmark = pytest.mark.browser

SLOW = "&pace=0.4"  # Emma takes her time, so the page can be tried during her turn

#: Two clicks on a card group in one task (a double click), so that no answer from the
#: server can come between them: the second is told the first is on its way.
DOUBLE_CLICK = """() => {
    const group = document.querySelector('.rank-group');
    group.click();
    group.click();
    return document.querySelector('#hint').textContent;
}"""

#: A rank key pressed while Emma plays (checked and pressed in one step, so her move cannot
#: end her turn between): null if it was not her turn.
RANK_KEY_IN_EMMAS_TURN = """() => {
    if (document.querySelector('#table').dataset.phase !== 'wait') return null;
    const rank = document.querySelector('.rank-group').dataset.rank;
    const key = rank === '10' ? 't' : rank;
    document.body.dispatchEvent(new KeyboardEvent('keydown', {key, bubbles: true}));
    return document.querySelector('#hint').textContent;
}"""


def hint(page: Any) -> str:
    return str(page.inner_text("#hint"))


def test_a_hint_goes_once_the_game_moves_on(page: Any, live_server: LiveServer) -> None:
    # "Your last move is on its way." (after a double click on a card group) stayed under
    # the status line through Emma's whole turn and into the player's next one, right under
    # "Your turn: choose a rank from your hand to ask Emma for it."; so did "Wait: it is Emma's
    # turn." (a rank key pressed while she played) after the player's turn had begun.
    open_table(page, live_server, seed=21, query=SLOW)
    assert wait_for_my_move(page) == "ask"
    version = page.get_attribute("#table", "data-version")
    assert page.evaluate(DOUBLE_CLICK) == "Your last move is on its way."
    page.wait_for_function("(v) => document.querySelector('#table').dataset.version !== v",
                           arg=version)
    assert hint(page) == ""  # the move arrived: it is on its way no more
    told = None
    for _ in range(40):  # ask on until Emma has the turn, and press a key in it
        current = wait_for_my_move(page)
        assert current != "over", "the game ended before Emma's turn"
        if current == "ask":
            version = page.get_attribute("#table", "data-version")
            page.click(".rank-group >> nth=0")
            page.wait_for_function(
                "(v) => document.querySelector('#table').dataset.version !== v", arg=version)
        told = page.evaluate(RANK_KEY_IN_EMMAS_TURN)
        if told is not None:
            break
    assert told == "Wait: it is Emma's turn."
    assert wait_for_my_move(page) == "ask"  # the player's turn again
    assert page.inner_text("#status").startswith("Your turn: choose a rank")
    assert hint(page) == ""
    assert phase(page) == "ask"

