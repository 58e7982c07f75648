"""A crash quotes the stderr line that says why, not the last line a runtime writes after
it: a Node bot's crash said only "it said: Node.js v20.20.2" (Node ends every uncaught
error with its version), a Java one quoted a stack frame, a Rust one its backtrace note."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from tests.protocol.test_external_bots import HEADER, first_move_failure

from gofish.protocol.external import _why_line

NODE_CRASH = """/tmp/bot.js:5
 if (m.type === 'turn') { null.foo; } });
                               ^

TypeError: Cannot read properties of null (reading 'foo')
    at Interface.<anonymous> (/tmp/bot.js:5:32)
    at Interface.emit (node:events:524:28)
    at Socket.ondata (node:internal/readline/interface:246:23)

Node.js v20.20.2
"""
NODE_THROWS_TEXT = """/tmp/bot.js:5
throw 'out of ideas'
^
out of ideas
(Use `node --trace-uncaught ...` to show where the exception was thrown)

Node.js v20.20.2
"""
NODE_NOT_FOUND = """node:internal/modules/cjs/loader:1210
  throw err;
  ^

Error: Cannot find module '/tmp/bot.js'
    at Module._resolveFilename (node:internal/modules/cjs/loader:1207:15)
    at node:internal/main/run_main_module:28:49 {
  code: 'MODULE_NOT_FOUND',
  requireStack: []
}

Node.js v20.20.2
"""
JAVA_CRASH = """asking seat 1 for Q
Exception in thread "main" java.lang.IllegalStateException: no legal move
\tat Bot.choose(Bot.java:41)
\tat Bot.main(Bot.java:12)
"""
JAVA_CAUSED = JAVA_CRASH + "Caused by: java.io.EOFException: stdin closed\n\t... 2 more\n"
GO_PANIC = """panic: runtime error: index out of range [3] with length 3

goroutine 1 [running]:
main.choose(...)
\t/home/me/bot/main.go:30
main.main()
\t/home/me/bot/main.go:52 +0x1d
exit status 2
"""
RUST_PANIC = """thread 'main' panicked at src/main.rs:7:5:
no legal move
note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace
"""
RUST_BACKTRACE = """thread 'main' panicked at 'no legal move', src/main.rs:7:5
stack backtrace:
   0: rust_begin_unwind
             at /rustc/abc/library/std/src/panicking.rs:645:5
   1: bot::main
             at ./src/main.rs:7:5
note: Some details are omitted, run with `RUST_BACKTRACE=full` for a verbose backtrace.
"""
PYTHON_CRASH = """Traceback (most recent call last):
  File "/tmp/bot.py", line 9, in <module>
    raise RuntimeError('my strategy fell over')
RuntimeError: my strategy fell over
"""


@pytest.mark.parametrize(("stderr", "line"), [
    (NODE_CRASH, "TypeError: Cannot read properties of null (reading 'foo')"),
    (NODE_THROWS_TEXT, "out of ideas"),
    (NODE_NOT_FOUND, "Error: Cannot find module '/tmp/bot.js'"),
    (JAVA_CRASH, 'Exception in thread "main" java.lang.IllegalStateException: no legal move'),
    (JAVA_CAUSED, "Caused by: java.io.EOFException: stdin closed"),
    (GO_PANIC, "panic: runtime error: index out of range [3] with length 3"),
    (RUST_PANIC, "no legal move"),
    (RUST_BACKTRACE, "thread 'main' panicked at 'no legal move', src/main.rs:7:5"),
    (PYTHON_CRASH, "RuntimeError: my strategy fell over"),
    ("turn 3\ngiving up\n\n", "giving up"),  # a bot's own last words stay the last line
    (JAVA_CRASH + "retrying\nno legal move after 3 tries\n", "no legal move after 3 tries"),
    ("GOFISH=1 ./bot\n  seats: 2\n", "seats: 2"),  # no stack: its properties are its own
    ("\tonly a frame\n", "only a frame"),  # nothing but trace: the last line after all
    ("", ""),
])
def test_the_line_that_says_why_is_picked_out_of_a_runtimes_crash(stderr: str,
                                                                   line: str) -> None:
    assert _why_line(stderr) == line


def _crash_on_turn(tmp_path: Path, stderr: str) -> str:
    bot = tmp_path / "crash.py"
    bot.write_text(HEADER + f"        sys.stderr.write({stderr!r}); sys.exit(1)\n")
    return f"{sys.executable} {bot}"


def test_a_crash_written_as_node_writes_it_is_quoted_by_its_error(tmp_path: Path) -> None:
    message = first_move_failure(_crash_on_turn(tmp_path, NODE_CRASH))
    assert message.endswith("exited before sending its move (exit code 1; it said: "
                            "TypeError: Cannot read properties of null (reading 'foo'))")


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_a_real_node_bot_crash_is_quoted_by_its_error(tmp_path: Path) -> None:
    bot = tmp_path / "crash.js"
    bot.write_text(
        "require('readline').createInterface({input: process.stdin}).on('line', (line) => {\n"
        "  const m = JSON.parse(line);\n"
        "  if (m.type === 'hello') console.log(JSON.stringify({type: 'hello', version: 1}));\n"
        "  if (m.type === 'turn') throw new Error('my strategy fell over');\n"
        "});\n")
    message = first_move_failure(f"node {bot}")
    assert message.endswith("(exit code 1; it said: Error: my strategy fell over)")


def test_the_quoted_line_carries_no_terminal_codes(tmp_path: Path) -> None:
    # A coloured logger's line was printed as written: a bot's stderr could ring the bell,
    # colour the table or clear the user's screen through the failure message.
    stderr = "\x1b[31mERROR\x1b[0m no legal move\x07 \x1b[2J\x1b[Hdone\tnow\n"
    message = first_move_failure(_crash_on_turn(tmp_path, stderr))
    assert message.endswith("it said: ERROR no legal move\\x07 done\\tnow)")


def test_a_long_last_line_is_cut_with_an_ellipsis(tmp_path: Path) -> None:
    # It was cut at 200 characters with no mark, so a message such as "cannot parse
    # {...}" read as if the bot had said only that much.
    stderr = "ValueError: cannot parse " + "x" * 300 + " at the end\n"
    message = first_move_failure(_crash_on_turn(tmp_path, stderr))
    assert message.endswith("it said: ValueError: cannot parse " + "x" * 175 + "…)")
