"""The plain line mode, driven through standard input like a script or a screen reader would."""

from __future__ import annotations

import io
import json
import os
import shlex
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from gofish.core import FULL_DECK, RANKS, make_rules, replay_record
from gofish.plain import play_plain
from gofish.session import TableSession, TableSettings
from gofish.storage import open_store

EVERY_RANK = [rank.symbol for rank in RANKS]


def gofish(args: list[str], stdin: str, db: Path) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "GOFISH_DB": str(db), "PYTHONIOENCODING": "utf-8"}
    return subprocess.run(
        [sys.executable, "-m", "gofish", *args],
        input=stdin, capture_output=True, text=True, timeout=120, env=env, check=False,
    )


def rank_script(repeats: int = 60, targets: tuple[int, ...] = ()) -> str:
    """Lines a dumb script would send: every rank in turn (to every opponent), over and over."""
    if not targets:
        return "\n".join(EVERY_RANK * repeats) + "\n"
    lines = [f"{rank} {target}" for target in targets for rank in EVERY_RANK]
    return "\n".join(lines * repeats) + "\n"


@pytest.mark.parametrize(
    ("args", "targets"),
    [
        (["--rules", "classic"], ()),
        (["--rules", "bicycle", "--players", "3"], (1, 2)),
        (["--rules", "nordic", "--players", "3", "--opponents", "emma,random"], (1, 2)),
    ],
)
def test_a_script_plays_a_whole_game_through_stdin(
    args: list[str], targets: tuple[int, ...], tmp_path: Path
) -> None:
    db = tmp_path / "games.sqlite3"
    done = gofish(["play", "--plain", "--seed", "21", *args], rank_script(targets=targets), db)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    out = done.stdout
    assert "You are dealt" in out and "Go fish!" in out
    assert "Game over" in out and "longest streak" in out
    assert "Type new to play again" in out
    with open_store(db) as store:
        [stored] = store.list_games()
        assert stored.over  # saved, and marked finished


def test_a_script_that_starts_with_a_byte_order_mark_is_read_from_its_first_move(
        tmp_path: Path) -> None:
    # Notepad and PowerShell start a UTF-8 file with one: the first move was refused as
    # "'\ufeff7' is not a rank", a character the person never typed nor could see.
    done = gofish(["play", "--seed", "5"], "\ufeff7\nquit\n", tmp_path / "games.sqlite3")
    assert done.returncode == 0, done.stderr
    assert "not a rank" not in done.stdout and "\\ufeff" not in done.stdout, done.stdout
    assert "You ask Emma for 7s." in done.stdout.splitlines()


@pytest.mark.parametrize("flag", [["--plain"], []])
def test_a_piped_game_is_stored_as_a_plain_game(flag: list[str], tmp_path: Path) -> None:
    # Piped input switches to the line mode on its own, but the game was stored as a
    # "terminal" one unless --plain was given.
    db = tmp_path / "games.sqlite3"
    done = gofish(["play", *flag, "--seed", "21"], rank_script(), db)
    assert done.returncode == 0, done.stderr
    with open_store(db) as store:
        [stored] = store.list_games()
        assert stored.over and stored.source == "plain"


def test_every_event_is_a_sentence_and_illegal_moves_are_explained(tmp_path: Path) -> None:
    lines = "zzz\n10h\nask 7 for 9\nhand\ntable\ncoach\nhelp\n"
    done = gofish(["play", "--plain", "--seed", "4"], lines, tmp_path / "g.db")
    assert done.returncode == 0
    out = done.stdout
    assert "'zzz' is not a rank" in out
    assert "Ask for a rank only" in out  # suits only under ask: card
    assert "There is no opponent '7'" in out
    assert "Your hand:" in out and "The pond:" in out and "booked" in out
    assert "Commands:" in out and "Rules (classic):" in out


def test_zero_asks_for_tens_as_on_the_terminal_table(tmp_path: Path) -> None:
    # 0 is the 10's key on the terminal table; here it was "'0' is not a rank".
    done = gofish(["play", "--plain", "--seed", "4"], "0\n", tmp_path / "g.db")
    assert done.returncode == 0
    assert "is not a rank" not in done.stdout
    assert "You ask Emma for 10s." in done.stdout or "You have no 10s" in done.stdout


