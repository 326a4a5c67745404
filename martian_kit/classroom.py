"""A class experiment with real dice, analysed exactly: students roll all 13 dice, count the
Death Rays in each roll, and type the counts; the tallies are compared with the exact
distribution of the number of Death Rays (a chi-square test, its p-value, an interval for the
mean), group by group or pooled."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from kit_common.statistics import ChiSquare, Interval, chi_square_test, mean_interval
from martian_kit.dice import NUM_DICE, Face
from martian_kit.errors import RuleError
from martian_kit.messages import message
from martian_kit.odds import face_count_distribution

COUNTS = tuple(range(NUM_DICE + 1))  # a roll of 13 dice shows 0 to 13 Death Rays


def exact_ray_distribution() -> tuple[Fraction, ...]:
    """P(k Death Rays) for k = 0..13 when rolling the 13 dice."""
    return face_count_distribution(NUM_DICE, Face.RAY)


def exact_ray_mean() -> Fraction:
    """The expected number of Death Rays in a roll of 13 dice: 13 × 1/3."""
    return sum((k * p for k, p in enumerate(exact_ray_distribution())), Fraction(0))


def parse_rolls(text: str) -> list[int]:
    """The Death Ray counts typed by a group ("4 5 3, 6 ..."): whole numbers 0 to 13,
    separated by spaces, commas or new lines; a `RuleError` names the first bad entry."""
    values = []
    for word in text.replace(",", " ").replace(";", " ").split():
        if not word.isdigit() or int(word) > NUM_DICE:
            raise RuleError(
                "class_tally",
                message("class.bad_count", word=word, most=NUM_DICE),
            )
        values.append(int(word))
    return values


def tally(rolls: Sequence[int]) -> list[int]:
    """How many rolls showed k Death Rays, for k = 0..13."""
    counts = [0] * len(COUNTS)
    for k in rolls:
        counts[k] += 1
    return counts


@dataclass(frozen=True)
class ExperimentReport:
    """What the rolls say: their tally, the chi-square test against the exact distribution,
    and the 95% interval of the mean number of Death Rays (None below two rolls)."""

    rolls: int
    counts: tuple[int, ...]
    test: ChiSquare | None
    mean: Interval | None

    @property
    def mean_agrees(self) -> bool | None:
        """Whether the interval of the mean holds the exact mean 13/3."""
        if self.mean is None:
            return None
        return self.mean.low <= float(exact_ray_mean()) <= self.mean.high


def analyse(rolls: Sequence[int]) -> ExperimentReport:
    """The report of one group's rolls, or of several groups pooled."""
    counts = tally(rolls)
    probabilities = [float(p) for p in exact_ray_distribution()]
    try:
        test = chi_square_test(counts, probabilities, [str(k) for k in COUNTS])
    except ValueError:
        test = None  # too few rolls to group into at least two categories
    mean = mean_interval([float(k) for k in rolls]) if len(rolls) >= 2 else None
    return ExperimentReport(len(rolls), tuple(counts), test, mean)


def p_value_words(p: float) -> str:
    """The p-value in plain words for a class."""
    share = message("class.p.share", share=100 * p) if p >= 0.01 else message("class.p.below")
    lead = message("class.p.lead", share=share, p=p)
    if p >= 0.05:
        return lead + " " + message("class.p.agree")
    if p >= 0.001:
        return lead + " " + message("class.p.unusual")
    return lead + " " + message("class.p.rare")
