"""Rule variants (target, end rule, dice) in the turn and game solvers, and the fast game
solver against the shipped tables.

Independent routes: the plain-Python turn solver over the engine's own set-asides
(`ReferenceSolver`, any number of dice), and plain value iteration over turns enumerated from
the rules, whole tables of variant games (`test_solver_game_small`). The general numpy turn
pass checks the fast pass. The previous game solver (`solver.game_reference`, which shares
that turn pass) is only the benchmark's baseline: `benchmarks/martian_bench.py` checks that it
still gives the shipped table bit for bit whenever it times it, and refuses to report a
speed-up otherwise (a test of it here cost every run 6 to 9 s for the benchmark's sake)."""

from __future__ import annotations

import numpy as np
import pytest

from martian_kit.dice import FaceCounts
from martian_kit.errors import RuleError
from martian_kit.scoring import score
from martian_kit.solver.game import (
    FIRST,
    SECOND,
    SHIPPED_VARIANTS,
    is_solved,
    load_table,
    optimal_score_distributions,
    shipped_path,
    solve_game,
    variant_table,
    win_probability,
)
from martian_kit.solver.model import N_SCORES, compact_model
from martian_kit.solver.reference import ReferenceSolver, exact_turn_value
from martian_kit.solver.sweep import fresh_value_and_zero_chance
from martian_kit.solver.turn import compact_backward, expected_score_solution
from martian_kit.variants import OFFICIAL, Variant


def test_variants_outside_the_ranges_are_refused():
    for bad in ({"target": 9}, {"target": 61}, {"end": "sudden"}, {"dice": 5}, {"dice": 14}):
        with pytest.raises(RuleError):
            Variant(**bad)
    assert Variant().is_official and Variant() == OFFICIAL
    words = Variant(15, "immediate", 8).describe()
    assert words == "15 points, the first there wins at once, 8 dice"


@pytest.mark.parametrize("dice", [6, 7, 13])
def test_the_fast_pass_gives_the_general_pass_numbers(dice):
    rng = np.random.default_rng(dice)
    payoff = np.sort(rng.random((N_SCORES, 9)), axis=0)
    general = compact_backward(payoff, with_zero_chance=True, dice=dice)
    value, zero = fresh_value_and_zero_chance(payoff, dice)
    fresh = compact_model(dice).fresh
    assert np.abs(value - general.roll_values[fresh]).max() < 1e-14
    assert np.abs(zero - general.fresh_zero_chance).max() < 1e-14


@pytest.mark.parametrize("dice", [6, 7])
def test_a_turn_with_fewer_dice_is_worth_what_the_plain_solver_says(dice):
    exact = exact_turn_value(dice=dice)
    assert expected_score_solution(dice).fresh_turn_value == pytest.approx(float(exact), abs=1e-13)
    # and its score distribution under that play has that mean
    dist = optimal_score_distributions(np.arange(N_SCORES, dtype=float)[:, None], dice)[0]
    assert dist.sum() == pytest.approx(1.0, abs=1e-13)
    assert dist @ np.arange(N_SCORES) == pytest.approx(float(exact), abs=1e-12)
    assert dist[dice + 4 :].sum() == 0  # nothing above the most a turn of `dice` dice scores


def test_fewer_dice_are_worth_less():
    values = [expected_score_solution(d).fresh_turn_value for d in range(6, 14)]
    assert values == sorted(values)
    assert values[-1] == pytest.approx(3.1104, abs=1e-4)  # the official turn


def test_the_fast_game_solver_reproduces_the_shipped_table():
    fresh, shipped = solve_game(), load_table()
    for got, want in ((fresh.F, shipped.F), (fresh.G, shipped.G), (fresh.L, shipped.L)):
        assert np.abs(got - want).max() < 1e-14


@pytest.mark.parametrize(
    "variant",
    # the 40-point games take seconds each to solve: with the slow tests
    [pytest.param(v, marks=[pytest.mark.slow] if v.target > 25 else []) for v in SHIPPED_VARIANTS],
    ids=lambda v: f"{v.target}-{v.end}",
)
def test_each_shipped_variant_table_is_the_solver_s(variant):
    shipped = load_table(shipped_path(variant))
    assert (shipped.target, shipped.end, shipped.dice) == (variant.target, variant.end, 13)
    fresh = solve_game(target=variant.target, end=variant.end, dice=variant.dice)
    for got, want in ((fresh.F, shipped.F), (fresh.G, shipped.G), (fresh.L, shipped.L)):
        assert got.shape == want.shape and np.abs(got - want).max(initial=0) < 1e-14
    assert variant_table(variant).F[0, 0] == shipped.F[0, 0]  # what the pages read


def _plain_fresh_value(payoff: np.ndarray, dice: int) -> float:
    solver = ReferenceSolver(lambda s: float(payoff[score(s)]), number=float, dice=dice)
    return solver.roll_value(FaceCounts())


@pytest.mark.parametrize("end", ["round", "immediate"])
def test_a_variant_game_satisfies_its_bellman_equations_by_the_plain_turn_solver(end):
    # The equations have one solution (a turn scores 0 with chance < 1), so a table that
    # satisfies them at every position checked, with turns solved by the plain-Python
    # solver on the engine's set-asides, is that solution.
    variant = Variant(10, end, 6)
    table = variant_table(variant)
    positions = [(0, 0), (3, 7), (9, 9), (9, 0), (5, 5), (0, 9)]
    for mine, theirs in positions:
        for seat in (FIRST, SECOND):
            want = _plain_fresh_value(table.payoff(mine, theirs, seat), 6)
            assert table.probability(mine, theirs, seat) == pytest.approx(want, abs=1e-12)
    if end == "round":
        for mine, leader in ((5, 10), (2, 12), (9, 18)):  # the second seat's last turn
            want = _plain_fresh_value(table.payoff(mine, leader, SECOND), 6)
            assert table.probability(mine, leader, SECOND) == pytest.approx(want, abs=1e-12)


def test_the_end_rule_decides_which_seat_has_the_edge():
    assert win_probability(0, 0, FIRST) < 0.5  # official: the second seat sees the result
    at_once = Variant(end="immediate")
    assert win_probability(0, 0, FIRST, at_once) > 0.5  # first there wins: moving first helps
    assert is_solved(at_once)
    with pytest.raises(ValueError):  # no last turn under that rule
        variant_table(at_once).probability(3, 27, SECOND)


def test_a_15_point_game_is_solved_once_and_cached():
    # (how fast is benchmarks' business, never a timed assertion in a test)
    variant = Variant(15, "round", 13)
    table = variant_table(variant)
    assert table.F.shape == (15, 15)
    assert variant_table(variant) is table
