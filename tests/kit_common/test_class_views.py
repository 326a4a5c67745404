"""The teacher's and the students' views of a class, on a real store (SQLite in a temporary
folder): a class started, joined, rolled, sent and pooled; the teacher's view refreshing by
itself; a retried send counted once; a reopened class; nicknames shown as text."""

from __future__ import annotations

import json
import random
import time
import tracemalloc
from collections.abc import Iterator
from fractions import Fraction as F
from pathlib import Path

import pytest

from kit_common.class_store import ClassError, ClassStore, TeacherKeys
from kit_common.errors import InputError
from kit_common.experiments import Experiment, Trial
from kit_common.widgets.class_views import (
    StudentView,
    TeacherView,
    code_from_query,
    join_url,
    qr_svg,
)

DIE = Experiment.from_probabilities(
    "die", "One die", "Roll one die and note its face.", "face", {k: F(1, 6) for k in range(1, 7)}
)
EXPERIMENTS = {DIE.name: DIE}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ClassStore]:
    opened = ClassStore(f"sqlite:///{tmp_path / 'classes.sqlite3'}")
    yield opened
    opened.dispose()


def teacher_view(store: ClassStore, tmp_path: Path, refresh_s: float | None = None) -> TeacherView:
    keys = TeacherKeys(tmp_path / "teacher_keys.json")
    return TeacherView(EXPERIMENTS, lambda: store, keys, refresh_s=refresh_s)


def test_the_join_link_and_its_qr_code(monkeypatch: pytest.MonkeyPatch) -> None:
    request = {
        "SERVER_NAME": "192.168.1.20",
        "SERVER_PORT": "8866",
        "SCRIPT_NAME": "/voila/render/classroom/teacher.ipynb",
    }
    assert join_url("ABC2345", request) == (
        "http://192.168.1.20:8866/voila/render/classroom/student.ipynb?class=ABC2345"
    )
    told = {**request, "KIT_CLASS_URL": "https://school.example/student.ipynb"}
    assert join_url("ABC2345", told) == "https://school.example/student.ipynb?class=ABC2345"
    assert join_url("ABC2345", {}) == "student.ipynb?class=ABC2345"
    # a kernel that ran the page before the request knows the address from the browser
    page = "http://10.0.0.5:8866/voila/render/classroom/teacher.ipynb?lang=en#top"
    assert join_url("ABC2345", {}, page) == (
        "http://10.0.0.5:8866/voila/render/classroom/student.ipynb?class=ABC2345"
    )
    assert join_url("ABC2345", told, page).startswith("https://school.example/")
    assert code_from_query({}, "http://h/voila/render/classroom/student.ipynb?class=ab2c") == "ab2c"
    assert code_from_query({"QUERY_STRING": "class=abc2345&lang=es"}) == "abc2345"
    assert code_from_query({}) == ""
    svg = qr_svg("student.ipynb?class=ABC2345")
    assert svg.startswith("<svg") and "<path" in svg


def test_a_class_is_started_joined_sent_and_pooled(store: ClassStore, tmp_path: Path) -> None:
    teacher = teacher_view(store, tmp_path)
    assert teacher.summary() == "class: none started yet"
    assert teacher.reset_button.disabled
    key = teacher.start()
    assert key.code in teacher.code.value and "<svg" in teacher.code.value
    assert "kit-class-code" in teacher.code._dom_classes
    assert "0 trials pooled from 0 of 0 students." in teacher.pooled.value
    student = StudentView(EXPERIMENTS, lambda: store, random.Random(5), code=key.code.lower())
    student.join(student.code_input.value, "<b>Ann</b>")
    assert "&lt;b&gt;Ann&lt;/b&gt;" in student.about.value and "<b>Ann" not in student.about.value
    rolled = [student.roll() for _ in range(3)]
    student.add_typed("6, 6")
    assert student.summary() == f"student in class {key.code}: 5 trials to send"
    assert student.send()
    assert "Sent: 5 trials." in student.status.value
    pooled = teacher.refresh()
    assert pooled is not None and pooled.trials == 5
    assert "5 trials pooled from 1 of 1 students." in teacher.pooled.value
    assert sorted(o for o, n in pooled.counts for _ in range(n)) == sorted([*rolled, 6, 6])
    assert teacher.summary() == f"class {key.code}: 5 trials pooled"
    assert "Too few trials yet" in teacher.pooled.value


