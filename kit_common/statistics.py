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
        raise ValueError("a mean needs at least one value")
    mean = statistics.fmean(values)
    if n == 1:
        return Interval(mean, mean, mean, 1)
    return mean_interval_of(mean, statistics.stdev(values), n, z)
