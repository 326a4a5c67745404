"""The planning bot: it searches over its own actions, judging each by rollouts played by the
heuristic bot, within a per-decision budget.

For each decision with a choice:
1. the heuristic bot's values rank the legal actions (`heuristic.ranked_actions`); when the
   best of them is a worker placement or a lab upgrade (`UNSEARCHED`), the planner plays it,
   as the heuristic bot would (see "where search pays" below); otherwise the best
   `candidates` of them are tried (the others are rarely better and cost as much to try);
2. each candidate is played, then the game is rolled out by heuristic bots in every seat —
   the planner's own included — to the end of the game (`rollout`; a shorter horizon, the end
   of the round, judged positions by the parks as they stand and played worse: money,
   excitement and income only pay later);
3. the hidden draws (dice rolls, visitors, market refills and recipes) are *determinised*:
   each rollout samples them from its own random source, and rollout r of every candidate
   uses the same source (common random numbers), so candidates are compared on the same luck;
4. a rollout is worth the planner's final score minus the best other score at the horizon
   (the final scoring's count of the parks as they stand), plus `WIN_BONUS` for a won game
   when it reached the end; the candidate with the best mean is played (ties: the heuristic
   bot's order, so with one rollout budget it plays what the heuristic bot would when all
   look alike).

Where search pays (`benchmarks/dino_decisions.py`: two samples, 468 decisions of seeded
heuristic games, each candidate judged by rollouts apart from those that chose it; see
benchmarks/RESULTS.md): choosing among 8 candidates with 3 rollouts each gains, over the
heuristic bot's own choice, about 1.5 points of final margin on a research die, 4 on a recipe,
2.7 on an attraction, 5 on bought DNA; on worker placements (a third of all decisions) it gains
nothing measurable (+0.3 ± 0.3), and on lab upgrades it lost (−2 ± 1.5: three noisy rollouts
pick a worse tile than the heuristic bot's). So those two are left to the heuristic bot, and
the time they would take goes to trying 8 candidates rather than 4 where search pays.

The budget: `rollouts` per candidate and `candidates` tried (the strength setting), and
`time_budget` seconds per decision as a guard: once spent, no further rollout starts, an
unfinished round of rollouts (one per candidate) is dropped, and the candidates are judged on
the rounds done (only then does timing change a decision; the first round always finishes).
The rollouts' random sources are seeded from the game's position, not drawn from the game's
`rng`, so a planner does not change the chance draws of the game it plays in.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from dino_kit.engine import Agent, apply_action, run
from dino_kit.heuristic import complete, heuristic_bot, ranked_actions
from dino_kit.messages import message
from dino_kit.objectives import breakdown
from dino_kit.state import Action, ActionKind, GameState, Phase

DEFAULT_ROLLOUTS = 3
DEFAULT_CANDIDATES = 8
DEFAULT_TIME_BUDGET = 1.0  # seconds per decision (the app's target)
WIN_BONUS = 20.0  # a won game is worth this many points of margin at the end
#: the planner plays the heuristic bot's choice when it is of these kinds (module docstring)
UNSEARCHED = frozenset({ActionKind.WORK, ActionKind.UPGRADE})


def margin(state: GameState, seat: int) -> float:
    """What a position is worth to `seat`: its score minus the best other score (final
    scoring of the parks as they stand), plus `WIN_BONUS` × its share of a finished game."""
    if state.final is not None:
        scores = state.final
        bonus = WIN_BONUS * state.returns()[seat]
    else:
        scores = tuple(breakdown(state, p)["total"] for p in state.players)
        bonus = 0.0
    others = max((x for s, x in enumerate(scores) if s != seat), default=0)
    return scores[seat] - others + bonus


#: the moves `position_seed` does not count (choices added after the planner's games were set)
_UNCOUNTED = frozenset({ActionKind.PLACE, ActionKind.EAT})
#: the phases in order (`GameState.phase` is typed str: a Phase or a page's name)
_PHASE_ORDER: tuple[str, ...] = tuple(Phase)


def position_seed(state: GameState) -> int:
    """A seed from the position (round, phase step, seat, history length): the same position
    gives the same rollouts, and the game's own random source is left alone. Placements of
    visitors are not counted in the history's length, so that the seeds (and the planner's
    games) stayed what they were before placement was the player's choice; nor are the
    choices of who is eaten (issue 28 item 7), for the same reason."""
    steps = 0
    node = state.history
    while node is not None and steps < 100_000:
        move = node.move
        if not (isinstance(move, Action) and move.kind in _UNCOUNTED):
            steps += 1
        node = node.previous
    phase = _PHASE_ORDER.index(state.phase)  # not a str: str hashes change between processes
    return hash((state.round, phase, state.step, state.current_player(), steps))


def rollout(state: GameState, seat: int, seed: int, to_the_end: bool) -> float:
    """Heuristic bots play on from `state` (chance from `random.Random(seed)`) to the end of
    the round (or of the game); the result's `margin` for `seat`."""
    horizon = state.round
    agents = [heuristic_bot] * state.num_players

    def reached(s: GameState) -> bool:
        return not to_the_end and s.round > horizon

    end = run(state, agents, random.Random(seed), until=reached)
    return margin(end, seat)


def make_planner(
    rollouts: int = DEFAULT_ROLLOUTS,
    candidates: int = DEFAULT_CANDIDATES,
    time_budget: float = DEFAULT_TIME_BUDGET,
    clock: Callable[[], float] = time.process_time,
) -> Agent:
    """A planning bot with this budget (module docstring). `clock` measures the time budget
    (CPU time by default: what one core spends)."""
    if rollouts < 1 or candidates < 1:
        raise ValueError(message("planner.sizes"))

    def planner_bot(state: GameState, rng: random.Random) -> Action:
        """Searches its own actions with heuristic rollouts (see `dino_kit.planner`)."""
        start = clock()
        ranked = ranked_actions(state)
        if ranked[0][1].kind in UNSEARCHED:
            return complete(state, ranked[0][1])
        tried = [complete(state, a) for _, a in ranked[:candidates]]
        if len(tried) == 1:
            return tried[0]
        seat = state.current_player()
        to_the_end = True  # see the module docstring (the horizon)
        base = position_seed(state)
        after = [apply_action(state, a) for a in tried]
        totals = [0.0] * len(tried)
        for r in range(rollouts):
            values = []
            for s in after:
                if r and clock() - start > time_budget:
                    break
                values.append(rollout(s, seat, base + r, to_the_end))
            if len(values) < len(after):
                break  # over budget: every candidate keeps the same number of rollouts
            totals = [t + v for t, v in zip(totals, values)]
        best = max(range(len(tried)), key=lambda i: (totals[i], -i))
        return tried[best]

    planner_bot.__name__ = f"planner_{rollouts}x{candidates}"
    return planner_bot


#: The planner with the default budget (the `planner` of `dino_kit.bots.BOTS`).
planner_bot = make_planner()
