"""Showing a plain chart in a notebook: a LiveChart, with its title as its text form (so an
executed notebook stores a short line, not the whole figure)."""

from __future__ import annotations

import plotly.graph_objects as go

from kit_common.messages import SOURCE_LANGUAGE, current_language
from kit_common.widgets.base import App
from kit_common.widgets.charts import separators
from kit_common.widgets.live_chart import LiveChart


class Chart(App):
    """A chart on its own, drawn by a LiveChart (in JupyterLab and in Voila)."""

    def __init__(self, figure: go.Figure) -> None:
        self.figure = LiveChart(figure)
        if current_language() != SOURCE_LANGUAGE and self.figure.layout.separators is None:
            # a figure a page built itself writes its numbers as the page's language does too
            self.figure.update_layout(separators=separators())
        self.widget = self.figure.widget

    def summary(self) -> str:
        return f"chart: {self.figure.layout.title.text}"


def show(figure: go.Figure) -> Chart:
    """`figure` as a chart for the notebook."""
    return Chart(figure)
