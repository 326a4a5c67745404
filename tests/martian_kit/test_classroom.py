"""The teachers' page (notebook 8): the class experiment's analysis, the misreadings of the
rules, the exercises and the handout, each against an independent route."""

from __future__ import annotations

import json
import random
import re
from fractions import Fraction
from html import escape
from pathlib import Path

import pytest

from kit_common.errors import KitError
from kit_common.widgets.base import ACTION_CLASS
from kit_common.widgets.style import KIT_CSS
from kit_common.widgets.teaching import ANSWERS_SHOWN_CLASS, ANSWERS_TAG
from martian_kit.classroom import (
    TALLY_ROWS,
    analyse,
    exact_ray_distribution,
    exact_ray_mean,
    rolls_from_tally,
)
from martian_kit.solver.misreadings import (
    MISREADINGS,
    MisreadSolver,
    misread_turn_value,
    shipped_values,
    solve_misreading,
)
from martian_kit.solver.reference import exact_turn_value
from martian_kit.widgets.classroom import (
    PROJECTOR_CLASS,
    ClassExperiment,
    LessonTools,
    handout_html,
    lesson_exercises,
    tally_sheet_html,
)


def test_the_exact_distribution_is_the_binomial():
    from math import comb

    rays = exact_ray_distribution()
    third = Fraction(1, 3)
    assert all(p == comb(13, k) * third**k * (1 - third) ** (13 - k) for k, p in enumerate(rays))
    assert exact_ray_mean() == Fraction(13, 3)


def _tally(rolls: list[int]) -> list[int]:
    return [rolls.count(k) for k in TALLY_ROWS]


def test_typed_tallies_are_read_or_refused_in_words():
    assert rolls_from_tally(_tally([4, 5, 3, 6])) == [3, 4, 5, 6]
    for bad in ([0] * 13, [0] * 15, [-1] + [0] * 13, [1.0] + [0] * 13, ["2"] + [0] * 13):
        with pytest.raises(KitError):
            rolls_from_tally(bad)


def test_the_tally_sheet_and_the_pages_table_have_the_same_rows():
    """Issue 28: a class with paper tally sheets types them in as they are, row by row."""
    app = ClassExperiment()
    labels = [field.description for field in app.counts]
    sheet = tally_sheet_html("Lesson")
    rows = re.findall(r"<tr><th scope='row'>([^<]*)</th><td class='marks'>", sheet)
    assert rows == [escape(label) for label in labels] and labels[4] == "4 Death Rays"
    assert rows == re.findall(
        r"<tr><th scope='row'>([^<]*)</th>", handout_html(lesson_exercises(), "Lesson")
    )
    # printable offline: no script, nothing fetched, the ordinary dice drawn inline
    assert "<script" not in sheet and "http" not in sheet.replace("http://www.w3.org", "")
    assert sheet.count("<svg") == 6 and "Number on top" in sheet


def test_fair_simulated_dice_pass_and_loaded_ones_fail():
    rng = random.Random(4)
    fair = [sum(rng.random() < 1 / 3 for _ in range(13)) for _ in range(400)]
    report = analyse(fair)
    assert report.test is not None and report.test.p_value > 0.001 and report.mean_agrees
    loaded = [sum(rng.random() < 1 / 2 for _ in range(13)) for _ in range(400)]
    report = analyse(loaded)
    assert report.test is not None and report.test.p_value < 1e-6 and not report.mean_agrees
    assert analyse([4]).test is None  # one roll: nothing to test


