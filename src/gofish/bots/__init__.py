"""Computer opponents. Each sees only its own seat's view (see ``gofish.core.view``)."""

import functools

from gofish.bots.base import (
    MAX_THINKING_SECONDS,
    Bot,
    BotInfo,
    _seal_built_in,
    available_bots,
    bot_turn,
    canonical_spec,
    display_name,
    make_bot,
    parse_bot_spec,
    play_out,
    register_bot,
    seat_label,
    seat_labels,
    seat_names,
)
from gofish.bots.counter import CounterBot
from gofish.bots.emma import EmmaBot
from gofish.bots.endgame import POND_LIMIT
from gofish.bots.expert import ExpertBot, prepare_endgame
from gofish.bots.ismcts import CONFIDENCE, MAX_SECONDS, IsmctsBot
from gofish.bots.random_bot import RandomBot

EPSILON = {"epsilon": "chance (0 to 1) of a careless random ask instead"}
EXPERT_OPTIONS = {
    **EPSILON,
    # The scale is checked against the scores in tests/bots/test_noise_scale.py.
    "noise": "a random amount up to this added to each ask's score (unsure asks score 0 to "
             "under 3, a sure hit over 100): 0.5 blurs close calls, 3 or more picks almost "
             "at random among unsure asks (0: none)",
    "endgame": "pond size from which it plays the endgame out (0: never; rank asks only)",
    "infer": "true/false: reads what passed-up sure hits reveal",
}
ISMCTS_OPTIONS = {
    **EPSILON,
    # Under card asks the search stands aside for the expert's score (IsmctsBot.choose).
    "iterations": "imagined deals per decision, at most (1 or more; rank asks only: under "
                  "card asks it plays as the expert)",
    # The browser and rooms offer this text beside the box, and refuse more than their cap.
    "seconds": f"time per decision, at most (more than 0, up to {MAX_SECONDS:g}; in the "
               f"browser and online rooms, up to {MAX_THINKING_SECONDS:g})",
    "confidence": "standard errors by which the search must beat the expert's ask (0 or more)",
}


def _with_defaults(options: dict[str, str], **defaults: object) -> dict[str, str]:
    """``options`` each saying its value when a spec leaves it out, written as a spec
    writes it: expert and expert-easy share their options, not their defaults
    (tests/bots/test_option_defaults_listed.py checks each against the bot)."""
    described = {}
    for key, meaning in options.items():
        default = f"default: {_as_written(defaults[key])}"
        # Into the bracket a meaning ends with, if any: "(0: never; default: 8)".
        described[key] = (f"{meaning[:-1]}; {default})" if meaning.endswith(")")
                          else f"{meaning} ({default})")
    return described


def _as_written(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


# Strengths, gentlest 0, in the order docs/strength.md measured the bots: expert-easy loses
# to counter; ismcts and ismcts-quick come out level with the expert whose ask they keep
# unless a search overrules it (tests/bots/test_ladder_order.py reads the figures).
register_bot("random", RandomBot, "picks any legal ask at random", strength=0, display="Randy")
register_bot(
    "emma",
    EmmaBot,
    "the classic opponent: asks for the ranks you asked for, most recent first",
    strength=1,
    display="Emma",
    options={"memory": "how many of the ranks last asked for she recalls (default: all)"},
)
# partial, not a lambda: its signature gives the defaults, which canonical_spec leaves out.
register_bot(
    "expert-easy",
    functools.partial(ExpertBot, epsilon=0.3, endgame=0),
    "the expert without its endgame search, and three asks in ten are careless random ones",
    strength=2,
    display="Easy Expert",
    options=_with_defaults(EXPERT_OPTIONS, epsilon=0.3, noise=0, endgame=0, infer=True),
)
register_bot(
    "counter",
    CounterBot,
    "counts every public card: asks where the count proves a card is, else for the rank it "
    "holds most of",
    strength=3,
    options=_with_defaults(EPSILON, epsilon=0),
)
register_bot(
    "expert",
    ExpertBot,
    "weighs every ask by its odds over the hidden cards; plays the endgame out on imagined deals",
    strength=4,
    options=_with_defaults(EXPERT_OPTIONS, epsilon=0, noise=0, endgame=POND_LIMIT, infer=True),
)
register_bot(
    "ismcts-quick",
    functools.partial(IsmctsBot, iterations=8),
    "searches the hidden cards, briefly: 8 imagined deals per decision",
    strength=4,
    display="Quick ISMCTS",
    options=_with_defaults(ISMCTS_OPTIONS, epsilon=0, iterations=8, seconds=0.2,
                           confidence=CONFIDENCE),
)
register_bot(
    "ismcts",
    IsmctsBot,
    "searches imagined deals of the hidden cards (ISMCTS), up to 0.2 s a decision",
    strength=4,
    display="ISMCTS",
    options=_with_defaults(ISMCTS_OPTIONS, epsilon=0, iterations=60, seconds=0.2,
                           confidence=CONFIDENCE),
)
_seal_built_in()

__all__ = [
    "Bot",
    "BotInfo",
    "CounterBot",
    "EmmaBot",
    "ExpertBot",
    "IsmctsBot",
    "RandomBot",
    "available_bots",
    "bot_turn",
    "canonical_spec",
    "display_name",
    "make_bot",
    "parse_bot_spec",
    "play_out",
    "prepare_endgame",
    "register_bot",
    "seat_label",
    "seat_labels",
    "seat_names",
]
