"""``GoFishEnv``'s ``render``: the game as text, as the agent's seat sees it.

The environments refused every ``render_mode`` but None, so nobody could watch an agent
play. ``"ansi"`` gives the picture from ``render()``; ``"human"`` prints it at every
``reset`` and ``step``.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from gofish.core import GoFishError, MalformedInputError
from gofish.env import GoFishEnv
from gofish.narrate import hand_words, plural

from .hidden_cards import hidden_cards_written, hidden_from, pond_cards_written, what_came_up

#: Rule sets for the test of hidden cards, each with what it is there to bring up: refills,
#: lucky draws, a seat out of play, asks naming a card, the hands shown at the end.
TABLES = [
    ("classic", 2, ["emma"], {"refilled", "lucky_draw"}),
    ("bicycle", 4, ["counter", "random"], {"left_play", "drew:replenish"}),
    ("nordic", 3, ["emma"], {"hands_shown", "lucky_draw"}),
    ({"preset": "classic", "ask": "card"}, 3, ["random"], {"asked:card", "lucky_draw"}),
    ({"preset": "bicycle", "book_size": 2, "ask": "card"}, 5, ["emma"],
     {"asked:card", "drew:empty_hand", "left_play"}),
    ({"preset": "nordic", "ask": "card"}, 3, ["emma"], {"asked:card", "hands_shown"}),
]


def news(picture: str) -> list[str]:
    """The sentences under "What happened:" (the lines indented below it)."""
    lines = picture.splitlines()
    if "What happened:" not in lines:
        return []
    told = []
    for line in lines[lines.index("What happened:") + 1:]:
        if not line.startswith("  "):
            break
        told.append(line.strip())
    return told


def test_ansi_draws_the_agents_hand_every_seat_the_pond_and_whose_turn() -> None:
    env = GoFishEnv("classic", players=3, opponents=["emma", "counter"], seat=1,
                    render_mode="ansi")
    env.reset(seed=4)
    view = env.view()
    picture = env.render()
    assert isinstance(picture, str)
    lines = picture.splitlines()
    assert f"Your hand: {hand_words(view.hand or ())}." in lines  # grouped by rank
    assert "," in hand_words(view.hand or ())
    sizes = view.hand_sizes
    assert f"Emma (player 0): {plural(sizes[0], 'card')}; books: none." in lines
    assert f"You (player 1): {plural(sizes[1], 'card')}; books: none." in lines
    assert f"Counter (player 2): {plural(sizes[2], 'card')}; books: none." in lines
    assert f"The pond: {view.pond_size} cards." in lines
    assert lines[-1] == "Your turn."
    # The reset's news: the deal, the agent's own cards named, the others' not.
    told = news(picture)
    assert "Emma is dealt five cards." in told and "Counter is dealt five cards." in told
    assert any(line.startswith("You are dealt five cards: ") for line in told)


def test_the_news_is_what_the_last_step_led_to_told_from_the_agents_seat() -> None:
    env = GoFishEnv("classic", players=2, opponents=["emma"], render_mode="ansi")
    _, info = env.reset(seed=2)
    before = env.render()
    action = info["legal"][0]
    ask = env.ask_of(action)
    env.step(action)
    picture = env.render()
    asked = f"You ask Emma for {ask.rank.plural}."
    assert news(picture)[0] == asked and asked not in news(before)  # this step's, not older
    assert env.render() == picture  # drawing again changes nothing
    books = [line for line in picture.splitlines() if line.startswith("Emma (player 1)")]
    assert books == [f"Emma (player 1): {plural(env.view().hand_sizes[1], 'card')}; books: "
                     f"{' '.join(r.symbol for r in env.view().books[1]) or 'none'}."]


def test_at_the_end_the_picture_gives_the_result_and_the_hands_turned_up() -> None:
    env = GoFishEnv("nordic", players=2, opponents=["emma"], render_mode="ansi")
    rng = random.Random(5)
    _, info = env.reset(seed=5)
    terminated = info["winners"] is not None
    while not terminated:
        _, _, terminated, _, info = env.step(rng.choice(info["legal"]))
    view = env.view()
    lines = env.render().splitlines()  # type: ignore[union-attr]
    books = plural(max(len(b) for b in view.books), "book")
    result = lines[-1]
    if view.winners == (0,):
        assert result.endswith(f"You win with {books}!")
    elif view.winners == (1,):
        assert result.endswith(f"Emma wins with {books}!")
    else:
        assert result.endswith(f"A shared win for you and Emma, with {books} each!")
    assert any(line.startswith("  Game over") for line in lines)
    emma_left = (view.hands_at_end or ())[1]
    if emma_left:  # nordic ends at the first empty hand: the other's cards are shown then
        assert f"  Emma held {' '.join(c.pretty for c in emma_left)}." in lines


@pytest.mark.parametrize(("rules", "players", "opponents", "covers"), TABLES)
def test_no_picture_writes_a_card_the_agent_has_not_been_shown(
        rules: object, players: int, opponents: list[str], covers: set[str]) -> None:
    """Over many games, while each goes on, no card of another hand or of the pond that
    the agent's seat has not seen is written, in either notation (9♦, 9D); once it is
    over, when the hands are shown, still no card of the pond."""
    hidden_seen, came_up = 0, set()
    for seed in range(8):
        env = GoFishEnv(rules, players, opponents, seat=seed % players, render_mode="ansi")
        rng = random.Random(seed)
        _, info = env.reset(seed=seed)
        while True:
            game = env._game
            assert game is not None
            picture = env.render()
            assert isinstance(picture, str)
            if game.is_over or not info["legal"]:
                break
            assert hidden_cards_written(picture, game, env.seat) == []
            hidden_seen += len(hidden_from(game, env.seat))
            _, _, _, _, info = env.step(rng.choice(info["legal"]))
        assert pond_cards_written(picture, game, env.seat) == []
        came_up |= what_came_up(game, picture)
    assert hidden_seen > 0  # there were cards to hide
    assert covers <= came_up  # and the events this rule set is here for


def test_the_readmes_sample_is_what_its_example_draws() -> None:
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    sample = re.search(r"print\(env\.render\(\)\)\n```\n\n```text\n(.*?)```", readme,
                       re.DOTALL)
    assert sample is not None
    env = GoFishEnv("classic", players=2, opponents=["emma"], render_mode="ansi")
    _, info = env.reset(seed=1)
    env.step(info["legal"][0])
    assert env.render() == sample[1]


def test_human_prints_the_picture_at_every_reset_and_step(
        capsys: pytest.CaptureFixture[str]) -> None:
    shown = GoFishEnv("bicycle", players=3, opponents=["emma"], render_mode="human")
    drawn = GoFishEnv("bicycle", players=3, opponents=["emma"], render_mode="ansi")
    _, info = shown.reset(seed=7)
    drawn.reset(seed=7)
    assert capsys.readouterr().out == f"{drawn.render()}\n"
    shown.step(info["legal"][0])
    drawn.step(info["legal"][0])
    assert capsys.readouterr().out == f"{drawn.render()}\n"
    assert shown.render() is None  # Gymnasium's convention: human mode draws itself
    assert capsys.readouterr().out == f"{drawn.render()}\n"


def test_without_a_render_mode_render_warns_and_draws_nothing(
        capsys: pytest.CaptureFixture[str]) -> None:
    env = GoFishEnv()
    for _ in range(2):  # before the first reset, and after
        with pytest.warns(UserWarning, match="render_mode='ansi'"):
            assert env.render() is None
        env.reset(seed=1)
    assert capsys.readouterr().out == ""


@pytest.mark.parametrize("mode", ["ansi", "human"])
def test_before_the_first_reset_render_says_to_reset(mode: str) -> None:
    env = GoFishEnv(render_mode=mode)  # type: ignore[arg-type]
    with pytest.raises(GoFishError, match=r"no game yet: call reset\(\) first"):
        env.render()


@pytest.mark.parametrize("mode", ["rgb_array", "ANSI", "", 1])
def test_another_render_mode_is_refused_naming_the_modes(mode: object) -> None:
    with pytest.raises(MalformedInputError, match="render_mode can be 'ansi', 'human' or "
                                                  f"None, not {mode!r}"):
        GoFishEnv(render_mode=mode)  # type: ignore[arg-type]


def test_metadata_lists_both_render_modes() -> None:
    assert GoFishEnv.metadata["render_modes"] == ["ansi", "human"]


def test_a_truncated_episode_says_so_where_the_turn_was_said() -> None:
    """The game goes on, but the episode does not: the last line said "Your turn."."""
    env = GoFishEnv(max_asks=1, render_mode="ansi")
    _, info = env.reset(seed=3)
    _, _, _, truncated, _ = env.step(info["legal"][0])
    lines = env.render().splitlines()  # type: ignore[union-attr]
    assert truncated and lines[-1] == "The episode was cut short after 1 ask (truncated)."
    assert "Your turn." not in lines and lines[-2].startswith("The pond: ")


def test_whose_turn_it_is_is_said_once_as_the_last_line() -> None:
    """The news ended with "Your turn." and the status line said it again below the table;
    the turns passed within the step ("Emma's turn.") are still news."""
    env = GoFishEnv("classic", players=2, opponents=["emma"], render_mode="ansi")
    _, info = env.reset(seed=1)
    env.step(info["legal"][0])
    lines = env.render().splitlines()  # type: ignore[union-attr]
    assert [line for line in lines if line.strip() == "Your turn."] == ["Your turn."]
    assert lines[-1] == "Your turn."
    assert "Emma's turn." in news("\n".join(lines))
