"""``gofish replay``: replay game records (JSON Lines) and print each result."""

from __future__ import annotations

import argparse
import codecs
import io
import json
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TextIO

from gofish.cli import file_name
from gofish.cli._database import command_line
from gofish.cli._messages import not_utf8, nul_bytes, report, standard_output
from gofish.core import GoFishError, make_rules, replay_line
from gofish.core.record import MANY_RECORDS, RECORD_FIELDS, unfinished_at
from gofish.narrate import book_word, plural, pond_word


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "replay",
        help="replay game records and print the resulting positions",
        description=(
            "Read game records, one JSON object per line (a record laid out over several "
            "lines, as a pretty-printer writes it, is read as one), and print one result per "
            "record (blank lines are passed over). A record that cannot be replayed says "
            "which action failed, counting from 1, and why (with --json: ok false, and "
            "action_index counting from 0, as a list index); the run goes on to the next "
            "line."
        ),
    )
    parser.add_argument("file", type=file_name,
                        help="a JSON Lines file of game records, or - for standard input")
    parser.add_argument("--json", action="store_true", help="print results as JSON Lines")
    parser.set_defaults(run=run)


#: UTF-8, passing over a byte order mark at the start: Notepad and PowerShell write one, and
#: the first record then failed as "not valid JSON: Unexpected UTF-8 BOM".
ENCODING = "utf-8-sig"


class CannotRead(Exception):
    """Opening or reading the input failed; the message is the reason."""


def run(args: argparse.Namespace) -> int:
    try:
        output = standard_output()  # closed (>&-): one line, not a traceback
        if args.file == "-":
            if sys.stdin is None:  # started with <&-
                raise CannotRead("it is closed")
            if isinstance(sys.stdin, io.TextIOWrapper):  # read as a file is (_decoding)
                encoding, errors = _decoding(_first_bytes(sys.stdin.buffer), args.file)
                sys.stdin.reconfigure(encoding=encoding, errors=errors)
            return replay_stream(_lines(sys.stdin), output, as_json=args.json,
                                 name=_name(args.file))
        with _open(args.file) as stream:
            return replay_stream(_lines(stream), output, as_json=args.json,
                                 name=_name(args.file))
    except CannotRead as error:
        report("replay", f"cannot read {_name(args.file)}: {error}")
        return 2


def _name(file: str) -> str:
    return "standard input" if file == "-" else file


def _open(path: str) -> TextIO:
    """``path`` opened once, its encoding told from its first bytes left in the buffer: a
    pipe (``gofish replay <(gofish export 1)``, a named pipe) read twice lost its records,
    read by a first look that was then closed, and said it held none."""
    try:
        binary = open(path, "rb")  # noqa: SIM115 - returned, closed by the caller's with
    except OSError as error:
        raise CannotRead(error.strerror or str(error)) from None
    try:
        encoding, errors = _decoding(_first_bytes(binary), path)
        return io.TextIOWrapper(binary, encoding=encoding, errors=errors)
    except BaseException:
        binary.close()
        raise


#: How an SQLite database file starts: the games database given where records go.
SQLITE_HEADER = b"SQLite format 3\x00"


def _first_bytes(stream: object) -> bytes:
    """The first bytes waiting in a buffered binary stream (enough to know an SQLite
    file by), left in it ("" if it cannot say without reading them)."""
    peek = getattr(stream, "peek", None)
    try:
        return bytes(peek(len(SQLITE_HEADER))[:len(SQLITE_HEADER)]) if peek else b""
    except OSError:
        return b""  # the read itself will say what is wrong


def _decoding(start: bytes, file: str) -> tuple[str, str]:
    """How to read a file that starts with ``start``: UTF-16 after its byte order mark
    (PowerShell 5 writes it for ``gofish export > games.jsonl``, and every record failed
    as "not valid JSON"), else UTF-8 with bytes that are not kept as lone surrogates
    (see _not_text). A games database is refused in words (CannotRead): it gave one
    "not valid JSON" result for each stretch of its bytes between newlines."""
    if start.startswith(SQLITE_HEADER):
        export = ("gofish export --database FILE" if file == "-"
                  else command_line(argparse.Namespace(database=file), "export"))
        raise CannotRead(f"it is a database (SQLite), not game records: {export} "
                         "writes its games as records to replay")
    if start[:2] in (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE):
        return "utf-16", "replace"
    return ENCODING, "surrogateescape"


