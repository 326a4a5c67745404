"""Exact odds of Dinosaur Island, as `Fraction`s, from the component data and the rules.

- Research: what one DNA die gives a scientist of level 1, 2 or 3 (`die_gain_distribution`,
  `dna_amount_distribution`, `expected_dna`), and the threat of the held die: the exact law
  of the highest threat pips among the unclaimed dice (`highest_threat_distribution`,
  `held_threat_distribution`).
- Park: hooligans in a draw from the bag (`hooligan_distribution`, hypergeometric), one
  round's park for a given draw (`park_outcome`, the rules followed step by step), and the
  exact law of eaten visitors, VP and money for a given excitement, capacity, threat and
  security (`park_odds`), with a security-vs-expected-VP curve (`risk_curve`).
- Simulation cross-checks: `sample_park` draws the same park with a seeded generator (the
  notebooks and tests compare it with the exact numbers through `kit_common.statistics`).

Everything is pure Python (no widgets, no plotting). The dice and the bag come from a
`ComponentSet` (the illustrative one or a user's own), so the odds follow the data.
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from html import escape
from itertools import combinations
from math import comb
from typing import NamedTuple

from dino_kit.components.schema import Die, Face
from dino_kit.effects import DNA_TYPES
from dino_kit.messages import dna_of, message, plural
from kit_common.display import TABLE_CLASS, scroll_box
from kit_common.svg import pretty_sentence

#: The scientists' levels.
LEVELS = (1, 2, 3)
#: The only scientist who may claim a rare face.
RARE_LEVEL = 3

Distribution = dict[int, Fraction]


class Gain(NamedTuple):
    """What claiming a die gives: `amount` DNA of type `dna`, or a `rare` benefit (then
    `dna` is None and `amount` 0)."""

    dna: str | None
    amount: int
    rare: str | None = None

    def __str__(self) -> str:
        """ "2 blue DNA", "rare: paddock"."""
        if self.rare is not None:
            return message("ui.rare_" + self.rare)
        assert self.dna is not None  # not rare: DNA
        return plural("ui.gain_n", self.amount, dna=dna_of(self.dna))

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        pretty_sentence(printer, self, str(self))


class DicePool:
    """Research dice shown as a reader sees them: each die numbered from 1 with its six faces
    drawn (`_repr_html_`), "3 dice: D1, D2, D3" as text; `repr` names the ids."""

    def __init__(self, dice: Sequence[Die], name: str = "") -> None:
        self.dice = tuple(dice)
        self.name = name

    def __str__(self) -> str:
        ids = ", ".join(die.id for die in self.dice)
        if self.name:
            return plural("ui.pool.named_n", len(self.dice), name=self.name, ids=ids)
        return plural("ui.pool_n", len(self.dice), ids=ids)

    def __repr__(self) -> str:
        return f"DicePool({[die.id for die in self.dice]!r})"

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        pretty_sentence(printer, self, str(self))

    def _repr_html_(self) -> str:
        rows = "".join(
            "<tr><th scope='row'>"
            + escape(message("ui.pool.die", number=number, id=die.id))
            + "</th>"
            + "".join(f"<td>{face.svg(size_em=2.2)}</td>" for face in die.faces)
            + "</tr>"
            for number, die in enumerate(self.dice, 1)
        )
        caption = f"<caption>{escape(str(self))}</caption>"
        table = f"<table class='{TABLE_CLASS}'>{caption}<tbody>{rows}</tbody></table>"
        return scroll_box(table, str(self))


# -- research: one die and one scientist ------------------------------------------------


def face_gain(
    face: Face, level: int, bonus: int = 0, room: Mapping[str, int] | None = None
) -> Gain | None:
    """What a scientist of `level` gets from a die showing `face`: DNA amount × level (+ the
    research `bonus` of passives), capped by the `room` left in cold storage when given; a
    rare face gives its benefit once, to scientist 3 only — None when `level` cannot claim
    the face."""
    if face.rare is not None:
        return Gain(None, 0, face.rare) if level == RARE_LEVEL else None
    assert face.dna is not None  # not rare: DNA
    amount = face.amount * level + bonus
    if room is not None:
        amount = min(amount, room.get(face.dna, 0))
    return Gain(face.dna, amount)


def die_gain_distribution(
    die: Die, level: int, bonus: int = 0, room: Mapping[str, int] | None = None
) -> dict[Gain | None, Fraction]:
    """The exact law of what a scientist of `level` gets from `die` once rolled (each face
    1/6): {gain: probability}, None standing for "this scientist may not claim it"."""
    out: dict[Gain | None, Fraction] = defaultdict(Fraction)
    share = Fraction(1, len(die.faces))
    for face in die.faces:
        out[face_gain(face, level, bonus, room)] += share
    return dict(out)


def dna_amount_distribution(dice: Sequence[Die], level: int, bonus: int = 0) -> Distribution:
    """P(a scientist of `level` gets k DNA, of any type) from one die drawn uniformly from
    `dice` and rolled; a rare face counts as 0 DNA (a benefit, or unclaimable)."""
    out: Distribution = defaultdict(Fraction)
    for die in dice:
        for gain, p in die_gain_distribution(die, level, bonus).items():
            out[gain.amount if gain is not None else 0] += p / len(dice)
    return dict(sorted(out.items()))


def expected_dna(dice: Sequence[Die], level: int, bonus: int = 0) -> dict[str, Fraction]:
    """Expected DNA of each type a scientist of `level` gets from one die drawn uniformly
    from `dice` and rolled (no cold-storage cap)."""
    out = dict.fromkeys(DNA_TYPES, Fraction(0))
    for die in dice:
        for gain, p in die_gain_distribution(die, level, bonus).items():
            if gain is not None and gain.dna is not None:
                out[gain.dna] += gain.amount * p / len(dice)
    return out


def rare_chance(dice: Sequence[Die]) -> Fraction:
    """P(one die drawn uniformly from `dice` and rolled shows a rare face)."""
    rare = sum(sum(f.rare is not None for f in d.faces) for d in dice)
    return Fraction(rare, sum(len(d.faces) for d in dice))


# -- research: the held die ---------------------------------------------------------------


def threat_distribution(die: Die) -> Distribution:
    """P(the rolled `die` shows k threat pips)."""
    out: Distribution = defaultdict(Fraction)
    for face in die.faces:
        out[face.threat] += Fraction(1, len(die.faces))
    return dict(sorted(out.items()))


def highest_threat_distribution(dice: Iterable[Die]) -> Distribution:
    """P(the highest threat among `dice`, each rolled independently, is k). With no dice
    nothing is held: {0: 1}. Computed from P(max ≤ k) = Π P(die ≤ k)."""
    laws = [threat_distribution(d) for d in dice]
    if not laws:
        return {0: Fraction(1)}
    top = max(k for law in laws for k in law)
    below = []
    for k in range(top + 1):
        prod = Fraction(1)
        for law in laws:
            prod *= sum((p for t, p in law.items() if t <= k), Fraction(0))
        below.append(prod)
    out = {k: below[k] - (below[k - 1] if k else 0) for k in range(top + 1)}
    return {k: p for k, p in out.items() if p}


def held_threat_distribution(pool: Sequence[Die], unclaimed: int) -> Distribution:
    """P(the held die adds k threat) when `unclaimed` dice of the `pool` are left, every set
    of that size equally likely (claims made without regard to threat pips)."""
    if not 0 <= unclaimed <= len(pool):
        raise ValueError(message("odds.unclaimed", pool=len(pool), got=unclaimed))
    return dict(_held(tuple(pool), unclaimed))


@cache
def _held(pool: tuple[Die, ...], unclaimed: int) -> tuple[tuple[int, Fraction], ...]:
    sets = list(combinations(range(len(pool)), unclaimed))
    out: Distribution = defaultdict(Fraction)
    for chosen in sets:
        for k, p in highest_threat_distribution(pool[i] for i in chosen).items():
            out[k] += p / len(sets)
    return tuple(sorted(out.items()))


def mean(distribution: Mapping[int, Fraction]) -> Fraction:
    """The expected value of a {value: probability} law."""
    return sum((k * p for k, p in distribution.items()), Fraction(0))


# -- park: the bag ------------------------------------------------------------------------


def hooligan_distribution(drawn: int, customers: int, hooligans: int) -> Distribution:
    """P(k hooligans among `drawn` visitors drawn without replacement from a bag of
    `customers` and `hooligans`) — the hypergeometric law C(H,k) C(C,n−k) / C(C+H,n)."""
    total = customers + hooligans
    if not 0 <= drawn <= total:
        raise ValueError(message("odds.draw", drawn=drawn, total=total))
    low, high = max(0, drawn - customers), min(drawn, hooligans)
    return {
        k: Fraction(comb(hooligans, k) * comb(customers, drawn - k), comb(total, drawn))
        for k in range(low, high + 1)
    }


# -- park: one round ----------------------------------------------------------------------


class ParkOutcome(NamedTuple):
    """One player's park phase: who was drawn, where they stood, who was eaten, and what
    the round gave (`vp`: surviving customers inside − eaten × penalty; `money`: fees)."""

    customers: int
    hooligans: int
    inside_customers: int
    inside_hooligans: int
    line_customers: int
    line_hooligans: int
    eaten: int
    eaten_customers_inside: int
    vp: int
    money: int


def park_outcome(
    customers: int,
    hooligans: int,
    capacity: int,
    threat: int,
    security: int,
    eaten_penalty: int = 1,
    customer_fee: int = 1,
) -> ParkOutcome:
    """The park phase of one player who drew `customers` and `hooligans`, with room for
    `capacity` visitors inside (exhibits' dinosaurs + attractions' capacity), following the
    rules: hooligans go in first, then customers, the rest wait in line; when security is
    below threat, threat − security visitors are eaten — customers inside, then hooligans
    inside, then the line (customers, then hooligans); each eaten one costs `eaten_penalty`
    VP; each surviving customer inside scores 1 VP (food customers taken as VP)."""
    h_in = min(capacity, hooligans)
    c_in = min(capacity - h_in, customers)
    c_line, h_line = customers - c_in, hooligans - h_in
    eat = min(max(0, threat - security), customers + hooligans)
    eaten_c_in = min(eat, c_in)
    return ParkOutcome(
        customers,
        hooligans,
        c_in,
        h_in,
        c_line,
        h_line,
        eat,
        eaten_c_in,
        c_in - eaten_c_in - eat * eaten_penalty,
        customers * customer_fee,
    )


@dataclass(frozen=True)
class ParkOdds:
    """The exact law of one player's park phase: every (outcome, probability)."""

    outcomes: tuple[tuple[ParkOutcome, Fraction], ...]

    def law(self, field: str) -> Distribution:
        """P(`field` of the outcome = k), e.g. `law("eaten")`, `law("vp")`."""
        out: Distribution = defaultdict(Fraction)
        for outcome, p in self.outcomes:
            out[getattr(outcome, field)] += p
        return dict(sorted(out.items()))

    def expected(self, field: str) -> Fraction:
        return sum((getattr(o, field) * p for o, p in self.outcomes), Fraction(0))

    def p(self, predicate: Callable[[ParkOutcome], bool]) -> Fraction:
        """P(predicate(outcome))."""
        return sum((p for o, p in self.outcomes if predicate(o)), Fraction(0))


