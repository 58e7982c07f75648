"""A start form refused for a choice the game cannot deal says why once to a screen reader.
The reason was both the alert beside Deal and the description of the field Deal put the
focus on (the note under the field), so it was heard twice: as the alert, then again as
the focused field was read. The alert now points to the note, which says why."""

from __future__ import annotations

from typing import Any

import pytest

from .conftest import LiveServer
from .test_start_form_refusals import note, pointer_to, start_screen

pytestmark = pytest.mark.browser


def spoken(page: Any) -> dict[str, Any]:
    """From chromium's accessibility tree: the alerts' words and the focused field's
    description, as a screen reader is given them."""
    cdp = page.context.new_cdp_session(page)
    nodes = cdp.send("Accessibility.getFullAXTree")["nodes"]
    alerts = [node for node in nodes if node.get("role", {}).get("value") == "alert"]
    by_id = {node["nodeId"]: node for node in nodes}

    def text(node: dict[str, Any]) -> str:
        own = node.get("name", {}).get("value", "") if node.get("role", {}).get(
            "value") in ("StaticText", "text") else ""
        return own + "".join(text(by_id[child]) for child in node.get("childIds", [])
                             if child in by_id)

    focused = [node for node in nodes if node.get("role", {}).get("value") != "RootWebArea"
               and any(prop["name"] == "focused" and prop["value"]["value"]
                       for prop in node.get("properties", []))][-1]
    return {"alerts": [text(alert) for alert in alerts],
            "description": focused.get("description", {}).get("value", "")}


@pytest.mark.parametrize(("setup", "field"), [
    ({"select[name=refill]": "none"}, "end"),
    ({"input[name=hand_size]": "14"}, "hand_size"),
    ({"#name": "x" * 25}, "name"),
])
def test_a_refused_deal_says_the_reason_once(page: Any, live_server: LiveServer,
                                             setup: dict[str, str], field: str) -> None:
    start_screen(page, live_server)
    for selector, value in setup.items():
        if selector.startswith("select"):
            page.select_option(selector, value)
        else:
            page.fill(selector, value)
    said = note(page, field)
    assert said
    page.click("#deal")
    heard = spoken(page)
    assert heard["description"] == said  # the focused field reads the reason...
    assert not [alert for alert in heard["alerts"] if said in alert]  # ...and only it
    # Beside Deal, where a sighted player looks, the way to it.
    assert page.inner_text("#start-error") == pointer_to(field)
