"""The turn pass the 2-player game solver runs thousands of times, planned once per number of
dice: the value and the zero chance of a fresh turn for a batch of payoff columns.

It computes the numbers of `martian_kit.solver.turn.compact_backward` (the same optimal play
and tie rule; sums taken in another order, so values agree to a few units in the last place)
with much less work, found by profiling the game solve:
- every (state, outcome) pair keeps only its distinct legal options, in the tie rule's order
  (the general pass looks at four, most pairs have one or two), and pairs of one state with the
  same options are merged (their chances added);
- pairs are grouped by how many options they have, so each group is a few whole-array steps;
  a roll that leaves no choice (stuck) is a one-option pair leading to a "score row";
- the 17 score rows (the payoff of each final score) stand for every finished turn, so the
  states with no dice left need no rows of their own;
- a state's value and its zero chance sit side by side in one row: one `np.take` fetches both,
  and the first best option is kept by comparing the fetched values;
- only what the game needs comes out: the fresh turn's value and zero chance.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from functools import cache

import numpy as np

from martian_kit.dice import NUM_DICE
from martian_kit.solver.model import N_SCORES, compact_model


@dataclass(frozen=True)
class OptionGroup:
    """The merged pairs of one level that have `len(options)` distinct options: `options[j]`
    the row of each pair's j-th option (tie rule order), `prob` (pairs, 1) their chance, and
    for `np.add.reduceat` the first pair of each state (`starts`) and that state (`states`,
    relative to the level; None when every state of the level is there, in order)."""

    options: tuple[np.ndarray, ...]
    prob: np.ndarray
    starts: np.ndarray
    states: np.ndarray | None


@dataclass(frozen=True)
class SweepLevel:
    """The states with one number of dice left: rows `lo`..`hi` of the pass's state array."""

    lo: int
    hi: int
    groups: tuple[OptionGroup, ...]
    score: np.ndarray  # score of each state (for stopping)
    stop_zero: np.ndarray  # (states, 1): stopping here scores 0
    fresh: int | None  # the fresh turn's position within the level, if it is here


@dataclass(frozen=True)
class SweepPlan:
    """The turn graph of `dice` dice laid out for `fresh_value_and_zero_chance`."""

    n_rows: int
    levels: tuple[SweepLevel, ...]


def _group(pairs: dict[tuple[int, tuple[int, ...]], float], n_states: int) -> OptionGroup:
    """An `OptionGroup` of merged pairs {(state, options): chance}, all with as many options."""
    keys = sorted(pairs)
    states = np.array([s for s, _ in keys], dtype=np.int64)
    width = len(keys[0][1])
    options = tuple(np.array([o[j] for _, o in keys], dtype=np.int64) for j in range(width))
    prob = np.array([pairs[k] for k in keys])[:, None]
    present, starts = np.unique(states, return_index=True)
    every = len(present) == n_states
    return OptionGroup(options, prob, starts, None if every else present)


def sweep_plan(dice: int = NUM_DICE) -> SweepPlan:
    """The plan for turns of `dice` dice (built once, in a fraction of a second)."""
    return _sweep_plan(dice)


@cache
def _sweep_plan(dice: int) -> SweepPlan:
    cm = compact_model(dice)
    terminal_hi = cm.levels[0].hi
    # the row of each compact id; a state with no dice left is the row of its score
    row_of_id = np.concatenate(
        [cm.score[:terminal_hi], N_SCORES + np.arange(cm.sentinel - terminal_hi), [-1]]
    ).tolist()

    levels = []
    for level in cm.levels[1:]:
        n_states = level.hi - level.lo
        by_width: dict[int, dict[tuple[int, tuple[int, ...]], float]] = defaultdict(
            lambda: defaultdict(float)
        )
        for state, score_mass in enumerate(level.stuck_mass):
            for final in np.nonzero(score_mass)[0]:
                by_width[1][(state, (int(final),))] += float(score_mass[final])
        for state, options, p in zip(
            level.pair_state.tolist(), level.options.tolist(), level.prob.tolist()
        ):
            distinct: list[int] = []
            for target in options:
                r = row_of_id[target]
                if r >= 0 and r not in distinct:
                    distinct.append(r)
            # three options are padded to four by repeating the last (never strictly
            # better, so the tie rule keeps the earlier): one group fewer per level
            if len(distinct) == 3:
                distinct.append(distinct[-1])
            by_width[len(distinct)][(state, tuple(distinct))] += p
        groups = tuple(_group(by_width[w], n_states) for w in sorted(by_width))
        score = cm.score[level.lo : level.hi]
        fresh = cm.fresh - level.lo if level.lo <= cm.fresh < level.hi else None
        levels.append(
            SweepLevel(
                row_of_id[level.lo],
                row_of_id[level.lo] + n_states,
                groups,
                score,
                (score == 0)[:, None],
                fresh,
            )
        )
    return SweepPlan(N_SCORES + cm.sentinel - terminal_hi, tuple(levels))


def fresh_value_and_zero_chance(
    payoff: np.ndarray, dice: int = NUM_DICE
) -> tuple[np.ndarray, np.ndarray]:
    """For payoff columns (17, B): the value of a fresh turn played optimally for each, and
    the chance that this play scores 0 (tie rule as in `martian_kit.solver.turn`: stop on
    equal values, else the first best set-aside). The pass computes in the payoff's float
    type: float32 halves the memory traffic where a rough answer is enough (a first Newton
    step)."""
    plan = sweep_plan(dice)
    cols = payoff.shape[1]
    # one row per state: its value in [:cols], its zero chance in [cols:]
    state = np.empty((plan.n_rows, 2 * cols), dtype=payoff.dtype)
    state[:N_SCORES, :cols] = payoff
    state[:N_SCORES, cols:] = 0.0
    state[0, cols:] = 1.0
    fresh_value = fresh_zero = None
    for level in plan.levels:
        roll = None
        for group in level.groups:
            best = np.take(state, group.options[0], axis=0)
            as_pairs = best.reshape(len(best), 2, cols)
            for option in group.options[1:]:
                other = np.take(state, option, axis=0)
                # the earlier option stays where it is worth as much (the tie rule)
                better = other[:, :cols] > best[:, :cols]
                np.copyto(as_pairs, other.reshape(as_pairs.shape), where=better[:, None, :])
            best *= group.prob
            summed = np.add.reduceat(best, group.starts, axis=0)
            if group.states is None and roll is None:
                roll = summed
            else:
                if roll is None:
                    roll = np.zeros((level.hi - level.lo, 2 * cols))
                if group.states is None:
                    roll += summed
                else:
                    roll[group.states] += summed
        assert roll is not None
        stop = payoff[level.score]
        value, zero = roll[:, :cols], roll[:, cols:]
        np.maximum(stop, value, out=state[level.lo : level.hi, :cols])
        state[level.lo : level.hi, cols:] = np.where(stop >= value, level.stop_zero, zero)
        if level.fresh is not None:
            fresh_value, fresh_zero = value[level.fresh].copy(), zero[level.fresh].copy()
    assert fresh_value is not None and fresh_zero is not None
    return fresh_value, fresh_zero
