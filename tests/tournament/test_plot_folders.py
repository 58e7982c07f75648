"""tournament --plot where matplotlib's own folders cannot be written (a home directory
that is not there or not writable): the chart is drawn without matplotlib's warning that
it "created a temporary cache directory"."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from gofish.tournament.report import quiet_matplotlib_folders

MATPLOTLIB_VARIABLES = ("MPLCONFIGDIR", "XDG_CONFIG_HOME", "XDG_CACHE_HOME")


def test_a_home_that_cannot_be_written_gets_a_quiet_chart(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    blocker = tmp_path / "a-file"  # nothing can be made under a file, even by root
    blocker.write_text("")
    env = {name: value for name, value in os.environ.items()
           if name not in MATPLOTLIB_VARIABLES}
    env["HOME"] = str(blocker / "home")
    chart = tmp_path / "chart.png"
    done = subprocess.run([sys.executable, "-m", "gofish", "tournament", "random", "emma",
                           "--games", "2", "--seed", "1", "--jobs", "1", "--plot", str(chart)],
                          env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert chart.read_bytes()[:4] == b"\x89PNG"


@pytest.fixture
def matplotlib_not_loaded(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    return as_in_a_fresh_process(monkeypatch)


def as_in_a_fresh_process(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    """As in a fresh gofish process: matplotlib not imported, no MPLCONFIGDIR (restored
    after the test)."""
    monkeypatch.delitem(sys.modules, "matplotlib", raising=False)
    for name in MATPLOTLIB_VARIABLES:
        # Set first: delenv of an unset variable records nothing, so the MPLCONFIGDIR
        # quiet_matplotlib_folders sets would outlive the test, in every later one.
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    return monkeypatch


def test_an_unwritable_cache_folder_gets_a_private_one(
        matplotlib_not_loaded: pytest.MonkeyPatch, tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("")
    matplotlib_not_loaded.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    matplotlib_not_loaded.setenv("XDG_CACHE_HOME", str(blocker))
    quiet_matplotlib_folders()
    private = Path(os.environ["MPLCONFIGDIR"])
    assert private.is_dir() and os.access(private, os.W_OK)
    assert private.name.startswith("gofish-matplotlib-")


def test_usable_folders_and_the_users_own_setting_are_left_alone(
        matplotlib_not_loaded: pytest.MonkeyPatch, tmp_path: Path) -> None:
    matplotlib_not_loaded.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    matplotlib_not_loaded.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    quiet_matplotlib_folders()
    assert "MPLCONFIGDIR" not in os.environ
    matplotlib_not_loaded.setenv("XDG_CACHE_HOME", "/dev/null")
    matplotlib_not_loaded.setenv("MPLCONFIGDIR", str(tmp_path / "mine"))
    quiet_matplotlib_folders()
    assert os.environ["MPLCONFIGDIR"] == str(tmp_path / "mine")


def test_a_private_folder_set_in_a_test_is_gone_after_it(tmp_path: Path) -> None:
    before = os.environ.get("MPLCONFIGDIR")
    with pytest.MonkeyPatch.context() as patch:
        as_in_a_fresh_process(patch).setenv("XDG_CACHE_HOME", "/dev/null")
        quiet_matplotlib_folders()
        assert os.environ["MPLCONFIGDIR"] != before
    assert os.environ.get("MPLCONFIGDIR") == before


def test_without_matplotlib_no_folder_is_made_for_it(
        matplotlib_not_loaded: pytest.MonkeyPatch, tmp_path: Path) -> None:
    # --plot is then refused ("needs matplotlib"), and ~/.config/matplotlib and
    # ~/.cache/matplotlib were left behind, empty, for a program that is not there.
    from gofish.tournament import report

    matplotlib_not_loaded.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    matplotlib_not_loaded.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    matplotlib_not_loaded.setattr(report, "find_spec", lambda name: None)
    quiet_matplotlib_folders()
    assert not (tmp_path / "config").exists() and not (tmp_path / "cache").exists()
    assert "MPLCONFIGDIR" not in os.environ
