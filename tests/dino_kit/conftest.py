"""Fixtures of the Dinosaur Island tests (helpers live in dino_helpers.py)."""

from __future__ import annotations

import pytest
from dino_helpers import start

from dino_kit.state import GameState


@pytest.fixture
def game2() -> GameState:
    return start(2, predictable_systems=True)
