"""Random-play games per second: this engine against OpenSpiel's ``go_fish``, side by side.

Each measurement runs in a fresh subprocess pinned to one core, and the
variants take turns round after round, so a noisy machine hits them alike.
Rates are per second of the process's own CPU time, so other work on a shared
machine slows the clock less than it would wall-clock rates.
Printed: the median games/s of each variant and each one's ratio to OpenSpiel.

Variants:
- ``installed``: the engine as installed, through the public API: its rules core
  is compiled by mypyc when ``pip install .`` found a C compiler (the header line
  says which; ``gofish.COMPILED``);
- ``pure``: the same engine interpreted, from ``src/`` (``PYTHONPATH=src``);
- ``openspiel``: ``pyspiel.load_game("go_fish")`` with the same random loop
  (the ``bench`` extra installs ``open-spiel``).

Run: ``make bench`` or ``python bench/engine_speed.py [--seconds S] [--rounds R]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import _args
from gofish.cli import gofish_options

ROOT = Path(__file__).resolve().parent.parent
CONFIGS = (("classic", 2), ("bicycle", 4), ("nordic", 4))


def engine_worker(preset: str, players: int, seconds: float) -> float:
    """Play seeded random games through the public API for ``seconds``; return games/s."""
    import random

    import gofish

    rng = random.Random(1)
    randrange = rng.randrange
    games = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(50):
            game = gofish.new_game(preset, players, seed=games)
            while game.current_player is not None:
                legal = game.legal_actions()
                game.play(legal[randrange(len(legal))])
            games += 1
    return games / (time.process_time() - start)


def openspiel_worker(players: int, seconds: float) -> float:
    """The same loop over OpenSpiel's go_fish; chance outcomes sampled in Python too."""
    import random

    import pyspiel  # type: ignore[import-not-found]

    game_type = pyspiel.load_game("go_fish", {"players": players})
    rng = random.Random(1)
    randrange = rng.randrange
    games = 0
    start = time.process_time()
    deadline = start + seconds
    while time.process_time() < deadline:
        for _ in range(50):
            state = game_type.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes = state.chance_outcomes()
                    state.apply_action(outcomes[randrange(len(outcomes))][0])
                else:
                    legal = state.legal_actions()
                    state.apply_action(legal[randrange(len(legal))])
            games += 1
    return games / (time.process_time() - start)


def variant_env(variant: str) -> dict[str, str]:
    """``pure`` imports the source tree; the others whatever is installed."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if variant == "pure":
        env["PYTHONPATH"] = str(ROOT / "src")
    return env


def installed_engine() -> tuple[bool, str]:
    """Whether the installed core is compiled, and where the package lives."""
    probe = subprocess.run(
        [sys.executable, "-c", "import gofish; print(gofish.COMPILED, gofish.__file__)"],
        env=variant_env("installed"), capture_output=True, text=True, check=True,
    )
    compiled, path = probe.stdout.split(maxsplit=1)
    return compiled == "True", str(Path(path.strip()).parent)


def measure(variant: str, preset: str, players: int, seconds: float) -> float:
    env = variant_env(variant)
    command = [sys.executable, __file__, "--worker", variant, preset, str(players), str(seconds)]
    if shutil.which("taskset"):
        command = ["taskset", "-c", "0", *command]  # one core, the same one for everybody
    out = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    return float(out.stdout.strip().splitlines()[-1])


def has_openspiel() -> bool:
    probe = subprocess.run([sys.executable, "-c", "import pyspiel"], capture_output=True)
    return probe.returncode == 0


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--seconds", type=_args.seconds, default=3.0, help="per measurement")
    parser.add_argument("--rounds", type=_args.at_least_one, default=3)
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        variant, preset, players, seconds = args.worker
        if variant == "openspiel":
            print(openspiel_worker(int(players), float(seconds)))
        else:
            print(engine_worker(preset, int(players), float(seconds)))
        return 0

    variants = ["installed", "pure"]
    compiled, location = installed_engine()
    if has_openspiel():
        variants.append("openspiel")
    else:
        print("open-spiel is not installed (pip install '.[bench]'): no ratio", file=sys.stderr)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; {args.rounds} rounds of {args.seconds:g} s")
    core = "compiled with mypyc" if compiled else "pure Python (no compiler, or editable)"
    print(f"installed engine: {location}, rules core {core}")
    for preset, players in CONFIGS:
        samples: dict[str, list[float]] = {v: [] for v in variants}
        for _ in range(args.rounds):
            for variant in variants:
                samples[variant].append(measure(variant, preset, players, args.seconds))
        medians = {v: statistics.median(s) for v, s in samples.items()}
        line = f"{preset} {players}p: " + ", ".join(
            f"{v} {medians[v]:,.0f} games/s" for v in variants
        )
        if "openspiel" in medians:
            line += " | ratio to openspiel: " + ", ".join(
                f"{v} {medians[v] / medians['openspiel']:.2f}" for v in variants if v != "openspiel"
            )
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
