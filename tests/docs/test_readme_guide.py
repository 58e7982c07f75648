"""The README walks a new user through gofish in a sensible order: playing (terminal,
browser, friends), then bots and tournaments, then the library and learning agents. It
told of tournaments and external bots only in its list of commands, after the learning
environments, and not at all of a bot written in Python (``register_bot``)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")
BOTS_SECTION = "## Bots, tournaments and your own bot"


def section(heading: str) -> str:
    start = README.index(f"\n{heading}\n")
    end = README.find("\n## ", start + 1)
    return README[start:] if end < 0 else README[start:end]


def test_the_readme_goes_from_playing_to_bots_to_the_library() -> None:
    order = ["## Set-up", "## Playing", "## Play in the browser",
             "## Play with friends (online rooms)", "## History and stats", BOTS_SECTION,
             "## The engine as a library", "## Commands"]
    places = [README.index(f"\n{heading}\n") for heading in order]
    assert places == sorted(places)


def test_the_bots_section_tells_each_way_to_compare_or_write_a_bot() -> None:
    text = " ".join(section(BOTS_SECTION).split())
    for told in ("gofish bots", "gofish tournament", "gofish.sim.simulate",
                 '"cmd:python examples/mybot.py"', "examples/jqbot.sh",
                 "docs/bots-protocol.md", "gofish.bots.register_bot", "gofish.bots.play_out",
                 '"Your own bot, in Python"', "examples/learn_to_ask.py"):
        assert told in text, told


def test_the_files_the_readme_names_are_there() -> None:
    for name in ("examples/mybot.py", "examples/jqbot.sh", "examples/learn_to_ask.py"):
        assert (ROOT / name).is_file(), name
    import gofish.bots
    import gofish.sim

    assert callable(gofish.bots.register_bot) and callable(gofish.bots.play_out)
    assert callable(gofish.sim.simulate)
