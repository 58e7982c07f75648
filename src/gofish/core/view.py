"""One player's view of a game: the only place hidden information is filtered.

A ``View`` holds the viewer's own hand, what everybody can see (hand sizes,
books and their cards, the pond's size, who is in play) and the history with
every card the viewer may not see blanked out. Bots, clients and logs get views, never games.
Once the game is over nothing is secret any more, and the view says what every hand held.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from typing import TYPE_CHECKING, Any, cast

from gofish.core.actions import Ask
from gofish.core.cards import Card, Rank
from gofish.core.errors import MalformedInputError, whole_number
from gofish.core.events import Event
from gofish.core.history import History
from gofish.core.rules import Rules

if TYPE_CHECKING:
    from gofish.core.game import Game


def redact(event: object, viewer: object) -> Event:
    """``event`` as ``viewer`` may see it (``None``: a spectator, who sees no secret).

    Typed ``object`` and checked, so that None is refused in words, compiled or not."""
    if not isinstance(event, Event):
        raise MalformedInputError(f"redact needs an event, not {event!r}")
    seat = whole_number(viewer)
    if viewer is not None and seat is None:
        raise MalformedInputError(
            f"viewer must be a seat number, or None for a spectator, not {viewer!r}")
    return _redacted(event, seat)


_FIELD_NAMES: dict[type[Event], tuple[str, ...]] = {}


def _redacted(event: Event, viewer: int | None) -> Event:
    secrets = event.secret_fields
    if not secrets or (viewer is not None and viewer in event.owners()):
        return event
    kind = type(event)
    names = _FIELD_NAMES.get(kind)
    if names is None:
        names = _FIELD_NAMES[kind] = tuple(f.name for f in fields(cast(Any, event)))
    # Made through the event's own __init__ (its fields in order): dataclasses.replace
    # looks every field up again each time, a fifth of a bot game's time in the engine.
    blanked: Event = kind(*[None if name in secrets else getattr(event, name) for name in names])
    return blanked


@dataclass(frozen=True, slots=True)
class View:
    """What one seat (or a spectator, ``viewer=None``) may know right now."""

    viewer: int | None
    rules: Rules
    num_players: int
    first_player: int
    current_player: int | None
    hand: tuple[Card, ...] | None
    hand_sizes: tuple[int, ...]
    books: tuple[tuple[Rank, ...], ...]
    laid: tuple[tuple[Card, ...], ...]  # per seat, its books' cards (face up), as laid
    in_play: tuple[bool, ...]
    pond_size: int
    history: Sequence[Event]  # a History from the game; a tuple made by hand reads the same
    winners: tuple[int, ...] | None
    legal_actions: tuple[Ask, ...]
    # Every seat's cards once the game is over (as a replay shows them); None while it is on.
    hands_at_end: tuple[tuple[Card, ...], ...] | None = None

    def __init__(
        self,
        viewer: int | None,
        rules: Rules,
        num_players: int,
        first_player: int,
        current_player: int | None,
        hand: tuple[Card, ...] | None,
        hand_sizes: tuple[int, ...],
        books: tuple[tuple[Rank, ...], ...],
        laid: tuple[tuple[Card, ...], ...],
        in_play: tuple[bool, ...],
        pond_size: int,
        history: Sequence[Event],
        winners: tuple[int, ...] | None,
        legal_actions: tuple[Ask, ...],
        hands_at_end: tuple[tuple[Card, ...], ...] | None = None,
    ) -> None:
        # Written out (the dataclass keeps it) so that mypyc compiles it: the generated one
        # stays interpreted, and its fifteen object.__setattr__ calls were a third of the
        # compiled view's time, at every turn of every game.
        object.__setattr__(self, "viewer", viewer)
        object.__setattr__(self, "rules", rules)
        object.__setattr__(self, "num_players", num_players)
        object.__setattr__(self, "first_player", first_player)
        object.__setattr__(self, "current_player", current_player)
        object.__setattr__(self, "hand", hand)
        object.__setattr__(self, "hand_sizes", hand_sizes)
        object.__setattr__(self, "books", books)
        object.__setattr__(self, "laid", laid)
        object.__setattr__(self, "in_play", in_play)
        object.__setattr__(self, "pond_size", pond_size)
        object.__setattr__(self, "history", history)
        object.__setattr__(self, "winners", winners)
        object.__setattr__(self, "legal_actions", legal_actions)
        object.__setattr__(self, "hands_at_end", hands_at_end)

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as a constructor call: pickle's default (and so copy and deepcopy) sets
        # the fields one by one, which a frozen class compiled by mypyc refuses.
        return (View, tuple(getattr(self, f.name) for f in fields(self)))

    def __hash__(self) -> int:
        # The generated hash took in the history, whose events are mutable (unhashable):
        # hash(view) failed on a Dealt. Views that are equal agree on all of these.
        return hash((self.viewer, self.num_players, self.current_player, self.hand,
                     self.hand_sizes, self.books, self.in_play, self.pond_size,
                     len(self.history), self.winners))

    @property
    def is_over(self) -> bool:
        return self.winners is not None

    @property
    def my_turn(self) -> bool:
        return self.viewer is not None and self.viewer == self.current_player

    def held_ranks(self) -> tuple[Rank, ...]:
        """Distinct ranks in the viewer's hand, A…K."""
        if not self.hand:
            return ()
        return tuple(sorted({card.rank for card in self.hand}))

    def count_of(self, rank: object) -> int:
        """How many cards of ``rank`` (a ``Rank``, or as ``Rank.parse`` reads it: ``"K"``,
        13) the viewer holds. Typed ``object`` and read here: text was counted as 0."""
        wanted = Rank.parse(rank)
        return sum(1 for card in self.hand or () if card.rank is wanted)

    def laid_by(self, card: object) -> int | None:
        """The seat that laid ``card`` in a book, or None while it is not on the table.

        Under pairs with ``ask: card`` a rank goes down two cards at a time: asking
        for a card already laid is legal (R5 asks only that you hold its rank) but
        can never be answered, so clients and bots can leave it out. ``card`` may be
        written as ``Card.parse`` reads it (``"7S"``): text was never found.
        """
        wanted = Card.parse(card)
        for seat, cards in enumerate(self.laid):
            if wanted in cards:
                return seat
        return None

    def opponents(self) -> tuple[int, ...]:
        """Seats other than the viewer's, in seat order."""
        return tuple(p for p in range(self.num_players) if p != self.viewer)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form (for clients and external bots)."""
        return {
            "viewer": self.viewer,
            "rules": self.rules.to_json(self.num_players),
            "players": self.num_players,
            "first_player": self.first_player,
            "current_player": self.current_player,
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "books": [[str(r) for r in b] for b in self.books],
            "laid": [[str(c) for c in cards] for cards in self.laid],
            "in_play": list(self.in_play),
            "pond": self.pond_size,
            "history": [event.to_dict() for event in self.history],
            "winners": None if self.winners is None else list(self.winners),
            "legal_actions": [action.to_dict() for action in self.legal_actions],
            "hands_at_end": None if self.hands_at_end is None
            else [[str(c) for c in hand] for hand in self.hands_at_end],
        }


def redacted_history(game: Game, viewer: int | None) -> History:
    """The game's history as ``viewer`` may see it, redacted once per event and cached:
    the history shares the cache, so a view costs the same in a game's 100,000th ask as in
    its first."""
    cache = game._redacted.setdefault(viewer, [])
    events = game._events
    if len(cache) < len(events):
        cache.extend(_redacted(event, viewer) for event in events[len(cache):])
    return History.first_of(cache)


def build_view(game: Game, viewer: int | None) -> View:
    mine = viewer is not None and viewer == game.current_player
    return View(
        viewer=viewer,
        rules=game.rules,
        num_players=game.num_players,
        first_player=game.first_player,
        current_player=game.current_player,
        hand=None if viewer is None else tuple(game.hand(viewer)),  # already sorted
        hand_sizes=game.hand_sizes,
        books=game.books,
        laid=game.laid,
        in_play=game.in_play,
        pond_size=game.pond_size,
        history=redacted_history(game, viewer),
        winners=game.winners,
        legal_actions=game.legal_actions() if mine else (),
        hands_at_end=_hands_at_end(game),
    )


def _hands_at_end(game: Game) -> tuple[tuple[Card, ...], ...] | None:
    """Every hand, but only once the game is over: until then they are hidden."""
    if game.winners is None:
        return None
    return tuple(tuple(game.hand(seat)) for seat in range(game.num_players))
