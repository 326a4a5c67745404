"""Turn simulation: fresh turns of a table policy, vectorised over many turns at once.

`turn_scores` is the lean path (scores only); `play_turns` also counts what Board Game Arena
shows per turn (rolls, dice taken, lost to the Tanks, bonuses); `simulate_turns` runs many
turns in chunks and summarises them, with the mean's 95 % interval.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from kit_common.checks import whole
from kit_common.statistics import Interval, mean_interval_of
from kit_common.study import Progress
from martian_kit.policy import Policy
from martian_kit.simulate.sampling import (
    Seed,
    choice_column,
    generator,
    policy_name,
    sample_outcomes,
    seed_label,
    sim_tables,
)
from martian_kit.solver.model import N_SCORES, N_SLOTS, turn_model
from martian_kit.solver.table import TablePolicy, require_table_policy
from martian_kit.solver.turn import SENTINEL

#: How a simulated turn ended (the codes in `TurnBatch.end`, named by `END_NAMES`).
STOPPED, NO_CHOICE, NO_DICE = 0, 1, 2
END_NAMES = ("stopped", "no_choice", "no_dice")


@cache
def _lean_tables(policy: TablePolicy) -> tuple[np.ndarray, np.ndarray]:
    """For a deterministic table policy: what each (state, outcome) pair leads to — the next
    slot, or −(1 + score) when the turn ends there (no legal choice, or no dice left) — and
    for each slot −(1 + score) if the policy stops there, else the slot itself."""
    t = sim_tables()
    model = turn_model()
    col = choice_column(policy)
    assert col is not None  # a deterministic policy has a rank table
    nxt = t.options[np.arange(len(col)), np.maximum(col, 0)]
    score_next = np.append(model.score_of_slot, 0)[nxt]
    code = np.where(t.d_of_slot[nxt] == 0, -(1 + score_next), nxt)
    code = np.where(col < 0, -(1 + t.stuck_score), code)
    slots = np.arange(N_SLOTS + 1)
    stop = np.append(policy.stop_prob >= 1.0, True)
    stop[model.fresh] = False  # a turn begins with a roll
    after_stop = np.where(stop, -(1 + np.append(model.score_of_slot, 0)), slots)
    return code, after_stop


def turn_scores(policy: TablePolicy | Policy, n: int, rng: np.random.Generator) -> np.ndarray:
    """Scores of `n` simulated fresh turns of a table policy (the lean path for deterministic
    ones: scores only; `play_turns` also counts the statistics)."""
    table = require_table_policy(policy)
    if not table.deterministic:
        return play_turns(table, n, rng).score
    t = sim_tables()
    code, after_stop = _lean_tables(table)
    scores = np.empty(n, dtype=np.int64)
    alive = np.arange(n)
    s = np.full(n, turn_model().fresh, dtype=np.int64)
    while alive.size:
        nxt = code[sample_outcomes(t, s, rng)]
        nxt = np.where(nxt >= 0, after_stop[np.maximum(nxt, 0)], nxt)
        done = nxt < 0
        scores[alive[done]] = -1 - nxt[done]
        alive, s = alive[~done], nxt[~done]
    return scores


@dataclass
class TurnBatch:
    """Per-turn results of a batch of simulated turns (arrays of one entry per turn)."""

    score: np.ndarray
    end: np.ndarray
    lost: np.ndarray
    bonus: np.ndarray
    rays_taken: np.ndarray
    earthlings_taken: np.ndarray
    rolls: np.ndarray
    rolled: np.ndarray  # (turns, 3): Tanks, Death Rays, earthlings rolled


def play_turns(policy: TablePolicy | Policy, n: int, rng: np.random.Generator) -> TurnBatch:
    """Simulate `n` fresh turns of a table policy with `rng` (vectorised)."""
    table = require_table_policy(policy)
    t = sim_tables()
    model = turn_model()
    col_of_pair = choice_column(table)
    slots = np.full(n, model.fresh, dtype=np.int64)
    out = TurnBatch(
        score=np.zeros(n, dtype=np.int64),
        end=np.zeros(n, dtype=np.int8),
        lost=np.zeros(n, dtype=bool),
        bonus=np.zeros(n, dtype=bool),
        rays_taken=np.zeros(n, dtype=np.int64),
        earthlings_taken=np.zeros(n, dtype=np.int64),
        rolls=np.zeros(n, dtype=np.int64),
        rolled=np.zeros((n, 3), dtype=np.int64),
    )
    alive = np.arange(n)
    first = True
    stop_prob = np.append(table.stop_prob, 1.0)
    while alive.size:
        s = slots[alive]
        if not first:
            p = stop_prob[s]
            stop = p >= 1.0
            maybe = (p > 0) & ~stop
            if maybe.any():
                stop[maybe] = rng.random(int(maybe.sum())) < p[maybe]
            done = alive[stop]
            out.score[done] = model.score_of_slot[s[stop]]
            out.end[done] = STOPPED
            out.lost[done] = t.lost_of_slot[s[stop]]
            out.bonus[done] = t.bonus_of_slot[s[stop]]
            alive, s = alive[~stop], s[~stop]
            if not alive.size:
                break
        first = False
        pair = sample_outcomes(t, s, rng)
        out.rolls[alive] += 1
        out.rolled[alive, 0] += t.tanks[pair]
        out.rolled[alive, 1] += t.rays[pair]
        out.rolled[alive, 2] += t.earthlings_rolled[pair]
        if col_of_pair is not None:
            col = col_of_pair[pair]
        else:
            legal = t.options[pair] != SENTINEL
            count = legal.sum(axis=1)
            want = (rng.random(len(s)) * count).astype(np.int64)
            col = np.where(count > 0, (np.cumsum(legal, axis=1) <= want[:, None]).sum(axis=1), -1)
        stuck = col < 0
        done = alive[stuck]
        out.score[done] = t.stuck_score[pair[stuck]]
        out.end[done] = NO_CHOICE
        out.lost[done] = t.stuck_lost[pair[stuck]]
        out.bonus[done] = t.stuck_bonus[pair[stuck]]
        alive, pair, col = alive[~stuck], pair[~stuck], col[~stuck]
        nxt = t.options[pair, col]
        taken = t.groups[pair, col]
        out.rays_taken[alive] += np.where(col == 0, taken, 0)
        out.earthlings_taken[alive] += np.where(col > 0, taken, 0)
        over = t.d_of_slot[nxt] == 0
        done = alive[over]
        out.score[done] = model.score_of_slot[nxt[over]]
        out.end[done] = NO_DICE
        out.lost[done] = t.lost_of_slot[nxt[over]]
        out.bonus[done] = t.bonus_of_slot[nxt[over]]
        slots[alive[~over]] = nxt[~over]
        alive = alive[~over]
    return out


@dataclass(frozen=True)
class TurnSimulation:
    """Summary of simulated turns: score counts, mean with its 95 % interval, how turns
    ended, and BGA-style totals (per turn means in `per_turn`)."""

    policy: str
    turns: int
    seed: int | None
    score_counts: tuple[int, ...]
    mean: float
    sd: float
    ci95: Interval
    ends: dict[str, int]
    lost_to_tanks: int
    bonuses: int
    per_turn: dict[str, float] = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {
            "policy": self.policy,
            "turns": self.turns,
            "seed": self.seed,
            "score_counts": list(self.score_counts),
            "mean": self.mean,
            "sd": self.sd,
            "ci95": [self.ci95.low, self.ci95.high],
            "ends": self.ends,
            "lost_to_tanks": self.lost_to_tanks,
            "bonuses": self.bonuses,
            "per_turn": self.per_turn,
        }


def simulate_turns(
    policy: TablePolicy | Policy,
    turns: int,
    seed: Seed = None,
    progress: Progress | None = None,
    chunk: int = 250_000,
) -> TurnSimulation:
    """Simulate `turns` fresh turns of a table policy, seeded; summary with 95 % intervals."""
    whole(turns, "turns", 1)
    rng = generator(seed)
    counts = np.zeros(N_SCORES, dtype=np.int64)
    ends = np.zeros(3, dtype=np.int64)
    sums = dict.fromkeys(
        ("rolls", "rays_taken", "earthlings_taken", "tanks", "rays", "earthlings"), 0
    )
    lost = bonus = 0
    done = 0
    while done < turns:
        size = min(chunk, turns - done)
        batch = play_turns(policy, size, rng)
        counts += np.bincount(batch.score, minlength=N_SCORES)
        ends += np.bincount(batch.end, minlength=3)
        lost += int(batch.lost.sum())
        bonus += int(batch.bonus.sum())
        sums["rolls"] += int(batch.rolls.sum())
        sums["rays_taken"] += int(batch.rays_taken.sum())
        sums["earthlings_taken"] += int(batch.earthlings_taken.sum())
        for i, name in enumerate(("tanks", "rays", "earthlings")):
            sums[name] += int(batch.rolled[:, i].sum())
        done += size
        if progress is not None:
            progress(done, turns)
    scores = np.arange(N_SCORES)
    mean = float((counts * scores).sum() / turns)
    sd = float(math.sqrt(max((counts * (scores - mean) ** 2).sum() / max(turns - 1, 1), 0.0)))
    return TurnSimulation(
        policy=policy_name(policy),
        turns=turns,
        seed=seed_label(seed),
        score_counts=tuple(int(c) for c in counts),
        mean=mean,
        sd=sd,
        ci95=mean_interval_of(mean, sd, turns),
        ends={n: int(c) for n, c in zip(END_NAMES, ends)},
        lost_to_tanks=lost,
        bonuses=bonus,
        per_turn={k: v / turns for k, v in sums.items()},
    )


__all__ = [
    "END_NAMES",
    "NO_CHOICE",
    "NO_DICE",
    "STOPPED",
    "TurnBatch",
    "TurnSimulation",
    "play_turns",
    "simulate_turns",
    "turn_scores",
]
