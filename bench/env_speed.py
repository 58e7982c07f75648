"""Agent steps per second in the three learning environments, side by side.

``GoFishEnv`` (one agent against Emma, which the env plays itself), the same as a
``gymnasium.Env`` made by ``gymnasium.make`` (with Gymnasium's checker and order
wrappers), and the PettingZoo table (every seat an agent, ``env()``'s wrappers). Every
agent picks a uniformly random legal action. A step is one agent's ask; the single-agent
envs also play Emma's turns inside a step, so their steps cost more than the table's.
The rounds interleave the three, and the ratios compare each to ``GoFishEnv`` within a
round (the machine is shared and noisy).

Run: ``python bench/env_speed.py [--seconds 2] [--rounds 3] [--rules classic]
[--players 2]`` (needs Gymnasium and PettingZoo: ``pip install .[rl]``).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import gymnasium
import numpy as np

import _args
import gofish
from gofish.cli import gofish_options, whole
from gofish.env import GoFishEnv
from gofish.gymnasium_env import ENV_ID
from gofish.pettingzoo_env import env as table_env

Runner = Callable[[float], float]


def single_agent(make: Callable[[], object]) -> Runner:
    """Steps/s of CPU of a Gymnasium-shaped env for ``seconds``: random legal asks."""
    def run(seconds: float) -> float:
        env, rng, steps, seed = make(), np.random.default_rng(0), 0, 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            _, info = env.reset(seed=seed)  # type: ignore[attr-defined]
            seed += 1
            done = info["winners"] is not None
            while not done:
                _, _, terminated, truncated, info = env.step(  # type: ignore[attr-defined]
                    int(rng.choice(info["legal"])))
                steps, done = steps + 1, terminated or truncated
        return steps / (time.process_time() - start)
    return run


def every_seat(rules: str, players: int) -> Runner:
    """Steps/s of CPU of the PettingZoo table, each agent asking at random."""
    def run(seconds: float) -> float:
        table, rng, steps, seed = table_env(rules=rules, players=players), \
            np.random.default_rng(0), 0, 0
        start = time.process_time()
        while time.process_time() - start < seconds:
            table.reset(seed=seed)
            seed += 1
            for _ in table.agent_iter():
                observation, _, terminated, truncated, _ = table.last()
                if terminated or truncated:
                    table.step(None)
                    continue
                table.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
        return steps / (time.process_time() - start)
    return run


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    gofish_options(parser)  # '--seconds=--' is refused in words, not a traceback
    parser.add_argument("--seconds", type=_args.seconds, default=2.0)
    parser.add_argument("--rounds", type=_args.at_least_one, default=3)
    parser.add_argument("--rules", default="classic", choices=["classic", "bicycle", "nordic"])
    parser.add_argument("--players", type=whole, default=2, choices=range(2, 6))
    args = parser.parse_args()
    runners = {
        "GoFishEnv": single_agent(lambda: GoFishEnv(args.rules, players=args.players)),
        "gymnasium.make": single_agent(lambda: gymnasium.make(
            f"gofish.gymnasium_env:{ENV_ID}", rules=args.rules, players=args.players)),
        "pettingzoo env()": every_seat(args.rules, args.players),
    }
    core = "compiled" if gofish.COMPILED else "interpreted"
    print(f"rules core {core}; {args.rules}, {args.players} players; {args.seconds} s of CPU "
          "each, per round")
    for number in range(1, args.rounds + 1):
        rates = {name: run(args.seconds) for name, run in runners.items()}
        base = rates["GoFishEnv"]
        print(f"round {number}: " + "; ".join(
            f"{name} {rate:,.0f} steps/s ({rate / base:.2f})" for name, rate in rates.items()))


if __name__ == "__main__":
    main()
