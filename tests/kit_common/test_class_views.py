"""The teacher's and the students' views of a class, on a real store (SQLite in a temporary
folder): a class started, joined, rolled, sent and pooled; the teacher's view refreshing by
itself; a retried send counted once; a reopened class; nicknames shown as text."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from fractions import Fraction as F
from pathlib import Path

import pytest

from kit_common.class_store import ClassError, ClassStore, TeacherKeys
from kit_common.errors import InputError
from kit_common.experiments import Experiment
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


def test_bad_typed_outcomes_are_refused_and_nothing_is_added(
    store: ClassStore, tmp_path: Path
) -> None:
    key = teacher_view(store, tmp_path).start()
    student = StudentView(EXPERIMENTS, lambda: store, random.Random(1), code=key.code)
    with pytest.raises(ClassError, match="has not joined"):
        student.roll()
    student.join(key.code, "Bob")
    for typed in ("7", "3 x", "1e3", "0", "99999999999"):
        with pytest.raises(InputError, match="must be one of the experiment's outcomes"):
            student.add_typed(typed)
    with pytest.raises(InputError, match="one send holds 1 to 500 trials, this one has 501"):
        student.add_typed(" ".join(["3"] * 501))
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
