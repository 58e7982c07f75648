"""bench/paired.py reads a bot written as gofish writes it (NAME:KEY=VALUE)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

from gofish.bots import CounterBot, ExpertBot

PAIRED = Path(__file__).resolve().parents[2] / "bench" / "paired.py"


def _paired():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("paired_bench_specs", PAIRED)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["paired_bench_specs"] = module
    spec.loader.exec_module(module)
    return module


def test_the_engine_spec_with_a_colon_is_a_bot_not_a_module() -> None:
    # 'expert:endgame=0' (gofish play, gofish tournament, docs) was taken for MODULE:FUNCTION
    # and refused as "No module named 'expert'".
    paired = _paired()
    bot = paired.build_bot("expert:endgame=0")
    assert isinstance(bot, ExpertBot) and not bot.searches_endgame
    counter = paired.build_bot("counter:epsilon=0.25")
    assert isinstance(counter, CounterBot) and counter.epsilon == 0.25
    assert paired.build_bot("counter,epsilon=0.25").epsilon == 0.25  # the bench's own form


def test_module_and_function_are_still_read(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "my_variant_bot.py").write_text(
        "from gofish.bots import CounterBot\ndef make():\n    return CounterBot(epsilon=0.5)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _paired().build_bot("my_variant_bot:make").epsilon == 0.5
