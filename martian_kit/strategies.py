"""Named strategies for Martian Dice, as table policies over the compressed turn states (see
`martian_kit.solver.table` for what a `TablePolicy` is).

The strategies (all score-blind: they ignore the game totals):
- `random`: the engine's random policy as a table (stop with chance 1/2, any legal set-aside).
- `greedy`: takes the largest earthling group (Death Rays only when nothing else is legal)
  and rolls on while dice are left — how a new player often starts.
- `cautious-K`: takes Death Rays while the Tanks lead, else the largest earthling group; stops
  once the Death Rays hold the Tanks and at least K earthlings are set aside.
- `threshold_policy(stop_at, ray_margin)`: the family a notebook slider tunes: takes Death
  Rays until they lead the Tanks by `ray_margin`, else the largest earthling group (the
  bonus counts), and stops once safe with a turn score of at least `stop_at`.
- `optimal`: the expected-score optimal policy of the turn solver.
Game-aware ones (`win`, `leader`) live in `martian_kit.solver.game`; every named policy is
listed in `martian_kit.policies`.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from martian_kit.solver.model import N_SLOTS, compressed_score, earthling_points, slot_grid
from martian_kit.solver.table import TablePolicy, random_table_policy
from martian_kit.solver.turn import expected_score_solution

_BIG = 100.0  # a rank weight larger than any earthling count difference


def _ray_rank(
    d: np.ndarray, diff: np.ndarray, k: np.ndarray, e: np.ndarray, ray_margin: float
) -> np.ndarray:
    """Rank: earthling points, minus a big weight per Death Ray still short of leading the
    Tanks by `ray_margin` (no weight once the Tanks can never catch up again)."""
    short = np.where(diff >= d, 0, np.minimum(diff - ray_margin, 0))
    return earthling_points(k, e) + _BIG * short


@cache
def threshold_policy(stop_at: int, ray_margin: int = 0) -> TablePolicy:
    """Take Death Rays until they lead the Tanks by `ray_margin` (else the largest earthling
    group), and stop once the Death Rays hold the Tanks with a turn score >= `stop_at`."""
    d, diff, k, e = slot_grid()
    stop = ((diff >= 0) & (earthling_points(k, e) >= stop_at)).astype(np.float64)
    return TablePolicy(
        f"threshold-{stop_at}-{ray_margin}",
        stop,
        _ray_rank(d, diff, k, e, ray_margin).astype(np.float64),
        f"Death Rays until {ray_margin} ahead of the Tanks; stop when safe with {stop_at}+ points",
    )


@cache
def cautious_policy(earthlings: int = 6) -> TablePolicy:
    """Death Rays while the Tanks lead, else the largest earthling group; stop once the Death
    Rays hold the Tanks with at least `earthlings` earthlings set aside."""
    d, diff, k, e = slot_grid()
    stop = ((diff >= 0) & (e >= earthlings)).astype(np.float64)
    return TablePolicy(
        f"cautious-{earthlings}",
        stop,
        _ray_rank(d, diff, k, e, 0).astype(np.float64),
        f"stop once safe with {earthlings}+ earthlings",
    )


@cache
def greedy_policy() -> TablePolicy:
    """The largest earthling group every time, and never stop while dice are left."""
    e = slot_grid()[3]
    return TablePolicy(
        "greedy", np.zeros(N_SLOTS), e.astype(np.float64), "most earthlings, never stops"
    )


@cache
def expected_score_policy() -> TablePolicy:
    """The expected-score optimal policy (stop on equal values)."""
    sol = expected_score_solution()
    rank = sol.values[:N_SLOTS, 0].copy()
    roll = sol.roll_values[:, 0]
    _, diff, k, e = slot_grid()
    stop = np.where(np.isnan(roll), 1.0, (sol.payoff[compressed_score(diff, k, e)] >= roll))
    rank[~np.isfinite(rank)] = -np.inf
    return TablePolicy("optimal", stop.astype(np.float64), rank, "maximises the expected score")


#: The `cautious-K` thresholds offered by name (`cautious` alone is `cautious-6`).
CAUTIOUS_LEVELS = (3, 4, 5, 6, 7, 8)


def named_table_policies() -> dict[str, TablePolicy]:
    """The score-blind named strategies, by name (built on demand)."""
    return {
        "random": random_table_policy(),
        "greedy": greedy_policy(),
        "cautious": cautious_policy(),
        **{f"cautious-{n}": cautious_policy(n) for n in CAUTIOUS_LEVELS if n != 6},
        "optimal": expected_score_policy(),
    }


__all__ = [
    "CAUTIOUS_LEVELS",
    "TablePolicy",
    "cautious_policy",
    "expected_score_policy",
    "greedy_policy",
    "named_table_policies",
    "random_table_policy",
    "threshold_policy",
]
