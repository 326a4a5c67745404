"""What every app of the notebooks shares: a root widget, a one-line text summary, display.

An app is a plain object holding its widgets; showing it in a notebook shows its root widget,
and its text form (what nbval compares and a terminal prints) is `summary()`, a short sentence
about its current state, so the executed notebooks stay small and deterministic.

An action the kit refuses (a `KitError` raised by a callback) is said in the app's own line,
`show_notice`; importing this module installs that handling for every widget message
(`kit_common.widgets.failures`), so no app wraps its callbacks itself and no traceback
reaches a page's visitor.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

import ipywidgets as w

from kit_common.widgets import browser_state, failures
from kit_common.widgets.live_chart import charts_in
from kit_common.widgets.style import with_kit_style

#: CSS classes shared with the browser tests: the main control of a page, and the element
#: whose content changes after using it.
ACTION_CLASS = "kit-action"
OUTPUT_CLASS = "kit-output"
#: The class of a row of controls that wraps onto the next line on a narrow screen (kit.css).
WRAP_CLASS = "kit-wrap"
#: The class of a button, toggle or checkbox as wide as its label (kit.css).
FIT_CLASS = "kit-fit"

BoxT = TypeVar("BoxT", bound=w.Box)


class App:
    """Base of the notebook apps: subclasses build `self.widget` and define `summary()`."""

    widget: w.Widget

    def summary(self) -> str:
        """The app's state in one line."""
        raise NotImplementedError

    def show_notice(self, sentence: str) -> None:
        """Say `sentence` (plain text, e.g. why an action was refused) in the app's line:
        its `kit-output` text, or else a line added under the app; the app's next update
        replaces it."""
        line = self.notice_line()
        if line is not None:
            line.value = failures.notice_html(sentence)

    def notice_line(self) -> w.HTML | None:
        """Where `show_notice` speaks: the first HTML widget of the app carrying
        `OUTPUT_CLASS`; else a line added at the bottom of its root box (None without one)."""
        for part in failures.widgets_in(self.widget):
            if isinstance(part, w.HTML) and OUTPUT_CLASS in part._dom_classes:
                return part
        added = getattr(self, "_notice", None)
        if added is None and isinstance(self.widget, w.Box):
            added = self._notice = w.HTML()
            self.widget.children = (*self.widget.children, added)
        return added

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        failures.register_app(self)
        if isinstance(self.widget, w.Box):
            with_kit_style(self.widget)  # the kit's style sheet comes with the app
        for chart in charts_in(self.widget):
            chart.redraw()  # edits made outside `updating` since the last draw show too
        shown = self.widget._repr_mimebundle_(**kwargs)
        # An anywidget answers (data, metadata); ipywidgets answer the data alone.
        data = dict(shown[0] if isinstance(shown, tuple) else shown)
        data["text/plain"] = self.summary()
        return data

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.summary()}>"


@contextmanager
def updating(figure: Any) -> Iterator[Any]:
    """`with updating(chart): chart.data[0].y = ...` — edits drawn together once the block ends
    (a `LiveChart` redraws after its batch update)."""
    with figure.batch_update():
        yield figure


failures.install()
browser_state.install()


def button(description: str, tooltip: str = "") -> w.Button:
    """A button with a label and tooltip, as wide as its label (`FIT_CLASS`)."""
    made = w.Button(description=description, tooltip=tooltip)
    made.add_class(FIT_CLASS)
    return made


def wrapping(box: BoxT) -> BoxT:
    """`box`, its children set in a row that wraps onto the next line on a narrow screen
    (`WRAP_CLASS`)."""
    box.add_class(WRAP_CLASS)
    return box
