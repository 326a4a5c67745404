"""Showing a plain chart in a notebook: a LiveChart, with its title as its text form (so an
executed notebook stores a short line, not the whole figure)."""

from __future__ import annotations

import plotly.graph_objects as go

from kit_common.widgets.base import App
from kit_common.widgets.live_chart import LiveChart


class Chart(App):
    """A chart on its own, drawn by a LiveChart (in JupyterLab and in Voila)."""

    def __init__(self, figure: go.Figure) -> None:
        self.figure = LiveChart(figure)
        self.widget = self.figure.widget

    def summary(self) -> str:
        return f"chart: {self.figure.layout.title.text}"


def show(figure: go.Figure) -> Chart:
    """`figure` as a chart for the notebook."""
    return Chart(figure)
