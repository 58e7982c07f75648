"""Random-play games per second: this engine against OpenSpiel's ``go_fish``, side by side.

Each measurement runs in a fresh subprocess pinned to one core, and the
variants take turns round after round, so a noisy machine hits them alike.
Rates are per second of the process's own CPU time, so other work on a shared
machine slows the clock less than it would wall-clock rates.
Printed: the median games/s of each variant and each one's ratio to OpenSpiel.

Variants:
- ``pure``: the engine as installed (pure Python), through the public API;
- ``compiled``: the same source with the core built by mypyc (``--no-compiled`` skips it);
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

ROOT = Path(__file__).resolve().parent.parent
COMPILED_DIR = ROOT / "build" / "compiled"
CORE_MODULES = ("errors", "rules", "actions", "events", "game")  # cards.py stays interpreted
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


def build_compiled() -> bool:
    """Build the mypyc-compiled copy of the package under build/compiled; False if impossible."""
    mypyc = shutil.which("mypyc") or str(Path(sys.executable).with_name("mypyc"))
    if not Path(mypyc).exists():
        print("mypyc not found (pip install mypy): skipping the compiled variant", file=sys.stderr)
        return False
    source = ROOT / "src" / "gofish"
    stamp = COMPILED_DIR / ".source-mtime"
    newest = str(max(p.stat().st_mtime for p in (source / "core").glob("*.py")))
    if stamp.exists() and stamp.read_text() == newest:
        return True
    shutil.rmtree(COMPILED_DIR, ignore_errors=True)
    shutil.copytree(source, COMPILED_DIR / "gofish", ignore=shutil.ignore_patterns("__pycache__"))
    targets = [f"gofish/core/{name}.py" for name in CORE_MODULES]
    result = subprocess.run(
        [mypyc, *targets], cwd=COMPILED_DIR, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        print(f"mypyc failed, skipping the compiled variant:\n{result.stdout[-2000:]}",
              file=sys.stderr)
        return False
    stamp.write_text(newest)
    return True


def measure(variant: str, preset: str, players: int, seconds: float) -> float:
    env = dict(os.environ)
    if variant == "compiled":
        env["PYTHONPATH"] = str(COMPILED_DIR)
    elif variant == "pure":
        env["PYTHONPATH"] = str(ROOT / "src")
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
    parser.add_argument("--seconds", type=float, default=3.0, help="per measurement")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-compiled", action="store_true")
    parser.add_argument("--worker", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        variant, preset, players, seconds = args.worker
        if variant == "openspiel":
            print(openspiel_worker(int(players), float(seconds)))
        else:
            print(engine_worker(preset, int(players), float(seconds)))
        return 0

    variants = ["pure"]
    if not args.no_compiled and build_compiled():
        variants.append("compiled")
    if has_openspiel():
        variants.append("openspiel")
    else:
        print("open-spiel is not installed (pip install -e '.[bench]'): no ratio", file=sys.stderr)
    print(f"machine: {platform.processor() or platform.machine()}, {os.cpu_count()} cores, "
          f"Python {platform.python_version()}; {args.rounds} rounds of {args.seconds:g} s")
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
