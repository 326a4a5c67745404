"""Exact score distributions by forward propagation: numpy route vs engine route, vs the
solver's values, and the optimal policy never worse than a heuristic."""

import pytest

from martian_kit.dice import FaceCounts
from martian_kit.policies import random_policy
from martian_kit.solver.distribution import score_distribution, score_distribution_exact
from martian_kit.solver.turn import expected_score_solution
from martian_kit.strategies import (
    cautious_policy,
    expected_score_policy,
    greedy_policy,
    named_table_policies,
    threshold_policy,
)
from tests.goodness_of_fit import assert_fits


def test_optimal_mean_equals_solver_value():
    dist = score_distribution(expected_score_policy())
    assert dist.mean == pytest.approx(expected_score_solution().fresh_turn_value, abs=1e-12)
    assert sum(dist.probs) == pytest.approx(1.0, abs=1e-12)
    assert sum(dist.ends.values()) == pytest.approx(1.0, abs=1e-12)


@pytest.mark.parametrize("name", ["optimal", "random", "cautious", "greedy"])
def test_numpy_route_matches_engine_route(name):
    policy = named_table_policies()[name]
    start = FaceCounts(tank=2, ray=2, human=3, cow=1)  # 5 dice left: quick in Fractions
    exact = score_distribution_exact(policy, start)
    assert sum(exact.probs) == 1
    fast = _from(policy, start)
    for a, b in zip(exact.probs, fast.probs):
        assert float(a) == pytest.approx(b, abs=1e-12)
    for key in exact.ends:
        assert float(exact.ends[key]) == pytest.approx(fast.ends[key], abs=1e-12)
    assert float(exact.p_tanks_won) == pytest.approx(fast.p_tanks_won, abs=1e-12)


def _from(policy, start):
    return score_distribution(policy, start)


def test_fresh_turn_distribution_vs_engine_simulation():
    # The engine's reference loop, seeded, against the exact fresh-turn distribution: the
    # mean within its 99.9 % interval and the distribution by a chi-square test.
    import random

    from martian_kit.turn import new_turn

    policy = cautious_policy(4)
    exact = score_distribution(policy)
    rng = random.Random(2024)
    n = 3000
    counts = [0] * 17
    for _ in range(n):
        turn = new_turn()
        while not turn.is_terminal():
            if turn.is_chance_node():
                turn = turn.apply_roll(turn.sample_roll(rng))
            else:
                turn = turn.apply_action(policy(turn, None, rng))
        counts[turn.score()] += 1
    mean = sum(s * c for s, c in enumerate(counts)) / n
    assert abs(mean - exact.mean) <= 3.3 * exact.sd / n**0.5
    assert assert_fits(counts, exact.probs).cells >= 5


def test_engine_random_policy_is_the_random_table():
    start = FaceCounts(ray=3, human=2, cow=2, chicken=1)
    a = score_distribution_exact(random_policy, start)
    b = score_distribution_exact(named_table_policies()["random"], start)
    assert a == b


@pytest.mark.parametrize("stop_at,margin", [(3, 0), (6, 1), (9, 2), (12, 0)])
def test_optimal_never_worse_than_heuristics(stop_at, margin):
    best = score_distribution(expected_score_policy()).mean
    for policy in (
        threshold_policy(stop_at, margin),
        cautious_policy(stop_at),
        greedy_policy(),
    ):
        assert score_distribution(policy).mean <= best + 1e-12


@pytest.mark.parametrize("name", ["cautious", "random"])
def test_the_whole_number_mass_gives_the_fractions_own_answer(name):
    # score_distribution_exact carries the mass in whole numbers of 1/6**91 (falling back to
    # Fractions when a chance leaves them): the same answer as Fractions all along
    from fractions import Fraction

    from martian_kit.solver import distribution

    policy = named_table_policies()[name]
    start = FaceCounts(tank=1, ray=2, human=2)  # 8 dice left
    choose = distribution._chooser(policy)
    probs, ends, lost = distribution._propagate(
        choose, start, None, Fraction(1), distribution._times
    )
    assert score_distribution_exact(policy, start) == distribution.ScoreDistribution(
        tuple(probs), ends, lost
    )


def test_a_chance_that_leaves_the_whole_numbers_is_noticed():
    from fractions import Fraction

    from martian_kit.solver import distribution

    assert distribution._whole_times(6**3 * 5, Fraction(7, 6**3)) == 35
    with pytest.raises(distribution._NotWhole):
        distribution._whole_times(6**3, Fraction(1, 5))
