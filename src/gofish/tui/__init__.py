"""The terminal table (Textual). ``GoFishApp`` draws one ``TableSession``."""

from gofish.tui.app import GoFishApp

__all__ = ["GoFishApp"]
