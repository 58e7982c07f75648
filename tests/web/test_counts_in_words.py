"""Counts on the page take the singular for one: the sea's label read "1 face-down cards",
the resume list "1 asks so far", the replay "The deal (of 1 asks)" and the stats chart's
descriptions "100% of 1 games" and "after each of 1 finished games"."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

import gofish
from gofish.storage import open_store

from .conftest import LiveServer
from .test_browser import open_table, play_by_clicking
from .test_resume_list import PERSON_AND_EMMA
from .test_resume_list import _started as one_ask

pytestmark = pytest.mark.browser


# Every label the sea has had, kept as the table draws it anew after each event.
RECORD_SEA_LABELS = """{
  window.seaLabels = [];
  const keep = () => {
    const label = document.querySelector('.sea')?.getAttribute('aria-label');
    if (label && window.seaLabels.at(-1) !== label) window.seaLabels.push(label);
  };
  new MutationObserver(keep).observe(document, { subtree: true, childList: true });
}"""


def test_a_sea_of_one_card_is_read_as_one_card(page: Any, live_server: LiveServer) -> None:
    # Five seats of ten cards leave two in the sea (R1): a draw leaves one, and the next
    # empties the sea, which ends the game (R19).
    page.add_init_script(RECORD_SEA_LABELS)  # from the deal on
    open_table(page, live_server, seed=4, preset="nordic", players=5, hand_size=10)
    play_by_clicking(page)
    labels: list[str] = page.evaluate("() => window.seaLabels")
    assert labels[0] == "The sea: 2 face-down cards"
    assert "The sea: 1 face-down card" in labels, labels
    assert not [label for label in labels if "1 face-down cards" in label]


def test_a_game_of_one_ask_is_said_so_in_the_resume_list_and_its_replay(
    page: Any, live_server: LiveServer
) -> None:
    with open_store(live_server.database) as store:  # the latest game left unfinished
        game_id = store.save(one_ask(1), seats=PERSON_AND_EMMA)
    page.goto(f"{live_server.url}/?speed=0")
    offered = page.locator(".unfinished li")
    offered.first.wait_for()
    assert "1 ask so far" in offered.first.inner_text()
    page.goto(f"{live_server.url}/?speed=0#/replay/{game_id}")
    page.wait_for_selector("text=The deal (of 1 ask)")


def _finished(seed: int) -> dict[str, Any]:
    game = gofish.new_game("classic", 2, seed=seed)
    while not game.is_over:
        game.play(game.legal_actions()[0])
    return game.to_record()


def test_a_line_up_of_one_game_is_described_as_one_game(page: Any, tmp_path: Path) -> None:
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        with open_store(server.database) as store:
            store.save(_finished(1), seats=PERSON_AND_EMMA)
        page.goto(f"{server.url}/?speed=0#/stats")
        page.wait_for_selector("#page-stats svg desc", state="attached")
        described = page.evaluate(
            "() => [...document.querySelectorAll('#page-stats svg desc')]"
            ".map((d) => d.textContent)")
        assert [text for text in described if re.search(r": \d+% of 1 game$", text)], described
        assert [text for text in described
                if text.startswith("Your win rate after each of 1 finished game:")], described
        assert not [text for text in described if "1 games" in text or "1 finished games" in text]


def test_a_single_card_of_a_rank_is_read_as_that_card(page: Any, live_server: LiveServer) -> None:
    # The rank groups' labels read "1 6: 6 of spades" for a lone card; a group of one is
    # now read as the card itself, and bigger groups keep their count (R5: asks by rank).
    open_table(page, live_server, seed=3)
    groups = page.evaluate("""() => [...document.querySelectorAll('.rank-group')].map(
        (b) => [b.getAttribute('aria-label'), b.querySelectorAll('svg.card').length])""")
    labels = [label for label, _ in groups]
    sizes = [size for _, size in groups]
    assert 1 in sizes and any(size > 1 for size in sizes), (sizes, labels)
    for label, size in zip(labels, sizes, strict=True):
        if size == 1:
            assert re.fullmatch(r"\w+ of \w+\.( Ask for \w+)?", label), label
        else:
            assert re.match(rf"{size} \w+: ", label), label