def test_end_of_input_saves_the_game_unfinished(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    done = gofish(["play", "--plain", "--seed", "8"], "", db)
    assert done.returncode == 0 and done.stderr == ""
    assert "saved unfinished: gofish resume 1" in done.stdout
    with open_store(db) as store:
        stored = store.get(1)
        assert not stored.over and stored.names == ["You", "Emma"]


def test_the_resume_hint_names_the_database_it_was_saved_in(tmp_path: Path) -> None:
    # It said "gofish resume 1", which looks in the default database and finds nothing.
    elsewhere = tmp_path / "my games.db"
    done = gofish(["play", "--plain", "--seed", "8", "--database", str(elsewhere)], "",
                  tmp_path / "default.db")
    hint = f"gofish resume 1 --plain --database '{elsewhere}' picks it up."
    assert hint in done.stdout
    again = gofish(shlex.split(hint.removesuffix(" picks it up."))[1:], "", tmp_path / "d.db")
    assert again.returncode == 0 and "Game 1 saved unfinished" in again.stdout


def test_an_interrupted_game_is_resumed_and_finished(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    first = gofish(["play", "--plain", "--seed", "13", "--name", "Ada"], "A\n2\n3\n4\n5\n6\n", db)
    assert "saved unfinished" in first.stdout
    with open_store(db) as store:
        interrupted = store.get(1)
        played = interrupted.actions
    assert played > 0 and not interrupted.over
    second = gofish(["resume", "--plain", "--database", str(db)], rank_script(), db)
    assert second.returncode == 0, second.stderr
    assert "Resuming game 1." in second.stdout and "Game over" in second.stdout
    with open_store(db) as store:
        finished = store.get(1)
        assert finished.over and finished.actions > played
        assert finished.record["actions"][:played] == interrupted.record["actions"]
        assert finished.names == ["Ada", "Emma"] and store.count() == 1
    again = gofish(["resume", "--plain", "--database", str(db)], "", db)
    assert again.returncode == 2 and "no unfinished game" in again.stderr


def test_resume_from_a_database_that_does_not_exist_says_so_and_creates_nothing(
    tmp_path: Path,
) -> None:
    # A mistyped --database made a new directory and an empty database, then said
    # "there is no unfinished game", as if the games had been lost.
    typo = tmp_path / "nowhere" / "games.db"
    done = gofish(["resume", "--plain", "--database", str(typo)], "", tmp_path / "g.db")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert f"no games database at {typo}" in done.stderr
    assert not typo.parent.exists()


def test_resume_refuses_unknown_and_finished_games(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    missing = gofish(["resume", "42", "--plain"], "", db)
    assert missing.returncode == 2
    assert "no stored game with id 42" in missing.stderr and "Traceback" not in missing.stderr
    gofish(["play", "--plain", "--seed", "2"], rank_script(), db)
    finished = gofish(["resume", "1", "--plain"], "", db)
    assert finished.returncode == 2 and "already finished" in finished.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--rules", "poker"], "unknown --rules 'poker'"),
        (["--players", "9"], "9 players cannot play"),
        (["--players", "two"], "--players needs a whole number"),
        (["--speed", "-1"], "--speed must be from 0"),
        (["--opponents", "nobody"], "unknown bot 'nobody'"),
        (["--players", "2", "--opponents", "emma,random"],
         "2 opponents were named but a 2-player game has 1: use --players 3 or name fewer"),
        # "use --players 6" would be refused in turn: no table seats six.
        (["--players", "2", "--opponents", "emma,emma,emma,emma,emma"],
         "a table seats at most 4 opponents, so name fewer"),
        # Without --players the count came from the list, refused as "6 players cannot play".
        (["--opponents", "emma,emma,emma,emma,emma"],
         "--opponents names 5 bots, but a table seats at most 4 opponents"),
        (["--hand-size", "20"], "--hand-size must be a whole number from 1 to 13"),
        (["--refill", "none"], "--refill none needs --end first-empty"),
        (["--refill", "sometimes"], "invalid choice: 'sometimes'"),
        (["--book-size", "3"], "--book-size must be 4"),
        (["--players", "5", "--hand-size", "13"], "cannot deal 13 cards"),
    ],
)
def test_bad_options_get_one_clear_line(args: list[str], message: str, tmp_path: Path) -> None:
    done = gofish(["play", "--plain", *args], "", tmp_path / "g.db")
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr
    assert not (tmp_path / "g.db").exists()  # refused before any card is dealt


def run_in_process(session: TableSession, lines: str) -> str:
    out = io.StringIO()
    assert play_plain(session, io.StringIO(lines), out) == 0
    return out.getvalue()


def test_ask_for_a_card_is_played_with_card_names() -> None:
    settings = TableSettings(make_rules("classic", ask="card"), seed=3)
    session = TableSession.deal(settings)
    cards = "\n".join(str(card).lower() for card in FULL_DECK)
    held = session.held_ranks()[0].symbol
    out = run_in_process(session, f"{held}\n" + (cards + "\n") * 40)
    assert "Name the suit too" in out  # a rank alone is not enough under ask: card
    assert "yourself" in out  # asking for a card you hold is explained
    assert session.is_over and "Game over" in out
    mine = [ask for player, ask in session.game.actions if player == 0]
    assert mine and all(ask.suit is not None for ask in mine)


@pytest.mark.parametrize("phrase", ["ask for {rank}", "ask {rank}", "ASK For {rank}",
                                    "ask emma for {rank}", "{rank} emma"])
def test_ask_for_a_rank_is_understood_however_it_is_put(phrase: str) -> None:
    # "ask for 9" was "I did not understand" and "ask 9" was "'ask' is not a rank".
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=1))
    assert session.game.current_player == 0  # this deal: the person asks first
    wanted = session.held_ranks()[0]
    out = run_in_process(session, phrase.format(rank=wanted.symbol) + "\n")
    assert "Type help for the commands." not in out.split("\n", 1)[1]  # no complaint
    player, ask = session.game.actions[0]
    assert (player, ask.target, ask.rank) == (0, 1, wanted)


