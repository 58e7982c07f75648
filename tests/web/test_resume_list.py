"""The start screen offers the latest games a person can resume at this browser."""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from tests.storage.helpers import damage

import gofish
from gofish.storage import open_store

from .conftest import LiveServer

Seating = list[dict[str, Any]]  # a saved game's seats

PERSON_AND_EMMA: Seating = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]
BOTS_ONLY: Seating = [{"name": "Emma", "bot": "emma"}, {"name": "Randy", "bot": "random"}]


def _started(seed: int) -> dict[str, Any]:
    game = gofish.new_game("classic", 2, seed=seed)
    game.play(game.legal_actions()[0])
    return game.to_record()


@contextmanager
def _server_with(tmp_path: Path, *seatings: Seating
                 ) -> Iterator[tuple[LiveServer, list[int]]]:
    """A live server of its own, with a game begun (seed 1, 2, …) for each seating: the
    server and the games' ids."""
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        with open_store(server.database) as store:
            ids = [store.save(_started(seed), seats=seats)
                   for seed, seats in enumerate(seatings, start=1)]
        yield server, ids


def test_games_of_bots_alone_do_not_hide_an_older_game_to_resume(
    page: Any, tmp_path: Path
) -> None:
    # It asked for the 3 latest unfinished games and then dropped those nobody can take
    # a seat in: three newer games of bots alone (played in the terminal) hid the player's.
    with _server_with(tmp_path, PERSON_AND_EMMA, *[BOTS_ONLY] * 3) as (server, [mine, *_]):
        page.goto(f"{server.url}/?speed=0")
        offered = page.locator(".unfinished a")
        offered.first.wait_for()
        assert offered.all_inner_texts() == [f"Resume game {mine}"]


SLOW_BOT: Seating = [{"name": "You", "bot": None},
            {"name": "ISMCTS", "bot": "ismcts:iterations=1000000000:seconds=3600"}]


def test_a_game_whose_bot_thinks_too_long_for_a_server_is_not_offered(
    page: Any, tmp_path: Path
) -> None:
    # Stored at the terminal, whose bots may think an hour a decision: the start screen
    # offered it, and clicking it only gave the refusal (at most 5 s here). The history
    # said "Resume" too; it now says it cannot be resumed here, and why when the mark is
    # opened (a tooltip, its title, was out of reach of the keyboard and of a phone).
    with _server_with(tmp_path, PERSON_AND_EMMA, SLOW_BOT) as (server, [mine, slow]):
        page.goto(f"{server.url}/?speed=0")
        offered = page.locator(".unfinished a")
        offered.first.wait_for()
        assert offered.all_inner_texts() == [f"Resume game {mine}"]
        page.goto(f"{server.url}/?speed=0#/history")
        row = page.locator(f"tr[data-game='{slow}']")
        row.wait_for()
        assert row.get_by_text("Resume", exact=True).count() == 0  # its reason names resume
        marked = row.locator(".not-resumable")
        assert marked.inner_text() == "not resumable here"
        marked.locator("summary").focus()
        page.keyboard.press("Enter")
        why = marked.locator("p")
        assert why.is_visible() and f"(gofish resume {slow})." in why.inner_text()
        assert page.locator(f"tr[data-game='{mine}']").get_by_text("Resume").count() == 1


def test_a_changed_row_offered_to_resume_says_so(page: Any, tmp_path: Path) -> None:
    # The history, replay and stats pages say when a game's row says otherwise than its
    # record (edited by hand, a failing disk); the start screen offered it without a word.
    with _server_with(tmp_path, PERSON_AND_EMMA, PERSON_AND_EMMA) as (server, [changed, plain]):
        damage(server.database, f"UPDATE games SET books = '[3, 0]' WHERE id = {changed}")
        page.goto(f"{server.url}/?speed=0")
        page.locator(".unfinished a").first.wait_for()
        item = page.locator(".unfinished li").filter(has_text=f"Resume game {changed}")
        said = item.locator("p.changed").inner_text()
        assert said.startswith(f"Game {changed}'s row says otherwise than the game record "
                               "(books)"), said
        untouched = page.locator(".unfinished li").filter(has_text=f"Resume game {plain}")
        assert untouched.locator("p.changed").count() == 0


def test_a_reason_ending_in_a_bots_spec_gets_no_full_stop_after_it(
    page: Any, tmp_path: Path
) -> None:
    # The reason under "not resumable here" always took a full stop: one ending in the
    # stored spec read "... given twice in 'counter:epsilon=0.3:epsilon=0.3'.", the stop
    # as if part of the value. A reason ending in words still ends in one.
    spec = "counter:epsilon=0.3:epsilon=0.3"  # only an edit by hand stores it
    with _server_with(tmp_path, PERSON_AND_EMMA, SLOW_BOT) as (server, [edited, slow]):
        damage(server.database, "UPDATE seats SET bot = ? WHERE game_id = ? AND seat = 1",
               (spec, edited))
        page.goto(f"{server.url}/?speed=0#/history")
        reasons = {}
        for game_id in (edited, slow):
            marked = page.locator(f"tr[data-game='{game_id}'] .not-resumable")
            marked.locator("summary").click()
            reasons[game_id] = marked.locator("p").inner_text()
        assert reasons[edited].endswith(f"given twice in '{spec}'"), reasons[edited]
        assert reasons[slow].endswith(f"(gofish resume {slow})."), reasons[slow]


