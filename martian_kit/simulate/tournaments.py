"""Tournaments: games among 2 to 10 policies with seat rotation, win rates with their 95 %
intervals, and per-player statistics as Board Game Arena shows them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from kit_common.checks import whole
from kit_common.errors import KitError
from kit_common.statistics import Interval, wilson_interval
from kit_common.study import Progress, seating
from martian_kit.game import MAX_PLAYERS, MIN_PLAYERS, TARGET
from martian_kit.messages import message
from martian_kit.policy import GameAwarePolicy, Policy
from martian_kit.simulate.games import play_games, resolve_ties
from martian_kit.simulate.sampling import Seed, generator, policy_name, seed_label
from martian_kit.simulate.turns import play_turns
from martian_kit.solver.table import TablePolicy, require_table_policy

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
    g mod N: `kit_common.study.seating`), so each plays each seat equally often. Per player:
    wins, win rate with its 95 % interval, and BGA-style statistics (totals over all their
    turns)."""

    players: tuple[str, ...]
    games: int
    seed: int | None
    wins: tuple[int, ...]
    win_rate: tuple[float, ...]
    win_ci95: tuple[Interval, ...]
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
            "win_ci95": [[c.low, c.high] for c in self.win_ci95],
            "stats": list(self.stats),
            "tiebreaks": self.tiebreaks,
        }


def tournament(
    policies: Sequence[TablePolicy | Policy],
    games: int,
    seed: Seed = None,
    progress: Progress | None = None,
) -> Tournament:
    """Play `games` games among `policies` (2 to 10) with seat rotation. With table policies
    every turn is simulated (vectorised) so that the per-player statistics are real counts;
    with a game-aware policy (`win`, `leader`) turns are drawn from their exact turn-score
    distributions, and only turns and points are counted."""
    whole(games, "games", 1)
    rng = generator(seed)
    n_players = len(policies)
    if not MIN_PLAYERS <= n_players <= MAX_PLAYERS:
        raise KitError(
            message("error.game_players", low=MIN_PLAYERS, high=MAX_PLAYERS, n=n_players)
        )
    detailed = not any(isinstance(p, GameAwarePolicy) for p in policies)
    tables = [require_table_policy(p) for p in policies] if detailed else []
    players: Sequence[TablePolicy | Policy] = tables if detailed else list(policies)
    stats = [dict.fromkeys(STAT_NAMES, 0) for _ in players]
    wins = np.zeros(n_players, dtype=np.int64)
    tiebreaks = 0
    done = 0
    # Games are grouped by rotation so that each group seats the same players in order.
    per_rotation = [games // n_players + (r < games % n_players) for r in range(n_players)]
    for rotation, count in enumerate(per_rotation):
        if count == 0:
            continue
        order = seating(n_players, rotation)
        if detailed:
            totals = _detailed_games(
                [tables[i] for i in order], count, rng, [stats[i] for i in order]
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
        players=tuple(policy_name(p) for p in players),
        games=games,
        seed=seed_label(seed),
        wins=tuple(int(w) for w in wins),
        win_rate=tuple(float(w / games) for w in wins),
        win_ci95=tuple(wilson_interval(int(w), games) for w in wins),
        stats=tuple(stats)
        if detailed
        else tuple({"turns": st["turns"], "points": st["points"]} for st in stats),
        tiebreaks=tiebreaks,
        detailed=detailed,
    )


def _detailed_games(
    tables: Sequence[TablePolicy],
    count: int,
    rng: np.random.Generator,
    stats: Sequence[dict[str, int]],
) -> np.ndarray:
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


__all__ = ["STAT_NAMES", "Tournament", "tournament"]
