"""The numbers the rules use, after variants and plot twists.

The base game's values come from the rules page; a plot twist's modifier (an effect id of
the `modifier` place) replaces one of them for the whole game; variants switch parts of the
game on or off. `max_rounds` is NOT a rule of the game: a safety net for simulations (see
RULES_NOTES.md), so that a game whose objectives stay out of reach (random bots) still ends.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, replace

from dino_kit.components.schema import PlotTwist


@dataclass(frozen=True)
class Rules:
    excitement_cap: int = 20
    pass_money: int = 2
    eaten_penalty: int = 1
    customer_fee: int = 1
    food_money: int = 2
    round_end_money: int = 0
    security_cost_delta: int = 0
    paddock_cost_delta: int = 0
    predictable_systems: bool = False
    chaos_theory: bool = False
    max_rounds: int = 30
    solo: bool = False  # a solo mode of this kit's design (dino_kit.solo)
    solo_rounds: int = 0

    def with_twists(self, twists: Iterable[PlotTwist]) -> Rules:
        """These rules with each plot twist's modifier applied."""
        rules = self
        for twist in twists:
            m = twist.modifier
            value = m.get("value", m.get("amount", m.get("vp")))
            rules = replace(rules, **{m.id: value})  # a modifier is named for its field
        return rules
