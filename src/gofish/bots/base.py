"""What a bot is: something that, given only its view, picks one of the legal asks."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol

from gofish.core import Ask, Game, View


class Bot(Protocol):
    """A computer player. It sees its seat's ``View`` and nothing else."""

    name: str

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        """Return one of ``legal`` (never empty when called)."""
        ...


@dataclass(frozen=True)
class BotInfo:
    name: str
    description: str
    factory: Callable[..., Bot]
    strength: int = 0  # rough order for menus: 0 gentlest
    display: str = ""  # what the table calls it ("Emma"); empty: made from the name


_REGISTRY: dict[str, BotInfo] = {}


def register_bot(
    name: str, factory: Callable[..., Bot], description: str, strength: int = 0,
    display: str = "",
) -> None:
    """Make a bot available by name (``gofish bots`` lists them); ``display`` is the name
    its seat gets at a table (by default the name in title case: ``Counter``)."""
    _REGISTRY[name] = BotInfo(name, description, factory, strength, display)


def _registered(name: str) -> BotInfo | None:
    _load_builtin()
    return _REGISTRY.get(name.strip().lower())


def display_name(name: str) -> str:
    """What a table calls the bot registered as ``name`` (also for names no longer
    registered, which a stored game may hold)."""
    info = _registered(name)
    if info is not None and info.display:
        return info.display
    return name.strip().replace("_", " ").title()


def seat_names(person: str, bots: Sequence[str]) -> list[tuple[str, str | None]]:
    """(name, bot) per seat: the person (bot ``None``), then each bot under a distinct
    display name (a second Emma is "Emma 2")."""
    seats: list[tuple[str, str | None]] = [(person, None)]
    taken = {person.casefold()}
    for bot in bots:
        base = display_name(bot)
        name, number = base, 2
        while name.casefold() in taken:
            name, number = f"{base} {number}", number + 1
        taken.add(name.casefold())
        seats.append((name, bot))
    return seats


def available_bots() -> list[BotInfo]:
    """Every registered bot, gentlest first."""
    _load_builtin()
    return sorted(_REGISTRY.values(), key=lambda info: (info.strength, info.name))


def make_bot(name: str, **options: object) -> Bot:
    """A fresh bot by registered name; unknown names raise ``ValueError`` listing the known."""
    if not isinstance(name, str):
        raise ValueError(f"a bot is named by text, not {name!r}")
    info = _registered(name)
    if info is None:
        known = ", ".join(sorted(_REGISTRY))
        raise ValueError(f"unknown bot {name!r}: choose one of {known}")
    return info.factory(**options)


def _load_builtin() -> None:
    # Importing the package registers the built-in bots.
    import gofish.bots  # noqa: F401


def bot_turn(game: Game, bot: Bot, rng: random.Random) -> Ask:
    """Ask ``bot`` for the current player's move, giving it only that seat's view."""
    seat = game.current_player
    if seat is None:
        raise ValueError("the game is over: no bot can move")
    view = game.view(seat)
    action = bot.choose(view, view.legal_actions, rng)
    if action not in view.legal_actions:
        raise ValueError(f"bot {bot.name!r} chose an illegal action: {action}")
    return action


#: More asks than any real game takes; past it, bots are asking in circles.
MAX_ASKS = 100_000


def play_out(
    game: Game, bots: Sequence[Bot], rngs: Sequence[random.Random], max_asks: int = MAX_ASKS
) -> Game:
    """Let ``bots[seat]`` play every seat until the game is over.

    With a dry pond a miss passes the turn without changing anything (R8), so
    bots that keep asking the wrong player never finish: after ``max_asks``
    asks this raises ``ValueError`` instead of spinning forever.
    """
    for _ in range(max_asks):
        seat = game.current_player
        if seat is None:
            return game
        game.play(bot_turn(game, bots[seat], rngs[seat]))
    if game.current_player is None:
        return game
    raise ValueError(
        f"the game did not end within {max_asks} asks: the bots keep asking in circles"
    )
