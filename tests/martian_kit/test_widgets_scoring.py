"""The scoring calculator and the exercises agree with the engine's score."""

from __future__ import annotations

from martian_kit import FaceCounts, explain_score, score
from martian_kit.widgets.scoring import EXERCISES, ScoreCalculator, ScoringQuiz


def test_calculator_follows_the_inputs():
    calc = ScoreCalculator()
    calc.set(FaceCounts(tank=3, ray=2, human=4))
    assert calc.result.value == "<b>0 points: the Tanks win (3 Tanks against 2 Death Rays)</b>"
    calc.inputs["ray"].value = 3
    assert "4 points" in calc.result.value
    assert calc.dice.value.count("kit-die") == 10


def test_calculator_refuses_more_than_13_dice():
    calc = ScoreCalculator(FaceCounts(human=13))
    calc.inputs["cow"].value = 2
    assert "add up to 15" in calc.result.value and "add up to 15" in calc.summary()


def test_random_example_is_scored_by_the_engine():
    calc = ScoreCalculator(seed=9)
    for _ in range(20):
        calc.random_button.click()
        counts = calc.counts
        assert 3 <= counts.total <= 13
        assert calc.result.value == f"<b>{explain_score(counts)}</b>"
        assert int(calc.summary().split("-> ")[1].split(" ")[0]) == score(counts)


def test_quiz_checks_against_the_engine():
    quiz = ScoringQuiz()
    for i, exercise in enumerate(EXERCISES):
        assert quiz.index == i
        quiz.guess.value = score(exercise)
        quiz.check_button.click()
        assert quiz.feedback.value.startswith("Right")
        quiz.next_button.click()
    assert quiz.index == 0 and quiz.right_answers() == len(EXERCISES)
    quiz.check(score(EXERCISES[0]) + 1)
    assert quiz.feedback.value.startswith("Not quite")
    assert quiz.right_answers() == len(EXERCISES) - 1


def test_the_quiz_answer_box_leaves_the_field_room_for_two_digits():
    """Issue 29: 9em in all, with ipywidgets' usual 80 px label, left a field that showed "11"
    as "1". The label is now as wide as its words, and the box at least 12em."""
    quiz = ScoringQuiz()
    assert quiz.guess.style.description_width == "initial"
    assert quiz.guess.layout.width == "auto"
    assert float(quiz.guess.layout.min_width.removesuffix("em")) >= 12
