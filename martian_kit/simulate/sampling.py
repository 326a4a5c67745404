"""The compressed turn graph flattened for sampling, and what every simulation shares.

Turns run on the compressed turn graph (`martian_kit.solver.model`): a simulated turn is a
walk of slots, and a roll samples a compressed outcome from the probabilities summed from
`roll_distribution` (one source of truth) with Walker alias tables. Earthling kinds are
alike, so the dice rolled are counted as Tanks, Death Rays and earthlings (not per kind).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import numpy as np

from martian_kit.dice import NUM_DICE
from martian_kit.policy import Policy
from martian_kit.solver.model import (
    N_SLOTS,
    bonus_scored,
    compressed_outcomes,
    slot_grid,
    tanks_won,
    turn_model,
)
from martian_kit.solver.table import TablePolicy
from martian_kit.solver.turn import option_rows

#: A seed, or a generator to draw from (so that callers can chain simulations).
Seed = int | np.random.Generator | None


def generator(seed: Seed) -> np.random.Generator:
    """The generator a simulation draws from: `seed` itself if it is one, else a new one."""
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def seed_label(seed: Seed) -> int | None:
    """The seed as results report it: the integer, or None for a generator or no seed."""
    return seed if isinstance(seed, int) else None


def policy_name(policy: Policy) -> str:
    """The name results give a policy: its `name`, else its function name."""
    return getattr(policy, "name", getattr(policy, "__name__", "policy"))


@dataclass(frozen=True)
class SimTables:
    """The compressed turn graph flattened for sampling: every (state, outcome) pair with a
    global index, each state's first pair, and Walker alias tables of the outcome
    probabilities of every (dice left, kinds taken) block (one uniform number samples an
    outcome of any block in constant time)."""

    pair_base: np.ndarray  # first global pair of each slot
    block: np.ndarray  # block d*4+k of each slot
    block_size: np.ndarray  # outcomes in each block
    block_start: np.ndarray
    alias_prob: np.ndarray  # Walker alias tables of every block, concatenated
    alias: np.ndarray  # (outcome index within the block)
    options: np.ndarray  # (pairs, 4) next slots, SENTINEL if not legal
    stuck_score: np.ndarray  # score when no set-aside is legal, -1 otherwise
    stuck_lost: np.ndarray  # the Tanks win when stuck
    stuck_bonus: np.ndarray
    tanks: np.ndarray
    rays: np.ndarray
    earthlings_rolled: np.ndarray
    groups: np.ndarray  # (pairs, 4): dice each option sets aside
    d_of_slot: np.ndarray
    lost_of_slot: np.ndarray
    bonus_of_slot: np.ndarray


def walker_alias(probs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Walker's alias tables of a discrete distribution: draw k uniformly, keep it with
    chance `prob[k]`, else take `alias[k]`."""
    m = len(probs)
    scaled = np.asarray(probs, dtype=np.float64) * m / probs.sum()
    prob = np.ones(m)
    alias = np.arange(m)
    small = [i for i in range(m) if scaled[i] < 1.0]
    large = [i for i in range(m) if scaled[i] >= 1.0]
    while small and large:
        s, g = small.pop(), large.pop()
        prob[s] = scaled[s]
        alias[s] = g
        scaled[g] -= 1.0 - scaled[s]
        (small if scaled[g] < 1.0 else large).append(g)
    return prob, alias


def sample_outcomes(t: SimTables, slots: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random roll outcome for each state in `slots`: the global (state, outcome) pair."""
    b = t.block[slots]
    size = t.block_size[b]
    x = rng.random(len(slots)) * size
    k = x.astype(np.int64)
    start = t.block_start[b]
    keep = (x - k) < t.alias_prob[start + k]
    outcome = np.where(keep, k, t.alias[start + k])
    return t.pair_base[slots] + outcome


@cache
def sim_tables() -> SimTables:
    """Build (once) the flattened tables."""
    model = turn_model()
    d_all, diff_all, k_all, _ = slot_grid()
    pair_base = np.zeros(N_SLOTS + 1, dtype=np.int64)
    parts: dict[str, list[np.ndarray]] = {
        n: [] for n in ("options", "stuck", "tanks", "rays", "earth", "groups", "lost", "bonus")
    }
    offset = 0
    for d in range(1, NUM_DICE + 1):
        level = model.levels[d]
        pair_base[level.states] = offset + level.starts
        out = level.outcome
        parts["options"].append(option_rows(d))
        parts["stuck"].append(level.stuck_score)
        parts["tanks"].append(out[:, 0])
        parts["rays"].append(out[:, 1])
        parts["earth"].append(d - out[:, 0] - out[:, 1])
        parts["groups"].append(np.concatenate([out[:, 1:2], out[:, 2:5]], axis=1))
        states = level.states[level.pair_state]
        diff_after_tanks = diff_all[states] - out[:, 0]
        parts["lost"].append(tanks_won(diff_after_tanks))
        parts["bonus"].append(bonus_scored(diff_after_tanks, k_all[states]))
        offset += len(level.prob)
    sizes, probs_all, aliases, starts = [], [], [], []
    pos = 0
    for b in range((NUM_DICE + 1) * 4):
        d, k = divmod(b, 4)
        q, a = walker_alias(compressed_outcomes(d, k)[1])
        sizes.append(len(q))
        probs_all.append(q)
        aliases.append(a)
        starts.append(pos)
        pos += len(q)
    stuck = np.concatenate(parts["stuck"])
    return SimTables(
        pair_base=pair_base,
        block=np.append(d_all * 4 + k_all, 0),
        block_size=np.array(sizes),
        block_start=np.array(starts),
        alias_prob=np.concatenate(probs_all),
        alias=np.concatenate(aliases),
        options=np.concatenate(parts["options"]),
        stuck_score=stuck,
        stuck_lost=np.concatenate(parts["lost"]) & (stuck >= 0),
        stuck_bonus=np.concatenate(parts["bonus"]) & (stuck >= 0),
        tanks=np.concatenate(parts["tanks"]),
        rays=np.concatenate(parts["rays"]),
        earthlings_rolled=np.concatenate(parts["earth"]),
        groups=np.concatenate(parts["groups"]),
        d_of_slot=np.append(d_all, -1),
        lost_of_slot=np.append(tanks_won(diff_all), False),
        bonus_of_slot=np.append(bonus_scored(diff_all, k_all), False),
    )


@cache
def choice_column(policy: TablePolicy) -> np.ndarray | None:
    """For a deterministic choice (rank table): the option column each pair takes (first
    highest rank: Death Rays, then the larger group — the documented tie rule); -1 when
    stuck. None for a uniformly random choice."""
    if policy.rank is None:
        return None
    t = sim_tables()
    rank = np.append(policy.rank, -np.inf)
    col = rank[t.options].argmax(axis=1)
    col[t.stuck_score >= 0] = -1
    return col


__all__ = [
    "Seed",
    "SimTables",
    "choice_column",
    "generator",
    "policy_name",
    "sample_outcomes",
    "seed_label",
    "sim_tables",
    "walker_alias",
]
