"""One chi-square goodness-of-fit check for every test that compares sampled counts with an
exact distribution (Martian Dice and Dinosaur Island alike).

Cells are pooled in the order given until each pooled cell expects at least 5 draws (the usual
condition for the chi-square approximation; a short tail joins the last pooled cell), and the
statistic is compared with the chi-square quantile for `cells − 1` degrees of freedom. The
quantile comes from the Wilson–Hilferty approximation (the kit has no SciPy), which is within
a few per cent of the tables, on the generous side, for the degrees of freedom used here.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from statistics import NormalDist
from typing import NamedTuple

MIN_EXPECTED = 5.0
ALPHA = 1e-3  # a seeded test fails at the 99.9 % level: rare by chance, sure for a real bias


class ChiSquareFit(NamedTuple):
    """The statistic, the number of pooled cells and the quantile it must stay below."""

    statistic: float
    cells: int
    limit: float


def chi_square_quantile(df: int, upper_tail: float = ALPHA) -> float:
    """The value a chi-square variable with `df` degrees of freedom exceeds with probability
    `upper_tail` (Wilson–Hilferty: the cube root of chi2/df is nearly normal)."""
    if df < 1:
        raise ValueError(f"a chi-square test needs at least 1 degree of freedom, not {df}")
    z = NormalDist().inv_cdf(1.0 - upper_tail)
    spread = 2.0 / (9.0 * df)
    return df * (1.0 - spread + z * math.sqrt(spread)) ** 3


def chi_square_fit(
    observed: Sequence[float],
    probabilities: Sequence[float],
    alpha: float = ALPHA,
    min_expected: float = MIN_EXPECTED,
) -> ChiSquareFit:
    """Chi-square of `observed` counts against the exact `probabilities` of the same cells."""
    observed = [float(o) for o in observed]
    probabilities = [float(p) for p in probabilities]
    if len(observed) != len(probabilities):
        raise ValueError(f"{len(observed)} counts against {len(probabilities)} probabilities")
    if abs(sum(probabilities) - 1.0) > 1e-9:
        raise ValueError(f"the probabilities add up to {sum(probabilities)}, not 1")
    impossible = [i for i, (o, p) in enumerate(zip(observed, probabilities)) if o and not p]
    if impossible:
        raise AssertionError(f"outcomes of probability 0 were sampled: cells {impossible}")
    draws = sum(observed)
    pooled: list[tuple[float, float]] = []  # (observed, expected) per pooled cell
    seen = wanted = 0.0
    for o, p in zip(observed, probabilities):
        seen, wanted = seen + o, wanted + draws * p
        if wanted >= min_expected:
            pooled.append((seen, wanted))
            seen = wanted = 0.0
    if seen or wanted:  # a tail expecting fewer than min_expected joins the last cell
        last_seen, last_wanted = pooled.pop() if pooled else (0.0, 0.0)
        pooled.append((last_seen + seen, last_wanted + wanted))
    if len(pooled) < 2:
        raise ValueError(f"{draws:g} draws fill fewer than 2 cells of {min_expected:g} expected")
    statistic = sum((o - e) ** 2 / e for o, e in pooled)
    return ChiSquareFit(statistic, len(pooled), chi_square_quantile(len(pooled) - 1, alpha))


def assert_fits(
    observed: Sequence[float],
    probabilities: Sequence[float],
    alpha: float = ALPHA,
    min_expected: float = MIN_EXPECTED,
) -> ChiSquareFit:
    """Fail unless `observed` counts fit the exact `probabilities` at level `alpha`; return
    the fit so a test can check more (for example that enough cells were compared)."""
    fit = chi_square_fit(observed, probabilities, alpha, min_expected)
    assert fit.statistic < fit.limit, (
        f"chi-square {fit.statistic:.1f} over {fit.cells} cells is above its "
        f"{1 - alpha:.1%} quantile {fit.limit:.1f}: the samples do not follow the distribution"
    )
    return fit
