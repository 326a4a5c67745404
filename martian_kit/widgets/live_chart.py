"""A Plotly chart that lives in a widget box and is redrawn in place after every update.

Why not plotly's `FigureWidget`: since plotly 6 it is an anywidget whose 4.8 MB JavaScript
bundle travels with every chart's state, and anywidget gives each chart 2 s to start in the
browser. On a busy 2-core machine (Binder, CI) pages with several charts failed with
"[anywidget] Failed to initialize model", and every chart made the page slower to load. A
`LiveChart` is a plain `plotly.graph_objects.Figure` (the same `data`, `layout`,
`batch_update()` API) drawn in an `ipywidgets.Output` by JupyterLab's and Voila's Plotly
renderer, whose library loads once per page. After each `batch_update()` the figure is sent
again as the Output's state — not printed from the kernel — so it never adds cell outputs
(strict nbval compares none) and a view opened later (Voila) shows the latest data.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go
import plotly.io as pio

PLOTLY_MIMETYPE = "application/vnd.plotly.v1+json"
CONFIG = {"displaylogo": False, "responsive": True}


class LiveChart(go.Figure):
    """A figure with a widget (`.widget`) that always shows its current state."""

    def __init__(self, figure: go.Figure | dict | None = None, **kwargs: Any) -> None:
        super().__init__(figure, **kwargs)
        self._output = w.Output()
        self._output._live_chart = self  # lets an app find the charts inside its boxes
        self.redraw()

    @property
    def widget(self) -> w.Output:
        """The widget to put in a box."""
        return self._output

    def add_class(self, name: str) -> LiveChart:
        """Add a CSS class to the chart's widget (as `Widget.add_class`)."""
        self._output.add_class(name)
        return self

    @contextmanager
    def batch_update(self) -> Iterator[LiveChart]:
        """Apply the edits made inside the block together, then redraw once."""
        with super().batch_update():
            yield self
        self.redraw()

    def redraw(self) -> None:
        """Send the figure as it is now to every view of the widget."""
        spec = json.loads(pio.to_json(self, validate=False))
        spec["config"] = CONFIG
        title = self.layout.title.text or "chart"
        self._output.outputs = (
            {
                "output_type": "display_data",
                "data": {PLOTLY_MIMETYPE: spec, "text/plain": f"<chart: {title}>"},
                "metadata": {},
            },
        )


def charts_in(widget: w.Widget) -> list[LiveChart]:
    """Every LiveChart drawn inside `widget` (searching boxes' children)."""
    chart = getattr(widget, "_live_chart", None)
    if chart is not None:
        return [chart]
    found: list[LiveChart] = []
    for child in getattr(widget, "children", ()):
        found += charts_in(child)
    return found
