"""`dino_kit.pool`: where a study's chunks of games are played, and how many processes."""

from __future__ import annotations

import os

from dino_kit import pool
from dino_kit.cli import build_parser


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


def test_one_chunk_plays_here_and_the_command_line_uses_every_core(monkeypatch):
    told = []
    one = pool.run_chunks(
        _where, [(range(3),)], 3, jobs=None, progress=lambda d, t: told.append((d, t))
    )
    assert one == [[(os.getpid(), 0), (os.getpid(), 1), (os.getpid(), 2)]]  # no pool for one
    assert told == [(3, 3)]
    assert pool.every_core() >= 1
    for command in (["balance", "folder"], ["tournament", "--players", "heuristic,random"]):
        assert build_parser().parse_args(command).jobs is None  # None: every core
        assert build_parser().parse_args([*command, "--jobs", "3"]).jobs == 3
