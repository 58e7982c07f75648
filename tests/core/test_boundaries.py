"""The rules core imports only the standard library and itself; nothing else of the package."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import gofish.core

CORE_DIR = Path(gofish.core.__file__).parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            assert not node.level, f"{path.name}: use absolute imports"
            assert node.module is not None
            names.add(node.module)
    return names


def test_every_core_module_imports_only_the_standard_library_and_the_core() -> None:
    files = sorted(CORE_DIR.glob("*.py"))
    assert {p.name for p in files} >= {"game.py", "view.py", "cards.py", "record.py"}
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            if top == "gofish":
                assert name.startswith("gofish.core"), f"{path.name} imports {name}"
            else:
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}, which is not in the standard library"
                )


def test_importing_the_engine_loads_nothing_else_of_the_package() -> None:
    check = (
        "import sys, gofish; "
        "print(sorted(m for m in sys.modules if m.startswith('gofish') "
        "and not m.startswith('gofish.core') and m != 'gofish'))"
    )
    result = subprocess.run(
        [sys.executable, "-c", check], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
