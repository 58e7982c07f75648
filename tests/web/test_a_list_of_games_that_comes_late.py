"""The start screen's games to go on with, when the server is slow to list them, and when
the screen comes back after a refusal: nothing the player may be about to press moves, and
no game since finished or gone stays offered."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from contextlib import closing, contextmanager
from pathlib import Path
from typing import Any

import pytest
from tests.storage.helpers import EMMA, YOU, played_game

from gofish.storage import open_store

from .conftest import LiveServer
from .test_browser import play_to_the_result, refuse_starts_on_request

pytestmark = pytest.mark.browser

LISTING = "**/api/games?finished=false*"
LATE_LINE = ".unfinished .late-list"


class HeldListing:
    """The page's reads of the unfinished games, held back until the test lets them go:
    a server as slow as the test wants, without a sleep that also stops playwright."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.held: list[Any] = []
        page.route(LISTING, lambda route: self.held.append(route))

    def release(self) -> None:
        """Let every read held so far reach the server, and stop holding new ones."""
        for route in self.held:
            route.continue_()
        self.page.unroute(LISTING)


@contextmanager
def server_with_unfinished(tmp_path: Path, count: int) -> Iterator[tuple[LiveServer, list[int]]]:
    """A server of its own holding ``count`` games begun by a person against Emma."""
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        with open_store(server.database) as store:
            ids = [store.save(played_game(seed=seed, asks=2).to_record(), seats=[YOU, EMMA])
                   for seed in range(1, count + 1)]
        yield server, ids


def finish_behind_the_pages_back(server: LiveServer, game_id: int, seed: int) -> None:
    """Store game ``game_id`` (dealt with ``seed``) played to its end, as another tab would."""
    with open_store(server.database) as store:
        store.save(played_game(seed=seed).to_record(), seats=[YOU, EMMA], game_id=game_id)


def deal_box(page: Any) -> dict[str, float]:
    box = page.locator("#deal").bounding_box()
    assert box is not None
    return dict(box)


def offered_once_come(page: Any, listing: HeldListing, count: int) -> list[str]:
    """Let the held list of ``count`` games come to the start screen in sight, checking
    that the Deal button stays where it was; the games it offers, once opened."""
    before = deal_box(page)
    listing.release()
    games = "1 unfinished game" if count == 1 else f"{count} unfinished games"
    page.locator(f".unfinished summary:text-is('Go on with a game ({games})')").wait_for()
    assert deal_box(page) == before
    page.click(".unfinished summary")  # the player's own click shows them
    offered = page.locator(".unfinished a")
    assert offered.first.is_visible()
    return list(offered.all_inner_texts())


def test_a_list_late_on_the_first_load_leaves_the_form_where_it_showed(
    page: Any, tmp_path: Path
) -> None:
    # The first load waited for the list however long it took ("Loading…" until then); a
    # return showed the form after 1.5 s, and the list, coming later, pushed it down under
    # a pointer about to press Deal.
    with server_with_unfinished(tmp_path, 2) as (server, [first, second]):
        listing = HeldListing(page)
        page.goto(f"{server.url}/?speed=0")
        page.locator("#page-start:not([hidden]) #deal").wait_for()
        assert page.inner_text(LATE_LINE) == "Go on with a game: looking for your unfinished games…"
        offered = offered_once_come(page, listing, 2)
        assert offered == [f"Resume game {second}", f"Resume game {first}"]
        assert "Your unfinished games came: 2 games to go on with" in page.inner_text("#announcer")


def test_a_list_late_on_coming_back_leaves_the_deal_button_where_it_was(
    page: Any, tmp_path: Path
) -> None:
    with server_with_unfinished(tmp_path, 0) as (server, _):
        page.goto(f"{server.url}/?speed=0")
        page.locator("#deal").wait_for()
        page.evaluate("window.location.hash = '#/history'")
        page.locator("#page-history h1").wait_for()
        with open_store(server.database) as store:
            mine = store.save(played_game(seed=1, asks=2).to_record(), seats=[YOU, EMMA])
        listing = HeldListing(page)
        page.evaluate("window.location.hash = '#/'")
        page.locator(f"#page-start:not([hidden]) {LATE_LINE}").wait_for()
        assert offered_once_come(page, listing, 1) == [f"Resume game {mine}"]


