"""Fast seeded simulation of turns, games and tournaments for table policies (numpy).

Turns run on the compressed turn graph (`martian_kit.solver.model`): every simulated turn is a
walk of slots, a roll samples a compressed outcome from the probabilities summed from
`roll_distribution` (one source of truth), and the policy's tables decide. Earthling kinds are
alike, so the dice rolled are counted as Tanks, Death Rays and earthlings (not per kind).

Games of score-blind policies only depend on the turn scores, which are independent draws
from each policy's exact score distribution: `simulate_games` samples them directly (fast);
`detail=True` plays every turn through the turn simulator instead and collects the per-player
statistics Board Game Arena shows. The end of the game follows the rules: the game ends after
the last seat of the first round in which someone has 25 or more; ties go to 6-dice roll-offs.

Every function takes a `seed` (or a `numpy.random.Generator`) and an optional
`progress(done, total)` callback; `TextProgress` is a plain progress printer for the CLI.
Results carry 95 % confidence intervals.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache

import numpy as np

from martian_kit.dice import NUM_DICE, Face
from martian_kit.game import TARGET
from martian_kit.solver.model import N_SCORES, N_SLOTS, turn_model
from martian_kit.solver.turn import SENTINEL, _option_rows

Progress = Callable[[int, int], None]
Z95 = 1.959963984540054
STOPPED, NO_CHOICE, NO_DICE = 0, 1, 2
END_NAMES = ("stopped", "no_choice", "no_dice")


class TextProgress:
    """A plain progress printer: "label: 42% (420000/1000000)" on one line of stderr,
    redrawn at most every `interval` seconds, finished with a newline."""

    def __init__(self, label: str, stream=None, interval: float = 0.25) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self._last = 0.0

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - self._last < self.interval:
            return
        self._last = now
        pct = 100 * done // max(total, 1)
        end = "\n" if done >= total else ""
        self.stream.write(f"\r{self.label}: {pct:3d}% ({done}/{total}){end}")
        self.stream.flush()


def _rng(seed: int | np.random.Generator | None) -> np.random.Generator:
    return seed if isinstance(seed, np.random.Generator) else np.random.default_rng(seed)


def mean_ci(mean: float, sd: float, n: int) -> tuple[float, float]:
    """95 % normal confidence interval of a mean."""
    half = Z95 * sd / math.sqrt(max(n, 1))
    return (mean - half, mean + half)


def proportion_ci(hits: float, n: int) -> tuple[float, float]:
    """95 % Wilson interval of a proportion."""
    if n == 0:
        return (0.0, 1.0)
    p = hits / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


# -- tables shared by every simulation ---------------------------------------------------


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
    from martian_kit.solver.model import compressed_outcomes
    from martian_kit.strategies import _slot_grid

    model = turn_model()
    d_all, diff_all, k_all, _ = _slot_grid()
    pair_base = np.zeros(N_SLOTS + 1, dtype=np.int64)
    parts = {
        n: [] for n in ("options", "stuck", "tanks", "rays", "earth", "groups", "lost", "bonus")
    }
    offset = 0
    for d in range(1, NUM_DICE + 1):
        level = model.levels[d]
        pair_base[level.states] = offset + level.starts
        out = level.outcome
        parts["options"].append(_option_rows(d))
        parts["stuck"].append(level.stuck_score)
        parts["tanks"].append(out[:, 0])
        parts["rays"].append(out[:, 1])
        parts["earth"].append(d - out[:, 0] - out[:, 1])
        parts["groups"].append(np.concatenate([out[:, 1:2], out[:, 2:5]], axis=1))
        states = level.states[level.pair_state]
        parts["lost"].append(diff_all[states] - out[:, 0] < 0)
        parts["bonus"].append((k_all[states] == 3) & (diff_all[states] - out[:, 0] >= 0))
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
        lost_of_slot=np.append(diff_all < 0, False),
        bonus_of_slot=np.append((k_all == 3) & (diff_all >= 0), False),
    )


@cache
def _choice_column(policy) -> np.ndarray | None:
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


# -- turns --------------------------------------------------------------------------------


@cache
def _lean_tables(policy) -> tuple[np.ndarray, np.ndarray]:
    """For a deterministic table policy: what each (state, outcome) pair leads to — the next
    slot, or −(1 + score) when the turn ends there (no legal choice, or no dice left) — and
    for each slot −(1 + score) if the policy stops there, else the slot itself."""
    t = sim_tables()
    model = turn_model()
    col = _choice_column(policy)
    nxt = t.options[np.arange(len(col)), np.maximum(col, 0)]
    score_next = np.append(model.score_of_slot, 0)[nxt]
    code = np.where(t.d_of_slot[nxt] == 0, -(1 + score_next), nxt)
    code = np.where(col < 0, -(1 + t.stuck_score), code)
    slots = np.arange(N_SLOTS + 1)
    stop = np.append(policy.stop_prob >= 1.0, True)
    stop[model.fresh] = False  # a turn begins with a roll
    after_stop = np.where(stop, -(1 + np.append(model.score_of_slot, 0)), slots)
    return code, after_stop


def turn_scores(policy, n: int, rng: np.random.Generator) -> np.ndarray:
    """Scores of `n` simulated fresh turns of a deterministic table policy (the lean path:
    scores only; `play_turns` also counts the statistics)."""
    table = _table(policy)
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


def play_turns(policy, n: int, rng: np.random.Generator) -> TurnBatch:
    """Simulate `n` fresh turns of a table policy with `rng` (vectorised)."""
    from martian_kit.strategies import as_table_policy

    table = as_table_policy(policy)
    if table is None:
        raise TypeError("fast simulation needs a table policy")
    t = sim_tables()
    model = turn_model()
    col_of_pair = _choice_column(table)
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
    ci95: tuple[float, float]
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
            "ci95": list(self.ci95),
            "ends": self.ends,
            "lost_to_tanks": self.lost_to_tanks,
            "bonuses": self.bonuses,
            "per_turn": self.per_turn,
        }


def simulate_turns(
    policy,
    turns: int,
    seed: int | np.random.Generator | None = None,
    progress: Progress | None = None,
    chunk: int = 250_000,
) -> TurnSimulation:
    """Simulate `turns` fresh turns of a table policy, seeded; summary with 95 % intervals."""
    rng = _rng(seed)
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
    name = getattr(policy, "name", getattr(policy, "__name__", "policy"))
    return TurnSimulation(
        policy=name,
        turns=turns,
        seed=seed if isinstance(seed, int) else None,
        score_counts=tuple(int(c) for c in counts),
        mean=mean,
        sd=sd,
        ci95=mean_ci(mean, sd, turns),
        ends={n: int(c) for n, c in zip(END_NAMES, ends)},
        lost_to_tanks=lost,
        bonuses=bonus,
        per_turn={k: v / turns for k, v in sums.items()},
    )


# -- games ---------------------------------------------------------------------------------


@cache
def _score_cdf(policy) -> np.ndarray:
    from martian_kit.solver.distribution import score_distribution

    cdf = np.cumsum(score_distribution(policy).probs)
    cdf[-1] = 1.0
    return cdf


@cache
def _tiebreak_cdf() -> np.ndarray:
    from martian_kit.odds import face_count_distribution

    cdf = np.cumsum([float(p) for p in face_count_distribution(6, Face.RAY)])
    cdf[-1] = 1.0
    return cdf


def resolve_ties(totals: np.ndarray, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Winners of finished games (rows of totals): the highest total, ties settled by 6-dice
    roll-offs (most Death Rays; those still tied roll again). Returns winners and whether a
    tie-break was needed."""
    best = totals.max(axis=1, keepdims=True)
    tied = totals == best
    needed = tied.sum(axis=1) > 1
    cdf = _tiebreak_cdf()
    while True:
        multi = tied.sum(axis=1) > 1
        if not multi.any():
            break
        rows = np.nonzero(multi)[0]
        rays = np.searchsorted(cdf, rng.random((len(rows), totals.shape[1])), side="right")
        rays = np.where(tied[rows], rays, -1)
        tied[rows] = rays == rays.max(axis=1, keepdims=True)
    return tied.argmax(axis=1), needed


