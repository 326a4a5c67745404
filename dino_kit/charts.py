"""Plotly figures for the Dinosaur Island notebooks. Each function takes plain data (numbers,
lists, labels) and returns a `plotly.graph_objects.Figure`; the apps wrap one in a
`LiveChart` once and then update its traces in place inside `batch_update()`.

Not imported by `import dino_kit` (plotly is heavy). The look is the Martian Dice charts'.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from dino_kit.messages import message
from martian_kit.charts import EXACT_COLOUR, LAYOUT, OBSERVED_COLOUR, PLAYER_COLOURS, shares

__all__ = [
    "EXACT_COLOUR",
    "OBSERVED_COLOUR",
    "exact_vs_observed",
    "law_bars",
    "rate_bars",
    "risk_chart",
    "vp_race",
]


def exact_vs_observed(
    labels: Sequence[object],
    exact: Sequence[float],
    observed: Sequence[int],
    title: str,
    x_title: str,
) -> go.Figure:
    """Bars of exact probabilities over `labels`, and diamonds of the share of each label
    among simulated trials (`observed[i]` trials gave `labels[i]`)."""
    n = sum(observed)
    fig = go.Figure(
        [
            go.Bar(x=list(labels), y=list(exact), name=message("chart.exact"),
                   marker_color=EXACT_COLOUR),
            go.Scatter(
                x=list(labels),
                y=shares(observed, n),
                mode="markers",
                marker={"size": 11, "symbol": "diamond", "color": OBSERVED_COLOUR},
                name=message("chart.observed", n=n),
            ),
        ]
    )  # fmt: skip
    fig.update_layout(
        LAYOUT,
        title=title,
        xaxis={"title": x_title, "type": "category"},
        yaxis={"title": message("chart.probability"), "rangemode": "tozero"},
    )
    return fig


def law_bars(
    xs: Sequence[int],
    laws: Sequence[Sequence[float]],
    names: Sequence[str],
    title: str,
    x_title: str,
) -> go.Figure:
    """Grouped bars: one trace per law (`laws[i][j]` = P(xs[j]) under law i)."""
    fig = go.Figure(
        [
            go.Bar(x=list(xs), y=list(law), name=name,
                   marker_color=PLAYER_COLOURS[i % len(PLAYER_COLOURS)])
            for i, (law, name) in enumerate(zip(laws, names))
        ]
    )  # fmt: skip
    fig.update_layout(
        LAYOUT,
        title=title,
        barmode="group",
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": message("chart.probability"), "rangemode": "tozero"},
    )
    return fig


def risk_chart(
    securities: Sequence[int],
    expected_vp: Sequence[float],
    p_eaten: Sequence[float],
    current: int,
) -> go.Figure:
    """Security on x: the expected VP of the round (line, left axis) and P(someone is eaten)
    (dotted, right axis); the current security marked."""
    fig = go.Figure(
        [
            go.Scatter(x=list(securities), y=list(expected_vp), mode="lines+markers",
                       name=message("chart.expected_vp"), line={"color": EXACT_COLOUR}),
            go.Scatter(x=list(securities), y=list(p_eaten), mode="lines+markers",
                       name=message("chart.p_eaten"), yaxis="y2",
                       line={"color": OBSERVED_COLOUR, "dash": "dot"}),
        ]
    )  # fmt: skip
    fig.add_vline(x=current, line_dash="dash", line_color="#555")
    fig.update_layout(
        LAYOUT,
        title=message("chart.risk.title"),
        xaxis={"title": message("chart.security"), "dtick": 1},
        yaxis={"title": message("chart.expected_vp")},
        yaxis2={
            "title": message("chart.p_eaten"),
            "overlaying": "y",
            "side": "right",
            "range": [0, 1.05],
        },
    )
    return fig


def vp_race(names: Sequence[str], rounds: Sequence[int], vps: Sequence[Sequence[int]]) -> go.Figure:
    """A line per player: VP at the start of each round (`vps[k][i]`: player i at
    `rounds[k]`); after the end, the final score."""
    fig = go.Figure(
        [
            go.Scatter(
                x=list(rounds),
                y=[v[i] for v in vps],
                mode="lines+markers",
                name=name,
                line={"color": PLAYER_COLOURS[i % len(PLAYER_COLOURS)]},
            )
            for i, name in enumerate(names)
        ]
    )
    fig.update_layout(
        LAYOUT,
        title=message("chart.race.title"),
        xaxis={"title": message("chart.race.x"), "dtick": 1},
        yaxis={"title": message("chart.race.y")},
    )
    return fig


def rate_bars(
    labels: Sequence[str],
    values: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    title: str,
    y_title: str,
) -> go.Figure:
    """Bars with 95% confidence intervals (error bars from `lows` to `highs`)."""
    fig = go.Figure(
        [
            go.Bar(
                x=list(labels),
                y=list(values),
                marker_color=EXACT_COLOUR,
                error_y={
                    "type": "data",
                    "symmetric": False,
                    "array": [h - v for v, h in zip(values, highs)],
                    "arrayminus": [v - lo for v, lo in zip(values, lows)],
                },
                name=y_title,
            )
        ]
    )
    fig.update_layout(LAYOUT, title=title, yaxis={"title": y_title, "rangemode": "tozero"})
    return fig
