"""What a bot is: something that, given only its view, picks one of the legal asks."""

from __future__ import annotations

import functools
import inspect
import itertools
import random
import reprlib
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from dataclasses import dataclass
from typing import Protocol, SupportsIndex, cast

from gofish.bots.common import check_count
from gofish.core import Ask, Game, GoFishError, IllegalActionError, MalformedInputError, View
from gofish.core.errors import (
    SHOWN_LIMIT,
    a_kind,
    cut,
    did_you_mean,
    other_digit,
    other_digit_refusal,
    short_repr,
    whole_number,
)
from gofish.core.rules import MAX_PLAYERS


class Bot(Protocol):
    """A computer player. It sees its seat's ``View`` and nothing else.

    A bot whose decisions can take long (a search) may also have a ``cancel()`` method,
    which any thread may call: the decision under way, and any later one, then returns
    at once with the best ask found so far. The tables call it on the bots of a game
    they leave (a new deal, a quit) while a bot thinks (see :func:`cancel_thinking`).
    It is optional: a bot without it finishes its decision, which is then dropped.

    ``name`` is read, never set, so any kind of attribute will do: a class attribute, a
    frozen dataclass's field, a property.
    """

    @property
    def name(self) -> str:
        """What the bot is called (``emma``), in messages such as its illegal ask's."""
        ...

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
    options: tuple[tuple[str, str], ...] = ()  # (option, what it does), settable in a spec


_REGISTRY: dict[str, BotInfo] = {}
#: The names gofish.bots registers. They cannot be registered again: the bulk simulator
#: plays its own random, emma and counter whatever a name stands for, so another class
#: under one of them would play at one table and not at the next (see _seal_built_in).
_BUILT_IN: frozenset[str] = frozenset()

#: Separates a bot's name from its options in a spec: ``counter:epsilon=0.3``.
OPTION_SEPARATOR = ":"
#: Numbers the entries of a bot a tournament seats twice: ``emma#1``, ``emma#2``.
SELF_PLAY_MARK = "#"
#: How a spec names an external program, which only a tournament plays (gofish.tournament).
CMD_PREFIX = "cmd:"


#: The most bot names a list of them may hold: enough for any table or tournament.
MOST_BOT_NAMES = 100_000


def _names_iterated(names: object) -> Iterator[object] | None:
    """An iterator over ``names``, or None if they are no list: a text is one name, not its
    letters, and a 0-d numpy array is Iterable to its type but refused by iter()."""
    if isinstance(names, str | bytes) or not isinstance(names, Iterable):
        return None
    try:
        return iter(names)
    except TypeError:
        return None


def bot_names_in_order(what: str, names: object,
                       error: type[GoFishError] = MalformedInputError) -> tuple[str, ...]:
    """``names``, any list of bot names in order (a tuple, a numpy array, a generator), as a
    tuple, or ``error`` naming ``what`` is wrong: one name is no list of its letters, and a
    mapping's values or a set's order (the seats, and a seed's games) would be lost."""
    items = _names_iterated(names)
    if items is None:
        raise error(f"{what} must be a list of bot names, not {short_repr(names)}")
    if isinstance(names, Mapping | Set):
        why = ("whose values would be dropped" if isinstance(names, Mapping) else
               "which has no order, so the bots' seats, and the seed's games, would change "
               "from run to run")
        raise error(
            f"{what} must be a list of bot names in order, e.g. ['emma', 'random'], not "
            f"{a_kind(names)} ({short_repr(names)}), {why}; name a bot twice to "
            "have it twice")
    # A generator is read once, here, and only so far: an endless one hung the caller.
    listed = tuple(itertools.islice(items, MOST_BOT_NAMES + 1))
    if len(listed) > MOST_BOT_NAMES:
        raise error(f"{what} must be a list of at most {MOST_BOT_NAMES:,} bot names, and it "
                    "goes on past that (an endless generator?)")
    for name in listed:
        if not isinstance(name, str):
            raise error(f"{what} must be a list of bot names, and {short_repr(name)} is not one")
    return cast(tuple[str, ...], listed)  # each one checked just above


def too_many_opponents(named: int, players: int, players_option: str) -> str:
    """Why ``named`` opponents do not fit a ``players``-seat game, and what to do instead.
    ``players_option`` is the caller's way to set the players, with ``{}`` for the number
    (``"--players {}"``, ``"players={}"``); it is offered only while that number can be
    dealt, since "use --players 6" is refused in turn."""
    if named < MAX_PLAYERS:
        advice = f"{players_option.format(named + 1)} or name fewer"
    else:
        advice = f"a table seats at most {MAX_PLAYERS - 1} opponents, so name fewer"
    return (f"{named} opponents were named but a {players}-player game has {players - 1}: "
            f"{advice}")