#: The longest line read, in characters: a game record is a few kilobytes. An endless line
#: (replay /dev/zero, a binary file without newlines) was read whole until memory ran out.
MAX_LINE = 16 * 1024 * 1024


def _lines(source: TextIO) -> Iterator[str]:
    """The lines of ``source``. Only its own failures are "cannot read": a closed output
    (| head) raises in the caller, not here, and is not the input's fault."""
    try:
        number = 0
        while line := source.readline(MAX_LINE + 1):
            number += 1
            if len(line) > MAX_LINE:
                raise CannotRead(f"line {number} is longer than {MAX_LINE >> 20} MB, far more "
                                 "than a game record, so this is no JSON Lines file of "
                                 "records: stopped there")
            yield line
    except OSError as error:  # e.g. an I/O error halfway through the file
        raise CannotRead(error.strerror or str(error)) from None


#: The most text one record laid out over several lines may take: a long game printed
#: with an indent is tens of kilobytes, and the lines held waiting for its end are bounded.
MAX_SPREAD_RECORD = 1024 * 1024


def records(source: Iterable[str]) -> Iterator[tuple[int, int, str, dict[str, Any] | None]]:
    """Each record of ``source`` as (first line, last line, text, its result if its text
    alone says it: cut off, or broken), blank lines passed over.

    A record is a line, or one JSON object laid out over several lines, as RULES.md prints
    its example (that example, saved to a file, gave a "not valid JSON" result per line).
    A line that opens an object it does not close is joined with the lines after it while
    the text is still only unfinished. Where the input ends first, and none of the lines
    after the first is an object of its own, the lines are one record cut off (CUT_OFF): a
    pretty-printed record cut short gave a "not valid JSON" result per line. At a syntax
    error, the lines up to where its brackets close are one broken record (its result
    naming the file's line of the fault) if none of them is an object of its own (see
    _broken_record). Otherwise, or without an end, the first line is a record of its own
    again (a cut-off line of JSON Lines) and the rest go on.
    """
    lines = iter(enumerate(source, start=1))
    returned: list[tuple[int, str]] = []  # lines given back by a false start, in reverse

    def next_line() -> tuple[int, str] | None:
        return returned.pop() if returned else next(lines, None)

    while (numbered := next_line()) is not None:
        first, line = numbered
        if not line.strip():
            continue
        if _opens_an_array(line):
            last, given_back, error = _array_end(numbered, next_line)
            returned.extend(reversed(given_back))
            yield first, last, "", {"ok": False, "action_index": None, "error": error}
            continue
        if _opens_an_object(line):
            spread, whole = _spread_record(numbered, next_line)
            if whole is not None:
                yield first, spread[-1][0], whole, None
                continue
            if (count := _broken_record(spread, next_line)) is not None:
                returned.extend(reversed(spread[count:]))
                text = "".join(text for _, text in spread[:count])
                yield first, spread[count - 1][0], text, _not_json(text, first)
                continue
            if _cut_off(spread, next_line):
                yield first, spread[-1][0], "".join(text for _, text in spread), dict(CUT_OFF)
                continue
            returned.extend(reversed(spread[1:]))
        if _a_fragment_opening(line, next_line, returned):
            fragment, given_back = _fragment(numbered, next_line)
            returned.extend(reversed(given_back))
            if len(fragment) > 1:
                text = "".join(text for _, text in fragment)
                yield first, fragment[-1][0], text, _fragment_result(text, first)
                continue
        yield first, first, line, None


def _spread_record(
    opening: tuple[int, str], next_line: Callable[[], tuple[int, str] | None]
) -> tuple[list[tuple[int, str]], str | None]:
    """The lines read from ``opening`` on, and the record they make, or None where they
    make none: a syntax error, the end of the input, or more than MAX_SPREAD_RECORD."""
    spread = [opening]
    size = len(opening[1])
    depth = _depth_after(opening[1], 0)
    while size <= MAX_SPREAD_RECORD and (following := next_line()) is not None:
        spread.append(following)
        size += len(following[1])
        depth = _depth_after(following[1], depth)
        if depth > MAX_SPREAD_DEPTH:
            # No record nests so deep: lines each opening an object inside the last (JSON
            # Lines cut after a card's comma) were joined with the ~500 after them, to
            # json's own limit, each, and a file of them took minutes.
            return spread, None
        if not following[1].rstrip().endswith("}") and len(spread) & (len(spread) - 1):
            # The object can close only at a closing brace: joined and parsed only there,
            # as at every line a long record would take time by its square. And after 2, 4,
            # 8... lines, to stop at text already broken: the lines read are read again for
            # the next record, and a file of lines each opening an object, read to 1 MB
            # from each, took hours.
            continue
        whole = "".join(text for _, text in spread)
        state = _json_state(whole)
        if state != "unfinished":
            return spread, whole if state == "complete" else None
    return spread, None


