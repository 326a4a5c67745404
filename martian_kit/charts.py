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


def shares(counts: Sequence[int], total: int | None = None) -> list[float | None]:
    """Each count as a share of `total` (default: their sum); None everywhere when the total
    is 0 (nothing seen yet)."""
    total = sum(counts) if total is None else total
    return [c / total if total else None for c in counts]


def exact_vs_observed(
    xs: Sequence[int],
    exact: Sequence[float],
    observed: Sequence[int],
    title: str,
    x_title: str,
    observed_label: str = "",
    total: int | None = None,
) -> go.Figure:
    """Bars of exact probabilities over `xs`, and markers of the share of each x among
    simulated trials (`observed[i]` of `total` trials gave `xs[i]`; `total` defaults to the
    sum, and is larger when some trials fell outside `xs`)."""
    n = sum(observed) if total is None else total
    fig = go.Figure(
        [
            go.Bar(
                x=list(xs), y=list(exact), name=message("chart.exact"), marker_color=EXACT_COLOUR
            ),
            go.Scatter(
                x=list(xs),
                y=shares(observed, n),
                mode="markers",
                marker={"size": 11, "symbol": "diamond", "color": OBSERVED_COLOUR},
                name=observed_label or message("chart.observed", n=n),
            ),
        ]
    )
    fig.update_layout(
        LAYOUT,
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": message("chart.probability"), "rangemode": "tozero"},
    )
    return fig


def count_distribution(
    exact: Sequence[float], observed: Sequence[int], faces: str, rolls_label: str = ""
) -> go.Figure:
    """Bars of the exact probability of each count 0..n of a face, and markers of the share
    of each count among simulated rolls (`observed[k]` rolls showed k of the face)."""
    return exact_vs_observed(
        range(len(exact)),
        exact,
        observed,
        message("chart.count.title", faces=faces),
        message("chart.count.x", faces=faces),
        rolls_label,
    )


def score_race(
    names: Sequence[str],
    rounds: Sequence[Sequence[int]],
    totals: Sequence[Sequence[int]],
    target: int = 25,
) -> go.Figure:
    """A line per player of their total after each of their turns (`rounds[i]` are the rounds
    of player i's turns, `totals[i]` the totals after them), with the target as a dashed
    line."""
    fig = go.Figure()
    for i, name in enumerate(names):
        fig.add_trace(
            go.Scatter(
                x=list(rounds[i]),
                y=list(totals[i]),
                mode="lines+markers",
                name=name,
                line={"color": PLAYER_COLOURS[i % len(PLAYER_COLOURS)], "shape": "hv"},
            )
        )
    fig.add_hline(
        y=target,
        line_dash="dash",
        line_color="#555",
        annotation_text=message("chart.target", target=target),
    )
    fig.update_layout(
        LAYOUT,
        title=message("chart.race.title"),
        xaxis={"title": message("chart.race.x"), "rangemode": "tozero", "dtick": 1},
        yaxis={"title": message("chart.race.y"), "rangemode": "tozero"},
    )
    return fig
