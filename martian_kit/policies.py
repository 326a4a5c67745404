"""The named policies: one explicit registry of every policy the CLI, the bots of the game
app and the notebooks can ask for by name.

The registry sits at the top of the policy stack: it imports the modules that define
policies (`martian_kit.policy`, `martian_kit.strategies`, `martian_kit.solver.game`), and
none of them imports it, so no module registers anything as a side effect of being imported.
Each name maps to a factory, so that heavy policies (the solvers') are built on first use.
`register` adds a policy by an explicit call (a notebook's own bot, a test's).

What a policy is (`Policy`) and the engine's `random_policy` are defined in
`martian_kit.policy`; they are re-exported here for the callers that name policies.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from kit_common.checks import shown
from kit_common.errors import KitError
from martian_kit.messages import message
from martian_kit.policy import Policy, random_policy
from martian_kit.solver.game import GamePolicy
from martian_kit.solver.table import random_table_policy
from martian_kit.strategies import (
    CAUTIOUS_LEVELS,
    cautious_policy,
    expected_score_policy,
    greedy_policy,
)

PolicyFactory = Callable[[], Policy]

POLICIES: dict[str, PolicyFactory] = {
    "random": lambda: random_policy,
    "random-table": random_table_policy,
    "greedy": greedy_policy,
    "cautious": cautious_policy,
    **{f"cautious-{n}": partial(cautious_policy, n) for n in CAUTIOUS_LEVELS},
    "optimal": expected_score_policy,
    "win": partial(GamePolicy, "win"),
    "leader": partial(GamePolicy, "leader"),
}


def register(name: str, factory: PolicyFactory) -> None:
    """Make a policy available by `name` (a factory, so heavy ones build on first use)."""
    POLICIES[name] = factory


def policy_names() -> list[str]:
    """Every policy name available, sorted."""
    return sorted(POLICIES)


def policy_by_name(name: str) -> Policy:
    """The policy called `name`; otherwise a `KitError` lists the known names."""
    if not isinstance(name, str) or name not in POLICIES:
        known = ", ".join(sorted(POLICIES))
        raise KitError(message("error.unknown_policy", name=shown(name), known=known))
    return POLICIES[name]()


__all__ = ["POLICIES", "Policy", "policy_by_name", "policy_names", "random_policy", "register"]
