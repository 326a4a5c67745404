"""Table policies: a turn policy given by two tables over the compressed turn states.

A `TablePolicy` decides from two tables indexed by compressed state (see
`martian_kit.solver.model`): `stop_prob[slot]`, its chance to stop when it may roll or stop,
and `rank[slot]`, how much it likes the state a set-aside leads to (it takes the legal
set-aside with the highest rank; `rank=None` picks uniformly at random). Ties follow the
solver's documented rule: Death Rays, then the larger earthling group, then Humans, Cows,
Chickens. Tables make the same policy usable three ways: as an engine `Policy` (callable),
in exact forward propagation (`martian_kit.solver.distribution`) and in vectorised numpy
simulation (`martian_kit.simulate`).

The named strategies built from tables live in `martian_kit.strategies`; the engine's random
policy has its table form here (`random_table_policy`), so that `as_table_policy` can turn
it into one.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

import numpy as np

from kit_common.checks import shown
from kit_common.errors import KitError
from martian_kit.game import GameContext
from martian_kit.messages import message
from martian_kit.policy import Policy, random_policy
from martian_kit.solver.model import N_SLOTS, slot_of
from martian_kit.solver.turn import break_tie
from martian_kit.turn import Action, Phase, TurnState, legal_takes


@dataclass(frozen=True, eq=False)
class TablePolicy:
    """A turn policy given by tables over compressed states (see the module docstring).
    Call it like any `Policy`: `policy(turn, context, rng) -> Action`."""

    name: str
    stop_prob: np.ndarray = field(repr=False)
    rank: np.ndarray | None = field(repr=False)
    description: str = ""

    def __post_init__(self) -> None:
        if self.stop_prob.shape != (N_SLOTS,):
            raise ValueError("stop_prob needs one value per compressed state")
        if self.rank is not None and self.rank.shape != (N_SLOTS,):
            raise ValueError("rank needs one value per compressed state")

    @property
    def deterministic(self) -> bool:
        """True when the policy never draws a random number (ranked choices, stop chances
        of 0 or 1 only)."""
        return self.rank is not None and bool(np.all((self.stop_prob == 0) | (self.stop_prob == 1)))

    def _take_ranks(self, turn: TurnState) -> dict[Action, float]:
        assert turn.rolled is not None and self.rank is not None
        out = {}
        for action in legal_takes(turn.set_aside, turn.rolled):
            face = action.face
            assert face is not None
            after = turn.set_aside.add(face, turn.rolled[face])
            out[action] = float(self.rank[slot_of(after)])
        return out

    def action_distribution(
        self, turn: TurnState, context: GameContext | None = None
    ) -> dict[Action, Fraction]:
        """The chance of each action the policy may take in `turn` (exact)."""
        if turn.phase is Phase.MAY_ROLL_OR_STOP:
            p = Fraction(float(self.stop_prob[slot_of(turn.set_aside)]))
            return {a: q for a, q in ((Action.STOP, p), (Action.ROLL, 1 - p)) if q}
        if turn.phase is Phase.MUST_CHOOSE:
            assert turn.rolled is not None
            if self.rank is None:
                takes = legal_takes(turn.set_aside, turn.rolled)
                return {a: Fraction(1, len(takes)) for a in takes}
            return {break_tie(self._take_ranks(turn), turn): Fraction(1)}
        raise ValueError("a policy is only asked where the player decides")

    def __call__(self, turn: TurnState, context: GameContext | None, rng: random.Random) -> Action:
        if turn.phase is Phase.MAY_ROLL_OR_STOP:
            p = float(self.stop_prob[slot_of(turn.set_aside)])
            if p in (0.0, 1.0):
                return Action.STOP if p == 1.0 else Action.ROLL
            return Action.STOP if rng.random() < p else Action.ROLL
        if turn.phase is Phase.MUST_CHOOSE and self.rank is None:
            return rng.choice(turn.legal_actions())
        if turn.phase is Phase.MUST_CHOOSE:
            return break_tie(self._take_ranks(turn), turn)
        raise ValueError("a policy is only asked where the player decides")


@cache
def random_table_policy() -> TablePolicy:
    """The engine's random policy as a table: stop or roll with chance 1/2 each, any legal
    set-aside with equal chance."""
    return TablePolicy("random", np.full(N_SLOTS, 0.5), None, "uniformly random legal actions")


def as_table_policy(policy: Policy) -> TablePolicy | None:
    """The table form of `policy` if it has one (the engine's random policy included)."""
    if isinstance(policy, TablePolicy):
        return policy
    if policy is random_policy:
        return random_table_policy()
    return None


def require_table_policy(policy: Policy) -> TablePolicy:
    """The table form of `policy`, or a `KitError` saying that fast simulation needs one."""
    table = as_table_policy(policy)
    if table is None:
        raise KitError(message("error.table_policy", policy=shown(policy)))
    return table


__all__ = ["TablePolicy", "as_table_policy", "random_table_policy", "require_table_policy"]
