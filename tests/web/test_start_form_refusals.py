"""The start form says in its own words which house rules cannot be dealt together, before
Deal reaches the server: the server's refusal named the engine's option codes
("refill 'none' needs end 'first-empty'"), which the form shows nowhere."""

from __future__ import annotations

import json
from typing import Any

import pytest

from .conftest import LiveServer
from .test_accessibility import assert_accessible

pytestmark = pytest.mark.browser

ENGINE_WORDS = ("'none'", "first-empty", "all-books", "cannot deal", "hand_size")


def start_screen(page: Any, server: LiveServer, preset: str = "classic") -> list[str]:
    """The start screen with its house rules open; the start messages the page will send."""
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    page.goto(f"{server.url}/?speed=0&pace=0.02")
    page.check(f"input[name=preset][value={preset}]")
    page.click(".house-rules summary")
    return sent


def note(page: Any, field: str) -> str:
    return str(page.inner_text(f"#note-{field}"))


#: The label above each note, as the words beside Deal name it.
NOTE_UNDER = {"end": "Game ends", "hand_size": "Cards dealt", "name": "Your name"}


def pointer_to(field: str) -> str:
    """Beside Deal, the way to the note that says why (the note itself is said once)."""
    return f"Not dealt: see the note under “{NOTE_UNDER[field]}”."


def test_no_refill_until_all_books_are_down_is_explained_beside_the_fields(
    page: Any, live_server: LiveServer
) -> None:
    # R11/R18: with no refill an emptied hand never plays again, so the game must end
    # at the first empty hand; classic plays until every book is down.
    sent = start_screen(page, live_server)
    page.select_option("select[name=refill]", "none")
    said = note(page, "end")
    assert said.startswith("No refill needs the game to end at the first empty hand or pond")
    assert "“Game ends: at the first empty hand or pond”" in said
    assert not [word for word in ENGINE_WORDS if word in said]
    assert page.get_attribute("select[name=refill]", "aria-invalid") == "true"
    assert page.get_attribute("select[name=refill]", "aria-describedby") == "note-end"
    # Deal keeps the game from the server, says why beside the button, and focuses the field.
    page.click("#deal")
    assert page.inner_text("#start-error") == pointer_to("end")
    assert page.evaluate("() => document.activeElement.name") == "refill"
    assert not [frame for frame in sent if '"type":"start"' in frame]
    assert page.is_visible("#page-start")
    # Choosing the first empty hand makes it a game to deal: the words go, Deal deals.
    page.select_option("select[name=end]", "first-empty")
    assert note(page, "end") == "" and page.inner_text("#start-error") == ""
    assert page.get_attribute("select[name=refill]", "aria-invalid") is None
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .hand")


def test_nordic_played_until_all_books_are_down_asks_for_a_refill(
    page: Any, live_server: LiveServer
) -> None:
    # Nordic has no refill of its own (R18 section): the fault is the ending chosen.
    start_screen(page, live_server, preset="nordic")
    page.select_option("select[name=end]", "all-books")
    said = note(page, "end")
    assert said.startswith("Nordic draws no new cards for an empty hand")
    assert "“Game ends: at the first empty hand or sea”" in said  # the sea of Hopp i havet
    assert not [word for word in ENGINE_WORDS if word in said]
    page.click("#deal")
    assert page.evaluate("() => document.activeElement.name") == "end"
    page.select_option("select[name=refill]", "card")
    assert note(page, "end") == ""


def test_more_cards_than_the_deck_holds_are_refused_in_the_forms_words(
    page: Any, live_server: LiveServer
) -> None:
    sent = start_screen(page, live_server)
    page.select_option("#players", "5")
    assert page.get_attribute("input[name=hand_size]", "max") == "10"  # 5 x 10 = 50 of 52 (R1)
    page.fill("input[name=hand_size]", "12")
    said = note(page, "hand_size")
    assert said == ("Cards dealt: 5 players can be dealt at most 10 cards each, as the deck "
                    "holds 52; 12 each would take 60.")
    page.click("#deal")
    assert page.inner_text("#start-error") == pointer_to("hand_size")
    assert not [frame for frame in sent if '"type":"start"' in frame]
    page.select_option("#players", "4")  # 4 x 12 = 48: a deal
    assert note(page, "hand_size") == ""


def test_the_rules_of_a_game_that_cannot_be_dealt_say_why_in_the_forms_words(
    page: Any, live_server: LiveServer
) -> None:
    # "Rules of this game" showed the server's refusal: "refill 'none' needs end 'first-empty'".
    start_screen(page, live_server)
    page.select_option("select[name=refill]", "none")
    page.click("text=Rules of this game")
    said = page.inner_text("#page-help .error")
    assert said.startswith("No refill needs the game to end at the first empty hand or pond")
    assert not [word for word in ENGINE_WORDS if word in said]


