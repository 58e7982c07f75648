"""Hopp i havet at the terminal table: told "Go fish!", you pick a card from the sea.

The nordic sea is a loose jumble spread face down, and a table may let the player pick
the card to fish (RULES, nordic section); the browser offers the pick, and now the
full-screen table does too: keys (or a click) choose a face-down card and draw it. The draw
is the sea's top card whichever is picked (a jumble is a shuffled pile), so the backs are
all alike and nothing on screen tells one card from another.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.tui.helpers import make_app, run_app, screen_lines
from tests.tui.test_table import until
from textual.pilot import Pilot

from gofish.core import Ask, Card, Drew, Rank, make_rules, new_game
from gofish.session import TableSession, TableSettings
from gofish.storage import Store
from gofish.tui import GoFishApp
from gofish.tui.app import MIN_HEIGHT, MIN_WIDTH
from gofish.tui.widgets import RANK_KEYS, SEA_BACK, HandView, SeaView

LIT_KEY = "bold #ffd75f"  # the keys under your cards on your turn (HandView)
SEED = 1  # nordic for two: you play first, and Emma holds no ace of yours


def sea_table(database: Path | None = None) -> tuple[GoFishApp, Ask, Card]:
    """The table, your first ask (a miss, R8), and the card its draw will bring: the sea's
    top card, read here from a copy of the game (the test may look; the table may not)."""
    app = make_app("nordic", seed=SEED, database=database)
    app.repeat_window = 0  # keys at the machine's pace are no double press
    game = app.session.game
    miss = Ask.of(1, Rank.ACE)
    assert app.session.human_to_act and game.goes_fishing(miss)
    after = game.clone()
    after.play(miss)
    [drawn] = set(after.hand(0)) - set(game.hand(0))
    return app, miss, drawn


def region_text(app: GoFishApp, selector: str) -> list[str]:
    region = app.query_one(selector).region
    return [line[region.x:region.right] for line in screen_lines(app)[region.y:region.bottom]]


def lit_keys(app: GoFishApp) -> bool:
    """Are the keys under your cards drawn lit, as keys that ask now?"""
    hand = app.query_one(HandView).render()
    return any(str(span.style) == LIT_KEY for span in hand.spans)


def prompt(app: GoFishApp) -> str:
    return " ".join(" ".join(region_text(app, "#prompt")).split())


def test_a_nordic_miss_waits_for_a_face_down_card_chosen_with_the_keys() -> None:
    app, miss, drawn = sea_table()
    seen: dict[str, Any] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        session = app.session
        await pilot.press(RANK_KEYS[miss.rank])
        await pilot.pause()
        # Told "Go fish!", nothing is drawn yet: the sea is spread out to pick from.
        assert session.game.actions == () and session.pending_miss == miss
        assert any('"Go fish!"' in line.plain for line in app.log_lines)
        seen["keys lit"] = lit_keys(app)
        sea = app.query_one(SeaView)
        assert sea.display and sea.region.bottom <= MIN_HEIGHT - 1  # above the footer
        seen["sea"] = "".join(region_text(app, "#sea"))
        seen["first"] = prompt(app)
        await pilot.press("right", "right")
        seen["moved"] = prompt(app)
        await pilot.press("5")  # a rank: the ask is made, no second one before the draw
        await pilot.pause()
        seen["refused"] = prompt(app)
        assert session.game.actions == () and session.pending_miss == miss
        await pilot.press("enter")
        await pilot.pause()
        seen["played"] = session.game.actions[0]
        seen["keys lit after"] = lit_keys(app) or not session.human_to_act
        seen["drew"] = next(event.card for event in session.game.events
                            if isinstance(event, Drew) and event.player == 0)
        seen["shown"] = sea.display
        seen["log"] = [line.plain for line in app.log_lines]

    run_app(app, script, size=(MIN_WIDTH, MIN_HEIGHT))
    # 38 backs, alike: no rank, no suit, one per card of the sea (two dealt hands of 7).
    assert seen["sea"].count(SEA_BACK) == 38 and set(seen["sea"].strip()) == {SEA_BACK}
    assert seen["first"].startswith("Go fish! Pick a card from the sea: ←/→ choose, Enter "
                                    "draws it (card 20 of 38)")
    assert "(card 22 of 38)" in seen["moved"]
    assert seen["refused"].startswith("The ask is made: go fish first.")
    assert seen["played"] == (0, miss) and not seen["shown"]
    # The rank keys under your cards are dimmed while they cannot ask, lit again after.
    assert not seen["keys lit"] and seen["keys lit after"]
    assert seen["drew"] == drawn  # the sea's top card, whichever back was chosen
    told = [line for line in seen["log"] if "draw" in line and "sea" in line]
    assert told and drawn.pretty in told[0], seen["log"]


def test_a_click_on_a_card_of_the_sea_draws_it() -> None:
    app, miss, _ = sea_table()

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[miss.rank])
        await pilot.pause()
        assert app.session.pending_miss == miss
        # The third back, past the padding and two backs with their gaps (80 columns).
        await pilot.click(SeaView, offset=(5, 0))
        await pilot.pause()
        assert app.sea_spot == 2 and app.session.game.actions[0] == (0, miss)
        assert app.session.pending_miss is None

    run_app(app, script)


def test_the_ask_told_go_fish_is_stored_as_made_and_kept_on_quitting(tmp_path: Path) -> None:
    # Stored without it, the game resumed at the ask, and the person, who heard "Go fish!",
    # could ask something else: the browser stores such a miss as made, so does the table.
    database = tmp_path / "games.sqlite3"
    app, miss, _ = sea_table(database)
    stored: dict[str, Any] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[miss.rank])
        await until(lambda: app.saver.wait(0) and app.session.game_id is not None, pilot)
        game = Store(database).get(app.session.game_id)
        stored["waiting"] = game.record["actions"]
        await pilot.press("q")  # an ask is made: q asks first
        await pilot.pause()
        assert app.confirm_quit and not app.query_one(SeaView).display
        await pilot.press("q")
        await until(lambda: app.return_code is not None, pilot)

    run_app(app, script)
    assert stored["waiting"] == [miss.to_dict(0)]
    kept = Store(database).latest_unfinished()
    assert kept is not None and kept.record["actions"][0] == miss.to_dict(0)
    assert app.session.pending_miss is None and app.session.game.actions[0] == (0, miss)


def test_a_draw_that_ends_the_game_is_made_at_once() -> None:
    # Three sevens in hand, the fourth on top of the sea: the lucky draw books them and
    # empties the hand, which ends Hopp i havet on the spot (R19). Made at once, as in the
    # browser: a pick that waited would show a game already over in the store.
    rules = make_rules("nordic", hand_size=3)
    dealt = ["7S", "2S", "7H", "2H", "7D", "2D", "7C"]  # one at a time: yours, Emma's (R2)
    deck = dealt + [f"{rank.symbol}{suit}" for rank in Rank for suit in "SHDC"
                    if f"{rank.symbol}{suit}" not in dealt]
    game = new_game(rules, 2, deck=deck, first_player=0)
    settings = TableSettings(rules=rules, players=2, opponents=("emma",), seed=1)
    app = GoFishApp(TableSession(settings, game, settings.seats()), speed=0)

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("7")
        await pilot.pause()
        assert app.session.pending_miss is None and app.session.is_over
        assert app.session.game.books[0] == (Rank.SEVEN,)

    run_app(app, script)


def test_classic_draws_the_top_of_the_pond_at_once() -> None:
    app = make_app("classic", seed=1)
    session = app.session
    miss = next(Ask.of(1, rank) for rank in session.held_ranks()
                if session.game.goes_fishing(Ask.of(1, rank)))

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press(RANK_KEYS[miss.rank])
        await pilot.pause()
        assert session.game.actions[0] == (0, miss) and session.pending_miss is None
        assert not app.query_one(SeaView).display

    run_app(app, script)


def test_the_coach_counts_the_go_fish_said_while_the_pick_waits() -> None:
    # The coach read the game, which plays the miss only at the draw: Emma had said "Go
    # fish!" for aces, and the coach still showed her aces as unknown ('?') until the pick.
    app, miss, _ = sea_table()
    seen: dict[str, list[str]] = {}

    async def script(app: GoFishApp, pilot: Pilot[None]) -> None:
        await pilot.press("c")
        await pilot.pause()
        seen["before"] = region_text(app, "#coach")
        await pilot.press(RANK_KEYS[miss.rank])
        await pilot.pause()
        assert app.session.pending_miss == miss
        seen["waiting"] = region_text(app, "#coach")

    run_app(app, script)
    aces = {moment: emma_cell(lines, 0) for moment, lines in seen.items()}
    assert aces == {"before": "?", "waiting": "–"}, seen


def emma_cell(lines: list[str], column: int) -> str:
    """Emma's entry in the coach's ``column`` (0: aces), as shown."""
    row = next(line for line in lines if line.strip("│ ").startswith("Emma"))
    return row.strip("│ ").split()[1 + column]
