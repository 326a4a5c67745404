"""Fast seeded simulation of turns, games and tournaments for table policies (numpy).

By concern:
- `martian_kit.simulate.sampling`: the compressed turn graph flattened for sampling, and the
  seed and naming helpers every simulation shares;
- `martian_kit.simulate.turns`: simulated turns (`turn_scores`, `play_turns`,
  `simulate_turns`);
- `martian_kit.simulate.games`: games in fixed seats, each turn's score drawn from the
  policy's exact turn-score distribution (`play_games`, `simulate_games`, `resolve_ties`);
- `martian_kit.simulate.tournaments`: games with seat rotation, every turn simulated so that
  the per-player statistics Board Game Arena shows are real counts (`tournament`);
- `kit_common.study`: the `progress(done, total)` callback and `TextProgress`,
  a plain printer for the CLI.
Confidence intervals are `kit_common.statistics.Interval`s (Wilson for win rates, normal for
means). Every function takes a `seed` (or a `numpy.random.Generator`); the same seed gives
the same results. This package imports them all, so `from martian_kit.simulate import ...`
names every public function.
"""

from kit_common.study import Progress, TextProgress
from martian_kit.simulate.games import GameSimulation, play_games, resolve_ties, simulate_games
from martian_kit.simulate.sampling import SimTables, sample_outcomes, sim_tables, walker_alias
from martian_kit.simulate.tournaments import STAT_NAMES, Tournament, tournament
from martian_kit.simulate.turns import (
    END_NAMES,
    TurnBatch,
    TurnSimulation,
    play_turns,
    simulate_turns,
    turn_scores,
)

__all__ = [
    "END_NAMES",
    "STAT_NAMES",
    "GameSimulation",
    "Progress",
    "SimTables",
    "TextProgress",
    "Tournament",
    "TurnBatch",
    "TurnSimulation",
    "play_games",
    "play_turns",
    "resolve_ties",
    "sample_outcomes",
    "sim_tables",
    "simulate_games",
    "simulate_turns",
    "tournament",
    "turn_scores",
    "walker_alias",
]