def test_pooling_groups_is_analysing_all_their_rolls():
    app = ClassExperiment()
    for field, count in zip(app.counts, _tally([4, 5, 3, 6, 4, 2, 5, 4, 3, 4])):
        field.value = count
    app.add_button.click()
    assert app.typed() == [0] * 14  # the table is emptied for the next group
    app.add_group("", _tally([4, 4, 3, 5, 6, 4, 2, 5, 3, 4]))
    assert app.summary() == "class experiment: 2 groups, 20 rolls"
    assert "Group 2" in app.groups_view.value
    both = analyse([4, 5, 3, 6, 4, 2, 5, 4, 3, 4, 4, 4, 3, 5, 6, 4, 2, 5, 3, 4])
    assert f"{both.rolls} rolls" in app.results.value
    assert list(app.figure.data[1].y)[4] == pytest.approx(8 / 20)
    # the exact law stays hidden until the reveal: on the chart, and in the results' words
    assert app.figure.data[0].visible is False and list(app.figure.data[0].y)[4] > 0.2
    hidden = app.results.value
    assert "13/3" not in hidden and "4.33" not in hidden and "expected" not in hidden
    assert "stay hidden until you press Show the exact chances" in hidden
    app.reveal.value = True
    assert app.figure.data[0].visible is True
    assert "holds the exact mean 13/3 ≈ 4.33" in app.results.value
    assert both.test is None and "Too few rolls for a chi-square test" in app.results.value
    app.add_group("C", _tally([4, 5, 3, 6, 4, 2, 5, 4, 3, 4, 4, 4, 3, 5, 6, 4, 2, 5, 3, 4] * 2))
    assert "Rolls expected" in app.results.value and "Chi-square" in app.results.value
    app.groups.pop("C")
    assert app.summary() == "class experiment: 2 groups, 20 rolls, beside the exact chances"
    app.reveal.value = False
    assert app.add_group("C", [0] * 14) is None and "no roll yet" in app.message.value
    app.clear()
    assert app.summary() == "class experiment: 0 groups, 0 rolls"


@pytest.mark.parametrize("dice", [6, 7])
def test_the_misread_solver_reading_the_rules_rightly_is_the_plain_solver(dice):
    assert MisreadSolver(None, dice).roll_value(
        __import__("martian_kit").FaceCounts()
    ) == pytest.approx(float(exact_turn_value(dice=dice)), abs=1e-12)


def test_misreadings_make_a_turn_worth_less():
    rules = misread_turn_value(None)
    assert rules == pytest.approx(3.1104, abs=1e-4)
    # reading the rules rightly: the fast turn solver's value, the plain solver's too
    assert misread_turn_value(None, 6) == pytest.approx(solve_misreading(None, 6), abs=1e-12)
    assert misread_turn_value("rays_once") < misread_turn_value("stuck_scores_zero") < rules
    with pytest.raises(ValueError):
        MisreadSolver("dice_are_loaded")


@pytest.mark.parametrize(
    "name",
    # about 3 s of solving each: one with the quick tests, the other with the slow ones
    [MISREADINGS[0], pytest.param(MISREADINGS[1], marks=pytest.mark.slow)],
)
def test_each_shipped_misreading_value_is_the_solver_s(name):
    assert misread_turn_value(name) == shipped_values()[name] == solve_misreading(name)


def test_small_turn_misreadings_by_hand():
    # One die: a fresh turn of 1 die. Rules: earthling 1 point (1/2), Death Ray 0, Tank 0.
    # Stuck never happens with one die (a Tank ends it with all dice set aside), so the
    # misreading changes nothing; rays once changes nothing either.
    for misreading in (None, "stuck_scores_zero", "rays_once"):
        solver = MisreadSolver(misreading, dice=1)
        assert solver.roll_value(__import__("martian_kit").FaceCounts()) == pytest.approx(0.5)


