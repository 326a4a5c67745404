"""The error every broken rule of Dinosaur Island raises."""

from __future__ import annotations

from kit_common.errors import RuleError as KitRuleError


class RuleError(KitRuleError):
    """An action or outcome the rules do not allow. `rule` is the short id of the broken rule
    (a key of `dino_kit.messages` after "rule."); the message says it in words. The state the
    action was applied to is unchanged (states are immutable values)."""
