"""Where the planning bot's search pays: decisions sampled from seeded heuristic games, each
legal-action candidate valued by many heuristic rollouts, and what a budget of R rollouts for
each of K candidates gains over the heuristic bot's own choice, by kind of decision.

For every sampled decision, the heuristic bot's best `--candidates` actions are each played,
then rolled out `--rollouts` times to the end of the game (`dino_kit.planner.rollout`, common
random numbers: rollout r of every candidate shares its seed). The first half of the
rollouts choose (as a planner of that budget would), the second half judge: a budget's gain is
the judged value (`planner.margin`) of what it chose minus that of the heuristic bot's choice,
so its own luck in choosing does not flatter it. Run:
`PYTHONPATH=$PWD python benchmarks/dino_decisions.py [--games G] [--share S] [--rollouts R]
[--candidates K]`. Measured, never asserted (issue 15: how to spend the planner's budget).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import defaultdict

from dino_kit.engine import apply_action
from dino_kit.heuristic import complete, heuristic_bot, ranked_actions
from dino_kit.planner import position_seed, rollout
from dino_kit.simulate import game_seed, play_game
from dino_kit.state import GameState

BUDGETS = ((1, 2), (2, 4), (3, 4), (3, 6), (3, 8), (6, 8))  # (rollouts, candidates) compared


def sample_decisions(games: int, share: float, seed: int) -> list[GameState]:
    """Decisions with a choice met in `games` seeded 4-player heuristic games, each kept
    with probability `share` (drawn from its own source, not the games')."""
    keep = random.Random(seed)
    kept: list[GameState] = []

    def sampler(state: GameState, rng: random.Random):
        if len(ranked_actions(state)) > 1 and keep.random() < share:
            kept.append(state)
        return heuristic_bot(state, rng)

    for g in range(games):
        play_game([sampler] * 4, random.Random(game_seed(seed, g)))
    return kept


def candidate_values(state: GameState, candidates: int, rollouts: int) -> list[list[float]]:
    """For each of the heuristic bot's best `candidates` actions, its `rollouts` values."""
    tried = [complete(state, a) for _, a in ranked_actions(state)[:candidates]]
    seat, base = state.current_player(), position_seed(state)
    after = [apply_action(state, a) for a in tried]
    return [[rollout(s, seat, base + r, True) for r in range(rollouts)] for s in after]


def gain(values: list[list[float]], rollouts: int, candidates: int) -> float:
    """What a budget chooses with the first half's rollouts, judged by the second half."""
    half = len(values[0]) // 2
    chosen = values[:candidates]
    means = [statistics.fmean(v[:rollouts]) for v in chosen]
    best = max(range(len(chosen)), key=lambda i: (means[i], -i))
    judged = [statistics.fmean(v[half:]) for v in values]
    return judged[best] - judged[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--share", type=float, default=0.08)
    parser.add_argument("--seed", type=int, default=99)
    parser.add_argument("--rollouts", type=int, default=32)
    parser.add_argument("--candidates", type=int, default=8)
    args = parser.parse_args()
    start = time.process_time()
    decisions = sample_decisions(args.games, args.share, args.seed)
    by_kind: dict[str, list[list[list[float]]]] = defaultdict(list)
    for state in decisions:
        kind = ranked_actions(state)[0][1].kind
        by_kind[str(kind.name)].append(candidate_values(state, args.candidates, args.rollouts))
    usable = [b for b in BUDGETS if b[0] <= args.rollouts // 2 and b[1] <= args.candidates]
    print(
        f"{len(decisions)} decisions from {args.games} heuristic games (seed {args.seed}), "
        f"{args.candidates} candidates x {args.rollouts} rollouts each; gain over the heuristic "
        f"bot's choice in final margin, mean (standard error), by budget RxK:"
    )
    print(f"{'kind':>10} {'n':>4} " + " ".join(f"{f'{r}x{k}':>14}" for r, k in usable))
    everything = [v for listed in by_kind.values() for v in listed]
    for kind, listed in [*sorted(by_kind.items()), ("all", everything)]:
        cells = []
        for r, k in usable:
            gains = [gain(v, r, k) for v in listed]
            error = statistics.stdev(gains) / len(gains) ** 0.5 if len(gains) > 1 else 0.0
            cells.append(f"{statistics.fmean(gains):+6.2f} ({error:4.2f})")
        print(f"{kind:>10} {len(listed):>4} " + " ".join(f"{c:>14}" for c in cells))
    print(f"CPU {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