def test_the_form_with_its_words_beside_a_field_passes_the_audit(
    page: Any, live_server: LiveServer
) -> None:
    start_screen(page, live_server)
    page.select_option("select[name=refill]", "none")
    page.click("#deal")  # the words beside Deal too
    assert_accessible(page, "the start form refusing no refill until all books are down")


def test_the_words_beside_a_field_stand_clear_of_its_outline_on_a_phone(
    page: Any, live_server: LiveServer
) -> None:
    # The outline that marks the field at fault (2 px, 1 px off the field) ran over the
    # top of the words' first line.
    page.set_viewport_size({"width": 360, "height": 640})
    start_screen(page, live_server)
    page.select_option("select[name=end]", "all-books")
    page.select_option("select[name=refill]", "none")
    gap = page.evaluate("""() => document.querySelector('#note-end').getBoundingClientRect().top
        - document.querySelector('select[name=end]').getBoundingClientRect().bottom""")
    assert gap >= 3 + 1, f"the words start {gap} px below the field"


FISH = "\U0001f41f"  # one character to the server, two UTF-16 units to maxlength


def test_a_name_of_24_emoji_fits_the_name_box_and_is_dealt_whole(
    page: Any, live_server: LiveServer
) -> None:
    # maxlength=24 counted UTF-16 units: the box took only 12 fish, the server 24 (as
    # the rooms' name boxes, commit 62a8842).
    sent = start_screen(page, live_server)
    page.fill("#name", FISH * 24)
    assert page.input_value("#name") == FISH * 24
    assert note(page, "name") == ""
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .hand")
    starts = [json.loads(frame) for frame in sent if '"type":"start"' in frame]
    assert [start["name"] for start in starts] == [FISH * 24]


def test_a_longer_name_is_refused_beside_the_box_before_the_server_cuts_it(
    page: Any, live_server: LiveServer
) -> None:
    sent = start_screen(page, live_server)
    page.fill("#name", FISH * 25)
    said = note(page, "name")
    assert said == "Your name: a name has at most 24 characters, not 25."
    assert page.get_attribute("#name", "aria-invalid") == "true"
    page.click("#deal")
    assert page.inner_text("#start-error") == pointer_to("name")
    assert page.evaluate("() => document.activeElement.id") == "name"
    assert not [frame for frame in sent if '"type":"start"' in frame]
    page.fill("#name", "Ada")
    assert note(page, "name") == "" and page.get_attribute("#name", "aria-invalid") is None


@pytest.mark.parametrize(("preset", "pond", "other_end"), [
    ("nordic", "sea", "a refill under “Empty hand” and “Game ends: when all books are down”"),
    ("classic", "pond", "“Game ends: when all books are down”"),
])
def test_the_whole_deck_for_a_game_that_ends_at_an_empty_pond_is_refused_in_the_forms_words(
    page: Any, live_server: LiveServer, preset: str, pond: str, other_end: str
) -> None:
    # R19: 4 x 13 cards leave no pond, so a game that ends at an empty pond would be over at
    # the deal. The form said nothing; Deal then showed the engine's "end 'first-empty'".
    sent = start_screen(page, live_server, preset=preset)
    page.select_option("#players", "4")
    if preset == "classic":
        page.select_option("select[name=end]", "first-empty")
    page.fill("input[name=hand_size]", "13")
    said = note(page, "hand_size")
    assert said == (f"Cards dealt: 13 each to 4 players is the whole deck, and a game that "
                    f"ends at the first empty hand or {pond} would be over before anyone "
                    f"asked. Deal fewer cards, or choose {other_end}.")
    assert not [word for word in ENGINE_WORDS if word in said]
    assert page.get_attribute("select[name=end]", "aria-invalid") == "true"
    page.click("#deal")
    assert page.inner_text("#start-error") == pointer_to("hand_size")
    assert page.evaluate("() => document.activeElement.name") == "hand_size"
    assert not [frame for frame in sent if '"type":"start"' in frame]
    page.fill("input[name=hand_size]", "12")  # 48 of 52: a pond of 4 to fish from
    assert note(page, "hand_size") == ""
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .hand")


@pytest.mark.parametrize("typed", [
    "5e", "--3", "e",
    # The box reads these as 10 and 7, and "1e1" dealt ten cards each: an "e" that slipped
    # in is refused, as the server and `--hand-size` refuse anything but digits.
    "1e1", "7.0",
])
def test_cards_dealt_the_box_cannot_read_are_refused_not_dealt_as_the_preset(
    page: Any, live_server: LiveServer, typed: str
) -> None:
    # A number box gives what it cannot read as empty: "5e" dealt the preset's 7 cards.
    sent = start_screen(page, live_server)
    page.type("input[name=hand_size]", typed)
    said = note(page, "hand_size")
    assert said == "Cards dealt must be a whole number from 1 to 13, written in digits alone."
    page.click("#deal")
    assert page.inner_text("#start-error") == pointer_to("hand_size")
    assert not [frame for frame in sent if '"type":"start"' in frame]


