"""The host gives a room's bot options in the lobby, by keyboard, and everyone sees them."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from tests.browser_helpers import spoken

from .browser_support import (
    QUICK_GAME,
    RoomsServer,
    ann_and_bob,
    confirm,
    focused,
    join,
    take_turns,
)

pytestmark = pytest.mark.browser

SEAT = '#seats li[data-seat="2"]'
LAST = '#seats li[data-seat="3"]'


def test_the_host_seats_an_expert_with_noise_and_both_pages_name_its_options(
    rooms: RoomsServer, open_page: Any,
) -> None:
    ann, bob, code = ann_and_bob(rooms, open_page, players=4)
    ann.select_option("#bot-3", "expert")
    options = ann.locator(f"{LAST} details.bot-knobs")
    assert options.get_attribute("open") is None  # closed: the seat's line stays short
    # Tabbed to, the disclosure is heard alone: it names its seat, where each shows "Options".
    expect(ann.locator(f"{LAST} details.bot-knobs summary")).to_have_accessible_name(
        "Options of the bot for seat 4")
    ann.focus(f"{LAST} details.bot-knobs summary")
    ann.keyboard.press("Enter")
    noise = ann.get_by_role("textbox", name="noise", exact=True)
    noise.fill("0.2")
    ann.get_by_role("textbox", name="epsilon", exact=True).fill("2")
    # Each box says what its option does, from the server's list.
    assert "careless random ask" in str(ann.locator("#bot-3-epsilon-about").inner_text())
    ann.click(f"{LAST} .add-bot")
    ann.wait_for_selector(
        "#bot-3-epsilon-refused:has-text('bot option epsilon=2: epsilon must be')")

    # Cy taking the seat before rebuilds Ann's lobby: the bot, the open box, the values typed
    # and the focus in a box all stay.
    noise.focus()
    join(open_page(), rooms.url, code, "Cy")
    ann.wait_for_selector('#seats li[data-seat="2"]:has-text("Cy")')
    assert ann.locator("#bot-3").input_value() == "expert"
    assert options.get_attribute("open") is not None and noise.input_value() == "0.2"
    assert focused(ann) == "input#bot-3-noise"
    ann.get_by_role("textbox", name="epsilon", exact=True).fill("")  # empty: the default
    ann.click(f"{LAST} .add-bot")

    said = "Expert (bot) (noise=0.2)"
    for page in (ann, bob):
        page.wait_for_selector(f"{LAST}:has-text('{said}')")
        page.wait_for_selector(f"#notice:has-text('{said} takes seat 4.')")
    ann.click("#start")
    for page in (ann, bob):
        page.wait_for_selector(f".room-seat[data-seat='3'] strong:has-text('{said}')")


def test_another_bot_picked_offers_its_own_options_with_empty_boxes(
    rooms: RoomsServer, open_page: Any,
) -> None:
    ann, _bob, _code = ann_and_bob(rooms, open_page)
    ann.select_option("#bot-2", "expert")
    ann.click(f"{SEAT} details.bot-knobs summary")
    ann.get_by_role("textbox", name="noise", exact=True).fill("0.5")
    ann.select_option("#bot-2", "ismcts-quick")
    seconds = ann.get_by_role("textbox", name="seconds", exact=True)
    assert seconds.input_value() == "" and ann.locator("#bot-2-noise").count() == 0
    seconds.fill("60")
    ann.click(f"{SEAT} .add-bot")
    ann.wait_for_selector("#bot-2-seconds-refused:has-text(\"seconds must be at most 5 in a "
                          "room's game\")")
    seconds.fill("0.5")
    ann.click(f"{SEAT} .add-bot")
    ann.wait_for_selector(f"{SEAT}:has-text('Quick ISMCTS (bot) (seconds=0.5)')")


def test_a_finished_games_panel_keeps_the_options_its_bot_was_dealt_with(
    rooms: RoomsServer, open_page: Any,
) -> None:
    ann, bob, _code = ann_and_bob(rooms, open_page, house=QUICK_GAME)
    ann.select_option("#bot-2", "expert")
    ann.click(f"{SEAT} details.bot-knobs summary")
    noise = ann.get_by_role("textbox", name="noise", exact=True)
    noise.fill("0.5")
    ann.click(f"{SEAT} .add-bot")
    ann.wait_for_selector(f"{SEAT} .remove-bot")
    ann.click("#start")
    panel = ".room-seat[data-seat='2'] strong"
    take_turns([ann, bob])
    # The host seats the expert again with other options: the same name, "Expert (bot)".
    ann.click(f"{SEAT} .remove-bot")
    ann.wait_for_selector(f"{SEAT} .add-bot")
    noise.fill("0.9")
    ann.click(f"{SEAT} .add-bot")
    for page in (ann, bob):
        page.wait_for_selector(f"{SEAT}:has-text('Expert (bot) (noise=0.9)')")
        # The table still shows the game just played, and who played it.
        assert page.inner_text(panel) == "Expert (bot) (noise=0.5)"


def refuse_an_experts_epsilon(page: Any, seat: int) -> str:
    """The host seats an expert in ``seat`` (0-based) with epsilon=2, its Options closed
    again (the refusal opens them); the status line's words once it is refused."""
    row = f'#seats li[data-seat="{seat}"]'
    page.select_option(f"#bot-{seat}", "expert")
    page.click(f"{row} details.bot-knobs summary")
    page.get_by_role("textbox", name="epsilon", exact=True).fill("2")
    page.click(f"{row} details.bot-knobs summary")
    page.click(f"{row} .add-bot")
    page.wait_for_selector("#status:has-text('Not seated: see the note under')")
    return str(page.inner_text("#status"))


