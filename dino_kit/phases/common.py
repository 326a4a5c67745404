"""Small helpers shared by the phases."""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement
from typing import Any

from dino_kit.effects import DNA_TYPES
from dino_kit.state import PlayerState

Problem = tuple[str, dict[str, Any]] | None


def allocations(player: PlayerState, amount: int, max_limit: int) -> list[tuple[str, ...]]:
    """Ways to raise cold-storage limits (see `_allocations`)."""
    return _allocations(player.limits, amount, max_limit)


@cache
def _allocations(limits: tuple[int, ...], amount: int, max_limit: int) -> list[tuple[str, ...]]:
    """Ways to raise cold-storage limits by `amount` in total (track names, sorted by track
    order), never above `max_limit` on a track. When less room than `amount` is left, the one
    way is to fill all that room."""
    room = [max_limit - lim for lim in limits]
    if sum(room) <= amount:
        return [tuple(t for i, t in enumerate(DNA_TYPES) for _ in range(room[i]))]
    out = []
    for combo in combinations_with_replacement(range(6), amount):
        if all(combo.count(i) <= room[i] for i in set(combo)):
            out.append(tuple(DNA_TYPES[i] for i in combo))
    return out


def allocation_problem(player: PlayerState, amount: int, max_limit: int, got: Any) -> Problem:
    """The rule `got` breaks when it is not one of `allocations(...)`, exactly as listed: a
    legal raise with its tracks in another order is refused too (the order of the DNA
    types), so that a game's history and record hold the one form `legal_actions` lists."""
    if isinstance(got, tuple) and all(type(t) is str and t in DNA_TYPES for t in got):
        normal = tuple(sorted(got, key=DNA_TYPES.index))
        if normal in allocations(player, amount, max_limit):
            if got == normal:
                return None
            return "dna_order", {"order": ", ".join(DNA_TYPES), "got": normal}
    return "storage_allocation", {"level": amount, "max": max_limit, "got": got}


def raise_limits(player: PlayerState, tracks: tuple[str, ...]) -> tuple[int, ...]:
    limits = list(player.limits)
    for t in tracks:
        limits[DNA_TYPES.index(t)] += 1
    return tuple(limits)
