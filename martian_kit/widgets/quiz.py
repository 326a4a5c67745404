"""Checks of understanding built from the engine: which set-asides are legal after a roll.

The right answers and the reasons come from the rules themselves (`martian_kit.explain`'s
`refusal`, from `TurnState.apply_action` and the `RuleError` it raises), so a quiz can never
disagree with the game it teaches.
"""

from __future__ import annotations

from kit_common.svg import dice_row_html
from kit_common.widgets.teaching import ChoiceQuiz, Option
from martian_kit.explain import option_label, quiz_actions, refusal
from martian_kit.messages import message
from martian_kit.turn import Phase, TurnState


def _roll_html(state: TurnState) -> str:
    """The dice set aside and the dice just rolled, drawn, each row with its sentence."""
    assert state.rolled is not None
    rows = [
        (state.set_aside, message("ui.set_aside")),
        (state.rolled, message("ui.rolled")),
    ]
    return "".join(
        dice_row_html(c.dice_svg(), message("quiz.dice_row", label=label, dice=c))
        for c, label in rows
    )


def set_aside_quiz(state: TurnState) -> ChoiceQuiz:
    """A quiz on one roll: the dice set aside and just rolled are drawn, and the student ticks
    every legal choice. The right options and each reason come from the engine."""
    if state.phase is not Phase.MUST_CHOOSE:
        raise ValueError(message("quiz.needs_roll"))
    options = []
    for action in quiz_actions(state):
        reason = refusal(state, action)
        why = reason or message("quiz.rules_allow")
        options.append(Option(option_label(action), not reason, why))
    return ChoiceQuiz(
        message("quiz.question"),
        options,
        question_html=_roll_html(state),
        pick_all=True,
    )