def test_the_student_page_takes_the_code_from_its_address(store: ClassStore) -> None:
    student = StudentView(EXPERIMENTS, lambda: store, random.Random(4), code="")
    assert student.code_input.value == ""
    student.address.href = "http://10.0.0.5:8866/voila/render/classroom/student.ipynb?class=X2Y3"
    assert student.code_input.value == "X2Y3"
    typed = StudentView(EXPERIMENTS, lambda: store, random.Random(4), code="")
    typed.code_input.value = "TYPED22"  # what the student typed stays
    typed.address.href = "http://h/student.ipynb?class=OTHER"
    assert typed.code_input.value == "TYPED22"


def test_a_student_whose_tab_closed_is_the_same_student_again(store: ClassStore) -> None:
    teacher = store.start_class(DIE.name, DIE.outcomes)
    link = f"http://h/voila/render/classroom/student.ipynb?class={teacher.code}"

    def page(seed: int, kept: str = "") -> StudentView:
        view = StudentView(EXPERIMENTS, lambda: store, random.Random(seed), code="")
        view.memory.stored = kept
        view.address.href = link
        return view

    first = page(1)
    ann = first.join(first.code_input.value, "Ann")
    first.roll()
    first.send()
    kept = first.memory.keep
    assert json.loads(kept) == {teacher.code: {"name": "Ann", "token": ann.token}}
    # the phone slept and the tab closed: the same browser opens the link, Ann is back
    again = page(2, kept)
    assert again.student == ann and "Ann" in again.about.value
    again.roll()
    again.send()
    assert sum(store.student_counts(ann).values()) == 2
    # another phone, the same nickname: refused; a browser claiming Ann's place: refused
    with pytest.raises(ClassError, match="If that is you, come back from the phone"):
        page(3).join(teacher.code, "Ann")
    forged = page(4, json.dumps({teacher.code: {"name": "Ann", "token": "forged"}}))
    assert forged.student is None and "If that is you" in forged.status.value
    assert store.pooled(teacher.code).joined == 1


def test_bad_typed_outcomes_are_refused_and_nothing_is_added(
    store: ClassStore, tmp_path: Path
) -> None:
    key = teacher_view(store, tmp_path).start()
    student = StudentView(EXPERIMENTS, lambda: store, random.Random(1), code=key.code)
    with pytest.raises(ClassError, match="has not joined"):
        student.roll()
    student.join(key.code, "Bob")
    for typed in ("7", "3 x", "1e3", "0", "99999999999", "3x", "7x2", "3x-1", "3x99999"):
        with pytest.raises(InputError, match="must be one of the experiment's outcomes"):
            student.add_typed(typed)
    with pytest.raises(InputError, match="one send holds 1 to 500 trials, this one has 501"):
        student.add_typed(" ".join(["3"] * 501))
    with pytest.raises(InputError, match="this one has 501"):
        student.add_typed("3x500 4")
    # a tally of thousands is refused as it is read, before any list of them is made
    tracemalloc.start()
    with pytest.raises(InputError, match="one send holds 1 to 500 trials, this one has 9999"):
        student.add_typed("3x9999 " * 700)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 2_000_000
    assert student.pending == []
    assert not student.send()  # nothing to send
    assert "Nothing to send yet" in student.status.value