def test_ask_without_a_rank_says_what_is_missing() -> None:
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=1))
    out = run_in_process(session, "ask\nask emma\nask 99\nquit\n")
    assert "Ask for which rank? Type e.g. 'ask for 9', or just '9'." in out
    assert "Ask Emma for which rank? Type e.g. 'ask emma for 9'." in out
    assert "'99' is not a rank" in out
    assert not session.game.actions  # nothing was asked


def test_whom_to_ask_must_be_said_when_several_opponents_hold_cards() -> None:
    settings = TableSettings(make_rules("nordic"), players=3, opponents=("emma", "emma"), seed=1)
    session = TableSession.deal(settings)
    first = session.held_ranks()[0].symbol
    out = run_in_process(session, f"{first}\nask emma 2 for {first}\n")
    assert "Say whom to ask" in out
    out = run_in_process(session, f"ask emma for {first}\n")
    assert session.game.actions  # a name (or its beginning) works too


def test_play_again_deals_a_fresh_game_with_the_same_settings() -> None:
    settings = TableSettings(make_rules("nordic"), seed=9)
    session = TableSession.deal(settings)
    ranks = rank_script(repeats=30).replace("Q\n", "queen\n")  # q alone would quit at the end
    out = run_in_process(session, ranks + "new\n")
    assert out.count("Go Fish, nordic rules.") == 2
    assert out.count("You are dealt") == 2
    assert out.count("Game over") == 1 and out.rstrip().endswith("Goodbye.")


