"""make_bot reads a factory's signature once, not at every call: reading it took 20-90 µs
(0.45 ms on the audit's machine), far more than making the bot, and a tournament on the
engine makes a bot for every seat of every game."""

from __future__ import annotations

import inspect
import random
from collections.abc import Iterator, Sequence

import pytest

from gofish.bots import EmmaBot, base, make_bot, register_bot
from gofish.core import Ask, View


@pytest.fixture(autouse=True)
def registry(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(base, "_REGISTRY", dict(base._REGISTRY))
    base._read_signature.cache_clear()
    yield
    base._read_signature.cache_clear()


def counted_signatures(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    read: list[object] = []
    real = inspect.signature

    def counting(factory: object, *args: object, **kwargs: object) -> inspect.Signature:
        read.append(factory)
        return real(factory, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(inspect, "signature", counting)
    return read


def test_a_factorys_signature_is_read_once_for_many_bots(
        monkeypatch: pytest.MonkeyPatch) -> None:
    read = counted_signatures(monkeypatch)
    bots = [make_bot("emma:memory=2") for _ in range(200)] + [make_bot("Emma") for _ in range(5)]
    assert all(isinstance(bot, EmmaBot) for bot in bots) and bots[0].recall == 2
    assert read == [EmmaBot]
    with pytest.raises(ValueError, match="does not take that option: depth"):
        make_bot("emma", depth=3)  # the signature read before still refuses
    assert read == [EmmaBot]


class Tunable:
    name = "tunable"

    def __init__(self, **options: object) -> None:
        self.options = options

    def choose(self, view: View, legal: Sequence[Ask], rng: random.Random) -> Ask:
        return legal[0]


def test_registering_forgets_the_signatures_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def factory(**options: object) -> Tunable:
        return Tunable(**options)

    register_bot("tunable", factory, "takes any option", options={"depth": "how deep"})
    assert make_bot("tunable:depth=2").options == {"depth": 2}  # type: ignore[attr-defined]
    # The same function, now saying it takes nothing: registered again, it is read again.
    factory.__signature__ = inspect.Signature()  # type: ignore[attr-defined]
    register_bot("tunable", factory, "takes nothing now", options={"depth": "how deep"})
    with pytest.raises(ValueError, match=r"'tunable' does not take that option: depth \(it "
                                         r"takes none\)"):
        make_bot("tunable:depth=2")


class Unhashable:
    """A callable object that cannot be a dict key (an __eq__ without a __hash__)."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Unhashable)

    __hash__ = None  # type: ignore[assignment]

    def __call__(self, depth: int = 1) -> Tunable:
        return Tunable(depth=depth)


def test_a_factory_that_cannot_be_a_key_is_read_every_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    register_bot("unhashable", Unhashable(), "an object factory", options={"depth": "deep"})
    read = counted_signatures(monkeypatch)
    assert make_bot("unhashable:depth=4").options == {"depth": 4}  # type: ignore[attr-defined]
    assert make_bot("unhashable").options == {"depth": 1}  # type: ignore[attr-defined]
    assert len(read) == 2
    with pytest.raises(ValueError, match="does not take that option: width"):
        make_bot("unhashable", width=2)
