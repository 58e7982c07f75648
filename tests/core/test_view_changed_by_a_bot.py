"""A Python bot is handed the game's own event objects (copying each event for each decision
would cost more than most bots think). One that changes an event changes what the seats are
shown of the past, but not the game: its record (deck and asks, what storage keeps and
replays) and its state are kept apart, so the game plays on and replays as it was played
(docs/tournament.md, "Your own bot, in Python")."""

from __future__ import annotations

import gofish
from gofish.core import Asked, Rank


def test_changing_an_event_in_a_view_leaves_the_record_and_the_state_alone() -> None:
    game = gofish.new_game("classic", players=2, seed=7)
    untouched = gofish.new_game("classic", players=2, seed=7)
    for _ in range(6):
        game.play(game.legal_actions()[0])
        untouched.play(untouched.legal_actions()[0])
    first_ask = next(e for e in game.view(0).history if isinstance(e, Asked))
    first_ask.rank = Rank.KING if first_ask.rank is not Rank.KING else Rank.ACE
    first_ask.player = 1 - first_ask.player

    other_seat_sees = next(e for e in game.view(1).history if isinstance(e, Asked))
    assert other_seat_sees.rank == first_ask.rank  # shared: the other seat is shown the change
    assert game.to_record() == untouched.to_record()
    assert game.hand(0) == untouched.hand(0) and game.hand(1) == untouched.hand(1)
    assert game.legal_actions() == untouched.legal_actions()
    replayed = gofish.game_from_record(game.to_record())
    assert replayed.events == untouched.events  # the replay tells the game as it was played
