"""A demanding player at the terminal table: big hands in small windows, overlays open
when the game ends, odd names, a flood of keys. Nothing may be hidden, stale or crash."""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console
from tests.tui.helpers import make_app, play_to_the_end, run_app, screen_lines, screen_text
from tests.tui.test_table import HeldBot, app_with_a_held_bot, until, until_thinking
from textual.pilot import Pilot
from textual.widgets import Footer, Header, Static

from gofish.core import Ask, Rank, Suit, make_rules, new_game
from gofish.session import TableSession, TableSettings
from gofish.tally import PlayerTally
from gofish.tui import GoFishApp
from gofish.tui.screens import CoachScreen, GameOverScreen, HelpScreen, summary_table
from gofish.tui.widgets import RANK_KEYS, CoachPanel, HandView, out_of_play_text


def big_hand_app(asks: int) -> GoFishApp:
    """Classic for three, 13 cards each: you hold one spade of each rank, Randy the hearts,
    Randy 2 the diamonds; you then take ``asks`` ranks (A up) from each, three of a kind."""
    rules = make_rules("classic", hand_size=13)
    deck = [f"{rank.symbol}{suit}" for rank in Rank for suit in "SHD"]
    deck += [f"{rank.symbol}C" for rank in Rank]
    game = new_game(rules, 3, deck=deck, first_player=0)
    for target in (1, 2):
        for rank in list(Rank)[:asks]:
            game.play(Ask.of(target, rank))  # R7: each hit keeps the turn
    settings = TableSettings(rules=rules, players=3, opponents=("random",), seed=1)
    return GoFishApp(TableSession(settings, game, settings.seats()), speed=0)


def region_lines(app: GoFishApp, selector: str) -> list[str]:
    region = app.query_one(selector).region
    return [line[region.x:region.right] for line in screen_lines(app)[region.y:region.bottom]]


def test_a_big_hand_in_the_smallest_window_leaves_the_prompt_and_every_card_in_sight() -> None:
    # 25 cards in 13 groups: three rows of cards over their keys pushed the prompt ("Your
    # turn…") under the footer, so the table looked frozen; now the key hints give way.
    app = big_hand_app(asks=6)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        assert len(app.session.game.hand(0)) == 25 and app.session.human_to_act
        prompt = app.query_one("#prompt")
        assert prompt.region.bottom <= 16 - 1  # above the footer
        shown = " ".join(" ".join(region_lines(app, "#prompt")).split())
        assert shown.startswith("Your turn. Ask Randy")
        hand = " ".join(region_lines(app, "#hand-box"))
        for card in app.session.game.hand(0):
            assert card.pretty in hand
        await pilot.resize_terminal(50, 30)  # room again: the keys come back under the cards
        await pilot.pause()
        assert app.query_one(HandView).region.height == 6

    run_app(app, script)


def test_a_click_on_a_row_of_a_hand_without_keys_asks_for_that_rank() -> None:
    app = big_hand_app(asks=6)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        hand = app.query_one(HandView)
        assert hand.region.height == 3  # a line per row of groups
        third_row = region_lines(app, "#hand")[2]
        assert third_row.split()[0] == "10♠"  # the tens start the third row
        await pilot.click(HandView, offset=(2, 2))
        await pilot.pause()
        # Randy 2, asked last before the table opened, is still the one chosen.
        assert app.session.game.actions[12] == (0, Ask.of(2, Rank.TEN))

    run_app(app, script)


def test_the_biggest_hand_scrolls_rather_than_push_the_prompt_or_the_suits_away() -> None:
    # 37 cards, and under ask: card the suit buttons take a line more: not even a line per
    # row of groups fits, so the hand scrolls and the question for the suit stays in sight.
    rules = make_rules("classic", hand_size=13, ask="card")
    deck = [f"{rank.symbol}{suit}" for rank in Rank for suit in "SHD"]
    deck += [f"{rank.symbol}C" for rank in Rank]
    game = new_game(rules, 3, deck=deck, first_player=0)
    for target, suit in ((1, Suit.HEARTS), (2, Suit.DIAMONDS)):
        for rank in list(Rank)[:12]:
            game.play(Ask.of(target, rank, suit))
    settings = TableSettings(rules=rules, players=3, opponents=("random",), seed=1)
    app = GoFishApp(TableSession(settings, game, settings.seats()), speed=0)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        await pilot.press("0")
        await pilot.pause()
        assert app.query_one("#suits").region.bottom <= 16 - 1
        assert "Which 10 do you want" in " ".join(region_lines(app, "#prompt"))
        await pilot.press("C")
        await pilot.pause()
        # Randy 2, asked last before the table opened, is still the one chosen.
        assert app.session.game.actions[24] == (0, Ask.of(2, Rank.TEN, Suit.CLUBS))

    run_app(app, script)


