"""A failing widget action says a sentence in its app, never a traceback (kit_common.widgets
.failures): the browser message is handled as ipywidgets handles it, with a stand-in IPython
shell recording what would have gone to the browser."""

from __future__ import annotations

import ipywidgets as w
import ipywidgets.widgets.widget as widget_module
import pytest

from kit_common.errors import KitError, RuleError
from kit_common.widgets import failures
from kit_common.widgets.base import OUTPUT_CLASS, App, button


class RecordingShell:
    """Stands in for the kernel's IPython shell: records the tracebacks it is asked to show."""

    def __init__(self) -> None:
        self.tracebacks: list[str] = []

    def showtraceback(self, *args, **kwargs) -> None:
        self.tracebacks.append("shown")


class Clicker(App):
    """A button whose click raises what `error` says, and a kit-output line."""

    def __init__(self, error: Exception, with_output_line: bool = True) -> None:
        self.error = error
        self.go = button("Go")
        self.go.on_click(lambda _: self.fail())
        self.line = w.HTML("ready")
        if with_output_line:
            self.line.add_class(OUTPUT_CLASS)
        self.widget = w.VBox([w.HBox([self.go]), self.line])

    def fail(self) -> None:
        raise self.error

    def summary(self) -> str:
        return "a clicker"


@pytest.fixture
def shell(monkeypatch) -> RecordingShell:
    recording = RecordingShell()
    monkeypatch.setattr(widget_module, "get_ipython", lambda: recording)
    failures.hook_shell(recording)
    return recording


def click(button_widget: w.Button) -> None:
    """What a click in the browser makes the kernel do."""
    msg = {"content": {"data": {"method": "custom", "content": {"event": "click"}}}, "buffers": []}
    button_widget._handle_msg(msg)


def shown(app: App) -> App:
    failures.register_app(app)
    return app


def test_a_refused_click_says_the_rule_in_the_app_and_shows_no_traceback(shell, monkeypatch):
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    app = shown(Clicker(RuleError("no-roll", "you must set dice aside first")))
    click(app.go)
    assert shell.tracebacks == []
    assert "you must set dice aside first" in app.line.value
    assert "kit-notice" in app.line.value


def test_a_notice_is_escaped_html():
    app = shown(Clicker(KitError("<b>bold</b>")))
    app.show_notice("<script>x</script>")
    assert "<script>" not in app.line.value and "&lt;script&gt;" in app.line.value


def test_a_bug_in_a_voila_kernel_is_logged_and_the_app_says_a_generic_sentence(
    shell, monkeypatch, capfd
):
    monkeypatch.setenv("VOILA_KERNEL_ID", "a-kernel")
    # the server's log writes to the stderr it found first: under pytest, that of the first
    # test that logged (test_stoppable's); this test's capture needs one of its own
    monkeypatch.setattr(failures.log, "handlers", [])
    app = shown(Clicker(ZeroDivisionError("division by zero")))
    click(app.go)
    assert shell.tracebacks == []
    assert failures.message("app.failed") in app.line.value.replace("&#x27;", "'")
    assert "ZeroDivisionError" not in app.line.value
    assert "ZeroDivisionError: division by zero" in capfd.readouterr().err  # the server's log


def test_a_bug_in_jupyterlab_shows_its_traceback(shell, monkeypatch):
    monkeypatch.delenv("VOILA_KERNEL_ID", raising=False)
    monkeypatch.delenv("VOILA_PREHEAT", raising=False)
    app = shown(Clicker(ZeroDivisionError("division by zero")))
    click(app.go)
    assert shell.tracebacks == ["shown"]
    assert app.line.value == "ready"


def test_a_bad_state_value_in_a_voila_kernel_shows_no_traceback(shell, monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "a-kernel")
    slider = w.IntSlider(value=1, min=0, max=5)
    app = shown(Clicker(KitError("unused")))
    app.widget.children = (*app.widget.children, slider)
    update = {"method": "update", "state": {"value": "not a number"}}
    slider._handle_msg({"content": {"data": update}, "buffers": []})
    assert shell.tracebacks == []
    assert slider.value == 1


def test_an_app_without_an_output_line_gets_one_for_its_notice(shell):
    app = shown(Clicker(RuleError("no", "not now"), with_output_line=False))
    click(app.go)
    assert "not now" in app.widget.children[-1].value
    assert app.line.value == "ready"


def test_outside_widget_messages_tracebacks_are_shown_as_always(shell, monkeypatch):
    monkeypatch.setenv("VOILA_KERNEL_ID", "a-kernel")
    try:
        raise RuleError("no", "a cell of the notebook failed")
    except RuleError:
        shell.showtraceback()
    assert shell.tracebacks == ["shown"]