#: How deep the brackets of lines joined as one record may nest, strings passed over: far
#: deeper than a record's (3, MAX_RECORD_DEPTH), so that only what is no record stops there.
MAX_SPREAD_DEPTH = 16

#: A string of JSON on one line (none holds a line ending), for _depth_after.
_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _depth_after(line: str, depth: int) -> int:
    """The depth of brackets ({ and [) open after ``line``, from ``depth`` before it,
    brackets inside its strings passed over."""
    bare = _JSON_STRING.sub("", line)
    return depth + bare.count("{") + bare.count("[") - bare.count("}") - bare.count("]")


#: Deeper than a record nests its brackets ({"actions": [{...}]}: 3), with a margin.
#: Deeper, a run of lines is no record laid out over several (each line "{"), and the
#: search for its end stops there, not at MAX_SPREAD_RECORD from every such line.
MAX_RECORD_DEPTH = 4


def _broken_record(
    spread: list[tuple[int, str]], next_line: Callable[[], tuple[int, str] | None]
) -> int | None:
    """How many lines of ``spread`` (lines that made no record: broken, or no end yet) are
    the one record its first line opens, up to where its brackets close; or None: they
    do not close within MAX_SPREAD_RECORD, nest deeper than a record, the input ends
    first, or a line after the first is an object of its own (JSON Lines after a line
    cut short). An object of its own indented is not the next record: a record's last
    action, laid out one per line. A record laid out with an indent ends where its
    layout says (see _indented_end), whatever its brackets inside. Lines read to know
    are added to ``spread``."""
    depth, size, index = 0, 0, 0
    while size <= MAX_SPREAD_RECORD:
        if index == len(spread):
            following = next_line()
            if following is None:
                return None
            spread.append(following)
        text = spread[index][1]
        size += len(text)
        indented = index > 0 and _laid_out_indented(spread)
        if indented and (ends := _indented_end(text, index)) is not None:
            return ends
        if index and not indented and text.startswith("{") and _a_record_line(text):
            return None
        depth = _brackets(text, depth)
        index += 1
        if depth > MAX_RECORD_DEPTH or (depth <= 0 and not indented):
            break
    if depth != 0 or index < 2 or not spread[index - 1][1].rstrip().endswith("}"):
        return None  # closed by a "]," (a bracket lost): not where the record ends
    return index


#: The fields of an action (RULES.md), which name the first member of an object inside a
#: record: a lone "{" followed by one opens an action, by anything else a record.
_ACTION_FIELDS = ("player", "target", "rank", "suit")
#: The name of the member a line begins with ('  "rules": ...' gives rules).
_FIRST_NAME = re.compile(r'\s*\{?\s*"([^"\\]*)"\s*:')


def _a_fragment_opening(line: str, next_line: Callable[[], tuple[int, str] | None],
                        returned: list[tuple[int, str]]) -> bool:
    """Whether ``line``, read as no record, is a piece of one laid out over several lines
    that the lines after it belong to: not JSON of its own, and, for a lone "{", the
    opening of a record (the next line names a record's field). The line peeked at is
    given back to ``returned``."""
    if not _a_layout_line(line) or _json_state(line) == "complete":
        return False
    if line.rstrip() != "{":
        return True
    following = next_line()
    if following is None:
        return False
    returned.append(following)
    return _first_name(following[1]) in RECORD_FIELDS