def test_exercises_and_handout_agree():
    exercises = lesson_exercises()
    students = handout_html(exercises, "Lesson")
    handout = handout_html(exercises, "Lesson", teacher=True)
    for exercise in exercises:
        assert escape(exercise.question) in students and escape(exercise.question) in handout
        assert escape(exercise.answer_text) in handout and exercise.working
        assert all(escape(step) in handout for step in exercise.working)
        assert not any(escape(step) in students for step in exercise.working)
        widget = exercise.widget()
        assert exercise.answer_text not in widget.reveal.value  # hidden until committed
    assert "Answer key" not in students and "The exact chances" not in students
    assert handout.index("Predict first") < handout.index("Answer key")
    assert "<svg" in handout and "<script" not in handout
    tools = LessonTools(exercises, "Lesson")
    # pressed, the button carries ipywidgets' `mod-active` in the page: the kit's style sheet
    # then sets the whole page in large type
    assert PROJECTOR_CLASS in tools.projector._dom_classes
    # the page's main control (the browser tests use it once) is the key, whose line changes
    assert ACTION_CLASS not in tools.projector._dom_classes
    assert ACTION_CLASS in tools.answers._dom_classes
    assert f"body:has(.{PROJECTOR_CLASS}.mod-active)" in PROJECTOR_CSS
    tools.projector.value = True
    assert "projector view on" in tools.summary()


TEACHERS_PAGE = (
    Path(__file__).resolve().parents[2]
    / "notebooks"
    / "martian_dice"
    / "08_probability_for_teachers.ipynb"
)


def test_the_teachers_page_shows_no_answer_before_the_reveal():
    """Issue 29: a student opening page 8 read 4.33, 3.11 and 51.6 % under the questions.
    A cell whose text or output gives an exercise's answer is tagged `kit-answers` (hidden in
    the app until "Show the answers") or is a check the app drops."""
    exercises = lesson_exercises()
    turn, ten, seats = exercises[2], exercises[3], exercises[4]
    answers = [
        "13/3",
        f"{13 / 3:.2f}",
        f"{turn.answer:.2f}",
        f"{ten.answer:.1f}%",
        re.search(r"\d+\.\d%", seats.answer_text)[0],
        "exactly half",
    ]
    shown = []
    for cell in json.loads(TEACHERS_PAGE.read_text())["cells"]:
        tags = cell["metadata"].get("tags", [])
        if ANSWERS_TAG in tags or "kit-check" in tags:
            continue
        text = "".join(cell["source"]) if cell["cell_type"] == "markdown" else ""
        for output in cell.get("outputs", []):
            text += json.dumps(output.get("data", {}), ensure_ascii=False)
        shown.append(text)
    for answer in answers:
        assert not any(answer in text for text in shown), answer
    tagged = [
        c
        for c in json.loads(TEACHERS_PAGE.read_text())["cells"]
        if ANSWERS_TAG in c["metadata"].get("tags", [])
    ]
    assert any(f"{turn.answer:.2f}" in json.dumps(c) for c in tagged)  # the answers are there


def test_show_the_answers_gives_the_teachers_key_and_the_hidden_cells():
    exercises = lesson_exercises()
    tools = LessonTools(exercises, "Lesson")
    assert tools.key.value == "" and "answers hidden" in tools.summary()
    tools.answers.value = True
    # the template shows the hidden cells while this button is pressed (no style in the page)
    assert ANSWERS_SHOWN_CLASS in tools.answers._dom_classes and "<style" not in tools.key.value
    assert "answers shown" in tools.summary()
    for exercise in exercises:
        assert escape(exercise.answer_text) in tools.key.value
    tools.answers.value = False
    assert tools.key.value == ""


#: The projector view's rules in the kit's style sheet: those whose selector starts from the
#: pressed projector button.
PROJECTOR_CSS = "".join(
    rule
    for rule in re.findall(
        r"[^{}]+\{[^}]*\}", re.sub(r"/\*.*?\*/", "", KIT_CSS.read_text(), flags=re.S)
    )
    if f".{PROJECTOR_CLASS}.mod-active" in rule.split("{")[0]
)


def _css_px(name: str) -> float:
    return float(re.search(rf"{name}:\s*([\d.]+)px", PROJECTOR_CSS)[1])


