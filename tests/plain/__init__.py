"""Tests of the plain line mode (``gofish play --plain``) and ``gofish resume``."""
