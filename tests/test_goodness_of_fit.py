"""The shared chi-square check: its p-value, its pooling, and that it fails on samples from the
wrong distribution (so the tests that call it can fail)."""

from __future__ import annotations

import math
import random

import pytest

from tests.goodness_of_fit import assert_fits, chi_square_fit


def test_the_p_value_is_the_chi_square_tail_of_the_statistic():
    # 60 against 40 where 50 each were expected: chi-square 4 on 1 degree of freedom, whose
    # tail is erfc(sqrt(4 / 2)) = 0.0455; 80 against 20: 36, far below 0.001.
    fit = chi_square_fit([60, 40], [0.5, 0.5])
    assert fit.statistic == pytest.approx(4.0) and fit.cells == 2
    assert fit.p_value == pytest.approx(math.erfc(math.sqrt(2.0)), rel=1e-12)
    assert_fits([60, 40], [0.5, 0.5])
    with pytest.raises(AssertionError, match="p-value"):
        assert_fits([80, 20], [0.5, 0.5])


def test_cells_are_pooled_until_each_expects_five():
    # 100 draws over expected 50, 30, 10, 4, 3, 2, 1: the last four pool into one cell of 10.
    probs = [0.5, 0.3, 0.1, 0.04, 0.03, 0.02, 0.01]
    fit = chi_square_fit([50, 30, 10, 4, 3, 2, 1], probs)
    assert fit.cells == 4
    assert fit.statistic == pytest.approx(0.0)
    fit = chi_square_fit([40, 30, 10, 10, 5, 5, 0], probs)
    assert fit.statistic == pytest.approx(100 / 50 + 100 / 10)


def test_a_fair_die_passes_and_a_loaded_one_fails():
    rng = random.Random(3)
    fair = [1 / 6] * 6
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.randrange(6)] += 1
    assert_fits(counts, fair)
    loaded = [0] * 6
    for _ in range(6000):
        loaded[rng.choices(range(6), weights=[1.2, 1, 1, 1, 1, 1])[0]] += 1
    with pytest.raises(AssertionError, match="do not follow"):
        assert_fits(loaded, fair)


def test_impossible_outcomes_and_bad_probabilities_are_refused():
    with pytest.raises(AssertionError, match="probability 0"):
        assert_fits([10, 10, 1], [0.5, 0.5, 0.0])
    with pytest.raises(ValueError, match="add up"):
        chi_square_fit([10, 10], [0.5, 0.4])
    with pytest.raises(ValueError, match="fewer than 2 cells"):
        chi_square_fit([3, 3], [0.5, 0.5])
