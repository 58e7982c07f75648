"""Online rooms: play Go Fish with friends over the network (see docs/online.md).

The web app calls :func:`mount_rooms` once; everything else lives in this package.
"""

from gofish.online.app import create_rooms_app, mount_rooms, serve
from gofish.online.server import RoomServer, RoomSettings

__all__ = ["RoomServer", "RoomSettings", "create_rooms_app", "mount_rooms", "serve"]
