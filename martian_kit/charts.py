"""Plotly figures for the notebooks. Each function takes plain data (numbers, lists) and
returns a `plotly.graph_objects.Figure`; the widgets wrap one in a `FigureWidget` once and
then update its traces in place.

Not imported by `import martian_kit` (plotly is heavy)."""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from martian_kit.messages import message

#: One look for every chart of the kit.
LAYOUT = {
    "template": "plotly_white",
    "height": 340,
    "margin": {"l": 60, "r": 20, "t": 50, "b": 50},
    "legend": {"orientation": "h", "y": -0.2},
}
EXACT_COLOUR = "#7e57c2"
OBSERVED_COLOUR = "#ef6c00"
PLAYER_COLOURS = (
    "#1f77b4",
    "#d62728",
    "#2ca02c",
    "#9467bd",
    "#ff7f0e",
    "#8c564b",
    "#e377c2",
    "#7f7f7f",
    "#bcbd22",
    "#17becf",
)


def shares(counts: Sequence[int]) -> list[float | None]:
    """Each count as a share of their sum (None everywhere when the sum is 0: nothing seen)."""
    total = sum(counts)
    return [c / total if total else None for c in counts]


def count_distribution(
    exact: Sequence[float], observed: Sequence[int], faces: str, rolls_label: str = ""
) -> go.Figure:
    """Bars of the exact probability of each count 0..n of a face, and markers of the share
    of each count among simulated rolls (`observed[k]` rolls showed k of the face)."""
    xs = list(range(len(exact)))
    n = sum(observed)
    fig = go.Figure(
        [
            go.Bar(x=xs, y=list(exact), name=message("chart.exact"), marker_color=EXACT_COLOUR),
            go.Scatter(
                x=xs,
                y=shares(observed),
                mode="markers",
                marker={"size": 11, "symbol": "diamond", "color": OBSERVED_COLOUR},
                name=rolls_label or message("chart.observed", n=n),
            ),
        ]
    )
    fig.update_layout(
        LAYOUT,
        title=message("chart.count.title", faces=faces),
        xaxis={"title": message("chart.count.x", faces=faces), "dtick": 1},
        yaxis={"title": message("chart.probability"), "rangemode": "tozero"},
    )
    return fig
