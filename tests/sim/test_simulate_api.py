"""``gofish.sim.simulate`` from Python: bad arguments are refused saying what is wrong."""

from __future__ import annotations

import re

import pytest

from gofish.core import MalformedInputError

pytest.importorskip("numba")

from gofish.sim import simulate


@pytest.mark.parametrize(("arguments", "complaint"), [
    ({"bots": "random"}, "bots must be a list of bot names, not 'random'"),
    ({"bots": ["random", 3]}, "bots must be a list of bot names, and 3 is not one"),
    ({"games": -1}, "games must be a whole number from 1, not -1"),
    ({"games": True}, "games must be a whole number from 1, not True"),
    ({"seed": "x"}, "seed must be a whole number, not 'x'"),
    ({"seed": 1.5}, "seed must be a whole number, not 1.5"),
    ({"first_deal": 1.5}, "first_deal must be a whole number from 0, not 1.5"),
    ({"first_deal": 2**63}, "first_deal + games - 1 (the last deal) must be at most"),
])
def test_bad_arguments_are_refused_clearly(arguments: dict, complaint: str) -> None:
    call = {"rules": "classic", "bots": ["random", "emma"], "games": 5, **arguments}
    with pytest.raises(MalformedInputError, match=re.escape(complaint)):
        simulate(**call)


def test_the_last_deal_number_can_be_played() -> None:
    # The deals run from first_deal to first_deal + games - 1, and play_deals takes deal
    # 2**63 - 1: simulate refused a batch ending on it, one deal short of its own bound.
    import numpy as np

    from gofish.sim import play_deals

    last = 2**63 - 1
    ending_there = simulate("classic", ["random", "emma"], games=3, seed=5, first_deal=last - 2)
    one_by_one, _ = play_deals("classic", 2, 5, np.array([last - 2, last - 1, last]),
                               np.zeros(3, np.int64), np.array([[0, 1]] * 3))
    assert (ending_there.books == one_by_one).all()
    with pytest.raises(MalformedInputError, match=f"not {last + 1}"):
        simulate("classic", ["random", "emma"], games=3, seed=5, first_deal=last - 1)


def test_bot_names_are_read_as_make_bot_reads_them() -> None:
    shouting = simulate("classic", ["Random", " EMMA "], games=200, seed=3)
    quiet = simulate("classic", ["random", "emma"], games=200, seed=3)
    assert (shouting.books == quiet.books).all()
    assert (shouting.actions == quiet.actions).all()


def test_numpy_whole_numbers_are_whole_numbers() -> None:
    # A study loops over numpy arrays: np.int64(200) was refused as "not a whole number".
    import numpy as np

    numpy_ints = simulate("classic", ["random", "emma"], games=np.int64(200), seed=np.uint64(3),
                          first_deal=np.int32(4))
    python_ints = simulate("classic", ["random", "emma"], games=200, seed=3, first_deal=4)
    assert (numpy_ints.books == python_ints.books).all()
    with pytest.raises(MalformedInputError, match="games must be a whole number from 1, not"):
        simulate("classic", ["random", "emma"], games=np.True_)


def test_the_ask_loop_is_never_called_with_a_constant() -> None:
    """numba types a constant argument as a literal and compiles a copy of the function per
    literal value; play_on is the kernel's longest compile (some 30 s), and was compiled
    three times over that way. Every call must pass it typed values."""
    import ast
    from pathlib import Path

    import gofish.sim

    calls = []
    for source in Path(gofish.sim.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(source.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "play_on":
                calls.append(node)
                constants = [ast.unparse(arg) for arg in node.args
                             if isinstance(arg, ast.Constant)
                             or (isinstance(arg, ast.Name) and arg.id.isupper())]
                assert not constants, f"{source.name}:{node.lineno} passes {constants}"
    assert len(calls) >= 2  # whole games and the endgame search


def test_more_games_than_memory_holds_are_refused_before_allocating(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # 10**10 games ended in numpy's MemoryError for their result arrays: 560 GB.
    import numpy as np

    def no_allocation(*args: object, **kwargs: object) -> None:
        raise AssertionError("simulate allocated its arrays before refusing")

    monkeypatch.setattr(np, "tile", no_allocation)
    with pytest.raises(MalformedInputError) as refused:
        simulate("classic", ["random", "emma"], games=10**10)
    message = str(refused.value)
    assert "games=10,000,000,000 needs about 560.0 GB of memory" in message
    assert "play them in batches" in message and "first_deal=n" in message


def test_the_batches_it_names_can_be_played(monkeypatch: pytest.MonkeyPatch) -> None:
    import numpy as np

    import gofish.sim

    monkeypatch.setattr(gofish.sim, "memory_bytes", lambda: 1_000_000)  # a 1 MB machine
    with pytest.raises(MalformedInputError, match=r"5\.6 GB.*more than this machine's 0\.0 GB"
                       r".*batches of at most 1,000 games"):
        simulate("classic", ["random", "emma"], games=100_000_000)
    batches = [simulate("classic", ["random", "emma"], games=1_000, seed=4, first_deal=first)
               for first in (0, 1_000)]
    whole = simulate("classic", ["random", "emma"], games=2_000, seed=4)
    assert (np.concatenate([batch.books for batch in batches]) == whole.books).all()


def test_a_failed_allocation_is_said_as_a_refusal(monkeypatch: pytest.MonkeyPatch) -> None:
    import gofish.sim

    def out_of_memory(*args: object) -> None:
        raise MemoryError

    monkeypatch.setattr(gofish.sim, "play_deals", out_of_memory)
    with pytest.raises(MalformedInputError, match="more than is free now: play them in batches"):
        simulate("classic", ["random", "emma"], games=1_000)

