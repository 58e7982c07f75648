"""setup.py compiles the rules core with mypyc when it can, and otherwise ships the pure
core with a one-line warning; what ``make test`` installed is the compiled core when a C
compiler is present."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import gofish

ROOT = Path(__file__).resolve().parents[1]


def build_wheel(tmp_path: Path, **env: str) -> tuple[str, list[str]]:
    """Build a wheel from a copy of the project; return pip's output and the wheel's files."""
    project = tmp_path / "project"
    for name in ("pyproject.toml", "setup.py", "README.md"):
        project.mkdir(exist_ok=True)
        shutil.copy(ROOT / name, project / name)
    shutil.copytree(ROOT / "src", project / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.egg-info"))
    result = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "-v", "--no-deps", "-w", str(tmp_path), "."],
        cwd=project, env={**os.environ, **env}, capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    (wheel,) = tmp_path.glob("gofish-*.whl")
    # A fallback wheel may keep its files under gofish-*.data/purelib/: pip installs
    # those into site-packages all the same.
    files = [name.split("/purelib/")[-1] for name in zipfile.ZipFile(wheel).namelist()]
    return result.stdout + result.stderr, files


@pytest.mark.parametrize(
    ("env", "reason"),
    [
        ({"CC": "false"}, "compiling the core failed"),  # a C compiler that always fails
        ({"GOFISH_PURE": "1"}, "GOFISH_PURE is set"),
    ],
)
def test_without_a_compiler_the_pure_core_ships_with_a_warning(
    tmp_path: Path, env: dict[str, str], reason: str
) -> None:
    output, files = build_wheel(tmp_path, **env)
    (warning,) = {line.strip() for line in output.splitlines() if "warning: gofish:" in line}
    assert warning.startswith(f"warning: gofish: {reason}")
    assert warning.endswith("; installing the pure-Python rules core")
    assert "gofish/core/game.py" in files and "gofish/core/rules.py" in files
    assert [name for name in files if name.endswith(".so")] == []


def test_the_installed_core_is_compiled_when_a_compiler_is_present() -> None:
    source_on_path = Path(gofish.__file__).resolve().parent == ROOT / "src" / "gofish"
    if source_on_path or os.environ.get("GOFISH_PURE") or not shutil.which("cc"):
        pytest.skip("testing the source, or no C compiler: the pure core is expected")
    assert gofish.COMPILED, "pip install fell back to the pure core: see its -v output"
    core = Path(gofish.core.game.__file__)
    assert core.suffix == ".so" and core.with_name("game.py").is_file()
