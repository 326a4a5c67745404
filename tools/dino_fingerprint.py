"""A fingerprint of many seeded Dinosaur Island games, to compare two builds of the engine.

    PYTHONPATH=$PWD python tools/dino_fingerprint.py > pure.txt
    PYTHONPATH=build/fast:$PWD python tools/dino_fingerprint.py > fast.txt
    diff pure.txt fast.txt          # nothing: the compiled build plays the same games

One line per game: the build is left out, so that two builds give byte-identical files when
they play the same games. Each line has the game's bots, settings and seed, its rounds, final
scores and winners, and a SHA-256 of every move of the game (actor and move, chance outcomes
included). The games: 1 to 4 players, heuristic, simple, random, mixed seats and a planner of
a small budget (1 rollout × 2 candidates), the three objective lengths, chaos theory and
predictable systems, solo. `tools/build_fast.py` runs it under both builds and compares.
"""

from __future__ import annotations

import argparse
import hashlib
import random
from collections.abc import Iterator
from typing import Any

from dino_kit.bots import bot_by_name
from dino_kit.planner import make_planner
from dino_kit.simulate import game_seed, play_game

#: (bots, settings) of each kind of game fingerprinted
MATRIX: tuple[tuple[tuple[str, ...], dict[str, Any]], ...] = (
    (("heuristic",) * 4, {}),
    (("heuristic",) * 4, {"objective_length": "medium"}),
    (("heuristic",) * 4, {"objective_length": "long"}),
    (("heuristic",) * 3, {"chaos_theory": True}),
    (("heuristic",) * 2, {"predictable_systems": True, "objective_length": "long"}),
    (("simple",) * 4, {"objective_length": "medium"}),
    (("random",) * 3, {}),
    (("heuristic", "simple", "random", "heuristic"), {"chaos_theory": True}),
    (("simple", "heuristic"), {"predictable_systems": True}),
    (("heuristic",), {"solo": True}),
    (("planner", "heuristic", "heuristic"), {}),
    (("heuristic", "planner"), {"objective_length": "medium", "chaos_theory": True}),
)


def _bot(name: str) -> Any:
    return make_planner(1, 2) if name == "planner" else bot_by_name(name)


def fingerprints(games: int, seed: int) -> Iterator[str]:
    """One line per game of `MATRIX` (`games` seeded games of each kind)."""
    for kind, (bots, settings) in enumerate(MATRIX):
        policy = [_bot(b) for b in bots]
        for g in range(games):
            game = game_seed(seed + kind, g)
            state = play_game(policy, random.Random(game), **settings)
            moves = hashlib.sha256(repr(state.moves()).encode()).hexdigest()
            yield (
                f"{','.join(bots)} {sorted(settings.items())} seed={game}: round {state.round}, "
                f"final {state.final}, winners {state.winners}, moves {moves}"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=4, help="games of each kind")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for line in fingerprints(args.games, args.seed):
        print(line, flush=True)


if __name__ == "__main__":
    main()
