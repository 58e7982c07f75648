"""docs/strength.md's ladder says where a bot's knobs can be set: a room's lobby too, since
the room page gained a box for each option (docs/online.md). It said "a room's menu offers
each bot without knobs", which sent a host wanting a gentler Expert to look elsewhere."""

from __future__ import annotations

from pathlib import Path

from gofish.online.room import room_bot

STRENGTH_MD = Path(__file__).resolve().parents[2] / "docs" / "strength.md"


def ladder_header() -> str:
    text = STRENGTH_MD.read_text(encoding="utf-8")
    return next(line for line in text.splitlines() if line.startswith("| name | what it does"))


def test_a_room_seats_a_bot_with_its_knobs() -> None:
    bot = room_bot("expert:noise=0.5")
    assert getattr(bot, "noise", None) == 0.5


def test_the_ladder_names_the_rooms_lobby_among_the_places_knobs_are_set() -> None:
    header = ladder_header()
    assert "a room's lobby: the same boxes" in header
    assert "without knobs" not in header