def register_bot(
    name: str, factory: Callable[..., Bot], description: str, strength: int = 0,
    display: str = "", options: Mapping[str, str] | None = None,
) -> None:
    """Make a bot available by name (``gofish bots`` lists them); ``display`` is the name
    its seat gets at a table (by default the name in title case: ``Counter``);
    ``options`` names the keyword options a spec may set, each with what it does.

    A built-in bot's name (``emma``, ``random``…) is refused with a MalformedInputError:
    the bulk simulator plays the built-in bot under it whatever is registered. A name of
    your own may be registered again, the later bot replacing the earlier."""
    _check_registration(name, factory, description, options)
    strength = _checked_strength(name, strength)
    if not isinstance(display, str):
        raise MalformedInputError(f"bot {name!r}: the display name must be text, not {display!r}")
    key = name.strip().lower()  # names are looked up without regard to case
    if not key or any(mark in key for mark in (OPTION_SEPARATOR, ",", SELF_PLAY_MARK)):
        raise MalformedInputError(
            f"a bot's name must be a word without ':', ',' or '#', not {name!r} (':' starts "
            f"its options, and a tournament names a bot entered twice emma#1, emma#2)")
    if key + OPTION_SEPARATOR == CMD_PREFIX:  # "cmd:depth=2" names a program, not options
        raise MalformedInputError(
            f"{name!r} cannot be a bot's name: a spec starting {CMD_PREFIX!r} names an external "
            f"program ({CMD_PREFIX}python mybot.py), so the bot could never be given options")
    if key in _BUILT_IN:
        raise MalformedInputError(
            f"{key!r} is a built-in bot: register yours under another name (the tournament's "
            f"bulk simulator and gofish.sim would still play the built-in {key})")
    described = tuple((options or {}).items())
    shown = display or (name.strip() if name.strip() != key else "")  # "MyBot" stays so
    _REGISTRY[key] = BotInfo(key, description, factory, strength, shown, described)
    _read_signature.cache_clear()  # a signature read before may have changed since


def _seal_built_in() -> None:
    """Mark every bot registered so far as built in (gofish.bots calls it once it has
    registered its own): a later ``register_bot`` of one of those names is refused, while a
    name of the caller's own may be registered again (a notebook cell run twice)."""
    global _BUILT_IN
    _BUILT_IN = frozenset(_REGISTRY)


def _check_registration(name: object, factory: object, description: object,
                        options: object) -> None:
    """Refuse, at ``register_bot``, what would otherwise fail only when the bot is made or
    listed, as an AttributeError or TypeError from deep inside."""
    if not isinstance(name, str):
        raise MalformedInputError(f"a bot's name must be text, not {name!r}")
    if not callable(factory):
        raise MalformedInputError(f"bot {name!r}: the factory must be a class or function "
                                  f"that makes the bot, not {factory!r}")
    if not isinstance(description, str):
        raise MalformedInputError(
            f"bot {name!r}: the description must be text, not {description!r}")
    if options is not None and not (
            isinstance(options, Mapping)
            and all(isinstance(k, str) and isinstance(v, str) for k, v in options.items())):
        raise MalformedInputError(f"bot {name!r}: options must map each option's name to what it "
                                  f"does, both text, not {options!r}")
    _check_option_names(name, options or {})


def _checked_strength(name: str, strength: object) -> int:
    """``strength`` as an int: bots are listed sorted by it, so text or a fraction taken here
    made every later :func:`available_bots` fail, far from the registration at fault."""
    number = whole_number(strength)
    if number is None:
        raise MalformedInputError(
            f"bot {name!r}: strength must be a whole number, not {short_repr(strength)}")
    return number


def _check_option_names(name: str, options: Mapping[str, str]) -> None:
    """Refuse option names no spec could set: a spec (``NAME:KEY=VALUE``) reads keys
    stripped and in lower case, split at ``:`` and ``=`` (and a list of bots at ``,``)."""
    seen: dict[str, str] = {}
    for key in options:
        if not key.strip() or key != key.strip() or any(mark in key for mark in ":=,"):
            raise MalformedInputError(f"bot {name!r}: option {key!r} cannot be written in a "
                                      "spec: no ':', '=' or ',' in it, and no spaces around it")
        if key.lower() in seen:
            raise MalformedInputError(f"bot {name!r}: options {seen[key.lower()]!r} and {key!r} "
                                      "are one in a spec, which is read in lower case")
        seen[key.lower()] = key


def option_names(bot: str) -> list[str]:
    """The options ``bot``'s spec sets, as written (``expert:Epsilon=2``: ``Epsilon``; a
    bot reads it in lower case)."""
    return [pair.partition("=")[0].strip() for pair in bot.split(OPTION_SEPARATOR)[1:]]


def given_option(bot: str, option: str) -> str | None:
    """``option`` as ``bot``'s spec writes it (``Seconds`` for ``seconds``), or None if
    the spec does not set it."""
    return next((given for given in option_names(bot) if given.lower() == option), None)


