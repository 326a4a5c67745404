"""The expected-score and any-payoff turn solver: published examples, hand-worked cases, and
the plain-Python reference solver as an independent route."""

import itertools
import random
from fractions import Fraction

import numpy as np
import pytest

from martian_kit.dice import NUM_DICE, FaceCounts
from martian_kit.solver.model import clamp_diff, compress, turn_model
from martian_kit.solver.reference import ReferenceSolver
from martian_kit.solver.turn import (
    at_least_payoff,
    at_least_solution,
    expected_score_solution,
    solve_turn,
)
from martian_kit.turn import Action, Phase, TurnState


@pytest.fixture(scope="module")
def solution():
    return expected_score_solution()


def test_published_fresh_turn(solution):
    assert round(solution.fresh_turn_value, 2) == 3.11


def test_published_humans_vs_rays(solution):
    turn = TurnState(FaceCounts(chicken=5), FaceCounts(ray=4, human=4), Phase.MUST_CHOOSE)
    values = solution.option_values(turn)
    assert round(values[Action.TAKE_HUMAN], 2) == 9.23
    assert round(values[Action.TAKE_RAY], 2) == 7.30
    assert solution.best_action(turn) is Action.TAKE_HUMAN
    assert solution.explain(turn) == "take Humans: 9.23 expected; take Death Rays: 7.30 expected"


def test_published_stop_with_one_die(solution):
    turn = TurnState(FaceCounts(tank=3, ray=3, chicken=6), None, Phase.MAY_ROLL_OR_STOP)
    values = solution.option_values(turn)
    assert values[Action.STOP] == 6
    # Hand-worked: Tank 0 (1/6), Death Ray 6 (2/6), Human 7, Cow 7, Chicken stuck at 6.
    assert values[Action.ROLL] == pytest.approx(32 / 6, abs=1e-12)
    assert solution.best_action(turn) is Action.STOP
    assert solution.explain(turn) == "stop: 6 points; roll again: 5.33 expected"


def test_hand_worked_one_die_exact():
    ref = ReferenceSolver()
    assert ref.roll_value(FaceCounts(tank=3, ray=3, chicken=6)) == Fraction(16, 3)
    # Two dice left, 4 Humans + 4 Cows + 3 Death Rays: stop 8, or roll for the bonus.
    s = FaceCounts(ray=3, human=4, cow=4)
    # Each die: Chicken 1/6 (+1, +3 bonus once), Ray 2/6, Human/Cow 2/6 dead, Tank 1/6.
    assert ref.value(s) == max(Fraction(8), ref.roll_value(s))
    assert float(ref.roll_value(s)) == pytest.approx(expected_score_solution().roll_value(s))


def _random_states(n, max_left, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        left = rng.randint(1, max_left)
        counts = [0] * 5
        for _ in range(NUM_DICE - left):
            counts[rng.randrange(5)] += 1
        out.append(FaceCounts(*counts))
    return out


def test_matches_reference_on_many_states(solution):
    ref = ReferenceSolver(number=float)
    for s in _random_states(200, 6, seed=1):
        assert solution.state_value(s) == pytest.approx(ref.value(s), abs=1e-12)
        assert solution.roll_value(s) == pytest.approx(ref.roll_value(s), abs=1e-12)


def test_at_least_payoff_matches_reference():
    k = 8
    sol = at_least_solution(k)
    ref = ReferenceSolver(payoff=lambda s: float(_score(s) >= k), number=float)
    for s in _random_states(100, 5, seed=2):
        assert sol.state_value(s) == pytest.approx(ref.value(s), abs=1e-12)


def _score(s):
    from martian_kit.scoring import score

    return score(s)


def test_at_least_is_a_probability_and_decreasing():
    fresh = [at_least_solution(k).fresh_turn_value for k in range(18)]
    assert fresh[0] == pytest.approx(1.0, abs=1e-12)
    assert fresh[17] == 0.0
    assert all(a >= b - 1e-12 for a, b in itertools.pairwise(fresh))


def test_batched_payoffs_equal_single_solves():
    from martian_kit.solver.turn import backward

    payoffs = np.stack([at_least_payoff(5), np.arange(17.0), np.sqrt(np.arange(17.0))], axis=1)
    values = backward(turn_model(), payoffs).values
    for j in range(3):
        single = solve_turn(payoffs[:, j])
        assert np.array_equal(values[:, j], single.values[:, 0])


def test_tie_rule_prefers_stop_and_rays_then_larger_group(solution):
    # No dice can change anything: 13 dice set aside is over; use a state where stopping and
    # rolling are worth the same: Tanks hopelessly ahead, any roll scores 0 like stopping.
    s = FaceCounts(tank=9, ray=0, human=1, cow=1)
    turn = TurnState(s, None, Phase.MAY_ROLL_OR_STOP)
    values = solution.option_values(turn)
    assert values[Action.STOP] == values[Action.ROLL] == 0
    assert solution.best_action(turn) is Action.STOP
    # Equal-valued set-asides in a hopeless turn: Death Rays first.
    choose = TurnState(FaceCounts(tank=9), FaceCounts(ray=1, human=2, cow=1), Phase.MUST_CHOOSE)
    assert solution.best_action(choose) is Action.TAKE_RAY


def test_compressed_states_with_equal_futures_have_equal_values(solution):
    # Which earthling kind was taken does not matter; only how many kinds.
    a = FaceCounts(tank=1, ray=2, human=3)
    b = FaceCounts(tank=1, ray=2, chicken=3)
    assert compress(a) == compress(b)
    assert solution.state_value(a) == solution.state_value(b)


@pytest.mark.parametrize("dice", [6, NUM_DICE])
def test_compress_clamps_as_the_array_rule_does_on_every_set_aside(dice):
    # compress clamps on ints; clamp_diff is the rule the solvers apply to whole arrays
    for counts in itertools.product(range(dice + 1), repeat=5):
        if sum(counts) > dice:
            continue
        state = compress(FaceCounts(*counts), dice)
        assert state == compress(counts, dice)  # a plain tuple is taken as well
        left = dice - sum(counts)
        assert state.diff == int(clamp_diff(np.int64(counts[1] - counts[0]), left))
        assert state.d == left
