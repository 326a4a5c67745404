"""What every app of the notebooks shares: a root widget, a one-line text summary, display.

An app is a plain object holding its widgets; showing it in a notebook shows its root widget,
and its text form (what nbval compares and a terminal prints) is `summary()`, a short sentence
about its current state, so the executed notebooks stay small and deterministic.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

#: CSS classes shared with the browser tests: the main control of a page, and the element
#: whose content changes after using it.
ACTION_CLASS = "kit-action"
OUTPUT_CLASS = "kit-output"


class App:
    """Base of the notebook apps: subclasses build `self.widget` and define `summary()`."""

    widget: w.Widget

    def summary(self) -> str:
        """The app's state in one line."""
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> dict[str, Any]:
        for figure in figures_in(self.widget):
            # what plotly does when a FigureWidget is displayed: send its current traces and
            # layout, including the edits made before it was shown
            figure._repr_mimebundle_()
        data = dict(self.widget._repr_mimebundle_(**kwargs))
        data["text/plain"] = self.summary()
        return data

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {self.summary()}>"


def figures_in(widget: w.Widget) -> list[w.Widget]:
    """Every plotly FigureWidget inside `widget` (searching boxes' children)."""
    if hasattr(widget, "_widget_data"):
        return [widget]
    found = []
    for child in getattr(widget, "children", ()):
        found += figures_in(child)
    return found


def button(description: str, tooltip: str = "", **layout: str) -> w.Button:
    """A button with a label and tooltip, wide enough for its label."""
    width = layout.pop("width", "auto")
    return w.Button(
        description=description, tooltip=tooltip, layout=w.Layout(width=width, **layout)
    )
