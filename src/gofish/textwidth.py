"""How many terminal cells text takes, and padding by them: a name in Chinese, or with an
emoji or an accent, lines up in a table as a plain one does (``len`` counts characters,
not cells). Shared by the command line's tables and the tournament's."""

from __future__ import annotations

import unicodedata

#: Characters a terminal draws on no cell of their own: combining marks (the accent of
#: "e\u0301"), the zero-width joiner and variation selectors.
_ZERO_WIDTH_CATEGORIES = frozenset({"Mn", "Me", "Cf"})
#: Hangul vowels and final consonants that join the syllable before them (Jamo, and
#: their extension B).
_JOINING_JAMO = (("\u1160", "\u11ff"), ("\ud7b0", "\ud7ff"))
_ZERO_WIDTH_JOINER = "\u200d"
#: Variation selector 16: the symbol before it is drawn as an emoji, two cells wide
#: ("\u2764\ufe0f", a red heart; a letter stays a letter), as the terminal table (rich)
#: measures it too.
_EMOJI_PRESENTATION = "\ufe0f"
#: Skin tones: after an emoji they colour it (👍🏽) and take no cells of their own.
_SKIN_TONES = ("\U0001f3fb", "\U0001f3ff")


def char_width(char: str) -> int:
    """Terminal cells one character takes: 0 for a mark drawn on the one before it, 2 for
    a wide one (CJK, most emoji: East Asian Width W or F), else 1."""
    if unicodedata.category(char) in _ZERO_WIDTH_CATEGORIES or any(
        first <= char <= last for first, last in _JOINING_JAMO
    ):
        return 0
    return 2 if unicodedata.east_asian_width(char) in ("W", "F") else 1


def _is_skin_tone(char: str) -> bool:
    return _SKIN_TONES[0] <= char <= _SKIN_TONES[1]


def display_width(text: str) -> int:
    """Terminal cells ``text`` takes: "山田太郎" 8, "🐟Emma" 6, "e\\u0301mile" 5 (len()
    counts 4, 5 and 6). A wide character after a zero-width joiner is drawn in one picture
    with the one before it (👩‍💻), so it takes no cells of its own; nor does a skin tone
    after an emoji (👍🏽), and a variation selector 16 makes a narrow symbol an emoji (❤️)."""
    width = 0
    joined = False
    drawn, base = 0, ""  # the last picture drawn, which the marks after it widen or join
    for char in text:
        cells = char_width(char)
        if char == _EMOJI_PRESENTATION:
            cells = 1 if drawn == 1 and not unicodedata.category(base).startswith("L") else 0
            drawn += cells
        elif (joined and cells == 2) or (drawn == 2 and _is_skin_tone(char)):
            cells = 0
        elif cells:
            drawn, base = cells, char
        width += cells
        joined = char == _ZERO_WIDTH_JOINER
    return width


def padded(text: str, width: int, *, right: bool = False) -> str:
    """``text`` with spaces to fill ``width`` terminal cells, before it with ``right``:
    str.ljust counts characters, and a wide name pushed the columns after it out of line."""
    spaces = " " * max(0, width - display_width(text))
    return spaces + text if right else text + spaces
