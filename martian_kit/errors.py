"""The error every broken rule of Martian Dice raises."""

from __future__ import annotations

from kit_common.errors import RuleError as KitRuleError


class RuleError(KitRuleError):
    """An action that the rules do not allow. `rule` is a short id of the broken rule
    (see `martian_kit.messages`), the message says it in words. The state is unchanged."""
