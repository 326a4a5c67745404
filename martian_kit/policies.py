"""Policies: anything that picks an action for a turn state, given the game context.

A policy is a callable `policy(turn, context, rng) -> Action`. It is only asked at decision
points (never at chance nodes) and must return one of `turn.legal_actions()`. Randomised
policies draw from the `rng` they are given, never from a global generator.

`POLICIES` maps the names the CLI and the notebooks use to policies; the analysis modules add
stronger ones (expected-score optimal, win optimal) through `register`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Protocol

from martian_kit.game import GameContext
from martian_kit.turn import Action, TurnState


class Policy(Protocol):
    """Picks a legal action for `turn`."""

    def __call__(
        self, turn: TurnState, context: GameContext, rng: random.Random
    ) -> Action: ...  # pragma: no cover - a protocol has no body


def random_policy(turn: TurnState, context: GameContext, rng: random.Random) -> Action:
    """Any legal action, uniformly at random."""
    return rng.choice(turn.legal_actions())


POLICIES: dict[str, Callable[[], Policy]] = {"random": lambda: random_policy}


def register(name: str, factory: Callable[[], Policy]) -> None:
    """Make a policy available by `name` (a factory, so heavy ones build on first use)."""
    POLICIES[name] = factory


def _load_strategies() -> None:
    """Register the named strategies; they live in a heavier module imported on first use."""
    import martian_kit.strategies  # noqa: F401  (registers on import)


def policy_names() -> list[str]:
    """Every policy name available, strong ones included."""
    _load_strategies()
    return sorted(POLICIES)


def policy_by_name(name: str) -> Policy:
    """The policy called `name`; a clear error lists the known names otherwise."""
    if name not in POLICIES:
        _load_strategies()
    try:
        factory = POLICIES[name]
    except KeyError:
        known = ", ".join(sorted(POLICIES))
        raise ValueError(f"unknown policy {name!r}; known policies: {known}") from None
    return factory()
