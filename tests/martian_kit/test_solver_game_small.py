"""The 2-player win-probability solver on a short game (first to 4 points) against a route
that shares none of its code: every turn is enumerated once with the engine's own `TurnState`
(roll outcomes, legal set-asides, scores), and the game is solved by plain value iteration
on the win probabilities from the rules alone (no Newton steps, no compact model, no payoff
helpers of the solver)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import numpy as np
import pytest

from martian_kit.dice import NUM_DICE, FaceCounts
from martian_kit.scoring import MAX_SCORE, score
from martian_kit.solver.game import solve_game
from martian_kit.solver.turn import expected_score_solution
from martian_kit.turn import Phase, TurnState

# Enumerating every turn with the engine takes several seconds.
pytestmark = pytest.mark.slow

GOAL = 4  # short enough that value iteration settles in a few dozen sweeps
SCORES = MAX_SCORE + 1
TIE_SHARE = 0.5  # the 6-dice roll-off between two players is symmetric, re-rolled while tied


@dataclass(frozen=True)
class TurnLevel:
    """The decision states with one number of dice set aside, and what rolling gives them.

    Rows of the value array: 0..16 stand for "the turn ended scoring s", 17 + i for decision
    state i (may roll or stop). The grouped roll outcomes of the level's j-th state start at
    `first_outcome[j]`; outcome g comes with probability `prob[g]` and lets the player choose
    among the rows `options[g]` (a single row when the roll leaves no choice)."""

    states: np.ndarray  # state indices of this level
    stop_rows: np.ndarray  # the row "ended scoring s" for stopping in each state
    first_outcome: np.ndarray
    prob: np.ndarray
    options: np.ndarray  # (outcomes, 4) rows to choose among, padded by repeating one


@dataclass(frozen=True)
class TurnGraph:
    """Every turn of Martian Dice, read off the engine, as levels from most dice set aside."""

    n_states: int
    fresh: int
    levels: list[TurnLevel]

    def fresh_values(self, payoffs: np.ndarray) -> np.ndarray:
        """The value of a fresh turn (which must roll) for each payoff column (17, K),
        played optimally for that column: roll or stop, and the best set-aside."""
        values = np.empty((SCORES + self.n_states, payoffs.shape[1]))
        values[:SCORES] = payoffs
        for level in self.levels:
            best_choice = values[level.options[:, 0]]
            for column in range(1, level.options.shape[1]):
                np.maximum(best_choice, values[level.options[:, column]], out=best_choice)
            best_choice *= level.prob[:, None]
            rolling = np.add.reduceat(best_choice, level.first_outcome, axis=0)
            stopping = payoffs[level.stop_rows]
            is_fresh = level.states == self.fresh
            values[SCORES + level.states] = np.where(
                is_fresh[:, None], rolling, np.maximum(rolling, stopping)
            )
        return values[SCORES + self.fresh]


def enumerate_turns() -> TurnGraph:
    """Walk every decision state a turn can reach, rolling with the engine's exact outcomes."""
    index: dict[FaceCounts, int] = {FaceCounts(): 0}
    todo = [FaceCounts()]
    # Different rolls often leave the same state (the same dice set aside and shown), so what
    # a state lets the player choose is worked out once per state.
    choices: dict[TurnState, tuple[int, ...]] = {}

    def rows_to_choose_from(after_roll: TurnState) -> tuple[int, ...]:
        rows: set[int] = set()
        if after_roll.is_terminal():  # no legal set-aside: the turn ends here
            rows.add(after_roll.score())
        for action in after_roll.legal_actions():
            taken = after_roll.apply_action(action)
            if taken.is_terminal():  # all dice set aside
                rows.add(taken.score())
                continue
            if taken.set_aside not in index:
                index[taken.set_aside] = len(index)
                todo.append(taken.set_aside)
            rows.add(SCORES + index[taken.set_aside])
        return tuple(sorted(rows))

    # per state: {the rows one roll lets the player choose among: their total probability}
    by_state: dict[int, dict[tuple[int, ...], float]] = {}
    while todo:
        set_aside = todo.pop()
        before_roll = TurnState(set_aside, None, Phase.MUST_ROLL)
        grouped: dict[tuple[int, ...], float] = defaultdict(float)
        for rolled, p in before_roll.chance_outcomes():
            after_roll = before_roll.apply_roll(rolled)
            rows = choices.get(after_roll)
            if rows is None:
                rows = choices[after_roll] = rows_to_choose_from(after_roll)
            grouped[rows] += float(p)
        by_state[index[set_aside]] = grouped
    set_asides = sorted(index, key=index.__getitem__)
    levels = []
    for total in range(NUM_DICE, -1, -1):
        states = [i for i, s in enumerate(set_asides) if s.total == total]
        if not states:
            continue
        first_outcome, prob, options = [], [], []
        for state in states:
            first_outcome.append(len(prob))
            for rows, p in by_state[state].items():
                prob.append(p)
                options.append(list(rows) + [rows[0]] * (4 - len(rows)))
        levels.append(
            TurnLevel(
                states=np.array(states),
                stop_rows=np.array([score(set_asides[i]) for i in states]),
                first_outcome=np.array(first_outcome),
                prob=np.array(prob),
                options=np.array(options),
            )
        )
    return TurnGraph(len(index), index[FaceCounts()], levels)


