"""The set-aside quiz and the rule sentences: answers and reasons come from the engine."""

from __future__ import annotations

import pytest

from martian_kit import FaceCounts, TurnState
from martian_kit.explain import allowed_sentence, refusal, refusal_sentence
from martian_kit.widgets.quiz import set_aside_quiz


def rolled(counts: FaceCounts) -> TurnState:
    start = TurnState()
    first = start.apply_roll(FaceCounts(tank=2, ray=4, human=3, cow=2, chicken=2))
    humans = (
        first.apply_action("ray")
        .apply_action("roll")
        .apply_roll(FaceCounts(human=3, cow=2, chicken=2))
    )
    return humans.apply_action("human").apply_action("roll").apply_roll(counts)


def test_the_quiz_marks_exactly_the_legal_set_asides_right():
    state = rolled(FaceCounts(tank=1, human=2, cow=1))
    quiz = set_aside_quiz(state)
    right = {o.label for o in quiz.options if o.correct}
    assert right == {"Set aside the Cows"}
    labels = [o.label for o in quiz.options]
    assert labels == [
        "Set aside the Death Rays",
        "Set aside the Humans",
        "Set aside the Cows",
        "Stop now and score the turn",
    ]
    humans = next(o for o in quiz.options if o.label == "Set aside the Humans")
    assert "already set aside" in humans.why
    quiz.boxes[2].value = True
    assert quiz.check()
    quiz.boxes[3].value = True
    assert not quiz.check()


def test_the_quiz_needs_a_roll_to_choose_from():
    with pytest.raises(ValueError):
        set_aside_quiz(TurnState())


def test_refusals_and_allowed_moves_read_as_sentences():
    start = TurnState()
    assert refusal(start, "stop").startswith("The turn has not started")
    assert str(allowed_sentence(start)) == "Allowed now: only rolling the dice."
    after = start.apply_roll(FaceCounts(tank=2, ray=4, human=3, cow=2, chicken=2))
    assert refusal(after, "human") == ""
    assert str(refusal_sentence(after, "human")) == "**Set aside the Humans?** Allowed."
    assert str(allowed_sentence(after)).startswith("Allowed now: set aside the Death Rays; ")


def test_the_quiz_draws_the_dice_set_aside_and_rolled_with_their_sentences():
    quiz = set_aside_quiz(rolled(FaceCounts(tank=1, human=2, cow=1)))
    question = quiz.widget.children[0].value
    assert question.count("<svg") == 3 + 4 + 3 + 2 + 1  # set aside 3+4+3, rolled 2+1
    assert "Set aside: 3 Tanks, 4 Death Rays, 3 Humans" in question
    assert "Just rolled: 2 Humans, 1 Cow" in question
