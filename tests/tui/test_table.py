"""What the table shows and how it answers keys and clicks (80x24 unless said)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest
from rich.style import Style
from tests.tui.helpers import make_app, run_app, screen_lines, screen_text
from textual.pilot import Pilot

from gofish.core import Card, Rank, Suit, make_rules, new_game
from gofish.session import TableSession, TableSettings
from gofish.tui import GoFishApp
from gofish.tui.screens import HelpScreen
from gofish.tui.widgets import RANK_KEYS, CoachPanel, HandView, OpponentPanel, card_style

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"


def held_and_missing(session: TableSession) -> tuple[Rank, Rank]:
    held = session.held_ranks()
    missing = next(rank for rank in Rank if rank not in held)
    return held[0], missing


def my_asks(session: TableSession) -> list[tuple[int, Rank, object]]:
    """(target, rank, suit) of every ask the person made."""
    return [(a.target, a.rank, a.suit) for p, a in session.game.actions if p == session.human]


def test_the_table_shows_hand_opponents_and_pond() -> None:
    app = make_app("classic", seed=3)
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        ARTIFACTS.mkdir(exist_ok=True)
        app.save_screenshot("table-80x24.svg", path=str(ARTIFACTS))
        seen["text"] = screen_text(app)

    run_app(app, script)
    text = seen["text"]
    view = app.session.view()
    assert view.hand
    for card in view.hand:  # every card of the hand, with its suit symbol
        assert card.pretty in text
    assert "Emma" in text and f"{view.hand_sizes[1]} cards" in text
    assert "Pond" in text and f"{view.pond_size} cards" in text
    assert "Your turn" in text or "thinking" in text
    assert (ARTIFACTS / "table-80x24.svg").stat().st_size > 1000


def test_the_nordic_pond_is_the_sea_and_every_opponent_is_shown() -> None:
    app = make_app("nordic", players=5, seed=4)
    seen: dict[str, str] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        seen["text"] = screen_text(app)

    run_app(app, script)
    text = seen["text"]
    assert "The sea" in text
    for name in app.session.names[1:]:
        assert name in text


def test_an_illegal_rank_is_explained_and_not_played() -> None:
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        assert session.human_to_act
        _, missing = held_and_missing(session)
        await pilot.press(RANK_KEYS[missing])
        await pilot.pause()
        assert my_asks(session) == []  # R5: only a rank you hold
        text = screen_text(app)
        assert f"You have no {missing.plural}" in text

    run_app(app, script)


def test_a_held_rank_is_asked_for_and_narrated() -> None:
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        held, _ = held_and_missing(session)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        assert my_asks(session)[0] == (1, held, None)
        log = "\n".join(line.plain for line in app.log_lines)
        assert f"You ask Emma for {held.plural}." in log

    run_app(app, script)


def test_help_shows_the_controls_and_the_rules_of_the_preset() -> None:
    app = make_app("nordic", players=3, seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        text = screen_text(app)
        assert "Hopp i havet" in text and "Shift+Q" in text
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HelpScreen)

    run_app(app, script)


def test_the_coach_panel_toggles_and_counts_only_public_cards() -> None:
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        coach = app.query_one(CoachPanel)
        assert not coach.display
        await pilot.press("c")
        await pilot.pause()
        assert coach.display
        text = screen_text(app)
        assert "Coach" in text and "Unseen" in text and "Booked" in text
        await pilot.press("c")
        await pilot.pause()
        assert not coach.display

    run_app(app, script)


def test_arrows_choose_whom_to_ask() -> None:
    app = make_app("bicycle", players=4, seed=2)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        assert session.human_to_act
        first = app.target
        await pilot.press("right")
        second = app.target
        await pilot.press("left")
        assert app.target == first
        await pilot.press("tab")
        assert app.target == second != first
        held, _ = held_and_missing(session)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        assert my_asks(session)[0][0] == second

    run_app(app, script)


def test_the_mouse_picks_an_opponent_and_asks_for_a_clicked_rank() -> None:
    app = make_app("bicycle", players=3, seed=2)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        assert session.human_to_act
        await pilot.click("#opponent-2")
        assert app.target == 2
        first_rank = session.held_ranks()[0]
        await pilot.click(HandView, offset=(2, 0))  # the first group of cards
        await pilot.pause()
        assert my_asks(session)[0] == (2, first_rank, None)

    run_app(app, script)


def test_ask_for_a_card_takes_a_rank_then_a_suit() -> None:
    app = make_app("classic", seed=3, ask="card")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        held, _ = held_and_missing(session)
        mine = next(c.suit for c in session.game.hand(0) if c.rank == held)
        await pilot.press(RANK_KEYS[held])
        assert app.picked_rank == held and not my_asks(session)
        await pilot.press(mine.letter.lower())  # a card you hold yourself
        await pilot.pause()
        assert not my_asks(session)
        assert "yourself" in screen_text(app)
        wanted = session.askable_suits(held)[0]
        await pilot.press(wanted.letter.lower())
        await pilot.pause()
        assert my_asks(session)[0] == (1, held, wanted)

    run_app(app, script)


def test_pressing_a_rank_during_a_bot_turn_is_explained() -> None:
    seed = next(s for s in range(100) if make_app(seed=s).session.game.current_player == 1)
    app = make_app("classic", seed=seed)
    app.speed = 100.0  # the bot waits: it is still its turn when the key comes

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held = app.session.held_ranks()[0]
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        assert not app.session.game.actions
        assert "Wait: it is Emma's turn." in screen_text(app)

    run_app(app, script)


@pytest.mark.parametrize(("preset", "players", "seed"), [("bicycle", 5, 21), ("classic", 3, 4)])
def test_a_rank_key_once_no_turn_can_come_says_so_not_to_wait(
        preset: str, players: int, seed: int) -> None:
    # Your hand empty and the pond dry: in bicycle you left play for good (R15), in classic
    # a dead hand is passed over (R13). A rank key said "Wait: it is Emma's turn.", and the
    # classic prompt "Emma is thinking…", as if your turn would come round again.
    session = TableSession.deal(TableSettings(make_rules(preset), players=players, seed=seed))
    while session.view().hand or session.view().pond_size:
        if session.bot_to_act:
            session.bot_move()
        else:
            session.ask(session.askable_opponents()[-1], session.held_ranks()[-1], None)
    assert not session.is_over and session.bot_to_act
    app = GoFishApp(session, speed=1000.0)  # the bots wait: the key comes on their turn

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert "no turn comes to you again" in screen_text(app)
        await pilot.press("k")
        await pilot.pause()
        text = screen_text(app)
        assert app.query_one("#prompt").has_class("-error")  # the key was answered
        assert "Wait: it is" not in text and "no turn comes to you again" in text

    run_app(app, script)


def test_a_suit_key_during_a_bot_turn_says_whose_turn_it_is() -> None:
    # Under ask: card a suit key on Emma's turn said "Press a rank first, then the suit.",
    # as if a rank would have made it an ask; a rank key there says whose turn it is.
    seed = next(s for s in range(100)
                if make_app(seed=s, ask="card").session.game.current_player == 1)
    app = make_app("classic", seed=seed, ask="card")
    app.speed = 100.0  # the bot waits: it is still its turn when the key comes

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await pilot.pause()
        assert not app.session.game.actions
        assert "Wait: it is Emma's turn." in screen_text(app)
        assert "Press a rank first" not in screen_text(app)

    run_app(app, script)


def test_quit_asks_once_during_a_game_and_ctrl_c_quits_cleanly() -> None:
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held, _ = held_and_missing(app.session)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        await pilot.press("q")
        assert "Press q again to quit" in screen_text(app)
        await pilot.press("escape")  # changed my mind
        await pilot.pause()
        assert app.is_running
        await pilot.press("q", "q")
        await pilot.pause()
        assert not app.is_running

    run_app(app, script)
    assert app.return_code == 0
    second = make_app("classic", seed=3)

    async def interrupt(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("ctrl+c")
        await pilot.pause()
        assert not app.is_running

    run_app(second, interrupt)
    assert second.return_code == 130  # as --plain and the shell say for Ctrl-C


def test_new_game_asks_once_during_a_game() -> None:
    # A stray n dealt a new game at once, leaving the one in play without a word.
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held, _ = held_and_missing(app.session)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        first = app.session
        await pilot.press("n")
        await pilot.pause()
        assert "Press n again to deal a new one" in screen_text(app)
        await pilot.press("escape")  # changed my mind
        await pilot.pause()
        assert app.session is first and "Press n again" not in screen_text(app)
        await pilot.press("n", "n")
        await pilot.pause()
        assert app.session is not first and app.session.game_number == first.game_number + 1

    run_app(app, script)


def test_resizing_keeps_the_table_whole() -> None:
    app = make_app("bicycle", players=5, seed=6)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        for size in ((60, 20), (40, 12), (200, 60), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.size == size
        # The last layout can land a few frames after the resize on a loaded machine.
        await until(lambda: "Pond" in screen_text(app) and "Your hand" in screen_text(app),
                    pilot)

    run_app(app, script)


def test_a_terminal_too_small_for_the_table_says_so_until_it_grows() -> None:
    app = make_app(seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(30, 10)
        await pilot.pause()
        text = " ".join(screen_text(app).split())
        assert "This terminal is 30×10; the table needs at least 50×16" in text
        assert "Your hand" not in text  # no half-drawn table
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        text = screen_text(app)
        assert "Your hand" in text and "needs at least" not in text
        hand = app.query_one("#hand", HandView)
        assert hand.region.bottom <= 16 - 1  # above the footer: every card can be read

    run_app(app, script)


def test_at_the_smallest_size_a_big_hand_still_leaves_the_whole_prompt_in_sight() -> None:
    # 13 cards wrap the hand to a second row; the log's minimum height pushed the prompt
    # ("Your turn… press a 2 3 4 6 9 j Q k") under the footer.
    app = make_app(players=3, seed=2, hand_size=13)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        prompt = app.query_one("#prompt")
        assert app.query_one("#hand", HandView).region.height >= 4  # two rows of cards
        assert prompt.region.height >= 2 and prompt.region.bottom <= 16 - 1  # above the footer
        text = " ".join(screen_text(app).split())
        assert "Your turn. Ask Emma" in text and "press a 2 3 4 6 9 j Q k" in text

    run_app(app, script)


def test_a_key_that_answers_stay_to_new_game_plays_nothing() -> None:
    # The prompt says "any other key to stay"; a rank key also asked for that rank.
    app = make_app("classic", seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held, _ = held_and_missing(app.session)
        await pilot.press(RANK_KEYS[held])  # a game in play: n asks before dealing anew
        await pilot.pause()
        while not app.session.human_to_act:
            await pilot.pause(0.05)
        first = app.session
        held, _ = held_and_missing(app.session)
        asks = len(app.session.game.actions)
        await pilot.press("n")
        await pilot.pause()
        assert "Press n again to deal a new one" in screen_text(app)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        assert app.session is first and len(first.game.actions) == asks  # stayed, no ask
        assert "Press n again" not in screen_text(app)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        assert len(first.game.actions) > asks  # the next press plays as usual

    run_app(app, script)


def test_paced_bots_ask_then_answer_and_the_table_stays_usable_meanwhile() -> None:
    seed = next(s for s in range(100) if make_app(seed=s).session.game.current_player == 1)
    app = make_app("classic", seed=seed)
    app.speed = 0.02  # every pause is 2% of normal: the timers run, quickly

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")  # keys work while a bot is about to move
        assert app.query_one(CoachPanel).display
        await until(lambda: app.session.human_to_act, pilot)  # the bot's turn, by timers
        assert app.session.human_to_act
        lines = [line.plain for line in app.log_lines]
        asked = next(i for i, line in enumerate(lines) if line.startswith("Emma asks you"))
        assert lines[asked + 1].startswith(("You say", "You hand over"))

    run_app(app, script)


def test_a_stored_game_resumes_at_the_table(tmp_path: Path) -> None:
    from gofish.storage import open_store

    app = make_app("classic", seed=3, database=tmp_path / "g.db")

    async def first_moves(app: GoFishApp, pilot: Pilot[None]) -> None:
        for _ in range(3):
            held, _ = held_and_missing(app.session)
            await pilot.press(RANK_KEYS[held])
            await pilot.pause()
        await pilot.press("ctrl+c")  # walk away mid-game

    run_app(app, first_moves)
    played = app.session.game
    assert not played.is_over
    with open_store(tmp_path / "g.db") as store:
        stored = store.latest_unfinished()
        assert stored is not None
        resumed = GoFishApp(
            TableSession.resume(stored.record, stored.seats, store, stored.id), speed=0
        )

        async def look(app: GoFishApp, pilot: Pilot[None]) -> None:
            assert app.log_lines[0].plain == f"Resuming game {stored.id}."
            assert app.session.game.actions == played.actions
            assert app.session.view().hand == played.view(0).hand
            text = screen_text(app)
            assert all(card.pretty in text for card in played.hand(0))

        run_app(resumed, look)


def test_a_resumed_table_keeps_the_opponent_last_asked_chosen(tmp_path: Path) -> None:
    # With two opponents the one chosen stays chosen, so a rank key asks them at once;
    # resumed, the table chose the first opponent again. The record keeps no choice
    # (RULES.md, "Game records"): the person's last ask in it names whom they had chosen.
    from gofish.storage import open_store

    app = make_app("bicycle", players=3, seed=1, database=tmp_path / "g.db")

    async def first_ask(app: GoFishApp, pilot: Pilot[None]) -> None:
        assert app.session.human_to_act
        await pilot.press("right", RANK_KEYS[app.session.held_ranks()[0]])
        await pilot.pause()
        await pilot.press("ctrl+c")

    run_app(app, first_ask)
    assert [ask.target for player, ask in app.session.game.actions if player == 0] == [2]
    with open_store(tmp_path / "g.db") as store:
        stored = store.latest_unfinished()
        assert stored is not None
        resumed = GoFishApp(
            TableSession.resume(stored.record, stored.seats, store, stored.id), speed=0)

        async def ask_again(app: GoFishApp, pilot: Pilot[None]) -> None:
            await until(lambda: app.session.human_to_act, pilot)
            assert 2 in app.session.askable_opponents()  # Emma 2 can still be asked
            assert app.opponent_panel(2).has_class("-target")
            asked = len(app.session.game.actions)
            await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
            await pilot.pause()
            player, ask = app.session.game.actions[asked]
            assert (player, ask.target) == (0, 2)

        run_app(resumed, ask_again)


def test_under_ask_for_a_card_the_suit_can_be_clicked() -> None:
    app = make_app("classic", seed=3, ask="card")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        held, _ = held_and_missing(session)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        mine = next(c.suit for c in session.game.hand(0) if c.rank == held)
        assert app.query_one(f"#suit-{mine.letter}").disabled  # you hold that one
        wanted = session.askable_suits(held)[-1]
        await pilot.click(f"#suit-{wanted.letter}")
        await pilot.pause()
        assert my_asks(session)[0] == (1, held, wanted)
        assert not app.query_one("#suits").display

    run_app(app, script)


def test_cards_that_arrived_since_your_last_ask_stand_out() -> None:
    app = make_app("classic", seed=12)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        hand = app.query_one(HandView)
        for _ in range(30):
            if session.human_to_act:
                before = set(session.view().hand or ())
                await pilot.press(RANK_KEYS[session.held_ranks()[-1]])
                await pilot.pause()
                now = set(session.view().hand or ())
                if now - before:
                    assert hand._new == frozenset(now - before)
                    return
            await pilot.pause()
        raise AssertionError("no card ever arrived")

    run_app(app, script)


@pytest.mark.parametrize("picked", [False, True])
def test_a_new_card_stands_out_without_colour(picked: bool) -> None:
    # Under NO_COLOR Textual draws in greys, and some eyes tell no green from cream: the
    # pale green behind a card that had just arrived, its only mark, was lost to both.
    for card in (Card(Rank.SEVEN, Suit.HEARTS), Card(Rank.SEVEN, Suit.CLUBS)):
        new = Style.parse(card_style(card, picked=picked, new=True)).without_color
        held = Style.parse(card_style(card, picked=picked)).without_color
        assert new != held


async def until(condition: Any, pilot: Pilot[None], seconds: float = 30.0) -> None:
    """Pause until ``condition()`` holds: timers and threads get as long as a busy machine
    needs (a count of short pauses ran out first there)."""
    import time

    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, f"still waiting after {seconds} s"
        await pilot.pause(0.02)


class SlowStore:
    """A games database on a very slow disk: every save waits until the test lets it end.

    (It used to take a second, and the table had to answer within 0.9 s: a loaded machine
    could take that long to answer at all. A save stuck until released tells the same
    without a clock.)
    """

    def __init__(self, path: Path) -> None:
        from gofish.storage import open_store

        self.inner = open_store(path)
        self.saving = threading.Event()
        self.release = threading.Event()
        self.on_the_tables_thread = False  # a save there would have frozen the table

    def save(self, record: dict[str, object], **options: object) -> int:
        if not self.release.is_set():
            self.saving.set()
            if threading.current_thread() is threading.main_thread():
                self.on_the_tables_thread = True  # (not stuck here: the test must go on)
            else:
                self.release.wait(timeout=60)
        return self.inner.save(record, **options)  # type: ignore[arg-type]


def test_a_slow_disk_never_freezes_the_table_and_the_last_position_is_saved(
    tmp_path: Path,
) -> None:
    app = make_app("classic", seed=3)
    store = SlowStore(tmp_path / "g.db")
    app.session.store = store  # type: ignore[assignment]

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        try:
            held, _ = held_and_missing(app.session)
            await pilot.press(RANK_KEYS[held])
            await until(store.saving.is_set, pilot)  # a save has begun, and cannot end
            for _ in range(3):
                held, _ = held_and_missing(app.session)
                asks, coach = len(app.session.game.actions), app.query_one(CoachPanel).display
                await pilot.press(RANK_KEYS[held], "c")
                await pilot.pause()
                # Both keys were answered while the disk was still busy: the saves run
                # beside the table.
                assert len(app.session.game.actions) > asks
                assert app.query_one(CoachPanel).display != coach
                assert not store.release.is_set()
        finally:
            store.release.set()
        await pilot.press("ctrl+c")

    run_app(app, script)
    assert not store.on_the_tables_thread
    stored = store.inner.get(1)
    assert stored.record["actions"] == app.session.game.to_record()["actions"]


class HeldBot:
    """Emma, who thinks until the test lets her answer (or a minute passes)."""

    name = "held"

    def __init__(self, emma: Any) -> None:
        self.emma = emma
        self.release = threading.Event()
        self.thinking = threading.Event()

    def choose(self, view: Any, legal: Any, rng: Any) -> Any:
        self.thinking.set()
        self.release.wait(timeout=60)  # 5 s could pass on a busy machine before the release
        self.thinking.clear()
        return self.emma.choose(view, legal, rng)


def app_with_a_held_bot() -> tuple[GoFishApp, HeldBot]:
    """A paced table where Emma moves first and thinks until released."""
    seed = next(s for s in range(100) if make_app(seed=s).session.game.current_player == 1)
    app = make_app("classic", seed=seed)
    app.speed = 0.02
    held = HeldBot(app.session.bots[1])
    app.session.bots[1] = held
    return app, held


async def until_thinking(held: HeldBot, pilot: Pilot[None]) -> None:
    await until(held.thinking.is_set, pilot)  # the bot started thinking


def test_a_thinking_bot_never_freezes_the_table() -> None:
    # ismcts thinks for 0.2 s an ask; it used to think on the interface's own thread,
    # so keys waited. Now the coach opens while the bot is still thinking.
    app, held = app_with_a_held_bot()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until_thinking(held, pilot)
        await pilot.press("c")
        await pilot.pause()
        assert app.query_one(CoachPanel).display  # handled while the bot still thinks
        assert held.thinking.is_set() and not app.session.game.actions
        held.release.set()
        await until(lambda: app.session.game.actions, pilot)
        assert app.session.game.actions[0][0] == 1  # then its ask is played

    run_app(app, script)


def test_a_new_game_drops_the_ask_a_bot_was_still_thinking_about() -> None:
    app, held = app_with_a_held_bot()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        old = app.session
        await until_thinking(held, pilot)
        thinking = [t for t in threading.enumerate() if t.name == "gofish-bot"]
        await pilot.press("n")
        await pilot.press("n")  # twice during a game: a new deal
        await pilot.pause()
        assert app.session is not old
        held.release.set()
        # The bot's thread ends only once its answer was handed to the app (and dropped):
        # a fixed pause could end first on a busy machine, and the test prove nothing.
        await until(lambda: not any(thread.is_alive() for thread in thinking), pilot)
        await pilot.pause()
        assert thinking and not old.game.actions  # the old table's late answer was not played

    run_app(app, script)


def test_under_the_pairs_rule_the_table_counts_pairs() -> None:
    # R3 with book_size 2: the panels said "Books 3: …" for pairs.
    app = make_app("classic", seed=5, book_size=2)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.pause()
        text = screen_text(app)
        assert "Pairs " in text or "No pairs yet" in text
        assert "Books" not in text and "No books" not in text

    run_app(app, script)


def test_a_book_list_too_long_for_its_panel_ends_in_an_ellipsis() -> None:
    # At five seats "Books 7: 7 J" was cut with no sign that five ranks were missing.
    from gofish.tui.widgets import books_text

    books = [Rank.parse(rank) for rank in ("7", "J", "2", "5", "9", "Q", "K")]
    fitted = books_text(books, width=14).plain
    assert fitted == "Books 7: 2 5 …" and len(fitted) <= 14
    # A to K, as the line mode lists them, not in the order laid (7 J 2 5 9 Q K)
    assert books_text(books, width=40).plain == "Books 7: 2 5 7 9 J Q K"
    # "Books 7: …" named none of them (seen at five seats): the count alone says as much
    assert books_text(books, width=10).plain == "7 books"
    assert books_text(books, width=9).plain == "7 books"
    assert books_text(books[:1], width=7).plain == "1 book"  # three panels at 50 columns
    assert books_text([], width=7).plain == "0 books"


def test_opponent_panels_are_redrawn_to_fit_after_a_resize() -> None:
    # Shrunk to 50x16 with three opponents, "▮▮▮▮▮ 5 cards" (drawn for 80 columns) wrapped
    # onto the second line and hid the books; grown back, one card back stood for many.
    app = make_app("bicycle", players=4, seed=5)

    def lines(app: GoFishApp) -> list[list[str]]:
        return [str(panel.render()).splitlines() for panel in app.query(".opponent")]

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        wide = lines(app)
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        for panel in app.query(".opponent"):
            cards, books = str(panel.render()).splitlines()
            assert max(len(cards), len(books)) <= panel.content_size.width
            assert "card" in cards and "book" in books
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert lines(app) == wide

    run_app(app, script)


def test_the_log_is_wrapped_again_and_kept_at_its_end_when_the_window_shrinks() -> None:
    # Shrunk from 80x24 to 50x16, the log kept its lines wrapped for 78 columns (cut at
    # 48) and no longer showed its last lines: it was rewrapped before it had resized.
    from textual.widgets import RichLog

    app = make_app("bicycle", players=4, seed=5)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        log = app.query_one("#log", RichLog)
        while len(app.log_lines) < 60:
            await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
            await pilot.pause()
        await pilot.resize_terminal(50, 16)
        await pilot.pause()
        await pilot.pause()
        width = log.scrollable_content_region.width
        assert max(strip.cell_length for strip in log.lines) <= width
        assert log.scroll_y == log.max_scroll_y  # the latest events in sight

    run_app(app, script)


def test_arrow_and_suit_keys_that_cannot_act_say_why() -> None:
    # With one opponent ← → did nothing at all, and under ask: card a suit key before
    # any rank left the last error standing ("You have no 5s"), as if it had been refused.
    app = make_app("classic", seed=3, ask="card")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        prompt = app.query_one("#prompt")
        await pilot.press("right")
        assert "Emma is the only opponent you can ask" in str(prompt.render())
        _, missing = held_and_missing(app.session)
        await pilot.press(RANK_KEYS[missing])
        await pilot.press("h")
        assert "Press a rank first" in str(prompt.render())
        assert not my_asks(app.session)

    run_app(app, script)


def test_an_empty_hand_is_counted_without_a_stray_space() -> None:
    # " 0 cards": the space after the (absent) card backs stayed, out of line with "Books".
    from gofish.tui.widgets import cards_text

    assert cards_text(0, 30).plain == "0 cards"
    assert cards_text(3, 30).plain == "▮▮▮ 3 cards"
    assert cards_text(12, 7).plain == "12 cards"  # too narrow for backs: the count alone


def test_a_bigger_hand_never_shows_fewer_card_backs() -> None:
    # Fitted to its own label, "▮▮▮▮▮▮▮▮ 10 cards" stood beside "▮▮▮▮▮▮▮▮▮ 9 cards" (nordic,
    # four players), and the bigger hand looked the smaller.
    from gofish.tui.widgets import cards_text

    for width in range(1, 40):
        backs = [cards_text(cards, width).plain.count("▮") for cards in range(53)]
        assert backs == sorted(backs), f"width {width}: {backs}"
        assert all(len(cards_text(cards, width).plain) <= max(width, 8) for cards in range(53))
    assert cards_text(9, 17).plain.count("▮") == cards_text(10, 17).plain.count("▮") == 8


@pytest.mark.parametrize("opponents", [("emma", "random", "expert", "counter"), ("emma",) * 4])
def test_at_the_smallest_size_four_opponents_can_be_told_apart(
    opponents: tuple[str, ...],
) -> None:
    # At 50x16 each panel was 8 columns beside a 16-column pond: "E…" stood for both Emma
    # and Expert, and Emma 2, Emma 3 and Emma 4 were all "Em…".
    app = make_app("bicycle", players=5, seed=3, opponents=opponents)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        while not app.session.human_to_act:
            await pilot.pause(0.02)
        await pilot.pause()
        lines, hand_sizes = screen_lines(app), app.session.view().hand_sizes
        titles = []
        for panel in app.query(OpponentPanel):
            box = panel.region
            title = lines[box.y][box.x:box.right].strip("╭╮┏┓─━ ")
            assert title == app.session.names[panel.seat]  # whole: "Emm…2" was cut
            assert f"{hand_sizes[panel.seat]} card" in lines[box.y + 1][box.x:box.right]
            assert "book" in lines[box.y + 2][box.x:box.right]
            titles.append(title)
        assert len(set(titles)) == 4, titles  # no two opponents look alike

    run_app(app, script, size=(50, 16))


def test_a_name_cut_to_fit_keeps_its_seat_number() -> None:
    from gofish.tui.widgets import fit_name

    assert fit_name("Counter", 7) == "Counter"
    assert fit_name("Counter", 5) == "Coun…"
    assert fit_name("Emma 3", 5) == "Emma3"  # not "Emma…", which Emma 2 would also be
    assert fit_name("Emma 3", 4) == "Em…3"


def test_the_coach_tells_two_bots_of_one_kind_apart() -> None:
    from gofish.knowledge import coach_rows
    from gofish.tui.widgets import coach_table

    view = new_game("bicycle", 3, seed=1, first_player=0).view(0)
    table = coach_table(coach_rows(view), ["You", "Expert 2", "Expert 3"], 0)
    names = [str(cell) for cell in table.columns[0].cells]  # Text: names are not markup
    assert names[1:3] == ["Expert2", "Expert3"]  # in 7 columns, the seat number kept


def test_in_a_window_too_small_for_the_table_keys_never_ask_blind_and_q_quits() -> None:
    # With the table hidden, a rank key still asked (unseen), and the note's "press q to
    # quit" only showed a hidden "Press q again" prompt.
    app = make_app(seed=3)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        held, _ = held_and_missing(app.session)
        await pilot.press(RANK_KEYS[held])
        await pilot.pause()
        played = len(app.session.game.actions)
        assert played
        await pilot.resize_terminal(40, 12)
        await pilot.pause()
        assert app.session.human_to_act  # a rank key would ask, were the table in sight
        held, _ = held_and_missing(app.session)
        await pilot.press(RANK_KEYS[held], "right")
        await pilot.pause()
        assert len(app.session.game.actions) == played
        await pilot.press("q")
        await pilot.pause()
        assert not app.is_running

    run_app(app, script)
    assert app.session.game.actions and not app.session.is_over


def test_between_a_bots_question_and_its_answer_the_table_keeps_the_cards_still() -> None:
    # The ask was played as its question was shown: an arrow key or the coach in the
    # pause before the answer redrew the table with the cards already moved, ahead of
    # the log. Timers are held here and released by hand, so nothing depends on timing.
    seed = next(s for s in range(100)
                if make_app(players=3, seed=s).session.game.current_player == 1)
    app = make_app(players=3, seed=seed)
    app.speed = 1
    held: list[Any] = []
    app._later = lambda seconds, callback: held.append(callback)  # type: ignore[method-assign]

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await until(lambda: held, pilot)
        hand, sizes = app.session.view().hand, app.session.view().hand_sizes
        held.pop()()  # the bot's turn: it thinks, then its question shows
        await until(lambda: held, pilot)
        assert app.log_lines[-1].plain.startswith("Emma asks")
        await pilot.press("c", "right")  # each redraws the table
        await pilot.pause()
        assert app.query_one(HandView)._cards == tuple(hand or ())  # as drawn on screen
        for panel in app.query(OpponentPanel):
            assert panel._seen is not None and panel._seen.cards == sizes[panel.seat]
        held.pop()()  # the answer
        await pilot.pause()
        assert app.session.game.actions and not app.log_lines[-1].plain.startswith("Emma asks")

    run_app(app, script)


def test_panels_of_one_row_say_the_same_thing_the_same_way() -> None:
    # At 60 columns the panels of four opponents differ by a column: two read
    # "No books yet" and two "0 books", with a different number of card backs.
    app = make_app("bicycle", players=5, seed=4)  # no book yet, 5 cards or more each

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        assert not any(app.session.game.books) and min(app.session.game.hand_sizes) >= 5
        for size in ((60, 20), (66, 20), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            drawn = [str(panel.render()).splitlines() for panel in app.query(OpponentPanel)]
            assert len({books for _, books in drawn}) == 1, drawn  # nobody has a book yet
            # One room for card backs across the row: each shows as many as it holds, up to it.
            counts = [(cards.count("▮"), int(cards.split()[-2])) for cards, _ in drawn]
            capped = {backs for backs, held in counts if backs < held}
            room = min(capped, default=52)
            assert len(capped) <= 1 and all(backs == min(held, room) for backs, held in counts)

    run_app(app, script)


@pytest.mark.parametrize(("preset", "seed"), [("bicycle", 3), ("nordic", 2)])
def test_opponent_panels_word_their_pairs_one_way_at_every_size(preset: str, seed: int) -> None:
    # House rule book_size 2 (R3 lays pairs), four opponents at 50x16: one panel read
    # "Pairs 1: Q" and the next "4 pairs", its list too long to name even one rank.
    import re

    app = make_app(preset, players=5, seed=seed, book_size=2)
    # A list's ranks may go on below its count ("Pairs 4:", then "Q K"): the first line
    # is the count alone then.
    listed = re.compile(r"^(Pairs \d+:( \S.*)?|No pairs( yet)?)$")
    counted = re.compile(r"^\d+ pairs?$")

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[app.session.held_ranks()[0]])
        while not app.session.human_to_act:
            await pilot.pause(0.02)
        books = [len(app.session.view().books[seat]) for seat in app.session.opponents()]
        assert max(books) >= 2 and min(books) <= 1  # short lists beside long ones
        for size in ((50, 16), (80, 24), (200, 60), (50, 16)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            lines = [str(panel.render()).splitlines()[1] for panel in app.query(OpponentPanel)]
            forms = {bool(listed.match(line)) for line in lines}
            assert forms == {True} or all(counted.match(line) for line in lines), (size, lines)
            for panel, line in zip(app.query(OpponentPanel), lines, strict=True):
                assert len(line) <= panel.content_size.width  # and still no wider than it
        # At 50 columns the lists are listed, their ranks on the lines below. A panel
        # with no pairs says so in the words its ten columns hold ("No pairs yet" is
        # wider): its count made every panel of the row count, hiding the others' ranks.
        assert forms == {True}
        last = list(app.query(OpponentPanel))[-1]
        last.show(cards=3, books=[], in_play=True, to_act=False, target=False,
                  book_word="pair")
        await pilot.pause()
        lines = [str(panel.render()).splitlines()[1] for panel in app.query(OpponentPanel)]
        assert all(listed.match(line) for line in lines) and lines[-1] == "No pairs", lines

    run_app(app, script, size=(50, 16))


def test_a_person_out_of_play_is_told_so_while_the_others_play_on() -> None:
    # Bicycle (R15, R16): with an empty hand and a dry pond the person leaves play for
    # good, but the prompt only said "Emma is thinking…", as if a turn would still come.
    from tests.core.stacked import deal

    from gofish.core import make_rules
    from gofish.session import TableSettings

    game = deal("bicycle", [  # no pond: all 52 cards dealt
        "A A A A 2 2 2 2 3 3 3 3 Q",  # you: three books dealt, one queen left
        "4 4 4 4 5 5 5 5 Q K K 6 7",
        "8 8 8 8 9 9 9 9 Q K 6 6 7",
        "10 10 10 10 J J J J Q K 6 7 7",
    ], first_player=2)  # with seed 1, the others still play once you are out
    settings = TableSettings(make_rules("bicycle", hand_size=13), players=4,
                             opponents=("emma", "emma", "emma"), seed=1)
    app = GoFishApp(TableSession(settings, game, settings.seats()), speed=1)
    held: list[Any] = []
    app._later = lambda seconds, callback: held.append(callback)  # type: ignore[method-assign]

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        for _ in range(200):  # the bots' steps, released one by one; queens for you
            if session.is_over or (not session.view().in_play[0] and session.bot_to_act):
                break
            if session.human_to_act:
                await pilot.press(RANK_KEYS[session.held_ranks()[0]])
            else:
                await until(lambda: held, pilot)
                held.pop()()
            await pilot.pause()
        assert not session.is_over and not session.view().in_play[0], [
            line.plain for line in app.log_lines]
        text = " ".join(screen_text(app).split())
        assert "You are out of play: no turn comes to you again; the others play on." in text

    run_app(app, script)


def test_the_pond_is_drawn_at_pond_width_unless_the_table_is_narrow() -> None:
    # POND_WIDTH sets the pond's width and decides when the table goes narrow: one number.
    from gofish.tui.app import POND_WIDTH
    from gofish.tui.widgets import PondPanel

    app = make_app("bicycle", players=5, seed=3)
    widths: list[int] = []

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        pond = app.query_one("#pond", PondPanel)
        for size in ((80, 24), (50, 16), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.pause()
            assert app.table_is_narrow(size[0]) == (size == (50, 16))
            widths.append(pond.region.width)

    run_app(app, script)
    assert widths[0] == widths[2] == POND_WIDTH
    assert widths[1] < POND_WIDTH  # the narrow table's pond, from gofish.tcss
