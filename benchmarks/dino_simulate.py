"""How many complete 4-player heuristic-bot games of Dinosaur Island one core plays per second.

Target (issue 5): at least 50 games/s; issue 15 aims at 150. Run: `PYTHONPATH=$PWD python
benchmarks/dino_simulate.py [--games N] [--players P] [--bots heuristic] [--repeat R]`.
Measured, never asserted. With the compiled build of `tools/build_fast.py` first on the path
(`PYTHONPATH=build/fast:$PWD`) it measures that build; the first line says which ran.

The same games are played `--repeat` times and the best run is reported (as `timeit` does):
on a shared machine other processes only ever slow a run down, so the fastest run is the
closest to what one free core does. CPU time (`time.process_time`) is used, not wall time.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from dino_kit import state as state_module
from dino_kit.bots import bot_by_name
from dino_kit.simulate import game_seed, play_game


def build() -> str:
    """Which engine runs: pure Python, or the mypyc build of `tools/build_fast.py` (where)."""
    if state_module.COMPILED:
        return f"compiled with mypyc ({Path(state_module.__file__).parents[1]})"
    return "pure Python"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=3, help="runs; the best is reported")
    args = parser.parse_args()
    print(f"engine: {build()}")
    bots = [bot_by_name(args.bots)] * args.players
    play_game(bots, random.Random(0))  # warm up (component loading, caches)
    runs = []
    for _ in range(max(1, args.repeat)):
        steps, rounds = 0, 0
        start, cpu_start = time.perf_counter(), time.process_time()
        for g in range(args.games):
            state = play_game(bots, random.Random(game_seed(args.seed, g)))
            steps += len(state.moves())
            rounds += state.round
        runs.append((time.process_time() - cpu_start, time.perf_counter() - start))
    cpu, elapsed = min(runs)
    print(
        f"{args.games} {args.players}-player {args.bots} games ({rounds / args.games:.2f} rounds, "
        f"{steps / args.games:.0f} steps per game), best of {len(runs)} runs: "
        f"{elapsed:.2f} s wall, "
        f"{cpu:.2f} s CPU -> {args.games / cpu:.1f} games/s per core (CPU time), "
        f"{steps / cpu:,.0f} steps/s; target ≥ 150 games/s"
    )
    print("all runs (games/s, CPU time): " + ", ".join(f"{args.games / c:.1f}" for c, _ in runs))


if __name__ == "__main__":
    main()
