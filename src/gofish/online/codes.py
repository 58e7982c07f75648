"""Room codes, seat tokens and display names: the small identifiers of a room."""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import unicodedata
from typing import Final

from gofish.core.rules import MAX_PLAYERS
from gofish.web.messages import visible_text

#: No 0/O, 1/I/L or U/V look-alikes: a code read aloud or off a phone is typed right.
CODE_ALPHABET: Final = "23456789ABCDEFGHJKMNPQRSTWXYZ"
CODE_LENGTH: Final = 6
NAME_MAX: Final = 24
TOKEN_BYTES: Final = 24
_CODE_RE: Final = re.compile(f"[{CODE_ALPHABET}]{{{CODE_LENGTH}}}")
#: How the pages and the log name a seat ("Seat 2", "seat 2 is open"), once a folded
#: name's other characters are spaces (see _seat_label_read_in).
# "seat", then a word that may be its number (letters drawn like digits are looked at later).
_SEAT_WORD_RE: Final = re.compile(r"seat( ?)(\w+)", re.IGNORECASE)
_NOT_LETTER_OR_DIGIT_RE: Final = re.compile(r"[\W_]+")


class InvalidInput(ValueError):
    """A room code, name or option a person typed that cannot be used; the message says why."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normalise_code(text: str) -> str:
    """``abc-def`` → ``ABCDEF``; refuses anything that cannot be a room code."""
    code = re.sub(r"[\s-]", "", text).upper()
    if not _CODE_RE.fullmatch(code):
        raise InvalidInput(
            f"{text[:20]!r} is not a room code: codes are {CODE_LENGTH} characters "
            f"from {CODE_ALPHABET}"
        )
    return code


def new_token() -> str:
    """The secret that lets one browser sit in one seat again (kept in its localStorage)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """Only hashes are stored: a leaked database does not hand out seats."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, token_hash: str | None) -> bool:
    return token_hash is not None and hmac.compare_digest(hash_token(token), token_hash)


def clean_name(text: str) -> str:
    """A display name without control characters or runs of spaces, 1 to 24 characters."""
    visible = visible_text(text)
    name = " ".join(visible.split())
    if not name:
        raise InvalidInput("a name needs at least one visible character")
    if len(name) > NAME_MAX:
        raise InvalidInput(f"a name has at most {NAME_MAX} characters, not {len(name)}")
    _check_marks(name)
    _check_not_misleading(name)
    return name


#: Accents a letter may carry (Vietnamese puts two on one vowel); a pile of them drew over
#: the names and log lines around the seat.
MARKS_MAX = 2


def _check_marks(name: str) -> None:
    """Refuse a name of marks alone (nothing to put them on) or with a pile of them."""
    run = 0
    for char in name:
        run = run + 1 if unicodedata.category(char).startswith("M") else 0
        if run > MARKS_MAX:
            raise InvalidInput(f"a letter in a name may carry at most {MARKS_MAX} accents or "
                               "marks: a pile of them draws over the names around it")
    if all(unicodedata.category(char).startswith(("M", "Z")) for char in name):
        raise InvalidInput("a name needs at least one visible character")


def name_key(name: str) -> str:
    """Names that read alike are one name: any case, compatibility forms (NFKC), so a
    full-width "Ｂｏｂ" is a second Bob, letters of other alphabets drawn like Latin
    ones, so "Βob" with a Greek capital beta is one too, "Yоu" with a Cyrillic o is
    "You", "Emma (bօt)" with an Armenian o ends in "(bot)", and "ʙob" in Latin small
    capitals is Bob; and the accents and overlays any letter may carry, so "Bo\u0337b"
    with a slash over the o, or "Bób", is Bob too."""
    return _folded(_without_overlays(name))


def _folded(name: str) -> str:
    """``name`` in any case and spelling alike (see :func:`name_key`), its marks kept."""
    return _drawn_as_latin(name).casefold()


def _without_overlays(name: str) -> str:
    """``name`` decomposed (NFKD) without the marks drawn over its letters: a slash or an
    accent over "Bob" left a second Bob. Those are the marks of the blocks that belong
    to no script (U+0300 to U+036F and the like), and any mark on a Latin, Greek,
    Cyrillic or Armenian letter (a Cyrillic ҉ drawn round an o). A script's own marks
    stay on its letters: Devanagari's vowel signs make "राम" and "रीम" two names."""
    kept: list[str] = []
    base = ""
    for char in unicodedata.normalize("NFKD", name):
        if not unicodedata.category(char).startswith("M"):
            base = char
            kept.append(char)
        elif not (_in_overlay_block(char) or base < _FIRST_OWN_MARKS):
            kept.append(char)
    return "".join(kept)


#: The blocks of combining marks that belong to no script: diacritical marks, their
#: extension and supplement, those for symbols, and the half marks.
_OVERLAY_BLOCKS: Final = ((0x0300, 0x036F), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF),
                          (0x20D0, 0x20FF), (0xFE20, 0xFE2F))
#: Hebrew, the first script after Latin, Greek, Cyrillic and Armenian with marks of its
#: own (its vowel points).
_FIRST_OWN_MARKS: Final = "\u0590"


def _in_overlay_block(char: str) -> bool:
    code = ord(char)
    return any(first <= code <= last for first, last in _OVERLAY_BLOCKS)


def _drawn_as_latin(name: str) -> str:
    """``name`` in compatibility forms, its letters drawn like Latin ones made Latin."""
    folded = unicodedata.normalize("NFKC", name).translate(_DRAWN_LIKE_LATIN)
    return "".join(map(_small_capital_as_letter, folded))


