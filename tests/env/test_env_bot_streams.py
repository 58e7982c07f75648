"""An opponent's generator in GoFishEnv tells it nothing of the deal. It was seeded with
``random.Random(seed).getrandbits(64) + index``: the first two words of the very stream
that shuffles the deck. ``random.Random`` seeded with a number can be undone from its
state, so a bot read those words back and replayed the shuffle's first draws: the pond's
bottom cards, every time, and from a small seed the whole deal."""

from __future__ import annotations

import random
from typing import Any, ClassVar

import pytest

from gofish.bots import base, register_bot
from gofish.core import GoFishError
from gofish.env import GoFishEnv


class _Recorder:
    """A bot that keeps its generator's state at its first ask."""

    name = "recorder"
    states: ClassVar[list[Any]] = []

    def choose(self, view: Any, legal: Any, rng: random.Random) -> Any:
        _Recorder.states.append(rng.getstate())
        return legal[0]


def _deal_stream_words(seed: int, count: int) -> list[int]:
    """The 64-bit words the deal's own generator gives first."""
    stream = random.Random(seed)
    return [stream.getrandbits(64) for _ in range(count)]


@pytest.fixture
def recorder(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    register_bot("recorder", _Recorder, "keeps its generator's state")
    _Recorder.states = []


@pytest.mark.usefixtures("recorder")
@pytest.mark.parametrize("seed", [0, 7, 123456])
def test_no_opponent_generator_is_seeded_from_the_deals_stream(seed: int) -> None:
    env = GoFishEnv("classic", players=3, opponents=["recorder"], seat=0)
    env.reset(seed=seed)
    while len(_Recorder.states) < 2:  # both opponents have asked
        env.step(env.legal_actions()[0])
    # Any generator seeded with a number near one of the deal stream's first words.
    leading_back = {random.Random(word + offset).getstate()
                    for word in [seed, *_deal_stream_words(seed, 8)] for offset in range(-4, 5)}
    assert not leading_back & set(_Recorder.states)
    assert _Recorder.states[0] != _Recorder.states[1]  # each seat a stream of its own


@pytest.mark.usefixtures("recorder")
def test_the_same_seed_still_gives_the_bots_the_same_streams() -> None:
    env = GoFishEnv("classic", players=2, opponents=["recorder"], seat=1)
    for wanted in (1, 2):
        env.reset(seed=5)
        while len(_Recorder.states) < wanted:
            env.step(env.legal_actions()[0])
    assert _Recorder.states[0] == _Recorder.states[1]


@pytest.mark.parametrize("seed", ["abc", "7"])
def test_a_text_seed_is_refused_as_gymnasium_would(seed: str) -> None:
    # new_game takes text seeds; the environment's are numbers, as the docs say.
    with pytest.raises(GoFishError, match="seed must be a whole number"):
        GoFishEnv().reset(seed=seed)  # type: ignore[arg-type]
