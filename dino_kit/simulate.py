"""Play whole games with bots and summarise many of them.

`play_game(bots, rng, ...)` plays one game (chance events sampled with `rng`) and returns the
finished state; `simulate(players, games, seed, bots)` plays many (game g uses
`random.Random(seed * 1_000_003 + g)`, so any one game can be replayed alone) and returns a
`Summary` of scores, rounds, eaten visitors and money.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from dino_kit.bots import Bot, bot_by_name
from dino_kit.components import ComponentSet
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, GameState


def play_game(
    bots: Sequence[Bot], rng: random.Random, components: ComponentSet | None = None, **settings: Any
) -> GameState:
    """One whole game, seat i played by `bots[i]`."""
    state = new_game(len(bots), components, **settings)
    while not state.is_terminal():
        seat = state.current_player()
        if seat == CHANCE:
            state = state.apply_chance(state.sample_chance(rng))
        else:
            state = state.apply_action(bots[seat](state, rng))
    return state


def game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


@dataclass(frozen=True)
class Summary:
    """What `simulate` reports. Per seat: mean/min/max final score, wins (shared wins count
    as a fraction), mean money left and visitors eaten; and the rounds played per game."""

    players: int
    games: int
    seed: int
    bots: tuple[str, ...]
    score_mean: tuple[float, ...]
    score_stdev: tuple[float, ...]
    score_min: tuple[int, ...]
    score_max: tuple[int, ...]
    wins: tuple[float, ...]
    money_mean: tuple[float, ...]
    eaten_mean: tuple[float, ...]
    rounds_mean: float
    rounds_min: int
    rounds_max: int

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


def simulate(players: int, games: int, seed: int, bots: Sequence[str] = ("heuristic",)) -> Summary:
    """Play `games` games of `players` seats; `bots` names one bot per seat (or one for all)."""
    names = tuple(bots) if len(bots) == players else (bots[0],) * players
    if len(bots) not in (1, players):
        raise ValueError(f"give one bot name or {players}, not {len(bots)}")
    policy = [bot_by_name(b) for b in names]
    finals, money, eaten, rounds, wins = [], [], [], [], [0.0] * players
    for g in range(games):
        state = play_game(policy, random.Random(game_seed(seed, g)))
        finals.append(state.final)
        money.append([p.money for p in state.players])
        eaten.append([p.eaten_total for p in state.players])
        rounds.append(state.round)
        for s, r in enumerate(state.returns()):
            wins[s] += r
    by_seat = list(zip(*finals))
    return Summary(
        players,
        games,
        seed,
        names,
        tuple(statistics.fmean(x) for x in by_seat),
        tuple(statistics.pstdev(x) for x in by_seat),
        tuple(min(x) for x in by_seat),
        tuple(max(x) for x in by_seat),
        tuple(wins),
        tuple(statistics.fmean(x) for x in zip(*money)),
        tuple(statistics.fmean(x) for x in zip(*eaten)),
        statistics.fmean(rounds),
        min(rounds),
        max(rounds),
    )