def test_a_database_that_cannot_be_opened_is_a_warning_not_a_lost_game(tmp_path: Path) -> None:
    blocked = tmp_path / "a-directory"
    blocked.mkdir()
    done = gofish(["play", "--plain", "--seed", "3", "--database", str(blocked)],
                  rank_script(), tmp_path / "unused.db")
    assert done.returncode == 0 and "Game over" in done.stdout
    assert "will be kept in a fallback file, and each save says where" in done.stderr
    assert "Traceback" not in done.stderr
    # Never a lost game: the finished game sits in the fallback file beside the database.
    rescued = [json.loads(line) for line in (tmp_path / "a-directory.unsaved.jsonl")
               .read_text().splitlines()]
    final = replay_record(rescued[-1]["record"])
    assert final["ok"] and final["over"]
    # Not a copy per ask: after a failed save the database is tried again only after a
    # while (30 s), or at the end of the game.
    assert len(rescued) <= 3


def test_an_unknown_option_is_one_line_too(tmp_path: Path) -> None:
    done = gofish(["play", "--plain", "--colour", "blue"], "", tmp_path / "g.db")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "gofish play: unrecognized arguments: --colour blue (see gofish play --help)"
    )
    done = gofish(["--colour"], "", tmp_path / "g.db")  # before any command
    assert done.returncode == 2
    assert done.stderr.strip() == "gofish: unrecognized arguments: --colour (see gofish --help)"


def test_odd_digits_and_long_lines_are_explained_not_crashed() -> None:
    # '²' passes str.isdigit but int() refuses it: that was a traceback.
    settings = TableSettings(make_rules("bicycle"), players=3, opponents=("emma", "emma"), seed=1)
    session = TableSession.deal(settings)
    first = session.held_ranks()[0].symbol
    out = run_in_process(session, f"{first} ²\nask ² for {first}\n{'x' * 5000}\n")
    assert out.count("There is no opponent '²'") == 2
    # Nor is a seat number of more digits than int() reads (4300) a traceback.
    huge = "9" * 5000
    refused = run_in_process(TableSession.deal(settings), f"{first} {huge}\n")
    assert "There is no opponent '" + "9" * 39 + "…'" in refused
    # A long line is quoted back cut short, not echoed whole.
    assert "'" + "x" * 39 + "…' is not a rank" in out and "x" * 41 not in out


def opening(transcript: str) -> list[str]:
    """The introduction, the deal and the first prompt of a game's transcript, without the
    line naming an earlier game left unfinished in the same database."""
    lines = transcript.splitlines()
    return [line for line in lines if not line.startswith("Your unfinished game")][:4]


def test_a_seed_in_other_digits_is_a_text_seed_not_a_crash(tmp_path: Path) -> None:
    done = gofish(["play", "--plain", "--seed", "²"], "", tmp_path / "g.db")
    assert done.returncode == 0 and "Traceback" not in done.stderr
    same = [gofish(["play", "--plain", "--seed", "42"], "", tmp_path / "g.db").stdout
            for _ in range(2)]
    assert opening(same[0]) == opening(same[1])  # a number seed repeats the deal


class _CtrlCAfter(io.StringIO):
    """Standard input that gives its lines, then the person presses Ctrl-C."""

    def readline(self, size: int | None = -1) -> str:
        line = super().readline()
        if not line:
            raise KeyboardInterrupt
        return line

    def __next__(self) -> str:
        line = self.readline()
        return line


def test_ctrl_c_saves_the_game_and_says_how_to_resume(tmp_path: Path) -> None:
    store = open_store(tmp_path / "g.db")
    settings = TableSettings(make_rules("classic"), seed=3)
    session = TableSession.deal(settings, store=store)
    first = session.held_ranks()[0].symbol
    out = io.StringIO()
    assert play_plain(session, _CtrlCAfter(f"{first}\n"), out) == 130
    assert f"saved unfinished: gofish resume {session.game_id}" in out.getvalue()
    stored = store.get(session.game_id or 0)
    assert not stored.over and stored.record["actions"]  # the ask made before Ctrl-C is kept
    store.close()


class _Terminal(io.StringIO):
    """A terminal, typed at or written to (with both, the table shows its "> " prompt)."""

    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("lines", ["", "{first}\n"], ids=["at once", "after an ask"])
