"""What a player reads at the table: found by playing whole games in a terminal."""

from __future__ import annotations

import io
from pathlib import Path

from rich.table import Table
from rich.text import Text
from tests.tui.helpers import make_app, run_app, screen_text
from textual.pilot import Pilot
from textual.widgets import Static

from gofish.core import Rank, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings
from gofish.tui import GoFishApp
from gofish.tui.screens import GameOverScreen
from gofish.tui.widgets import RANK_KEYS, TableLog


def prompt_text(app: GoFishApp) -> str:
    return str(app.query_one("#prompt", Static).render())


def test_a_refused_rank_lists_the_keys_to_press_not_the_card_symbols() -> None:
    """The refusal listed "(A 4 5 8 10 J)": typed as seen, "1 0" asked for aces (1 is the
    ace's key). It lists the keys the hand shows instead (R5: only ranks you hold)."""
    app = make_app(seed=7)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held = app.session.held_ranks()
        assert app.session.human_to_act and Rank.TEN in held  # the deal this test needs
        missing = next(rank for rank in Rank if rank not in held)
        await pilot.press(RANK_KEYS[missing])
        await pilot.pause()
        keys = " ".join(RANK_KEYS[rank] for rank in held)
        prompt = prompt_text(app)
        assert f"You have no {missing.plural}" in prompt
        assert f"(press {keys})." in prompt and "10" not in prompt
        assert not app.session.game.actions  # nothing was asked

    run_app(app, script, size=(100, 30))


def test_under_ask_card_the_prompt_says_a_suit_follows_the_rank() -> None:
    app = make_app(seed=7, ask="card")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        assert app.session.human_to_act
        keys = " ".join(RANK_KEYS[rank] for rank in app.session.held_ranks())
        assert prompt_text(app) == f"Your turn. Ask Emma for a card: press {keys}, then a suit"

    run_app(app, script, size=(100, 30))


def test_the_log_says_who_plays_first_after_the_deal() -> None:
    """The start is random (R2's first player); the log went from the deal straight to
    Emma's first ask, or to nothing at all when it was the person's turn."""
    app = make_app(seed=7)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        first = app.session.game.first_player
        said = "You play first." if first == app.session.human else "Emma plays first."
        assert said in screen_text(app)

    run_app(app, script, size=(100, 30))


def test_the_game_over_box_says_how_to_look_at_the_table() -> None:
    """Esc leaves the result for the table (its log, the coach): the box never said so."""
    app = make_app(seed=7)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await app.push_screen(GameOverScreen("You win with 7 books!", Table()))
        await pilot.pause()
        assert "Esc: look at the table" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, GameOverScreen)

    run_app(app, script, size=(80, 24))


def test_the_line_mode_says_who_plays_first() -> None:
    settings = TableSettings(rules=make_rules("bicycle"), players=3, seed=5)
    session = TableSession.deal(settings)
    first = session.game.first_player
    out = io.StringIO()
    play_plain(session, io.StringIO("quit\n"), out)
    lines = out.getvalue().splitlines()
    said = "You play first." if first == 0 else f"{session.names[first]} plays first."
    dealt = max(i for i, line in enumerate(lines) if " dealt " in line)
    assert lines[dealt + 1] == said  # right after the deal, before any ask


def test_house_rules_are_named_at_the_table_not_only_the_preset() -> None:
    """The title said "classic" and the line mode "classic rules" whatever house rules were
    on, so a resumed game hid them (RULES.md, house rules: options on top of a preset)."""
    app = make_app(seed=7, lucky_draw=False, book_size=2)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        assert app.sub_title == "classic + house rules · you against Emma"
        said = "House rules: no lucky draw, pairs instead of books (? explains them)."
        assert said in screen_text(app)

    run_app(app, script, size=(100, 30))
    plain = make_app(seed=7)  # no house rule: nothing more is said
    run_app(plain, _no_house_rules, size=(100, 30))
    settings = TableSettings(rules=make_rules("nordic", hand_size=5), players=3, seed=5)
    out = io.StringIO()
    play_plain(TableSession.deal(settings), io.StringIO("quit\n"), out)
    assert out.getvalue().startswith(
        "Go Fish, nordic rules with house rules (5 cards each). You are player 0")


async def _no_house_rules(app: GoFishApp, pilot: Pilot[None]) -> None:
    assert app.sub_title == "classic · you against Emma"
    assert "House rules" not in screen_text(app)