def _fragment(
    opening: tuple[int, str], next_line: Callable[[], tuple[int, str] | None]
) -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
    """The lines of a damaged record laid out over several lines (one that made no record
    however its brackets were read: its opening "{" or a line of brackets lost), from
    ``opening`` to the line before a blank line or one that begins a record; and the
    lines read past them, to be given back. One result for them all, not one a line."""
    fragment, size = [opening], len(opening[1])
    while size <= MAX_SPREAD_RECORD and (following := next_line()) is not None:
        if not _a_layout_line(following[1]) or _begins_a_record(following[1]):
            return fragment, [following]
        if following[1].rstrip() == "{":
            peeked = next_line()
            if peeked is None or _first_name(peeked[1]) not in _ACTION_FIELDS:
                return fragment, [following] if peeked is None else [following, peeked]
            fragment.append(following)
            following = peeked
        fragment.append(following)
        size += len(following[1])
    return fragment, []


def _a_layout_line(line: str) -> bool:
    """Whether ``line`` is as a line of a record laid out over several is: a member, an
    item or a bracket (not blank, not words or bytes of something else)."""
    return line.lstrip()[:1] in ('"', "{", "}", "[", "]")


def _begins_a_record(line: str) -> bool:
    """Whether ``line``, unindented, begins something of its own: a line of JSON Lines
    (whole or cut short), an array of them, or an object or array whole on its line."""
    if line[:1].isspace():
        return False
    return (_BEGINS_A_RECORD.match(line) is not None and _first_name(line) in RECORD_FIELDS
            ) or _opens_an_array(line) or (
                line[:1] in "{[" and _json_state(line) == "complete")


def _first_name(line: str) -> str | None:
    found = _FIRST_NAME.match(line)
    return None if found is None else found[1]


def _fragment_result(text: str, first: int) -> dict[str, Any]:
    """The result for the lines of a damaged record (``_fragment``) from line ``first``."""
    if text.lstrip().startswith("{"):
        return _not_json(text, first)
    return {"ok": False, "action_index": None,
            "error": f'the record is not valid JSON: it does not open with "{{" at line '
                     f"{first} (its first line lost?)"}


def _laid_out_indented(spread: list[tuple[int, str]]) -> bool:
    """Whether the lines of ``spread`` are a record laid out with an indent: its "{"
    unindented, the lines inside indented (as json.dump with indent=2 writes them)."""
    return spread[0][1].startswith("{") and spread[1][1][:1].isspace()


def _indented_end(line: str, index: int) -> int | None:
    """How many lines of a record laid out with an indent are the record, if its line
    ``index`` (``line``) ends it: the record's own "}", unindented, or the next record's
    "{", unindented (this one's "}" was lost; a quote lost hid a bracket). Its brackets
    inside are not counted: a line of one lost ("  ],") left them open to the next
    record, and each line of the record was a "not valid JSON" result of its own."""
    if line.startswith("}"):
        return index + 1
    if line.startswith("{"):
        return index
    return None


def _brackets(text: str, depth: int) -> int:
    """The depth of brackets ({ and [) open after line ``text``, brackets inside its
    strings passed over (a preset named "[classic" closed the record early, or never).
    A line whose quotes do not pair is counted whole: a quote lost would turn the rest
    of its line inside out, a bracket there passed over."""
    bare = _JSON_STRING.sub("", text)
    for char in text if '"' in bare else bare:
        if char in "{[":
            depth += 1
        elif char in "}]":
            depth -= 1
            if depth <= 0:
                return depth
    return depth


def _not_json(text: str, first: int) -> dict[str, Any]:
    """The result for a record laid out from line ``first`` on that is not JSON, naming
    the file's line and column of the fault (json counts from the record's start), or
    that it is not text, as for a line."""
    if (not_text := _not_text(text)) is not None:
        return not_text
    try:
        json.loads(text)
    except json.JSONDecodeError as error:
        where = f"at line {first + error.lineno - 1}, column {error.colno}"
        return {"ok": False, "action_index": None,
                "error": f"the record is not valid JSON: {error.msg} {where}"}
    except (ValueError, RecursionError):
        pass
    return replay_line(text)  # not JSON beyond its brackets' end: said as for a line


def _cut_off(
    spread: list[tuple[int, str]], next_line: Callable[[], tuple[int, str] | None]
) -> bool:
    """Whether the lines of a spread record that made none are one record cut short: the
    input ended while its text was still unfinished, and no line after the first is an
    object of its own or begins one as JSON Lines does (JSON Lines records after a
    cut-off line are replayed as such)."""
    following = next_line()
    if following is not None:
        spread.append(following)  # read only to know the input goes on: given back
        return False
    if len(spread) < 2 or _json_state("".join(text for _, text in spread)) != "unfinished":
        return False
    return not any(_an_object(text) or _BEGINS_A_RECORD.match(text) for _, text in spread[1:])