# Records, as the start form first comes into the page, whether the games to go on with
# are listed above it yet (a MutationObserver's callback runs before the page is drawn).
_LISTED_WHEN_THE_FORM_CAME = """
new MutationObserver((changes, observer) => {
  if (!document.querySelector('.start-form')) return;
  const box = document.querySelector('.unfinished');
  window.listedWhenTheFormCame = Boolean(box && !box.hidden && box.querySelector('a'));
  observer.disconnect();
}).observe(document, { childList: true, subtree: true });
"""


def test_the_games_to_go_on_with_are_above_the_form_when_it_comes(
    page: Any, tmp_path: Path
) -> None:
    # Listed once the form was in sight, they pushed it down under a click meant for a
    # rule set: the click landed on another choice (a browser test failed so in CI), or
    # on a game to resume.
    with _server_with(tmp_path, PERSON_AND_EMMA) as (server, [mine]):
        page.add_init_script(_LISTED_WHEN_THE_FORM_CAME)
        page.goto(f"{server.url}/?speed=0")
        page.locator(".start-form").wait_for()
        assert page.evaluate("window.listedWhenTheFormCame") is True
        assert page.locator(".unfinished a").all_inner_texts() == [f"Resume game {mine}"]


def test_the_first_load_reads_the_games_to_go_on_with_once(page: Any, tmp_path: Path) -> None:
    # Read for the form, then again as the address showed the start screen: two reads of
    # the whole list (and of the games table, for damage) for one page load.
    with _server_with(tmp_path, PERSON_AND_EMMA) as (server, [mine]):
        asked: list[str] = []
        page.on("request", lambda request: asked.append(request.url)
                if "/api/games?finished=false" in request.url else None)
        page.goto(f"{server.url}/?speed=0")
        page.locator(".unfinished a").first.wait_for()
        page.wait_for_load_state("networkidle")
        assert len(asked) == 1, asked
        page.evaluate("window.location.hash = '#/history'")  # the same page, not reloaded
        page.locator(f"tr[data-game='{mine}']").wait_for()
        page.evaluate("window.location.hash = '#/'")  # back at the start: read afresh
        page.locator(".unfinished a").first.wait_for()
        page.wait_for_load_state("networkidle")
        assert len(asked) == 2, asked


# Records where the start form stands each time the start screen comes into sight (a
# MutationObserver's callback runs before the page is drawn).
_FORM_TOP_WHEN_THE_START_SHOWS = """
window.formTopsWhenShown = [];
new MutationObserver(() => {
  const start = document.querySelector('#page-start');
  const form = document.querySelector('.start-form');
  const shown = start && !start.hidden;
  if (shown && form && !window.startWasShown) {
    window.formTopsWhenShown.push(form.getBoundingClientRect().top);
  }
  window.startWasShown = shown;
}).observe(document, { attributes: true, attributeFilter: ['hidden'], subtree: true });
"""


def test_the_form_stays_put_on_coming_back_to_the_start_screen(
    page: Any, tmp_path: Path
) -> None:
    # Coming back (the menu's "New game", the browser's Back) showed the start screen with
    # the list it had, and the list read afresh came in after it: a game saved meanwhile
    # pushed the form down under the pointer. The list is read slowly here, as under load.
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        page.add_init_script(_FORM_TOP_WHEN_THE_START_SHOWS)
        page.goto(f"{server.url}/?speed=0")
        page.locator(".start-form").wait_for()
        assert page.locator(".unfinished").is_hidden()  # nothing to go on with yet
        page.evaluate("window.location.hash = '#/history'")
        page.locator("#page-history h1").wait_for()
        with open_store(server.database) as store:
            mine = store.save(_started(1), seats=PERSON_AND_EMMA)

        def slowly(route: Any) -> None:
            time.sleep(0.3)
            route.continue_()

        page.route("**/api/games?finished=false*", slowly)
        page.evaluate("window.formTopsWhenShown = []")
        page.evaluate("window.location.hash = '#/'")
        page.locator(".unfinished a").wait_for()
        assert page.locator(".unfinished a").all_inner_texts() == [f"Resume game {mine}"]
        tops = page.evaluate("window.formTopsWhenShown")
        assert len(tops) == 1, tops
        assert page.locator(".start-form").bounding_box()["y"] == tops[0]


def test_a_page_asked_for_while_the_list_is_read_stays_in_sight(
    page: Any, tmp_path: Path
) -> None:
    # The start screen waits for its list before it shows: an address taken meanwhile (a
    # nav link clicked at once) must not be covered by the start screen when the list comes.
    with _server_with(tmp_path, PERSON_AND_EMMA) as (server, _):
        page.goto(f"{server.url}/?speed=0#/stats")
        page.locator("#page-stats h1").wait_for()
        with open_store(server.database) as store:  # the list read late tells by its length
            second = store.save(_started(2), seats=PERSON_AND_EMMA)

        def slowly(route: Any) -> None:
            time.sleep(0.5)
            route.continue_()

        page.route("**/api/games?finished=false*", slowly)
        page.evaluate("window.location.hash = '#/'; "
                      "setTimeout(() => { window.location.hash = '#/history'; }, 100)")
        page.locator(f"#page-history tr[data-game='{second}']").wait_for()
        page.wait_for_function(
            "() => document.querySelectorAll('#page-start .unfinished a').length === 2")
        assert page.locator("#page-history").is_visible()
        assert page.locator("#page-start").is_hidden()
