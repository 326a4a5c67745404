"""What a rule variant changes, in the numbers the "How the rules shape the game" page shows:
the value of a turn, its chance of scoring nothing, the first seat's chance to win when both
players play to win (under the variant's end rule and under the other one), and the stop map
of the expected-score policy. Every number comes from the exact solvers (no simulation)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from martian_kit.dice import FaceCounts
from martian_kit.solver.game import is_solved, optimal_score_distributions, variant_table
from martian_kit.solver.model import N_SCORES
from martian_kit.solver.turn import expected_score_solution
from martian_kit.variants import END_IMMEDIATE, END_ROUND, END_RULES, Variant


@dataclass(frozen=True)
class VariantSummary:
    """The exact numbers of one variant (see the module docstring)."""

    variant: Variant
    turn_value: float  # expected score of a turn played for points
    p_zero: float  # chance that such a turn scores 0
    score_probs: tuple[float, ...]  # P(turn score = s), s = 0..16
    first_wins: dict[str, float]  # end rule -> P(first seat wins from 0-0), both playing to win

    @property
    def p_first_wins(self) -> float:
        """P(the first seat wins) under the variant's own end rule."""
        return self.first_wins[self.variant.end]

    def seat_edge(self, end: str) -> float:
        """How much more than a half the better seat wins with, under `end` (positive: the
        first seat has the edge, negative: the second)."""
        return self.first_wins[end] - 0.5


@cache
def turn_numbers(dice: int) -> tuple[float, tuple[float, ...]]:
    """The expected score of a turn of `dice` dice played for points, and its score
    distribution under that play."""
    points = np.arange(N_SCORES, dtype=np.float64)[:, None]
    probs = optimal_score_distributions(points, dice)[0]
    return expected_score_solution(dice).fresh_turn_value, tuple(float(p) for p in probs)


def summarise(
    variant: Variant, progress: Callable[[int, int], None] | None = None
) -> VariantSummary:
    """The summary of `variant`; its game is solved under both end rules if not yet cached.
    `progress(done, total)` hears of the solving of both, as one work (levels of x + y, as
    in `solve_game`)."""
    value, probs = turn_numbers(variant.dice)
    first = {}
    for i, end in enumerate(END_RULES):
        told = None
        if progress is not None:

            def told(done: int, total: int, before: int = i) -> None:
                progress(before * total + done, len(END_RULES) * total)

        table = variant_table(Variant(variant.target, end, variant.dice), told)
        first[end] = float(table.F[0, 0])
    return VariantSummary(variant, value, probs[0], probs, first)


def is_summarised(variant: Variant) -> bool:
    """True when `summarise(variant)` answers at once: its game is solved (or shipped) under
    both end rules."""
    return all(is_solved(Variant(variant.target, end, variant.dice)) for end in END_RULES)


def stop_map_state(
    dice: int, dice_left: int, earthlings: int, kinds: int, tanks: int
) -> FaceCounts | None:
    """The set-aside of a turn of `dice` dice with `dice_left` still to roll, `earthlings`
    earthlings of `kinds` kinds, `tanks` Tanks and Death Rays for the rest (None when no such
    set-aside exists)."""
    rays = dice - dice_left - earthlings - tanks
    if rays < 0 or earthlings < kinds or (kinds == 0) != (earthlings == 0):
        return None
    split = [earthlings - (kinds - 1), *([1] * (kinds - 1)), 0, 0][:3] if kinds else [0, 0, 0]
    return FaceCounts(tanks, rays, *split)


def stop_map(dice: int, kinds: int = 2, tanks: int = 1) -> list[list[float | None]]:
    """z[e][d - 1]: expected points gained by rolling on rather than stopping (negative:
    stop), in a turn of `dice` dice, for e = 0..dice−1 earthlings set aside and d = 1..dice−1
    dice left, with `kinds` earthling kinds taken and `tanks` Tanks (the rest Death Rays)."""
    solution = expected_score_solution(dice)
    z: list[list[float | None]] = []
    for earthlings in range(dice):
        row: list[float | None] = []
        for left in range(1, dice):
            state = stop_map_state(dice, left, earthlings, kinds, tanks)
            gain = None
            if state is not None:
                gain = solution.roll_value(state) - solution.stop_value(state)
            row.append(gain)
        z.append(row)
    return z


def stop_count(dice: int, kinds: int = 2, tanks: int = 1) -> int:
    """How many cells of the stop map say "stop" (rolling on gains nothing)."""
    return sum(1 for row in stop_map(dice, kinds, tanks) for g in row if g is not None and g <= 0)


__all__ = [
    "END_IMMEDIATE",
    "END_ROUND",
    "VariantSummary",
    "is_summarised",
    "stop_count",
    "stop_map",
    "stop_map_state",
    "summarise",
    "turn_numbers",
]