def test_ctrl_d_at_a_terminal_says_goodbye_on_a_line_of_its_own(lines: str,
                                                                tmp_path: Path) -> None:
    # The terminal does not echo Ctrl-D: "Game 1 saved unfinished" went on the prompt's
    # line, after "> ", as Ctrl-C's goodbye does not.
    store = open_store(tmp_path / "g.db")
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=3), store=store)
    out = _Terminal()
    typed = lines.format(first=session.held_ranks()[0].symbol)
    assert play_plain(session, _Terminal(typed), out) == 0
    store.close()
    said = out.getvalue().splitlines()
    assert said[-2:] == ["> ", f"Game {session.game_id} saved unfinished: "
                         f"{session.resume_command(plain=True)} picks it up."]


def test_resume_explains_a_stored_game_it_cannot_set_up(tmp_path: Path) -> None:
    # A seat whose bot is gone (renamed, or from a newer gofish) was a ValueError traceback.
    db = tmp_path / "g.db"
    gofish(["play", "--plain", "--seed", "2"], "", db)  # game 1, unfinished
    gofish(["play", "--plain", "--seed", "3"], "", db)  # game 2, unfinished
    with sqlite3.connect(db) as raw:
        raw.execute("UPDATE seats SET bot = 'retired-bot' WHERE game_id = 1 AND bot IS NOT NULL")
        raw.execute("UPDATE games SET record = '{\"x\": 1}' WHERE id = 2")  # edited by hand
    gone = gofish(["resume", "1", "--plain"], "", db)
    # Exit status 1, a stored game that cannot be used, as show says of one (README).
    assert gone.returncode == 1 and "Traceback" not in gone.stderr
    assert "game 1 needs the bot 'retired-bot', which is not here" in gone.stderr
    damaged = gofish(["resume", "2", "--plain"], "", db)
    assert damaged.returncode == 1 and "Traceback" not in damaged.stderr
    assert "stored game 2 cannot be replayed: unknown field 'x' in the record" in damaged.stderr


def test_under_the_pairs_rule_the_table_counts_pairs() -> None:
    # R3 with book_size 2: a "book" is a pair, and the table says so (it said "books").
    settings = TableSettings(make_rules("classic", book_size=2), players=3,
                             opponents=("emma", "emma"), seed=4)
    session = TableSession.deal(settings)
    out = run_in_process(session, "hand\ntable\n")
    assert "Your pairs: " in out and "; pairs: " in out
    # Only the opening line's name of the house rule may say "books".
    assert "books" not in out.replace("pairs instead of books", "")
    classic = TableSession.deal(TableSettings(make_rules("classic"), seed=4))
    assert "; books: " in run_in_process(classic, "table\n")


@pytest.mark.parametrize("option", ["--name", "--seed", "--opponents", "--rules"])
def test_text_options_with_bytes_that_are_not_utf8_are_refused_up_front(
    option: str, tmp_path: Path
) -> None:
    db = tmp_path / "g.db"
    done = subprocess.run(
        [sys.executable, "-m", "gofish", "play", "--plain", option.encode() + b"=Ann\xff"],
        input=b"", capture_output=True, timeout=120, check=False,
        env={**os.environ, "GOFISH_DB": str(db), "PYTHONIOENCODING": "utf-8"},
    )
    assert done.returncode == 2
    assert done.stderr.decode() == (f"gofish play: {option} must be UTF-8 text, and 'Ann\ufffd' "
                                    "has bytes that are not (shown as \ufffd)\n")
    assert not db.exists()  # nothing was started


def test_a_mistake_is_echoed_as_typed_and_stray_bytes_never_crash(tmp_path: Path) -> None:
    # 'Z' came back as 'z'; bytes that are not UTF-8 came back as '\udcff\udcfe9', or
    # crashed the game where standard input decodes strictly (PYTHONIOENCODING=utf-8).
    done = subprocess.run(
        [sys.executable, "-m", "gofish", "play", "--plain", "--seed", "4"],
        input=b"Z\n\xff\xfe9\nAsk EMMA For Q\nquit\n", capture_output=True, timeout=120,
        env={**os.environ, "GOFISH_DB": str(tmp_path / "g.db"), "PYTHONIOENCODING": "utf-8"},
        check=False,
    )
    assert done.returncode == 0 and done.stderr == b""
    out = done.stdout.decode()
    assert "'Z' is not a rank" in out and "'\ufffd\ufffd9' is not a rank" in out
    assert out.count("is not a rank") == 2  # "Ask EMMA For Q", in any case, was understood
    assert "There is no opponent" not in out and "did not understand" not in out