PACE = 100.0  # the result waits: the test shows it when it wants, as the timer would


def last_ask_ends_the_game_app() -> GoFishApp:
    """Nordic for two, three cards each: asking for 7s gives you the book with your last
    cards, and the empty hand ends the game (R19)."""
    rules = make_rules("nordic", hand_size=3)
    dealt = ["7S", "7C", "7H", "2S", "7D", "3S"]
    rest = [f"{rank.symbol}{suit}" for rank in Rank for suit in "SHDC"]
    game = new_game(rules, 2, deck=dealt + [card for card in rest if card not in dealt],
                    first_player=0)
    settings = TableSettings(rules=rules, players=2, opponents=("emma",), seed=1)
    return GoFishApp(TableSession(settings, game, settings.seats()), speed=PACE)


@pytest.mark.parametrize("overlay", ["question_mark", "c"])
def test_a_game_that_ends_under_the_help_or_the_coach_shows_its_result_once_they_close(
    overlay: str,
) -> None:
    # The result waits a second after the last ask; the help opened meanwhile used to
    # swallow it: closing the help left the table with no result but a line in the log.
    app = last_ask_ends_the_game_app()
    app.repeat_window = 0  # the Esc after the help's is pressed once the result is read

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(50, 16)  # the coach opens over the table
        await pilot.pause()
        await pilot.press("7")
        await pilot.press(overlay)
        assert app.session.is_over and isinstance(app.screen, HelpScreen | CoachScreen)
        app.show_game_over()  # the timer's second is up
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen | CoachScreen)  # not pushed aside
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "You win with 1 book" in " ".join(screen_text(app).split())
        await pilot.press("escape")  # look at the table: the result is not shown again
        await pilot.press("question_mark", "escape")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]

    run_app(app, script)


def test_names_that_look_like_markup_are_shown_as_they_are() -> None:
    # A stored game's seat names are data (a hand-edited database, say): "[/]" in a border
    # title, the prompt or the coach was read as markup and stopped the table with a
    # traceback; "[b]Bo[/b]" would have shown as a bold "Bo".
    rules = make_rules("bicycle")
    settings = TableSettings(rules=rules, players=3, opponents=("emma",), seed=1)
    seats: list[dict[str, str | None]] = [
        {"name": "Me", "bot": None}, {"name": "[/]", "bot": "emma"},
        {"name": "[b]Bo[/b]", "bot": "emma"}]
    session = TableSession(settings, new_game(rules, 3, seed=4, first_player=0), seats)
    app = GoFishApp(session, speed=0)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(120, 30)
        await pilot.press("right", "c")  # the target is "[b]Bo[/b]"; the coach beside the log
        await pilot.pause()
        text = screen_text(app)
        assert "─ [/] ─" in text and "[b]Bo[/b]" in text
        assert "Your turn. Ask [b]Bo[/b] (←/→ to change)" in " ".join(text.split())
        coach = " ".join(region_lines(app, "#coach"))
        assert "[/]" in coach and "[b]Bo[…" in coach  # cut to the coach's width, as any name

    run_app(app, script)


def test_the_game_over_figures_show_a_markup_like_name_as_it_is() -> None:
    tallies = [PlayerTally(books=1), PlayerTally(books=2)]
    table = summary_table(["You", "[/]"], tallies, winners=[1])
    console = Console(width=80, record=True)
    console.print(table)
    assert "★ [/]" in console.export_text()


def prompt_text(app: GoFishApp) -> str:
    return " ".join(" ".join(region_lines(app, "#prompt")).split())


def test_a_click_answers_stay_to_quit_like_any_other_key() -> None:
    # A click on a card after one q asked for that rank and left the question pending:
    # a single q, much later, then quit at once without asking.
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        await until(lambda: app.session.human_to_act, pilot)
        asks = len(app.session.game.actions)
        await pilot.press("q")
        assert prompt_text(app).startswith("Quit? Press q again")
        await pilot.click(HandView, offset=(2, 0))  # a card group
        await pilot.pause()
        assert len(app.session.game.actions) == asks  # "any other key to stay": no ask
        assert prompt_text(app).startswith("Your turn.")
        await pilot.press("q")
        await pilot.pause()
        assert app.is_running and prompt_text(app).startswith("Quit? Press q again")

    run_app(app, script)


