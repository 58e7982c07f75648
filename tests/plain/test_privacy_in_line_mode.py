"""The line mode: what it prints names no card its person could not see.

Under every house-rule mix a script asks at random (refused asks too), then looks at the
table and the coach, and stops before the end: the game is still on, so the other hands
and the pond are still secret. Every card the transcript names must be one the person
may know by then, as tests/hidden_cards.py works it out from the game's full events.
"""

from __future__ import annotations

import io
import random
import re

import pytest
from tests.hidden_cards import HOUSE_RULE_MIXES, Knowledge, cards_named

from gofish.core import RANKS, SUITS, make_rules
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings

#: A laid card asked for is answered with the cards of its rank still worth asking for
#: (gofish.knowledge.laid_note): every one neither held nor laid, wherever it lies, so
#: naming them tells nothing of where they are.
_STILL_WORTH_ASKING = re.compile(r"Ask for the [^.]* instead\.")


def script(players: int, card_asks: bool, chooser: random.Random, asks: int) -> str:
    """``asks`` a careless script would type: any rank (and suit), of anyone."""
    lines = []
    for _ in range(asks):
        ask = chooser.choice(RANKS).symbol
        if card_asks:
            ask += chooser.choice(SUITS).letter
        lines.append(f"{ask} {chooser.randrange(1, players)}" if players > 2 else ask)
    return "\n".join([*lines, "table", "coach", "hand"]) + "\n"


@pytest.mark.parametrize(("preset", "options"), HOUSE_RULE_MIXES)
def test_a_transcript_names_no_card_its_person_could_not_see(
    preset: str, options: dict[str, object]
) -> None:
    players = 3 if preset != "classic" else 2
    settings = TableSettings(make_rules(preset, **options), players,
                             ("emma", "expert")[:players - 1], seed=f"privacy {preset}")
    session = TableSession.deal(settings)
    # Fewer under nordic, which ends at the first empty hand (R19): it is to be still on.
    asks = 10 if preset == "nordic" else 30
    typed = script(players, options.get("ask") == "card", random.Random(preset), asks)
    out = io.StringIO()
    play_plain(session, io.StringIO(typed), out, io.StringIO())
    transcript = _STILL_WORTH_ASKING.sub("", out.getvalue())
    assert "Your hand:" in transcript
    assert not session.game.is_over, "the game ended: nothing was secret any more"
    allowed = Knowledge(session.game, session.human).now()
    allowed |= cards_named(typed.split())  # the person's own words, echoed or said aloud
    leaked = cards_named(transcript.split()) - allowed
    assert not leaked, f"the line mode named {sorted(leaked)}"