def faulty_option(bot: str) -> str | None:
    """The first option of ``bot``'s spec that its bot refuses on its own, as written;
    None if each alone is taken (two at odds with each other), or if the first refused
    has no name (``expert:=2``): no box holds it. The start form and the room page
    mark that option's box."""
    name, *pairs = bot.split(OPTION_SEPARATOR)
    for pair, option in zip(pairs, option_names(bot), strict=True):
        try:
            make_bot(f"{name}{OPTION_SEPARATOR}{pair}")
        except ValueError:
            return option or None
    return None


def parse_bot_spec(spec: str) -> tuple[str, dict[str, object]]:
    """``NAME[:KEY=VALUE…]`` as (name, options): ``emma:memory=2`` is Emma remembering
    only the last two ranks asked for. Values are read as true/false, whole numbers,
    numbers, else text; a malformed option raises ``MalformedInputError`` (a ``ValueError``)
    saying which."""
    name, typed = _spec_texts(spec)
    return name, {key: _option_value(text) for key, text in typed.items()}


def _spec_texts(spec: str) -> tuple[str, dict[str, str]]:
    """``NAME[:KEY=VALUE…]`` as (name, options), each value the text typed for it."""
    _check_spec(spec)
    name, *pairs = spec.split(OPTION_SEPARATOR)
    if pairs and not name.strip():  # ":" was told of its empty option, not its empty name
        _load_builtin()
        raise MalformedInputError(_unknown_bot(name))
    options: dict[str, str] = {}
    for pair in pairs:
        key, equals, text = (part.strip() for part in pair.partition("="))
        if key and equals and not text:
            raise MalformedInputError(f"bot option {short_repr(key)} in {short_repr(spec.strip())} "
                                      "has no value: give one after the =, or leave the option "
                                      "out for its default")
        if not (key and equals and text):
            raise MalformedInputError(f"bot option {short_repr(pair.strip())} in "
                                      f"{short_repr(spec.strip())} should look like KEY=VALUE, "
                                      "as in counter:epsilon=0.3")
        key = key.lower()
        if key in options:
            raise MalformedInputError(f"bot option {short_repr(key)} is given twice in "
                                      f"{short_repr(spec.strip())}")
        options[key] = text
    return name.strip().lower(), options


def _check_spec(spec: object) -> None:
    """MalformedInputError unless ``spec`` is text: None was an AttributeError ('NoneType'
    object has no attribute 'split')."""
    if not isinstance(spec, str):
        raise MalformedInputError(
            f"a bot spec is text, such as 'emma:memory=2', not {short_repr(spec)}")


def canonical_spec(spec: str) -> str:
    """The one way to write the bot ``spec`` names: its name and option names in lower case,
    the options in alphabetical order, each value written as :func:`parse_bot_spec` reads it
    (``True``/``TRUE`` as ``true``, ``0.20`` as ``0.2``, ``007`` as ``7``, text as given).
    ``Expert:infer=False:epsilon=0.20`` and ``expert:epsilon=0.2:infer=false`` are one bot
    and so one spelling. A whole number and a fraction stay apart (``memory=2`` is not
    ``memory=2.0``: a bot may take one and refuse the other), unless the option's default
    is a fraction: ``expert:noise=1.0`` is ``expert:noise=1`` (see :func:`_one_number`).
    A malformed spec raises ``MalformedInputError`` as ``parse_bot_spec`` does.

    An option set to the value the bot takes when it is left out is left out:
    ``expert-easy:epsilon=0.3`` is ``expert-easy``, and was counted as another opponent."""
    name, options = parse_bot_spec(spec)
    defaults = _settable_defaults(name)
    numbers = {key: _one_number(value, defaults.get(key)) for key, value in options.items()}
    written = (f"{key}={_option_text(value)}" for key, value in sorted(numbers.items())
               if not (key in defaults and _is_default(value, defaults[key])))
    return OPTION_SEPARATOR.join((name, *written))


#: From here a whole fraction keeps a float's spelling (``1e+16``): Python writes no
#: exponent below it, and the digits of 1e300 as a whole number would fill a line.
_WHOLE_WRITTEN_BELOW = 1e16


def _one_number(value: object, default: object) -> object:
    """``value`` in one form where the option's ``default`` is a fraction, since the bot
    then takes a whole number as that fraction (as :func:`_is_default` has it; each built-in
    bot reads such an option with ``float``): ``noise=1``, ``noise=1.0`` and ``noise=1e0``
    are one bot, and were stored, counted and entered in a tournament as three. A whole
    one is written as a whole number (``noise=1``), any other as the float it is read as."""
    if type(default) is not float or isinstance(value, bool) or not isinstance(
            value, (int, float)):
        return value
    try:
        number = float(value)
    except OverflowError:  # 10**400: no float holds it, and the bot refuses it as typed
        return value
    whole = number.is_integer() and abs(number) < _WHOLE_WRITTEN_BELOW
    return int(number) if whole else number


