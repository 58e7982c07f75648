"""Rule sets: the three presets and the house-rule options on top of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields, replace
from typing import Any, Final, Literal

from gofish.core.errors import (
    MalformedInputError,
    did_you_mean,
    digits_cut,
    short_repr,
    shown,
    whole_number,
)

RefillMode = Literal["hand", "card", "turn", "none"]
EndMode = Literal["all-books", "first-empty"]
AskMode = Literal["rank", "card"]

REFILL_MODES: Final = ("hand", "card", "turn", "none")
END_MODES: Final = ("all-books", "first-empty")
ASK_MODES: Final = ("rank", "card")
MIN_PLAYERS: Final = 2
MAX_PLAYERS: Final = 5
DECK_SIZE: Final = 52
PRESET_NAMES: Final = ("classic", "bicycle", "nordic")

# Stands for "the preset's own value" among Rules' arguments (None is a wrong value
# for most options, and means "the preset's deal" for hand_size).
PRESET_VALUE: Final = object()

# Each preset's options: the same house-rule defaults, but for how hands refill and when
# the game ends (R11, R14; R15-R17; R18-R19).
_COMMON_OPTIONS: Final[dict[str, object]] = {"lucky_draw": True, "hand_size": None,
                                             "book_size": 4, "ask": "rank"}
_PRESET_OPTIONS: Final[dict[str, dict[str, object]]] = {
    "classic": {**_COMMON_OPTIONS, "refill": "hand", "end": "all-books"},
    "bicycle": {**_COMMON_OPTIONS, "refill": "turn", "end": "all-books"},
    "nordic": {**_COMMON_OPTIONS, "refill": "none", "end": "first-empty"},
}


@dataclass(frozen=True)
class Rules:
    """A complete rule set: a preset name plus the value of every house-rule option.

    ``hand_size`` may be ``None``, meaning "the preset's deal for this many
    players"; :meth:`for_players` turns it into a number.
    """

    preset: str = "classic"
    lucky_draw: bool = True
    refill: RefillMode = "hand"
    end: EndMode = "all-books"
    hand_size: int | None = None
    book_size: int = 4
    ask: AskMode = "rank"

    def __init__(
        self,
        preset: object = "classic",
        lucky_draw: object = PRESET_VALUE,
        refill: object = PRESET_VALUE,
        end: object = PRESET_VALUE,
        hand_size: object = None,
        book_size: object = PRESET_VALUE,
        ask: object = PRESET_VALUE,
    ) -> None:
        # Written out and typed object, so that a wrong value gets the same clear
        # MalformedInputError whether or not mypyc compiled this class (it would
        # check the field types first, with a bare TypeError).
        if preset not in PRESET_NAMES:
            raise _unknown_preset(preset)
        object.__setattr__(self, "preset", preset)
        options = {"lucky_draw": lucky_draw, "refill": refill, "end": end,
                   "hand_size": hand_size, "book_size": book_size, "ask": ask}
        # An option not given is the preset's own: Rules("nordic") is nordic's game
        # (no refill, first empty hand ends it), as make_rules("nordic") is.
        own = _PRESET_OPTIONS[str(preset)]
        for name, value in options.items():
            given = own[name] if value is PRESET_VALUE else value
            object.__setattr__(self, name, _check_option(name, given))

    @property
    def refill_can_act(self) -> bool:
        """Whether the ``refill`` option can ever act: under end first-empty the first
        empty hand ends the game (R19) before any refill, so every refill plays alike."""
        return self.end != "first-empty"

    @property
    def total_books(self) -> int:
        """How many books the deck makes: 13, or 26 under pairs."""
        return DECK_SIZE // self.book_size

    # Methods taking a player count type it ``object`` and check it, so that a wrong one
    # gets the same MalformedInputError whether or not the core is compiled by mypyc.

    def default_hand_size(self, players: object) -> int:
        """The preset's deal for a player count (R11, R15 section, R18 section)."""
        players = check_players(players)
        if self.preset == "nordic":
            return 7
        if self.preset == "bicycle":
            return 7 if players <= 3 else 5
        return 7 if players == 2 else 5

    def for_players(self, players: object) -> Rules:
        """These rules with the hand size fixed for ``players``, checked to be playable."""
        players = check_players(players)
        if self.hand_size is not None:
            self.check(players)
            return self
        # Rules are immutable, so each (rules, players) pair is resolved and checked once.
        resolved = _RESOLVED.get((self, players))
        if resolved is None:
            resolved = replace(self, hand_size=self.default_hand_size(players))
            resolved.check(players)
            _RESOLVED[(self, players)] = resolved
        return resolved

    def check(self, players: object) -> None:
        """Refuse combinations that cannot be played, saying why."""
        players = check_players(players)
        if self.refill == "none" and self.end == "all-books":
            if PRESETS[self.preset].refill == "none":
                # The preset's own refill (nordic's): the end is what was changed, so say
                # what to add, not a refill setting the player never chose.
                raise MalformedInputError(
                    f"end 'all-books' needs a refill: {self.preset} refills no emptied hand "
                    "(refill 'none'), so it could never play again; choose a refill too "
                    "(hand, card or turn)"
                )
            raise MalformedInputError(
                "refill 'none' needs end 'first-empty': with no refill and play until every "
                "book is down, an emptied hand could never play again"
            )
        size = self.hand_size
        if size is not None and players * size > DECK_SIZE:
            raise MalformedInputError(
                f"cannot deal {size} cards to each of {players} players: "
                f"that is {players * size} cards and the deck holds {DECK_SIZE}"
            )
        if size is not None and players * size == DECK_SIZE and self.end == "first-empty":
            # R19 ends the game at an empty pond: this one would be over before the first ask.
            raise MalformedInputError(
                f"cannot deal {size} cards to each of {players} players with end "
                f"'first-empty': that is the whole deck, and with no pond left the game "
                f"would end before anyone asked"
            )

    def options(self, players: object = None) -> dict[str, Any]:
        """Every option that differs from the preset, as record-ready JSON values.

        With ``players``, a hand size equal to the preset's deal is left out.
        """
        base = PRESETS[self.preset]
        out = {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if f.name != "preset" and getattr(self, f.name) != getattr(base, f.name)
        }
        if players is not None and out.get("hand_size") == self.default_hand_size(players):
            del out["hand_size"]
        return out

    def to_json(self, players: object = None) -> str | dict[str, Any]:
        """The ``rules`` value of a game record: a preset name or an object."""
        extra = self.options(players)
        if not extra:
            return self.preset
        return {"preset": self.preset, **extra}

    def __reduce__(self) -> tuple[object, ...]:
        # Pickled as a constructor call: pickle's default sets the fields one by one,
        # which a frozen class compiled by mypyc refuses.
        return (Rules, tuple(getattr(self, f.name) for f in fields(self)))


