"""What a turn is worth under two common misreadings of the rules, next to the rules' value
(about 3.11 points), for the teachers' page:

- `"stuck_scores_zero"`: a roll that leaves no legal set-aside is taken to score nothing (the
  rules: the turn ends and scores what was set aside, if the Death Rays hold the Tanks);
- `"rays_once"`: Death Rays taken to be set aside once per turn, like an earthling kind (the
  rules: any roll's Death Rays may be set aside, again and again).

Each is the plain-Python turn solver (`ReferenceSolver`, over the engine's own set-asides)
with the one rule changed. The three earthling kinds are alike, so set-asides that differ only
in which kind holds which count share one value (a sixth of the work). Solving a fresh 13-dice
turn takes a few seconds, so the kit ships the two misreadings' 13-dice values
(`martian_kit/data/misreadings.json`, rebuilt by `martian-kit solve-misreadings`; a test
solves them again); other numbers of dice are solved on first use. Results are cached.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from martian_kit.dice import NUM_DICE, Face, FaceCounts
from martian_kit.messages import message
from martian_kit.scoring import score
from martian_kit.solver.reference import ReferenceSolver
from martian_kit.solver.turn import expected_score_solution

#: Where the kit ships the misreadings' values for a turn of the game's 13 dice.
SHIPPED_PATH = Path(__file__).resolve().parent.parent / "data" / "misreadings.json"

MISREADINGS = ("stuck_scores_zero", "rays_once")


def canonical(set_aside: FaceCounts) -> FaceCounts:
    """The set-aside with its earthling counts sorted (the kinds are alike)."""
    s = FaceCounts(*set_aside)
    return FaceCounts(s.tank, s.ray, *sorted((s.human, s.cow, s.chicken), reverse=True))


class MisreadSolver(ReferenceSolver[float]):
    """The plain turn solver for the expected score with one rule misread (`misreading` is
    one of `MISREADINGS`, or None for the rules themselves)."""

    def __init__(self, misreading: str | None, dice: int = NUM_DICE) -> None:
        if misreading is not None and misreading not in MISREADINGS:
            raise ValueError(
                message("error.unknown_misreading", name=misreading, known=MISREADINGS)
            )
        super().__init__(lambda s: float(score(s)), number=float, dice=dice)
        self.misreading = misreading

    def value(self, set_aside: FaceCounts) -> float:
        return super().value(canonical(set_aside))

    def roll_value(self, set_aside: FaceCounts) -> float:
        return super().roll_value(canonical(set_aside))

    def take_values(self, set_aside: FaceCounts, rolled: FaceCounts) -> dict[Face, float]:
        values = super().take_values(set_aside, rolled)
        if self.misreading == "rays_once" and set_aside.ray > 0:
            values.pop(Face.RAY, None)
        return values

    def after_roll(self, set_aside: FaceCounts, rolled: FaceCounts) -> float:
        values = self.take_values(set_aside, rolled)
        if not values:
            if self.misreading == "stuck_scores_zero":
                return 0.0
            return self.payoff(set_aside.add(Face.TANK, rolled.tank))
        return max(values.values())


def solve_misreading(misreading: str | None, dice: int = NUM_DICE) -> float:
    """Expected score of a fresh turn played as well as possible under `misreading` (None:
    the rules), solved now by `MisreadSolver` (seconds for 13 dice)."""
    return MisreadSolver(misreading, dice).roll_value(FaceCounts())


def solve_shipped(path: Path = SHIPPED_PATH) -> dict[str, float]:
    """Solve every misreading for 13 dice and write the values to `path` (the file the kit
    ships); returns them."""
    values = {name: solve_misreading(name) for name in MISREADINGS}
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"dice": NUM_DICE, "values": values}, indent=1) + "\n")
    return values


@cache
def shipped_values() -> dict[str, float]:
    """The 13-dice values the kit ships, by misreading (empty when the file is missing)."""
    try:
        data = json.loads(SHIPPED_PATH.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return {}
    return data["values"] if data.get("dice") == NUM_DICE else {}


@cache
def misread_turn_value(misreading: str | None, dice: int = NUM_DICE) -> float:
    """Expected score of a fresh turn played as well as possible under `misreading` (None:
    the rules, as the fast turn solver gives it): the shipped value for 13 dice, else solved
    now (`solve_misreading`)."""
    if misreading is None:
        return expected_score_solution(dice).fresh_turn_value
    if misreading not in MISREADINGS:
        raise ValueError(message("error.unknown_misreading", name=misreading, known=MISREADINGS))
    if dice == NUM_DICE and misreading in shipped_values():
        return shipped_values()[misreading]
    return solve_misreading(misreading, dice)


__all__ = [
    "MISREADINGS",
    "SHIPPED_PATH",
    "MisreadSolver",
    "canonical",
    "misread_turn_value",
    "shipped_values",
    "solve_misreading",
    "solve_shipped",
]
