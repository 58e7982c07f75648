"""A bot given options is named with them ("Emma (memory=0)"); where a panel has no room
for the whole name, the options go first and the seat's own name stays, so two of one
bot can still be told apart. Shortened as words, "Emma 2 (memory=0)" became "E.2.(me…"."""

from __future__ import annotations

from tests.tui.helpers import make_app, run_app
from tests.tui.test_opponent_names import panel_titles
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.widgets import fit_name


def test_a_name_that_does_not_fit_drops_its_options_first() -> None:
    assert fit_name("Emma (memory=0)", 20) == "Emma (memory=0)"
    assert fit_name("Emma (memory=0)", 10) == "Emma"
    assert fit_name("Easy Expert 2 (noise=1)", 8) == "E.Expe…2"


def test_narrow_panels_tell_bots_given_options_apart() -> None:
    app = make_app("bicycle", players=4, seed=3,
                   opponents=("emma:memory=0", "emma:memory=0", "expert:noise=0.5"))
    seen: dict[str, str] = {}
    logged: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        seen.update(panel_titles(app))
        logged.extend(line.plain for line in app.log_lines)

    run_app(app, script, size=(50, 16))
    assert seen == {"Emma (memory=0)": "Emma", "Emma 2 (memory=0)": "Emma 2",
                    "Expert (noise=0.5)": "Expert"}
    # The panels carry the options; the log's sentences name the seats plainly.
    assert any("Emma 2 is dealt" in line for line in logged), logged
    assert not any("(memory=0)" in line for line in logged), logged
