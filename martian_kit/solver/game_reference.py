"""The 2-player solver as it was before the variant solver (official rules only), kept as the
baseline `benchmarks/martian_bench.py` times the fast solver against in the same run.

Every level of x + y re-solves all its score pairs with the general turn pass
(`martian_kit.solver.turn.compact_backward`, four option gathers per pair, the zero chance
found by comparing the options) until the slowest pair has settled.
`martian_kit.solver.game.solve_game` gives the same table, bit for bit, in a fraction of the
time (the benchmark checks it each time it runs, and reports no speed-up otherwise). It
shares the turn pass with the kit, so it is no second route for the tests: the
solvers are checked against plain value iteration over turns enumerated from the rules
(`tests/martian_kit/test_solver_game_small.py`).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from martian_kit.game import TARGET
from martian_kit.solver.model import N_SCORES, compact_model
from martian_kit.solver.turn import compact_backward


def _last_turn_payoff(need: int) -> np.ndarray:
    s = np.arange(N_SCORES)
    return np.where(s > need, 1.0, np.where(s == need, 0.5, 0.0))


def _turn_payoff(
    F: np.ndarray, G: np.ndarray, L: np.ndarray, mine: int, theirs: int, first: bool, target: int
) -> np.ndarray:
    s = np.arange(N_SCORES)
    after = mine + s
    if first:
        lead = np.minimum(after - theirs, len(L) - 1)
        crossed = 1.0 - L[np.maximum(lead, 0)]
        normal = 1.0 - G[theirs, np.minimum(after, target - 1)]
    else:
        crossed = np.ones(N_SCORES)
        normal = 1.0 - F[theirs, np.minimum(after, target - 1)]
    return np.where(after >= target, crossed, normal)


def reference_solve_game(
    progress: Callable[[int, int], None] | None = None,
    tol: float = 1e-15,
    target: int = TARGET,
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The official 2-player game solved as before: `(F, G, L)` (see `martian_kit.solver.game`
    for what they mean)."""
    fresh = compact_model().fresh
    n_last = target + N_SCORES
    last = np.stack([_last_turn_payoff(n) for n in range(n_last)], axis=1)
    L = compact_backward(last).roll_values[fresh].copy()
    F = np.zeros((target, target))
    G = np.zeros((target, target))
    levels = list(range(2 * (target - 1), -1, -1))
    for done, c in enumerate(levels, 1):
        xs = np.arange(max(0, c - target + 1), min(target - 1, c) + 1)
        ys = c - xs
        m = len(xs)
        pay = np.empty((N_SCORES, 2 * m))
        for j, (x, y) in enumerate(zip(xs, ys)):
            pay[:, j] = _turn_payoff(F, G, L, int(x), int(y), True, target)
            pay[:, m + j] = _turn_payoff(F, G, L, int(y), int(x), False, target)
        u_f = np.where(ys + 1 < target, F[xs, np.minimum(ys + 1, target - 1)], 0.5)
        u_g = np.where(ys + 1 < target, G[np.minimum(ys + 1, target - 1), xs], 0.5)
        for _ in range(100):
            pay[0, :m] = 1.0 - u_g
            pay[0, m:] = 1.0 - u_f
            result = compact_backward(pay, with_zero_chance=True)
            t = result.roll_values[fresh]
            p = result.fresh_zero_chance
            assert p is not None  # asked for with_zero_chance
            t_f, t_g, p_f, p_g = t[:m], t[m:], p[:m], p[m:]
            if max(np.abs(t_f - u_f).max(), np.abs(t_g - u_g).max()) <= tol:
                u_f, u_g = t_f, t_g
                break
            c_f = t_f - p_f * (1.0 - u_g)
            c_g = t_g - p_g * (1.0 - u_f)
            u_f = (c_f + p_f * (1.0 - c_g - p_g)) / (1.0 - p_f * p_g)
            u_g = c_g + p_g * (1.0 - u_f)
        else:  # pragma: no cover
            raise RuntimeError(f"the win-probability solve did not settle at level {c}")
        F[xs, ys] = u_f
        G[ys, xs] = u_g
        if progress is not None:
            progress(done, len(levels))
    return F, G, L
