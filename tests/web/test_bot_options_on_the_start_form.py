"""The start form sets a chosen opponent's options (its knobs, as `gofish play --opponents
expert:epsilon=0.3` does): a box for each option the bot takes, with the server's words
for it. The form offered each bot only at its defaults, so a casual player could not ask
for a fairer fight in the browser."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from playwright.sync_api import expect

from gofish.bots import available_bots

from .conftest import LiveServer

pytestmark = pytest.mark.browser

SETUP = "gofish.setup"
FAST = "speed=0&pace=0.02"

BOXES = """(seat) => [...document.querySelectorAll(`.bot-options[data-seat="${seat}"] input`)]
    .map((input) => ({ label: document.querySelector(`label[for="${input.id}"]`)?.textContent,
                       about: document.getElementById(input.getAttribute('aria-describedby'))
                         ?.textContent,
                       value: input.value }))"""


def start_screen(page: Any, server: LiveServer) -> list[str]:
    """The start screen; the start messages the page will send."""
    sent: list[str] = []
    page.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(str(frame))))
    page.goto(f"{server.url}/?{FAST}")
    page.wait_for_selector("#deal")
    return sent


def boxes(page: Any, seat: int = 1) -> list[dict[str, str]]:
    return list(page.evaluate(BOXES, seat))


def starts(sent: list[str]) -> list[list[str]]:
    """The opponents of each start message sent."""
    return [json.loads(frame)["opponents"] for frame in sent if '"type":"start"' in frame]


def test_an_expert_given_a_careless_streak_is_named_so_at_the_table(
    page: Any, live_server: LiveServer
) -> None:
    sent = start_screen(page, live_server)
    page.select_option("#opponent1", "expert")
    expert = {info.name: info for info in available_bots()}["expert"]
    assert boxes(page) == [{"label": name, "about": about, "value": ""}
                           for name, about in expert.options]
    # Keyboard: the first box is the next stop after the bot's menu.
    page.focus("#opponent1")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.id") == "opponent1-epsilon"
    page.keyboard.type("0.3")
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .opponent .name")
    assert page.inner_text(".opponent .name") == "Expert (epsilon=0.3)"
    assert starts(sent) == [["expert:epsilon=0.3"]]  # the boxes left empty: the defaults


def test_another_bot_comes_with_its_own_options_at_their_defaults(
    page: Any, live_server: LiveServer
) -> None:
    start_screen(page, live_server)
    assert [box["label"] for box in boxes(page)] == ["memory"]  # Emma, the first default
    page.fill("#opponent1-memory", "2")
    page.select_option("#opponent1", "counter")
    assert [(box["label"], box["value"]) for box in boxes(page)] == [("epsilon", "")]
    page.select_option("#opponent1", "emma")
    assert boxes(page)[0]["value"] == ""
    page.select_option("#opponent1", "random")  # no options: no boxes, nothing shown
    assert boxes(page) == []
    assert page.locator(".bot-options[data-seat='1']").is_hidden()


@pytest.mark.parametrize(("option", "value", "told"), [
    ("epsilon", "2", "epsilon must be a number from 0 to 1"),
    ("noise", "a little", "noise must be a finite number at least 0"),
    ("memory", "-1", "memory must be a whole number of ranks, 0 or more"),
])
def test_a_value_the_bot_refuses_is_said_on_the_form(
    page: Any, live_server: LiveServer, option: str, value: str, told: str
) -> None:
    sent = start_screen(page, live_server)
    page.select_option("#opponent1", {"epsilon": "counter", "noise": "expert"}.get(option, "emma"))
    page.fill(f"#opponent1-{option}", value)
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('start-error').textContent !== ''")
    said = page.inner_text(f"#opponent1-{option}-refused")  # under the box
    assert told in said and "Traceback" not in said
    assert page.get_attribute("#start-error", "role") == "alert"  # read out as it comes
    assert page.inner_text("#start-error") == (
        f"Not dealt: see the note under “Opponent 1's {option}”.")
    assert page.is_visible("#page-start")
    assert len(starts(sent)) == 1
    # Mended, the same form deals.
    page.fill(f"#opponent1-{option}", "")
    assert page.inner_text("#start-error") == ""
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .opponent .name")


MARK = """(id) => { const box = document.getElementById(id);
    return { invalid: box.getAttribute('aria-invalid'), focused: document.activeElement === box,
             describedBy: box.getAttribute('aria-describedby') }; }"""


@pytest.mark.parametrize(("seat", "bot", "option", "value"), [
    (1, "counter", "epsilon", "2"),
    (2, "expert", "noise", "lots"),  # the second opponent's box, among the first's
])
def test_the_box_of_a_refused_value_is_marked_focused_and_described_by_the_refusal(
    page: Any, live_server: LiveServer, seat: int, bot: str, option: str, value: str
) -> None:
    # The refusal was said beside Deal, naming the whole spec: which box held the value
    # at fault was left to the player to find.
    start_screen(page, live_server)
    page.select_option("#players", "3")
    page.select_option(f"#opponent{seat}", bot)
    box = f"opponent{seat}-{option}"
    page.fill(f"#{box}", value)
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('start-error').textContent !== ''")
    said = page.inner_text(f"#{box}-refused")
    # A room's words (the box marked says whose): not "opponent 'counter:epsilon=2': …".
    assert said.startswith(f"bot option {option}={value}: {option} must be"), said
    assert page.evaluate(MARK, box) == {
        "invalid": "true", "focused": True, "describedBy": f"{box}-refused {box}-about"}
    expect(page.locator(f"#{box}")).to_have_accessible_description(re.compile(re.escape(said)))
    assert page.evaluate("(id) => getComputedStyle(document.getElementById(id)).outlineStyle",
                         box) == "solid"  # seen, not only heard
    # Mended, the mark and the words beside Deal go.
    page.fill(f"#{box}", "0.5")
    assert page.evaluate(MARK, box) == {
        "invalid": None, "focused": True, "describedBy": f"{box}-about"}
    assert page.inner_text("#start-error") == ""


def test_a_knob_with_a_range_is_a_number_box_within_it(
    page: Any, live_server: LiveServer
) -> None:
    # "chance (0 to 1) of a careless random ask": the browser can step within that range.
    start_screen(page, live_server)
    page.select_option("#opponent1", "expert")
    attributes = """(id) => ['type', 'min', 'max', 'step'].map((name) =>
        document.getElementById(id).getAttribute(name))"""
    assert page.evaluate(attributes, "opponent1-epsilon") == ["number", "0", "1", "0.05"]
    assert page.evaluate(attributes, "opponent1-noise") == ["text", None, None, None]
    page.focus("#opponent1-epsilon")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    assert page.input_value("#opponent1-epsilon") == "0.1"


def test_the_mark_goes_with_the_refusal_when_another_page_is_opened_and_left(
    page: Any, live_server: LiveServer
) -> None:
    # Another address clears the words beside Deal as old news; the box stayed marked
    # invalid and outlined, described by those words, now empty: at fault with no word why.
    start_screen(page, live_server)
    page.select_option("#opponent1", "counter")
    page.fill("#opponent1-epsilon", "2")
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('start-error').textContent !== ''")
    assert page.evaluate(MARK, "opponent1-epsilon")["invalid"] == "true"
    page.click("a[href='#/help/new']")
    page.wait_for_selector("#page-help:not([hidden]) h1")
    page.go_back()
    page.wait_for_selector("#page-start:not([hidden]) #deal")
    assert page.inner_text("#start-error") == ""
    assert page.evaluate(MARK, "opponent1-epsilon") == {
        "invalid": None, "focused": False, "describedBy": "opponent1-epsilon-about"}
    assert page.input_value("#opponent1-epsilon") == "2"  # the value is kept, to mend
    assert page.evaluate("""() => getComputedStyle(
        document.getElementById('opponent1-epsilon')).outlineStyle""") != "solid"


@pytest.mark.parametrize(("bot", "option", "typed", "said"), [
    # The number box reads "1e-1" as 0.1 and sent it: an "e" that slipped in chose a bot the
    # player never meant. Written so in any box, it is refused, as "Cards dealt" refuses it.
    ("counter", "epsilon", "1e-1", "must be written in digits alone: 0.1, not 1e-1"),
    ("counter", "epsilon", "-0", "must be a number from 0 to 1, written in digits alone"),
    ("emma", "memory", "1e1", "must be written in digits alone: 10, not 1e1"),
    # Beyond what its digits can show: not "Infinity, not 1e999".
    ("emma", "memory", "1e999", "must be written in digits alone: not 1e999"),
])
def test_a_number_written_with_an_exponent_is_refused_before_the_server(
    page: Any, live_server: LiveServer, bot: str, option: str, typed: str, said: str
) -> None:
    sent = start_screen(page, live_server)
    page.select_option("#opponent1", bot)
    page.locator(f"#opponent1-{option}").press_sequentially(typed)
    page.click("#deal")
    assert page.inner_text(f"#opponent1-{option}-refused") == f"Opponent 1's {option} {said}."
    assert page.evaluate(MARK, f"opponent1-{option}")["invalid"] == "true"
    assert page.evaluate(MARK, f"opponent1-{option}")["focused"]
    assert starts(sent) == []


def test_a_number_box_that_cannot_read_its_value_is_refused_before_the_server(
    page: Any, live_server: LiveServer
) -> None:
    # The box gives nothing for "1e": sent, the bot would have played at its default.
    sent = start_screen(page, live_server)
    page.select_option("#opponent1", "counter")
    page.locator("#opponent1-epsilon").press_sequentially("1e")
    assert page.evaluate("() => document.getElementById('opponent1-epsilon').validity.badInput")
    page.click("#deal")
    assert page.inner_text("#opponent1-epsilon-refused") == (
        "Opponent 1's epsilon must be a number from 0 to 1.")
    assert page.evaluate(MARK, "opponent1-epsilon")["invalid"] == "true"
    assert page.evaluate(MARK, "opponent1-epsilon")["focused"]
    assert starts(sent) == []


def test_the_options_are_kept_for_the_next_visit(page: Any, live_server: LiveServer) -> None:
    start_screen(page, live_server)
    page.select_option("#players", "3")
    page.fill("#opponent1-memory", "2")
    page.select_option("#opponent2", "expert")
    page.fill("#opponent2-noise", "0.5")
    page.fill("#opponent2-infer", "false")
    page.click("#deal")
    page.wait_for_selector("#page-play:not([hidden]) .opponent .name")
    assert json.loads(page.evaluate("(key) => localStorage.getItem(key)", SETUP))[
        "opponents"] == ["emma:memory=2", "expert:noise=0.5:infer=false"]
    page.goto(f"{live_server.url}/?{FAST}#/")
    page.wait_for_selector("#page-start:not([hidden]) #deal")
    assert page.input_value("#opponent1") == "emma"
    assert [(box["label"], box["value"]) for box in boxes(page)] == [("memory", "2")]
    assert page.input_value("#opponent2") == "expert"
    assert [box["value"] for box in boxes(page, 2)] == ["", "0.5", "", "false"]


@pytest.mark.parametrize(("saved", "shown"), [
    (["counter"], ("counter", [""])),  # written before the form had options
    (["counter:epsilon=0.5"], ("counter", ["0.5"])),
    (["counter:iq=200:epsilon=0.1"], ("counter", ["0.1"])),  # an option it does not take
    (["hal:epsilon=0.1"], ("emma", [""])),  # a bot no longer offered
])
def test_a_saved_setup_with_or_without_options_still_loads(
    page: Any, live_server: LiveServer, saved: list[str], shown: tuple[str, list[str]]
) -> None:
    start_screen(page, live_server)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)",
                  [SETUP, json.dumps({"type": "start", "players": 2, "opponents": saved})])
    page.reload()
    page.wait_for_selector("#deal")
    assert (page.input_value("#opponent1"), [box["value"] for box in boxes(page)]) == shown


@pytest.mark.parametrize(("value", "dealt"), [
    ("1.", True),  # the bot reads it as 1; a number box cannot hold it
    ("lots", False),  # refused by the server, on the form, as any bad value is
])
def test_a_saved_value_a_number_box_cannot_hold_is_kept_and_sent(
    page: Any, live_server: LiveServer, value: str, dealt: bool
) -> None:
    # Saved from the text box epsilon had before, the value came back as an empty
    # number box: Deal then sent no epsilon and the bot played at its default, unsaid.
    sent = start_screen(page, live_server)
    page.evaluate("([key, value]) => localStorage.setItem(key, value)", [SETUP, json.dumps(
        {"type": "start", "players": 2, "opponents": [f"counter:epsilon={value}"]})])
    page.reload()
    page.wait_for_selector("#deal")
    assert page.input_value("#opponent1-epsilon") == value
    page.click("#deal")
    if dealt:
        page.wait_for_selector("#page-play:not([hidden]) .opponent .name")
    else:
        page.wait_for_function("() => document.getElementById('start-error').textContent")
        assert "epsilon must be a number from 0 to 1" in page.inner_text(
            "#opponent1-epsilon-refused")
        assert page.evaluate(MARK, "opponent1-epsilon")["invalid"] == "true"
    assert starts(sent)[-1] == [f"counter:epsilon={value}"]


def test_a_refused_opponent_with_no_box_to_mark_is_told_whose_it_is(
    page: Any, live_server: LiveServer
) -> None:
    # The server says a refused bot in the rooms' words, which do not name the seat: with
    # no box to mark (a bot the form does not offer, sent as a setup the form no longer
    # holds), the words beside Deal say whose, as the form labels it.
    def swap_in_an_unknown_bot(ws: Any) -> None:
        server = ws.connect_to_server()

        def from_page(message: str | bytes) -> None:
            data = json.loads(message)
            if data.get("type") == "start":
                data["opponents"] = ["hal"]
            server.send(json.dumps(data))

        ws.on_message(from_page)

    page.route_web_socket(re.compile(r".*/ws/play$"), swap_in_an_unknown_bot)
    start_screen(page, live_server)
    page.click("#deal")
    page.wait_for_function("() => document.getElementById('start-error').textContent !== ''")
    said = page.inner_text("#start-error")
    assert said.startswith("Opponent 1: unknown bot 'hal': choose one of "), said


@pytest.mark.parametrize("typed", ["1:seconds=2", "1:iterations=5", "seconds=2"])
def test_a_box_holding_the_specs_separators_is_refused_on_the_form(
    page: Any, live_server: LiveServer, typed: str
) -> None:
    # "1:iterations=5" in the seconds box was sent as ismcts:seconds=1:iterations=5, setting
    # an option of another box; "1:seconds=2" was refused as "given twice", unmarked.
    sent = start_screen(page, live_server)
    page.select_option("#opponent1", "ismcts")
    page.fill("#opponent1-seconds", typed)
    page.click("#deal")
    assert page.inner_text("#opponent1-seconds-refused") == (
        'Opponent 1\'s seconds is one value: it cannot hold ":" or "=", which set the '
        "bot's other options.")
    assert page.evaluate(MARK, "opponent1-seconds")["invalid"] == "true"
    assert page.evaluate(MARK, "opponent1-seconds")["focused"]
    assert starts(sent) == []
