"""Tests of the rules engine (``gofish.core``) and ``gofish replay``."""
