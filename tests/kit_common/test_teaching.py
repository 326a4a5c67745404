"""The teaching widgets, driven through their API as a click would drive them."""

from __future__ import annotations

import ipywidgets as w
import pytest

from kit_common.errors import KitError
from kit_common.widgets.teaching import ChoiceQuiz, Option, PredictReveal

OPTIONS = [
    Option("Set aside the Humans", True, "Humans were rolled and none is held yet."),
    Option("Set aside the Cows", True, "Cows were rolled and none is held yet."),
    Option("Set aside the Tanks", False, "Tanks are set aside by themselves, not chosen."),
]


def _controls(app) -> list[w.Widget]:
    controls = (w.Button, w.Checkbox, w.ToggleButtons, w.FloatText)
    return [c for c in app.widget.children if isinstance(c, controls)]


def test_every_control_has_a_text_label() -> None:
    quiz = ChoiceQuiz("Which may you set aside?", OPTIONS)
    predict = PredictReveal("Roll or stop?", "Roll", "Rolling gains 1.2 points.", ["Roll", "Stop"])
    typed = PredictReveal("How many?", 4.33, "13 dice, 1/3 each.")
    controls = _controls(quiz) + _controls(predict) + _controls(typed)
    assert len(controls) == 3 + 1 + 2 + 2
    for control in controls:
        assert control.description.strip(), control
        assert getattr(control, "icon", "") == ""  # no icon font


def test_quiz_with_several_right_answers_needs_all_of_them() -> None:
    quiz = ChoiceQuiz("Which may you set aside?", OPTIONS)
    assert quiz.pick_all
    assert quiz.feedback.value == ""  # no feedback before a check
    quiz.boxes[0].value = True
    assert not quiz.check()
    assert "Not quite" in quiz.feedback.value
    quiz.boxes[1].value = True
    assert quiz.check()
    feedback = quiz.feedback.value
    assert "Right." in feedback
    assert all(option.why in feedback for option in OPTIONS)  # it says why, for each option
    quiz.boxes[2].value = True
    assert not quiz.check()  # a wrong option ticked too


def test_quiz_pick_one() -> None:
    quiz = ChoiceQuiz("Pick one", [Option("a", True, "yes"), Option("b", False, "no")])
    assert not quiz.pick_all
    assert "not checked" in quiz.summary()
    quiz.boxes[1].value = True
    assert not quiz.check()
    quiz.boxes[1].value, quiz.boxes[0].value = False, True
    quiz.check_button.click()
    assert quiz.right and "(right)" in quiz.summary()


def test_a_quiz_needs_a_right_option() -> None:
    with pytest.raises(KitError):
        ChoiceQuiz("?", [Option("a", False, "no")])


def test_prediction_hides_the_answer_until_committed() -> None:
    predict = PredictReveal(
        "Expected score?",
        26 / 9,
        "Sum over outcomes.",
        answer_text="26/9 (about 2.89)",
        tolerance=0.1,
    )
    assert "26/9" not in predict.reveal.value and "26/9" not in predict.summary()
    predict.entry.value = 2.9
    predict.commit_button.click()
    assert predict.committed and predict.right
    assert (
        "26/9 (about 2.89)" in predict.reveal.value and "Sum over outcomes." in predict.reveal.value
    )
    assert predict.entry.disabled and predict.commit_button.disabled  # committed for good


def test_prediction_by_choice() -> None:
    predict = PredictReveal("Roll or stop?", "Stop", "Stopping keeps 12 points.", ["Roll", "Stop"])
    assert not predict.commit()  # nothing picked yet: nothing committed
    assert not predict.committed and "Pick" in predict.reveal.value
    predict.entry.value = "Roll"
    assert not predict.commit()
    assert "off" in predict.reveal.value and "Stop" in predict.reveal.value
    with pytest.raises(KitError):
        PredictReveal("?", "Maybe", "", ["Roll", "Stop"])