def stored_spelling(bot: str) -> str:
    """A stored seat's bot in the one spelling (:func:`canonical_spec`) if a registered
    bot's spec, so ``gofish stats`` counts a game stored as ``expert-easy:epsilon=0.3``
    with ``expert-easy``'s; anything else (a bot gone, a program, a spec edited by hand)
    as stored."""
    try:
        return canonical_spec(bot) if _registered(bot) is not None else bot
    except MalformedInputError:
        return bot


def _settable_defaults(name: str) -> dict[str, object]:
    """What the factory of the bot registered as ``name`` gives each option a spec may set
    when it is left out, keyed as a spec reads it (in lower case); none for a name not
    registered, or a factory whose signature does not say (``**options``)."""
    info = _registered(name)
    signature = None if info is None else _signature(info.factory)
    if info is None or signature is None:
        return {}
    settable = {key.lower() for key, _ in info.options}
    return {parameter.name.lower(): parameter.default
            for parameter in signature.parameters.values()
            if parameter.name.lower() in settable
            and parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)
            and parameter.default is not parameter.empty}


def _is_default(value: object, default: object) -> bool:
    """Whether a spec's ``value`` makes the bot ``default`` makes it: of one kind, or a
    whole number where a fraction is the default (every number option takes both, as
    ``epsilon=0`` for 0.0). A fraction where the default is whole stays (``endgame=8.0``
    is refused), and so does ``true`` where it is 1."""
    if isinstance(value, bool) or isinstance(default, bool):
        return type(value) is type(default) and value == default
    kinds = (type(value), type(default))
    return (kinds[0] is kinds[1] or kinds == (int, float)) and value == default


