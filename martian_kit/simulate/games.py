"""Game simulation: whole games of policies in fixed seats, vectorised over many games.

Games of score-blind policies only depend on the turn scores, which are independent draws
from each policy's exact turn-score distribution (`martian_kit.solver.distribution`), so
`play_games` samples the scores directly; a game-aware policy (`win`, `leader`) gives the
distribution of each position (`GameAwarePolicy.score_cdfs`). The end of the game follows
the rules: the game ends after the last seat of the first round in which someone has 25 or
more; ties go to 6-dice roll-offs (`resolve_ties`). `martian_kit.simulate.tournaments` plays
every turn instead, to count the players' statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

import numpy as np

from kit_common.checks import whole
from kit_common.statistics import Interval, wilson_interval
from kit_common.study import Progress
from martian_kit.game import TARGET, tiebreak_distribution
from martian_kit.policy import GameAwarePolicy, Policy
from martian_kit.simulate.sampling import Seed, generator, policy_name, seed_label
from martian_kit.solver.distribution import score_distribution
from martian_kit.solver.table import TablePolicy, require_table_policy


@cache
def _score_cdf(policy: TablePolicy) -> np.ndarray:
    """The cumulative turn-score distribution of a score-blind table policy (exact)."""
    cdf = np.cumsum(score_distribution(policy).probs)
    cdf[-1] = 1.0
    return cdf


@cache
def _tiebreak_cdf() -> np.ndarray:
    """The cumulative distribution of the Death Rays of one tie-break roll (exact)."""
    cdf = np.cumsum([float(p) for _, p in tiebreak_distribution()])
    cdf[-1] = 1.0
    return cdf


def resolve_ties(totals: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Winners of finished games (rows of totals): the highest total, ties settled by 6-dice
    roll-offs (most Death Rays; those still tied roll again). Returns winners and whether a
    tie-break was needed."""
    best = totals.max(axis=1, keepdims=True)
    tied = totals == best
    needed = tied.sum(axis=1) > 1
    cdf = _tiebreak_cdf()
    while True:
        multi = tied.sum(axis=1) > 1
        if not multi.any():
            break
        rows = np.nonzero(multi)[0]
        rays = np.searchsorted(cdf, rng.random((len(rows), totals.shape[1])), side="right")
        rays = np.where(tied[rows], rays, -1)
        tied[rows] = rays == rays.max(axis=1, keepdims=True)
    return tied.argmax(axis=1), needed


@dataclass(frozen=True)
class GameSimulation:
    """Results of simulated games, by seat: wins with 95 % intervals, mean rounds, the share
    of games settled by a tie-break."""

    policies: tuple[str, ...]
    games: int
    seed: int | None
    wins: tuple[int, ...]
    win_rate: tuple[float, ...]
    win_ci95: tuple[Interval, ...]
    mean_rounds: float
    tiebreaks: int

    def to_dict(self) -> dict:
        return {
            "policies": list(self.policies),
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            "win_rate": list(self.win_rate),
            "win_ci95": [[c.low, c.high] for c in self.win_ci95],
            "mean_rounds": self.mean_rounds,
            "tiebreaks": self.tiebreaks,
        }


def play_games(
    policies: Sequence[TablePolicy | Policy], n: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`n` games, one policy per seat, by sampling each turn's score from the policy's exact
    turn-score distribution: a fixed one for score-blind table policies, the one of the
    current position for game policies (`win`, `leader`). Returns final totals (n, seats),
    winners, rounds, tie-break flags."""
    seats = len(policies)
    game_aware = [p if isinstance(p, GameAwarePolicy) else None for p in policies]
    cdfs = [
        None if aware is not None else _score_cdf(require_table_policy(p))
        for p, aware in zip(policies, game_aware)
    ]
    totals = np.zeros((n, seats), dtype=np.int64)
    rounds = np.zeros(n, dtype=np.int64)
    alive = np.arange(n)
    while alive.size:
        for seat in range(seats):
            u = rng.random(alive.size)
            policy = game_aware[seat]
            if policy is None:
                cdf = cdfs[seat]
                assert cdf is not None  # a score-blind seat has its turn-score distribution
                totals[alive, seat] += np.searchsorted(cdf, u, "right")
            else:
                rows = policy.score_cdfs(totals[alive], seat)
                totals[alive, seat] += (rows <= u[:, None]).sum(axis=1)
        rounds[alive] += 1
        alive = alive[totals[alive].max(axis=1) < TARGET]
    winners, tiebreak = resolve_ties(totals, rng)
    return totals, winners, rounds, tiebreak


def simulate_games(
    policies: Sequence[TablePolicy | Policy],
    games: int,
    seed: Seed = None,
    progress: Progress | None = None,
    chunk: int = 200_000,
) -> GameSimulation:
    """Simulate `games` games with `policies` in fixed seats; win rates with 95 % intervals."""
    whole(games, "games", 1)
    rng = generator(seed)
    wins = np.zeros(len(policies), dtype=np.int64)
    rounds = tiebreaks = 0
    done = 0
    while done < games:
        size = min(chunk, games - done)
        _, winners, r, tb = play_games(policies, size, rng)
        wins += np.bincount(winners, minlength=len(policies))
        rounds += int(r.sum())
        tiebreaks += int(tb.sum())
        done += size
        if progress is not None:
            progress(done, games)
    return GameSimulation(
        policies=tuple(policy_name(p) for p in policies),
        games=games,
        seed=seed_label(seed),
        wins=tuple(int(w) for w in wins),
        win_rate=tuple(float(w / games) for w in wins),
        win_ci95=tuple(wilson_interval(int(w), games) for w in wins),
        mean_rounds=rounds / games,
        tiebreaks=tiebreaks,
    )


__all__ = ["GameSimulation", "play_games", "resolve_ties", "simulate_games"]
