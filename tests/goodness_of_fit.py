"""One chi-square goodness-of-fit check for every test that compares sampled counts with an
exact distribution (Martian Dice and Dinosaur Island alike).

Cells are pooled in the order given until each pooled cell expects at least 5 draws (the usual
condition for the chi-square approximation; a short tail joins the last pooled cell), and the
fit fails when the statistic's exact p-value for `cells − 1` degrees of freedom
(`kit_common.statistics.chi_square_p_value`, the one the pages report) is below `ALPHA`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from kit_common.statistics import chi_square_p_value

MIN_EXPECTED = 5.0
ALPHA = 1e-3  # a seeded test fails at the 99.9 % level: rare by chance, sure for a real bias


class ChiSquareFit(NamedTuple):
    """The statistic, the number of pooled cells and the statistic's p-value."""

    statistic: float
    cells: int
    p_value: float


def chi_square_fit(
    observed: Sequence[float],
    probabilities: Sequence[float],
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
    return ChiSquareFit(statistic, len(pooled), chi_square_p_value(statistic, len(pooled) - 1))


def assert_fits(
    observed: Sequence[float],
    probabilities: Sequence[float],
    alpha: float = ALPHA,
    min_expected: float = MIN_EXPECTED,
) -> ChiSquareFit:
    """Fail unless `observed` counts fit the exact `probabilities` at level `alpha`; return
    the fit so a test can check more (for example that enough cells were compared)."""
    fit = chi_square_fit(observed, probabilities, min_expected)
    assert fit.p_value > alpha, (
        f"chi-square {fit.statistic:.1f} over {fit.cells} cells has p-value {fit.p_value:.2g}, "
        f"below {alpha:g}: the samples do not follow the distribution"
    )
    return fit
