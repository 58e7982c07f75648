"""gofish.storage sits on the core: it imports only the standard library and gofish.core
(plus itself), and nothing in the core imports it."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import gofish.storage

STORAGE_DIR = Path(gofish.storage.__file__).parent


def _imported_modules(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.add(node.module)
    return names


def test_storage_imports_only_the_standard_library_and_the_core() -> None:
    files = sorted(STORAGE_DIR.glob("*.py"))
    assert len(files) >= 5
    for path in files:
        for name in _imported_modules(path):
            top = name.split(".")[0]
            if top == "gofish":
                assert name == "gofish" or name.startswith(("gofish.core", "gofish.storage")), (
                    f"{path.name} imports {name}")
            else:
                assert top in sys.stdlib_module_names or top == "__future__", (
                    f"{path.name} imports {name}, which is not in the standard library")


def test_the_core_does_not_load_storage() -> None:
    check = "import sys, gofish, gofish.core; print('gofish.storage' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", check], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == "False"
