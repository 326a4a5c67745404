"""Optimal play of one turn: the exact value of every state and option, for any payoff.

`solve_turn(payoff)` runs backward induction over the compressed turn graph
(`martian_kit.solver.model`) with numpy: from the states with no dice left up to the fresh
turn, each state's value is the best of stopping (the payoff of its score) and rolling (the
probability-weighted best set-aside of every outcome). `payoff[s]` is what a final turn score
of `s` is worth: `s` itself for the expected score (`expected_score_solution()`),
`s >= k` for the chance to score at least `k`, or a column of win probabilities for the game
solver — several payoff columns are solved at once.

Tie rule (documented for the policy): when two options are worth exactly the same, the
policy prefers stopping to rolling; among set-asides it prefers Death Rays, then the larger
earthling group, then Humans, Cows, Chickens in that order. Equal values are exactly equal
floats here, because options leading to the same compressed state share one stored value.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import NamedTuple

import numpy as np

from martian_kit.dice import NUM_DICE, FaceCounts
from martian_kit.messages import CATALOGUE, face_message, message
from martian_kit.policy import Policy
from martian_kit.solver.model import (
    N_SCORES,
    N_SLOTS,
    TurnModel,
    compact_model,
    compress,
    turn_model,
)
from martian_kit.turn import Action, Phase, TurnState, legal_takes

#: Order in which equal options are preferred, before the group size (see the docstring).
TIE_ORDER: tuple[Action, ...] = (
    Action.STOP,
    Action.ROLL,
    Action.TAKE_RAY,
    Action.TAKE_HUMAN,
    Action.TAKE_COW,
    Action.TAKE_CHICKEN,
)


def tie_key(action: Action, turn: TurnState) -> tuple[int, int, int]:
    """Sort key of an option under the tie rule (smaller is preferred): stop, roll, Death
    Rays, then earthlings by larger group, then Humans, Cows, Chickens."""
    group = 0
    face = action.face
    earthling = face is not None and action is not Action.TAKE_RAY
    if face is not None and earthling and turn.rolled is not None:
        group = turn.rolled[face]
    return (int(earthling), -group, TIE_ORDER.index(action))


def break_tie(options: dict[Action, float], turn: TurnState) -> Action:
    """The best option of `options`, equal values resolved by the tie rule."""
    best = max(options.values())
    return min((a for a, v in options.items() if v == best), key=lambda a: tie_key(a, turn))


SENTINEL = N_SLOTS  # an extra value row holding -inf, where illegal options point


def option_rows(d: int, dice: int = NUM_DICE) -> np.ndarray:
    """The option slots of level `d` (of a turn of `dice` dice) with illegal options pointing
    at the sentinel row."""
    return _option_rows(d, dice)


@cache
def _option_rows(d: int, dice: int) -> np.ndarray:
    options = turn_model(dice).levels[d].options
    return np.where(options < 0, SENTINEL, options)


class Backward(NamedTuple):
    """What `backward` computes (see there)."""

    values: np.ndarray
    roll_values: np.ndarray
    zero_chance: np.ndarray | None
    fresh_zero_chance: np.ndarray | None


def backward(model: TurnModel, payoff: np.ndarray, with_zero_chance: bool = False) -> Backward:
    """Backward induction for payoff columns `payoff` of shape (17, B).

    Returns `values` (N_SLOTS+1, B): the value of each state where the player may roll or
    stop (the payoff itself once no dice are left), `roll_values` (N_SLOTS, B): the value of
    rolling (NaN where not computed), and — when asked — `zero_chance` (N_SLOTS+1, B): the
    chance the turn scores 0 from there under the optimal policy with the tie rule (the
    derivative of the value in payoff[0], which the game solver needs); its row `SENTINEL`
    is unused, and `fresh_zero_chance` is the chance for the fresh turn (which must roll)."""
    cols = payoff.shape[1]
    values = np.full((N_SLOTS + 1, cols), -np.inf)
    roll_values = np.full((N_SLOTS, cols), np.nan)
    zero = np.zeros((N_SLOTS + 1, cols)) if with_zero_chance else None
    fresh_zero = None
    score = model.score_of_slot
    terminal = model.levels[0].states
    values[terminal] = payoff[score[terminal]]
    if zero is not None:
        zero[terminal] = (score[terminal] == 0)[:, None]
    for d in range(1, model.dice + 1):
        level = model.levels[d]
        rows = option_rows(d, model.dice)
        option_values = values[rows]  # (pairs, 4, B)
        best = option_values.max(axis=1)
        stuck = level.stuck_score >= 0
        best[stuck] = payoff[level.stuck_score[stuck]]
        weighted = best * level.prob[:, None]
        roll = np.add.reduceat(weighted, level.starts, axis=0)
        states = level.states
        stop = payoff[score[states]]
        roll_values[states] = roll
        values[states] = np.maximum(stop, roll)
        if zero is not None:
            # argmax takes the first maximum: option columns are Death Rays first, then the
            # untaken kinds, matching the tie rule up to which (alike) kind is named.
            pick = option_values.argmax(axis=1)  # (pairs, B)
            zero_next = np.take_along_axis(zero[rows], pick[:, None, :], axis=1)[:, 0, :]
            zero_next[stuck] = (level.stuck_score[stuck] == 0)[:, None]
            zero_roll = np.add.reduceat(zero_next * level.prob[:, None], level.starts, axis=0)
            stop_zero = (score[states] == 0)[:, None]
            zero[states] = np.where(stop >= roll, stop_zero, zero_roll)
            if d == model.dice:
                fresh_zero = zero_roll[0]  # the fresh turn, which must roll
    return Backward(values, roll_values, zero, fresh_zero)


def first_best_option(
    opts: np.ndarray, v0: np.ndarray, v1: np.ndarray, v2: np.ndarray, best: np.ndarray
) -> np.ndarray:
    """The state each (state, outcome) pair moves to, column by column: the first of its four
    options (`opts`, shape (4, pairs); `v0`..`v2` the values of the first three) whose value
    reaches `best`, else the fourth. The options come in the tie rule's order (Death Rays,
    then larger groups), so that option is the one played."""
    return np.where(
        v0 == best,
        opts[0][:, None],
        np.where(
            v1 == best,
            opts[1][:, None],
            np.where(v2 == best, opts[2][:, None], opts[3][:, None]),
        ),
    )


def compact_backward(
    payoff: np.ndarray, with_zero_chance: bool = False, dice: int = NUM_DICE
) -> Backward:
    """`backward` on compact state ids (rows of the results are `compact_model(dice)` ids,
    with one extra sentinel row): the same numbers, faster for many payoff columns."""
    cm = compact_model(dice)
    cols = payoff.shape[1]
    n = cm.sentinel + 1
    values = np.full((n, cols), -np.inf)
    roll_values = np.full((n, cols), np.nan)
    zero = np.zeros((n, cols)) if with_zero_chance else None
    fresh_zero = None
    terminal = cm.levels[0]
    values[terminal.lo : terminal.hi] = payoff[cm.score[terminal.lo : terminal.hi]]
    if zero is not None:
        zero[terminal.lo : terminal.hi] = (cm.score[terminal.lo : terminal.hi] == 0)[:, None]
    zero_payoff = (np.arange(N_SCORES) == 0).astype(np.float64)
    for level in cm.levels[1:]:
        opts = level.options.T  # (4, live pairs): one contiguous block per option
        v0, v1, v2, v3 = (values[o] for o in opts)  # each (live pairs, B)
        best = np.maximum(np.maximum(v0, v1), np.maximum(v2, v3))
        roll = level.stuck_mass @ payoff
        roll[level.has_pairs] += np.add.reduceat(best * level.prob[:, None], level.starts, axis=0)
        stop = payoff[cm.score[level.lo : level.hi]]
        roll_values[level.lo : level.hi] = roll
        values[level.lo : level.hi] = np.maximum(stop, roll)
        if zero is not None:
            chosen = first_best_option(opts, v0, v1, v2, best)
            zero_next = zero.ravel()[chosen * cols + np.arange(cols)]
            zero_roll = np.repeat((level.stuck_mass @ zero_payoff)[:, None], cols, axis=1)
            zero_roll[level.has_pairs] += np.add.reduceat(
                zero_next * level.prob[:, None], level.starts, axis=0
            )
            stop_zero = (cm.score[level.lo : level.hi] == 0)[:, None]
            zero[level.lo : level.hi] = np.where(stop >= roll, stop_zero, zero_roll)
            if level.lo <= cm.fresh < level.hi:
                fresh_zero = zero_roll[cm.fresh - level.lo]
    return Backward(values, roll_values, zero, fresh_zero)


def _as_payoff(payoff: np.ndarray | None) -> np.ndarray:
    if payoff is None:
        return np.arange(N_SCORES, dtype=np.float64)
    payoff = np.asarray(payoff, dtype=np.float64)
    if payoff.shape[0] != N_SCORES or payoff.ndim != 1:
        raise ValueError(f"a payoff gives a value to each turn score 0..{N_SCORES - 1}")
    return payoff


@dataclass(frozen=True)
class TurnSolution:
    """The solved turn for one payoff: values of states and options, the optimal policy and
    explanations. Build it with `solve_turn` (or `expected_score_solution`)."""

    payoff: np.ndarray
    values: np.ndarray = field(repr=False)
    roll_values: np.ndarray = field(repr=False)
    dice: int = NUM_DICE  # a turn starts with this many dice (13 in the rules)

    # -- values -----------------------------------------------------------------------

    def stop_value(self, set_aside: FaceCounts) -> float:
        """What stopping with `set_aside` is worth (the payoff of its score)."""
        return float(self.payoff[compress(set_aside, self.dice).score])

    def roll_value(self, set_aside: FaceCounts) -> float:
        """What rolling the dice left with `set_aside` is worth under optimal play."""
        c = compress(set_aside, self.dice)
        if c.d == 0:
            raise ValueError(message("error.no_dice_to_roll"))
        return float(self.roll_values[c.slot, 0])

    def state_value(self, set_aside: FaceCounts) -> float:
        """Value of a state where the player may roll or stop (the better of the two)."""
        return float(self.values[compress(set_aside, self.dice).slot, 0])

    @property
    def fresh_turn_value(self) -> float:
        """Value of a fresh turn (all the dice, which must be rolled)."""
        return float(self.roll_values[turn_model(self.dice).fresh, 0])

    def option_values(self, turn: TurnState) -> dict[Action, float]:
        """The value of every legal action of `turn` (stop and roll, or each set-aside),
        or of the forced roll at a chance node ({ROLL: value}); {} once the turn is over."""
        if turn.phase is Phase.MUST_ROLL:
            return {Action.ROLL: self.roll_value(turn.set_aside)}
        if turn.phase is Phase.MAY_ROLL_OR_STOP:
            return {
                Action.STOP: self.stop_value(turn.set_aside),
                Action.ROLL: self.roll_value(turn.set_aside),
            }
        if turn.phase is Phase.MUST_CHOOSE:
            assert turn.rolled is not None
            return self.take_values(turn.set_aside, turn.rolled)
        return {}

    def take_values(self, set_aside: FaceCounts, rolled: FaceCounts) -> dict[Action, float]:
        """Value of each legal set-aside of the non-Tank dice `rolled`, given `set_aside`
        (Tanks of this roll already included)."""
        out: dict[Action, float] = {}
        for action in legal_takes(set_aside, rolled):
            face = action.face
            assert face is not None
            out[action] = self.state_value(set_aside.add(face, rolled[face]))
        return out

    def value(self, turn: TurnState) -> float:
        """Value of any turn state under optimal play from there."""
        if turn.phase is Phase.OVER:
            return self.stop_value(turn.set_aside)
        return max(self.option_values(turn).values())

    # -- the policy -------------------------------------------------------------------

    def best_action(self, turn: TurnState) -> Action:
        """The optimal action, ties broken by `TIE_ORDER`."""
        options = self.option_values(turn)
        if not options:
            raise ValueError(message("advice.over"))
        return break_tie(options, turn)

    def best_plan(self, turn: TurnState) -> tuple[Action, ...]:
        """The optimal action and, after a set-aside that leaves a decision, the optimal
        decision then (stop or roll): the advice "take the Cows, then roll"."""
        best = self.best_action(turn)
        if best.face is None:
            return (best,)
        after = turn.apply_action(best)
        return (best,) if after.is_terminal() else (best, self.best_action(after))

    def policy(self) -> Policy:
        """This solution as a `martian_kit.policies.Policy` (it ignores the game)."""

        def optimal(turn: TurnState, context: object, rng: object) -> Action:
            return self.best_action(turn)

        optimal.solution = self  # type: ignore[attr-defined]
        return optimal

    # -- explanations -----------------------------------------------------------------

    def explain(self, turn: TurnState, unit: str = "expected") -> str:
        """The options of `turn` in words, best first: "stop: 4 points; take Humans: 5.19
        expected; take Death Rays: 4.47 expected"."""
        options = self.option_values(turn)
        if not options:
            return message("advice.over")
        order = sorted(options, key=lambda a: (-options[a], tie_key(a, turn)))
        return "; ".join(self._describe(a, options[a], turn, unit) for a in order)

    def _describe(self, action: Action, value: float, turn: TurnState, unit: str) -> str:
        if action is Action.STOP:
            if unit == "expected":
                return CATALOGUE.plural("advice.stop_points.n", turn.score())
            return message("advice.stop", value=value, unit=unit)
        if action is Action.ROLL:
            if unit == "expected":
                return message("advice.roll.expected", value=value)
            return message("advice.roll", value=value, unit=unit)
        face = action.face
        assert face is not None
        if unit == "expected":
            return face_message("advice.take.expected", face, value=value)
        return face_message("advice.take", face, value=value, unit=unit)


def solve_turn(payoff: np.ndarray | None = None, dice: int = NUM_DICE) -> TurnSolution:
    """Solve the turn for `payoff` (17 values, one per final turn score; the score itself
    when None), in a turn of `dice` dice (13 in the rules; a variant may use fewer)."""
    payoff = _as_payoff(payoff)
    values, roll_values, _, _ = backward(turn_model(dice), payoff[:, None])
    payoff.flags.writeable = False
    return TurnSolution(payoff, values, roll_values, dice)


def expected_score_solution(dice: int = NUM_DICE) -> TurnSolution:
    """The turn solved for the expected score (cached per number of dice)."""
    return _expected_score_solution(dice)


@cache
def _expected_score_solution(dice: int) -> TurnSolution:
    return solve_turn(dice=dice)


def at_least_payoff(k: int) -> np.ndarray:
    """Payoff 1 for a turn score of at least `k`, else 0 (what a last turn often needs)."""
    return (np.arange(N_SCORES) >= k).astype(np.float64)


@cache
def at_least_solution(k: int) -> TurnSolution:
    """The turn solved to maximise P(turn score >= k) (cached per k)."""
    return solve_turn(at_least_payoff(k))
