"""gofish: Go Fish with exact rules, for players, bot writers and researchers.

The public engine API is re-exported from :mod:`gofish.core`::

    >>> import gofish
    >>> game = gofish.new_game("classic", players=2, seed=7)
    >>> game.current_player in (0, 1)
    True
"""

from gofish.core import *  # noqa: F403
from gofish.core import __all__ as __all__

__version__ = "0.1.0"
