"""Long work a click starts can be stopped and is bounded in time (kit_common.widgets
.stoppable; issue 30 item 1): clicks are handled as ipywidgets handles a browser message, the
works sleep between steps (a few tenths of a CPU second for the whole file)."""

from __future__ import annotations

import threading
import time

import ipywidgets as w
import ipywidgets.widgets.widget as widget_module
import pytest

from kit_common.errors import KitError
from kit_common.widgets import failures
from kit_common.widgets.base import OUTPUT_CLASS, App, button
from kit_common.widgets.stoppable import STOP_CLASS, Ended, Outcome, StoppableWork
from kit_common.words import message

STEP_S = 0.01


def click(widget: w.Button) -> None:
    """What a click in the browser makes the kernel do."""
    msg = {"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []}
    widget._handle_msg(msg)


class Counter(App):
    """Counts to `steps` in steps of `STEP_S` seconds (what is counted is kept), with a
    settings slider read at the start."""

    def __init__(
        self, steps: int = 10_000, max_seconds: float = 30.0, fail: Exception | None = None
    ) -> None:
        self.steps, self.fail = steps, fail
        self.go = button("Count")
        self.size = w.IntSlider(value=steps, min=1, max=10_000)
        self.line = w.HTML()
        self.line.add_class(OUTPUT_CLASS)
        self.work = StoppableWork("Counted", [self.go, self.size], max_seconds=max_seconds)
        self.go.on_click(lambda _: self.count())
        self.widget = w.VBox([self.go, self.size, self.work.widget, self.line])
        self.counted: list[int] = []
        self.threads: set[str] = set()
        self.ends: list[Ended] = []
        failures.register_app(self)

    def count(self) -> Ended | None:
        steps, kept = self.size.value, []
        self.counted = kept

        def work(tell) -> int:
            self.threads.add(threading.current_thread().name)
            for i in range(steps):
                if self.fail is not None:
                    raise self.fail
                time.sleep(STEP_S)
                kept.append(i)
                tell(len(kept), steps)
            return len(kept)

        def finish(ended: Ended) -> str | None:
            self.ends.append(ended)
            self.line.value = f"{len(kept)} of {steps}"
            return None if ended.finished else f"{ended.sentence} ({len(kept)} of {steps})"

        return self.work.start(work, finish)

    def summary(self) -> str:
        return self.line.value


def test_a_cell_runs_the_work_at_once_and_hides_the_row():
    app = Counter(steps=5)
    ended = app.count()  # a notebook's own call: here, complete when it returns
    assert ended is not None and ended.outcome is Outcome.FINISHED and ended.result == 5
    assert app.threads == {threading.current_thread().name}
    assert app.line.value == "5 of 5" and app.work.widget.layout.display == "none"
    assert not app.go.disabled and not app.size.disabled and not app.work.running


def test_a_click_runs_in_a_thread_a_stop_click_ends_it_within_a_second_keeping_what_was_done():
    app = Counter()
    assert STOP_CLASS in app.work.stop_button._dom_classes
    click(app.go)  # returns at once: the kernel reads the next message
    assert app.work.running and app.go.disabled and app.size.disabled
    time.sleep(0.15)  # the row shows once the work has taken 0.1 s (a quick one never shows)
    assert app.work.widget.layout.display is None and app.work.stop_button.layout.display is None
    clicked = time.monotonic()
    click(app.work.stop_button)
    ended = app.work.wait(5)
    assert ended is not None and time.monotonic() - clicked < 1.0
    assert app.threads == {"kit-stoppable-work"}
    assert ended.outcome is Outcome.STOPPED and ended.result is None
    kept = len(app.counted)
    assert 1 <= kept < 10_000 and ended.done == kept and ended.total == 10_000
    assert app.line.value == f"{kept} of 10000"  # the games played so far, for instance
    assert message("work.stopped") in app.work.status.value and f"({kept} of 10000)" in (
        app.work.status.value
    )
    assert app.work.widget.layout.display is None and app.work.stop_button.layout.display == "none"
    assert 0 < app.work.bar.value < 1 and app.work.bar.bar_style == "warning"
    assert not app.go.disabled and not app.size.disabled


class Shell:
    """Stands in for the kernel's IPython shell, where ipywidgets sends a callback's error."""

    def showtraceback(self, *args, **kwargs) -> None:
        raise AssertionError("a traceback was to be shown")


def test_a_second_start_is_refused_in_a_sentence_while_one_runs(monkeypatch):
    shell = Shell()
    monkeypatch.setattr(widget_module, "get_ipython", lambda: shell)
    failures.hook_shell(shell)
    app = Counter()
    click(app.go)
    try:
        click(app.go)  # a crafted click on the disabled button: refused, said in the app
        assert message("work.busy") in app.line.value
        with pytest.raises(KitError):
            app.count()
        other = Counter(steps=3)  # another app of the page: one work at a time in a kernel
        with pytest.raises(KitError, match="Another part of this page is working"):
            other.count()
        assert app.ends == other.ends == [] and not other.go.disabled
    finally:
        app.work.stop()
        app.work.wait(5)
    assert len(app.ends) == 1


def test_the_time_bound_ends_a_work_with_a_sentence():
    app = Counter(max_seconds=0.2)
    click(app.go)
    ended = app.work.wait(5)
    assert ended is not None and ended.outcome is Outcome.TIMED_OUT
    assert 0.2 <= ended.seconds < 1.0 and 0 < len(app.counted) < 10_000
    assert message("work.timed_out", seconds=0) in app.work.status.value


@pytest.mark.parametrize(
    "error, said",
    [(KitError("no such set"), "no such set"), (ZeroDivisionError("oops"), message("app.failed"))],
)
def test_a_failing_work_is_said_in_a_sentence(error, said):
    app = Counter(fail=error)
    click(app.go)
    ended = app.work.wait(5)
    assert ended is not None and ended.outcome is Outcome.FAILED
    assert said in app.work.status.value and "Traceback" not in app.work.status.value
    assert not app.go.disabled and not app.work.running
