"""The shared chi-square check: its quantile against the printed tables, its pooling, and that
it fails on samples from the wrong distribution (so the tests that call it can fail)."""

from __future__ import annotations

import random

import pytest

from tests.goodness_of_fit import assert_fits, chi_square_fit, chi_square_quantile


@pytest.mark.parametrize(
    "df,table", [(1, 10.828), (4, 18.467), (10, 29.588), (16, 39.252), (34, 65.247)]
)
def test_quantile_is_close_to_the_table_and_not_below_it(df, table):
    # 0.999 quantiles from the standard chi-square tables.
    got = chi_square_quantile(df)
    assert table <= got <= table * 1.035


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