def test_surrogates_from_a_lenient_stream_are_shown_as_replacement_characters() -> None:
    out = io.StringIO()
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=4))
    play_plain(session, io.StringIO("\udcff9\nquit\n"), out)
    assert "'\ufffd9' is not a rank" in out.getvalue()


@pytest.mark.parametrize("phrase", ["ask emma 2 for {rank}", "{rank} emma 2", "{rank} Emma2",
                                    "ask EMMA 2 for {rank}"])
def test_an_opponent_whose_name_has_a_space_can_be_asked_by_name(phrase: str) -> None:
    # With Emma and Emma 2 at the table, "ask emma 2 for 9" and "9 emma 2" were
    # "I did not understand", and "ask emma 2" suggested "ask emma for 9": the other Emma.
    settings = TableSettings(make_rules("classic"), players=3, opponents=("emma", "emma"),
                             seed=3)
    session = TableSession.deal(settings)
    while not session.human_to_act:
        session.bot_move()
    wanted = session.held_ranks()[0]
    out = run_in_process(session, phrase.format(rank=wanted.symbol) + "\n")
    asks = [ask for player, ask in session.game.actions if player == 0]
    assert asks and (asks[0].target, asks[0].rank) == (2, wanted), out
    assert "did not understand" not in out


def test_asking_an_opponent_whose_name_has_a_space_without_a_rank_names_them_whole() -> None:
    settings = TableSettings(make_rules("classic"), players=3, opponents=("emma", "emma"),
                             seed=3)
    session = TableSession.deal(settings)
    while not session.human_to_act:
        session.bot_move()
    out = run_in_process(session, "ask emma 2\nask emma\nquit\n")
    assert "Ask Emma 2 for which rank? Type e.g. 'ask emma 2 for 9'." in out
    assert "Ask Emma for which rank? Type e.g. 'ask emma for 9'." in out


@pytest.mark.parametrize("phrase", ["{plural}", "ask for {plural}", "ask emma for {plural}",
                                    "{upper}"])
def test_a_rank_can_be_asked_for_as_the_log_says_it(phrase: str) -> None:
    # The log says "You ask Emma for 9s" and "for kings"; typed back, "9s" was told
    # "suits are named only under the ask-for-a-card house rule", "kings" was "not a rank".
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=1))
    assert session.game.current_player == 0  # this deal: the person asks first
    wanted = session.held_ranks()[0]
    typed = phrase.format(plural=wanted.plural, upper=wanted.plural.upper())
    out = run_in_process(session, typed + "\n")
    assert "Type help for the commands." not in out.split("\n", 1)[1], out
    player, ask = session.game.actions[0]
    assert (player, ask.target, ask.rank) == (0, 1, wanted)


def test_under_ask_for_a_card_9s_is_still_the_nine_of_spades() -> None:
    from gofish.core import Rank, Suit
    from gofish.plain import PlainTable

    session = TableSession.deal(TableSettings(make_rules("classic", ask="card"), seed=1))
    table = PlainTable(session, io.StringIO(""), io.StringIO())
    assert table.parse_wanted("9s") == (Rank.NINE, Suit.SPADES)
    assert table.parse_wanted("kings") == (Rank.KING, None)  # the suit is asked for next
    plain = PlainTable(TableSession.deal(TableSettings(make_rules("classic"), seed=1)),
                       io.StringIO(""), io.StringIO())
    assert plain.parse_wanted("9s") == plain.parse_wanted("9") == (Rank.NINE, None)
    assert plain.parse_wanted("Jacks") == (Rank.JACK, None)


