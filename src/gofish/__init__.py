"""gofish: Go Fish with exact rules, for players, bot writers and researchers.

The public engine API is re-exported from :mod:`gofish.core`::

    >>> import gofish
    >>> game = gofish.new_game("classic", players=2, seed=7)
    >>> game.current_player in (0, 1)
    True

The re-export is lazy: ``import gofish`` alone loads nothing, and the core is
imported the first time one of its names is used. The ``gofish`` command
starts in this package, and until its code runs, a Ctrl-C can only end in a
traceback; a package that loads nothing keeps that moment a few microseconds long.
"""

__version__ = "0.1.0"

TYPE_CHECKING = False  # not typing's: importing typing alone takes milliseconds
if TYPE_CHECKING:  # what the type checker sees: the names themselves
    from typing import Any

    from gofish.core import *  # noqa: F403
    from gofish.core import __all__ as __all__
else:

    def __getattr__(name: str) -> "Any":
        import gofish.core

        if name == "__all__" or name in gofish.core.__all__:
            return getattr(gofish.core, name)
        raise AttributeError(f"module 'gofish' has no attribute {name!r}")

    def __dir__() -> list[str]:
        import gofish.core

        return sorted({*globals(), *gofish.core.__all__})
