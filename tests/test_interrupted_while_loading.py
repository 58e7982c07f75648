"""Ctrl-C before a command has started (its modules loading, its options being read) ends
with "interrupted" and status 130, as it does once the command runs: a tournament stopped
in its first quarter second printed a traceback through importlib.

Until a ``try`` of ours runs, Python can only report Ctrl-C as a traceback. The program
starts in ``gofish.__main__``, whose ``try`` is around loading the commands, and the package
it sits in loads nothing (its re-export of the core is lazy), so that moment is a few
microseconds. It was a tenth of a second: a Ctrl-C 12-129 ms after start printed a
traceback through the rules core's imports. Python's own start-up (``site``, finding the
package) still ends in Python's traceback; nothing of ours has run then."""

from __future__ import annotations

import re
import signal
import subprocess
import sys
import time
from importlib.metadata import entry_points
from pathlib import Path

import pytest
from tests.processes import default_ctrl_c

import gofish
import gofish.cli
from gofish.cli import main

#: A frame in a file of the package (``…/gofish/core/game.py``), not the ``bin/gofish`` script.
OUR_FRAME = re.compile(r'File "[^"]*[/\\]gofish[/\\][^"]*"')
#: Interrupts commands' loading: importing this module, which ``gofish.cli`` imports, raises
#: KeyboardInterrupt (a finder consulted before any other).
INTERRUPT_THE_LOADING = """
import sys

class Interrupting:
    def find_spec(self, name, path=None, target=None):
        if name == "gofish.cli._messages":
            raise KeyboardInterrupt
        return None

sys.meta_path.insert(0, Interrupting())
"""


def test_ctrl_c_while_the_commands_load_is_status_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def interrupted() -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(gofish.cli, "build_parser", interrupted)
    assert main(["tournament", "emma", "random"]) == 130
    assert capsys.readouterr().err == "\ninterrupted\n"


@pytest.mark.parametrize("start", [
    "from gofish.__main__ import main; sys.exit(main())",  # as the installed command does
    "import runpy; runpy.run_module('gofish', run_name='__main__')",  # python -m gofish
])
def test_ctrl_c_while_the_program_loads_its_commands_is_status_130(start: str) -> None:
    done = subprocess.run([sys.executable, "-c", INTERRUPT_THE_LOADING + start, "--version"],
                          capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stderr, done.stdout) == (130, "\ninterrupted\n", "")


def test_the_installed_command_starts_in_gofish_main() -> None:
    (command,) = entry_points(group="console_scripts", name="gofish")
    assert command.value == "gofish.__main__:main"


def test_importing_the_package_loads_none_of_its_modules() -> None:
    """Everything the program loads before its ``try`` is a moment Ctrl-C prints a traceback."""
    done = subprocess.run(
        [sys.executable, "-c", "import sys, gofish.__main__\n"
         "print(' '.join(sorted(m for m in sys.modules if m.startswith('gofish'))))"],
        capture_output=True, text=True, timeout=60, check=True)
    assert done.stdout.split() == ["gofish", "gofish.__main__"]


def test_the_package_still_offers_the_core_by_name() -> None:
    assert gofish.new_game("classic", players=2, seed=7).rules.preset == "classic"
    assert {"Game", "new_game", "COMPILED"} <= set(dir(gofish))
    assert set(gofish.__all__) == set(gofish.core.__all__)
    with pytest.raises(AttributeError, match="no attribute 'no_such_name'"):
        gofish.no_such_name  # noqa: B018


def test_a_real_ctrl_c_while_starting_prints_no_traceback_of_ours() -> None:
    """Ctrl-C sent 20-120 ms after start, which used to land in the core's imports."""
    script = Path(sys.executable).with_name("gofish")
    command = [str(script)] if script.exists() else [sys.executable, "-m", "gofish"]
    for delay_ms in range(20, 121, 10):
        started = subprocess.Popen([*command, "--version"], stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True,
                                   preexec_fn=default_ctrl_c)
        time.sleep(delay_ms / 1000)
        started.send_signal(signal.SIGINT)
        _, err = started.communicate(timeout=60)
        assert not OUR_FRAME.search(err), f"Ctrl-C after {delay_ms} ms:\n{err}"