def test_the_log_scrolls_back_from_the_keyboard_as_the_help_says() -> None:
    """A small window shows only the log's last lines: a bot's run of asks scrolled out of
    sight with no word in the help of the keys that bring it back."""
    app = make_app(seed=7)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        for number in range(40):
            app.write_line(Text(f"line {number}"))
        await pilot.pause()
        log = app.query_one("#log", TableLog)
        log.scroll_end(animate=False)
        await pilot.pause()
        bottom = log.scroll_y
        assert bottom > 0
        await pilot.press("pageup")
        await pilot.pause()
        assert log.scroll_y < bottom
        await pilot.press("end")
        await pilot.pause()
        assert log.scroll_y == bottom
        assert not app.session.game.actions  # no key of these asked
        await pilot.press("question_mark")
        await pilot.pause()
        assert "scroll the log back" in screen_text(app)

    run_app(app, script, size=(60, 20))


def test_quit_and_new_game_questions_give_the_command_that_resumes_this_game(
    tmp_path: Path,
) -> None:
    """They said "gofish resume", which looks in the default database: a game played with
    --database was then not found. The command printed on leaving was already whole."""
    database = tmp_path / "games.db"
    app = make_app(seed=7, database=database)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])  # a game worth keeping
        await pilot.pause()
        assert app.saver.wait(5)  # saved from a thread: the game has its id once it is
        game_id = app.session.game_id
        assert game_id is not None
        whole = f"gofish resume {game_id} --database {database}"
        await pilot.press("q")
        await pilot.pause()
        assert prompt_text(app) == ("Quit? Press q again to quit, any other key to stay "
                                    f"(Shift+Q asks for queens). The game is saved: {whole}")
        await pilot.press("x")  # stay
        await pilot.press("n")
        await pilot.pause()
        assert prompt_text(app).endswith(f"any other key to stay. This game is saved: {whole}")
        await pilot.press("x")

    run_app(app, script, size=(200, 30))


def resumed_after_a_few_asks(seed: int) -> TableSession:
    """A game of three (seed ``seed``) played a few asks in, then taken up again as
    ``gofish resume`` does."""
    settings = TableSettings(rules=make_rules("bicycle"), players=3, seed=seed)
    session = TableSession.deal(settings)
    while len(session.game.actions) < 3:
        if session.bot_to_act:
            session.bot_move()
        else:
            session.ask(session.askable_opponents()[0], session.held_ranks()[0])
    return TableSession.resume(session.game.to_record(), session.seats, None, 1)


def said_in_order(lines: list[str], first: str) -> None:
    """``first`` is said once, after the last line of the deal and before the first ask."""
    assert lines.count(first) == 1, lines
    said = lines.index(first)
    dealt = max(i for i, line in enumerate(lines) if " dealt " in line)
    asked = min(i for i, line in enumerate(lines) if " ask " in line or " asks " in line)
    assert dealt < said < asked


def test_a_resumed_game_says_who_played_first_as_a_fresh_deal_does() -> None:
    """A fresh deal's log says who plays first (R2: the start is random); retold for a
    resumed game it went from the deal straight to the first ask, in both tables."""
    for seed in (5, 6):
        session = resumed_after_a_few_asks(seed)
        first = session.game.first_player
        said = "You play first." if first == 0 else f"{session.names[first]} plays first."
        out = io.StringIO()
        play_plain(session, io.StringIO("quit\n"), out)
        said_in_order(out.getvalue().splitlines(), said)

        app = GoFishApp(resumed_after_a_few_asks(seed), speed=0)
        lines: list[str] = []

        async def script(app: GoFishApp, pilot: Pilot[None], lines: list[str] = lines) -> None:
            lines.extend(line.plain for line in app.log_lines)

        run_app(app, script, size=(100, 30))
        said_in_order(lines, f"── {said}")


def test_under_card_asks_the_quit_question_says_shift_q_picks_the_queen() -> None:
    # It said "Shift+Q asks for queens" as in a rank game: under ask: card the key only
    # picks the queen, and the suit key after it asks.
    app = make_app(seed=7, ask="card")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        rank = app.session.held_ranks()[0]
        await pilot.press(RANK_KEYS[rank])
        await pilot.press(app.open_suits(rank)[0].letter.lower())  # a game worth keeping
        await pilot.pause()
        assert app.session.game.actions
        await pilot.press("q")
        await pilot.pause()
        assert prompt_text(app).startswith("Quit? Press q again to quit, any other key to "
                                           "stay (Shift+Q picks the queen).")
        await pilot.press("x")  # stay

    run_app(app, script, size=(200, 30))