def test_a_refill_that_could_never_happen_is_explained_beside_the_fields(
    page: Any, live_server: LiveServer
) -> None:
    # R19: nordic ends at the first empty hand, before any refill, so "Empty hand: draw a
    # full hand" dealt plain nordic without a word (the command line refuses it too).
    sent = start_screen(page, live_server, preset="nordic")
    page.select_option("select[name=refill]", "hand")
    said = note(page, "end")
    assert said.startswith("Nordic ends at the first empty hand or sea, so no hand is ever "
                           "refilled"), said
    assert "“Game ends: when all books are down”" in said
    assert not [word for word in ENGINE_WORDS if word in said]
    page.click("#deal")
    assert page.inner_text("#start-error") == pointer_to("end")
    assert not [frame for frame in sent if '"type":"start"' in frame]
    # Played until every book is down the refill acts: the words go, Deal deals.
    page.select_option("select[name=end]", "all-books")
    assert note(page, "end") == ""
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .hand")


def test_a_note_beside_the_fields_is_read_out_once_not_at_each_key(
    page: Any, live_server: LiveServer
) -> None:
    # The notes are live regions (role=status). Every key typed anywhere in the form wrote
    # each note again, unchanged: new text to a screen reader (chromium makes a new node of
    # it), so the whole sentence about the refill was read out again at each letter of a
    # name typed after it.
    start_screen(page, live_server)
    page.select_option("select[name=refill]", "none")
    assert note(page, "end").startswith("No refill needs the game to end")
    page.evaluate("""() => {
        window.rewritten = [];
        for (const note of document.querySelectorAll('.field-note')) {
            new MutationObserver(() => window.rewritten.push(note.id))
                .observe(note, {childList: true, characterData: true, subtree: true});
        }
    }""")
    page.fill("#name", "")
    page.type("#name", "Ann")
    page.select_option("#pace", index=0)
    assert page.evaluate("window.rewritten") == []
    page.select_option("select[name=end]", "first-empty")  # the note goes: that is a change
    assert note(page, "end") == "" and page.evaluate("window.rewritten") == ["note-end"]


@pytest.mark.parametrize(("box", "bot", "typed"), [
    ("input[name=hand_size]", None, "5"),
    ("#opponent1-epsilon", "counter", "0.3"),
])
def test_the_wheel_over_a_number_box_scrolls_the_page_not_the_number(
    page: Any, live_server: LiveServer, box: str, bot: str | None, typed: str
) -> None:
    # Scrolling down to Deal with the pointer over the box just typed in stepped its number
    # (Cards dealt 5 became 3, epsilon 0.3 became 0.2), and the page stayed where it was.
    page.set_viewport_size({"width": 1280, "height": 400})
    start_screen(page, live_server)
    if bot is not None:
        page.select_option("#opponent1", bot)
    page.fill(box, typed)
    page.focus(box)
    page.eval_on_selector(box, "(input) => input.scrollIntoView({ block: 'end' })")
    before = page.evaluate("() => window.scrollY")
    where = page.locator(box).bounding_box()
    assert where is not None
    page.mouse.move(where["x"] + 10, where["y"] + where["height"] / 2)
    page.mouse.wheel(0, 60)
    page.wait_for_function("(before) => window.scrollY > before", arg=before)
    assert page.input_value(box) == typed
    assert page.evaluate("(box) => document.activeElement === document.querySelector(box)", box)


@pytest.mark.parametrize(("preset", "players", "deal"), [
    ("classic", 2, 7), ("classic", 3, 5), ("bicycle", 4, 5), ("nordic", 5, 7),
])
def test_cards_dealt_left_empty_shows_and_steps_from_the_presets_deal(
    page: Any, live_server: LiveServer, preset: str, players: int, deal: int
) -> None:
    # The box said "preset deal", leaving the player to find the number elsewhere, and ↑
    # in it gave 1 card (the browser steps an empty box from its minimum), not one more.
    start_screen(page, live_server, preset=preset)
    page.select_option("#players", str(players))
    box = "input[name=hand_size]"
    assert page.get_attribute(box, "placeholder") == f"{deal}, as the preset deals"
    page.focus(box)
    page.keyboard.press("ArrowUp")
    assert page.input_value(box) == str(deal + 1)
    page.fill(box, "")
    page.keyboard.press("ArrowDown")
    assert page.input_value(box) == str(deal - 1)
