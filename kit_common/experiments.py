"""A class's experiment as data: its name, what one trial is, and its exact law, so that a
teacher's own experiment is a definition, not new code; and the class's pooled results held
against that law.

An `Experiment` lists its outcomes (whole numbers, increasing) with their exact probabilities
(`Fraction`s that add up to exactly 1: the kit computes them, nothing is estimated). The class
store keeps the experiment's name, outcomes and definition (`Experiment.definition()`: its words
and its law, each probability a fraction as text) with each class; a page that does not know the
experiment by its name builds it from that definition (`Experiment.from_definition`), and a
teacher's own experiment is typed as text (`parse_law`: "outcome: probability" a line).
`Experiment.compare(counts)` is what the projector shows: the counts seen
and expected, the mean seen and the exact mean, and a chi-square goodness-of-fit test whose
groups are neighbouring outcomes merged, in order, until each expects at least 5 trials (the
usual condition of the chi-square approximation; the grouping depends only on the number of
trials, never on what was seen).

An experiment may also say how a trial is done on screen (`play`: the trial's outcome and a
picture of it, such as the dice rolled, drawn as SVG by the game's kit); without it, a trial on
screen is a number drawn from the exact law (`sample`).
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from fractions import Fraction
from math import lcm

from kit_common.checks import is_whole, shown
from kit_common.errors import InputError
from kit_common.statistics import ChiSquare, chi_square_test
from kit_common.words import message

#: An experiment's name: what the class store keeps (letters, digits, ".", "-", "_").
_NAME = re.compile(r"[A-Za-z0-9_.-]{1,64}")
#: The least number of trials each group of a chi-square test expects.
MIN_EXPECTED = 5.0


@dataclass(frozen=True)
class Comparison:
    """A class's results against the exact law: per outcome (in the experiment's order) the
    trials seen and expected; the mean seen (None without trials) and the exact mean; the
    chi-square test (None while too few trials make two groups that each expect 5)."""

    outcomes: tuple[int, ...]
    observed: tuple[int, ...]
    expected: tuple[Fraction, ...]
    trials: int
    mean: float | None
    exact_mean: Fraction
    test: ChiSquare | None


@dataclass(frozen=True)
class Trial:
    """One trial done on screen: its outcome, and a picture of how it came about (HTML, for
    instance the dice rolled; "" when there is none)."""

    outcome: int
    picture: str = ""


@dataclass(frozen=True)
class Experiment:
    """An experiment a class does together. `name`: the stable id the store keeps; `title`:
    what the class calls it; `trial`: what one trial is, in words; `outcome`: what a trial's
    outcome counts; `law`: each possible outcome with its exact probability, outcomes
    increasing, probabilities positive and adding up to exactly 1; `play` (optional): how one
    trial is done on screen with a random generator, whose outcomes must follow `law` (the
    game's kit plays it with its own engine: a roll of the dice, a whole turn)."""

    name: str
    title: str
    trial: str
    outcome: str
    law: tuple[tuple[int, Fraction], ...]
    play: Callable[[random.Random], Trial] | None = dataclass_field(
        default=None, compare=False, repr=False
    )

    def __post_init__(self) -> None:
        if not (isinstance(self.name, str) and _NAME.fullmatch(self.name)):
            raise InputError("name", message("experiment.bad_name", value=shown(self.name)))
        for field in ("title", "trial", "outcome"):
            value = getattr(self, field)
            if not (isinstance(value, str) and value.strip()):
                raise InputError(field, message("check.text", value=shown(value)))
        if not isinstance(self.law, tuple) or len(self.law) < 2:
            raise InputError("law", message("experiment.few_outcomes", value=shown(self.law)))
        previous: int | None = None
        for i, pair in enumerate(self.law):
            outcome, p = pair if isinstance(pair, tuple) and len(pair) == 2 else (None, None)
            if not is_whole(outcome) or (previous is not None and outcome <= previous):
                raise InputError(
                    f"law[{i}]", message("experiment.bad_outcome", value=shown(outcome))
                )
            if type(p) is not Fraction or not 0 < p <= 1:
                raise InputError(f"law[{i}]", message("experiment.bad_probability", value=shown(p)))
            previous = outcome
        total = sum((p for _, p in self.law), Fraction(0))
        if total != 1:
            raise InputError("law", message("experiment.not_one", total=total))

    @classmethod
    def from_probabilities(
        cls,
        name: str,
        title: str,
        trial: str,
        outcome: str,
        probabilities: Mapping[int, Fraction] | Sequence[Fraction],
        play: Callable[[random.Random], Trial] | None = None,
    ) -> Experiment:
        """An experiment from P(outcome) by outcome (a sequence: the outcomes 0, 1, 2, ...);
        impossible outcomes (probability 0) are left out."""
        pairs = (
            probabilities.items()
            if isinstance(probabilities, Mapping)
            else enumerate(probabilities)
        )
        law = tuple(sorted((k, p) for k, p in pairs if p != 0))
        return cls(name, title, trial, outcome, law, play)

    def definition(self) -> dict[str, object]:
        """The experiment as the class store keeps it (JSON): its words and its law, each
        probability a fraction as text ("1/6"). Without `play`: a trial drawn from the law."""
        return {
            "title": self.title,
            "trial": self.trial,
            "outcome": self.outcome,
            "law": [[k, str(p)] for k, p in self.law],
        }

    @classmethod
    def from_definition(cls, name: str, definition: Mapping[str, object]) -> Experiment:
        """The experiment `name` from its definition as the class store keeps it (checked by
        the store when the class started; checked here again: a sentence, never a crash)."""
        law = definition.get("law")
        pairs: list[tuple[int, Fraction]] = []
        for i, pair in enumerate(law if isinstance(law, list) else []):
            try:
                outcome, text = pair
                pairs.append((outcome, Fraction(text)))
            except (TypeError, ValueError, ZeroDivisionError):
                raise InputError(
                    f"law[{i}]", message("experiment.bad_probability", value=shown(pair))
                ) from None
        words = {k: definition.get(k) for k in ("title", "trial", "outcome")}
        return cls(name, law=tuple(pairs), **words)  # type: ignore[arg-type]

    @property
    def outcomes(self) -> tuple[int, ...]:
        """The possible outcomes, increasing."""
        return tuple(k for k, _ in self.law)

    @property
    def probabilities(self) -> tuple[Fraction, ...]:
        """The exact probabilities of the outcomes, in their order."""
        return tuple(p for _, p in self.law)

    def probability(self, outcome: int) -> Fraction:
        """P(a trial gives `outcome`): 0 for an outcome the experiment never gives."""
        return dict(self.law).get(outcome, Fraction(0))

    @property
    def mean(self) -> Fraction:
        """The exact mean outcome."""
        return sum((k * p for k, p in self.law), Fraction(0))

    def sample(self, rng: random.Random) -> int:
        """One trial drawn from the exact law (one random whole number below the common
        denominator of the probabilities: no rounding anywhere)."""
        denominator = lcm(*(p.denominator for p in self.probabilities))
        draw = rng.randrange(denominator)
        for outcome, p in self.law[:-1]:
            draw -= p.numerator * (denominator // p.denominator)
            if draw < 0:
                return outcome
        return self.law[-1][0]  # the draws left: the last outcome's share

    def do(self, rng: random.Random) -> Trial:
        """One trial on screen: played by `play` when the experiment has it, else drawn from
        the exact law (no picture). An outcome `play` gives that the law does not know is a
        mistake in the experiment's definition: refused with a sentence."""
        if self.play is None:
            return Trial(self.sample(rng))
        trial = self.play(rng)
        if trial.outcome not in self.outcomes:
            raise InputError(
                "play",
                message(
                    "experiment.unknown_outcome",
                    outcomes=", ".join(map(str, self.outcomes)),
                    value=shown(trial.outcome),
                ),
            )
        return trial

    def groups(self, trials: int, min_expected: float = MIN_EXPECTED) -> list[list[int]]:
        """The chi-square test's groups for `trials` trials: neighbouring outcomes' indices
        merged in order until each group expects at least `min_expected` trials (a short last
        group joins the one before it)."""
        groups: list[list[int]] = []
        current: list[int] = []
        expected = Fraction(0)
        for i, p in enumerate(self.probabilities):
            current.append(i)
            expected += trials * p
            if expected >= min_expected:
                groups.append(current)
                current, expected = [], Fraction(0)
        if current:
            if groups:
                groups[-1].extend(current)
            else:
                groups.append(current)
        return groups

    def compare(self, counts: Mapping[int, int]) -> Comparison:
        """The class's counts by outcome (an outcome left out: none seen) against the law."""
        known = set(self.outcomes)
        for outcome, count in counts.items():
            if outcome not in known:
                raise InputError(
                    f"counts[{outcome!r}]",
                    message(
                        "experiment.unknown_outcome",
                        outcomes=", ".join(map(str, self.outcomes)),
                        value=shown(outcome),
                    ),
                )
            if not is_whole(count) or count < 0:
                raise InputError(
                    f"counts[{outcome!r}]", message("experiment.bad_count", value=shown(count))
                )
        observed = tuple(int(counts.get(k, 0)) for k in self.outcomes)
        trials = sum(observed)
        expected = tuple(trials * p for p in self.probabilities)
        mean = sum(k * n for k, n in zip(self.outcomes, observed)) / trials if trials else None
        test = self._test(observed, trials)
        return Comparison(self.outcomes, observed, expected, trials, mean, self.mean, test)

    def _test(self, observed: tuple[int, ...], trials: int) -> ChiSquare | None:
        groups = self.groups(trials)
        if trials == 0 or len(groups) < 2:
            return None
        labels = [
            str(self.outcomes[g[0]])
            if len(g) == 1
            else f"{self.outcomes[g[0]]}–{self.outcomes[g[-1]]}"
            for g in groups
        ]
        grouped = [sum(observed[i] for i in g) for g in groups]
        chances = [float(sum((self.probabilities[i] for i in g), Fraction(0))) for g in groups]
        # the groups are made already (in exact fractions): no float rounding may merge again
        return chi_square_test(grouped, chances, labels, MIN_EXPECTED * (1 - 1e-9))


#: At most this many lines of a law typed as text are read (a class's experiment has at most
#: `class_store.MAX_OUTCOMES`, 200, outcomes), and at most this many characters in all.
MAX_LAW_LINES = 1000
MAX_LAW_TEXT = 40_000
#: A line of a law typed as text: an outcome (a whole number), ":" or "=", its probability.
_LAW_LINE = re.compile(r"\s*([+-]?[0-9]{1,7})\s*[:=]\s*([0-9]{1,12}(?:\s*/\s*[0-9]{1,12})?)\s*")


def parse_law(text: str) -> tuple[tuple[int, Fraction], ...]:
    """A law typed as text, one outcome a line: the outcome (a whole number), ":" (or "="),
    its probability as a fraction ("3: 1/6"; a whole number, 0 or 1, too); blank lines
    skipped. Exact: the probabilities must add up to exactly 1. A mistake raises an
    `InputError` naming the line and saying what is wrong (or, for a text of more than
    `MAX_LAW_TEXT` characters, its length)."""
    if len(text) > MAX_LAW_TEXT:
        raise InputError(
            message("experiment.law_field"),
            message("check.text_long", most=MAX_LAW_TEXT, length=len(text)),
        )
    pairs: list[tuple[int, Fraction]] = []
    seen: set[int] = set()
    for number, line in enumerate(text.splitlines()[:MAX_LAW_LINES], 1):
        if not line.strip():
            continue
        where = message("experiment.law_line", line=number)
        match = _LAW_LINE.fullmatch(line)
        if match is None:
            raise InputError(where, message("experiment.bad_line", value=shown(line[:60])))
        outcome = int(match.group(1))
        top, _, bottom = match.group(2).partition("/")
        if int(bottom or 1) == 0:
            raise InputError(where, message("experiment.zero_denominator", value=shown(line)))
        p = Fraction(int(top), int(bottom or 1))
        if not 0 < p <= 1:
            raise InputError(where, message("experiment.line_probability", value=str(p)))
        if outcome in seen:
            raise InputError(where, message("experiment.twice", outcome=outcome))
        seen.add(outcome)
        pairs.append((outcome, p))
    if len(pairs) < 2:
        raise InputError(
            message("experiment.law_field"), message("experiment.few_lines", count=len(pairs))
        )
    total = sum((p for _, p in pairs), Fraction(0))
    if total != 1:
        raise InputError(
            message("experiment.law_field"),
            message(
                "experiment.lines_short" if total < 1 else "experiment.lines_over",
                total=str(total),
                rest=str(abs(1 - total)),
            ),
        )
    return tuple(sorted(pairs))
