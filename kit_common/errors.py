"""The base of every error a kit raises on purpose, so a caller can tell them from bugs."""

from __future__ import annotations


class KitError(ValueError):
    """An input the kit refuses (a broken rule, a bad file, a bad argument), with a message
    meant for the person who gave it."""


class RuleError(KitError):
    """An action that the rules do not allow. `rule` is a short id of the broken rule (each
    kit's message catalogue says it in words under "rule.<id>"); the state the action was
    applied to is unchanged, since states are immutable values."""

    def __init__(self, rule: str, message: str) -> None:
        super().__init__(message)
        self.rule = rule