# Each Greek, Cyrillic, Armenian or Cherokee letter, or Latin letter of another shape
# (dotless i, script l), and the Latin letter it is drawn as.
_DRAWN_LIKE_LATIN: Final = str.maketrans(
    "АВЕКМНОРСТУХЅІЈԚԜҮаеорсухѕіјԁԛԝһүӏ" "ΑΒΕΖΗΙΚΜΝΟΡΤΥΧοινραυ"
    "ՕՍօսոհզցա" "ᎪᏴᏟᎠᎬᏀᎻᎫᏦᏞᎷᏢᏚᎢᏙᏔᏃ" "ıɑℓɡ",
    "ABEKMHOPCTYXSIJQWYaeopcyxsijdqwhyl" "ABEZHIKMNOPTYXoivpau"
    "OUounhqgw" "ABCDEGHJKLMPSTVWZ" "ialg",
)


# Letters drawn like digits, and the digit (after Unicode's confusables, for a name's
# number: the standard library has no table of them). Others drawn like Latin O, I or l
# are made those by _DRAWN_LIKE_LATIN first.
_DRAWN_LIKE_DIGITS: Final = str.maketrans(
    "Oo" "lI|\u01c0\u2d4f\u16c1\ua4f2" "\u14bf\u01a7\u03e8\ua644\ua6ef"
    "\u01b7\u021c\u0417\u04e0\u2ccc" "\u13ce" "\u01bc" "\u0431\u13ee" "\u0222\u0223" "\ua76f",
    "00" "1111111" "22222" "33333" "4" "5" "66" "88" "9",
)


def _without_marks(name: str, *, keep_accented_letters: bool = False) -> str:
    """``name`` with the accents and marks over its letters taken off (decomposed first,
    so an "é" loses its accent too): "Sea\u0337t" with a slash over the a reads "Seat".
    With ``keep_accented_letters``, only the marks that make no letter of their own go
    (composed first): "Y\u00f3u" keeps its accent, "Yo\u0337u" loses its slash."""
    formed = (unicodedata.normalize("NFC", name) if keep_accented_letters
              else unicodedata.normalize("NFKD", name))
    return "".join(char for char in formed if not unicodedata.category(char).startswith("M"))


def _small_capital_as_letter(char: str) -> str:
    """A Latin small capital (ʙ, ᴏ: LATIN LETTER SMALL CAPITAL B) as its letter."""
    if char.isascii():
        return char
    words = unicodedata.name(char, "").split()
    if words[:4] == ["LATIN", "LETTER", "SMALL", "CAPITAL"] and len(words) == 5:
        return words[4] if len(words[4]) == 1 else char
    return char


def _check_not_misleading(name: str) -> None:
    """Refuse names the table would misread: each page's log calls its reader "You" (a
    person named You made "You asks you for 7s" on the others' pages), and "(bot)" marks
    the bots, so a person named "Emma (bot)" passed for one; anywhere in the name, since a
    bot with options is shown "Expert (bot) (noise=0.2)"; and "Seat 2" names a seat, so a
    person called so in seat 1 made the seat list and "Bob asks Seat 2…" read as another
    seat's. Marks over the letters are no disguise ("Yo\u0337u" reads "You"); but a letter
    with its accent is another letter to "You" (the surname Y\u00f3u), while "Seat" has no
    accented spelling to keep ("S\u00e9at 3" reads as seat 3)."""
    unmarked = _without_marks(name)
    folded = _folded(_without_marks(name, keep_accented_letters=True))
    if folded == "you":
        raise InvalidInput('"You" is how the table speaks to each player, so the others '
                           "would read it as themselves: choose another name")
    if "(bot)" in folded:
        raise InvalidInput('names that say "(bot)" are for the bots, so that everyone '
                           "can tell who is a person: choose another name")
    seat = _seat_label_read_in(unmarked)
    if seat is not None and 1 <= seat <= MAX_PLAYERS:
        raise InvalidInput(f'"{name}" would read as seat {seat} in the seat list and the log, '
                           "which name seats so: the others would take it for that seat, "
                           "not for you: choose another name")
    if seat is not None:  # no room has such a seat, but it reads as a label all the same
        raise InvalidInput(f'"{name}" reads as a seat\'s label, as the seat list and the log '
                           f'name seats ("Seat 1" to "Seat {MAX_PLAYERS}"), not as a '
                           "person's name: choose another name")


def _seat_label_read_in(unmarked: str) -> int | None:
    """The seat number a name (its marks taken off) reads as, if its letters and digits
    are "seat" and one number: whatever stands around them ("Seat 2.", "Seat (2)",
    "Seat_2", "Seat 2 ❤") draws nothing a reader of "Bob asks Seat 2. for 7s" would
    tell from the seat's label.
    Letters drawn like digits are its number too ("Seat \u14bf" with a Canadian syllabic,
    "Seat l"), but only set apart from "seat" or after a digit: "Seatool" is a word, not
    "Seat 001". Digits apart ("Seat 3½", "Seat 3 1 2") are no seat's number."""
    spaced = _NOT_LETTER_OR_DIGIT_RE.sub(" ", _drawn_as_latin(unmarked)).strip()
    found = _SEAT_WORD_RE.fullmatch(spaced)
    if found is None:
        return None
    gap, number = found.groups()
    if not gap and not number[0].isdecimal():
        return None
    digits = number.translate(_DRAWN_LIKE_DIGITS)
    return int(digits) if digits.isdecimal() else None
