"""The error every broken rule raises."""

from __future__ import annotations


class RuleError(ValueError):
    """An action or outcome the rules do not allow. `rule` is the short id of the broken rule
    (a key of `dino_kit.messages` after "rule."); the message says it in words. The state the
    action was applied to is unchanged (states are immutable values)."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
