"""The one driver of many seeded games: seeds, seating rotation, where the games are played
(this process, a pool of processes, or the workers of a Dask cluster: the `dask` extra),
progress, and each game's record.

`play_games(task, games, seed, entries)` plays game g with `random.Random(game_seed(seed, g))`
and the entries seated by `seating(entries, g)` (fixed seats with `rotate=False`), and
returns the records `task` makes of the games, in game order. A game is seeded from (seed, g),
never from where or when it is played, so the records are the same whatever plays them. The
games are split into chunks of `CHUNK`; `run_chunks` plays chunks of any picklable function.

A study's progress is a `Progress` callback, `progress(done, total)`; `TextProgress` prints
it on a terminal.
"""

from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, Protocol, TextIO, TypeVar

from kit_common.errors import InputError
from kit_common.words import message

CHUNK = 8  # games per task: big enough to hide the cost of sending one, small for balance
#: At most this many processes play a study's games (`jobs`): more than the machine's cores
#: only wait their turn, each holding its own copy of the game.
MAX_JOBS = 64

#: `progress(done, total)`: told by a long computation after each chunk of its work.
Progress = Callable[[int, int], None]
Result = TypeVar("Result")
Record = TypeVar("Record", covariant=True)


def game_seed(seed: int, game: int) -> int:
    """The seed of game `game` of a study seeded `seed` (any one game replays alone)."""
    return seed * 1_000_003 + game


def seating(entries: int, game: int) -> tuple[int, ...]:
    """Which entry sits in each seat in game `game`: the list rotated by `game` places, so
    over any `entries` consecutive games every entry has every seat once."""
    return tuple((seat + game) % entries for seat in range(entries))


class GameTask(Protocol[Record]):
    """Plays one game of a study and makes its record: the game's number, its random source
    and the seating (`order[seat]` is the entry in that seat) in. A module-level function or
    an instance of a module-level class, so that a process or a Dask worker can receive it."""

    def __call__(self, game: int, rng: random.Random, order: tuple[int, ...]) -> Record: ...


def play_games(
    task: GameTask[Result],
    games: int,
    seed: int,
    entries: int,
    *,
    rotate: bool = True,
    jobs: int | None = 1,
    scheduler: Any = None,
    progress: Progress | None = None,
    kept: list[Result] | None = None,
) -> list[Result]:
    """The records `task` makes of games 0 … games-1 (module docstring), in game order, the
    `entries` rotating through the seats (`seating`) or, with `rotate=False`, in fixed seats.
    `jobs` processes play them (1: this one; None: one per core) or the Dask cluster at
    `scheduler`; `progress(done, total)` hears of every chunk played. In this process or a
    pool, each chunk's records are also added to `kept` before `progress` hears of it: a
    caller whose work is ended early (a page's Stop button, `kit_common.widgets.stoppable`)
    keeps the games played so far, games 0 … k-1, each the same game as in a full run. In
    this process, a caller who keeps them is told of every game (chunks of one)."""
    here = scheduler is None and jobs == 1
    size = 1 if kept is not None and here else CHUNK  # a page keeps every game finished
    tasks = [(task, seed, chunk, entries, rotate) for chunk in chunks(games, size)]
    played = run_chunks(
        _play_chunk, tasks, games, jobs=jobs, scheduler=scheduler, progress=progress, kept=kept
    )
    return [record for chunk in played for record in chunk]


def _play_chunk(
    task: GameTask[Result], seed: int, games: Sequence[int], entries: int, rotate: bool
) -> list[Result]:
    fixed = tuple(range(entries))
    return [
        task(g, random.Random(game_seed(seed, g)), seating(entries, g) if rotate else fixed)
        for g in games
    ]


def chunks(games: int, size: int | None = None) -> list[list[int]]:
    """The game numbers 0 … games-1 in chunks of `size` (`CHUNK` by default)."""
    size = size or CHUNK
    return [list(range(i, min(games, i + size))) for i in range(0, games, size)]


