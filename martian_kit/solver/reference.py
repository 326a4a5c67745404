"""A plain-Python exact turn solver over the engine's own states: the independent route.

It walks the engine's rules directly (`legal_takes`, `roll_distribution`, full `FaceCounts`
set-asides, no compression, no numpy), with any number type: `Fraction` for exact teaching
values and hand-worked tests, `float` as the plain-Python baseline the benchmarks compare the
vectorised solver against. It is slow from a fresh turn (about half a million roll outcomes)
and quick from states with few dice left.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Generic, TypeVar

from martian_kit.dice import NUM_DICE, Face, FaceCounts, roll_distribution
from martian_kit.scoring import score
from martian_kit.turn import legal_takes

N = TypeVar("N", Fraction, float)


class ReferenceSolver(Generic[N]):
    """Optimal play of one turn for a payoff of the final set-aside, by memoised recursion.

    `payoff(set_aside)` is what the player gets when the turn ends with `set_aside` (the
    expected-score solver uses `score`). `number` converts the exact roll probabilities
    (`Fraction` keeps them exact, `float` makes a fast-ish baseline). `dice` is how many dice
    a turn has (13 in the rules; a variant may play with fewer).
    """

    def __init__(
        self,
        payoff: Callable[[FaceCounts], N] | None = None,
        # mypy cannot tie a default to the type variable: Fraction is the number when N is
        number: Callable[[Fraction], N] = Fraction,  # type: ignore[assignment]
        dice: int = NUM_DICE,
    ) -> None:
        self.dice = dice
        self.payoff: Callable[[FaceCounts], N] = (
            payoff if payoff is not None else (lambda s: number(Fraction(score(s))))
        )
        self.number: Callable[[Fraction], N] = number
        self._value: dict[FaceCounts, N] = {}
        self._roll: dict[FaceCounts, N] = {}
        self._probs: dict[int, list[tuple[FaceCounts, N]]] = {
            n: [(c, number(p)) for c, p in roll_distribution(n)] for n in range(dice + 1)
        }

    def value(self, set_aside: FaceCounts) -> N:
        """Value of a state where the player may roll or stop (best of the two)."""
        set_aside = FaceCounts(*set_aside)
        if set_aside.total == self.dice:
            return self.payoff(set_aside)
        cached = self._value.get(set_aside)
        if cached is None:
            cached = max(self.payoff(set_aside), self.roll_value(set_aside))
            self._value[set_aside] = cached
        return cached

    def roll_value(self, set_aside: FaceCounts) -> N:
        """Value of rolling the dice left now and playing on optimally."""
        set_aside = FaceCounts(*set_aside)
        cached = self._roll.get(set_aside)
        if cached is None:
            total = self.number(Fraction(0))
            for rolled, p in self._probs[self.dice - set_aside.total]:
                total += p * self.after_roll(set_aside, rolled)
            cached = total
            self._roll[set_aside] = cached
        return cached

    def take_values(self, set_aside: FaceCounts, rolled: FaceCounts) -> dict[Face, N]:
        """Value of each legal set-aside after `rolled` (Tanks already counted in `rolled`)."""
        after_tanks = set_aside.add(Face.TANK, rolled.tank)
        waiting = rolled._replace(tank=0)
        values: dict[Face, N] = {}
        for action in legal_takes(after_tanks, waiting):
            face = action.face
            assert face is not None
            values[face] = self.value(after_tanks.add(face, waiting[face]))
        return values

    def after_roll(self, set_aside: FaceCounts, rolled: FaceCounts) -> N:
        """Value once `rolled` shows: the best legal set-aside, or the payoff if none."""
        values = self.take_values(set_aside, rolled)
        if not values:
            return self.payoff(set_aside.add(Face.TANK, rolled.tank))
        return max(values.values())


def exact_turn_value(
    set_aside: FaceCounts | None = None, first_roll: bool | None = None, dice: int = NUM_DICE
) -> Fraction:
    """Exact expected score of optimal play from `set_aside` (a fresh turn by default, which
    must roll; otherwise the player may still stop), in a turn of `dice` dice."""
    set_aside = FaceCounts(*set_aside) if set_aside is not None else FaceCounts()
    solver: ReferenceSolver[Fraction] = ReferenceSolver(dice=dice)
    if first_roll or (first_roll is None and set_aside.total == 0):
        return solver.roll_value(set_aside)
    return solver.value(set_aside)


def p_turn_saved(set_aside: FaceCounts) -> Fraction:
    """The best chance, over every way of playing on, that the turn ends with at least as
    many Death Rays as Tanks (the Tanks no longer win), from a state where the player may roll
    or stop with `set_aside`. 1 when the Death Rays already hold the Tanks."""
    solver: ReferenceSolver[Fraction] = ReferenceSolver(
        payoff=lambda s: Fraction(int(s.ray >= s.tank))
    )
    return solver.value(FaceCounts(*set_aside))