def value_iteration(
    turns: TurnGraph, goal: int, tol: float = 1e-14, at_once: bool = False
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Win probabilities of a 2-player game to `goal` points, from the rules:
    - `first[a, b]`: the first seat to move with a points against b;
    - `second[b, a]`: the second seat to move with b points against the first seat's a;
    - `last[n]`: the second seat's last turn n points behind (the first seat reached the goal
      this round): more than n wins, exactly n goes to the roll-off.
    The first seat reaching the goal hands the second seat its last turn; the second seat
    reaching it ends the round, and the game, with the most points. With `at_once` (the
    variant "the first to the goal wins at once") either seat reaching the goal wins."""
    s = np.arange(SCORES)
    behind = np.arange(goal + SCORES)
    last_payoffs = (s[:, None] > behind).astype(float) + TIE_SHARE * (s[:, None] == behind)
    last = turns.fresh_values(last_payoffs)
    first = np.zeros((goal, goal))
    second = np.zeros((goal, goal))
    for _sweep in range(500):
        payoffs = []
        for a in range(goal):
            for b in range(goal):
                payoffs.append(
                    [
                        1.0
                        if at_once and a + k >= goal
                        else 1.0 - (last[a + k - b] if a + k >= goal else second[b, a + k])
                        for k in range(SCORES)
                    ]
                )
        for b in range(goal):
            for a in range(goal):
                payoffs.append(
                    [1.0 if b + k >= goal else 1.0 - first[a, b + k] for k in range(SCORES)]
                )
        values = turns.fresh_values(np.array(payoffs).T)
        new_first = values[: goal * goal].reshape(goal, goal)
        new_second = values[goal * goal :].reshape(goal, goal)
        change = max(np.abs(new_first - first).max(), np.abs(new_second - second).max())
        first, second = new_first, new_second
        if change < tol:
            return first, second, last
    raise AssertionError("value iteration did not settle")


@pytest.fixture(scope="module")
def turns() -> TurnGraph:
    return enumerate_turns()


def test_a_fresh_turn_played_for_points_is_worth_the_known_mean(turns):
    # The enumeration itself, checked on a known number: the expected-score optimum.
    points = turns.fresh_values(np.arange(SCORES, dtype=float)[:, None])[0]
    assert points == pytest.approx(expected_score_solution().fresh_turn_value, abs=1e-12)


def test_solver_matches_plain_value_iteration_on_a_short_game(turns):
    first, second, last = value_iteration(turns, GOAL)
    table = solve_game(target=GOAL)
    assert table.F.shape == (GOAL, GOAL)
    assert np.abs(table.L - last).max() < 1e-12
    assert np.abs(table.F - first).max() < 1e-12
    assert np.abs(table.G - second).max() < 1e-12
    # A short game still favours the second seat (it sees the first seat's result).
    assert first[0, 0] < 0.5


def test_solver_matches_plain_value_iteration_when_the_first_there_wins(turns):
    first, second, _ = value_iteration(turns, GOAL, at_once=True)
    table = solve_game(target=GOAL, end="immediate")
    assert len(table.L) == 0  # nobody gets a last turn
    assert np.abs(table.F - first).max() < 1e-12
    assert np.abs(table.G - second).max() < 1e-12
    # Without the last turn, moving first is the edge.
    assert first[0, 0] > 0.5