@dataclass(frozen=True)
class GameSimulation:
    """Results of simulated games, by seat: wins with 95 % intervals, mean rounds, the share
    of games settled by a tie-break."""

    policies: tuple[str, ...]
    games: int
    seed: int | None
    wins: tuple[int, ...]
    win_rate: tuple[float, ...]
    win_ci95: tuple[tuple[float, float], ...]
    mean_rounds: float
    tiebreaks: int

    def to_dict(self) -> dict:
        return {
            "policies": list(self.policies),
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            "win_rate": list(self.win_rate),
            "win_ci95": [list(c) for c in self.win_ci95],
            "mean_rounds": self.mean_rounds,
            "tiebreaks": self.tiebreaks,
        }


def play_games(
    policies: Sequence, n: int, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """`n` games, one policy per seat, by sampling each turn's score from the policy's exact
    turn-score distribution: a fixed one for score-blind table policies, the one of the
    current position for game policies (`win`, `leader`). Returns final totals (n, seats),
    winners, rounds, tie-break flags."""
    seats = len(policies)
    cdfs = [None if hasattr(p, "score_cdfs") else _score_cdf(_table(p)) for p in policies]
    totals = np.zeros((n, seats), dtype=np.int64)
    rounds = np.zeros(n, dtype=np.int64)
    alive = np.arange(n)
    while alive.size:
        for seat in range(seats):
            u = rng.random(alive.size)
            if cdfs[seat] is not None:
                totals[alive, seat] += np.searchsorted(cdfs[seat], u, "right")
            else:
                rows = policies[seat].score_cdfs(totals[alive], seat)
                totals[alive, seat] += (rows <= u[:, None]).sum(axis=1)
        rounds[alive] += 1
        alive = alive[totals[alive].max(axis=1) < TARGET]
    winners, tiebreak = resolve_ties(totals, rng)
    return totals, winners, rounds, tiebreak


def _table(policy):
    from martian_kit.strategies import as_table_policy

    table = as_table_policy(policy)
    if table is None:
        raise TypeError("fast simulation needs table policies")
    return table


def _name(policy) -> str:
    return getattr(policy, "name", getattr(policy, "__name__", "policy"))


def simulate_games(
    policies: Sequence,
    games: int,
    seed: int | np.random.Generator | None = None,
    progress: Progress | None = None,
    chunk: int = 200_000,
) -> GameSimulation:
    """Simulate `games` games with `policies` in fixed seats; win rates with 95 % intervals."""
    rng = _rng(seed)
    wins = np.zeros(len(policies), dtype=np.int64)
    rounds = tiebreaks = 0
    done = 0
    while done < games:
        size = min(chunk, games - done)
        _, winners, r, tb = play_games(policies, size, rng)
        wins += np.bincount(winners, minlength=len(policies))
        rounds += int(r.sum())
        tiebreaks += int(tb.sum())
        done += size
        if progress is not None:
            progress(done, games)
    return GameSimulation(
        policies=tuple(_name(p) for p in policies),
        games=games,
        seed=seed if isinstance(seed, int) else None,
        wins=tuple(int(w) for w in wins),
        win_rate=tuple(float(w / games) for w in wins),
        win_ci95=tuple(proportion_ci(int(w), games) for w in wins),
        mean_rounds=rounds / games,
        tiebreaks=tiebreaks,
    )


# -- tournaments -----------------------------------------------------------------------------


STAT_NAMES = (
    "turns",
    "points",
    "rays_taken",
    "earthlings_taken",
    "lost_to_tanks",
    "bonuses",
    "rolls",
    "tanks_rolled",
    "rays_rolled",
    "earthlings_rolled",
)


@dataclass(frozen=True)
class Tournament:
    """A tournament: every game seats the players in a rotated order (game g starts at player
    g mod N), so each plays each seat equally often. Per player: wins, win rate with its 95 %
    interval, and BGA-style statistics (totals over all their turns)."""

    players: tuple[str, ...]
    games: int
    seed: int | None
    wins: tuple[int, ...]
    win_rate: tuple[float, ...]
    win_ci95: tuple[tuple[float, float], ...]
    stats: tuple[dict[str, int], ...]
    tiebreaks: int
    detailed: bool = True  # False: only turns and points were counted

    def to_dict(self) -> dict:
        return {
            "detailed": self.detailed,
            "players": list(self.players),
            "games": self.games,
            "seed": self.seed,
            "wins": list(self.wins),
            "win_rate": list(self.win_rate),
            "win_ci95": [list(c) for c in self.win_ci95],
            "stats": list(self.stats),
            "tiebreaks": self.tiebreaks,
        }


def tournament(
    policies: Sequence,
    games: int,
    seed: int | np.random.Generator | None = None,
    progress: Progress | None = None,
) -> Tournament:
    """Play `games` games among `policies` (2 to 10) with seat rotation. With table policies
    every turn is simulated (vectorised) so that the per-player statistics are real counts;
    with a game-aware policy (`win`, `leader`) turns are drawn from their exact turn-score
    distributions, and only turns and points are counted (the other statistics stay 0)."""
    rng = _rng(seed)
    n_players = len(policies)
    if not 2 <= n_players <= 10:
        raise ValueError(f"a game has 2 to 10 players, not {n_players}")
    detailed = all(not hasattr(p, "score_cdfs") for p in policies)
    players = [_table(p) if detailed else p for p in policies]
    stats = [dict.fromkeys(STAT_NAMES, 0) for _ in players]
    wins = np.zeros(n_players, dtype=np.int64)
    tiebreaks = 0
    done = 0
    # Games are grouped by rotation so that each group seats the same players in order.
    per_rotation = [games // n_players + (r < games % n_players) for r in range(n_players)]
    for rotation, count in enumerate(per_rotation):
        if count == 0:
            continue
        order = [(rotation + s) % n_players for s in range(n_players)]
        if detailed:
            totals = _detailed_games(
                [players[i] for i in order], count, rng, [stats[i] for i in order]
            )
            winners, tb = resolve_ties(totals, rng)
        else:
            totals, winners, rounds, tb = play_games([players[i] for i in order], count, rng)
            for seat, player in enumerate(order):
                stats[player]["turns"] += int(rounds.sum())
                stats[player]["points"] += int(totals[:, seat].sum())
        tiebreaks += int(tb.sum())
        for seat, player in enumerate(order):
            wins[player] += int((winners == seat).sum())
        done += count
        if progress is not None:
            progress(done, games)
    return Tournament(
        players=tuple(_name(p) for p in players),
        games=games,
        seed=seed if isinstance(seed, int) else None,
        wins=tuple(int(w) for w in wins),
        win_rate=tuple(float(w / games) for w in wins),
        win_ci95=tuple(proportion_ci(int(w), games) for w in wins),
        stats=tuple(stats)
        if detailed
        else tuple({"turns": st["turns"], "points": st["points"]} for st in stats),
        tiebreaks=tiebreaks,
        detailed=detailed,
    )


def _detailed_games(tables: Sequence, count: int, rng: np.random.Generator, stats) -> np.ndarray:
    """Final totals of `count` games of table policies in seat order, every turn simulated;
    adds each seat's statistics to `stats[seat]`."""
    totals = np.zeros((count, len(tables)), dtype=np.int64)
    alive = np.arange(count)
    while alive.size:
        for seat, table in enumerate(tables):
            batch = play_turns(table, alive.size, rng)
            totals[alive, seat] += batch.score
            st = stats[seat]
            st["turns"] += alive.size
            st["points"] += int(batch.score.sum())
            st["rays_taken"] += int(batch.rays_taken.sum())
            st["earthlings_taken"] += int(batch.earthlings_taken.sum())
            st["lost_to_tanks"] += int(batch.lost.sum())
            st["bonuses"] += int(batch.bonus.sum())
            st["rolls"] += int(batch.rolls.sum())
            st["tanks_rolled"] += int(batch.rolled[:, 0].sum())
            st["rays_rolled"] += int(batch.rolled[:, 1].sum())
            st["earthlings_rolled"] += int(batch.rolled[:, 2].sum())
        alive = alive[totals[alive].max(axis=1) < TARGET]
    return totals
