"""`kit_common.study`: where a study's chunks of games are played, how many processes, and the
one many-games driver's seeds and seating."""

from __future__ import annotations

import os
import random

from kit_common import study as pool


def _where(games):
    return [(os.getpid(), g) for g in games]


def test_results_come_back_in_task_order_whatever_plays_them():
    tasks = [(chunk,) for chunk in pool.chunks(20)]
    here = pool.run_chunks(_where, tasks, 20, jobs=1)
    assert [g for chunk in here for _, g in chunk] == list(range(20))
    assert {pid for chunk in here for pid, _ in chunk} == {os.getpid()}
    spread = pool.run_chunks(_where, tasks, 20, jobs=2)
    assert [[g for _, g in chunk] for chunk in spread] == [[g for _, g in c] for c in here]
    assert os.getpid() not in {pid for chunk in spread for pid, _ in chunk}


def test_one_chunk_plays_here():
    told = []
    one = pool.run_chunks(
        _where, [(range(3),)], 3, jobs=None, progress=lambda d, t: told.append((d, t))
    )
    assert one == [[(os.getpid(), 0), (os.getpid(), 1), (os.getpid(), 2)]]  # no pool for one
    assert told == [(3, 3)]
    assert pool.every_core() >= 1


def _record(game: int, rng: random.Random, order: tuple[int, ...]) -> tuple[int, float, tuple]:
    return game, rng.random(), order


def test_the_driver_seeds_each_game_from_the_study_and_rotates_the_seats(monkeypatch):
    monkeypatch.setattr(pool, "CHUNK", 2)  # 5 games in 3 chunks
    told = []
    records = pool.play_games(_record, 5, 7, 3, progress=lambda d, t: told.append((d, t)))
    assert told == [(2, 5), (4, 5), (5, 5)]
    # game g draws from random.Random(7 * 1_000_003 + g), whatever chunk or process plays it
    assert [r[1] for r in records] == [random.Random(7_000_021 + g).random() for g in range(5)]
    assert [r[2] for r in records] == [pool.seating(3, g) for g in range(5)]
    assert {pool.seating(3, g) for g in range(3)} == {(0, 1, 2), (1, 2, 0), (2, 0, 1)}
    assert pool.play_games(_record, 5, 7, 3, jobs=2) == records
    fixed = pool.play_games(_record, 3, 7, 3, rotate=False)
    assert [r[2] for r in fixed] == [(0, 1, 2)] * 3 and fixed == [
        (g, x, (0, 1, 2)) for g, x, _ in records[:3]
    ]
