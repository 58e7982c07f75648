"""A key pressed twice at once (a double press, or two keys typed ahead of the screen) acts
once: the second press of the key that dealt a new game, or that closed a box or an
overlay, must not act again on what shows next (another deal, the help closed the moment
it was opened, the coach hidden the moment it was shown)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from unittest import mock

import pytest
from tests.tui.helpers import make_app, play_to_the_end, run_app
from tests.tui.test_hostile import big_hand_app
from tests.tui.test_sweep_wording import prompt_text
from tests.tui.test_table import SlowStore, until
from textual import events
from textual.pilot import Pilot
from textual.widgets import Button

from gofish.core import Ask, Rank, Suit, make_rules, new_game
from gofish.session import TableSession, TableSettings
from gofish.tui import GoFishApp
from gofish.tui.screens import CoachScreen, GameOverScreen, HelpScreen
from gofish.tui.widgets import RANK_KEYS, CoachPanel


def table(seed: int) -> GoFishApp:
    """Classic against Emma, where every second press below is a double press, however
    slow the machine running the test."""
    app = make_app("classic", seed=seed)
    app.repeat_window = 60.0
    return app


async def game_over_at_the_persons_pace(app: GoFishApp, pilot: Pilot[None]) -> None:
    """Play to the game-over box, then let the bots take their time (speed 1), as they do
    by default: the next deal waits for the person, whoever plays first in it."""
    await play_to_the_end(app, pilot)
    app.speed = 1.0


async def press_at_once(app: GoFishApp, pilot: Pilot[None], *keys: str) -> None:
    """Keys typed ahead of the screen: a terminal hands them to the app together."""
    for key in keys:
        app.post_message(events.Key(key, key if len(key) == 1 else None))
    await pilot.pause()


@pytest.mark.parametrize("typed_ahead", [False, True])
def test_n_twice_on_the_game_over_box_deals_the_next_game_only(typed_ahead: bool) -> None:
    # The second n met a deal nobody had asked in yet, where n deals again at once: the
    # game just dealt was thrown away, and --seed skipped its deal number.
    app = table(5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await game_over_at_the_persons_pace(app, pilot)
        finished = app.session
        if typed_ahead:
            await press_at_once(app, pilot, "n", "n")
        else:
            await pilot.press("n", "n")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]
        assert app.session.game_number == finished.game_number + 1
        assert app.session.game.deck == finished.next_game().game.deck  # deal N+1, not N+2
        assert not app.confirm_new  # nothing asked either

    run_app(app, script)


def test_play_again_pressed_twice_before_the_box_closes_deals_once() -> None:
    # Two presses of the focused "Play again" button (Enter, Enter) both reached the box
    # before it closed: the second closed the table's own screen, and the app crashed
    # (ScreenStackError).
    app = table(5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await game_over_at_the_persons_pace(app, pilot)
        finished = app.session
        again = app.screen.query_one("#again", Button)
        again.press()
        again.press()
        await pilot.pause()
        assert app.is_running and app.screen is app.screen_stack[0]
        assert app.session.game_number == finished.game_number + 1

    run_app(app, script)


def test_n_twice_while_the_last_position_is_still_saving_deals_once(tmp_path: Path) -> None:
    app = table(5)
    store = SlowStore(tmp_path / "g.db")  # every save is stuck until released

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        app.session.store = store  # type: ignore[assignment]
        await game_over_at_the_persons_pace(app, pilot)
        finished = app.session
        await pilot.press("n")
        await pilot.pause()
        assert prompt_text(app) == "Saving the game…"  # the new deal is under way
        await pilot.press("n")
        store.release.set()
        await until(lambda: app.session is not finished, pilot)
        await pilot.press("n")  # and once more, as the new deal shows
        await pilot.pause()
        assert app.session.game_number == finished.game_number + 1

    try:
        run_app(app, script)
    finally:
        store.release.set()


def test_c_twice_on_the_game_over_box_leaves_the_coach_shown() -> None:
    # The first c closed the box and showed the coach beside the log, the second hid it.
    app = table(5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await game_over_at_the_persons_pace(app, pilot)
        await pilot.press("c", "c")
        await pilot.pause()
        assert app.screen is app.screen_stack[0]
        assert app.query_one(CoachPanel).display

    run_app(app, script)


def test_escape_twice_over_the_help_over_the_coach_closes_the_help_only() -> None:
    app = table(3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(50, 16)  # no room beside the log: the coach opens over
        await pilot.pause()
        await pilot.press("c", "question_mark")
        await pilot.pause()
        assert [type(s) for s in app.screen_stack[1:]] == [CoachScreen, HelpScreen]
        await pilot.press("escape", "escape")
        await pilot.pause()
        assert isinstance(app.screen, CoachScreen)

    run_app(app, script)


def test_a_later_n_on_the_new_deal_still_deals_again() -> None:
    # Only a double press is dropped: an n pressed once the deal is in sight (here, the
    # moment it is: no window) deals again at once, as on any deal nobody has asked in.
    app = make_app("classic", seed=5)
    app.repeat_window = 0.0

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await game_over_at_the_persons_pace(app, pilot)
        # Not while the last position is still saving: there a second n is a double
        # press (see test_n_twice_while_the_last_position_is_still_saving_deals_once).
        await until(lambda: app.saver.wait(0), pilot)
        finished = app.session
        await pilot.press("n")
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        assert app.session.game_number == finished.game_number + 2

    run_app(app, script)


def test_a_rank_key_pressed_twice_at_once_asks_once() -> None:
    # A held key repeats, a worn one bounces: the second press asked Randy again for the
    # aces he had just handed over (R6), a sure miss that ended the turn (a double click
    # on the cards already asks once).
    app = big_hand_app(asks=0)  # every ask is a hit: Randy holds the hearts
    app.repeat_window = 60.0  # however slow the machine running the test

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("a", "a")
        await pilot.pause()
        assert app.session.game.actions == ((0, Ask.of(1, Rank.ACE)),)
        assert app.session.human_to_act  # a hit keeps the turn (R7)
        await pilot.press("2")  # another rank is asked for at once
        await pilot.pause()
        assert app.session.game.actions[-1] == (0, Ask.of(1, Rank.TWO))

    run_app(app, script)


def test_the_same_rank_asked_of_another_opponent_is_not_a_double_press() -> None:
    app = big_hand_app(asks=0)  # Randy 2 holds the diamonds
    app.repeat_window = 60.0

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("a", "right", "a")
        await pilot.pause()
        assert app.session.game.actions == ((0, Ask.of(1, Rank.ACE)), (0, Ask.of(2, Rank.ACE)))

    run_app(app, script)


def test_the_only_ask_left_is_played_however_soon_it_is_pressed_again() -> None:
    # You hold only aces and Emma has just handed hers over: asking her again is a sure
    # miss, but the only move there is, so a second press is no slip and plays it.
    rules = make_rules("classic", hand_size=2)
    dealt = ["AS", "AH", "AC", "KH"]  # dealt in turn: you A♠ A♣, Emma A♥ K♥
    deck = dealt + [f"{rank.symbol}{suit}" for rank in Rank for suit in "SHDC"
                    if f"{rank.symbol}{suit}" not in dealt]
    game = new_game(rules, 2, deck=deck, first_player=0)
    settings = TableSettings(rules=rules, players=2, opponents=("emma",), seed=1)
    app = GoFishApp(TableSession(settings, game, settings.seats()), speed=0)
    app.repeat_window = 60.0

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("a", "a")
        await pilot.pause()
        assert app.session.game.actions[:2] == ((0, Ask.of(1, Rank.ACE)),) * 2

    run_app(app, script)


HELD_FOR = 2.5  # seconds a key is held: well past the window below
AUTO_REPEAT = 0.1  # seconds between a held key's repeats (a terminal's are 0.03 to 0.1)


class TerminalClock:
    """The table's clock while a key is held: it moves on by the terminal's repeats, not by
    how soon a machine busy with other work gets round to each (a repeat handled over a
    second late was taken for a new press, and the test failed from timing alone)."""

    def __init__(self) -> None:
        self.now = time.monotonic()  # never behind the real clock: see hold

    def monotonic(self) -> float:
        return self.now


async def hold(app: GoFishApp, pilot: Pilot[None], key: str) -> None:
    """``key`` held down: pressed, then repeated by the terminal until it is let go. The
    real clock has moved on at least as far meanwhile (each repeat waits AUTO_REPEAT)."""
    clock = TerminalClock()
    with mock.patch("gofish.tui.app.time", clock):
        await pilot.press(key)
        for _ in range(int(HELD_FOR / AUTO_REPEAT)):
            await asyncio.sleep(AUTO_REPEAT)
            clock.now += AUTO_REPEAT
            app.post_message(events.Key(key, key))
            await pilot.pause()


def test_a_rank_key_held_down_past_the_window_asks_once() -> None:
    # Its repeats after the first second (the window) asked Randy again for the aces he
    # had just handed over (R6): a sure miss that ended the turn.
    app = big_hand_app(asks=0)  # every ask is a hit: Randy holds the hearts
    app.repeat_window = 1.0

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await hold(app, pilot, "a")
        assert app.session.game.actions == ((0, Ask.of(1, Rank.ACE)),)
        assert app.session.human_to_act  # a hit keeps the turn (R7)
        await asyncio.sleep(app.repeat_window + 0.2)  # let go: a press now is meant
        await pilot.press("a")
        await pilot.pause()
        assert app.session.game.actions[1] == (0, Ask.of(1, Rank.ACE))

    run_app(app, script)


def test_n_held_down_on_the_game_over_box_deals_the_next_game_only() -> None:
    # Its repeats past the window dealt again and again, each deal thrown away unseen.
    app = make_app("classic", seed=5)
    app.repeat_window = 1.0

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await game_over_at_the_persons_pace(app, pilot)
        finished = app.session
        await hold(app, pilot, "n")
        assert app.session.game_number == finished.game_number + 1
        assert app.session.game.deck == finished.next_game().game.deck

    run_app(app, script)


def nordic_table_ended_by_the_bot_after_your_draw() -> GoFishApp:
    """Nordic pairs, one card each (R2: dealt 2♠ to you, K♥ to Emma; the sea's top is K♠):
    you ask Emma for 2s and miss (R8), draw the K♠ with the sea's keys, and Emma asks you
    for kings, lays the pair (R3) with her last card and ends the game at once (R19)."""
    rules = make_rules("nordic", hand_size=1, book_size=2)
    dealt = ["2S", "KH", "KS"]
    deck = dealt + [f"{rank.symbol}{suit}" for rank in Rank for suit in "SHDC"
                    if f"{rank.symbol}{suit}" not in dealt]
    game = new_game(rules, 2, deck=deck, first_player=0)
    settings = TableSettings(rules=rules, players=2, opponents=("emma",), seed=1)
    app = GoFishApp(TableSession(settings, game, settings.seats()), speed=0)
    app.repeat_window = 60.0  # however slow the machine running the test
    return app


@pytest.mark.parametrize("key", ["enter", "space", "f"])
def test_the_sea_key_pressed_twice_leaves_the_result_the_draw_led_to_in_sight(key: str) -> None:
    # Enter drew the card, the bots (at --speed 0) ended the game, and the second Enter
    # met the game-over box, whose focused button is "Play again": a new deal replaced the
    # result before it was read.
    app = nordic_table_ended_by_the_bot_after_your_draw()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("2")
        await until(lambda: app.session.pending_miss is not None, pilot)
        finished = app.session
        await pilot.press(key)
        await until(lambda: isinstance(app.screen, GameOverScreen), pilot)
        assert finished.game.is_over and finished.game.winners == (1,)
        await pilot.press(key)
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)  # the result is still there to read
        assert app.session is finished

    run_app(app, script)


def test_the_clubs_key_pressed_twice_asks_and_leaves_the_coach_alone() -> None:
    # Under ask: card, c after a rank is the clubs; pressed twice at once, the second c met
    # a table with no rank picked, where c is the coach, and opened it over the game (or,
    # the game over, closed its box for the coach).
    app = make_app("classic", seed=2, ask="card")
    app.repeat_window = 60.0
    session = app.session
    rank = next(rank for rank in session.held_ranks()
                if Suit.CLUBS in app.open_suits(rank))

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        assert session.human_to_act
        await pilot.press(RANK_KEYS[rank], "c", "c")
        await pilot.pause()
        mine = [ask for seat, ask in session.game.actions if seat == session.human]
        assert (mine[0].rank, mine[0].suit) == (rank, Suit.CLUBS)  # the clubs were asked for
        assert not app.query_one(CoachPanel).display

    run_app(app, script)


def test_the_sea_key_after_another_key_draws_again() -> None:
    # Only a press with no other key between is dropped: Enter, a rank that misses and
    # Enter again draw twice, however soon (here within the window of a slow machine).
    app = make_app("nordic", seed=1)  # you play first, and Emma holds no ace of yours
    app.repeat_window = 60.0
    session = app.session

    async def miss_and_draw(pilot: Pilot[None]) -> None:
        await until(lambda: session.human_to_act and session.pending_miss is None, pilot)
        rank = next(rank for rank in session.held_ranks()
                    if session.game.goes_fishing(Ask.of(1, rank)))
        await pilot.press(RANK_KEYS[rank], "enter")
        await until(lambda: session.pending_miss is None, pilot, seconds=5)  # it drew

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await miss_and_draw(pilot)
        await miss_and_draw(pilot)

    run_app(app, script)
