"""The miss a table shows before its draw is the one the game then plays (R8)."""

from __future__ import annotations

from gofish import Ask, Asked, Game, Rank, Suit, WentFishing, new_game
from gofish.core.events import announced_miss


def _a_miss(game: Game) -> Ask:
    return next(ask for ask in game.legal_actions() if game.goes_fishing(ask))


def test_r8_an_announced_miss_is_the_ask_and_go_fish_the_game_then_logs() -> None:
    game = new_game("classic", players=3, seed=11)
    player = game.current_player
    assert player is not None
    ask = _a_miss(game)
    announced = announced_miss(player, ask)
    assert announced == game.play(ask)[:2]
    assert [type(event) for event in announced] == [Asked, WentFishing]


def test_an_announced_miss_keeps_the_suit_asked_for() -> None:
    ask = Ask(target=2, rank=Rank.SEVEN, suit=Suit.HEARTS)
    assert announced_miss(0, ask) == [Asked(0, 2, Rank.SEVEN, Suit.HEARTS),
                                      WentFishing(0, 2, False)]
