"""``render_mode="human"`` prints to whatever standard output is, and a training run must
not die of it.

It printed with ``print``: a stream whose encoding has no ♠ (a Latin-1 or ASCII locale,
a redirect on Windows) raised UnicodeEncodeError out of ``reset``, and a reader that went
away (``python train.py | head``) or a closed stream raised out of ``step``.
"""

from __future__ import annotations

import io
import sys

import pytest

from gofish.env import GoFishEnv


class _GoneReader(io.StringIO):
    """Standard output whose reader left: every write is a broken pipe."""

    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def _pictures(monkeypatch: pytest.MonkeyPatch, stream: object) -> GoFishEnv:
    """A human-mode environment reset and stepped once with ``stream`` as standard output."""
    monkeypatch.setattr(sys, "stdout", stream)
    env = GoFishEnv("classic", players=2, opponents=["emma"], render_mode="human")
    _, info = env.reset(seed=1)
    env.step(info["legal"][0])
    return env


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp1252"])
def test_cards_a_stream_cannot_encode_are_printed_in_plain_forms(
        monkeypatch: pytest.MonkeyPatch, encoding: str) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding=encoding, write_through=True)
    env = _pictures(monkeypatch, stream)
    printed = raw.getvalue().decode(encoding)
    drawn = GoFishEnv("classic", players=2, opponents=["emma"], render_mode="ansi")
    _, info = drawn.reset(seed=1)
    first = drawn.render()
    drawn.step(info["legal"][0])
    plain = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C"})
    assert printed == f"{first}\n{drawn.render()}\n".translate(plain)  # 9♦ as 9D
    assert "You draw the 6C from the pond." in printed
    assert env.render() is None


@pytest.mark.parametrize("stream", [_GoneReader(), "closed"], ids=["gone", "closed"])
def test_when_standard_output_cannot_be_written_the_episode_goes_on_with_a_warning(
        monkeypatch: pytest.MonkeyPatch, stream: object) -> None:
    if stream == "closed":
        stream = io.StringIO()
        stream.close()
    with pytest.warns(RuntimeWarning, match=r"render_mode='human' could not print the game "
                                            r"\(.+\); the environment goes on without it"):
        env = _pictures(monkeypatch, stream)
    assert env.view().current_player == 0  # stepped: the agent's turn again, as for seed 1


def test_with_no_standard_output_at_all_nothing_is_printed_or_said(
        monkeypatch: pytest.MonkeyPatch, recwarn: pytest.WarningsRecorder) -> None:
    """Started with it closed (``>&-``, or pythonw), Python sets sys.stdout to None."""
    env = _pictures(monkeypatch, None)
    assert env.render() is None and len(recwarn) == 0
