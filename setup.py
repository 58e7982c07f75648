"""Build hook: compile the rules core with mypyc when possible, else ship it as pure Python.

``pip install .`` compiles the hot modules of ``gofish/core`` to C extensions
(about twice as fast at random play); the ``.py`` files ship beside them, so a
failed or skipped compile still leaves a working, identical engine. Compiling
is skipped, with a one-line warning, when:

- ``GOFISH_PURE=1`` is set;
- the install is editable (``pip install -e``): an extension next to the
  source would silently shadow every later edit of it;
- mypyc is missing or fails, or there is no working C compiler.

Everything else about the package is declared in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

# cards.py stays interpreted: its 52 interned cards are built by __new__ tricks
# that compiled classes do not allow, and it is not on the hot path.
COMPILED_MODULES = ("errors", "rules", "actions", "events", "game", "view")
# Stands in for the extensions until build_ext knows whether it can compile, so that
# mypyc (a whole type-check) runs once, at build time, not at every setup.py call.
PLACEHOLDER = Extension("gofish.core._mypyc_placeholder", sources=[])


def warn(message: str) -> None:
    print(f"warning: gofish: {message}; installing the pure-Python rules core", file=sys.stderr)


class BuildCore(build_ext):
    """``build_ext`` that compiles the core with mypyc, or builds nothing and says why."""

    def finalize_options(self) -> None:
        self.distribution.ext_modules = self._core_extensions()
        super().finalize_options()

    def _core_extensions(self) -> list[Extension]:
        reason = self._reason_to_skip()
        if reason:
            warn(reason)
            return []
        try:
            return self._mypyc_extensions()
        except (Exception, SystemExit) as error:  # mypyc reports type errors by exiting
            typed = isinstance(error, SystemExit) and not isinstance(error.code, str)
            warn(f"mypyc failed ({'type errors, listed above' if typed else _first_line(error)})")
            return []

    def run(self) -> None:
        # Extensions of an earlier build left in build/ would ship with this one (even
        # a pure one) and shadow the source: only what this run builds may be there.
        self._remove_extensions_under(Path(self.build_lib))
        try:
            super().run()
        except Exception as error:  # typically no C compiler
            # A half-built set of extensions would not import: leave none at all.
            self._remove_extensions_under(Path(self.build_lib))
            self.extensions = []
            warn(f"compiling the core failed ({_first_line(error)})")

    def _reason_to_skip(self) -> str:
        if os.environ.get("GOFISH_PURE", "") not in ("", "0"):
            return "GOFISH_PURE is set"
        if getattr(self, "editable_mode", False) or self.inplace:
            self._remove_extensions_under(Path("src"))  # left by an older in-place build
            return "editable install (compiled modules would shadow source edits)"
        try:
            import mypyc.build  # noqa: F401
        except ImportError:
            return "mypyc is not available (pip install mypy)"
        return ""

    def _mypyc_extensions(self) -> list[Extension]:
        from mypyc.build import mypycify

        paths = [f"src/gofish/core/{name}.py" for name in COMPILED_MODULES]
        return list(mypycify(paths, opt_level="3", target_dir="build/mypyc"))

    @staticmethod
    def _remove_extensions_under(root: Path) -> None:
        for pattern in ("gofish/core/*", "*__mypyc*"):
            for path in root.glob(pattern):
                if path.name.endswith(tuple(EXTENSION_SUFFIXES)):
                    path.unlink()


def _first_line(error: BaseException) -> str:
    text = str(error).strip() or type(error).__name__
    return text.splitlines()[0][:200]


setup(ext_modules=[PLACEHOLDER], cmdclass={"build_ext": BuildCore})
