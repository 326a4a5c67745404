"""How many complete 4-player heuristic-bot games of Dinosaur Island one core plays per second.

Target (issue 5): at least 50 games/s. Run: `PYTHONPATH=$PWD python benchmarks/dino_simulate.py
[--games N] [--players P] [--bots heuristic]`. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import random
import time

from dino_kit.bots import bot_by_name
from dino_kit.simulate import game_seed, play_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="heuristic")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    bots = [bot_by_name(args.bots)] * args.players
    play_game(bots, random.Random(0))  # warm up (component loading, caches)
    steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    for g in range(args.games):
        state = play_game(bots, random.Random(game_seed(args.seed, g)))
        steps += len(state.moves())
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start  # CPU time: less noisy on a shared machine
    print(
        f"{args.games} {args.players}-player {args.bots} games: {elapsed:.2f} s wall, "
        f"{cpu:.2f} s CPU -> {args.games / cpu:.1f} games/s per core (CPU time), "
        f"{steps / cpu:,.0f} steps/s; {steps / args.games:.0f} steps per game; target ≥ 50 games/s"
    )


if __name__ == "__main__":
    main()
