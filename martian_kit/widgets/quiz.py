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

STOP_LABEL = "Stop now and score the turn"


def option_label(action: Action) -> str:
    """What a quiz option or a sentence calls an action: "Set aside the Cows"."""
    if action is Action.STOP:
        return STOP_LABEL
    if action is Action.ROLL:
        return "Roll the dice left"
    assert action.face is not None
    return f"Set aside the {face_name(action.face, 2)}"


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
        return MarkdownText("Allowed now: only rolling the dice.")
    if not actions:
        return MarkdownText("Nothing is allowed any more: the turn is over.")
    choices = [option_label(a) for a in actions]
    return MarkdownText("Allowed now: " + "; ".join(c[:1].lower() + c[1:] for c in choices) + ".")


def refusal_sentence(state: TurnState, action: Action | str) -> MarkdownText:
    """ "Refused: ..." with the rule's reason, or "Allowed." (for a page)."""
    reason = refusal(state, action)
    return MarkdownText(
        f"**{option_label(Action(action))}?** " + (f"Refused: {reason}" if reason else "Allowed.")
    )


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
    return "".join(dice_row_html(c.dice_svg(), f"{label}: {c}") for c, label in rows)


def set_aside_quiz(state: TurnState) -> ChoiceQuiz:
    """A quiz on one roll: the dice set aside and just rolled are drawn, and the student ticks
    every legal choice. The right options and each reason come from the engine."""
    if state.phase is not Phase.MUST_CHOOSE:
        raise ValueError("a set-aside quiz needs a roll to choose from")
    options = []
    for action in _candidate_actions(state):
        reason = refusal(state, action)
        why = reason or "The rules allow it: all the dice of this face go aside."
        options.append(Option(option_label(action), not reason, why))
    return ChoiceQuiz(
        "Which choices do the rules allow after this roll?",
        options,
        question_html=_roll_html(state),
        pick_all=True,
    )
