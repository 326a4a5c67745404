"""The shared confidence intervals against hand-worked values and their defining properties."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from kit_common.statistics import Z95, Interval, mean_interval, mean_interval_of, wilson_interval


def test_z95_is_the_normal_quantile() -> None:
    # Phi(z) = (1 + erf(z / sqrt 2)) / 2 must be 0.975 at the 95 % two-sided quantile.
    assert (1 + math.erf(Z95 / math.sqrt(2))) / 2 == pytest.approx(0.975, abs=1e-12)


def test_wilson_hand_worked() -> None:
    # 8 successes in 10 trials, z = 1.96: centre (0.8 + 0.19208) / 1.38416, half-width
    # 1.96 * sqrt(0.016 + 0.0096040) / 1.38416, worked by hand from the formula.
    got = wilson_interval(8, 10, z=1.96)
    centre = (0.8 + 1.96**2 / 20) / (1 + 1.96**2 / 10)
    half = 1.96 * math.sqrt(0.8 * 0.2 / 10 + 1.96**2 / 400) / (1 + 1.96**2 / 10)
    assert got == pytest.approx(Interval(0.8, centre - half, centre + half, 10))
    assert got.low == pytest.approx(0.4902, abs=1e-4)
    assert got.high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_at_the_edges() -> None:
    assert wilson_interval(0, 0) == Interval(0.0, 0.0, 1.0, 0)
    none = wilson_interval(0, 20)
    assert none.low == 0.0 and 0 < none.high < 0.2
    all_ = wilson_interval(20, 20)
    assert all_.high == 1.0 and 0.8 < all_.low < 1


@given(st.integers(1, 10_000), st.floats(0, 1))
def test_wilson_stays_in_unit_interval_around_the_share(trials: int, share: float) -> None:
    hits = round(share * trials)
    got = wilson_interval(hits, trials)
    assert 0.0 <= got.low <= got.estimate + 1e-12
    assert got.estimate <= got.high + 1e-12 and got.high <= 1.0
    assert got.n == trials


def test_mean_interval_hand_worked() -> None:
    # Values 1..5: mean 3, sample sd sqrt(2.5); half-width Z95 * sqrt(2.5 / 5).
    got = mean_interval([1, 2, 3, 4, 5])
    half = Z95 * math.sqrt(0.5)
    assert got == pytest.approx(Interval(3.0, 3 - half, 3 + half, 5))
    assert got.half_width == pytest.approx(half)
    assert got.contains(3.0) and not got.contains(3 + 2 * half)
    assert mean_interval_of(3.0, math.sqrt(2.5), 5) == pytest.approx(got)


def test_mean_interval_small_samples() -> None:
    assert mean_interval([7.5]) == Interval(7.5, 7.5, 7.5, 1)
    with pytest.raises(ValueError, match="at least one value"):
        mean_interval([])


def test_chi_square_p_values_match_known_table_values():
    import math

    from kit_common.statistics import chi_square_p_value, regularized_upper_gamma

    # the 5% critical values of common tables
    for df, critical in ((1, 3.841458820694124), (2, 5.991464547107979), (10, 18.307038053275146)):
        assert abs(chi_square_p_value(critical, df) - 0.05) < 1e-12
    assert abs(chi_square_p_value(6.634896601021214, 1) - 0.01) < 1e-12
    # closed forms: df = 2 gives exp(-x/2); df = 1 gives the normal's two tails
    for x in (0.1, 1.0, 4.0, 30.0):
        assert abs(chi_square_p_value(x, 2) - math.exp(-x / 2)) < 1e-14
        assert abs(chi_square_p_value(x, 1) - math.erfc(math.sqrt(x / 2))) < 1e-13
    assert chi_square_p_value(0.0, 5) == 1.0
    assert abs(regularized_upper_gamma(1.0, 3.0) - math.exp(-3.0)) < 1e-15


def test_chi_square_test_groups_rare_categories():
    from kit_common.statistics import chi_square_test

    test = chi_square_test(
        [1, 2, 5, 6, 4, 2, 0], [0.05, 0.1, 0.2, 0.3, 0.2, 0.1, 0.05], list("0123456")
    )
    assert test.labels == ("0–2", "3", "4–6")
    assert test.observed == (8, 6, 6) and sum(test.expected) == pytest.approx(20)
    assert min(test.expected) >= 5 and test.df == 2
    assert test.statistic == pytest.approx(1 / 7 + 0 + 1 / 7)
