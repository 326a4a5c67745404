"""The dice: faces, face counts, and the exact distribution of a roll.

This module is the one source of truth for what a roll can show. The engine samples from
`FACE_WEIGHTS`, the odds module and the solvers enumerate `roll_distribution`, and the two
are tested against each other.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from enum import Enum
from fractions import Fraction
from functools import cache
from math import factorial
from typing import NamedTuple, SupportsIndex, overload

from kit_common.checks import shown, whole
from kit_common.errors import InputError
from kit_common.svg import dice_row_html, pretty_sentence
from martian_kit.messages import counted, face_name, message
from martian_kit.pictures import face_svg

NUM_DICE = 13
SIDES = 6


class Face(str, Enum):
    """A face of a Martian die. The value is the name used in records and on the CLI."""

    TANK = "tank"
    RAY = "ray"
    HUMAN = "human"
    COW = "cow"
    CHICKEN = "chicken"


FACES: tuple[Face, ...] = tuple(Face)
# a face's place in FACES (a dict: looked up millions of times by the exact solvers)
_FACE_INDEX: dict[Face, int] = {face: i for i, face in enumerate(FACES)}
EARTHLINGS: tuple[Face, ...] = (Face.HUMAN, Face.COW, Face.CHICKEN)
#: How many of a die's six sides show each face: two sides show a Death Ray.
FACE_WEIGHTS: dict[Face, int] = {
    Face.TANK: 1,
    Face.RAY: 2,
    Face.HUMAN: 1,
    Face.COW: 1,
    Face.CHICKEN: 1,
}
FACE_PROBABILITY: dict[Face, Fraction] = {f: Fraction(w, SIDES) for f, w in FACE_WEIGHTS.items()}


class FaceCounts(NamedTuple):
    """How many dice show (or were set aside as) each face, in the order of `FACES`."""

    tank: int = 0
    ray: int = 0
    human: int = 0
    cow: int = 0
    chicken: int = 0

    @overload
    def __getitem__(self, key: Face | SupportsIndex) -> int: ...
    @overload
    def __getitem__(self, key: slice) -> tuple[int, ...]: ...
    def __getitem__(self, key: Face | SupportsIndex | slice) -> int | tuple[int, ...]:
        if isinstance(key, Face):
            return tuple.__getitem__(self, _FACE_INDEX[key])
        return tuple.__getitem__(self, key)

    @property
    def total(self) -> int:
        """Number of dice counted."""
        return sum(self)

    def add(self, face: Face, n: int) -> FaceCounts:
        """A copy with `n` more dice of `face`."""
        values = list(self)
        values[_FACE_INDEX[face]] += n
        return FaceCounts(*values)

    def only(self, face: Face) -> FaceCounts:
        """A copy keeping the dice of `face` and no others."""
        return FaceCounts().add(face, self[face])

    def to_dict(self) -> dict[str, int]:
        """The counts keyed by face name, as stored in game records."""
        return {f.value: n for f, n in zip(FACES, self)}

    @classmethod
    def from_dict(cls, counts: Mapping[str, int]) -> FaceCounts:
        """Counts from a mapping of face names; missing faces count 0."""
        unknown = set(counts) - {f.value for f in FACES}
        if unknown:
            names = ", ".join(sorted(map(str, unknown)))
            raise InputError("counts", message("error.unknown_faces", names=names))
        return cls(*(counts.get(f.value, 0) for f in FACES))

    def __str__(self) -> str:
        """ "2 Tanks, 5 Death Rays, 1 Human" (faces with no dice left out)."""
        parts = [counted(f, n) for f, n in zip(FACES, self) if n]
        return ", ".join(parts) if parts else message("dice.none")

    def faces(self) -> list[Face]:
        """The dice one by one, grouped by face in the order of `FACES`."""
        return [f for f, n in zip(FACES, self) for _ in range(n)]

    def dice_svg(self, size_em: float = 2.2) -> list[str]:
        """Each die drawn as inline SVG (kit_common.svg), in the order of `faces()`."""
        return [face_svg(f.value, face_name(f), size_em) for f in self.faces()]

    # A page shows the dice and the sentence; `repr` stays the tuple, for the console and tests.
    def _repr_html_(self) -> str:
        return dice_row_html(self.dice_svg(), str(self))

    def _repr_pretty_(self, printer: object, cycle: bool) -> None:
        pretty_sentence(printer, self, str(self))


def checked_counts(value: object, field: str) -> FaceCounts:
    """`value` as `FaceCounts` if it is one, or a tuple or list of exactly 5 whole numbers
    from 0 to 13 (tank, ray, human, cow, chicken); otherwise `InputError` naming `field`
    (a bool, a float, a missing or an extra count, a mapping are all refused)."""
    if type(value) is FaceCounts:
        # the engine's own counts (a roll it dealt, a set-aside it built), checked at C speed:
        # every roll of a turn law's or a simulation's turns is checked here
        tank, ray, human, cow, chicken = value
        if type(tank) is type(ray) is type(human) is type(cow) is type(chicken) is int and (
            min(value) >= 0 and max(value) <= NUM_DICE
        ):
            return value
    if not isinstance(value, tuple | list) or len(value) != len(FACES):
        order = ", ".join(f.value for f in FACES)
        raise InputError(field, message("error.counts", order=order, got=shown(value)))
    for face, n in zip(FACES, value):
        whole(n, f"{field}.{face.value}", 0, NUM_DICE)
    return value if type(value) is FaceCounts else FaceCounts(*value)


def _compositions(n: int, k: int) -> Iterator[tuple[int, ...]]:
    """Every way to write n as an ordered sum of k non-negative integers."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


def multinomial_probability(counts: FaceCounts) -> Fraction:
    """Exact probability that a roll of `counts.total` dice shows exactly these counts:
    n! / (c_1! ... c_k!) * prod(w_i ** c_i) / 6 ** n, in whole numbers until the last step."""
    n = counts.total
    ways = factorial(n)
    weight = 1
    for face, c in zip(FACES, counts):
        ways //= factorial(c)
        weight *= FACE_WEIGHTS[face] ** c
    return Fraction(ways * weight, SIDES**n)


@cache
def roll_distribution(n: int) -> tuple[tuple[FaceCounts, Fraction], ...]:
    """All face-count outcomes of rolling `n` dice with their exact probabilities.

    The outcomes are distinct, ordered the same way every time, and their probabilities sum
    to exactly 1 (a roll of 0 dice has the single outcome "nothing").
    """
    if not 0 <= n <= NUM_DICE:
        raise ValueError(message("error.roll_dice", most=NUM_DICE, n=n))
    outcomes = [FaceCounts(*c) for c in _compositions(n, len(FACES))]
    return tuple((c, multinomial_probability(c)) for c in outcomes)


def roll_faces(n: int, rng: random.Random) -> list[Face]:
    """Roll `n` dice with `rng`, one face per die (in the order they were rolled)."""
    return rng.choices(FACES, weights=[FACE_WEIGHTS[f] for f in FACES], k=n)


def count_faces(faces: list[Face]) -> FaceCounts:
    """The face counts of a list of die faces."""
    return FaceCounts(*(faces.count(f) for f in FACES))


def roll(n: int, rng: random.Random) -> FaceCounts:
    """Roll `n` dice with `rng` and count the faces."""
    return count_faces(roll_faces(n, rng))
