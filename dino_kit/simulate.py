"""Play whole games with bots and summarise many of them.

`play_game(bots, rng, ...)` plays one game (chance events sampled with `rng`) and returns the
finished state; `simulate(players, games, seed, bots)` plays many (game g uses
`random.Random(seed * 1_000_003 + g)`, so any one game can be replayed alone) and returns a
`Summary` of scores, rounds, eaten visitors and money, with 95% confidence intervals for the
mean scores and the seats' win rates, and how many games ended only by the `max_rounds`
safety net (not a rule of the game, see RULES_NOTES.md). `tournament(bots, games, seed)`
plays seat-balanced games (the seats rotate, `seating`), in this process, a pool of
processes or on a Dask cluster (`dino_kit.pool`), and reports each entry's win share and mean
score with 95% intervals.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from dino_kit.bots import Bot, bot_by_name
from dino_kit.components import ComponentSet
from dino_kit.engine import run
from dino_kit.messages import message
from dino_kit.pool import Progress, chunks, run_chunks
from dino_kit.setup import new_game
from dino_kit.solo import rival_score
from dino_kit.state import GameState
from kit_common.statistics import Interval, mean_interval, wilson_interval


def play_game(
    bots: Sequence[Bot], rng: random.Random, components: ComponentSet | None = None, **settings: Any
) -> GameState:
    """One whole game, seat i played by `bots[i]`."""
    return run(new_game(len(bots), components, **settings), bots, rng)


def game_seed(seed: int, game: int) -> int:
    return seed * 1_000_003 + game


def ended_by_cap(state: GameState) -> bool:
    """True when a finished game ended only because it reached `max_rounds` (the project's
    safety net), with two or more objectives still unclaimed — not by the rules' end."""
    return (
        state.is_terminal()
        and state.round >= state.rules.max_rounds
        and len(state.unclaimed_objectives()) > 1
    )


@dataclass(frozen=True)
class Summary:
    """What `simulate` reports. Per seat: mean/min/max final score (with a 95% interval of
    the mean), wins (shared wins count as a fraction) with a 95% Wilson interval of the win
    rate, mean money left and visitors eaten; the rounds played per game; visitors eaten per
    game (all seats); games that ended only by the `max_rounds` safety net."""

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
    score_ci: tuple[tuple[float, float], ...] = ()
    win_rate_ci: tuple[tuple[float, float], ...] = ()
    eaten_per_game: float = 0.0
    capped_games: int = 0
    rival_score_mean: float | None = None  # solo games (players=1): the rival's mean score

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


def simulate(
    players: int,
    games: int,
    seed: int,
    bots: Sequence[str] = ("heuristic",),
    components: ComponentSet | None = None,
    **settings: Any,
) -> Summary:
    """Play `games` games of `players` seats; `bots` names one bot per seat (or one for all).
    `settings` go to `new_game` (e.g. `objective_length`, `max_rounds`). `players=1` plays
    solo games against the rival of `dino_kit.solo` (a solo mode of this kit's design, not
    the published solo rules); a win is beating the rival."""
    if players == 1:
        settings = {**settings, "solo": True}
    names = tuple(bots) if len(bots) == players else (bots[0],) * players
    if len(bots) not in (1, players):
        raise ValueError(message("simulate.bot_count", players=players, got=len(bots)))
    policy = [bot_by_name(b) for b in names]
    finals, money, eaten, rounds, wins = [], [], [], [], [0.0] * players
    capped = 0
    rivals = []
    for g in range(games):
        state = play_game(policy, random.Random(game_seed(seed, g)), components, **settings)
        finals.append(state.final)
        money.append([p.money for p in state.players])
        eaten.append([p.eaten_total for p in state.players])
        rounds.append(state.round)
        capped += ended_by_cap(state)
        if state.rules.solo:
            rivals.append(rival_score(state))
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
        tuple(_bounds(mean_interval(x)) for x in by_seat),
        tuple(_bounds(wilson_interval(w, games)) for w in wins),
        statistics.fmean(sum(x) for x in eaten),
        capped,
        statistics.fmean(rivals) if rivals else None,
    )


def _bounds(interval: Interval) -> tuple[float, float]:
    """An interval as the (low, high) pair a `Summary` keeps (its JSON shape)."""
    return (interval.low, interval.high)


@dataclass(frozen=True)
class TournamentEntry:
    """One entry of a tournament (a bot in the list given; the same bot listed twice is two
    entries): its win share with a 95% Wilson interval, its mean final score with a 95%
    interval, over every game (it sits in each seat equally often)."""

    entry: int
    bot: str
    wins: float
    win_share: Interval
    score: Interval


@dataclass(frozen=True)
class Tournament:
    """What `tournament` reports: one `TournamentEntry` per bot listed, and the rounds."""

    bots: tuple[str, ...]
    games: int
    seed: int
    entries: tuple[TournamentEntry, ...]
    rounds_mean: float

    def to_data(self) -> dict[str, Any]:
        return asdict(self)


def seating(entries: int, game: int) -> tuple[int, ...]:
    """Which entry sits in each seat in game `game`: the list rotated by `game` places, so
    over any `entries` consecutive games every entry has every seat once."""
    return tuple((seat + game) % entries for seat in range(entries))


def tournament(
    bots: Sequence[str],
    games: int,
    seed: int,
    components: ComponentSet | None = None,
    *,
    jobs: int | None = 1,
    scheduler: Any = None,
    progress: Progress | None = None,
    **settings: Any,
) -> Tournament:
    """A seat-balanced tournament: `games` games of `len(bots)` players, seats rotating
    (`seating`), game g seeded `game_seed(seed, g)` (chance is the same whoever sits where:
    the planner does not draw from the game's random source). `jobs` processes (None: one
    per core) or the Dask cluster at `scheduler` play the games (`dino_kit.pool`): the result
    is the same."""
    names = tuple(bots)
    if not 2 <= len(names) <= 4:
        raise ValueError(message("simulate.tournament_bots", got=len(names)))
    for name in names:
        bot_by_name(name)  # an unknown bot fails here, before any work
    tasks = [(names, seed, chunk, components, settings) for chunk in chunks(games)]
    played = run_chunks(
        play_tournament_chunk, tasks, games, jobs=jobs, scheduler=scheduler, progress=progress
    )
    wins = [0.0] * len(names)
    scores: list[list[float]] = [[] for _ in names]
    rounds = []
    for g, (rounds_played, shares, finals) in enumerate(r for chunk in played for r in chunk):
        rounds.append(rounds_played)
        for seat, entry in enumerate(seating(len(names), g)):
            wins[entry] += shares[seat]
            scores[entry].append(finals[seat])
    entries = tuple(
        TournamentEntry(e, names[e], wins[e], wilson_interval(wins[e], games), mean_interval(s))
        for e, s in enumerate(scores)
    )
    return Tournament(names, games, seed, entries, statistics.fmean(rounds))


def play_tournament_chunk(
    names: Sequence[str],
    seed: int,
    games: Sequence[int],
    components: ComponentSet | None,
    settings: dict[str, Any],
) -> list[tuple[int, tuple[float, ...], tuple[int, ...]]]:
    """Play a tournament's games `games` (a task for a process or a Dask worker): per game
    its rounds, and per seat the win share and the final score."""
    policy = [bot_by_name(b) for b in names]
    out = []
    for g in games:
        order = seating(len(names), g)
        state = play_game(
            [policy[e] for e in order], random.Random(game_seed(seed, g)), components, **settings
        )
        assert state.final is not None
        out.append((state.round, state.returns(), state.final))
    return out
