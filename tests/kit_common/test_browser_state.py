"""A browser may set only what a person sets through a widget's view (kit_common.widgets
.browser_state): crafted updates of bounds, options, labels or `disabled` change nothing, NaN
and infinity are refused, values stay within the limits the kernel set, and a text longer
than its field takes is refused in a sentence."""

from __future__ import annotations

import math

import ipywidgets as w
import pytest

from kit_common.widgets import failures
from kit_common.widgets.base import OUTPUT_CLASS, App  # importing it installs the filter
from kit_common.widgets.browser_memory import MAX_STORED, SeatMemory
from kit_common.widgets.browser_state import MAX_TEXT, bounded, browser_settable, kept_state
from kit_common.widgets.class_views import PageAddress


def send(widget: w.Widget, **state) -> None:
    """Hand `widget` an update message as its view in the browser would send it."""
    data = {"method": "update", "state": state, "buffer_paths": []}
    widget._handle_msg({"content": {"data": data}, "buffers": []})


def test_a_raised_max_is_not_taken_and_the_value_stays_within_the_kernels_bounds():
    games = w.IntSlider(value=100, min=20, max=600, step=20)
    send(games, max=10**7, value=10**7)
    assert games.max == 600 and games.value == 600


def test_a_value_a_person_sets_is_taken():
    games = w.IntSlider(value=100, min=20, max=600)
    send(games, value=240)
    assert games.value == 240


def test_a_menus_options_and_labels_stay_the_kernels_its_index_moves():
    menu = w.Dropdown(options=[("Roll", "roll"), ("Stop", "stop")], value="roll")
    send(menu, _options_labels=["Roll", "Stop", "Win"], index=1)
    assert menu.value == "stop" and menu.options == (("Roll", "roll"), ("Stop", "stop"))


def test_a_disabled_button_stays_disabled_and_its_text_stays():
    go = w.Button(description="Play", disabled=True)
    send(go, disabled=False, description="Hacked", layout="IPY_MODEL_x")
    assert go.disabled and go.description == "Play"


@pytest.mark.parametrize("bad", [math.nan, math.inf, -math.inf])
def test_nan_and_infinity_are_refused(bad):
    field = w.FloatText(value=1.5)
    send(field, value=bad)
    assert field.value == 1.5
    send(field, value=2.25)
    assert field.value == 2.25


def test_a_message_with_nothing_a_person_sets_changes_nothing():
    box = w.VBox([w.HTML("a")])
    before = box.get_state()
    send(box, children=[], box_style="danger")
    assert box.get_state() == before


def test_the_kernel_still_changes_anything():
    games = w.IntSlider(value=100, min=20, max=600)
    games.max = 1000
    games.value = 900
    assert (games.max, games.value) == (1000, 900)


def test_a_kit_widget_names_what_its_view_reports():
    address = PageAddress()
    assert browser_settable(address) == {"href"}
    send(address, href="http://127.0.0.1:8866/voila/render/classroom/student.ipynb?class=X")
    assert address.href.endswith("?class=X")
    assert kept_state(address, {"href": "x", "_esm": "alert(1)"}) == ({"href": "x"}, ["_esm"])


class Form(App):
    """A text field, bounded or not, and the line its app speaks in."""

    def __init__(self, field: w.Widget) -> None:
        self.field = field
        self.line = w.HTML("ready")
        self.line.add_class(OUTPUT_CLASS)
        self.widget = w.VBox([field, self.line])
        failures.register_app(self)

    def summary(self) -> str:
        return "a form"


def test_a_text_longer_than_its_field_takes_is_not_taken_and_the_app_says_so():
    form = Form(bounded(w.Text(value="Ann", description="Nickname"), 30))
    sent: list[dict] = []
    form.field._send = lambda msg, buffers=None: sent.append(msg)  # what goes to the browser
    send(form.field, value="x" * 31)
    assert form.field.value == "Ann"
    assert "Nickname: must be at most 30 characters long, got 31: not taken" in form.line.value
    # the browser is sent the kernel's value back, so the field shows what the kernel holds
    assert sent[-1]["method"] == "update" and sent[-1]["state"] == {"value": "Ann"}
    send(form.field, value="x" * 30)
    assert form.field.value == "x" * 30


def test_a_multi_megabyte_text_into_any_text_field_is_refused():
    form = Form(w.Textarea(description="Notes"))  # no bound of its own: MAX_TEXT
    send(form.field, value="x" * 5_000_000)
    assert form.field.value == ""
    assert f"Notes: must be at most {MAX_TEXT:,} characters long" in form.line.value
    send(form.field, value="y" * MAX_TEXT)
    assert form.field.value == "y" * MAX_TEXT


def test_a_refused_text_leaves_the_rest_of_the_message_taken():
    field = bounded(w.Text(value="a", description="Code"), 5)
    send(field, value="x" * 6, description="Hacked")
    assert (field.value, field.description) == ("a", "Code")


def test_a_displayed_texts_value_is_not_a_persons_to_set():
    for shown in (w.HTML("<p>the class's results</p>"), w.Label("3 trials")):
        before = shown.value
        send(shown, value="<script>alert(1)</script>")
        assert shown.value == before


def test_what_a_browser_says_it_keeps_is_bounded():
    memory = SeatMemory()
    send(memory, stored="{" + " " * MAX_STORED + "}")
    assert memory.stored == ""
    address = PageAddress()
    send(address, href="http://h/" + "a" * 10_000)
    assert address.href == ""