def as_law(value: int | Mapping[int, Fraction]) -> Distribution:
    """A fixed number as the law {value: 1}; a law as itself."""
    return {int(value): Fraction(1)} if isinstance(value, int) else dict(value)


def add_laws(a: int | Mapping[int, Fraction], b: int | Mapping[int, Fraction]) -> Distribution:
    """The law of the sum of two independent numbers (or fixed values)."""
    out: Distribution = defaultdict(Fraction)
    for x, p in as_law(a).items():
        for y, q in as_law(b).items():
            out[x + y] += p * q
    return dict(sorted(out.items()))


def park_odds(
    visitors: int,
    capacity: int,
    threat: int | Mapping[int, Fraction],
    security: int,
    customers: int,
    hooligans: int,
    eaten_penalty: int = 1,
    customer_fee: int = 1,
) -> ParkOdds:
    """The exact law of a player's park phase: `visitors` drawn (excitement, capped by the
    bag) from a bag of `customers` and `hooligans`, `capacity` places inside, `threat` a
    number or a law (e.g. the track plus the held die, `add_laws(track, held)`), and
    `security`. Independent draws and threat: the probabilities multiply."""
    drawn = min(visitors, customers + hooligans)
    out: dict[ParkOutcome, Fraction] = defaultdict(Fraction)
    for h, p in hooligan_distribution(drawn, customers, hooligans).items():
        for t, q in as_law(threat).items():
            o = park_outcome(drawn - h, h, capacity, t, security, eaten_penalty, customer_fee)
            out[o] += p * q
    return ParkOdds(tuple(sorted(out.items())))