def _option_text(value: object) -> str:
    """How an option value read by :func:`_option_value` is written back, read the same."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return repr(value) if isinstance(value, float) else str(value)


def _option_value(text: str) -> object:
    if text.lower() in ("true", "false"):
        return text.lower() == "true"
    if other_digit(text) is not None:  # int() read '٣' as 3: as text, the bot refuses it
        return text
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def _registered(name: str) -> BotInfo | None:
    """The bot a name (or a spec: its options are not checked here) is registered as."""
    _check_spec(name)
    _load_builtin()
    return _REGISTRY.get(name.split(OPTION_SEPARATOR, 1)[0].strip().lower())


def is_registered(spec: str) -> bool:
    """Whether a bot is registered under the name ``spec`` starts with (its options are
    not checked): a stored spec whose bot is here may still hold an option it refuses."""
    return _registered(spec) is not None


def display_name(name: str) -> str:
    """What a table calls the bot registered as ``name`` (also for names no longer
    registered, which a stored game may hold)."""
    info = _registered(name)
    if info is not None:
        return info.display or info.name.replace("_", " ").title()
    return name.strip().replace("_", " ").title()


def seat_label(name: str, bot: str | None) -> str:
    """How a seat is shown where games are listed and at the table: its name, then the
    options its bot was given, if any (``Emma (memory=0)``), so the gentle Emma is told
    from the default one. The stored name stays as it was (``Emma``); a spec past reading
    (a database edited by hand) leaves the name alone."""
    if bot is None or bot.strip().lower().startswith(CMD_PREFIX):  # a program, not options
        return name
    try:
        options = canonical_spec(bot).split(OPTION_SEPARATOR)[1:]
    except MalformedInputError:
        return name
    return f"{name} ({', '.join(options)})" if options else name


def seat_labels(seats: Sequence[Mapping[str, str | None]]) -> list[str]:
    """:func:`seat_label` of each stored seat (``{"name": …, "bot": …}``)."""
    return [seat_label(str(seat["name"]), seat.get("bot")) for seat in seats]


def seat_names(person: str, bots: Sequence[str]) -> list[tuple[str, str | None]]:
    """(name, bot) per seat: the person (bot ``None``), then each bot under a distinct
    display name (a second Emma is "Emma 2")."""
    seats: list[tuple[str, str | None]] = [(person, None)]
    taken = {_read_alike(person)}
    for bot in bots:
        base = display_name(bot)
        name, number = base, 2
        while _read_alike(name) in taken:
            name, number = f"{base} {number}", number + 1
        taken.add(_read_alike(name))
        seats.append((name, bot))
    return seats


def _read_alike(name: str) -> str:
    """``name`` in any case and compatibility form: a person named "Ｅｍｍａ" (full width)
    sat beside a bot also shown as Emma, the log unable to tell them apart."""
    return unicodedata.normalize("NFKC", name).casefold()


def available_bots() -> list[BotInfo]:
    """Every registered bot, gentlest first."""
    _load_builtin()
    return sorted(_REGISTRY.values(), key=lambda info: (info.strength, info.name))


#: Why a bot a script registered is unknown elsewhere: the gofish command and other
#: processes never run the script's register_bot.
REGISTERED_IN_A_SCRIPT = (
    "a bot registered with register_bot plays only in the Python process that registered "
    "it, and the gofish command does not load your script: from the shell a bot plays as "
    f"a program, {CMD_PREFIX}PROGRAM, in gofish tournament")


def _unknown_bot(name: str) -> str:
    """The refusal of a bot name nobody registered: the known ones, and the one meant if
    it is a typo of one; else why a bot registered in a script is not known here (a name
    with a space or a slash is a program's, which its caller explains)."""
    known = sorted(_REGISTRY)
    if not name.strip():  # "tournament emma ''", an unset shell variable
        return f"a bot's name is empty: choose one of {', '.join(known)}"
    if several := _several_bots(name):
        return several
    named = [part.strip() for part in name.split(",") if part.strip()]
    if "," in name:  # "emma,": one name and a stray comma, not a list of it and of ''
        meant = f"did you mean {named[0]!r}?" if named else f"choose one of {', '.join(known)}"
        return f"unknown bot {short_repr(name)}: a bot's name has no comma; {meant}"
    message = f"unknown bot {short_repr(name)}: choose one of {', '.join(known)}"
    if near := did_you_mean(name, known) or _look_alike(name, known) or _misjoined(name, known):
        return message + near
    if any(mark in name for mark in " /\\"):
        return message
    return f"{message} ({REGISTERED_IN_A_SCRIPT})"


def _several_bots(spec: str) -> str | None:
    """The refusal of a list of bots where one goes (``expert,emma``, as ``--opponents``
    takes, or ``expert:epsilon=0.3,emma``, whose epsilon was then said to be out of
    range); None if ``spec`` is no such list."""
    named = [part.strip() for part in spec.split(",") if part.strip()]
    if len(named) < 2 or not (OPTION_SEPARATOR not in spec
                              or any(_REGISTRY.get(_base_name(part)) for part in named[1:])):
        return None
    each = " and ".join(map(short_repr, named))
    return (f"{short_repr(spec)} names several bots where one goes: name each on its own "
            f"({cut(each)})")


def _base_name(spec: str) -> str:
    """The name a spec starts with, as the registry keys it."""
    return spec.split(OPTION_SEPARATOR, 1)[0].strip().lower()


def _look_alike(name: str, known: Sequence[str]) -> str:
    """"; did you mean 'emma'?" of a name typed in look-alike letters (full-width
    ``ｅｍｍａ``, which did_you_mean finds nothing like), else nothing: a name is
    matched letter for letter, as the digits of a number are 0-9 only."""
    plain = unicodedata.normalize("NFKC", name).strip().lower()
    return f"; did you mean {plain!r}?" if plain != name and plain in known else ""


def _misjoined(name: str, known: Sequence[str]) -> str:
    """"; options follow the name after ':' …" of a known bot and its options joined by a
    space or ';' (``emma memory=2``), which was only "choose one of …"; else nothing."""
    first, mark, rest = min((name.partition(mark) for mark in " ;" if mark in name),
                            key=lambda parts: len(parts[0]), default=(name, "", ""))
    if not (mark and first in known and "=" in rest):
        return ""
    pairs = [pair for pair in rest.replace(";", " ").split() if pair]
    meant = OPTION_SEPARATOR.join([first, *pairs])
    return f"; options follow the name after ':', as in {cut(meant)}"


def make_bot(name: str, **options: object) -> Bot:
    """A fresh bot from a registered name, or a spec with options (``counter:epsilon=0.3``);
    keyword ``options`` go to it too. An unknown name or option raises
    ``MalformedInputError`` (a ``ValueError``) that lists the known ones, and so does an
    option value the bot refuses (``expert:epsilon=abc``), in the bot's words."""
    if not isinstance(name, str):
        raise MalformedInputError(f"a bot is named by text, not {name!r}")
    if name.strip().lower().startswith(CMD_PREFIX):  # else read as a bot "cmd" + options
        _load_builtin()
        raise MalformedInputError(
            f"{name.strip()!r} is an external program: only gofish tournament plays those "
            "(from Python: gofish.protocol.ExternalBot); here choose "
            f"one of {', '.join(sorted(_REGISTRY))}")
    _load_builtin()
    if several := _several_bots(name):
        raise MalformedInputError(several)
    base, typed = _spec_texts(name)
    info = _registered(base)
    if info is None:
        raise MalformedInputError(_unknown_bot(base))
    _check_given_once(info, typed, options)
    settable = dict(info.options)
    typed = _as_registered(typed, settable)
    spec_options = {key: _option_value(text) for key, text in typed.items()}
    for key in spec_options:
        if key not in settable:
            written = [option.lower() for option in settable]  # as a spec reads them
            near = did_you_mean(key, written) or _look_alike(key, written)
            raise MalformedInputError(f"bot {info.name!r} has no option {short_repr(key)}: "
                                      f"{_options_hint(info)}{near}")
    chosen = {**spec_options, **options}
    _check_takes(info, chosen)
    try:
        return _checked_bot(info, info.factory(**chosen))
    except TypeError as error:
        if "keyword argument" not in str(error):
            raise
        raise MalformedInputError(f"bot {info.name!r} does not take that option: {error}") from None
    except ValueError as error:  # the bot's refusal of an option
        told = _as_typed(str(error), typed, spec_options)  # no keyword sets a typed option
        if told is not None:
            raise MalformedInputError(told) from None
        if isinstance(error, GoFishError):
            raise
        raise MalformedInputError(str(error)) from error  # a bot of the caller's own


def _check_given_once(info: BotInfo, typed: Mapping[str, str],
                      options: Mapping[str, object]) -> None:
    """Refuse an option both the spec and a keyword set (``make_bot("emma:memory=2",
    memory=3)``): the keyword won without a word, and the bot played with the other."""
    spelled = {key.lower() for key in options}
    for key, text in typed.items():
        if key in spelled:
            raise MalformedInputError(
                f"bot {info.name!r}: option {key!r} is given twice, {key}={cut(text)} in the "
                "spec and again as a keyword: give it once")


def _as_registered(typed: Mapping[str, str], settable: Mapping[str, str]) -> dict[str, str]:
    """A spec's options under the names the bot registered them: a spec is read in lower
    case, so ``mine:maxdepth=3`` (and ``mine:maxDepth=3``) set an option registered as
    ``maxDepth``, which the factory takes by that name."""
    spelled = {key.lower(): key for key in settable}
    return {spelled.get(key, key): text for key, text in typed.items()}


def _check_takes(info: BotInfo, options: Mapping[str, object]) -> None:
    """Refuse options the factory's signature has no room for before calling it: called,
    ``RandomBot(foo=1)`` says only "RandomBot() takes no arguments"."""
    signature = _signature(info.factory)
    if signature is None:  # a signature Python cannot read: the call itself will tell
        return
    try:
        signature.bind(**options)
    except TypeError:
        named = [parameter.name for parameter in signature.parameters.values()
                 if parameter.kind in (parameter.POSITIONAL_OR_KEYWORD, parameter.KEYWORD_ONLY)]
        if missing := _required_missing(signature, named, options):
            # Not "does not take that option: (it takes depth)", of a spec that gave none.
            raise MalformedInputError(_missing_options(info, missing)) from None
        takes = ", ".join(named) or "none"
        raise MalformedInputError(f"bot {info.name!r} does not take that option: "
                                  f"{', '.join(options)} (it takes {takes})") from None


def _missing_options(info: BotInfo, missing: Sequence[str]) -> str:
    """Why a bot was not made: the factory's options with no default that were not given,
    and how to give them. A spec sets only the options ``register_bot`` was told of, so
    "give it in the spec" alone would send the writer to a spec refused as having no such
    option."""
    one = len(missing) == 1
    needs = (f"bot {info.name!r} needs the option{'' if one else 's'} {', '.join(missing)}, "
             f"which {'has' if one else 'have'} no default")
    settable = dict(info.options)
    unsettable = [name for name in missing if name not in settable]
    if unsettable:
        return (f"{needs}: give {'it' if one else 'each'} as make_bot({info.name!r}, "
                f"{unsettable[0]}=…), or list {'it' if len(unsettable) == 1 else 'them'} "
                f"in register_bot's options so that a spec can set "
                f"{'it' if len(unsettable) == 1 else 'them'}")
    return (f"{needs}: give {'it' if one else 'each'} in the spec, as in "
            f"{info.name}{OPTION_SEPARATOR}{missing[0]}=…")


def _required_missing(signature: inspect.Signature, named: Sequence[str],
                      options: Mapping[str, object]) -> list[str]:
    """The options the factory needs that ``options`` leave out, if that is all that is
    wrong: none when some option given has no place in the signature, which is said first."""
    takes_any = any(parameter.kind is parameter.VAR_KEYWORD
                    for parameter in signature.parameters.values())
    if not takes_any and any(option not in named for option in options):
        return []
    return [name for name in named if name not in options
            and signature.parameters[name].default is inspect.Parameter.empty]


def _signature(factory: Callable[..., object]) -> inspect.Signature | None:
    """The factory's signature, None if Python cannot read one. Reading it takes 20-90 µs,
    far more than making most bots, and a tournament makes a bot for every seat of every
    game: it is read once per factory (``register_bot`` forgets what was read)."""
    try:
        hash(factory)
    except TypeError:  # a callable object that cannot be a dict key: read every time
        return _read_signature.__wrapped__(factory)
    return _read_signature(factory)


@functools.lru_cache(maxsize=256)
def _read_signature(factory: Callable[..., object]) -> inspect.Signature | None:
    try:
        return inspect.signature(factory)
    except ValueError:
        return None


def _checked_bot(info: BotInfo, bot: object) -> Bot:
    """``bot`` if it is one (a ``name`` and a ``choose``); otherwise a refusal naming the
    factory, rather than an AttributeError at its first move."""
    if not isinstance(getattr(bot, "name", None), str) or not callable(
            getattr(bot, "choose", None)):
        raise MalformedInputError(
            f"bot {info.name!r}: its factory made {bot!r}, which is not a bot: "
            "a bot has a name (text) and a choose(view, legal, rng) method")
    return cast(Bot, bot)


def _as_typed(message: str, typed: Mapping[str, str], read: Mapping[str, object]) -> str | None:
    """A bot's refusal of a spec's option (``epsilon must be …, not inf``) retold with the
    value as typed (``bot option epsilon=1e400: epsilon must be …``): read as a number,
    ``1e400`` is ``inf`` and ``0.50`` is ``0.5``, which the person never wrote. None when
    the message names none of the options typed."""
    for key, text in typed.items():
        if message.startswith(f"{key} "):
            # The bots quote a value with short_repr; the text typed is cut the same way.
            said = message.removesuffix(f", not {short_repr(read[key])}")
            digits = other_digit_refusal(text)  # why '٣' is no number, as the commands say
            return f"bot option {key}={cut(text)}: {said}" + (f"; {digits}" if digits else "")
    return None


def _options_hint(info: BotInfo) -> str:
    if not info.options:
        return "it takes none"
    return "it takes " + ", ".join(key for key, _ in info.options)


def _load_builtin() -> None:
    # Importing the package registers the built-in bots.
    import gofish.bots  # noqa: F401


def bot_turn(game: Game, bot: Bot, rng: random.Random) -> Ask:
    """Ask ``bot`` for the current player's move, giving it only that seat's view.

    A ``game`` that is not a Game, a bot that is not one (its name, say) or an ``rng`` that
    is not a ``random.Random`` is a MalformedInputError, as :func:`play_out` refuses them."""
    if not isinstance(game, Game):
        raise MalformedInputError(f"bot_turn needs a Game, not {short_repr(game)}")
    _check_bot("bot_turn:", bot)
    _check_rng("bot_turn: the rng", rng)
    return _bot_turn(game, bot, rng)


def _bot_turn(game: Game, bot: Bot, rng: random.Random) -> Ask:
    """:func:`bot_turn` of arguments checked already (play_out checks its table once)."""
    seat = game.current_player
    if seat is None:
        raise IllegalActionError("the game is over: no bot can move")
    view = game.view(seat)
    action = bot.choose(view, view.legal_actions, rng)
    why = not_legal(game, action, view.legal_actions)
    if why is not None:
        raise IllegalActionError(f"bot {bot.name!r} chose an illegal action for seat {seat}: "
                                 f"{why}")
    return action


def not_legal(game: Game, action: object, legal: Sequence[Ask]) -> str | None:
    """None if ``action``, a bot's choice for the player to move in ``game``, is one of
    ``legal``; else what it was and why it cannot be played, for a message that names
    the bot. Anything but an Ask is refused before it is compared with the asks: a
    numpy array (an agent's raw output) made the comparison raise numpy's ValueError.
    So is an Ask of a subclass, whose own ``__eq__`` decides what it equals."""
    if type(action) is Ask:  # a subclass's own __eq__ could pass any ask as legal
        if action in legal:
            return None
    elif isinstance(action, Ask):
        return (f"{_shown(action)}, of class {type(action).__name__}, not Ask itself: "
                "return one of legal")
    else:
        index = " (choose returns one of legal, not its index)" if whole_number(
            action) is not None else ""
        return f"{_shown(action)}, which is not an Ask{index}"
    try:
        game.clone().play(action)  # the engine's words for what is wrong with it
    except GoFishError as error:
        return f"{action} ({error})"
    return f"{action}, which is not one of the legal asks"


#: Shows a bot's odd choice by its first items: a list of a million took every repr.
_BOUNDED_REPR = reprlib.Repr()
_BOUNDED_REPR.maxother = SHOWN_LIMIT


def _shown(choice: object) -> str:
    """``choice`` as a message shows it, whatever its class does: its repr raising stopped
    the tournament (or a room's bot) instead of saying what the bot returned."""
    try:
        return cut(_BOUNDED_REPR.repr(choice))
    except Exception as error:  # a bot's own class: any bug in it (reprlib catches some)
        if whole_number(choice) is not None:
            return short_repr(choice)  # a number too long for text
        return (f"an object of type {type(choice).__name__} (its repr raised "
                f"{type(error).__name__})")


def cancel_thinking(bots: Iterable[object]) -> None:
    """Tell each of ``bots`` that has a ``cancel()`` (see :class:`Bot`) to stop thinking: its
    game is being left, so a search still under way would only take the CPU from the next
    game's bots."""
    for bot in bots:
        cancel = getattr(bot, "cancel", None)
        if callable(cancel):
            cancel()


#: The longest a bot played on a server (a game in the browser, a room's game) may think a
#: decision, in seconds: a spec may set a searching bot's budget
#: (``ismcts:seconds=3600:iterations=999999``), and every second of it is the server's CPU,
#: shared by everyone it serves. The expert's ``endgame`` knob needs no cap: its search is a
#: fixed number of play-outs, so even ``endgame=52`` (searching from the first ask) took
#: 30 ms a decision (median), 93 ms at most (classic, 2 players); 4-player nordic on a
#: 2-core machine under a load of 14 took 190 ms (median), 1.5 s at most: under this cap.
MAX_THINKING_SECONDS = 5.0


class BotRefused(MalformedInputError):
    """A spec a server will not play, in words; ``option``: the option at fault as the spec
    writes it, if one alone is, for a page to mark that option's box. ``reason``: the
    words without the bot's name, for a message that names the whole spec already (the
    message itself where it names no bot of its own)."""

    def __init__(self, message: str, option: str | None, reason: str | None = None) -> None:
        super().__init__(message)
        self.option = option
        self.reason = message if reason is None else reason


class ThinksTooLong(BotRefused):
    """A bot given longer to think than a server allows (:data:`MAX_THINKING_SECONDS`)."""


def server_bot(spec: str, where: str) -> Bot:
    """A fresh bot for ``spec`` that a server (a game in the browser, a room's) may play:
    ``make_bot``'s refusals, and :class:`ThinksTooLong` past the cap, as
    :class:`BotRefused` naming the option at fault. ``where`` says where it would play
    (``in a room's game``)."""
    try:
        made = make_bot(spec)
    except ValueError as error:
        # make_bot's words, which the command line says too; less where a script's bot
        # plays, of no use to a page. An unknown bot has no option box at fault.
        said = str(error).removesuffix(f" ({REGISTERED_IN_A_SCRIPT})")
        raise BotRefused(said, faulty_option(spec) if _registered(spec) else None) from None
    seconds = getattr(made, "seconds", None)
    if isinstance(seconds, (int, float)) and seconds > MAX_THINKING_SECONDS:
        # The bot named: the page's words on its refusal are these alone (the rooms', the
        # browser table's), and "seconds" alone did not say whose.
        reason = (f"seconds must be at most {MAX_THINKING_SECONDS:g} {where} "
                  "(a decision is thought out on the server)")
        raise ThinksTooLong(f"bot {_base_name(spec)!r}: {reason}", given_option(spec, "seconds"),
                            reason)
    return made


#: More asks than any real game takes; past it, bots are asking in circles.
MAX_ASKS = 100_000


def play_out(
    game: Game, bots: Sequence[Bot], rngs: Sequence[random.Random],
    max_asks: SupportsIndex = MAX_ASKS,
) -> Game:
    """Let ``bots[seat]`` play every seat until the game is over.

    With a dry pond a miss passes the turn without changing anything (R8), so
    bots that keep asking the wrong player never finish: after ``max_asks``
    asks this raises ``GoFishError`` instead of spinning forever. A bot or generator
    short, or one that is not a bot (a name, say), is a MalformedInputError before the first
    ask: it was an IndexError or an AttributeError once the game had moved on.
    """
    _check_table(game, bots, rngs)
    # Checked as every count of the API is: True read as 1, and -1 as "did not end
    # within -1 asks: the bots keep asking in circles" on a fresh game.
    max_asks = check_count("max_asks", max_asks, at_least=1)
    for _ in range(max_asks):
        seat = game.current_player
        if seat is None:
            return game
        game.play(_bot_turn(game, bots[seat], rngs[seat]))
    if game.current_player is None:
        return game
    raise GoFishError(
        f"the game did not end within {max_asks} asks: the bots keep asking in circles"
    )


def _check_table(game: Game, bots: Sequence[Bot], rngs: Sequence[random.Random]) -> None:
    """MalformedInputError unless ``bots`` and ``rngs`` give every seat of ``game`` one."""
    if not isinstance(game, Game):
        raise MalformedInputError(f"play_out needs a Game, not {game!r}")
    seats = game.num_players
    for what, given in (("bots", bots), ("rngs", rngs)):
        if not isinstance(given, Sequence) or len(given) != seats:
            count = f"{len(given)}" if isinstance(given, Sequence) else repr(given)
            raise MalformedInputError(
                f"play_out needs {what} for each of the game's {seats} seats, not {count}")
    for seat, bot in enumerate(bots):
        _check_bot(f"play_out: seat {seat}'s bot", bot)
    for seat, rng in enumerate(rngs):
        _check_rng(f"play_out: seat {seat}'s rng", rng)


def _check_bot(whose: str, bot: object) -> None:
    """MalformedInputError, its words starting with ``whose``, unless ``bot`` can choose."""
    if not callable(getattr(bot, "choose", None)):
        hint = " (make_bot makes one from its name)" if isinstance(bot, str) else ""
        raise MalformedInputError(f"{whose} {short_repr(bot)} is not a bot{hint}: a bot has a "
                                  "choose(view, legal, rng) method")


def _check_rng(whose: str, rng: object) -> None:
    if not isinstance(rng, random.Random):
        raise MalformedInputError(f"{whose} must be a random.Random, not {short_repr(rng)}")
