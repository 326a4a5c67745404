"""The exact distribution of a turn's score under a policy, by forward propagation.

Not simulation: the probability mass of a fresh turn flows through the turn's states, split
by every roll outcome (exact probabilities) and by the policy's choices, until it ends. Two
routes that tests compare:
- `score_distribution(table_policy)`: numpy float64 over the compressed turn graph (fast);
- `score_distribution_exact(policy)`: `Fraction`s over the engine's own `TurnState`s, for
  any policy (a `TablePolicy`, the engine's random policy, or any deterministic callable).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, NoReturn, cast

import numpy as np

from martian_kit.dice import NUM_DICE, FaceCounts
from martian_kit.game import GameContext
from martian_kit.messages import message
from martian_kit.policy import ExactPolicy, Policy, random_policy
from martian_kit.scoring import tanks_win
from martian_kit.solver.model import (
    N_SCORES,
    N_SLOTS,
    Level,
    compress,
    slot_grid,
    tanks_won,
    turn_model,
)
from martian_kit.solver.table import TablePolicy, as_table_policy
from martian_kit.solver.turn import SENTINEL, option_rows
from martian_kit.turn import Action, Phase, TurnEnd, TurnState


@dataclass(frozen=True)
class ScoreDistribution:
    """P(turn score = s) for s = 0..16, how turns end (`ends`: stopped / no_choice /
    no_dice), and `p_tanks_won`, the chance the Tanks beat the Death Rays (scoring 0)."""

    probs: tuple[Any, ...]
    ends: dict[str, Any]
    p_tanks_won: Any

    def p(self, score: int) -> Any:
        return self.probs[score] if 0 <= score < len(self.probs) else 0

    @property
    def p_zero(self) -> Any:
        return self.probs[0]

    @property
    def mean(self) -> Any:
        return sum(s * p for s, p in enumerate(self.probs))

    @property
    def variance(self) -> Any:
        m = self.mean
        return sum((s - m) ** 2 * p for s, p in enumerate(self.probs))

    @property
    def sd(self) -> float:
        return math.sqrt(float(self.variance))

    def p_at_least(self, k: int) -> Any:
        return sum(self.probs[max(k, 0) :])

    def as_floats(self) -> ScoreDistribution:
        return ScoreDistribution(
            tuple(float(p) for p in self.probs),
            {k: float(v) for k, v in self.ends.items()},
            float(self.p_tanks_won),
        )


def score_distribution(
    policy: TablePolicy | Policy, start: FaceCounts | None = None
) -> ScoreDistribution:
    """Exact (float64) score distribution of a turn under a `TablePolicy`: a fresh turn, or
    from the moment the player rolls with `start` set aside."""
    table = as_table_policy(policy)
    if table is None:
        raise TypeError("score_distribution needs a table policy; use score_distribution_exact")
    model = turn_model()
    score = model.score_of_slot
    mass = np.zeros(N_SLOTS + 1)
    origin = model.fresh if start is None else compress(FaceCounts(*start)).slot
    if start is not None and compress(FaceCounts(*start)).d == 0:
        raise ValueError(message("error.no_dice_to_roll"))
    mass[origin] = 1.0
    probs = np.zeros(N_SCORES)
    ends = {e.value: 0.0 for e in TurnEnd}
    lost = 0.0
    rank = None
    if table.rank is not None:
        rank = np.concatenate([table.rank, [-np.inf]])
    for d in range(NUM_DICE, 0, -1):
        level = model.levels[d]
        m = mass[level.states]
        if not m.any():
            continue
        stop_p = table.stop_prob[level.states].copy()
        stop_p[level.states == origin] = 0.0  # the turn starts (or goes on) with a roll
        stopped = m * stop_p
        np.add.at(probs, score[level.states], stopped)
        ends["stopped"] += stopped.sum()
        lost += stopped[_diff_negative(level.states)].sum()
        rolling = m - stopped
        pair_mass = rolling[level.pair_state] * level.prob
        stuck = level.stuck_score >= 0
        np.add.at(probs, level.stuck_score[stuck], pair_mass[stuck])
        ends["no_choice"] += pair_mass[stuck].sum()
        lost += pair_mass[stuck & _stuck_tanks_won(level)].sum()
        rows = option_rows(d)
        if rank is None:
            legal = (rows != SENTINEL).astype(np.float64)
            count = legal.sum(axis=1)
            weights = np.divide(
                legal, count[:, None], out=np.zeros_like(legal), where=count[:, None] > 0
            )
        else:
            pick = rank[rows].argmax(axis=1)
            weights = np.zeros(rows.shape)
            weights[np.arange(len(pick)), pick] = 1.0
            weights[stuck] = 0.0
        flow = weights * pair_mass[:, None]
        mass += np.bincount(rows.ravel(), weights=flow.ravel(), minlength=N_SLOTS + 1)
        mass[SENTINEL] = 0.0
    terminal = model.levels[0].states
    np.add.at(probs, score[terminal], mass[terminal])
    ends["no_dice"] += mass[terminal].sum()
    lost += mass[terminal][_diff_negative(terminal)].sum()
    ends = {k: float(v) for k, v in ends.items()}
    return ScoreDistribution(tuple(float(p) for p in probs), ends, float(lost))


def _diff_negative(slots: np.ndarray) -> np.ndarray:
    """Whether the Tanks won in each of `slots` (a turn that ends there scores 0)."""
    return tanks_won(slot_grid()[1][slots])


def _stuck_tanks_won(level: Level) -> np.ndarray:
    """Whether the Tanks won in each stuck (state, outcome) pair of `level`, this roll's
    Tanks counted."""
    diff = slot_grid()[1][level.states][level.pair_state]
    return tanks_won(diff - level.outcome[:, 0])


# -- the engine route (exact Fractions, any policy) ------------------------------------


class _NoRandomness:
    """Stands in for an rng when a policy is assumed deterministic; using it is an error."""

    def __getattr__(self, name: str) -> NoReturn:
        raise TypeError(
            "this policy draws random numbers: give it an `action_distribution(turn, context)`"
        )


def action_distribution(
    policy: Policy, turn: TurnState, context: GameContext | None = None
) -> dict[Action, Fraction]:
    """The exact chance of each action `policy` takes in `turn`."""
    return _chooser(policy)(turn, context)


_Chooser = Callable[[TurnState, "GameContext | None"], dict[Action, Fraction]]


def _chooser(policy: Policy) -> _Chooser:
    """`action_distribution` for one policy, its kind found once (an `isinstance` against a
    runtime-checkable protocol costs more than the rest of a step)."""
    if isinstance(policy, ExactPolicy):
        return policy.action_distribution
    if policy is random_policy:
        return _uniform
    no_rng = cast(random.Random, _NoRandomness())  # any use of it raises

    def deterministic(turn: TurnState, context: GameContext | None) -> dict[Action, Fraction]:
        return {Action(policy(turn, context, no_rng)): Fraction(1)}

    return deterministic


def _uniform(turn: TurnState, context: GameContext | None) -> dict[Action, Fraction]:
    legal = turn.legal_actions()
    return {a: Fraction(1, len(legal)) for a in legal}


def score_distribution_exact(
    policy: Policy, start: FaceCounts | None = None, context: GameContext | None = None
) -> ScoreDistribution:
    """Exact score distribution (Fractions) of a turn under any policy, following the
    engine's own states, from a fresh turn or from the moment the player rolls with
    `start` set aside.

    The probability mass is carried as whole numbers of `_UNIT` (1/6**91: a roll's chance is
    a count over 6**n, and a turn rolls at most 13 + 12 + ... + 1 = 91 dice): Python ints
    instead of Fractions, which spent a quarter of the time reducing ever larger
    denominators. A policy whose chances leave those whole numbers (a random choice among
    three, say) has its turn followed again in Fractions."""
    set_aside = FaceCounts(*start) if start is not None else FaceCounts()
    choose = _chooser(policy)
    try:
        probs, ends, lost = _propagate(choose, set_aside, context, _UNIT, _whole_times)
    except _NotWhole:
        probs, ends, lost = _propagate(choose, set_aside, context, Fraction(1), _times)
        return ScoreDistribution(tuple(probs), ends, lost)
    return ScoreDistribution(
        tuple(Fraction(p, _UNIT) for p in probs),
        {k: Fraction(v, _UNIT) for k, v in ends.items()},
        Fraction(lost, _UNIT),
    )


#: The mass 1 of `score_distribution_exact` in whole numbers: 6**91, as a turn rolls at most
#: 91 dice.
_UNIT = 6 ** sum(range(NUM_DICE + 1))


class _NotWhole(Exception):
    """A chance that leaves the whole numbers of `_UNIT` (the turn is followed in Fractions)."""


def _whole_times(mass: Any, chance: Fraction) -> Any:
    """`mass` (a whole number of `_UNIT`) times `chance`, still whole, or `_NotWhole`."""
    if chance == 1:
        return mass
    whole, rest = divmod(mass * chance.numerator, chance.denominator)
    if rest:
        raise _NotWhole
    return whole


def _times(mass: Any, chance: Fraction) -> Any:
    """`mass` (a Fraction) times `chance`."""
    return mass * chance


def _propagate(
    choose: _Chooser,
    set_aside: FaceCounts,
    context: GameContext | None,
    one: Any,
    times: Callable[[Any, Fraction], Any],
) -> tuple[list[Any], dict[str, Any], Any]:
    """Follow the mass `one` of a turn rolling with `set_aside` through the engine's states
    (`times` multiplies a mass by a chance): P(score) by score, by how the turn ended, and
    the chance the Tanks won, in the mass's own numbers."""
    zero = one * 0
    # A turn that goes on has set more dice aside than before, so the states waiting to roll
    # are taken by their count of dice set aside: each is met once, with all its mass.
    pending_by_total: list[dict[FaceCounts, Any]] = [{} for _ in range(NUM_DICE + 1)]
    pending_by_total[set_aside.total][set_aside] = one
    stop_or_roll_choices: dict[FaceCounts, dict[Action, Fraction]] = {}
    probs = [zero] * N_SCORES
    ends = {e.value: zero for e in TurnEnd}
    lost = zero

    def finish(state: TurnState, p: Any) -> None:
        nonlocal lost
        probs[state.score()] += p
        assert state.end is not None
        ends[state.end.value] += p
        if tanks_win(state.set_aside):
            lost += p

    for pending in pending_by_total:
        for current, mass in pending.items():
            before = TurnState(current, None, Phase.MUST_ROLL)
            for rolled, p in before.chance_outcomes():
                state = before.apply_roll(rolled)
                rolled_mass = times(mass, p)
                if state.is_terminal():
                    finish(state, rolled_mass)
                    continue
                for take, q in choose(state, context).items():
                    after = state.apply_action(take)
                    taken_mass = times(rolled_mass, q)
                    if after.is_terminal():
                        finish(after, taken_mass)
                        continue
                    # a turn that may roll or stop is its dice set aside: choose once each
                    stop_or_roll = stop_or_roll_choices.get(after.set_aside)
                    if stop_or_roll is None:
                        stop_or_roll = choose(after, context)
                        stop_or_roll_choices[after.set_aside] = stop_or_roll
                    for choice, r in stop_or_roll.items():
                        if choice is Action.STOP:
                            finish(after.apply_action(choice), times(taken_mass, r))
                        else:
                            key = after.set_aside
                            later = pending_by_total[key.total]
                            assert later is not pending, "a turn that goes on sets dice aside"
                            later[key] = later.get(key, zero) + times(taken_mass, r)
    return probs, ends, lost