def test_a_refused_option_is_marked_described_and_focused_until_edited(
    rooms: RoomsServer, open_page: Any,
) -> None:
    ann, _bob, code = ann_and_bob(rooms, open_page, players=4)
    pointer = refuse_an_experts_epsilon(ann, 3)
    assert pointer == ("Not seated: see the note under “epsilon” in the options of the bot "
                       "for seat 4.")
    epsilon = ann.locator("#bot-3-epsilon")
    expect(epsilon).to_have_attribute("aria-invalid", "true")
    assert ann.locator(f"{LAST} details.bot-knobs").get_attribute("open") is not None
    assert focused(ann) == "input#bot-3-epsilon"
    expect(epsilon).to_have_accessible_description(
        re.compile(r"^bot option epsilon=2: epsilon must be"))
    # Said once to a screen reader: the status line said the reason too, heard twice (as
    # the alert, then as the focused box was read). It points to the note under the box.
    said = ann.inner_text("#bot-3-epsilon-refused")
    assert said.startswith("bot option epsilon=2: epsilon must be") and ann.is_visible(
        "#bot-3-epsilon-refused")
    heard = spoken(ann)
    assert heard["description"].startswith(said)
    assert heard["alerts"] == [pointer]
    assert ann.locator("#bot-3-noise").get_attribute("aria-invalid") is None
    # Cy joining rebuilds the lobby: the mark and its words stay.
    join(open_page(), rooms.url, code, "Cy")
    ann.wait_for_selector('#seats li[data-seat="2"]:has-text("Cy")')
    expect(epsilon).to_have_attribute("aria-invalid", "true")
    expect(epsilon).to_have_accessible_description(re.compile("epsilon must be"))
    epsilon.fill("0.5")  # edited: old news
    expect(epsilon).not_to_have_attribute("aria-invalid", "true")
    expect(epsilon).not_to_have_accessible_description(re.compile("epsilon must be"))


def test_a_refused_mark_goes_with_another_bot_and_with_the_seat_filled(
    rooms: RoomsServer, open_page: Any,
) -> None:
    ann, _bob, code = ann_and_bob(rooms, open_page, players=3)
    ann.select_option("#bot-2", "expert")
    ann.click(f"{SEAT} details.bot-knobs summary")
    ann.get_by_role("textbox", name="epsilon", exact=True).fill("2")
    ann.click(f"{SEAT} .add-bot")
    expect(ann.locator("#bot-2-epsilon")).to_have_attribute("aria-invalid", "true")
    ann.select_option("#bot-2", "counter")  # another bot: its own boxes, none marked
    expect(ann.locator("#bot-2-epsilon")).to_have_value("")
    assert ann.locator(f"{SEAT} input[aria-invalid]").count() == 0
    ann.select_option("#bot-2", "expert")
    ann.get_by_role("textbox", name="epsilon", exact=True).fill("2")
    ann.click(f"{SEAT} .add-bot")
    expect(ann.locator("#bot-2-epsilon")).to_have_attribute("aria-invalid", "true")
    # Cy takes the seat, then leaves it: open again, it holds no old refusal.
    cy = open_page()
    join(cy, rooms.url, code, "Cy")
    ann.wait_for_selector(f'{SEAT}:has-text("Cy")')
    confirm(cy, "#leave-row .leave")
    ann.wait_for_selector(f"{SEAT} .add-bot")
    expect(ann.locator("#bot-2-epsilon")).to_have_value("2")  # what was typed is kept
    assert ann.locator(f"{SEAT} input[aria-invalid]").count() == 0


def test_a_refused_options_pointer_goes_once_the_box_is_edited(
    rooms: RoomsServer, open_page: Any,
) -> None:
    # The status line pointed to the note under the refused box; the value edited, the
    # note went but the pointer stayed, pointing to a note no longer there (nothing in the
    # room changed, so no update emptied it), as the start form's pointer does not.
    ann, _bob, _code = ann_and_bob(rooms, open_page, players=3)
    pointer = refuse_an_experts_epsilon(ann, 2)
    ann.locator("#bot-2-epsilon").fill("0.5")
    expect(ann.locator("#bot-2-epsilon-refused")).to_have_count(0)
    expect(ann.locator("#status")).not_to_have_text(pointer)
