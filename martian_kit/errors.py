"""The error every broken rule raises."""

from __future__ import annotations


class RuleError(ValueError):
    """An action that the rules do not allow. `rule` is a short id of the broken rule
    (see `martian_kit.messages`), the message says it in words. The state is unchanged."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
