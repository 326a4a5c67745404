"""Fixtures of the Dinosaur Island tests (helpers live in dino_helpers.py)."""

from __future__ import annotations

import pytest
from dino_helpers import start

from dino_kit.state import GameState


@pytest.fixture
def game2() -> GameState:
    return start(2, predictable_systems=True)


@pytest.fixture
def dask_client():
    """A client of a local Dask cluster of 2 workers (threads of this process): where a
    study's games play "on a cluster" in the tests."""
    distributed = pytest.importorskip("distributed")
    with (
        # no dashboard; the scheduler's HTTP server (which it starts anyway) on a free port:
        # its default, 8787, was taken when two test files ran clusters at once (a warning)
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=False,
            dashboard_address=":0",
            scheduler_kwargs={"dashboard": False},
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client
