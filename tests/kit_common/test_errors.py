"""Each kit's RuleError is a kit_common RuleError, so one `except` catches either kit's."""

from __future__ import annotations

import pytest

import dino_kit
import martian_kit
from kit_common.errors import KitError, RuleError


@pytest.mark.parametrize("kit", [martian_kit, dino_kit], ids=lambda kit: kit.__name__)
def test_a_kits_rule_error_is_the_shared_one_with_its_rule_and_message(kit):
    error = kit.RuleError("game_over", "the game is over")
    assert isinstance(error, RuleError) and isinstance(error, KitError)
    assert isinstance(error, ValueError)  # callers that caught ValueError still do
    assert error.rule == "game_over" and str(error) == "the game is over"
    assert kit.RuleError is not RuleError  # `except martian_kit.RuleError` names one kit


def test_a_broken_martian_rule_raises_the_shared_error():
    state = martian_kit.TurnState()
    with pytest.raises(RuleError) as raised:
        state.apply_action(martian_kit.Action.STOP)
    assert raised.value.rule == "first_roll"
