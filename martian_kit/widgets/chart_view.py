"""Showing a plain chart in a notebook: one FigureWidget, with its title as its text form (so
an executed notebook stores a short line, not the whole figure)."""

from __future__ import annotations

import plotly.graph_objects as go

from martian_kit.widgets.base import App


class Chart(App):
    """A chart shown as a FigureWidget (interactive in JupyterLab and Voila)."""

    def __init__(self, figure: go.Figure) -> None:
        self.figure = go.FigureWidget(figure)
        self.widget = self.figure

    def summary(self) -> str:
        return f"chart: {self.figure.layout.title.text}"


def show(figure: go.Figure) -> Chart:
    """`figure` as a FigureWidget for the notebook."""
    return Chart(figure)
