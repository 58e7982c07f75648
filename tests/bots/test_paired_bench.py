"""bench/paired.py: both versions really play the same deals with the same streams."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

from gofish.bots import CounterBot, ExpertBot

PAIRED = Path(__file__).resolve().parents[2] / "bench" / "paired.py"


@pytest.fixture(autouse=True)
def bench_on_path(monkeypatch: pytest.MonkeyPatch) -> None:
    """bench/ on the path, as for a script run: paired.py imports ``_args`` beside it (found
    before only when another test in the same worker had put bench/ there)."""
    monkeypatch.syspath_prepend(str(PAIRED.parent))


def load_paired():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("paired_bench", PAIRED)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["paired_bench"] = module
    spec.loader.exec_module(module)
    return module


def test_a_bot_against_itself_changes_no_deal() -> None:
    paired = load_paired()
    first = paired.play("counter", "emma", "classic", 6, 3, 1)
    again = paired.play("counter,epsilon=0", "emma", "classic", 6, 3, 1)
    assert first == again
    assert paired.paired_difference(first, again) == (0.0, 0.0, 0.0)
    assert all(score in (0.0, 0.5, 1.0, 1.5, 2.0) for score in first)


def test_a_different_bot_changes_deals_and_the_difference_is_per_game() -> None:
    paired = load_paired()
    mean, half_width, changed = paired.paired_difference([2.0, 0.0, 1.0, 1.0], [1.0, 1.0, 1.0, 2.0])
    assert mean == pytest.approx((-0.5 + 0.5 + 0 + 0.5) / 4)
    assert changed == 0.75
    assert half_width > 0


def test_bad_bot_specs_are_refused_with_a_message(capsys: pytest.CaptureFixture[str]) -> None:
    paired = load_paired()
    for spec in ("nobody", "expert,endgame", "no_such_module:bot"):
        with pytest.raises(SystemExit) as stop:
            paired.main(["expert", spec, "--deals", "2"])
        assert stop.value.code == 2
        assert "cannot build that bot" in capsys.readouterr().err


def test_the_engine_spec_with_a_colon_is_a_bot_not_a_module() -> None:
    # 'expert:endgame=0' (gofish play, gofish tournament, docs) was taken for MODULE:FUNCTION
    # and refused as "No module named 'expert'".
    paired = load_paired()
    bot = paired.build_bot("expert:endgame=0")
    assert isinstance(bot, ExpertBot) and not bot.searches_endgame
    counter = paired.build_bot("counter:epsilon=0.25")
    assert isinstance(counter, CounterBot) and counter.epsilon == 0.25
    assert paired.build_bot("counter,epsilon=0.25").epsilon == 0.25  # the bench's own form


def test_module_and_function_are_still_read(tmp_path: Path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "my_variant_bot.py").write_text(
        "from gofish.bots import CounterBot\ndef make():\n    return CounterBot(epsilon=0.5)\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert load_paired().build_bot("my_variant_bot:make").epsilon == 0.5


def test_a_malformed_option_after_a_bot_name_is_refused_as_an_option_not_a_module(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # 'expert:endgame' looks like MODULE:FUNCTION, but expert is a registered bot.
    with pytest.raises(SystemExit) as stop:
        load_paired().main(["expert", "expert:endgame", "--deals", "2"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert "should look like KEY=VALUE" in err and "No module" not in err