#: A line that opens an object unindented with a member on it, as a record of JSON Lines
#: does: a pretty-printer indents the lines inside a record, or puts a "{" alone (indent 0).
#: Lines of JSON Lines each cut after a card's comma, which the input ended in, were one
#: record "cut off".
_BEGINS_A_RECORD = re.compile(r'\{\s*"')


def _an_object(line: str) -> bool:
    """Whether ``line`` alone is a JSON object (a record of JSON Lines, or not)."""
    text = line.strip()
    if not (text.startswith("{") and text.endswith("}")):
        return False
    try:
        return isinstance(json.loads(text), dict)
    except (ValueError, RecursionError):
        return False


def _opens_an_array(line: str) -> bool:
    """Whether ``line`` starts a JSON array it does not finish, no deeper than an array of
    records opens on its first line (``[``, or ``[{"rules": [`` of one written compactly)."""
    text = line.strip()
    return (text.startswith("[") and not text.endswith("]")
            and _depth_after(text, 0) <= MAX_RECORD_DEPTH + 1)


#: What an array of records is told (json.dump of a list, pretty-printed: each of its lines
#: was replayed as a record of its own, hundreds of "not valid JSON: Extra data" results).
ARRAY_OF_RECORDS = f"a record must be a JSON object, not an array: {MANY_RECORDS}"


def _array_end(
    opening: tuple[int, str], next_line: Callable[[], tuple[int, str] | None]
) -> tuple[int, list[tuple[int, str]], str]:
    """Where the JSON array that ``opening`` opens ends: its last line, the lines read past
    it (to be given back) and what to say of it. An array is no record whatever it holds,
    so it is not parsed; only the lines of the item being read are held. It ends where its
    brackets close, or where the input does, or where an item with no comma after it is
    followed by anything but the array's end: then that item and what follows are records
    of their own after a stray ``[`` (JSON Lines, or records laid out over lines), and the
    item is given back, as is a whole one that the input ends after; or where a record of
    JSON Lines comes inside an item (one cut short): it and the item are given back."""
    last, depth = opening[0], _depth_after(opening[1], 0)
    item: list[tuple[int, str]] = []  # the lines of the item being read, since the last comma
    size, without_comma = 0, False
    while (following := next_line()) is not None:
        number, text = following
        if not text.strip():
            continue
        if (without_comma and not text.lstrip().startswith("]")) or (
                depth > 1 and _a_record_inside(item, text)):
            # A record inside an item: the item was a line cut short after a stray [, and
            # every record after it was swallowed as the array's.
            return last, [*item, following], f"{ARRAY_OF_RECORDS}; and this one is not closed"
        item.append(following)
        size += len(text)
        depth = _depth_after(text, depth)
        if depth <= 0:
            return number, [], ARRAY_OF_RECORDS
        if depth == 1 and not text.rstrip().endswith(","):
            without_comma = True  # the array's last item, or no array's: "]" must follow
        elif (depth == 1) or size > MAX_SPREAD_RECORD:
            last, item, size = number, [], 0  # the array's, and not given back
    if not without_comma and item:  # cut off inside an item: it is the array's too
        last, item = item[-1][0], []
    return last, item, (f"{ARRAY_OF_RECORDS}; and this one is cut off: the input ends "
                        "before it closes")


def _a_record_inside(item: list[tuple[int, str]], line: str) -> bool:
    """Whether ``line``, inside an array's ``item`` (its lines so far), begins a record of
    its own: one of JSON Lines, or a lone "{" unindented (a record laid out over lines)
    where the item is not laid out unindented itself (indent=0, whose inner objects each
    open with a lone "{")."""
    if _a_record_line(line):
        return True
    unindented_item = len(item) > 1 and not item[1][1][:1].isspace()
    return line.rstrip() == "{" and not unindented_item


def _a_record_line(line: str) -> bool:
    """Whether ``line`` is a record of JSON Lines: an object of its own, unindented, naming
    a record's field (an array laid out over lines indents its items' lines, and an action
    written on a line of its own names none)."""
    if _BEGINS_A_RECORD.match(line) is None or not line.rstrip().endswith("}"):
        return False
    try:
        members = json.loads(line)
    except (ValueError, RecursionError):
        return False
    return isinstance(members, dict) and not members.keys().isdisjoint(RECORD_FIELDS)