def test_a_send_retried_after_a_lost_answer_counts_once(
    store: ClassStore, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = teacher_view(store, tmp_path).start()
    student = StudentView(EXPERIMENTS, lambda: store, random.Random(2), code=key.code)
    student.join(key.code, "Cid")
    student.add_typed("1 2 3")
    stored = store.send

    def stored_but_answer_lost(*args: object) -> object:
        stored(*args)  # type: ignore[arg-type]
        raise ClassError("unavailable", "the network dropped the answer")

    monkeypatch.setattr(store, "send", stored_but_answer_lost)
    with pytest.raises(ClassError, match="network"):
        student.send()
    monkeypatch.setattr(store, "send", stored)
    assert student.send()  # the same batch, the same key
    assert "had arrived already: it counts once" in student.status.value
    assert store.pooled(key.code).trials == 3


def test_the_teachers_view_refreshes_by_itself(store: ClassStore, tmp_path: Path) -> None:
    teacher = teacher_view(store, tmp_path, refresh_s=0.05)
    try:
        key = teacher.start()
        student = StudentView(EXPERIMENTS, lambda: store, random.Random(3), code=key.code)
        student.join(key.code, "Dee")
        student.add_typed("4 4 4 4")
        student.send()
        sent = time.monotonic()
        while "4 trials pooled from 1 of 1 students." not in teacher.pooled.value:
            assert time.monotonic() - sent < 2, "the projector did not show the send within 2 s"
            time.sleep(0.01)
    finally:
        teacher.stop()


def test_a_class_is_reopened_by_its_code_on_the_computer_that_started_it(
    store: ClassStore, tmp_path: Path
) -> None:
    first = teacher_view(store, tmp_path)
    key = first.start()
    first.close()
    assert not store.info(key.code).is_open
    again = teacher_view(store, tmp_path)  # the page was restarted
    assert again.reopen(key.code.lower()) == key
    assert store.info(key.code).is_open and key.code in again.code.value
    csv_text = again.export()
    assert (
        csv_text.startswith("class,experiment,student") and "download=" in again.export_link.value
    )
    elsewhere = TeacherView(EXPERIMENTS, lambda: store, TeacherKeys(tmp_path / "other.json"))
    with pytest.raises(ClassError, match="was not started on this computer"):
        elsewhere.reopen(key.code)
    assert (tmp_path / "teacher_keys.json").stat().st_mode & 0o077 == 0  # the owner's only


def _send(store: ClassStore, code: str, nickname: str, typed: str) -> StudentView:
    student = StudentView(EXPERIMENTS, lambda: store, random.Random(7), code=code)
    student.join(code, nickname)
    student.add_typed(typed)
    assert student.send()
    return student


def test_the_projector_chart_shows_the_class_against_the_law(
    store: ClassStore, tmp_path: Path
) -> None:
    teacher = teacher_view(store, tmp_path)
    assert teacher.chart.widget.layout.display == "none"  # no class yet
    key = teacher.start()
    assert teacher.chart.widget.layout.display == ""
    shown = teacher.chart.shown()
    assert shown["outcomes"] == [1, 2, 3, 4, 5, 6] and shown["class_name"] == "The class (0 trials)"
    assert shown["exact"] == [1 / 6] * 6 and shown["exact_text"] == ["17%"] * 6
    assert shown["class_text"] == [""] * 6
    top = shown["y_range"]
    assert top == [0, 0.25]  # 1.4 x 1/6 rounded up to 5%
    _send(store, key.code, "Ann", "6 6 6 1")  # shares 1/4 and 3/4: the axis grows to hold them
    teacher.refresh()
    shown = teacher.chart.shown()
    assert (
        shown["class"] == [0.25, 0, 0, 0, 0, 0.75] and shown["class_name"] == "The class (4 trials)"
    )
    assert shown["class_text"] == ["25%", "0%", "0%", "0%", "0%", "75%"]
    assert shown["y_range"] == [0, 0.85]  # 1.12 x 3/4 rounded up to 5%
    _send(store, key.code, "Bob", "1 2 3 4 5 2 3 4 5 1 2 3 4 5 1 2 3 4 5 6")
    teacher.refresh()
    assert teacher.chart.shown()["y_range"] == [0, 0.85]  # it does not shrink back
    teacher.reset()
    assert teacher.chart.shown()["y_range"] == [0, 0.25]  # a reset starts afresh
    assert figure_redraws_once_per_refresh(teacher)


def figure_redraws_once_per_refresh(teacher: TeacherView) -> bool:
    sent: list[object] = []
    teacher.chart.chart.widget.observe(lambda change: sent.append(change["new"]), "figure")
    key = teacher.key
    assert key is not None
    _send(teacher.store(), key.code, "Cy", "3")
    teacher.refresh()
    teacher.refresh()  # nothing changed: nothing redrawn
    return len(sent) == 1


def test_the_export_offers_the_handout_of_the_class_results(
    store: ClassStore, tmp_path: Path
) -> None:
    teacher = teacher_view(store, tmp_path)
    key = teacher.start()
    # 60 trials: 5, 10, 10, 10, 10, 15 against 10 expected each
    typed = "1 " * 5 + "2 " * 10 + "3 " * 10 + "4 " * 10 + "5 " * 10
    _send(store, key.code, "<script>alert(1)</script>", typed)
    _send(store, key.code, "Bea", "6 " * 15)
    teacher.export()
    links = teacher.export_link.value
    assert f"download='class-{key.code}.csv'" in links
    assert f"download='class-{key.code}-handout.html'" in links
    handout = teacher.handout()
    assert handout.startswith("<!DOCTYPE html>") and "<script" not in handout
    assert "alert" not in handout and "Bea" not in handout  # nothing of a student
    assert (
        "<h1>One die: the class&#x27;s results</h1>" in handout and f"Class {key.code}" in handout
    )
    assert "60 trials pooled from 2 of 2 students." in handout
    # by hand: chi-square = (25 + 0 + 0 + 0 + 0 + 25) / 10 = 5 with 5 degrees of freedom,
    # p = P(chi2(5) >= 5) = 2 (1 - Phi(sqrt 5)) + sqrt(10 / pi) exp(-2.5) (1 + 5 / 3) = 0.4159
    assert "Chi-square: 5.00 with 5 degrees of freedom; p-value 0.416." in handout
    assert "nothing here says that the class's results disagree" in handout
    assert "<td>1</td><td>5</td><td>8.33%</td><td>16.67%</td><td>10.0</td>" in handout
    assert "<td>6</td><td>15</td><td>25.00%</td><td>16.67%</td><td>10.0</td>" in handout
    # mean (5 + 20 + 30 + 40 + 50 + 90) / 60 = 3.92 against 7/2
    assert "Mean seen: 3.92; exact mean: 7/2 ≈ 3.50." in handout
    assert handout.count("<rect") == 6 + 6 + 2  # the class's bars, the law's, the legend


def test_a_roll_on_screen_shows_its_picture_until_the_send(store: ClassStore) -> None:
    pictured = Experiment.from_probabilities(
        "die-drawn",
        "One die, drawn",
        "Roll one die.",
        "face",
        {k: F(1, 6) for k in range(1, 7)},
        play=lambda rng: Trial(k := rng.randint(1, 6), f"<svg aria-label='{k}'></svg>"),
    )
    key = store.start_class(pictured.name, pictured.outcomes)
    student = StudentView({pictured.name: pictured}, lambda: store, random.Random(8), key.code)
    student.join(key.code, "Eve")
    outcome = student.roll()
    assert student.picture.value == f"<svg aria-label='{outcome}'></svg>"
    assert "kit-class-picture" in student.picture._dom_classes
    student.send()
    assert student.picture.value == ""


def test_the_teachers_handout_works_the_questions_from_the_class_results(
    store: ClassStore, tmp_path: Path
) -> None:
    from math import comb, sqrt

    from kit_common.class_handout import discussion_key, exact_text, number_or_fraction

    teacher = teacher_view(store, tmp_path)
    key = teacher.start()
    typed = "1 " * 5 + "2 " * 10 + "3 " * 10 + "4 " * 10 + "5 " * 10  # and 15 sixes: 60 trials
    _send(store, key.code, "Ann", typed)
    _send(store, key.code, "Bea", "6 " * 15)
    assert "class's results, the teacher" not in teacher.handout()  # the students' version
    teacher.export()
    assert f"download='class-{key.code}-handout-teacher.html'" in teacher.export_link.value
    handout = teacher.handout(teacher=True)
    assert handout.index("To discuss") < handout.index("For the teacher: the questions worked")
    assert "The class saw 6 most often: 15 of its 60 trials." in handout
    assert "expects 1, 2, 3, 4, 5, 6 equally often" in handout and "1/6 ≈ 16.67% each" in handout
    assert "farthest from the exact probability at 1: 8.33% seen" in handout
    # one trial's "1 or not" has variance 1/6 × 5/6 = 5/36; by an independent route, the
    # variance of the share of 60 trials summed over the binomial law, exactly
    p, n = F(1, 6), 60
    spread = sum((F(k, n) - p) ** 2 * comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1))
    answers = discussion_key(
        teacher.experiment.compare({1: 5, 2: 10, 3: 10, 4: 10, 5: 10, 6: 15}), 2
    )
    assert answers is not None and answers.variance / n == spread == F(5, 36) / 60
    assert f"√(5/36 ÷ 60) ≈ {100 * sqrt(spread):.2f}%" in handout
    assert answers.error_twice == pytest.approx(answers.error / sqrt(2))
    # two students sent: 30 trials each, whose share strays √2 times as far as the class's
    assert "A student alone with 30 trials (the class's 60 shared among the 2 students" in handout
    # a turn's score law has fractions of 100 digits: written as decimals
    long = F(10**30, 3 * 10**30 + 1)
    assert exact_text(long) == "33.33%" and exact_text(F(1, 6)) == "1/6 ≈ 16.67%"
    assert number_or_fraction(long) == "0.3333" and number_or_fraction(F(5, 36)) == "5/36"
    assert "√(5/36 ÷ 30) ≈ 6.80%, 1.4 times the class's 4.81%" in handout


