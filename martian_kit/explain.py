"""What each step of a turn did, and which rule made it so, in sentences (from the message
catalogue). Pure functions of turn states: the turn player, the game app and the command line
(`martian-kit turn-value`) all use them; so do the pages' rule sentences and the set-aside quiz
(`refusal`: why the rules refuse a move, from the `RuleError` the engine raises)."""

from __future__ import annotations

from kit_common.display import MarkdownText
from martian_kit.dice import EARTHLINGS, FACES, NUM_DICE, Face, FaceCounts
from martian_kit.errors import RuleError
from martian_kit.messages import CATALOGUE, counted, face_message, face_name, message
from martian_kit.scoring import tanks_win
from martian_kit.turn import Action, Phase, TurnEnd, TurnState


def take_label(action: Action) -> str:
    """ "Death Rays", "Cows": the faces a set-aside action takes, in the plural."""
    assert action.face is not None
    return face_name(action.face, 2)


def _join_or(parts: list[str]) -> str:
    return message("why.or").join(parts)


def explain_roll(before: TurnState, rolled: FaceCounts, after: TurnState) -> list[str]:
    """The sentences after a roll: which dice were rolled, the Tanks set aside, what must be
    chosen now (or why the turn ended)."""
    lines = [
        message("why.first_roll", dice=NUM_DICE)
        if before.is_first_roll()
        else CATALOGUE.plural("why.rolled", before.dice_left)
    ]
    if rolled.tank:
        lines.append(message("why.tanks", tanks=counted(Face.TANK, rolled.tank)))
    else:
        lines.append(message("why.no_tanks"))
    blocked = [f for f in EARTHLINGS if rolled[f] and before.set_aside[f]]
    for face in blocked:
        lines.append(face_message("why.taken_before", face))
    lines += explain_choice(after)
    return lines


def explain_choice(state: TurnState) -> list[str]:
    """Right after a roll: the set-asides the player must choose from, or that the roll left
    no legal choice (the turn ends)."""
    if state.phase is Phase.MUST_CHOOSE:
        options = [take_label(a) for a in state.legal_actions()]
        return [message("why.must_choose", options=_join_or(options))]
    if state.end is TurnEnd.NO_CHOICE:
        return [message("why.no_choice")]
    return []


def explain_action(before: TurnState, action: Action, after: TurnState) -> list[str]:
    """The sentences after a decision: what was set aside and why it was allowed, or that the
    player stopped; then what comes next."""
    action = Action(action)
    lines: list[str] = []
    face = action.face
    if action is Action.STOP:
        lines.append(message("why.stopped"))
    elif face is Face.RAY:
        assert before.rolled is not None
        lines.append(message("why.took_rays", dice=counted(face, before.rolled[face])))
    elif face is not None:
        assert before.rolled is not None
        lines.append(
            face_message("why.took_earthling", face, dice=counted(face, before.rolled[face]))
        )
    lines += explain_next(after)
    return lines


def explain_next(state: TurnState) -> list[str]:
    """What the player may do in `state` (roll or stop, with a warning when stopping would
    score 0), or that the turn ended for lack of dice."""
    if state.phase is Phase.MAY_ROLL_OR_STOP:
        lines = [CATALOGUE.plural("why.roll_or_stop.n", state.dice_left)]
        if tanks_win(state.set_aside):
            lines.append(
                message(
                    "why.danger",
                    tanks=counted(Face.TANK, state.set_aside.tank),
                    rays=counted(Face.RAY, state.set_aside.ray),
                )
            )
        return lines
    if state.end is TurnEnd.NO_DICE:
        return [message("why.no_dice")]
    return []


def option_label(action: Action) -> str:
    """What a quiz option or a sentence calls an action: "Set aside the Cows"."""
    if action is Action.STOP:
        return message("quiz.stop")
    if action is Action.ROLL:
        return message("quiz.roll")
    assert action.face is not None
    return face_message("quiz.take", action.face)


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


def quiz_actions(state: TurnState) -> list[Action]:
    """The options a quiz offers: every face rolled (or already set aside) and stopping."""
    assert state.rolled is not None
    faces = [f for f in FACES if f is not Face.TANK and (state.rolled[f] or state.set_aside[f])]
    return [Action(f.value) for f in faces] + [Action.STOP]