def _opens_an_object(line: str) -> bool:
    """Whether ``line`` starts a JSON object it does not finish (a record of JSON Lines
    ends with its closing brace)."""
    text = line.strip()
    return text.startswith("{") and not text.endswith("}")


def _json_state(text: str) -> str:
    """"complete", "unfinished" (the text ran out before the object closed) or "broken"."""
    try:
        json.loads(text)
    except ValueError as error:
        if unfinished_at(text, getattr(error, "pos", 0)):
            return "unfinished"
        return "broken"
    except RecursionError:
        return "broken"
    return "complete"


#: The result for a record laid out over several lines that the input ends in (records).
CUT_OFF: dict[str, Any] = {
    "ok": False, "action_index": None,
    "error": "the record is cut off: the input ends before the object opened on its first "
             "line is closed"}


def replay_stream(source: Iterable[str], out: TextIO, *, as_json: bool,
                  name: str = "the input") -> int:
    """Replay every record; return 1 if any record failed, else 0. No record at all is
    said on stderr: silence looked like success (export 99 | replay -, export failing)."""
    failed = False
    number = 0
    for first, last, text, told in records(source):
        number += 1
        result = told or _not_text(text) or replay_line(text)
        failed = failed or not result["ok"]
        # Blank lines are passed over, so record 3 may be line 5: say so, to find it.
        label = str(number)
        if last != first:
            label += f" (lines {first}-{last})"
        elif first != number:
            label += f" (line {first})"
        out.write(json.dumps(result) + "\n" if as_json
                  else describe(label, result, *_table_words(text)) + "\n")
        out.flush()
    if not number:
        report("replay", f"no records in {name}: it is empty or holds only blank lines")
    return 1 if failed else 0


def _not_text(line: str) -> dict[str, Any] | None:
    """The result for a line that is no UTF-8 text, which says so, rather than a JSON error
    about the character json stopped at ("Expecting value", "Invalid control character")."""
    if (not_text := not_utf8(line)) is not None:  # a byte read as a lone surrogate
        return {"ok": False, "action_index": None, "error": f"the line is {not_text}"}
    if (nul := nul_bytes(line)) is not None:
        return {"ok": False, "action_index": None, "error": f"the line {nul}"}
    return None


def _table_words(line: str) -> tuple[str, str]:
    """What the record's players call the draw pile (the sea in nordic, Hopp i havet) and
    a laid set (a pair under the pairs house rule, R3)."""
    try:
        rules = make_rules(json.loads(line).get("rules"))
        return pond_word(rules), book_word(rules.book_size)
    except (ValueError, RecursionError, AttributeError, TypeError, GoFishError):
        return "pond", "book"  # the result says what is wrong with the record


def describe(number: int | str, result: dict[str, Any], pile: str = "pond",
             laid_set: str = "book") -> str:
    """A readable form of one replay result (``pile``: "pond", or "sea" for nordic;
    ``laid_set``: "book", or "pair" under the pairs house rule)."""
    if not result["ok"]:
        index = result["action_index"]
        # Counted from 1 here, as a reader counts the actions; JSON's action_index stays
        # the list index RULES.md gives (from 0), for programs that look the action up.
        where = "the record itself" if index is None else f"action {index + 1}"
        return f"record {number}: cannot replay ({where}): {result['error']}"
    lines = [f"record {number}: " + _status(result)]
    lines.append(f"  {pile}: {plural(result['pond'], 'card')}")
    for seat, (hand, books) in enumerate(zip(result["hands"], result["books"], strict=True)):
        shown_hand = " ".join(hand) if hand else "(empty)"
        shown_books = " ".join(books) if books else "none"
        lines.append(f"  player {seat}: hand {shown_hand}; {laid_set}s {shown_books}")
    return "\n".join(lines)


def _status(result: dict[str, Any]) -> str:
    if not result["over"]:
        return f"in progress, player {result['current_player']} to ask"
    winners = result["winners"]
    if len(winners) == 1:
        return f"game over, player {winners[0]} wins"
    return "game over, shared win for players " + ", ".join(str(w) for w in winners)
