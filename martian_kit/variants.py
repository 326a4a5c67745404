"""Rule variants the solvers can analyse: the target score, how the game ends, the number of
dice.

The official rules play to 25 points with 13 dice, and the round is completed once someone
reaches 25 (`END_ROUND`): the players after them take one more turn. Many home groups play
"the first to reach the target wins at once" (`END_IMMEDIATE`), a shorter game, or fewer dice;
`Variant` names such a choice so that the turn and game solvers can answer "what if".
The play engine itself (`martian_kit.game`) plays the official rules only.
"""

from __future__ import annotations

from dataclasses import dataclass

from martian_kit.dice import NUM_DICE
from martian_kit.errors import RuleError
from martian_kit.game import TARGET
from martian_kit.messages import message
from martian_kit.scoring import BONUS

#: The round is completed once someone reaches the target (the official rule).
END_ROUND = "round"
#: The first player to reach the target wins at once.
END_IMMEDIATE = "immediate"
END_RULES = (END_ROUND, END_IMMEDIATE)
TARGET_RANGE = range(10, 61)
DICE_RANGE = range(6, NUM_DICE + 1)


@dataclass(frozen=True)
class Variant:
    """A choice of rules: `target` points (10 to 60), the `end` rule (`"round"` or
    `"immediate"`) and the number of `dice` (6 to 13). `Variant()` is the official game."""

    target: int = TARGET
    end: str = END_ROUND
    dice: int = NUM_DICE

    def __post_init__(self) -> None:
        for rule, value, allowed in (
            ("variant_target", self.target, TARGET_RANGE),
            ("variant_dice", self.dice, DICE_RANGE),
        ):
            if value not in allowed:
                words = message(
                    f"rule.{rule}", low=allowed.start, high=allowed.stop - 1, value=value
                )
                raise RuleError(rule, words)
        if self.end not in END_RULES:
            raise RuleError("variant_end", message("rule.variant_end", value=self.end))

    @property
    def is_official(self) -> bool:
        """True for the rules as published: 25 points, the round completed, 13 dice."""
        return self == OFFICIAL

    @property
    def max_turn_score(self) -> int:
        """The most a turn can score: every die an earthling, all three kinds (the bonus)."""
        return self.dice + BONUS

    def describe(self) -> str:
        """The variant in words, e.g. "25 points, the round is completed, 13 dice"."""
        end = message(f"variant.{self.end}")
        return message("variant.describe", target=self.target, end=end, dice=self.dice)


OFFICIAL = Variant()