class RiskPoint(NamedTuple):
    """One security level of a risk curve: expected VP of the round, P(anyone eaten), and
    expected eaten visitors."""

    security: int
    expected_vp: Fraction
    p_eaten: Fraction
    expected_eaten: Fraction


def risk_curve(
    visitors: int,
    capacity: int,
    threat: int | Mapping[int, Fraction],
    securities: Iterable[int],
    customers: int,
    hooligans: int,
    eaten_penalty: int = 1,
) -> list[RiskPoint]:
    """For each security level, what the round's park phase is worth (see `park_odds`)."""
    points = []
    for s in securities:
        odds = park_odds(visitors, capacity, threat, s, customers, hooligans, eaten_penalty)
        points.append(
            RiskPoint(s, odds.expected("vp"), odds.p(lambda o: o.eaten > 0), odds.expected("eaten"))
        )
    return points


# -- simulation cross-checks --------------------------------------------------------------


def sample_park(
    visitors: int,
    capacity: int,
    threat: int | Mapping[int, Fraction],
    security: int,
    customers: int,
    hooligans: int,
    rng: random.Random,
    eaten_penalty: int = 1,
) -> ParkOutcome:
    """One random park phase: visitors drawn one by one from the bag, the threat drawn from
    its law — the same situation as `park_odds`, sampled instead of enumerated."""
    bag = [True] * customers + [False] * hooligans
    drawn = rng.sample(bag, min(visitors, len(bag)))
    c = sum(drawn)
    law = as_law(threat)
    t = rng.choices(list(law), weights=[float(p) for p in law.values()])[0]
    return park_outcome(c, len(drawn) - c, capacity, t, security, eaten_penalty)
