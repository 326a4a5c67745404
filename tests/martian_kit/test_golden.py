"""A seeded playthrough, stored once, that fails when a rule changes by accident.

If a rule change is intended, regenerate the files with
`UPDATE_GOLDEN=1 python -m pytest tests/martian_kit/test_golden.py` and review the diff.
"""

from __future__ import annotations

import os
import random
from pathlib import Path

import pytest

from martian_kit import records
from martian_kit.narrate import describe_game
from martian_kit.play import play_game
from martian_kit.policies import random_policy

GOLDEN = Path(__file__).parent / "golden"
CASES = {"three_random_players_seed_7": (3, 7), "practice_seed_1": (1, 1)}


@pytest.mark.parametrize("name", sorted(CASES))
def test_seeded_playthrough_matches_the_golden_files(name):
    players, seed = CASES[name]
    game = play_game([random_policy] * players, random.Random(seed))
    produced = {
        f"{name}.txt": describe_game(game) + "\n",
        f"{name}.json": records.dumps(game, seed=seed) + "\n",
    }
    for filename, text in produced.items():
        path = GOLDEN / filename
        if os.environ.get("UPDATE_GOLDEN"):
            path.write_text(text, encoding="utf-8")
        assert path.read_text(encoding="utf-8") == text, f"{filename} changed"
    assert records.load(GOLDEN / f"{name}.json") == game
