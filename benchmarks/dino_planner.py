"""How well and how fast the planning bot plays: a seat-balanced tournament of the planner
against 3 heuristic bots (4 players), and the CPU time of each of its decisions.

Targets (issue 15): at least 45% wins, with enough games for a 95% interval of ±3 points
(about 1,100 games), and at most 1 s per decision on one core. Run:
`PYTHONPATH=$PWD python benchmarks/dino_planner.py [--games N] [--seed S] [--rollouts R]
[--candidates K]`. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from dino_kit.bots import bot_by_name
from dino_kit.planner import DEFAULT_CANDIDATES, DEFAULT_ROLLOUTS, make_planner
from dino_kit.simulate import game_seed, play_game, seating
from kit_common.statistics import mean_interval, wilson_interval


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--candidates", type=int, default=DEFAULT_CANDIDATES)
    args = parser.parse_args()
    planner = make_planner(args.rollouts, args.candidates)
    times: list[float] = []

    def timed(state, rng):
        start = time.process_time()
        action = planner(state, rng)
        times.append(time.process_time() - start)
        return action

    heuristic = bot_by_name("heuristic")
    entries = [timed, heuristic, heuristic, heuristic]
    wins, scores = 0.0, []
    start = time.process_time()
    for g in range(args.games):
        order = seating(4, g)
        state = play_game([entries[e] for e in order], random.Random(game_seed(args.seed, g)))
        seat = order.index(0)
        wins += state.returns()[seat]
        scores.append(state.final[seat])
        if (g + 1) % 4 == 0:
            share = wilson_interval(wins, g + 1)
            print(f"  {g + 1} games: {share.estimate:.1%} [{share.low:.1%}, {share.high:.1%}]")
    share = wilson_interval(wins, args.games)
    score = mean_interval(scores)
    print(
        f"planner ({args.rollouts} rollouts x {args.candidates} candidates) vs 3 heuristic, "
        f"{args.games} seat-balanced 4-player games, seed {args.seed}: "
        f"win share {share.estimate:.1%} [{share.low:.1%}, {share.high:.1%}] "
        f"(±{share.half_width:.1%}); mean score {score.estimate:.1f} [{score.low:.1f}, "
        f"{score.high:.1f}]; {len(times)} decisions, CPU per decision: mean "
        f"{statistics.fmean(times):.3f} s, median {statistics.median(times):.3f} s, "
        f"max {max(times):.3f} s; total CPU {time.process_time() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