def test_the_projector_view_keeps_buttons_and_number_fields_readable():
    """Issue 29: 150 % type in ipywidgets' fixed 28 px buttons cut their text (29 px), and the
    number fields shrank to 10 px beside their larger labels. The projector view now sizes the
    widgets through ipywidgets' own variables (type, line height, field and label widths),
    and lets a button grow with its label."""
    font, height = _css_px("--jp-widgets-font-size"), _css_px("--jp-widgets-inline-height")
    width, label = _css_px("--jp-widgets-inline-width"), _css_px("--jp-widgets-inline-label-width")
    assert height >= 1.5 * font  # a line of the larger type fits a button
    assert width - label >= 12 * font  # a number field keeps room for a dozen characters
    rules = re.findall(r"([^{}]+)\{([^}]*)\}", PROJECTOR_CSS)
    for selector, body in rules:
        if "widget-button" in selector or "widget-toggle-button" in selector:
            assert "font-size" not in body and "height: auto" in body
    assert not any("jupyter-widgets" in selector for selector, _ in rules)  # no 150 % × 150 %


def test_the_lessons_ordinary_dice_tree_and_last_die():
    from fractions import Fraction
    from itertools import product

    import pytest

    from martian_kit import FaceCounts
    from martian_kit.classroom import ORDINARY_DIE, last_die_outcomes, two_dice_tree
    from martian_kit.dice import FACE_PROBABILITY
    from martian_kit.errors import RuleError
    from martian_kit.solver.turn import expected_score_solution

    assert {f: Fraction(ORDINARY_DIE.count(f), 6) for f in set(ORDINARY_DIE)} == FACE_PROBABILITY
    tree = two_dice_tree()
    rolls = list(product(ORDINARY_DIE, repeat=2))
    some = [r for r in rolls if "ray" in r]
    assert tree["both_given_one"] == Fraction(some.count(("ray", "ray")), len(some))
    spot = FaceCounts(tank=2, ray=4, human=3, chicken=3)  # a Cow would bring the bonus
    worth = sum(p * points for _, p, points in last_die_outcomes(spot))
    assert abs(expected_score_solution().roll_value(spot) - worth) < 1e-12
    with pytest.raises(RuleError):
        last_die_outcomes(FaceCounts(tank=1))


def test_the_worked_answers_by_independent_routes():
    """The answer key's working (issue 28): its fractions against other routes."""
    from itertools import product
    from math import comb

    from martian_kit.classroom import ORDINARY_DIE, likeliest_working

    work = likeliest_working()
    ratio = [comb(13, k + 1) * 2 ** (12 - k) / (comb(13, k) * 2 ** (13 - k)) for k in range(13)]
    assert [k for k in range(13) if ratio[k] > 1] == [
        k for k in range(13) if k < work["rise_below"]
    ]
    assert work["p4"] == Fraction(comb(13, 4) * 2**9, 3**13) == max(exact_ray_distribution())
    exercises = lesson_exercises()
    assert "P(4) = 366080/1594323 ≈ 22.96%" in exercises[0].working[2]
    tree, last = exercises[6], exercises[7]
    # the tree's answer by counting the 36 rolls of two ordinary dice
    rolls = list(product(ORDINARY_DIE, repeat=2))
    some = [r for r in rolls if "ray" in r]
    assert tree.answer == str(Fraction(some.count(("ray", "ray")), len(some))) == "1/5"
    assert tree.working[1].endswith("= 5/9, or 1 − 4/9.")
    # the last die: the solver's value of rolling, not the engine's face-by-face scores
    from martian_kit.classroom import LAST_DIE_SPOT
    from martian_kit.solver.turn import expected_score_solution

    solution = expected_score_solution()
    assert solution.roll_value(LAST_DIE_SPOT) == pytest.approx(17 / 3, abs=1e-12)
    assert last.answer == "stop" and solution.stop_value(LAST_DIE_SPOT) == 6
    assert "= 17/3 ≈ 5.67 points on average; stopping: 6." in last.working[-1]
    assert str(LAST_DIE_SPOT) == "3 Tanks, 3 Death Rays, 3 Humans, 3 Cows"  # the question's
