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


class InputError(KitError):
    """A value given to a public entry point (an engine's action, chance outcome or state, a
    record's field, a component file, a command-line argument) that has the wrong type, is out
    of range or is not one of the known names. `field` names where it was given (e.g.
    `outcome.tank`, `turns[3].round`); the message says the field, what was expected and what
    was given. Nothing was changed: states are immutable and loaders build nothing half-way."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field
