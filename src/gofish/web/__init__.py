"""Play in the browser: an ASGI app (``create_app``) serving a live table over websockets.

The server holds every game (``GameSession``); a page only ever receives its
own seat's view. The front end is plain HTML, CSS and JavaScript modules in
``static/``, served as they are: no build step.
"""

from gofish.web.app import create_app
from gofish.web.session import GameSession, MoveRefused, Seat

__all__ = ["GameSession", "MoveRefused", "Seat", "create_app"]
