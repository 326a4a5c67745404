"""The turn of Martian Dice as a small graph of compressed states, for the numpy solvers.

What the future of a turn depends on is fewer numbers than the full set-aside:
- `d`, the dice left;
- `diff` = Death Rays − Tanks set aside, clamped to [−(d+1), d]: with `diff >= d` the Tanks
  can never win any more, with `diff < −d` the Death Rays can never catch up (the clamping
  keeps every later score the same);
- `k`, how many earthling kinds were taken (Humans, Cows and Chickens are alike: same odds,
  same rules, so only how many kinds are taken matters, not which);
- `e`, the number of earthlings set aside.
The score of a compressed state is 0 if `diff < 0`, else `e + 3` with all three kinds, else `e`.

A roll's outcome is compressed the same way: Tanks, Death Rays, and the counts of the kinds not
taken yet (sorted, largest first). Its probability is summed from
`martian_kit.dice.roll_distribution` — the one source of truth — never recomputed.

The model is built once per number of dice, on first use (a few tens of milliseconds), and
cached. A variant with fewer dice (`martian_kit.variants`) uses the same slots and score range:
its turns start from `slot(dice, 0, 0, 0)` and reach a subset of the states.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any, TypeAlias

import numpy as np

from martian_kit.dice import EARTHLINGS, NUM_DICE, FaceCounts
from martian_kit.messages import message
from martian_kit.odds import roll_array
from martian_kit.scoring import BONUS, MAX_SCORE

N_D = NUM_DICE + 1  # d in 0..13
N_DIFF = 2 * NUM_DICE + 3  # diff in -(14)..14
DIFF_OFFSET = NUM_DICE + 1
N_K = 4
N_E = NUM_DICE + 1
N_SLOTS = N_D * N_DIFF * N_K * N_E
N_SCORES = MAX_SCORE + 1
#: `k` once every earthling kind was taken: the turn earns the bonus.
ALL_KINDS = len(EARTHLINGS)
#: Order of the set-aside options in the option arrays: Death Rays, then the untaken kinds
#: by decreasing count.
RAY_OPTION = 0

#: An int, or a numpy array of ints: the functions below broadcast, so one call may mix
#: both (a dice count with an array of states) and gives an int or an array accordingly,
#: which numpy's stubs cannot express for such mixes.
Ints: TypeAlias = Any


def slot(d: Ints, diff: Ints, k: Ints, e: Ints) -> Ints:
    """Dense index of a compressed state (works on ints and numpy arrays alike)."""
    return ((d * N_DIFF + (diff + DIFF_OFFSET)) * N_K + k) * N_E + e


def clamp_diff(diff: Ints, d: Ints) -> Ints:
    """Clamp Death Rays − Tanks to [−(d+1), d] (see the module docstring)."""
    if type(diff) is int and type(d) is int:
        # one state (a policy's lookup at every choice): numpy's cost on scalars was a sixth
        # of an exact turn law's time
        return min(max(diff, -(d + 1)), d)
    return np.minimum(np.maximum(diff, -(d + 1)), d)


# The scoring rules on compressed states (`martian_kit.scoring` has them on full set-asides);
# each works on ints and numpy arrays alike.


def tanks_won(diff: Ints) -> Ints:
    """True where the Tanks outnumber the Death Rays (`diff < 0`): the turn scores 0."""
    return diff < 0


def earthling_points(k: Ints, e: Ints) -> Ints:
    """What `e` earthlings of `k` kinds are worth if the Death Rays hold the Tanks: one point
    each, plus the bonus with all three kinds."""
    return e + BONUS * (k == ALL_KINDS)


def bonus_scored(diff: Ints, k: Ints) -> Ints:
    """True where the turn would score the bonus: every kind taken, and the Tanks did not win."""
    return np.logical_and(k == ALL_KINDS, np.logical_not(tanks_won(diff)))


def compressed_score(diff: Ints, k: Ints, e: Ints) -> Ints:
    """Score of a compressed state: 0 when the Tanks won, else the earthling points."""
    return np.where(tanks_won(diff), 0, earthling_points(k, e))


@dataclass(frozen=True)
class Compressed:
    """A turn state where the player may roll or stop (or a finished one with d = 0)."""

    d: int
    diff: int
    k: int
    e: int

    @property
    def slot(self) -> int:
        return int(slot(self.d, self.diff, self.k, self.e))

    @property
    def score(self) -> int:
        return int(compressed_score(self.diff, self.k, self.e))


def check_dice(dice: int) -> int:
    """`dice` if a turn can be played with that many dice (1 to 13), else a `ValueError`."""
    if not 1 <= dice <= NUM_DICE:
        raise ValueError(message("error.turn_dice", most=NUM_DICE, n=dice))
    return dice


def compress(set_aside: FaceCounts, dice: int = NUM_DICE) -> Compressed:
    """The compressed state of a full set-aside, in a turn of `dice` dice."""
    s = set_aside if type(set_aside) is FaceCounts else FaceCounts(*set_aside)
    d = dice - s.total
    if d < 0:
        raise ValueError(message("error.set_aside_dice", n=s.total, dice=dice))
    diff = int(clamp_diff(s.ray - s.tank, d))
    k = sum(1 for n in (s.human, s.cow, s.chicken) if n > 0)
    return Compressed(d, diff, k, s.human + s.cow + s.chicken)


@cache
def slot_of(set_aside: FaceCounts) -> int:
    """The slot of `compress(set_aside)` in a turn of 13 dice, remembered: a table policy asks
    it at every choice, for at most 8,568 set-asides (an exact turn law asks it 600,000
    times; computed each time it was a third of the policy's share)."""
    return compress(set_aside).slot


def _outcome_keys(counts: np.ndarray, k: int) -> np.ndarray:
    """Compressed outcome rows (tanks, rays, untaken kinds largest first) of full counts."""
    earth = counts[:, 2:].copy()
    earth[:, :k] = 0  # the first k kinds stand for the taken ones (the kinds are alike)
    earth = -np.sort(-earth, axis=1)
    return np.concatenate([counts[:, :2], earth], axis=1)


@cache
def compressed_outcomes(d: int, k: int) -> tuple[np.ndarray, np.ndarray]:
    """Outcomes of rolling `d` dice with `k` earthling kinds taken: an int array of rows
    (tanks, rays, u1, u2, u3) — counts of the untaken kinds, largest first, 0 past 3−k — and
    their float64 probabilities, summed from `martian_kit.odds.roll_array` (itself converted
    from `roll_distribution`)."""
    counts, probs = roll_array(d)
    keys = _outcome_keys(counts, k)
    rows, inverse = np.unique(keys, axis=0, return_inverse=True)
    summed = np.bincount(inverse.ravel(), weights=probs, minlength=len(rows))
    return rows, summed


@dataclass(frozen=True)
class Level:
    """Every (state, outcome) pair of the states with `d` dice left, grouped by state.

    `states` are slots, `starts` the first pair of each state (for `np.add.reduceat`),
    `prob` the outcome probability, `options` the slot each legal set-aside leads to (−1 when
    not legal; column 0 is Death Rays, columns 1–3 the untaken kinds), `stuck_score` the score
    when no set-aside is legal (−1 when one is), `tanks`, `rays`, `untaken` the outcome.
    """

    d: int
    states: np.ndarray
    starts: np.ndarray
    pair_state: np.ndarray
    prob: np.ndarray
    options: np.ndarray
    stuck_score: np.ndarray
    outcome: np.ndarray


@dataclass(frozen=True)
class TurnModel:
    """All compressed states (by level of dice left) and their transitions."""

    levels: tuple[Level, ...]  # levels[d] for d = 0..dice (level 0 has no pairs)
    score_of_slot: np.ndarray  # score of every slot (0 for unused slots)
    fresh: int  # slot of the fresh turn
    dice: int = NUM_DICE  # how many dice a turn starts with

    @property
    def num_states(self) -> int:
        return sum(len(lv.states) for lv in self.levels)

    @property
    def num_pairs(self) -> int:
        return sum(len(lv.prob) for lv in self.levels)


def decode(slots: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """The (d, diff, k, e) of each slot: the inverse of `slot` (unused slots decode too)."""
    e = slots % N_E
    rest = slots // N_E
    k = rest % N_K
    rest //= N_K
    diff = rest % N_DIFF - DIFF_OFFSET
    d = rest // N_DIFF
    return d, diff, k, e


@cache
def slot_grid() -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """d, diff, k and e of every slot, unused slots included (built once; read-only): the
    tables that table policies and the simulations are computed from."""
    grid = decode(np.arange(N_SLOTS))
    for column in grid:
        column.flags.writeable = False
    return grid


def turn_model(dice: int = NUM_DICE) -> TurnModel:
    """Build (once per number of dice) the compressed turn graph reachable from a fresh turn
    of `dice` dice."""
    return _turn_model(check_dice(dice))


@cache
def _turn_model(dice: int) -> TurnModel:
    fresh = int(slot(dice, 0, 0, 0))
    found: list[set[int]] = [set() for _ in range(dice + 1)]
    found[dice].add(fresh)
    levels: list[Level] = [None] * (dice + 1)  # type: ignore[list-item]
    for d in range(dice, 0, -1):
        states = np.array(sorted(found[d]), dtype=np.int64)
        _, diff, k, e = decode(states)
        order = np.argsort(k, kind="stable")
        states, diff, k, e = states[order], diff[order], k[order], e[order]
        parts = []
        for kk in range(N_K):
            sel = np.nonzero(k == kk)[0]
            if len(sel) == 0:
                continue
            rows, probs = compressed_outcomes(d, kk)
            m = len(probs)
            s_idx = np.repeat(sel, m)
            out = np.tile(rows, (len(sel), 1))
            parts.append((s_idx, out, np.tile(probs, len(sel))))
        s_idx = np.concatenate([p[0] for p in parts])
        out = np.concatenate([p[1] for p in parts])
        prob = np.concatenate([p[2] for p in parts])
        t, r = out[:, 0], out[:, 1]
        sd, sk, se = diff[s_idx], k[s_idx], e[s_idx]
        options = np.full((len(prob), 4), -1, dtype=np.int64)
        nd = d - t - r
        ok = r > 0
        options[ok, RAY_OPTION] = slot(nd, clamp_diff(sd - t + r, nd), sk, se)[ok]
        for j in range(3):
            u = out[:, 2 + j]
            ok = (u > 0) & (j < 3 - sk)
            nd = d - t - u
            options[ok, 1 + j] = slot(nd, clamp_diff(sd - t, nd), sk + 1, se + u)[ok]
        stuck = np.all(options < 0, axis=1)
        stuck_score = np.where(stuck, compressed_score(sd - t, sk, se), -1)
        for target in np.unique(options[options >= 0]):
            found[int(decode(np.array([target]))[0][0])].add(int(target))
        starts = np.searchsorted(s_idx, np.arange(len(states)))
        levels[d] = Level(d, states, starts, s_idx, prob, options, stuck_score, out)
    terminal = np.array(sorted(found[0]), dtype=np.int64)
    empty_i = np.zeros(0, dtype=np.int64)
    levels[0] = Level(
        0,
        terminal,
        empty_i,
        empty_i,
        np.zeros(0),
        np.zeros((0, 4), dtype=np.int64),
        empty_i,
        np.zeros((0, 5), dtype=np.int64),
    )
    all_slots = np.arange(N_SLOTS)
    _, diff, k, e = decode(all_slots)
    score_of_slot = compressed_score(diff, k, e).astype(np.int64)
    return TurnModel(tuple(levels), score_of_slot, fresh, dice)


@dataclass(frozen=True)
class CompactLevel:
    """A level with states numbered compactly (ids in [lo, hi)) and only the pairs where a
    set-aside is legal; the stuck pairs are summed per state and stuck score (`stuck_mass`)."""

    lo: int
    hi: int
    starts: np.ndarray  # first live pair of each state (relative), for reduceat
    has_pairs: np.ndarray  # states with at least one live pair
    pair_state: np.ndarray  # state (relative) of each live pair
    prob: np.ndarray
    options: np.ndarray  # (live pairs, 4) compact ids, `sentinel` when not legal
    stuck_mass: np.ndarray  # (states, 17) probability of getting stuck with each score


@dataclass(frozen=True)
class CompactModel:
    """The turn graph with compact state ids: slot_of_id, id_of_slot, scores, levels."""

    slot_of_id: np.ndarray
    id_of_slot: np.ndarray
    score: np.ndarray  # score of each id
    levels: tuple[CompactLevel, ...]
    fresh: int
    sentinel: int
    dice: int = NUM_DICE


def compact_model(dice: int = NUM_DICE) -> CompactModel:
    """The compact form of `turn_model(dice)` (built once per number of dice)."""
    return _compact_model(check_dice(dice))


@cache
def _compact_model(dice: int) -> CompactModel:
    model = turn_model(dice)
    slot_of_id = np.concatenate([lv.states for lv in model.levels])
    sentinel = len(slot_of_id)
    id_of_slot = np.full(N_SLOTS + 1, sentinel, dtype=np.int64)
    id_of_slot[slot_of_id] = np.arange(sentinel)
    levels = []
    lo = 0
    for lv in model.levels:
        hi = lo + len(lv.states)
        if lv.d == 0:
            levels.append(
                CompactLevel(
                    lo,
                    hi,
                    np.zeros(0, np.int64),
                    np.zeros(0, bool),
                    np.zeros(0, np.int64),
                    np.zeros(0),
                    np.zeros((0, 4), np.int64),
                    np.zeros((0, N_SCORES)),
                )
            )
            lo = hi
            continue
        stuck = lv.stuck_score >= 0
        stuck_mass = np.zeros((len(lv.states), N_SCORES))
        np.add.at(stuck_mass, (lv.pair_state[stuck], lv.stuck_score[stuck]), lv.prob[stuck])
        live = ~stuck
        pair_state = lv.pair_state[live]
        options = np.where(lv.options[live] < 0, N_SLOTS, lv.options[live])
        has_pairs = np.bincount(pair_state, minlength=len(lv.states)) > 0
        starts = np.searchsorted(pair_state, np.nonzero(has_pairs)[0])
        levels.append(
            CompactLevel(
                lo,
                hi,
                starts,
                has_pairs,
                pair_state,
                lv.prob[live],
                np.ascontiguousarray(id_of_slot[options]),
                stuck_mass,
            )
        )
        lo = hi
    return CompactModel(
        slot_of_id,
        id_of_slot,
        model.score_of_slot[slot_of_id],
        tuple(levels),
        int(id_of_slot[model.fresh]),
        sentinel,
        dice,
    )
