"""Plotly figures for the Dinosaur Island notebooks. Each function takes plain data (numbers,
lists, labels) and returns a `plotly.graph_objects.Figure`; the apps wrap one in a
`LiveChart` once and then update its traces in place inside `batch_update()`.

Not imported by `import dino_kit` (plotly is heavy). The look and the shapes both kits share
live in `kit_common.widgets.charts`; the functions here give them Dinosaur Island's words.
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from dino_kit.messages import message
from kit_common.widgets import charts as theme
from kit_common.widgets.charts import EXACT_COLOUR, GUIDE_COLOUR, HEIGHT, OBSERVED_COLOUR, layout

__all__ = [
    "EXACT_COLOUR",
    "OBSERVED_COLOUR",
    "component_balance",
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
    return theme.exact_vs_observed(
        labels,
        exact,
        observed,
        title,
        x_title,
        exact_label=message("chart.exact"),
        observed_label=message("chart.observed", n=sum(observed)),
        y_title=message("chart.probability"),
        categories=True,
    )


def law_bars(
    xs: Sequence[int],
    laws: Sequence[Sequence[float]],
    names: Sequence[str],
    title: str,
    x_title: str,
) -> go.Figure:
    """Grouped bars: one trace per law (`laws[i][j]` = P(xs[j]) under law i)."""
    return theme.grouped_bars(
        xs, list(zip(names, laws)), title, x_title, message("chart.probability"), "percent"
    )


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
                       name=message("chart.expected_vp"), line={"color": EXACT_COLOUR},
                       meta={"values": ".2f"}),
            go.Scatter(x=list(securities), y=list(p_eaten), mode="lines+markers",
                       name=message("chart.p_eaten"), yaxis="y2",
                       line={"color": OBSERVED_COLOUR, "dash": "dot"},
                       marker={"symbol": "diamond"}, meta={"values": "percent"}),
        ]
    )  # fmt: skip
    fig.add_vline(x=current, line_dash="dash", line_color=GUIDE_COLOUR)
    fig.update_layout(
        layout(),
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
    return theme.lines_by_group(
        rounds,
        [(name, [v[i] for v in vps]) for i, name in enumerate(names)],
        message("chart.race.title"),
        message("chart.race.x"),
        message("chart.race.y"),
        y_from_zero=False,
    )


def rate_bars(
    labels: Sequence[str],
    values: Sequence[float],
    lows: Sequence[float],
    highs: Sequence[float],
    title: str,
    y_title: str,
    category: str = "",
) -> go.Figure:
    """Bars with 95% confidence intervals (error bars from `lows` to `highs`); `category`
    heads the labels' column in the chart's table."""
    return theme.estimates(
        labels, values, list(zip(lows, highs)), title, y_title, category=category
    )


#: The balance chart's two series: the winners' parks, and the losers' (5.1:1 and 4.5:1
#: against the white, and green against grey under any colour vision).
WINNERS_COLOUR = "#2e7d32"
LOSERS_COLOUR = "#767676"


def component_balance(
    labels: Sequence[str],
    winners: Sequence[float],
    winners_intervals: Sequence[tuple[float, float]],
    losers: Sequence[float],
    losers_intervals: Sequence[tuple[float, float]],
    title: str,
    kind: str = "",
) -> go.Figure:
    """A balance study of one kind of component (`kind`, the table's first header): per
    component (one row each, the first on top), the share of winners' parks and of losers'
    parks holding it, each with its 95% interval."""

    def bars(
        name: str, xs: Sequence[float], spans: Sequence[tuple[float, float]], colour: str
    ) -> go.Bar:
        return go.Bar(
            y=list(labels),
            x=list(xs),
            name=name,
            orientation="h",
            marker_color=colour,
            error_x=theme.interval_bars(xs, spans),
        )

    fig = go.Figure(
        [
            bars(message("chart.balance.winners"), winners, winners_intervals, WINNERS_COLOUR),
            bars(message("chart.balance.losers"), losers, losers_intervals, LOSERS_COLOUR),
        ]
    )
    fig.update_layout(
        layout(),
        meta={"values": ".0%", "category": kind},
        barmode="group",
        title=title,
        height=balance_height(len(labels)),
        margin={"l": 220, "r": 20, "t": 50, "b": 50},
        xaxis={"title": message("chart.balance.x"), "tickformat": ".0%", "rangemode": "tozero"},
        yaxis={"autorange": "reversed", "automargin": True},
        legend={"orientation": "h", "y": 1.0, "yanchor": "bottom", "x": 1, "xanchor": "right"},
    )
    return fig


def balance_height(rows: int) -> int:
    """The balance chart's height for `rows` components: every label readable."""
    return max(HEIGHT, 120 + 34 * rows)
