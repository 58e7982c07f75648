"""The result names who won, and counts the asks in words, however the game ended."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LiveServer
from .test_browser import open_table

pytestmark = pytest.mark.browser


def deal_a_game_over_at_once(page: Any, server: LiveServer) -> None:
    """Four nordic players dealt a pair each (pairs, two cards each, seed 13802): every hand
    is empty once the pairs are down (R3), so the game ends at the deal (R19) and all four
    share the win (R10)."""
    open_table(page, server, seed=13802, preset="nordic", players=4, hand_size=2, pairs=True)
    page.wait_for_selector("#result:not([hidden])")


def test_a_shared_win_names_the_players_you_share_it_with(
    page: Any, live_server: LiveServer
) -> None:
    # It said "A shared win!" and "0 asks in all.": not with whom, nor in words.
    deal_a_game_over_at_once(page, live_server)
    assert page.inner_text("#result-title") == "You share the win with Emma, Randy and Emma 2!"
    assert page.inner_text("#result .ending") == (
        "You, Emma, Randy and Emma 2 ran out of cards. It ended before anyone asked.")


def rewrite_the_result(page: Any, **result: object) -> None:
    """Change what the server's updates say of the result before the page reads them."""
    def rewritten(text: str | bytes) -> str:
        message = json.loads(text)
        if message.get("type") == "update" and message["state"]["result"]:
            message["state"]["result"].update(result)
        return json.dumps(message)

    page.route_web_socket("**/ws/play", lambda ws: ws.connect_to_server().on_message(
        lambda message: ws.send(rewritten(message))))


def test_a_shared_win_of_others_names_them(page: Any, live_server: LiveServer) -> None:
    # "A shared win" left a player who lost to work out the winners from the books.
    rewrite_the_result(page, winners=[1, 2], you_won=False, shared=True)
    deal_a_game_over_at_once(page, live_server)
    assert page.inner_text("#result-title") == "Emma and Randy share the win"


def test_the_result_is_read_out_once_when_the_tables_address_comes_late(
    page: Any, live_server: LiveServer
) -> None:
    # A game over at the deal: the browser's news of the table's new address (#/play/N)
    # could come after the result was shown, and going "back" to the table showed it
    # again, so a screen reader heard the result twice.
    deal_a_game_over_at_once(page, live_server)
    # The route runs within the event's dispatch, up to the table's result.
    page.evaluate("() => window.dispatchEvent(new HashChangeEvent('hashchange'))")
    said = page.eval_on_selector_all("#announcer p", "(ps) => ps.map((p) => p.textContent)")
    heading = page.inner_text("#result-title")
    assert len([line for line in said if line.startswith(heading.rstrip("!"))]) == 1, said
    assert page.is_visible("#result")


def said_after_the_result(page: Any) -> list[str]:
    page.wait_for_selector("#result:not([hidden])")
    return list(page.eval_on_selector_all("#announcer p", "(ps) => ps.map((p) => p.textContent)"))


def standings_read_out(page: Any) -> list[str]:
    """The result's rows as a screen reader reads them (the colon is hidden from sight)."""
    return list(page.eval_on_selector_all(
        "#result .standings li", "(rows) => rows.map((row) => row.textContent)"))


def test_the_result_read_out_counts_pairs_and_names_the_winner(
    page: Any, live_server: LiveServer
) -> None:
    # It read out "Emma 1, You 0": numbers with no word for what they count. Nordic, two
    # cards each under the pairs house rule (seed 5): Emma is dealt a pair, lays it and her
    # empty hand ends the game at the deal (R3, R19), so she wins with it (R10).
    open_table(page, live_server, seed=5, preset="nordic", hand_size=2, pairs=True)
    result = [line for line in said_after_the_result(page) if line.startswith("Emma wins")]
    assert result == ["Emma wins with 1 pair; You: 0 pairs. Emma ran out of cards."], result
    assert page.inner_text("#result-title") == "Emma wins"
    assert standings_read_out(page) == ["Emma: 1 pair", "You: 0 pairs"]


def test_the_result_read_out_counts_books(page: Any, live_server: LiveServer) -> None:
    # Nordic, four cards each (seed 16972): Emma is dealt a book and her empty hand ends
    # the game at once (R19), with her the winner (R10).
    open_table(page, live_server, seed=16972, preset="nordic", hand_size=4)
    result = [line for line in said_after_the_result(page) if line.startswith("Emma wins")]
    assert result == ["Emma wins with 1 book; You: 0 books. Emma ran out of cards."], result


def test_a_win_of_yours_and_a_shared_win_are_read_out_with_their_counts(
    page: Any, live_server: LiveServer
) -> None:
    # Seed 18 deals you the pair that ends the game (R19); the four-player deal ends in a
    # win all four share, a pair each (R10).
    open_table(page, live_server, seed=18, preset="nordic", hand_size=2, pairs=True)
    said = said_after_the_result(page)
    assert "You win with 1 pair; Emma: 0 pairs. You ran out of cards." in said, said
    deal_a_game_over_at_once(page, live_server)
    assert ("You share the win with Emma, Randy and Emma 2, 1 pair each. "
            "You, Emma, Randy and Emma 2 ran out of cards.") in said_after_the_result(page)


def test_a_name_ending_in_a_number_is_read_out_apart_from_its_count(
    page: Any, live_server: LiveServer
) -> None:
    # "Emma 2 wins with 5 books; Emma 4 books; Randy 3 books" was read out: a second Emma
    # is named "Emma 2", so a name and its count ran together into one number after another.
    # The log says "Books: You: 1, Emma: 4", a colon between them; so does the result now,
    # read out and in its list. Seed 16972 as above: Emma is dealt a book and wins (R19, R10).
    open_table(page, live_server, seed=16972, preset="nordic", hand_size=4, name="Player 2")
    result = [line for line in said_after_the_result(page) if line.startswith("Emma wins")]
    assert result == ["Emma wins with 1 book; Player 2: 0 books. Emma ran out of cards."], result
    assert standings_read_out(page) == ["Emma: 1 book", "Player 2: 0 books"]
