"""Where a study's seeded games are played: in this process, in a pool of processes, or on
the workers of a Dask cluster (the `dask` extra), with a progress bar on a terminal.

A study (`balance.balance_study`, `simulate.tournament`) splits its games into chunks of
`CHUNK` game numbers and gives `run_chunks` a picklable function that plays one chunk.
Game g is always seeded from (seed, g), never from where it runs, so the chunks' results,
put back in game order, are the same whatever played them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TextIO, TypeVar

from dino_kit.messages import message

CHUNK = 8  # games per task: big enough to hide the cost of sending one, small for balance

Progress = Callable[[int, int], None]
Result = TypeVar("Result")


def chunks(games: int) -> list[list[int]]:
    """The game numbers 0 … games-1 in chunks of `CHUNK`."""
    return [list(range(i, min(games, i + CHUNK))) for i in range(0, games, CHUNK)]


def terminal_progress(stream: TextIO = sys.stderr) -> Progress | None:
    """A progress bar on `stream` when it is a terminal (None otherwise: nothing printed)."""
    if not stream.isatty():
        return None

    def show(done: int, total: int) -> None:
        width = 30
        filled = width * done // max(1, total)
        end = "\n" if done >= total else ""
        stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games{end}")
        stream.flush()

    return show


def every_core() -> int:
    """The cores this process may run on (the default number of jobs of a study)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def run_chunks(
    play: Callable[..., list[Result]],
    tasks: Sequence[tuple[Any, ...]],
    total: int,
    *,
    jobs: int | None = 1,
    scheduler: Any = None,
    progress: Progress | None = None,
) -> list[list[Result]]:
    """`play(*task)` for every task (each returns one result per game of its chunk), in
    `jobs` processes (1: this one; None: one per core, `every_core()`; never more than there
    are tasks) or on the Dask cluster at `scheduler` (an address or a
    `distributed.Client`); the results in the tasks' order. `progress(done, total)` is told
    the games done (of the `total` the tasks play) after each chunk."""
    if scheduler is not None:
        return _run_dask(play, tasks, scheduler, progress, total)
    workers = min(every_core() if jobs is None else jobs, len(tasks))
    return list(_run_local(play, tasks, workers, progress, total))


def _run_local(
    play: Callable[..., list[Result]],
    tasks: Sequence[tuple[Any, ...]],
    jobs: int,
    progress: Progress | None,
    total: int,
) -> Iterable[list[Result]]:
    if jobs <= 1:
        yield from _told(progress, total, (play(*task) for task in tasks))
        return
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield from _told(progress, total, pool.map(play, *zip(*tasks)))


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
        raise RuntimeError(message("balance.no_dask")) from err
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
    progress: Progress | None, total: int, played: Iterable[list[Result]]
) -> Iterable[list[Result]]:
    """The chunks as they come, `progress` told the games done after each."""
    done = 0
    for chunk in played:
        done += len(chunk)
        if progress:
            progress(done, total)
        yield chunk
