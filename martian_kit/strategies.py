"""Named strategies for Martian Dice, as *table policies* over the compressed turn states.

A `TablePolicy` decides from two tables indexed by compressed state (see
`martian_kit.solver.model`): `stop_prob[slot]`, its chance to stop when it may roll or stop,
and `rank[slot]`, how much it likes the state a set-aside leads to (it takes the legal
set-aside with the highest rank; `rank=None` picks uniformly at random). Ties follow the
solver's documented rule: Death Rays, then the larger earthling group, then Humans, Cows,
Chickens. Tables make the same policy usable three ways: as an engine `Policy` (callable),
in exact forward propagation (`martian_kit.solver.distribution`) and in vectorised numpy
simulation (`martian_kit.simulate`).

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
Game-aware ones (`win`, `leader`) live in `martian_kit.solver.game`.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cache

import numpy as np

from martian_kit.game import GameContext
from martian_kit.policies import random_policy, register
from martian_kit.scoring import BONUS
from martian_kit.solver.model import N_DIFF, N_E, N_K, N_SLOTS, compress
from martian_kit.solver.turn import break_tie
from martian_kit.turn import Action, Phase, TurnState, legal_takes

_BIG = 100.0  # a rank weight larger than any earthling count difference


def _slot_grid() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """d, diff, k, e of every slot (unused slots included)."""
    slots = np.arange(N_SLOTS)
    e = slots % N_E
    rest = slots // N_E
    k = rest % N_K
    rest //= N_K
    diff = rest % N_DIFF - (N_DIFF - 1) // 2
    return rest // N_DIFF, diff, k, e


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
        return self.rank is not None and bool(np.all((self.stop_prob == 0) | (self.stop_prob == 1)))

    def _take_ranks(self, turn: TurnState) -> dict[Action, float]:
        assert turn.rolled is not None and self.rank is not None
        out = {}
        for action in legal_takes(turn.set_aside, turn.rolled):
            face = action.face
            assert face is not None
            after = turn.set_aside.add(face, turn.rolled[face])
            out[action] = float(self.rank[compress(after).slot])
        return out

    def action_distribution(
        self, turn: TurnState, context: GameContext | None = None
    ) -> dict[Action, Fraction]:
        """The chance of each action the policy may take in `turn` (exact)."""
        if turn.phase is Phase.MAY_ROLL_OR_STOP:
            p = Fraction(float(self.stop_prob[compress(turn.set_aside).slot]))
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
            p = float(self.stop_prob[compress(turn.set_aside).slot])
            if p in (0.0, 1.0):
                return Action.STOP if p == 1.0 else Action.ROLL
            return Action.STOP if rng.random() < p else Action.ROLL
        if turn.phase is Phase.MUST_CHOOSE and self.rank is None:
            return rng.choice(turn.legal_actions())
        if turn.phase is Phase.MUST_CHOOSE:
            return break_tie(self._take_ranks(turn), turn)
        raise ValueError("a policy is only asked where the player decides")


def _points(k: np.ndarray, e: np.ndarray) -> np.ndarray:
    return e + BONUS * (k == 3)


def _ray_rank(d, diff, k, e, ray_margin: float) -> np.ndarray:
    """Rank: earthling points, minus a big weight per Death Ray still short of leading the
    Tanks by `ray_margin` (no weight once the Tanks can never catch up again)."""
    short = np.where(diff >= d, 0, np.minimum(diff - ray_margin, 0))
    return _points(k, e) + _BIG * short


@cache
def threshold_policy(stop_at: int, ray_margin: int = 0) -> TablePolicy:
    """Take Death Rays until they lead the Tanks by `ray_margin` (else the largest earthling
    group), and stop once the Death Rays hold the Tanks with a turn score >= `stop_at`."""
    d, diff, k, e = _slot_grid()
    stop = ((diff >= 0) & (_points(k, e) >= stop_at)).astype(np.float64)
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
    d, diff, k, e = _slot_grid()
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
    e = _slot_grid()[3]
    return TablePolicy(
        "greedy", np.zeros(N_SLOTS), e.astype(np.float64), "most earthlings, never stops"
    )


@cache
def random_table_policy() -> TablePolicy:
    """The engine's random policy as a table: stop or roll with chance 1/2 each, any legal
    set-aside with equal chance."""
    return TablePolicy("random", np.full(N_SLOTS, 0.5), None, "uniformly random legal actions")


@cache
def expected_score_policy() -> TablePolicy:
    """The expected-score optimal policy (stop on equal values)."""
    from martian_kit.solver.turn import expected_score_solution

    sol = expected_score_solution()
    rank = sol.values[:N_SLOTS, 0].copy()
    roll = sol.roll_values[:, 0]
    _, diff, k, e = _slot_grid()
    stop = np.where(np.isnan(roll), 1.0, (sol.payoff[_stop_scores(diff, k, e)] >= roll))
    rank[~np.isfinite(rank)] = -np.inf
    return TablePolicy("optimal", stop.astype(np.float64), rank, "maximises the expected score")


def _stop_scores(diff, k, e) -> np.ndarray:
    return np.where(diff < 0, 0, np.minimum(_points(k, e), 16))


def as_table_policy(policy) -> TablePolicy | None:
    """The table form of `policy` if it has one (the engine's random policy included)."""
    if isinstance(policy, TablePolicy):
        return policy
    if policy is random_policy:
        return random_table_policy()
    return None


def named_table_policies() -> dict[str, TablePolicy]:
    """The score-blind named strategies, by name (built on demand)."""
    return {
        "random": random_table_policy(),
        "greedy": greedy_policy(),
        "cautious": cautious_policy(),
        **{f"cautious-{n}": cautious_policy(n) for n in (3, 4, 5, 7, 8)},
        "optimal": expected_score_policy(),
    }


def _register() -> None:
    register("greedy", greedy_policy)
    register("cautious", cautious_policy)
    for n in (3, 4, 5, 6, 7, 8):
        register(f"cautious-{n}", lambda n=n: cautious_policy(n))
    register("optimal", expected_score_policy)
    register("random-table", random_table_policy)
    from martian_kit.solver import game

    game._register()


_register()

__all__ = [
    "TablePolicy",
    "as_table_policy",
    "cautious_policy",
    "expected_score_policy",
    "greedy_policy",
    "named_table_policies",
    "random_table_policy",
    "threshold_policy",
]
