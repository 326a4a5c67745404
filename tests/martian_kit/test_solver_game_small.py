"""The 2-player win-probability solver, variants included, against a route that shares none of
its code: every turn is enumerated once from the rules (the exact roll outcomes of the dice
left, the legal set-asides, the scores), and the game is solved by plain value iteration on
the win probabilities from the rules alone (no Newton steps, no compact model, no turn pass or
payoff helpers of the solver). Whole tables are compared: short games of 6 dice (fast), and,
with the slow tests, a short game of the rules' 13 dice."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

import numpy as np
import pytest

from martian_kit.dice import NUM_DICE, Face, FaceCounts, roll_distribution
from martian_kit.scoring import MAX_SCORE, score
from martian_kit.solver.game import solve_game, variant_table
from martian_kit.solver.turn import expected_score_solution
from martian_kit.turn import legal_takes
from martian_kit.variants import Variant

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


def enumerate_turns(dice: int = NUM_DICE) -> TurnGraph:
    """Walk every decision state a turn of `dice` dice can reach, rolling with the exact
    outcomes of the dice left (`roll_distribution`) and choosing among the rules' legal
    set-asides (`legal_takes`): Tanks are set aside at once, a roll with no legal set-aside
    ends the turn, and so does setting aside the last die."""
    index: dict[FaceCounts, int] = {FaceCounts(): 0}
    todo = [FaceCounts()]
    # Different rolls often leave the same position (the same dice set aside and shown), so
    # what a position lets the player choose is worked out once.
    choices: dict[tuple[FaceCounts, FaceCounts], tuple[int, ...]] = {}

    def rows_to_choose_from(after_tanks: FaceCounts, shown: FaceCounts) -> tuple[int, ...]:
        rows: set[int] = set()
        takes = legal_takes(after_tanks, shown)
        if not takes:  # no legal set-aside: the turn ends here
            rows.add(score(after_tanks))
        for action in takes:
            face = action.face
            assert face is not None
            taken = after_tanks.add(face, shown[face])
            if taken.total == dice:  # all dice set aside
                rows.add(score(taken))
                continue
            if taken not in index:
                index[taken] = len(index)
                todo.append(taken)
            rows.add(SCORES + index[taken])
        return tuple(sorted(rows))

    # per state: {the rows one roll lets the player choose among: their total probability}
    by_state: dict[int, dict[tuple[int, ...], float]] = {}
    while todo:
        set_aside = todo.pop()
        grouped: dict[tuple[int, ...], float] = defaultdict(float)
        for rolled, p in roll_distribution(dice - set_aside.total):
            position = (set_aside.add(Face.TANK, rolled.tank), rolled._replace(tank=0))
            rows = choices.get(position)
            if rows is None:
                rows = choices[position] = rows_to_choose_from(*position)
            grouped[rows] += float(p)
        by_state[index[set_aside]] = grouped
    set_asides = sorted(index, key=index.__getitem__)
    levels = []
    for total in range(dice, -1, -1):
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
    """The rules' turn of 13 dice (enumerating it takes seconds: the slow tests' own)."""
    return enumerate_turns()


@pytest.fixture(scope="module")
def six_dice() -> TurnGraph:
    """A turn of 6 dice, the fewest a variant plays with (enumerated in a blink)."""
    return enumerate_turns(6)


@pytest.mark.slow
def test_a_fresh_turn_played_for_points_is_worth_the_known_mean(turns):
    # The enumeration itself, checked on a known number: the expected-score optimum.
    points = turns.fresh_values(np.arange(SCORES, dtype=float)[:, None])[0]
    assert points == pytest.approx(expected_score_solution().fresh_turn_value, abs=1e-12)


@pytest.mark.slow
def test_solver_matches_plain_value_iteration_on_a_short_game(turns):
    first, second, last = value_iteration(turns, GOAL)
    table = solve_game(target=GOAL)
    assert table.F.shape == (GOAL, GOAL)
    assert np.abs(table.L - last).max() < 1e-12
    assert np.abs(table.F - first).max() < 1e-12
    assert np.abs(table.G - second).max() < 1e-12
    # A short game still favours the second seat (it sees the first seat's result).
    assert first[0, 0] < 0.5


@pytest.mark.slow
def test_solver_matches_plain_value_iteration_when_the_first_there_wins(turns):
    first, second, _ = value_iteration(turns, GOAL, at_once=True)
    table = solve_game(target=GOAL, end="immediate")
    assert len(table.L) == 0  # nobody gets a last turn
    assert np.abs(table.F - first).max() < 1e-12
    assert np.abs(table.G - second).max() < 1e-12
    # Without the last turn, moving first is the edge.
    assert first[0, 0] > 0.5


def test_a_six_dice_turn_played_for_points_is_worth_the_solver_s_mean(six_dice):
    points = six_dice.fresh_values(np.arange(SCORES, dtype=float)[:, None])[0]
    assert points == pytest.approx(expected_score_solution(6).fresh_turn_value, abs=1e-12)


@pytest.mark.parametrize("end", ["round", "immediate"])
def test_a_variant_s_whole_table_is_what_plain_value_iteration_gives(six_dice, end):
    # The variant solver's table for a 10-point game of 6 dice (the smallest variant the kit
    # offers), every position of both seats and every last turn, against the plain route.
    variant = Variant(10, end, 6)
    first, second, last = value_iteration(six_dice, variant.target, at_once=end == "immediate")
    table = variant_table(variant)
    assert table.F.shape == first.shape == (10, 10)
    assert np.abs(table.F - first).max() < 1e-12
    assert np.abs(table.G - second).max() < 1e-12
    if end == "round":
        assert np.abs(table.L - last[: len(table.L)]).max() < 1e-12
        assert first[0, 0] < 0.5  # the second seat sees the first seat's result
    else:
        assert len(table.L) == 0
        assert first[0, 0] > 0.5  # the first there wins: moving first is the edge
