"""Checks of understanding built from the engine: which set-asides are legal after a roll.

The right answers and the reasons come from the rules themselves (`TurnState.apply_action`
and the `RuleError` it raises), so a quiz can never disagree with the game it teaches.
"""

from __future__ import annotations

from kit_common.display import MarkdownText
from kit_common.svg import dice_row_html
from kit_common.widgets.teaching import ChoiceQuiz, Option
from martian_kit.dice import FACES, Face
from martian_kit.errors import RuleError
from martian_kit.messages import face_name, message
from martian_kit.turn import Action, Phase, TurnState


def option_label(action: Action) -> str:
    """What a quiz option or a sentence calls an action: "Set aside the Cows"."""
    if action is Action.STOP:
        return message("quiz.stop")
    if action is Action.ROLL:
        return message("quiz.roll")
    assert action.face is not None
    return message("quiz.take", faces=face_name(action.face, 2))


def refusal(state: TurnState, action: Action | str) -> str:
    """Why the rules refuse `action` in `state`, as a sentence; "" when they allow it."""
    try:
        state.apply_action(action)
    except RuleError as error:
        text = str(error)
        return text[:1].upper() + text[1:] + "."
    return ""


def allowed_sentence(state: TurnState) -> MarkdownText:
    """The moves the rules allow in `state`, in words (a page shows this, never a tuple)."""
    actions = state.legal_actions()
    if state.is_chance_node():
        return MarkdownText(message("quiz.only_roll"))
    if not actions:
        return MarkdownText(message("quiz.nothing"))
    choices = "; ".join(c[:1].lower() + c[1:] for c in map(option_label, actions))
    return MarkdownText(message("quiz.allowed_now", choices=choices))


def refusal_sentence(state: TurnState, action: Action | str) -> MarkdownText:
    """ "Refused: ..." with the rule's reason, or "Allowed." (for a page)."""
    reason = refusal(state, action)
    label = option_label(Action(action))
    if reason:
        return MarkdownText(message("quiz.refused", action=label, reason=reason))
    return MarkdownText(message("quiz.allowed", action=label))


def _candidate_actions(state: TurnState) -> list[Action]:
    """The options a quiz offers: every face rolled (or already set aside) and stopping."""
    assert state.rolled is not None
    faces = [f for f in FACES if f is not Face.TANK and (state.rolled[f] or state.set_aside[f])]
    return [Action(f.value) for f in faces] + [Action.STOP]


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
    for action in _candidate_actions(state):
        reason = refusal(state, action)
        why = reason or message("quiz.rules_allow")
        options.append(Option(option_label(action), not reason, why))
    return ChoiceQuiz(
        message("quiz.question"),
        options,
        question_html=_roll_html(state),
        pick_all=True,
    )