def test_a_late_list_of_none_says_so_in_the_same_room(page: Any, tmp_path: Path) -> None:
    with server_with_unfinished(tmp_path, 0) as (server, _):
        listing = HeldListing(page)
        page.goto(f"{server.url}/?speed=0")
        page.locator(f"#page-start:not([hidden]) {LATE_LINE}").wait_for()
        before = deal_box(page)
        page.evaluate("(line) => { document.querySelector(line).saidFirst = true; }", LATE_LINE)
        listing.release()
        page.locator(f"{LATE_LINE}:text-is('Go on with a game: you have no unfinished games.')"
                     ).wait_for()
        assert deal_box(page) == before
        # The live region's words changed, where a region put in anew is not read out.
        assert page.evaluate("(line) => document.querySelector(line).saidFirst", LATE_LINE)


def test_a_refused_resume_offers_the_finished_game_no_more_however_slow_the_list(
    page: Any, tmp_path: Path
) -> None:
    # The refusal showed the start screen again with the list it had once the list took
    # longer than 1.5 s: "Resume game N" of the game just refused as over stayed offered.
    with server_with_unfinished(tmp_path, 2) as (server, [first, second]):
        page.goto(f"{server.url}/?speed=0")
        page.locator(f".unfinished a:text-is('Resume game {first}')").wait_for()
        finish_behind_the_pages_back(server, first, seed=1)
        listing = HeldListing(page)
        page.click(f".unfinished a:text-is('Resume game {first}')")
        page.locator(f"#start-notice:has-text('Cannot resume game {first}')").wait_for()
        assert page.locator(".unfinished a").count() == 0
        assert offered_once_come(page, listing, 1) == [f"Resume game {second}"]


def test_a_refused_play_again_comes_back_to_the_list_read_afresh(
    page: Any, tmp_path: Path
) -> None:
    # "Play again" refused at the table showed the start screen with the list read when
    # it last showed, before the game: a game finished since (in another tab) was offered.
    refuse = refuse_starts_on_request(page)
    with server_with_unfinished(tmp_path, 1) as (server, [elsewhere]):
        play_to_the_result(page, server)
        assert page.locator(".unfinished a").all_inner_texts() == [f"Resume game {elsewhere}"]
        finish_behind_the_pages_back(server, elsewhere, seed=1)
        refuse[0] = True
        page.click("#play-again")
        page.locator("#page-start:not([hidden]) #start-error:has-text('the server is busy')"
                     ).wait_for()
        assert page.locator(".unfinished a").count() == 0
        assert page.locator(".unfinished").is_hidden()


def test_a_list_the_server_cannot_give_offers_no_game_from_the_last_one(
    browser: Any, tmp_path: Path
) -> None:
    # A failed read kept the list read before: a game finished or gone since stayed offered.
    # Its own page: the browser logs the refused read as a console error, which the page
    # fixture takes for the page's own.
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    page = context.new_page()
    with server_with_unfinished(tmp_path, 1) as (server, [mine]), closing(context):
        page.goto(f"{server.url}/?speed=0")
        page.locator(f".unfinished a:text-is('Resume game {mine}')").wait_for()
        page.evaluate("window.location.hash = '#/history'")
        page.locator("#page-history h1").wait_for()
        page.route(LISTING, lambda route: route.fulfill(
            status=503, content_type="application/json", body='{"error": "busy"}'))
        page.evaluate("window.location.hash = '#/'")
        page.locator("#page-start:not([hidden])").wait_for()
        assert page.locator(".unfinished a").count() == 0
        assert page.locator(".unfinished").is_hidden()