def test_the_question_to_quit_stays_in_sight_while_the_bots_play() -> None:
    # The bots' moves redrew the prompt ("Your turn…") over "Quit? Press q again…" with
    # the question still pending: the next rank key was then swallowed without a word.
    app = make_app("classic", seed=3)
    app.speed = 0.2

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        while not app.session.game.actions or app.session.human_to_act:
            await until(lambda: app.session.human_to_act, pilot)
            await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        await pilot.press("q")  # while Emma plays
        await until(lambda: app.session.human_to_act, pilot)
        await pilot.pause()
        assert prompt_text(app).startswith("Quit? Press q again")
        await pilot.press("escape")
        await pilot.pause()
        assert prompt_text(app).startswith("Your turn.")

    run_app(app, script)


def test_a_double_click_on_a_card_group_asks_once() -> None:
    # The second click of a double click asked again for the rank just handed over: the
    # opponent has none left now (R6), so it was a sure miss that ended the turn.
    app = big_hand_app(asks=0)  # every ask of Randy is a hit: he holds the hearts

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.double_click(HandView, offset=(2, 0))  # the aces
        await pilot.pause()
        assert app.session.game.actions == ((0, Ask.of(1, Rank.ACE)),)
        assert app.session.human_to_act  # a hit keeps the turn (R7)

    run_app(app, script)


def test_quitting_does_not_wait_for_a_bot_still_thinking() -> None:
    # ismcts:seconds=30 thinks for half a minute; its think ran in the event loop's thread
    # pool, which the app's end waits for: after q, a blank terminal for the rest of it.
    app, held = app_with_a_held_bot()
    run = threading.Thread(target=run_app, args=(app, quit_once_thinking(held)), daemon=True)
    try:
        run.start()
        run.join(timeout=20)
        assert not run.is_alive() and held.thinking.is_set()  # gone while Emma still thinks
    finally:
        held.release.set()


def quit_once_thinking(held: HeldBot) -> Callable[[GoFishApp, Pilot[None]], Awaitable[None]]:
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until_thinking(held, pilot)
        await pilot.press("q")  # no ask made yet: q quits at once

    return script


class BrokenBot:
    """A bot with a bug: it raises instead of choosing."""

    name = "broken"

    def choose(self, view: object, legal: object, rng: object) -> object:
        raise RuntimeError("no idea")


@pytest.mark.parametrize("speed", [0.0, 0.02])
def test_a_bot_that_fails_is_reported_and_a_new_game_can_be_dealt(speed: float) -> None:
    # The table said "Emma is thinking…" for ever (paced), or ended with a traceback (speed 0).
    app = make_app("classic", seed=3)
    app.speed = speed
    app.session.bots[1] = BrokenBot()  # type: ignore[assignment]

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        old = app.session
        await until(lambda: app.bot_failure is not None, pilot)
        said = "Emma could not choose an ask (RuntimeError('no idea'))"
        assert any(said in line.plain for line in app.log_lines)
        assert prompt_text(app).startswith(said) and "n: new game" in prompt_text(app)
        await pilot.press("n")
        if old.game.actions:  # during a game, n asks first
            await pilot.press("n")
        await until(lambda: app.session is not old, pilot)
        assert app.bot_failure is None and "could not choose" not in prompt_text(app)

    run_app(app, script)


def test_a_narrow_panel_says_out_rather_than_out_of_p() -> None:
    # Five players at 50 columns leave 9 columns a panel: "out of play" was cut to
    # "out of p…" (bicycle, R15: a player who runs dry with the pond empty leaves play).
    assert out_of_play_text(9) == "out"
    assert out_of_play_text(11) == out_of_play_text() == "out of play"


def test_a_click_on_the_header_leaves_the_prompt_in_sight() -> None:
    # Textual's header grows to three rows when clicked: at 50x16 with a hand of two rows,
    # the prompt went under the footer.
    app = make_app(players=3, seed=2, hand_size=13)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(50, 16)
        await pilot.click(Header, offset=(20, 0))
        await pilot.pause()
        assert app.query_one(Header).size.height == 1
        assert app.query_one("#prompt").region.bottom <= 16 - 1
        assert prompt_text(app).startswith("Your turn. Ask Emma")

    run_app(app, script)


def test_the_narrow_pond_shows_its_count_when_the_table_comes_back_from_too_small() -> None:
    # Shrunk below 50x16 and back, five players: the pond got no resize, and went on
    # showing its pile, cut to four columns with no count, until the next ask.
    app = make_app("bicycle", players=5, seed=2)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(1, 1)
        await pilot.pause()
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        await pilot.pause()
        pond = [line.strip("│╭╮╰╯─ ") for line in region_lines(app, "#pond")]
        assert pond[1:3] == ["Pond", str(app.session.view().pond_size)]

    run_app(app, script)


