"""The history and replay pages as a player meets them: on a phone, and with the keyboard."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from tests.storage.helpers import played_game

from gofish.core import make_rules
from gofish.storage import open_store

from .conftest import LiveServer

pytestmark = pytest.mark.browser


def store_a_finished_game(server: LiveServer) -> int:
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"},
             {"name": "Randy", "bot": "random"}]
    with open_store(server.database) as store:
        return store.save(played_game("bicycle", players=3, seed=41).to_record(), seats=seats)


def test_the_history_scrolls_inside_its_box_not_the_whole_page_on_a_phone(
    page: Any, live_server: LiveServer
) -> None:
    # The links column's hidden heading ("Links", for screen readers) is placed
    # absolutely: it escaped the table's scroll box, so on a phone the whole page
    # scrolled sideways, leaving the header bar and the felt behind.
    store_a_finished_game(live_server)
    page.set_viewport_size({"width": 375, "height": 667})
    page.goto(f"{live_server.url}/?speed=0#/history")
    page.wait_for_selector(".history-table tbody tr")
    widths = page.evaluate(
        "() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]")
    assert widths[0] <= widths[1], f"the page is {widths[0]} px wide on a {widths[1]} px phone"


def test_an_arrow_key_on_the_replay_slider_moves_one_step(
    page: Any, live_server: LiveServer
) -> None:
    # The page's own arrow keys and the slider's both stepped: one press moved two asks,
    # so from the slider every other position could not be reached.
    game_id = store_a_finished_game(live_server)
    page.goto(f"{live_server.url}/?speed=0#/replay/{game_id}")
    page.wait_for_selector(".replay-controls input[type=range]")
    page.focus(".replay-controls input[type=range]")
    page.keyboard.press("ArrowRight")
    assert page.text_content(".replay-controls .step").startswith("Ask 1 of ")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert page.text_content(".replay-controls .step").startswith("Ask 1 of ")
    # Elsewhere on the page the arrow keys still step through the game.
    page.focus("#replay-next")
    page.keyboard.press("ArrowRight")
    assert page.text_content(".replay-controls .step").startswith("Ask 2 of ")


def test_the_replay_slider_says_which_ask_it_is_at_and_the_narration_what_happened(
    page: Any, live_server: LiveServer
) -> None:
    # A screen reader read the slider as a bare number ("12"), where the page shows
    # "Ask 12 of 40" beside it and the step's story below it. The story is the live
    # narration's to read: the slider saying its first line as well said it twice.
    game_id = store_a_finished_game(live_server)
    page.goto(f"{live_server.url}/?speed=0#/replay/{game_id}")
    slider = ".replay-controls input[type=range]"
    page.wait_for_selector(slider)
    asks = int(page.get_attribute(slider, "max") or "0")
    assert page.get_attribute(slider, "aria-valuetext") == f"The deal (of {asks} asks)"
    page.focus(slider)
    for step in (1, 2):
        page.keyboard.press("ArrowRight")
        first_line = page.locator(".replay-text li").first.inner_text()
        assert " asks " in first_line
        said = page.get_attribute(slider, "aria-valuetext") or ""
        assert said == f"Ask {step} of {asks}", said
        assert page.text_content(".replay-controls .step") == said
        assert page.get_attribute(".replay-text", "aria-live") == "polite"
    page.keyboard.press("End")
    assert page.get_attribute(slider, "aria-valuetext") == f"Ask {asks} of {asks}"


def test_a_shared_win_of_four_is_listed_as_a_sentence(page: Any, live_server: LiveServer) -> None:
    # It read "shared: You and Emma and Randy and Emma 2".
    seats = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"},
             {"name": "Randy", "bot": "random"}, {"name": "Emma 2", "bot": "emma"}]
    # Four nordic players dealt a pair each: every hand empty, over at the deal (R19).
    over = played_game(make_rules("nordic", hand_size=2, book_size=2), players=4, seed=13802)
    assert over.winners == (0, 1, 2, 3)
    with open_store(live_server.database) as store:
        game_id = store.save(over.to_record(), seats=seats)
    page.goto(f"{live_server.url}/?speed=0#/history")
    row = page.locator(f".history-table tr:has(a[href='#/replay/{game_id}'])").first
    assert "shared: You, Emma, Randy and Emma 2" in row.inner_text()


def test_the_books_column_of_the_history_lines_up_with_the_others(
    page: Any, live_server: LiveServer
) -> None:
    # The seats' `.books` rule (a flex row of book chips) made the history's books cell a
    # flex box too: shorter than its row, so the row lines zig-zagged at that column.
    store_a_finished_game(live_server)
    page.goto(f"{live_server.url}/?speed=0#/history")
    page.wait_for_selector(".history-table tbody tr")
    cells = page.evaluate("""() => {
        const row = document.querySelector('.history-table tbody tr');
        const books = row.querySelector('td.books');
        return [getComputedStyle(books).display, books.getBoundingClientRect().height,
                row.getBoundingClientRect().height];
    }""")
    assert cells[0] == "table-cell" and abs(cells[1] - cells[2]) < 1, cells


def test_the_history_gives_the_time_a_game_was_played_in_the_players_time_zone(
    browser: Any, live_server: LiveServer
) -> None:
    # It showed the stored UTC time as it was: five and a half hours out in India.
    game_id = store_a_finished_game(live_server)
    with open_store(live_server.database) as store:
        finished = datetime.fromisoformat(str(store.get(game_id).finished_at))
    local = finished.astimezone(ZoneInfo("Asia/Kolkata")).strftime("%m-%d %H:%M")
    context = browser.new_context(timezone_id="Asia/Kolkata")
    try:
        page = context.new_page()
        page.goto(f"{live_server.url}/?speed=0#/history")
        row = page.locator(f".history-table tr:has(a[href='#/replay/{game_id}'])").first
        assert row.locator("td").nth(1).inner_text() == local
    finally:
        context.close()


GAME_SEATS = [{"name": "You", "bot": None}, {"name": "Emma", "bot": "emma"}]


def store_101_games(database: Path, copies: int = 101) -> int:
    """``copies`` of one game against Emma stored in ``database``; the first one's id."""
    record = played_game("classic", seed=2).to_record()
    with open_store(database) as store:
        ids = [store.save(record, seats=GAME_SEATS) for _ in range(copies)]
    return ids[0]


