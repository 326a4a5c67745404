"""Every text field of the pages' apps takes from a browser at most what the kit reads from it
(issue 30, item 1): a crafted message sending a longer text (a multi-megabyte nickname, room
name or experiment definition) into any of them is not taken, and the app holding it says so
in a sentence, never a traceback (kit_common.widgets.browser_state)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import ipywidgets as w
import pytest

from dino_kit.rooms import ROOM_GAME as DINO
from dino_kit.widgets.together import together_app as dino_together
from kit_common.class_store import ClassStore, TeacherKeys
from kit_common.experiments import Experiment
from kit_common.rooms import RoomStore
from kit_common.widgets import failures
from kit_common.widgets.base import App
from kit_common.widgets.browser_state import TYPED, longest
from kit_common.widgets.class_views import StudentView, TeacherView
from martian_kit.rooms import ROOM_GAME as MARTIAN
from martian_kit.widgets.classroom import ClassExperiment
from martian_kit.widgets.together import together_app as martian_together

DIE = Experiment.from_probabilities(
    "die", "One die", "Roll one die and note its face.", "face", {k: F(1, 6) for k in range(1, 7)}
)


@pytest.fixture
def apps(tmp_path: Path) -> Iterator[dict[str, Callable[[], App]]]:
    """The apps of the pages that show a text field, built as the pages build them, on a
    store in a temporary folder."""
    url = f"sqlite:///{tmp_path / 'classes.sqlite3'}"
    classes = ClassStore(url)
    rooms = RoomStore((MARTIAN, DINO), url)
    keys = TeacherKeys(tmp_path / "teacher_keys.json")
    yield {
        "teacher (classroom/teacher)": lambda: TeacherView(
            {DIE.name: DIE}, lambda: classes, keys, refresh_s=None
        ),
        "student (classroom/student)": lambda: StudentView(
            {DIE.name: DIE}, lambda: classes, random.Random(1), code=""
        ),
        "martian room (martian_dice_together)": lambda: martian_together(
            lambda: rooms, poll_s=None
        ),
        "dino room (dinosaur_island_together)": lambda: dino_together(lambda: rooms, poll_s=None),
        "class experiment (martian page 8)": ClassExperiment,
    }
    classes.dispose()
    rooms.dispose()


def text_fields(app: App) -> list[Any]:
    """Every Text and Textarea inside `app`'s widget."""
    return [part for part in failures.widgets_in(app.widget) if isinstance(part, TYPED)]


def send(widget: w.Widget, **state: Any) -> None:
    """Hand `widget` an update message as its view in the browser would send it."""
    data = {"method": "update", "state": state, "buffer_paths": []}
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def test_every_text_field_of_the_pages_refuses_a_longer_text_in_a_sentence(apps) -> None:
    seen = 0
    for name, make in apps.items():
        app = make()
        failures.register_app(app)  # as showing it on its page does
        fields = text_fields(app)
        assert fields, f"{name} shows no text field: take it off the list"
        for field in fields:
            seen += 1
            most = longest(field, "value")
            before = field.value
            send(field, value="x" * 5_000_000)
            assert field.value == before, f"{name}: {field.description!r} took 5 MB"
            notice = app.notice_line()
            assert notice is not None
            assert f"must be at most {most:,} characters long, got 5,000,000" in notice.value
            assert "Traceback" not in notice.value
            send(field, value="x" * most)  # the longest text the field takes is taken
            assert field.value == "x" * most, f"{name}: {field.description!r}"
    assert seen >= 12


def test_a_fields_bound_is_what_the_kit_reads_of_it(apps) -> None:
    student = apps["student (classroom/student)"]()
    assert longest(student.name, "value") == 240  # 8 x MAX_NICKNAME: NFC may shorten it
    assert longest(student.code_input, "value") == 28  # 4 x CODE_LENGTH, spaces and dashes
    teacher = apps["teacher (classroom/teacher)"]()
    assert longest(teacher.own_title, "value") == 8 * 80
    assert longest(teacher.own_law, "value") == 40_000
