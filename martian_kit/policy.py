"""What a policy is: anything that picks an action for a turn state, given the game context.

A policy is a callable `policy(turn, context, rng) -> Action`. It is only asked at decision
points (never at chance nodes) and must return one of `turn.legal_actions()`. Randomised
policies draw from the `rng` they are given, never from a global generator.

Two abilities some policies add, as protocols (checked with `isinstance`):
- `ExactPolicy`: it can say the exact chance of each action (`action_distribution`), so the
  exact turn-score distribution can follow it (`martian_kit.solver.distribution`);
- `GameAwarePolicy`: its turn depends on the game totals, and it can give its turn-score
  distribution for many positions at once (`score_cdfs`), so the fast game simulation can
  play it (`martian_kit.simulate`).

The named policies (the CLI's and the bots' names) are listed in `martian_kit.policies`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from typing import Protocol, runtime_checkable

import numpy as np

from martian_kit.game import GameContext
from martian_kit.turn import Action, TurnState


@runtime_checkable
class Policy(Protocol):
    """Picks a legal action for `turn`."""

    def __call__(
        self, turn: TurnState, context: GameContext | None, rng: random.Random
    ) -> Action: ...  # pragma: no cover - a protocol has no body


@runtime_checkable
class ExactPolicy(Policy, Protocol):
    """A policy that knows the exact chance of each action it may take."""

    def action_distribution(
        self, turn: TurnState, context: GameContext | None = None
    ) -> dict[Action, Fraction]: ...  # pragma: no cover - a protocol has no body


@runtime_checkable
class GameAwarePolicy(Policy, Protocol):
    """A policy whose turns depend on the game totals, playable by the fast game simulation:
    `score_cdfs(totals, seat)` gives, for each game of `totals` (games, players), the
    cumulative distribution of the turn score `seat` makes there, shape (games, 17)."""

    def score_cdfs(
        self, totals: np.ndarray, seat: int
    ) -> np.ndarray: ...  # pragma: no cover - a protocol has no body


def random_policy(turn: TurnState, context: GameContext | None, rng: random.Random) -> Action:
    """Any legal action, uniformly at random."""
    return rng.choice(turn.legal_actions())


__all__ = ["ExactPolicy", "GameAwarePolicy", "Policy", "random_policy"]