def every_core() -> int:
    """The cores this process may run on (the default number of jobs of a study)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def check_jobs(jobs: Any) -> int | None:
    """`jobs` as a study takes it: None (one process per core) or a whole number from 1 to
    `MAX_JOBS`; an `InputError` naming `jobs` otherwise (before any process starts)."""
    if jobs is None:
        return None
    if type(jobs) is int and 1 <= jobs <= MAX_JOBS:  # a plain int, as `checks.is_whole`
        return jobs
    wanted = message("check.whole_between", low=1, high=MAX_JOBS)
    given = repr(jobs) if len(repr(jobs)) <= 60 else repr(jobs)[:57] + "..."
    raise InputError("jobs", message("check.must_be", wanted=wanted, value=given))


def run_chunks(
    play: Callable[..., list[Result]],
    tasks: Sequence[tuple[Any, ...]],
    total: int,
    *,
    jobs: int | None = 1,
    scheduler: Any = None,
    progress: Progress | None = None,
    kept: list[Result] | None = None,
) -> list[list[Result]]:
    """`play(*task)` for every task (each returns one result per game of its chunk), in
    `jobs` processes (1: this one; None: one per core, `every_core()`; never more than there
    are tasks) or on the Dask cluster at `scheduler` (an address or a
    `distributed.Client`); the results in the tasks' order. `progress(done, total)` is told
    the games done (of the `total` the tasks play) after each chunk; locally, the chunk's
    results are first added to `kept` (in the tasks' order). `jobs` is checked first
    (`check_jobs`)."""
    jobs = check_jobs(jobs)
    if scheduler is not None:
        return _run_dask(play, tasks, scheduler, progress, total)
    workers = min(every_core() if jobs is None else jobs, len(tasks))
    return list(_run_local(play, tasks, workers, progress, total, kept))


def _run_local(
    play: Callable[..., list[Result]],
    tasks: Sequence[tuple[Any, ...]],
    jobs: int,
    progress: Progress | None,
    total: int,
    kept: list[Result] | None = None,
) -> Iterable[list[Result]]:
    if jobs <= 1:
        yield from _told(progress, total, (play(*task) for task in tasks), kept)
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from _told(progress, total, pool.map(play, *zip(*tasks)), kept)


def _run_dask(
    play: Callable[..., list[Result]],
    tasks: Sequence[tuple[Any, ...]],
    scheduler: Any,
    progress: Progress | None,
    total: int,
) -> list[list[Result]]:
    try:
        from distributed import Client, as_completed
    except ImportError as err:  # the optional `dask` extra
        raise RuntimeError(message("study.no_dask")) from err
    client = scheduler if isinstance(scheduler, Client) else Client(scheduler)
    try:
        futures = client.map(play, *zip(*tasks), pure=False)
        for _ in _told(progress, total, (f.result() for f in as_completed(futures))):
            pass  # chunks finish in any order; the futures keep the tasks' order
        return [future.result() for future in futures]
    finally:
        if client is not scheduler:
            client.close()


def _told(
    progress: Progress | None,
    total: int,
    played: Iterable[list[Result]],
    kept: list[Result] | None = None,
) -> Iterable[list[Result]]:
    """The chunks as they come, each added to `kept`, then `progress` told the games done."""
    done = 0
    for chunk in played:
        done += len(chunk)
        if kept is not None:
            kept.extend(chunk)
        if progress:
            progress(done, total)
        yield chunk


class TextProgress:
    """A plain progress printer: "label: 42% (420000/1000000)" on one line of `stream`
    (stderr by default), redrawn at most every `interval` seconds, finished with a newline.
    With `delay`, nothing is printed until the work has taken that long (a quick job stays
    silent)."""

    def __init__(
        self,
        label: str,
        stream: TextIO | None = None,
        interval: float = 0.25,
        delay: float = 0.0,
    ) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.interval = interval
        self._last = 0.0
        self._quiet_until = time.monotonic() + delay
        self._shown = delay <= 0

    @classmethod
    def on_terminal(cls, label: str, stream: TextIO | None = None) -> TextProgress | None:
        """A printer on `stream` (stderr by default) when it is a terminal; None otherwise
        (nothing printed into a file or a pipe)."""
        stream = stream if stream is not None else sys.stderr
        return cls(label, stream) if stream.isatty() else None

    def __call__(self, done: int, total: int) -> None:
        now = time.monotonic()
        if not self._shown:
            if now < self._quiet_until:
                return
            self._shown = True
        if done < total and now - self._last < self.interval:
            return
        self._last = now
        pct = 100 * done // max(total, 1)
        end = "\n" if done >= total else ""
        self.stream.write(f"\r{self.label}: {pct:3d}% ({done}/{total}){end}")
        self.stream.flush()


__all__ = [
    "CHUNK",
    "GameTask",
    "Progress",
    "TextProgress",
    "chunks",
    "every_core",
    "game_seed",
    "play_games",
    "run_chunks",
    "seating",
]