def test_in_a_window_too_small_for_the_table_n_n_does_not_deal_blind() -> None:
    # The question "New game? Press n again…" is in the prompt, hidden behind the note
    # that the window is too small: a second n dealt a new game the person never saw asked.
    # So n does nothing there, and the footer no longer offers it ("n New game" was shown).
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        await until(lambda: app.session.human_to_act, pilot)
        first = app.session
        assert "n" in offered_keys(app)
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        assert app.too_small and "n" not in offered_keys(app) and "q" in offered_keys(app)
        await pilot.press("n", "n")
        await pilot.pause()
        assert app.session is first
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert "n" in offered_keys(app)
        await pilot.press("n")
        await pilot.pause()
        assert prompt_text(app).startswith("New game? Press n again")

    run_app(app, script)


SAID_INSTEAD = {"q": "The game is saved: the command that resumes it is printed as you leave.",
                "n": "This game is saved: it is game 1 in the games database."}


@pytest.mark.parametrize("key", ["q", "n"])
def test_a_question_in_the_smallest_window_never_cuts_the_resume_command(
        key: str, tmp_path: Path) -> None:
    # At 50 columns the prompt's three lines cut "Quit? … The game is saved: gofish resume 1
    # --database" before the path: a command that fails as shown. A question may take up
    # to six lines; a command too long even for those is not shown, and the question says
    # where to find it. Once answered, the prompt is back to three lines.
    short = Path(tempfile.mkdtemp(prefix="gf", dir="/tmp")) / "games.sqlite3"
    deep = tmp_path / ("folder-" * 20) / "games.sqlite3"  # over 200 characters
    deep.parent.mkdir(parents=True)
    try:
        for database in (short, deep):
            app = make_app("classic", seed=3, database=database)
            shown: list[str] = []
            run_app(app, ask_once_then_press(key, shown), size=(50, 16))
            command = app.session.resume_command()
            assert command.endswith(str(database))
            if database is short:
                assert shown[0].endswith(f"is saved: {command}")
                assert shown[1] == "more than three lines"
            else:
                assert shown[0].endswith(SAID_INSTEAD[key]) and "gofish resume" not in shown[0]
    finally:
        shutil.rmtree(short.parent)


@pytest.mark.parametrize(("ask", "path_length"), [("rank", 122), ("card", 82)])
def test_a_question_whose_lines_the_smallest_window_cannot_hold_is_never_cut(
        ask: str, path_length: int) -> None:
    # At 50x16 the rows left for the prompt are five (four under the suits of a rank
    # picked under ask: card, which stayed in sight under the question), yet a question of
    # up to six lines kept the whole command: its last line, the end of the --database
    # path, was below the footer, out of sight.
    folder = Path(tempfile.mkdtemp(prefix="gf", dir="/tmp"))
    database = folder / ("f" * (path_length - len(f"{folder}//games.sqlite3"))) / "games.sqlite3"
    assert len(str(database)) == path_length
    app = make_app("classic", seed=3, database=database, ask=ask)
    seen: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        if ask == "card":
            assert app.picked_rank is not None  # its suits wait in the bar under the prompt
        await pilot.press("q")
        await pilot.pause()
        prompt = app.query_one("#prompt", Static)
        footer = app.query_one(Footer).region.y
        assert app.confirm_quit
        rows = screen_lines(app)[prompt.region.y:min(prompt.region.bottom, footer)]
        seen.append(" ".join(" ".join(rows).split()))
        seen.append(" ".join(str(prompt.render()).split()))
        suits = app.query_one("#suits")
        assert not suits.display  # the question takes the suits' place until answered
        await pilot.press("x")  # stay
        await pilot.pause()
        assert suits.display == (ask == "card") and not app.confirm_quit

    try:
        run_app(app, script, size=(50, 16))
    finally:
        shutil.rmtree(folder)
    in_sight, whole = seen
    # Not a line of it under the footer (a path cut at the window's edge wraps mid-word).
    assert in_sight.replace(" ", "") == whole.replace(" ", "")
    assert whole.endswith((f"is saved: {app.session.resume_command()}", SAID_INSTEAD["q"]))