def test_an_ask_that_stops_at_for_says_what_is_missing() -> None:
    # "ask for" was "'for' is not a rank" and "ask emma for" was "I did not understand".
    session = TableSession.deal(TableSettings(make_rules("classic"), seed=1))
    out = run_in_process(session, "ask for\nask emma for\nAsk Emma For\nquit\n")
    assert out.count("Ask for which rank? Type e.g. 'ask for 9', or just '9'.") == 1
    assert out.count("Ask Emma for which rank? Type e.g. 'ask emma for 9'.") == 2
    assert "not a rank" not in out and "did not understand" not in out
    assert not session.game.actions


@pytest.mark.parametrize("whom", ["0", "you", "Ann"])
def test_naming_your_own_seat_says_you_cannot_ask_yourself(whom: str, tmp_path: Path) -> None:
    # R5: an ask goes to another player. Typing your own seat said "There is no
    # opponent '0'", as if the seat did not exist.
    done = gofish(["play", "--plain", "--seed", "4", "--name", "Ann", "--players", "3"],
                  f"ask {whom} for 7\n", tmp_path / "g.db")
    assert done.returncode == 0, done.stderr
    assert "You cannot ask yourself: ask an opponent, " in done.stdout
    assert "There is no opponent" not in done.stdout


def test_a_resumed_game_asks_the_opponent_last_asked_for_a_bare_rank(tmp_path: Path) -> None:
    # With two opponents a bare rank asks the last one asked; resumed, the game had
    # forgotten them and a bare rank said "Say whom to ask" again. The record keeps no
    # choice (RULES.md, "Game records"): the person's last ask in it names them.
    settings = TableSettings(make_rules("bicycle"), players=3, opponents=("emma", "emma"), seed=1)
    with open_store(tmp_path / "g.db") as store:
        session = TableSession.deal(settings, store)
        assert session.human_to_act
        run_in_process(session, f"ask emma 2 for {session.held_ranks()[0].symbol}\n")
        stored = store.latest_unfinished()
        assert stored is not None
        resumed = TableSession.resume(stored.record, stored.seats, store, stored.id)
    [(_, ask)] = [action for action in resumed.game.actions if action[0] == 0]
    assert ask.target == 2 and 2 in resumed.askable_opponents()  # Emma 2, still in play
    asked_before = len(resumed.game.actions)
    ranks = "\n".join(rank if rank != "Q" else "queen" for rank in EVERY_RANK)
    out = run_in_process(resumed, ranks + "\n")
    assert "Say whom to ask" not in out
    mine = [ask for player, ask in resumed.game.actions[asked_before:] if player == 0]
    assert mine and mine[0].target == 2


@pytest.mark.parametrize("ask", ["rank", "card"])
def test_help_lists_the_card_ask_only_where_cards_are_asked_for(ask: str) -> None:
    # Among the rank asks of a classic game the help listed "10h / ask 2 for 10h", a move
    # such a game refuses ("Ask for a rank only").
    session = TableSession.deal(TableSettings(make_rules("classic", ask=ask), seed=3))
    out = run_in_process(session, "help\nquit\n")
    commands = out[out.index("Commands:"):out.index("Rules (classic):")]
    assert ("10h" in commands) == (ask == "card")
    # Nor may a card ask be made with a rank alone ("Name the suit too"), so the help of
    # such a game offered "9 / ask for 9: ask for 9s", a move it refuses.
    assert ("ask for 9s" in commands) == (ask == "rank")
    if ask == "card":
        assert ("10h / ask for 10h: ask for one card: rank then suit letter, or in words: "
                "ten of hearts (whom: the only opponent, or the last one you asked)") in commands
        assert "10h 1 / ask 1 for 10h: ask player 1 (or: ask emma for 10h) for the 10♥" in commands
        return
    # The examples name the opponent at the table: "ask 2" named nobody in a 2-player game.
    assert "9 1 / ask 1 for 9: ask player 1 (or: ask emma for 9) for 9s" in commands
    assert "hand: show your hand" in commands


def test_help_examples_name_an_opponent_at_the_table() -> None:
    session = TableSession.deal(TableSettings(make_rules("bicycle"), players=4, seed=3,
                                              opponents=("random", "counter", "expert")))
    out = run_in_process(session, "help\nquit\n")
    assert "9 3 / ask 3 for 9: ask player 3 (or: ask expert for 9) for 9s" in out