# Rules with the preset's hand size filled in, by (rules, players); see Rules.for_players.
_RESOLVED: dict[tuple[Rules, int], Rules] = {}

OPTION_NAMES: Final = ("lucky_draw", "refill", "end", "hand_size", "book_size", "ask")


def check_players(players: object, show: Callable[[object], str] = short_repr) -> int:
    """``players`` as an int from MIN_PLAYERS to MAX_PLAYERS, else a MalformedInputError.
    A wrong kind is shown as Python writes it (``True``, ``None``) to the Python callers;
    a record's reader passes :func:`shown` to write it as JSON does (``true``, ``null``)."""
    count = whole_number(players)
    if count is None:
        raise MalformedInputError(
            f"the number of players must be a whole number, not {show(players)}"
        )
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        raise MalformedInputError(f"{_players_counted(count)} cannot play: every rule set "
                                  f"takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
    return count


def _players_counted(count: int) -> str:
    """``count`` players, in words, a long run of digits cut short (digits_cut): a record's
    replay result quotes it as it is, and JSON reads a count of 4,000 digits. More digits
    than Python turns into text (10**5000: a ValueError) are "that many"."""
    if count == 1:
        return "1 player"
    try:
        digits = str(abs(count))
    except ValueError:
        return "that many players"
    return f"{'-' if count < 0 else ''}{digits_cut(digits)} players"


def make_rules(spec: object = "classic", **options: object) -> Rules:
    """Build rules from a preset name, a record's ``rules`` object or a ``Rules``.

    Keyword options override the spec, e.g. ``make_rules("classic", lucky_draw=False)``.
    Unknown presets, unknown options and bad values raise ``MalformedInputError``.
    """
    given: dict[str, object] = {}
    if isinstance(spec, Rules):
        base = spec
    elif isinstance(spec, str):
        base = _preset(spec)
    elif isinstance(spec, Mapping):
        given = {str(key): value for key, value in spec.items()}
        if "preset" not in given:
            raise MalformedInputError(
                "a rules object needs a 'preset' (classic, bicycle or nordic) "
                "beside its house-rule options"
            )
        name = given.pop("preset")
        base = _preset(name)
    else:
        raise MalformedInputError(
            f"rules must be a preset name or an object with a 'preset', not {shown(spec)}"
        )
    given.update(options)
    if not given:
        return base  # rules are immutable: a preset needs no copy
    checked: dict[str, Any] = {name: _check_option(name, value) for name, value in given.items()}
    return replace(base, **checked)


def _preset(name: object) -> Rules:
    if isinstance(name, str):
        found = PRESETS.get(name.strip().lower())
        if found is not None:
            return found
    raise _unknown_preset(name)


def _unknown_preset(name: object) -> MalformedInputError:
    return MalformedInputError(f"unknown preset {shown(name)}: choose classic, bicycle or nordic"
                               f"{did_you_mean(name, PRESET_NAMES)}")


def _check_option(name: object, value: object) -> object:
    """Validate one house-rule option; return its normalised value."""
    if name == "lucky_draw":
        if isinstance(value, bool):
            return value
        raise MalformedInputError(f"lucky_draw must be true or false, not {shown(value)}")
    if name == "hand_size":
        size = whole_number(value)
        if size is not None and 1 <= size <= 13:
            return size
        if value is None:
            return None
        raise MalformedInputError(
            f"hand_size must be a whole number from 1 to 13, not {shown(value)}"
        )
    if name == "book_size":
        size = whole_number(value)
        if size is not None and size in (2, 4):
            return size
        raise MalformedInputError(f"book_size must be 4 (books) or 2 (pairs), not {shown(value)}")
    choices: dict[str, tuple[str, ...]] = {"refill": REFILL_MODES, "end": END_MODES,
                                           "ask": ASK_MODES}
    if isinstance(name, str) and name in choices:
        if isinstance(value, str) and value in choices[name]:
            return value
        allowed = ", ".join(choices[name])
        raise MalformedInputError(f"{name} must be one of {allowed}, not {shown(value)}"
                                  f"{did_you_mean(value, choices[name])}")
    raise MalformedInputError(
        f"unknown option {shown(name)}: the options are {', '.join(OPTION_NAMES)}"
        f"{did_you_mean(name, OPTION_NAMES)}"
    )


PRESETS: Final[Mapping[str, Rules]] = {name: Rules(name) for name in PRESET_NAMES}
