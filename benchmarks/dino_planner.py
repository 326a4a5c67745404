"""How well and how fast the planning bot plays: a seat-balanced tournament of the planner
against 3 heuristic bots (4 players), and the CPU time of each of its decisions.

Targets (issue 15): at least 45% wins, with enough games for a 95% interval of ±3 points
(about 1,100 games), and at most 1 s per decision on one core. Run:
`PYTHONPATH=$PWD python benchmarks/dino_planner.py [--games N] [--seed S] [--planner
planner:RxK] [--jobs K] [--timing-games M]`. The tournament is `dino_kit.simulate.tournament`
(what `dino-kit tournament` plays: the same games for any number of jobs); the decisions are
timed in this process over its first M games. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from dino_kit.bots import bot_by_name
from dino_kit.simulate import game_seed, play_game, seating, tournament
from kit_common.study import TextProgress


def decision_times(planner: str, games: int, seed: int) -> list[float]:
    """CPU seconds of each of the planner's decisions in the tournament's first games."""
    bot = bot_by_name(planner)
    heuristic = bot_by_name("heuristic")
    times: list[float] = []

    def timed(state, rng):
        start = time.process_time()
        action = bot(state, rng)
        times.append(time.process_time() - start)
        return action

    entries = [timed, heuristic, heuristic, heuristic]
    for g in range(games):
        order = seating(4, g)
        play_game([entries[e] for e in order], random.Random(game_seed(seed, g)))
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--planner", default="planner", help="a bot name, e.g. planner:3x6")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timing-games", type=int, default=8)
    args = parser.parse_args()
    bots = [args.planner, "heuristic", "heuristic", "heuristic"]
    start = time.perf_counter()
    result = tournament(
        bots,
        args.games,
        args.seed,
        jobs=args.jobs,
        progress=TextProgress.on_terminal("games", sys.stdout),
    )
    wall = time.perf_counter() - start
    planner = result.entries[0]
    share, score = planner.win_share, planner.score
    times = decision_times(args.planner, min(args.timing_games, args.games), args.seed)
    print(
        f"{args.planner} vs 3 heuristic, {args.games} seat-balanced 4-player games, seed "
        f"{args.seed}: win share {share.estimate:.1%} [{share.low:.1%}, {share.high:.1%}] "
        f"(±{share.half_width:.1%}); mean score {score.estimate:.1f} [{score.low:.1f}, "
        f"{score.high:.1f}]; {result.rounds_mean:.2f} rounds a game; {wall:.0f} s with "
        f"{args.jobs} job(s)"
    )
    if not times:  # --timing-games 0: the tournament alone
        return
    print(
        f"CPU per decision over the first {min(args.timing_games, args.games)} games "
        f"({len(times)} decisions): mean {statistics.fmean(times):.3f} s, median "
        f"{statistics.median(times):.3f} s, max {max(times):.3f} s; target ≤ 1 s"
    )


if __name__ == "__main__":
    main()
