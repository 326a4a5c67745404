"""Play whole games with bots and summarise many of them.

`play_game(bots, rng, ...)` plays one game (chance events sampled with `rng`) and returns the
finished state; `set_up(players, seed)` gives the table after a seeded setup, and
`play_until(state, phase, seed, bot)` the table once bots have played to a phase (the pages
study one phase on it). Many games go through the one seeded driver of both kits
(`kit_common.study.play_games`): game g uses `random.Random(game_seed(seed, g))`
(`seed * 1_000_003 + g`, so any one game can be replayed alone), `BotGames` plays it and
makes its `GameRecord`. `simulate(players, games, seed, bots)` plays games in fixed seats and
returns a `Summary` of scores, rounds, eaten visitors and money, with 95% confidence
intervals for the mean scores and the seats' win rates, and how many games ended only by the
`max_rounds` safety net (not a rule of the game, see RULES_NOTES.md). `tournament(bots,
games, seed)` plays seat-balanced games (the seats rotate, `seating`), in this process, a
pool of processes or on a Dask cluster, and reports each entry's win share and mean score
with 95% intervals.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cache
from typing import Any

from dino_kit.bots import Bot, bot_by_name
from dino_kit.components import ComponentSet, load_components
from dino_kit.engine import run
from dino_kit.errors import RuleError
from dino_kit.messages import message
from dino_kit.setup import MAX_PLAYERS, MIN_PLAYERS, new_game
from dino_kit.solo import rival_score
from dino_kit.state import GameState, PlayerState
from kit_common.checks import whole
from kit_common.errors import KitError
from kit_common.statistics import Interval, mean_interval, wilson_interval
from kit_common.study import Progress, game_seed, play_games, seating


def play_game(
    bots: Sequence[Bot], rng: random.Random, components: ComponentSet | None = None, **settings: Any
) -> GameState:
    """One whole game, seat i played by `bots[i]`."""
    return run(new_game(len(bots), components, **settings), bots, rng)


def set_up(
    players: int, seed: int, components: ComponentSet | None = None, **settings: Any
) -> GameState:
    """A new game with every random part of setup (and round 1's roll) drawn with
    `random.Random(seed)`: the table as the first player finds it (components None: the
    illustrative set)."""
    rng = random.Random(seed)
    state = new_game(players, components, **settings)
    return run(state, (), rng)  # no agents: chance plays until the first player must act


def play_until(state: GameState, phase: str, seed: int = 1, bot: str = "heuristic") -> GameState:
    """The game after every seat has played like `bot` (chance drawn with
    `random.Random(seed)`) until `phase` begins — a table to study one phase on."""
    play = bot_by_name(bot)
    return run(
        state, [play] * state.num_players, random.Random(seed), until=lambda s: s.phase == phase
    )


def ended_by_cap(state: GameState) -> bool:
    """True when a finished game ended only because it reached `max_rounds` (the project's
    safety net), with two or more objectives still unclaimed — not by the rules' end."""
    return (
        state.is_terminal()
        and state.round >= state.rules.max_rounds
        and len(state.unclaimed_objectives()) > 1
    )


@dataclass(frozen=True)
class GameRecord:
    """One game of many (what a study keeps of it): its number, the entry in each seat
    (`order`, the study's `seating`) and its bot, the rounds played; per seat the win share
    (1, 1/k when k share the win, 0: `GameState.returns`), final score, money left and
    visitors eaten; whether it ended only by the `max_rounds` safety net; the rival's score
    in a solo game; and, when the study asks for them, the components each park holds
    (`held`)."""

    game: int
    order: tuple[int, ...]
    bots: tuple[str, ...]
    rounds: int
    wins: tuple[float, ...]
    final: tuple[int, ...]
    money: tuple[int, ...]
    eaten: tuple[int, ...]
    capped: bool = False
    rival: int | None = None
    parks: tuple[tuple[tuple[str, str], ...], ...] = ()


def held(state: GameState, p: PlayerState) -> tuple[tuple[str, str], ...]:
    """The components a park holds at the end, as (kind, id) pairs: the recipes of its
    exhibits, the attractions built, the specialists hired (a fired one no longer counts),
    the lab upgrades working (covered ones do not count; the Dino Research II / DNA
    Refinement II tiles count), the objectives claimed."""
    out = {("recipe", e.recipe) for e in p.exhibits}
    out |= {("attraction", a) for a in p.attractions}
    out |= {("specialist", s) for s, _ in p.specialists}
    lab = [x for x in (*p.lab, p.dino_research, p.dna_refinement) if x is not None]
    out |= {("lab_upgrade", u) for u in lab}
    out |= {("objective", o) for o in p.objectives}
    return tuple(sorted(out))


@dataclass(frozen=True)
class BotGames:
    """The games of a study (a `kit_common.study.GameTask`, sent to processes and Dask
    workers): the entries' bots by name, the component set (a loaded set; a folder, loaded
    once per process; None: the illustrative set), the settings of `new_game`, and whether
    the records note what each park holds. Called with a game's number, random source and
    seating, it plays the game and gives its `GameRecord`."""

    bots: tuple[str, ...]
    components: ComponentSet | str | None = None
    settings: Mapping[str, Any] = field(default_factory=dict)
    parks: bool = False

    def __call__(self, game: int, rng: random.Random, order: tuple[int, ...]) -> GameRecord:
        source = self.components
        components = _components(source) if isinstance(source, str) else source
        names = tuple(self.bots[e] for e in order)
        state = play_game([bot_by_name(b) for b in names], rng, components, **self.settings)
        players = state.players
        assert state.final is not None
        return GameRecord(
            game,
            order,
            names,
            state.round,
            state.returns(),
            tuple(state.final),
            tuple(p.money for p in players),
            tuple(p.eaten_total for p in players),
            ended_by_cap(state),
            rival_score(state) if state.rules.solo else None,
            tuple(held(state, p) for p in players) if self.parks else (),
        )


@cache
def _components(folder: str) -> ComponentSet:
    """The component set in `folder`, loaded once per process (a study's worker)."""
    return load_components(folder)


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
    whole(games, "games", 1)
    # checked before the seats are named: `(bot,) * -1` would be a game of 0 seats
    if whole(players, "players") != 1 and not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise RuleError("players", message("rule.players", n=players))
    if players == 1:
        settings = {**settings, "solo": True}
    names = tuple(bots) if len(bots) == players else (bots[0],) * players
    if len(bots) not in (1, players):
        raise KitError(message("simulate.bot_count", players=players, got=len(bots)))
    for name in names:
        bot_by_name(name)  # an unknown bot fails here, before any work
    task = BotGames(names, components, settings)
    records = play_games(task, games, seed, players, rotate=False)
    finals = [r.final for r in records]
    money = [r.money for r in records]
    eaten = [r.eaten for r in records]
    rounds = [r.rounds for r in records]
    capped = sum(r.capped for r in records)
    rivals = [r.rival for r in records if r.rival is not None]
    wins = [0.0] * players
    for r in records:
        for s, share in enumerate(r.wins):
            wins[s] += share
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
    per core) or the Dask cluster at `scheduler` play the games (`kit_common.study`): the
    result is the same."""
    names = tuple(bots)
    if not 2 <= len(names) <= 4:
        raise ValueError(message("simulate.tournament_bots", got=len(names)))
    for name in names:
        bot_by_name(name)  # an unknown bot fails here, before any work
    task = BotGames(names, components, settings)
    records = play_games(
        task, games, seed, len(names), jobs=jobs, scheduler=scheduler, progress=progress
    )
    wins = [0.0] * len(names)
    scores: list[list[float]] = [[] for _ in names]
    for r in records:
        for seat, entry in enumerate(r.order):
            wins[entry] += r.wins[seat]
            scores[entry].append(r.final[seat])
    entries = tuple(
        TournamentEntry(e, names[e], wins[e], wilson_interval(wins[e], games), mean_interval(s))
        for e, s in enumerate(scores)
    )
    return Tournament(names, games, seed, entries, statistics.fmean(r.rounds for r in records))


__all__ = [
    "BotGames",
    "GameRecord",
    "Summary",
    "Tournament",
    "TournamentEntry",
    "ended_by_cap",
    "game_seed",
    "held",
    "play_game",
    "seating",
    "simulate",
    "tournament",
]
