"""Every front end calls a bot by the same name: the registry's display name."""

from gofish.bots import available_bots, display_name, seat_names
from gofish.core import make_rules
from gofish.session import TableSettings
from gofish.web.session import seats_for


def test_built_in_bots_have_table_names() -> None:
    assert display_name("emma") == "Emma"
    assert display_name("random") == "Randy"
    assert display_name(" Expert-Easy ") == "Easy Expert"
    assert display_name("counter") == "Counter"
    # A bot that is gone (a stored game may name one) still gets a readable name.
    assert display_name("old_bot") == "Old Bot"


def test_repeated_bots_are_numbered_and_never_take_the_person_s_name() -> None:
    assert seat_names("You", ["emma", "emma", "random"]) == [
        ("You", None), ("Emma", "emma"), ("Emma 2", "emma"), ("Randy", "random")]
    assert seat_names("emma", ["emma"]) == [("emma", None), ("Emma 2", "emma")]


def test_a_person_named_in_full_width_letters_still_keeps_the_name_from_a_bot() -> None:
    # "Ｅｍｍａ" passed a case-only check, and a bot beside her was shown as Emma too.
    assert seat_names("Ｅｍｍａ", ["emma"]) == [("Ｅｍｍａ", None), ("Emma 2", "emma")]
    assert seat_names("ＥＭＭＡ ２", ["emma", "emma"])[1:] == [("Emma", "emma"), ("Emma 3", "emma")]


def test_terminal_and_browser_tables_name_seats_alike() -> None:
    bots = tuple(info.name for info in available_bots())[:4]
    terminal = TableSettings(make_rules("bicycle"), players=5, opponents=bots, name="Ann").seats()
    browser = seats_for("Ann", list(bots), 5)
    assert [seat["name"] for seat in terminal] == [seat.name for seat in browser]
    assert [seat["bot"] for seat in terminal] == [seat.bot for seat in browser]


def test_a_short_list_of_opponents_is_filled_alike_at_both_tables() -> None:
    # The terminal repeated the last opponent named (as the README says of --opponents);
    # the browser's start message filled the other seats with Emma: one list, two tables.
    terminal = TableSettings(make_rules("bicycle"), players=4, opponents=("expert",),
                             name="Ann").seats()
    browser = seats_for("Ann", ["expert"], 4)
    assert [seat.bot for seat in browser] == [None, "expert", "expert", "expert"]
    assert [seat["bot"] for seat in terminal] == [seat.bot for seat in browser]
    assert [seat.bot for seat in seats_for("Ann", [], 3)] == [None, "emma", "emma"]
