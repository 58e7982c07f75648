"""Game records: the portable JSON form of a game, and replaying it (RULES.md "Game records")."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from gofish.core.actions import ACTION_FIELDS, Ask
from gofish.core.cards import RANKS, Rank, Suit, parse_deck
from gofish.core.errors import GoFishError, MalformedInputError, did_you_mean, shown
from gofish.core.events import Event
from gofish.core.game import Game
from gofish.core.rules import PRESET_NAMES, check_players, make_rules


class RecordError(MalformedInputError):
    """A record that cannot be replayed.

    ``action_index`` is the failing action's index, or None when the record itself is at fault.
    """

    def __init__(self, message: str, action_index: int | None = None) -> None:
        super().__init__(message)
        self.action_index = action_index


def game_to_record(game: object) -> dict[str, Any]:
    """Export ``game`` (finished or not) as a record.

    A ``Game.from_position`` game is refused: it was never dealt, and a record of its
    cards would replay as ok to a different game.
    """
    played = _given_game(game, "game_to_record")
    if not played.recordable:
        raise MalformedInputError(
            "this game was set up with Game.from_position, not dealt from a deck (R2), "
            "so no record can rebuild it"
        )
    return {
        "rules": played.rules.to_json(played.num_players),
        "players": played.num_players,
        "deck": [str(card) for card in played.deck],
        "first_player": played.first_player,
        "actions": [action.to_dict(player) for player, action in played.actions],
    }


def _given_game(game: object, function: str) -> Game:
    """``game`` if it is a Game; parameters are typed ``object`` and checked here, so that
    None gets this error, not AttributeError (or mypyc's TypeError when compiled)."""
    if not isinstance(game, Game):
        raise MalformedInputError(f"{function} needs a Game, not {game!r}")
    return game


def json_kind(value: object) -> str:
    """What a JSON value is, in JSON's own words ("an array", "null"), for error messages."""
    if value is None or isinstance(value, bool):
        return shown(value)  # null, true, false
    for kind, name in ((Mapping, "an object"), (list, "an array"), (str, "a string"),
                       ((int, float), "a number")):
        if isinstance(value, kind):
            return name
    return type(value).__name__


def _field(record: Mapping[str, Any], name: str) -> Any:
    if name not in record:
        raise RecordError(f"the record has no '{name}'")
    return record[name]


#: The fields of a record (RULES.md; its actions': ACTION_FIELDS): any other is refused, as
#: a field misspelt ("moves", "firstPlayer") would replay ok as another game, its default taken.
RECORD_FIELDS = ("rules", "players", "deck", "first_player", "actions")


def _unknown_field(data: Mapping[Any, Any], fields: tuple[str, ...], what: str) -> str | None:
    for name in data:
        if name not in fields:
            return (f"unknown field {shown(name)} in {what}: it has "
                    f"{', '.join(fields[:-1])} and {fields[-1]}")
    return None


#: How many records are written, for an array of them given as one (json.dump of a list).
MANY_RECORDS = "many records are written one object a line (JSON Lines), as gofish export does"


def start_from_record(record: object) -> tuple[Game, list[Any]]:
    """Set up the game a record describes, before any action; return it with the actions."""
    if not isinstance(record, Mapping):
        many = isinstance(record, list) and record and all(isinstance(item, Mapping)
                                                           for item in record)
        raise RecordError(f"a record must be a JSON object, not {json_kind(record)}"
                          + (f": {MANY_RECORDS}" if many else ""))
    unknown = _unknown_field(record, RECORD_FIELDS, "the record")
    if unknown is not None:
        raise RecordError(unknown)
    try:
        players = check_players(_field(record, "players"), shown)  # true, null: as JSON
        rules = make_rules(_record_rules(_field(record, "rules"))).for_players(players)
        deck = parse_deck(_record_deck(_field(record, "deck")))
        first_player = record.get("first_player", 0)
        if first_player is None or isinstance(first_player, bool):  # said as JSON says it
            raise RecordError(f"first_player must be a seat from 0 to {players - 1}, "
                              f"not {shown(first_player)}")
        game = Game(rules, players, deck, first_player)
    except RecordError:
        raise
    except GoFishError as error:
        raise RecordError(str(error)) from None
    actions = record.get("actions", [])  # absent: no actions; null is refused like any non-list
    if not isinstance(actions, list):
        raise RecordError(f"'actions' must be a list of actions, not {json_kind(actions)}")
    return game, actions


def apply_record_action(game: Game, index: int, data: object) -> list[Event]:
    """Play one record action, checking that it is the named player's turn; return the
    events it caused, as ``Game.play`` does."""
    try:
        if not isinstance(data, Mapping):
            raise MalformedInputError(f"an action must be an object, not {json_kind(data)}")
        unknown = _unknown_field(data, ACTION_FIELDS, "an action")
        if unknown is not None:
            raise MalformedInputError(unknown)
        if "player" not in data:
            raise MalformedInputError("the action has no 'player'")
        player = _seat_number(data["player"], "player")
        if game.current_player is None:
            raise MalformedInputError("the game is already over")
        if player != game.current_player:
            raise MalformedInputError(
                f"it is player {game.current_player}'s turn, not player {shown(player)}'s"
            )
        return game.play(_record_ask(data))
    except GoFishError as error:
        raise RecordError(str(error), index) from None


def _record_rules(rules: object) -> object:
    """A record's ``rules``, refusing a null ``hand_size``: ``Rules`` reads None as the
    preset's deal, but in a record the option is a number from 1 to 13 or left out."""
    if isinstance(rules, Mapping):
        if "hand_size" in rules and rules["hand_size"] is None:
            raise RecordError("hand_size must be a whole number from 1 to 13, not null")
        _check_preset_name(rules.get("preset"), "the 'preset' of 'rules'")
    else:
        _check_preset_name(rules, "'rules'")
    return rules


def _check_preset_name(name: object, field: str) -> None:
    """Refuse a preset name not written exactly (RULES.md "Game records"): make_rules reads
    "Classic" and " nordic" for people, but another program reading the record would not.
    Any other wrong name (or kind) is left to make_rules, which refuses it."""
    if isinstance(name, str) and name not in PRESET_NAMES and name.strip().lower() in PRESET_NAMES:
        raise RecordError(
            f"unknown preset {shown(name)} in {field}: a record names it exactly, as "
            f"{', '.join(PRESET_NAMES[:-1])} or {PRESET_NAMES[-1]}"
            f"{did_you_mean(name, PRESET_NAMES)}"
        )


def _record_deck(deck: object) -> object:
    # Said in JSON's words here; parse_deck would name the Python type.
    if not isinstance(deck, list):
        raise RecordError(
            f"a deck must be a list of 52 cards in dealing order, not {json_kind(deck)}"
        )
    for position, card in enumerate(deck):
        problem = _inexact_card(card)
        if problem:
            raise RecordError(f"deck position {position}: {problem}: a record writes a card "
                              "as its rank then its suit letter, e.g. AS, 10H, QC")
    return deck


def _inexact_card(card: object) -> str | None:
    """What is wrong with a deck card that Card.parse reads for people typing but a record
    must not hold (RULES.md: its cards are exact), or None: parse_deck judges the rest."""
    if not isinstance(card, str):
        return None
    if card != card.strip():
        return f"card {shown(card)} has spaces around it"
    if not card.isascii():  # "Aſ": the long s upper-cases to S
        return f"unknown card {shown(card)}"
    return None


def _seat_number(value: object, name: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise MalformedInputError(f"{name} must be a seat number, not {shown(value)}")
    return value


#: Ranks as the record format writes them (RULES.md): as in the deck's cards, so also
#: "T" and lower case, but not "1", "ace" or 1 that people may type at the table.
_RECORD_RANKS: dict[str, Rank] = {rank.symbol: rank for rank in RANKS}
_RECORD_RANKS["T"] = Rank.TEN
_RECORD_SUITS: dict[str, Suit] = {suit.value: suit for suit in Suit}


def _record_ask(data: Mapping[str, Any]) -> Ask:
    """A record action's ask, read strictly: a seat number and text as in the deck's cards."""
    if "target" not in data or "rank" not in data:
        raise MalformedInputError("an action needs a 'target' and a 'rank'")
    target = _seat_number(data["target"], "target")
    suit = data.get("suit")  # null as the events write it, or left out: no suit named
    if suit is None:
        return Ask.of(target, _record_rank(data["rank"]))
    return Ask.of(target, _record_rank(data["rank"]), _record_suit(suit))


def _record_rank(value: object) -> Rank:
    found = _RECORD_RANKS.get(value.upper()) if isinstance(value, str) else None
    if found is None:
        raise MalformedInputError(
            f"rank must be one of A 2 3 4 5 6 7 8 9 10 J Q K, not {shown(value)}"
        )
    return found


def _record_suit(value: object) -> Suit:
    # ASCII only: "ſ" (the long s) upper-cases to "S".
    found = (_RECORD_SUITS.get(value.upper())
             if isinstance(value, str) and value.isascii() else None)
    if found is None:
        raise MalformedInputError(f"suit must be one of S H D C, not {shown(value)}")
    return found


def game_from_record(record: object) -> Game:
    """Rebuild the game a record describes by replaying every action."""
    game, actions = start_from_record(record)
    for index, data in enumerate(actions):
        apply_record_action(game, index, data)
    return game


def snapshot(game: object) -> dict[str, Any]:
    """The replay result for a game: RULES.md's ``ok: true`` object."""
    played = _given_game(game, "snapshot")
    return {
        "ok": True,
        "over": played.is_over,
        "current_player": played.current_player,
        "pond": played.pond_size,
        "hands": [[str(card) for card in played.hand(p)] for p in range(played.num_players)],
        "books": [[str(rank) for rank in books] for books in played.books],
        "winners": None if played.winners is None else list(played.winners),
    }


def replay_record(record: object) -> dict[str, Any]:
    """Replay one record; the result object of RULES.md, never an exception for bad input."""
    try:
        return snapshot(game_from_record(record))
    except RecordError as error:
        return {"ok": False, "action_index": error.action_index, "error": str(error)}


def replay_line(line: object) -> dict[str, Any]:
    """Replay one JSON Lines line (a line that is not JSON is a record at fault).

    A ``line`` that is not text (None) is the caller's mistake: MalformedInputError."""
    if not isinstance(line, (str, bytes, bytearray)):  # what json.loads reads
        raise MalformedInputError(f"replay_line takes one line of text, not {line!r}")
    # Without its line ending: a string left open ran into the newline, and the error named
    # an "invalid control character" instead of the unterminated string.
    text = line.rstrip("\r\n") if isinstance(line, str) else bytes(line).rstrip(b"\r\n")
    try:
        record = json.loads(text, object_pairs_hook=each_field_once,
                            parse_constant=_no_json_constant)
    except RepeatedField as repeated:
        return {"ok": False, "action_index": None,
                "error": f"the line names {repeated.field!r} twice in one object: a record "
                         "gives each field once"}
    except NotJsonNumber as number:
        return {"ok": False, "action_index": None,
                "error": f"the line is not valid JSON: {number.word} is no JSON value (JSON "
                         "has no NaN or infinity)"}
    except json.JSONDecodeError as error:
        return {"ok": False, "action_index": None,
                "error": f"the line is not valid JSON: {_json_fault(error)}"}
    except UnicodeDecodeError as error:  # bytes given: json.loads decodes them first
        return {"ok": False, "action_index": None, "error": _not_text(error)}
    except (ValueError, RecursionError) as error:  # valid JSON, past Python's limits
        return {"ok": False, "action_index": None, "error": _past_limits(error)}
    return replay_record(record)


def _json_fault(error: json.JSONDecodeError) -> str:
    """json's error, but for text starting with U+FEFF, where it gives advice to its
    programmer ("decode using utf-8-sig"): gofish replay reads past a file's own mark, so
    one further on is where a second file was joined on. An object that is only
    unfinished is said to be cut off: json named the next thing it expected ("Expecting
    ',' delimiter"), which read as a comma missing from a line cut short (a full disk, a
    copy stopped midway), as gofish replay already says of a record laid out over lines."""
    if error.doc.lstrip().startswith("{") and unfinished_at(error.doc, error.pos):
        return "it is cut off, ending before the object it opens is closed"
    if error.msg.startswith("Unexpected UTF-8 BOM"):
        return ("it starts with a byte order mark (U+FEFF), which belongs only before the "
                "first line of a file")
    return str(error)


#: The start of a string or of true, false or null that the text ends in: json names the
#: place it began, not the end, so a record cut inside a card ("4) or a word (fals) read as
#: broken. A string held no line ending: at one, json stops with an invalid control
#: character instead.
_TOKEN_BEGUN = re.compile(r'"(?:[^"\\\x00-\x1f]|\\.)*\\?|t(?:ru?)?|f(?:a(?:ls?)?)?|n(?:ul?)?')


def unfinished_at(text: str, position: int) -> bool:
    """Whether JSON ``text``, refused by json at ``position``, is only unfinished: it ends
    there, or in a string, true, false or null begun there (json names where it began)."""
    return position >= len(text.rstrip()) or bool(_TOKEN_BEGUN.fullmatch(text[position:]))


def _not_text(error: UnicodeDecodeError) -> str:
    """Which byte of a line given as bytes is not text in the encoding json.loads chose."""
    encoding = error.encoding.upper()
    byte = bytes(error.object)[error.start]
    return f"the line is not valid {encoding} (byte {byte:#04x} at position {error.start})"


def _past_limits(error: ValueError | RecursionError) -> str:
    """Why valid JSON could not be read, in a record writer's words: Python's own message
    for a long number told them to call sys.set_int_max_str_digits()."""
    if isinstance(error, RecursionError):
        return "the line cannot be read: its lists and objects are nested too deeply"
    return "the line cannot be read: a number in it has too many digits"


class NotJsonNumber(ValueError):
    """``NaN``, ``Infinity`` or ``-Infinity``, which Python's json reads and JSON has not."""

    def __init__(self, word: str) -> None:
        super().__init__(f"{word} is no JSON value")
        self.word = word


def _no_json_constant(word: str) -> Any:
    """Refuse what json.loads reads beyond JSON: a record holding NaN was told "the number
    of players must be a whole number, not nan", where a strict reader says it is no JSON."""
    raise NotJsonNumber(word)


class RepeatedField(ValueError):
    """A JSON object naming ``field`` twice."""

    def __init__(self, field: str) -> None:
        super().__init__(f"the object names {field!r} twice")
        self.field = field


def each_field_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object (``json.loads``' object_pairs_hook), refused with RepeatedField if it
    names a field twice: JSON readers differ on which of the two counts (Python's the last,
    others the first), so two programs would read it differently: a record as two games,
    a bot's answer as two moves."""
    read: dict[str, Any] = {}
    for key, value in pairs:
        if key in read:
            raise RepeatedField(key)
        read[key] = value
    return read