def test_a_question_asked_in_a_roomy_window_is_said_again_to_fit_a_smaller_one() -> None:
    # Asked at 80x24, the question kept the whole command after the window shrank to
    # 50x16, where its last line (the end of the path) then lay under the footer.
    folder = Path(tempfile.mkdtemp(prefix="gf", dir="/tmp"))
    database = folder / ("f" * 90) / "games.sqlite3"
    app = make_app("classic", seed=3, database=database)
    seen: list[str] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        await pilot.press("q")
        await pilot.pause()
        seen.append(str(app.query_one("#prompt", Static).render()))
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        prompt = app.query_one("#prompt", Static)
        assert app.confirm_quit and prompt.region.bottom <= app.query_one(Footer).region.y
        seen.append(str(prompt.render()))
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        seen.append(str(prompt.render()))

    try:
        run_app(app, script, size=(80, 24))
    finally:
        shutil.rmtree(folder)
    command = app.session.resume_command()
    assert seen[0].endswith(command) and seen[2].endswith(command)
    assert seen[1].endswith(SAID_INSTEAD["q"])


def ask_once_then_press(key: str, shown: list[str]
                        ) -> Callable[[GoFishApp, Pilot[None]], Awaitable[None]]:
    """Ask once, then press ``key`` and put the question in sight (and how many lines it
    took) in ``shown``; then any other key, which answers "stay"."""
    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        await until(lambda: app.session.human_to_act, pilot)
        await pilot.press(key)
        await pilot.pause()
        prompt = app.query_one("#prompt")
        assert prompt.region.bottom <= 16 - 1  # above the footer
        shown.append(prompt_text(app))
        shown.append("more than three lines" if prompt.region.height > 3 else "three at most")
        await pilot.press("x")
        await pilot.pause()
        assert prompt_text(app).startswith("Your turn.")
        assert prompt.region.height <= 3

    return script


def offered_keys(app: GoFishApp) -> set[str]:
    """The keys the footer shows as working now."""
    return {key for key, (_, binding, enabled, _) in app.active_bindings.items()
            if binding.show and enabled}


def test_the_game_over_box_answers_the_help_and_coach_keys_the_footer_offers() -> None:
    # The table's footer, in sight under the box, offered "? Help  c Coach", and the prompt
    # "?: help", but the box bound only n, Enter, q and Esc: both keys did nothing.
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        assert {"question_mark", "c"} <= offered_keys(app)
        await pilot.press("question_mark")
        await pilot.pause()
        assert [type(screen) for screen in app.screen_stack[1:]] == [GameOverScreen, HelpScreen]
        await pilot.press("escape")  # the help closes onto the result, still there
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("c")  # the table, with the coach beside the log
        await pilot.pause()
        assert len(app.screen_stack) == 1 and app.query_one(CoachPanel).display

    run_app(app, script)


@pytest.mark.parametrize(("players", "size"), [(2, (40, 12)), (5, (44, 30)), (5, (50, 16))])
def test_the_game_over_box_never_shows_a_table_that_lost_a_column(
        players: int, size: tuple[int, int]) -> None:
    # Below the smallest window, the figures dropped "Go fish" without a mark (and at five
    # players cut their headings), and the buttons fell off the bottom of a low window.
    app = make_app("bicycle", seed=3, players=players)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await play_to_the_end(app, pilot)
        await pilot.resize_terminal(*size)
        await pilot.pause()
        box = app.screen.query_one("#over-box")
        assert box.region.bottom <= size[1]
        region = box.region
        lines = [line[region.x:region.right] for line in screen_lines(app)[region.y:region.bottom]]
        shown = " ".join(" ".join(lines).split())
        headings = ("Books", "Asks", "Hits", "Go fish", "Lucky", "Streak")
        if size[0] >= 50:  # the smallest window the table takes: every column, whole
            assert all(heading in shown for heading in headings)
        else:
            assert "The figures need a wider window." in shown
            assert not any(heading in shown for heading in headings)
        await pilot.press("n")  # the box's keys work whatever it shows
        await pilot.pause()
        assert not isinstance(app.screen, GameOverScreen) and not app.session.is_over

    run_app(app, script)


def test_a_bots_question_still_shows_as_asked_after_the_table_is_redrawn() -> None:
    # Between a bot's question and its answer, any redraw (the coach shown, an ask
    # refused) put "Emma is thinking…" back, under her question already in the log.
    app, held = app_with_a_held_bot()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        try:
            await until_thinking(held, pilot)
            app.speed = 1000.0  # the answer waits (12 minutes): the question is on show
            held.release.set()
            await until(lambda: prompt_text(app) == "Emma is asking…", pilot)
            await pilot.press("c")
            await pilot.pause()
            assert app.query_one(CoachPanel).display and not app.session.game.actions
            assert prompt_text(app) == "Emma is asking…"
        finally:
            held.release.set()
        await pilot.press("ctrl+c")

    run_app(app, script)
