"""Under ask: card, asking for a card the bot holds itself is refused saying so: the
message ended "which is not a legal move now" with no why, the one illegal ask of a
well-formed move that docs/bots-protocol.md's "the message adds why" left unexplained."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.protocol.test_external_bots import HEADER, first_move_failure

from gofish.core import make_rules, new_game

ASKS_FOR_ITS_OWN_CARD = (
    "        card = msg['view']['hand'][0]\n"
    "        send({'target': msg['legal'][0]['target'], 'rank': card[:-1], 'suit': card[-1]})\n"
)


def test_asking_for_a_card_it_holds_names_the_cards_it_may_ask_for(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text(HEADER + ASKS_FOR_ITS_OWN_CARD)
    game = new_game(make_rules("classic", ask="card"), seed=1)
    seat = game.current_player
    assert seat is not None
    view = game.view(seat)
    held = view.hand[0]
    target = game.legal_actions()[0].target
    others = " ".join(f"{a.rank.symbol}{a.suit.letter}" for a in game.legal_actions()
                      if a.target == target and a.rank == held.rank and a.suit is not None)
    assert others  # three suits held by others or in the pond
    message = first_move_failure(f"{sys.executable} {bot}", game.rules)
    card = f"{held.rank.symbol}{held.suit.letter}"
    assert message.endswith(
        f"which is not a legal move now: you may not ask for the {card}, a card you hold "
        f"(cards of that rank you may ask for: {others})")