def test_a_teachers_own_experiment_is_a_definition_the_students_page_builds(
    store: ClassStore, tmp_path: Path
) -> None:
    """The teacher types an experiment the kit does not know; the class keeps its definition;
    a student's page that offers no such experiment builds it from the store, draws its trials
    from the exact law, takes typed ones, and shows them beside the class's and the law."""
    teacher = teacher_view(store, tmp_path)
    teacher.own_title.value = "Two coins"
    teacher.own_trial.value = "Toss two coins."
    teacher.own_outcome.value = "heads"
    teacher.own_law.value = "0: 1/4\n1 = 1/3\n2: 1/4"  # adds up to 5/6
    with pytest.raises(  # refused in a sentence (what and where); no class started
        InputError,
        match="The outcomes and their probabilities: the probabilities add up to 5/6, not to 1:"
        " 1/6 is missing",
    ):
        teacher.start_own()
    teacher.own_law.value = "0: 1/4\n1: 1/2\n2: 1/4"
    teacher.own_trial.value = " "
    with pytest.raises(InputError, match="One trial: write 1 to 300 characters"):
        teacher.start_own()
    assert teacher.key is None
    teacher.own_trial.value = "Toss two coins."
    teacher.own_law.value = "0: 1/4\n1: 2/4\n\n2: 1/4\n"
    teacher.own_button.click()
    assert teacher.key is not None and teacher.experiment is not None
    key = teacher.key
    assert teacher.experiment.name == "own-two-coins"
    assert "Two coins: Toss two coins." in teacher.code.value
    stored = store.info(key.code).definition
    assert stored is not None and stored["law"] == [[0, "1/4"], [1, "1/2"], [2, "1/4"]]
    student = StudentView({}, lambda: store, random.Random(3), code=key.code)
    student.join(key.code, "Ann")
    assert student.experiment == teacher.experiment  # built from the definition, equal
    outcome = student.roll()
    assert outcome in (0, 1, 2) and student.picture.value == ""
    assert student.add_typed("2x2 0×1 1x0") == [2, 2, 0]  # a tally: 2 twice, 0 once
    assert student.send() and store.pooled(key.code).trials == 4
    assert "<th>heads</th><th>You</th>" in student.results.value
    assert "<td>1.0</td>" in student.results.value  # expected 4 × 1/4 beside the counts
    teacher.refresh()
    assert "4 trials pooled from 1 of 1 students." in teacher.pooled.value
    assert "heads" in teacher.handout() and "Two coins" in teacher.handout()
    assert teacher.export().count("own-two-coins") == 4  # the CSV: one row a trial
    # the teacher's page restarted: the class reopens by its code, built from the store
    keys = TeacherKeys(tmp_path / "teacher_keys.json")
    again_teacher = TeacherView({}, lambda: store, keys, refresh_s=None)
    again_teacher.reopen(key.code)
    assert again_teacher.experiment == teacher.experiment
    # the same name with another law is not the page's own experiment of that name
    other = Experiment.from_probabilities("own-two-coins", "x", "y", "z", [F(1, 2), F(1, 2)])
    again = StudentView({other.name: other}, lambda: store, code=key.code)
    again.join(key.code, "Bob")
    assert again.experiment == teacher.experiment