def test_a_resume_from_the_history_keeps_the_history_in_sight_until_answered(
    page: Any, tmp_path: Path
) -> None:
    # A resume asked for elsewhere showed the start screen at once, with the list as last
    # read (the game being opened among it), while the server made up its mind.
    answers: list[Any] = []

    def hold_resumes(ws: Any) -> None:
        to_server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            if json.loads(message).get("type") == "resume":
                answers.append(ws)
            else:
                to_server.send(message)

        ws.on_message(from_page)

    page.route_web_socket("**/ws/play", hold_resumes)
    with server_with_unfinished(tmp_path, 1) as (server, [mine]):
        page.goto(f"{server.url}/?speed=0#/history")
        page.click(f"tr[data-game='{mine}'] a:text-is('Resume')")
        for _ in range(100):  # the handler runs as playwright calls are made
            if answers:
                break
            page.wait_for_timeout(50)
        assert answers, "the resume did not reach the socket"
        assert page.locator("#page-history").is_visible()
        assert page.locator("#page-start").is_hidden()
        answers[0].send(json.dumps({"type": "refused", "message": "the server is busy",
                                    "version": None}))
        notice = page.locator("#page-start:not([hidden]) #start-notice")
        notice.filter(has_text=f"Cannot resume game {mine}: the server is busy").wait_for()


def test_this_tabs_game_taken_by_another_tab_is_offered_as_a_resume(
    page: Any, live_server: LiveServer
) -> None:
    # On the start screen, the game in play here is "Back to game N (open in this tab)".
    # Opened in another tab, the game left this one, but the screen in sight still said so,
    # and the link led to a table that had stopped.
    play_to_the_start_screen(page, live_server)
    back = page.locator(".unfinished a").filter(has_text="Back to game")
    game_id = int(back.inner_text().rsplit(" ", 1)[1])
    other = page.context.new_page()
    other.goto(f"{live_server.url}/?speed=0#/resume/{game_id}")
    other.locator("#page-play:not([hidden]) .rank-group").first.wait_for()
    item = page.locator(".unfinished li").filter(has_text=f"game {game_id}")
    item.locator(f"a:text-is('Resume game {game_id}')").wait_for()
    assert item.inner_text().endswith("(open in another tab)")
    assert page.locator(".unfinished a").filter(has_text="Back to game").count() == 0


def resume_by_keyboard_after(page: Any, server: LiveServer, game: int,
                             change: Callable[[], object]) -> None:
    """Open the start screen, ``change`` game ``game`` behind the page's back once its
    Resume link shows, then press Enter on that link and wait for the refusal."""
    page.goto(f"{server.url}/?speed=0")
    resume = page.locator(f".unfinished a:text-is('Resume game {game}')")
    resume.wait_for()
    change()
    resume.focus()
    page.keyboard.press("Enter")
    page.locator(f"#start-notice:has-text('Cannot resume game {game}')").wait_for()


def play_to_the_start_screen(page: Any, server: LiveServer) -> None:
    """Deal a game, then go to the start screen with the menu's "New game"."""
    page.goto(f"{server.url}/?seed=3&speed=0&pace=5")
    page.click("#deal")
    page.locator("#page-play:not([hidden]) .rank-group").first.wait_for()
    page.click("nav a[data-page='start']")
    page.locator("#page-start:not([hidden]) .unfinished a").first.wait_for()


def test_a_finished_game_refused_by_keyboard_leaves_the_focus_on_its_replay_link(
    page: Any, tmp_path: Path
) -> None:
    # Its link went with the list read afresh, and the focus with it: the next Tab started
    # again at the top of the page, past the notice's way to the replay.
    with server_with_unfinished(tmp_path, 2) as (server, [first, _]):
        resume_by_keyboard_after(
            page, server, first, lambda: finish_behind_the_pages_back(server, first, seed=1))
        assert page.evaluate("() => document.activeElement.textContent") == (
            f"Watch the replay of game {first}")
