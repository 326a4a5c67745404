"""Two-player Martian Dice played to win: the win probability of every position and the policy
that maximises it (value iteration on the win probability, as Neller & Presser did for Pig).

Positions at the start of a turn, for the player to move (all totals below 25):
- `F[x, y]`: the first seat to move, with x points against the second seat's y;
- `G[x, y]`: the second seat to move, with x points against the first seat's y;
- `L[n]`: the second seat's *last* turn, when the first seat has just reached 25 or more and
  leads by n: the second seat wins by scoring more than n, ties (scoring exactly n) go to the
  6-dice roll-off, which it wins with probability 1/2 (`tiebreak_odds(2).p_win`).

Why the seats differ (the end-of-round rule): when the first seat ends a turn with 25 or
more, the game is not over — the second seat takes one more turn to finish the round, and
plays it only to beat the first seat's total (stopping early is pointless unless it is ahead;
a tie still has a half chance). When the second seat reaches 25, the round is complete and the
game ends at once. So the first seat, near 25, must think about how far ahead it ends, while
the second seat just needs to get there first or outscore the leader on its last turn.

A turn's payoff for scoring s is the win probability of the position it leads to:
F: x+s >= 25 -> 1 − L[x+s−y], else 1 − G[y, x+s];  G: x+s >= 25 -> 1, else 1 − F[y, x+s].
A turn scoring 0 leaves the totals unchanged, so F[x, y] and G[y, x] depend on each other; the
solver settles each such pair exactly by Newton steps on the win probability (policy
iteration), level by level of x + y from the top down. Every turn is solved by the turn
solver with the win probability as its payoff.

Variants (`martian_kit.variants`): another target, fewer dice, or "the first to reach the
target wins at once" (`end="immediate"`: then both seats win by getting there, there is no
last turn and `L` is empty). `variant_table(variant)` solves one on demand and keeps it in
memory for the process.

The table (F, G, L) is small; `win_table()` loads the shipped copy lazily
(`martian_kit/data/win2p.npz`), `solve_game()` rebuilds it (`martian-kit solve-game`). The
variants the "How the rules shape the game" page shows at once (`SHIPPED_VARIANTS`) are shipped
too (`martian_kit/data/win2p_<target>_<end>_<dice>.npz`, rebuilt by `martian-kit solve-game
--target T --end E`), so that the page does not solve them when it loads.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import numpy as np
from numpy.typing import ArrayLike

from kit_common.errors import KitError
from martian_kit.dice import NUM_DICE
from martian_kit.game import TARGET, GameContext
from martian_kit.messages import message
from martian_kit.odds import tiebreak_odds
from martian_kit.scoring import BONUS
from martian_kit.solver.model import N_SCORES, compact_model
from martian_kit.solver.sweep import fresh_value_and_zero_chance
from martian_kit.solver.turn import (
    TurnSolution,
    compact_backward,
    expected_score_solution,
    first_best_option,
    solve_turn,
)
from martian_kit.turn import Action, TurnState
from martian_kit.variants import END_IMMEDIATE, END_ROUND, OFFICIAL, Variant

TABLE_PATH = Path(__file__).resolve().parent.parent / "data" / "win2p.npz"
#: Win-optimal play's turn-score distributions at every position under the shipped table
#: (`win_optimal_distributions`), shipped beside it: they take seconds to compute.
DISTRIBUTIONS_PATH = TABLE_PATH.parent / "win2p_distributions.npz"
TABLE_FORMAT = 1
FIRST, SECOND = "first", "second"


@dataclass(frozen=True)
class WinTable:
    """Win probabilities at the start of a turn (see the module docstring)."""

    F: np.ndarray
    G: np.ndarray
    L: np.ndarray
    target: int = TARGET
    end: str = END_ROUND
    dice: int = NUM_DICE

    @property
    def variant(self) -> Variant:
        """The rules this table was solved for (a test's short game has none: ValueError)."""
        return Variant(self.target, self.end, self.dice)

    def probability(self, mine: int, theirs: int, seat: str = FIRST) -> float:
        """P(the player to move wins) at the start of its turn with `mine` against `theirs`,
        moving as the `first` or `second` seat. For the second seat with the first at 25 or
        more (the target), this is its last turn."""
        check_totals(mine, theirs, seat, self.target, self.end, self.dice)
        if seat == SECOND and theirs >= self.target:
            return float(self.L[theirs - mine]) if theirs - mine < len(self.L) else 0.0
        if seat == FIRST:
            return float(self.F[mine, theirs])
        return float(self.G[mine, theirs])

    def payoff(self, mine: int, theirs: int, seat: str = FIRST) -> np.ndarray:
        """What each turn score 0..16 is worth (P(win) afterwards) for the player to move."""
        check_totals(mine, theirs, seat, self.target, self.end, self.dice)
        return turn_payoff(self, mine, theirs, seat, self.target, self.end)


def check_totals(
    mine: int,
    theirs: int,
    seat: str,
    target: int = TARGET,
    end: str = END_ROUND,
    dice: int = NUM_DICE,
) -> None:
    """Refuse (`KitError`) totals a win table has no entry for, so a caller can check them
    before solving a variant's table (which takes seconds)."""
    if seat not in (FIRST, SECOND):
        raise KitError(message("error.seat", seat=seat))
    if not 0 <= mine < target:
        raise KitError(message("error.mine", most=target - 1, mine=mine))
    last_turns = seat == SECOND and end == END_ROUND
    limit = target - 1 + dice + BONUS if last_turns else target - 1
    if not 0 <= theirs <= limit:
        raise KitError(message("error.theirs", most=limit, seat=seat, theirs=theirs))


def turn_payoff(
    table: WinTable,
    mine: int,
    theirs: int,
    seat: str,
    target: int = TARGET,
    end: str = END_ROUND,
) -> np.ndarray:
    """P(win) after the turn, for each turn score (see the module docstring), in a game to
    `target` points (the rules' 25 unless a variant or a test says otherwise) under the `end`
    rule."""
    s = np.arange(N_SCORES)
    after = mine + s
    if seat == SECOND and theirs >= target:
        return last_turn_payoff(theirs - mine)
    if end == END_IMMEDIATE:
        other = table.G if seat == FIRST else table.F
        return np.where(after >= target, 1.0, 1.0 - other[theirs, np.minimum(after, target - 1)])
    if seat == FIRST:
        lead = np.minimum(after - theirs, len(table.L) - 1)
        crossed = 1.0 - table.L[np.maximum(lead, 0)]
        normal = 1.0 - table.G[theirs, np.minimum(after, target - 1)]
    else:
        crossed = np.ones(N_SCORES)
        normal = 1.0 - table.F[theirs, np.minimum(after, target - 1)]
    return np.where(after >= target, crossed, normal)


def last_turn_payoff(need: int) -> np.ndarray:
    """The second seat's last turn, `need` points behind: 1 for more, 1/2 for a tie."""
    s = np.arange(N_SCORES)
    half = float(tiebreak_odds(2).p_win)
    return np.where(s > need, 1.0, np.where(s == need, half, 0.0))


def solve_game(
    progress: Callable[[int, int], None] | None = None,
    tol: float = 1e-15,
    target: int = TARGET,
    end: str = END_ROUND,
    dice: int = NUM_DICE,
) -> WinTable:
    """Solve the 2-player game from scratch (a fraction of a second for the rules' game);
    `progress(done, total)` is called after each level of x + y. `target` is the rules' 25,
    `end` the end rule, `dice` the dice of a turn (see `martian_kit.variants`); a small
    target solves a short game (the tests check such games against a plain value iteration).

    Each pair of positions (F[x, y], G[y, x]) is settled by Newton steps on its own: a pair
    leaves the batch once its values change by at most `tol` in a pass, and the pass itself is
    `martian_kit.solver.sweep` (the fast form of the turn solver)."""
    fresh = compact_model(dice).fresh
    if end == END_ROUND:
        n_last = target + N_SCORES  # leads 0..target+16 cover every reachable case
        last = np.stack([last_turn_payoff(n) for n in range(n_last)], axis=1)
        L = compact_backward(last, dice=dice).roll_values[fresh].copy()
    else:
        L = np.zeros(0)  # the first to the target wins at once: there is no last turn
    F = np.zeros((target, target))
    G = np.zeros((target, target))
    table = WinTable(F, G, L, target, end, dice)
    levels = list(range(2 * (target - 1), -1, -1))
    for done, c in enumerate(levels, 1):
        xs = np.arange(max(0, c - target + 1), min(target - 1, c) + 1)
        ys = c - xs
        m = len(xs)
        pay = np.empty((N_SCORES, 2 * m))
        for j, (x, y) in enumerate(zip(xs, ys)):
            pay[:, j] = turn_payoff(table, int(x), int(y), FIRST, target, end)  # F[x, y]
            pay[:, m + j] = turn_payoff(table, int(y), int(x), SECOND, target, end)  # G[y, x]
        u_f, u_g = _warm_start(F, G, xs, ys, target)
        F[xs, ys], G[ys, xs] = _settle_pairs(pay, u_f, u_g, tol, dice)
        if progress is not None:
            progress(done, len(levels))
    return table


def _warm_start(
    F: np.ndarray, G: np.ndarray, xs: np.ndarray, ys: np.ndarray, target: int
) -> tuple[np.ndarray, np.ndarray]:
    """A first guess for the pairs of a level, from the levels above (already solved): the
    plane through the three neighbours (x+1, y), (x, y+1), (x+1, y+1) where they are all below
    the target, else the straight line through (x, y+1) and (x, y+2), else (x, y+1), else a
    half. A better guess saves a turn pass or two per pair (measured: 3.1 passes per pair
    instead of 4.4)."""
    return _guess(F, xs, ys, target), _guess(G.T, xs, ys, target)


def _guess(table: np.ndarray, xs: np.ndarray, ys: np.ndarray, target: int) -> np.ndarray:
    """`_warm_start` for one table indexed [x, y] (F, or G transposed)."""
    x1, y1, y2 = (np.minimum(v, target - 1) for v in (xs + 1, ys + 1, ys + 2))
    plane = table[x1, ys] + table[xs, y1] - table[x1, y1]
    line = 2.0 * table[xs, y1] - table[xs, y2]
    guess = np.where(
        (xs + 1 < target) & (ys + 1 < target),
        plane,
        np.where(ys + 2 < target, line, np.where(ys + 1 < target, table[xs, y1], 0.5)),
    )
    return np.clip(guess, 0.0, 1.0)


#: Passes of each pair run in single precision before the double-precision ones. Measured on
#: the rules' game: one saves about a tenth of the solve and adds no pass; two add a fifth
#: more passes (the Newton steps aimed from single precision miss more often).
ROUGH_PASSES = 1


def _settle_pairs(
    pay: np.ndarray, u_f: np.ndarray, u_g: np.ndarray, tol: float, dice: int
) -> tuple[np.ndarray, np.ndarray]:
    """The fixed points u_f = T_f(1 − u_g), u_g = T_g(1 − u_f) of a level's m pairs, where
    T is a fresh turn's value with the score-0 payoff (the totals unchanged) set to its
    argument and the other payoffs `pay[1:]` fixed (columns :m for F, m: for G)."""
    m = len(u_f)
    u_f, u_g = u_f.copy(), u_g.copy()
    active = np.arange(m)
    for step in range(100):
        columns = np.concatenate([active, m + active])
        batch = pay[:, columns]
        batch[0, : len(active)] = 1.0 - u_g[active]
        batch[0, len(active) :] = 1.0 - u_f[active]
        # The first pass only aims the first Newton step (the warm start is off by up to a
        # few hundredths): single precision is plenty there and halves its memory traffic.
        # Nothing settles on it; every value kept comes from a double-precision pass.
        rough = step < ROUGH_PASSES
        t, p = fresh_value_and_zero_chance(batch.astype(np.float32) if rough else batch, dice)
        t, p = t.astype(np.float64), p.astype(np.float64)
        k = len(active)
        t_f, t_g, p_f, p_g = t[:k], t[k:], p[:k], p[k:]
        a_f, a_g = u_f[active], u_g[active]
        settled = np.maximum(np.abs(t_f - a_f), np.abs(t_g - a_g)) <= tol
        if rough:
            settled[:] = False
        # Newton step on each pair: T is linear in its score-0 payoff along this policy.
        c_f = t_f - p_f * (1.0 - a_g)
        c_g = t_g - p_g * (1.0 - a_f)
        n_f = (c_f + p_f * (1.0 - c_g - p_g)) / (1.0 - p_f * p_g)
        n_g = c_g + p_g * (1.0 - n_f)
        u_f[active] = np.where(settled, t_f, n_f)
        u_g[active] = np.where(settled, t_g, n_g)
        active = active[~settled]
        if len(active) == 0:
            return u_f, u_g
    raise RuntimeError("the win-probability solve did not settle")  # pragma: no cover


def save_table(table: WinTable, path: Path = TABLE_PATH) -> Path:
    """Write the table (compressed npz)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        np.savez_compressed(
            fh,
            format=np.array(TABLE_FORMAT),
            target=np.array(table.target),
            end=np.array(table.end),
            dice=np.array(table.dice),
            F=table.F,
            G=table.G,
            L=table.L,
        )
    return path


def load_table(path: Path = TABLE_PATH) -> WinTable:
    """Read a table written by `save_table`, checking its shape; a clear error otherwise.
    Files written before variants existed hold the official rules."""
    try:
        with np.load(path) as data:
            if int(data["format"]) != TABLE_FORMAT:
                raise ValueError(message("error.table_format"))
            target = int(data["target"])
            end = str(data["end"]) if "end" in data else END_ROUND
            dice = int(data["dice"]) if "dice" in data else NUM_DICE
            table = WinTable(data["F"], data["G"], data["L"], target, end, dice)
    except (OSError, KeyError, ValueError) as err:
        raise ValueError(message("error.table_unusable", path=path, error=err)) from None
    if table.F.shape != (target, target) or table.G.shape != (target, target):
        raise ValueError(message("error.table_shape", path=path))
    return table


@cache
def win_table() -> WinTable:
    """The shipped table (the official rules), loaded on first use."""
    table = load_table()
    if (table.target, table.end, table.dice) != (TARGET, END_ROUND, NUM_DICE):
        raise ValueError(message("error.table_rules", path=TABLE_PATH))
    return table


_SOLVED_VARIANTS: dict[Variant, WinTable] = {}

#: The variants whose tables the kit ships besides the official one: those notebook 9 of
#: Martian Dice shows when it loads (the official rules' other end rule, and the 15- and
#: 40-point games under both end rules).
SHIPPED_VARIANTS = (
    Variant(TARGET, END_IMMEDIATE),
    Variant(15, END_ROUND),
    Variant(15, END_IMMEDIATE),
    Variant(40, END_ROUND),
    Variant(40, END_IMMEDIATE),
)


def shipped_path(variant: Variant) -> Path:
    """Where the kit ships the table of `variant` (one of `SHIPPED_VARIANTS`, or official)."""
    if variant.is_official:
        return TABLE_PATH
    return TABLE_PATH.parent / f"win2p_{variant.target}_{variant.end}_{variant.dice}.npz"


def _shipped_variant(variant: Variant) -> WinTable | None:
    """The shipped table of `variant`, None when the kit ships none."""
    if variant not in SHIPPED_VARIANTS:
        return None
    path = shipped_path(variant)
    table = load_table(path)
    if (table.target, table.end, table.dice) != (variant.target, variant.end, variant.dice):
        raise ValueError(message("error.table_rules", path=path))
    return table


def variant_table(
    variant: Variant = OFFICIAL, progress: Callable[[int, int], None] | None = None
) -> WinTable:
    """The win-probability table of `variant`: the shipped one for the official rules and
    `SHIPPED_VARIANTS` (read on first use), else solved on first use (a fraction of a second
    to a few seconds; `progress` as in `solve_game`); kept in memory for the rest of the
    process."""
    if variant.is_official:
        return win_table()
    table = _SOLVED_VARIANTS.get(variant)
    if table is None:
        table = _shipped_variant(variant)
        if table is None:
            table = solve_game(progress, target=variant.target, end=variant.end, dice=variant.dice)
        _SOLVED_VARIANTS[variant] = table
    return table


def is_solved(variant: Variant) -> bool:
    """True when `variant_table(variant)` answers at once (shipped or already solved)."""
    return variant.is_official or variant in SHIPPED_VARIANTS or variant in _SOLVED_VARIANTS


def win_probability(
    mine: int, theirs: int, seat: str = FIRST, variant: Variant = OFFICIAL
) -> float:
    """P(win) under win-optimal play by both, at the start of the mover's turn."""
    return variant_table(variant).probability(mine, theirs, seat)


@lru_cache(maxsize=4096)
def win_turn_solution(mine: int, theirs: int, seat: str = FIRST) -> TurnSolution:
    """The turn solved for P(win) from a position (values of every turn state and option)."""
    return solve_turn(win_table().payoff(mine, theirs, seat))


# -- turn-score distributions and exact evaluation of 2-player games ------------------------


def optimal_score_distributions(payoffs: np.ndarray, dice: int = NUM_DICE) -> np.ndarray:
    """For each payoff column (17, B): the exact distribution of the turn score (B, 17) when
    the turn (of `dice` dice) is played optimally for that payoff (tie rule: stop on equal
    values, first best set-aside), by forward propagation over the compact turn graph."""
    cm = compact_model(dice)
    cols = payoffs.shape[1]
    result = compact_backward(payoffs, dice=dice)
    values, roll_values = result.values, result.roll_values
    n = cm.sentinel + 1
    mass = np.zeros((n, cols))
    mass[cm.fresh] = 1.0
    dist = np.zeros((N_SCORES, cols))
    col_index = np.arange(cols)
    for level in reversed(cm.levels[1:]):
        m = mass[level.lo : level.hi]
        scores = cm.score[level.lo : level.hi]
        stop_value = payoffs[scores]
        stop = stop_value >= roll_values[level.lo : level.hi]
        if level.lo <= cm.fresh < level.hi:
            stop[cm.fresh - level.lo] = False  # a turn begins with a roll
        stopped = m * stop
        np.add.at(dist, scores, stopped)
        rolling = m - stopped
        dist += level.stuck_mass.T @ rolling
        opts = level.options.T
        v0, v1, v2, v3 = (values[o] for o in opts)
        best = np.maximum(np.maximum(v0, v1), np.maximum(v2, v3))
        chosen = first_best_option(opts, v0, v1, v2, best)
        flow = rolling[level.pair_state] * level.prob[:, None]
        mass += np.bincount(
            (chosen * cols + col_index).ravel(), weights=flow.ravel(), minlength=n * cols
        ).reshape(n, cols)
    terminal = cm.levels[0]
    np.add.at(dist, cm.score[terminal.lo : terminal.hi], mass[terminal.lo : terminal.hi])
    return dist.T


@dataclass(frozen=True)
class GameDistributions:
    """Turn-score distributions of a 2-player game's policies at every position:
    `first[x, y]` (first seat to move, x against y), `second[x, y]` (second seat to move, x
    against the first's y), `last[n]` (the second seat's last turn, n behind); each (.., 17)."""

    first: np.ndarray
    second: np.ndarray
    last: np.ndarray

    @classmethod
    def score_blind(
        cls, dist_first: ArrayLike, dist_second: ArrayLike | None = None
    ) -> GameDistributions:
        """Both seats play one fixed turn-score distribution everywhere."""
        a = np.asarray(dist_first, dtype=np.float64)
        b = a if dist_second is None else np.asarray(dist_second, dtype=np.float64)
        return cls(
            np.broadcast_to(a, (TARGET, TARGET, N_SCORES)),
            np.broadcast_to(b, (TARGET, TARGET, N_SCORES)),
            np.broadcast_to(b, (TARGET + N_SCORES, N_SCORES)),
        )


def compute_win_optimal_distributions(
    table: WinTable | None = None, chunk: int = 128
) -> GameDistributions:
    """Turn-score distributions of win-optimal play at every position under `table` (the
    shipped one when None), computed now (a few seconds)."""
    table = win_table() if table is None else table
    keys = [(FIRST, x, y) for x in range(TARGET) for y in range(TARGET)]
    keys += [(SECOND, x, y) for x in range(TARGET) for y in range(TARGET)]
    keys += [("last", n, 0) for n in range(TARGET + N_SCORES)]
    payoffs = np.stack(
        [
            last_turn_payoff(x) if seat == "last" else turn_payoff(table, x, y, seat)
            for seat, x, y in keys
        ],
        axis=1,
    )
    dists = np.concatenate(
        [optimal_score_distributions(payoffs[:, i : i + chunk]) for i in range(0, len(keys), chunk)]
    )
    n = TARGET * TARGET
    return GameDistributions(
        dists[:n].reshape(TARGET, TARGET, N_SCORES),
        dists[n : 2 * n].reshape(TARGET, TARGET, N_SCORES),
        dists[2 * n :],
    )


def save_distributions(dists: GameDistributions, path: Path = DISTRIBUTIONS_PATH) -> Path:
    """Write win-optimal play's distributions (compressed npz)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "wb") as fh:
        np.savez_compressed(fh, first=dists.first, second=dists.second, last=dists.last)
    return path


@cache
def win_optimal_distributions() -> GameDistributions:
    """Turn-score distributions of win-optimal play at every position: the shipped ones
    (`DISTRIBUTIONS_PATH`, written with the shipped table by `martian-kit solve-game`), read on
    first use; computed from the shipped table when the file is missing."""
    try:
        with np.load(DISTRIBUTIONS_PATH) as data:
            return GameDistributions(data["first"], data["second"], data["last"])
    except FileNotFoundError:
        return compute_win_optimal_distributions()


def mixed_distributions(first: GameDistributions, second: GameDistributions) -> GameDistributions:
    """The first seat plays as in `first`, the second seat as in `second`."""
    return GameDistributions(first.first, second.second, second.last)


def evaluate_game(dists: GameDistributions) -> tuple[np.ndarray, np.ndarray]:
    """Exact win probabilities of a 2-player game whose seats play the given turn-score
    distributions (a Markov chain over positions; no simulation). Returns `(A, B)`:
    `A[x, y]` = P(first seat wins) with the first seat to move at x against y, and `B[x, y]`
    = P(first seat wins) with the second seat to move (first has x, second y). The second
    seat's chance is 1 − these; `evaluate_game_both` computes it separately."""
    return _seat_wins(dists, first_wins=True)


def evaluate_game_both(
    dists: GameDistributions,
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Like `evaluate_game`, but also P(second seat wins) computed on its own (ties of the
    roll-off counted 1/2 to each), so that tests can check that the two add up to 1."""
    a, b = _seat_wins(dists, first_wins=True)
    a2, b2 = _seat_wins(dists, first_wins=False)
    return a, b, a2, b2


def _seat_wins(dists: GameDistributions, first_wins: bool) -> tuple[np.ndarray, np.ndarray]:
    """`(A, B)` of `evaluate_game` for the first seat's wins (`first_wins`) or the second's,
    by positions of decreasing total (a position's successors have larger totals)."""
    half = float(tiebreak_odds(2).p_win)
    s = np.arange(N_SCORES)
    # The second seat's last turn, `need` points behind: it wins the game by scoring more
    # than `need`, or as much and the roll-off; the chance of each seat's win depends on
    # `need` alone, so it is worked out once for every `need`.
    needs = np.arange(len(dists.last))
    last = np.asarray(dists.last)
    second_more = np.where(s[None, :] > needs[:, None], last, 0.0).sum(axis=1)
    tie = np.where(s[None, :] == needs[:, None], last, 0.0).sum(axis=1)
    win_by_need = 1.0 - second_more - tie * half if first_wins else second_more + tie * half
    A = np.zeros((TARGET, TARGET))
    B = np.zeros((TARGET, TARGET))
    for c in range(2 * (TARGET - 1), -1, -1):
        for x in range(max(0, c - TARGET + 1), min(TARGET - 1, c) + 1):
            y = c - x
            # First seat moves: crossing 25 hands the second seat its last turn.
            p = dists.first[x, y]
            after = x + s
            crossing = after >= TARGET
            cont = np.zeros(N_SCORES)
            # (a last turn further behind than the distributions go is lost before it starts)
            need = after[crossing] - y
            known = need < len(win_by_need)
            cont[crossing] = np.where(
                known, win_by_need[np.minimum(need, len(win_by_need) - 1)], float(first_wins)
            )
            ok = ~crossing & (s > 0)
            cont[ok] = B[after[ok], y]
            c_a = p[1:] @ cont[1:]
            # Second seat moves: reaching 25 ends the game at once.
            q = dists.second[y, x]
            after2 = y + s
            cont2 = np.where(after2 >= TARGET, 0.0 if first_wins else 1.0, 0.0)
            ok2 = (after2 < TARGET) & (s > 0)
            cont2[ok2] = A[x, after2[ok2]]
            c_b = q[1:] @ cont2[1:]
            # Scoring 0 hands the same totals over: A = c_a + p0 B, B = c_b + q0 A.
            A[x, y] = (c_a + p[0] * c_b) / (1.0 - p[0] * q[0])
            B[x, y] = c_b + q[0] * A[x, y]
    return A, B


# -- game-aware policies ---------------------------------------------------------------------


@cache
def _ahead_last_turn_distribution() -> np.ndarray:
    """Turn-score distribution of a last turn already won before rolling (every score wins:
    the policy stops at its first chance, by the tie rule)."""
    return optimal_score_distributions(np.ones((N_SCORES, 1)))[0]


class GamePolicy:
    """Plays each turn optimally for the win probability of a 2-player position.

    - `win` (2 players): the exact win-optimal policy of the solved game.
    - `leader` (3 to 10 players, a documented heuristic, not claimed optimal): plays the
      2-player win-optimal turn against the strongest opponent only, as the second seat when
      its turn closes the round (last seat) and as the first seat otherwise; in the final
      round (someone has 25 or more) it plays its last turn to beat the best total, counting a
      tie as half a win. Other players moving later in that round are ignored.
    With 2 players both names play the same (exact) policy.
    """

    def __init__(self, name: str = "win") -> None:
        self.name = name

    def position(self, totals: tuple[int, ...], seat: int) -> tuple[str, int, int]:
        """(role, mine, other) of the 2-player position this policy plays: role is FIRST,
        SECOND, or "last" (a last turn, `other` being the total to beat)."""
        mine = totals[seat]
        others = [t for s, t in enumerate(totals) if s != seat]
        best = max(others)
        if best >= TARGET:
            return ("last", mine, best)
        role = SECOND if seat == len(totals) - 1 else FIRST
        return (role, mine, min(best, TARGET - 1))

    def solution(self, totals: tuple[int, ...], seat: int) -> TurnSolution:
        role, mine, other = self.position(totals, seat)
        if role == "last":
            return _last_turn_solution(other - mine)
        return win_turn_solution(mine, other, role)

    def __call__(self, turn: TurnState, context: GameContext | None, rng: random.Random) -> Action:
        if context is None or len(context.totals) < 2:
            return expected_score_solution().best_action(turn)
        return self.solution(context.totals, context.seat).best_action(turn)

    def score_cdfs(self, totals: np.ndarray, seat: int) -> np.ndarray:
        """Cumulative turn-score distributions (games, 17) for `seat` in every game of
        `totals` (games, players), for vectorised simulation."""
        dists = win_optimal_distributions()
        n_players = totals.shape[1]
        mine = totals[:, seat]
        best = np.delete(totals, seat, axis=1).max(axis=1)
        out = np.empty((len(totals), N_SCORES))
        final = best >= TARGET
        need = best - mine
        behind = final & (need >= 0)
        out[behind] = dists.last[np.minimum(need[behind], len(dists.last) - 1)]
        out[final & (need < 0)] = _ahead_last_turn_distribution()
        normal = ~final
        table = dists.second if seat == n_players - 1 else dists.first
        out[normal] = table[mine[normal], np.minimum(best[normal], TARGET - 1)]
        cdf = np.cumsum(out, axis=1)
        cdf[:, -1] = 1.0
        return cdf


@lru_cache(maxsize=64)
def _last_turn_solution(need: int) -> TurnSolution:
    if need < 0:
        return solve_turn(np.ones(N_SCORES))
    return solve_turn(last_turn_payoff(need))
