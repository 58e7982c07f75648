"""Tests of the terminal table (``gofish play``), driven through Textual's pilot."""
