"""Confidence intervals for what simulations estimate: one shape for every estimate.

Every estimate is an `Interval`: the point estimate, the bounds of its 95 % interval (by
default) and the number of observations behind it. Proportions use the Wilson score interval,
which stays inside [0, 1] and behaves at 0 and 1 hits; means use the normal approximation.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import NamedTuple

from kit_common.words import message

#: The two-sided 95 % quantile of the standard normal distribution.
Z95 = 1.959963984540054


class Interval(NamedTuple):
    """An estimate with its confidence interval: `low <= estimate <= high`, up to rounding.
    A mean of one value has the value as its interval; a proportion of no trials has [0, 1]."""

    estimate: float
    low: float
    high: float
    n: int

    @property
    def half_width(self) -> float:
        """Half the interval's width: the "±" of a reported estimate."""
        return (self.high - self.low) / 2

    def contains(self, value: float) -> bool:
        """Whether `value` lies inside the interval (bounds included)."""
        return self.low <= value <= self.high


def wilson_interval(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval of a proportion seen `successes` times in `trials` trials.
    `successes` may be fractional (a shared win counts as a share)."""
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0, 0)
    p = successes / trials
    z2 = z * z
    denominator = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denominator
    return Interval(p, max(0.0, centre - half), min(1.0, centre + half), trials)


def mean_interval_of(mean: float, sd: float, n: int, z: float = Z95) -> Interval:
    """The normal-approximation interval of a mean known by its sample mean, sample standard
    deviation and count (for simulations that keep counts, not values)."""
    half = z * sd / math.sqrt(max(n, 1))
    return Interval(mean, mean - half, mean + half, n)


def mean_interval(values: Sequence[float], z: float = Z95) -> Interval:
    """The normal-approximation interval of the mean of `values` (at least one)."""
    n = len(values)
    if n == 0:
        raise ValueError(message("stats.empty_mean"))
    mean = statistics.fmean(values)
    if n == 1:
        return Interval(mean, mean, mean, 1)
    return mean_interval_of(mean, statistics.stdev(values), n, z)


def regularized_upper_gamma(a: float, x: float) -> float:
    """Q(a, x) = Γ(a, x) / Γ(a), the regularized upper incomplete gamma function (a > 0,
    x >= 0): by its power series below x = a + 1 and by its continued fraction above
    (Numerical Recipes' gammq), to about 1e-14."""
    if a <= 0 or x < 0:
        raise ValueError("Q(a, x) needs a > 0 and x >= 0")
    if x == 0:
        return 1.0
    log_front = a * math.log(x) - x - math.lgamma(a)
    if x < a + 1:  # P(a, x) = e^-x x^a / Γ(a+1) * sum x^n / ((a+1)...(a+n))
        term = total = 1.0 / a
        denominator = a
        for _ in range(1000):
            denominator += 1
            term *= x / denominator
            total += term
            if abs(term) < abs(total) * 1e-16:
                break
        return max(0.0, 1.0 - total * math.exp(log_front))
    # Lentz's method for the continued fraction of Q
    tiny = 1e-300
    b = x + 1 - a
    c = 1 / tiny
    d = 1 / b
    fraction = d
    for i in range(1, 1000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        fraction *= step
        if abs(step - 1) < 1e-16:
            break
    return math.exp(log_front) * fraction


def chi_square_p_value(statistic: float, df: int) -> float:
    """P(a chi-square variable with `df` degrees of freedom is at least `statistic`): how
    often chance alone gives a deviation at least that large."""
    if df < 1:
        raise ValueError(message("stats.no_freedom"))
    return regularized_upper_gamma(df / 2, max(statistic, 0.0) / 2)


class ChiSquare(NamedTuple):
    """A chi-square goodness-of-fit test: the statistic, its degrees of freedom, the p-value,
    and the groups it compared (labels, observed and expected counts)."""

    statistic: float
    df: int
    p_value: float
    labels: tuple[str, ...]
    observed: tuple[int, ...]
    expected: tuple[float, ...]


def chi_square_test(
    observed: Sequence[int],
    probabilities: Sequence[float],
    labels: Sequence[str],
    min_expected: float = 5.0,
) -> ChiSquare:
    """Compare counts with a distribution. Neighbouring categories are merged, from the
    tails inwards, until every group expects at least `min_expected` counts (the usual rule
    for the chi-square approximation); a `ValueError` when fewer than two such groups can be
    made (too few counts)."""
    total = sum(observed)
    if len(observed) != len(probabilities) or len(observed) != len(labels):
        raise ValueError(message("stats.mismatched"))
    groups = [[i] for i in range(len(observed))]

    def expected(group: list[int]) -> float:
        return total * sum(probabilities[i] for i in group)

    changed = True
    while changed and len(groups) > 2:
        changed = False
        for end in (0, -1):
            if len(groups) > 2 and expected(groups[end]) < min_expected:
                inner = 1 if end == 0 else -2
                groups[inner] = sorted(groups[inner] + groups[end])
                del groups[end]
                changed = True
    if total == 0 or len(groups) < 2 or min(expected(g) for g in groups) < min_expected:
        raise ValueError(message("stats.too_few"))
    obs = tuple(sum(observed[i] for i in g) for g in groups)
    exp = tuple(expected(g) for g in groups)
    statistic = sum((o - e) ** 2 / e for o, e in zip(obs, exp) if e > 0)
    names = tuple(
        labels[g[0]] if len(g) == 1 else f"{labels[g[0]]}–{labels[g[-1]]}" for g in groups
    )
    df = len(groups) - 1
    return ChiSquare(statistic, df, chi_square_p_value(statistic, df), names, obs, exp)