@pytest.mark.parametrize("stored_meanwhile", [False, True])
def test_the_history_shows_older_games_past_the_first_hundred(
    page: Any, tmp_path: Path, stored_meanwhile: bool
) -> None:
    # Only the latest 100 were listed, under "101 games stored": the rest, and their
    # replays, could not be reached from the page. (A server of its own: a hundred more
    # games in the shared one would change what other tests list.) And "Show older games"
    # asked for the games past as many as were listed: a game stored meanwhile (played in
    # another tab) moved the last one listed past them, and it was listed twice.
    oldest = store_101_games(tmp_path / "games.sqlite3")
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        page.goto(f"{server.url}/?speed=0#/history")
        page.wait_for_selector(".history-table tbody tr")
        assert page.locator(".history-table tbody tr").count() == 100
        assert page.locator(f"a[href='#/replay/{oldest}']").count() == 0
        if stored_meanwhile:
            store_101_games(tmp_path / "games.sqlite3", copies=1)
        page.click("#older-games")
        page.wait_for_selector(f"a[href='#/replay/{oldest}']")
        ids = page.eval_on_selector_all(
            ".history-table tbody tr td:first-child", "(cells) => cells.map((c) => c.innerText)")
        assert len(ids) == len(set(ids)) == 101
        assert page.locator("#older-games").is_hidden()  # none older


def test_a_game_deleted_while_the_history_is_read_hides_no_older_one(
    page: Any, tmp_path: Path
) -> None:
    # "Show older games" asked for the games past as many as were listed: with one of those
    # deleted meanwhile (from the terminal, or another tab's database), the next game moved
    # into the rows already read, and the oldest game was never listed.
    oldest = store_101_games(tmp_path / "games.sqlite3")
    with LiveServer(tmp_path / "games.sqlite3", pace=0.02) as server:
        page.goto(f"{server.url}/?speed=0#/history")
        page.wait_for_selector(".history-table tbody tr")
        newest = int(page.inner_text(".history-table tbody tr td:first-child"))
        with open_store(server.database) as store:
            store.delete(newest)
        page.click("#older-games")
        page.wait_for_selector("#older-games", state="hidden")  # none older
        assert page.locator(f".history-table tr:has(a[href='#/replay/{oldest}'])").count() == 1
        assert page.locator(".history-table tbody tr").count() == 101  # the deleted one too


@pytest.mark.parametrize(("address", "quoted"), [
    ("#/replay/%zz", '"%zz" is not a game number'),
    ("#/replay/" + "9" * 300, '"' + "9" * 24 + '…" is not a game number'),
])
def test_a_replay_address_that_is_no_game_number_is_quoted_back_readably(
    page: Any, live_server: LiveServer, address: str, quoted: str
) -> None:
    # A stray % was answered "URI malformed", and a long address was quoted whole.
    page.goto(f"{live_server.url}/?speed=0{address}")
    page.wait_for_selector("#page-replay .error")
    assert page.inner_text("#page-replay .error").startswith(quoted)


@pytest.mark.parametrize("address", [
    "#/nonsense", "#/histroy/2",
    # More than the page takes: these showed game 1's replay, the stats, the history, the
    # rules and the table of game 1 as if the address were right.
    "#/replay/1/extra", "#/stats/foo", "#/history/2", "#/help/zzz", "#/play/1/x",
])
def test_an_address_naming_no_page_says_so_on_the_start_screen(
    page: Any, live_server: LiveServer, address: str
) -> None:
    # The start screen showed with no word, and the mistyped address stayed.
    page.goto(f"{live_server.url}/?speed=0{address}")
    notice = page.locator("#start-notice")
    notice.wait_for(state="visible")
    word = address.removeprefix("#/")
    assert notice.inner_text() == f'There is no page "#/{word}": here is the start screen.'
    assert page.evaluate("location.hash") == "#/"  # the address is the start screen's
    assert page.locator("#page-start").is_visible()


def test_the_arrow_keys_step_a_replay_opened_from_the_history(
    page: Any, live_server: LiveServer
) -> None:
    # They were heard inside the replay's page only, and the focus was lost with the history's
    # link that opened it: → and ← did nothing until the player clicked into the replay.
    game_id = store_a_finished_game(live_server)
    page.goto(f"{live_server.url}/?speed=0#/history")
    page.click(f"a[aria-label='replay game {game_id}']")
    step = page.locator("#page-replay:not([hidden]) .replay-controls .step")
    step.wait_for()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowLeft")
    assert (step.text_content() or "").startswith("Ask 1 of ")
    # Alt+← is the browser's Back (which headless chromium leaves undone), not a step too.
    page.keyboard.press("Alt+ArrowLeft")
    assert (step.text_content() or "").startswith("Ask 1 of ")
    page.go_back()
    page.locator("#page-history:not([hidden])").wait_for()
    page.keyboard.press("ArrowRight")  # the replay is out of sight: nothing to step
    assert (page.text_content(".replay-controls .step") or "").startswith("Ask 1 of ")
