"""The log's resize announced as the table closes: Textual takes the widgets off the
screen one by one as the app closes, which resizes the log; the table, handling that
late, looked for the log (gone) and ended in a traceback (NoMatches) rather than
closing. Seen in tests/tui/test_double_press.py on a loaded machine, 2 runs in 15."""

from __future__ import annotations

from tests.tui.helpers import make_app, run_app
from textual.pilot import Pilot

from gofish.tui import GoFishApp
from gofish.tui.widgets import TableLog


def test_a_resize_of_the_log_handled_once_it_has_left_the_screen_is_let_be() -> None:
    app = make_app("classic", seed=5)  # the person plays first: no bot writes meanwhile
    still_running: list[bool] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        log = app.query_one("#log", TableLog)
        assert app.session.human_to_act
        resized = TableLog.Resized(log)
        await log.remove()  # as the app's closing takes it off the screen
        app.post_message(resized)  # and its resize reaches the app after that
        await pilot.pause()
        still_running.append(app.is_running)

    run_app(app, script)  # raises what the app raised
    assert still_running == [True]
