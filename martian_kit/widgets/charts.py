"""Plotly figures for the Martian Dice notebooks. Each function takes plain data (numbers,
lists) and returns a `plotly.graph_objects.Figure`; the widgets wrap one in a `LiveChart` once
and then update its traces in place. The look and the shapes both kits share (and the words-free
`estimates`, `grouped_bars` and `heatmap`, re-exported here) live in `kit_common.widgets.charts`.

Not imported by `import martian_kit` (plotly is heavy)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import accumulate

import plotly.graph_objects as go

from kit_common.messages import number_text
from kit_common.widgets import charts as theme
from kit_common.widgets.charts import (
    EXACT_COLOUR,
    GUIDE_COLOUR,
    OBSERVED_COLOUR,
    estimates,
    grouped_bars,
    heatmap,
    layout,
    player_colour,
    series_line,
    shares,
)
from martian_kit.messages import CATALOGUE, face_message, message

__all__ = [
    "EXACT_COLOUR",
    "OBSERVED_COLOUR",
    "count_distribution",
    "drawn_trials",
    "estimates",
    "exact_vs_observed",
    "grouped_bars",
    "heatmap",
    "lines_by_group",
    "option_values",
    "running_mean",
    "score_race",
    "seat_chances",
    "shares",
]


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
    return theme.exact_vs_observed(
        xs,
        exact,
        observed,
        title,
        x_title,
        exact_label=message("chart.exact"),
        observed_label=observed_label or CATALOGUE.plural("chart.observed.n", n),
        y_title=message("chart.probability"),
        total=n,
    )


def count_distribution(
    exact: Sequence[float], observed: Sequence[int], face: object, rolls_label: str = ""
) -> go.Figure:
    """Bars of the exact probability of each count 0..n of `face` (a `Face` or its value),
    and markers of the share of each count among simulated rolls (`observed[k]` rolls showed
    k of the face)."""
    return exact_vs_observed(
        range(len(exact)),
        exact,
        observed,
        face_message("chart.count.title", face),
        face_message("chart.count.x", face),
        rolls_label,
    )


def score_race(
    names: Sequence[str],
    rounds: Sequence[Sequence[int]],
    totals: Sequence[Sequence[int]],
    target: int = 25,
) -> go.Figure:
    """A line per player of their total after each of their turns (`rounds[i]` are the rounds
    of player i's turns, `totals[i]` the totals after them), each in its own colour, dash and
    marker, with the target as a dashed line. The rounds axis spans the rounds given: a game
    taken up in round 9 starts there."""
    fig = go.Figure()
    for i, name in enumerate(names):
        look = series_line(i)
        fig.add_trace(
            go.Scatter(
                x=list(rounds[i]),
                y=list(totals[i]),
                mode="lines+markers",
                name=name,
                line={**look["line"], "shape": "hv"},
                marker=look["marker"],
            )
        )
    fig.add_hline(
        y=target,
        line_dash="dash",
        line_color=GUIDE_COLOUR,
        annotation_text=message("chart.target", target=target),
    )
    fig.update_layout(
        layout(),
        title=message("chart.race.title"),
        xaxis={"title": message("chart.race.x"), "rangemode": "normal", "dtick": 1},
        yaxis={"title": message("chart.race.y"), "rangemode": "tozero"},
    )
    return fig


#: The options that are not the best, on the options' chart.
OTHER_OPTION_COLOUR = "#8a8a8a"


def option_values(labels: Sequence[str], values: Sequence[float], best: int | None) -> go.Figure:
    """A bar per option with its value written on it; the best option (index `best`) in the
    kit's purple, the others in grey (3.5:1 against the white: every bar is seen)."""
    colours = [EXACT_COLOUR if i == best else OTHER_OPTION_COLOUR for i in range(len(labels))]
    fig = go.Figure(
        [
            go.Bar(
                x=list(labels),
                y=list(values),
                marker_color=colours,
                text=[number_text(v, ".2f") for v in values],
                textposition="outside",
            )
        ]
    )
    fig.update_layout(
        layout(),
        title=message("chart.options.title"),
        # categories from the start: the bars change with every click, from none at all
        xaxis={"type": "category"},
        yaxis={"title": message("chart.options.y"), "rangemode": "tozero"},
        showlegend=False,
    )
    return fig


def lines_by_group(
    xs: Sequence[int], groups: Sequence[tuple[str, Sequence[float]]], title: str, x_title: str
) -> go.Figure:
    """One line per (name, ys) group over `xs`, y as a probability (a percentage in the
    chart's table)."""
    return theme.lines_by_group(
        xs, groups, title, x_title, message("chart.probability"), values="percent"
    )


def running_mean(values: Sequence[float], mean: float, sd: float, title: str) -> go.Figure:
    """The running average of `values` after each trial, the true `mean` as a line, and the
    band mean ± 2·sd/√n where the running average stays about 95% of the time (its edges
    drawn as dotted lines). The chart's table lists them after 1, 2, 5, 10, 20, 50, ... trials
    and the last. The lines are drawn through `drawn_trials` only: on the chart's log axis
    the others would fall less than a pixel apart."""
    averages = [total / n for n, total in enumerate(accumulate(values), 1)]
    listed = [
        n for n in range(1, len(values) + 1) if str(n)[:1] in "125" and set(str(n)[1:]) <= {"0"}
    ]
    xs = drawn_trials(len(values), listed)
    running = [averages[n - 1] for n in xs]
    upper = [mean + 2 * sd / n**0.5 for n in xs]
    edge = {"width": 1, "color": EXACT_COLOUR, "dash": "dot"}
    lower = [mean - 2 * sd / n**0.5 for n in xs]
    fig = go.Figure(
        [
            go.Scatter(x=xs, y=upper, mode="lines", line=edge, showlegend=False),
            go.Scatter(
                x=xs,
                y=lower,
                mode="lines",
                line=edge,
                fill="tonexty",
                fillcolor="rgba(126,87,194,0.15)",
                name=message("chart.band"),
            ),
            go.Scatter(
                x=xs,
                y=running,
                mode="lines",
                name=message("chart.running"),
                line={"color": OBSERVED_COLOUR},
            ),
        ]
    )
    fig.add_hline(y=mean, line_dash="dash", line_color=EXACT_COLOUR)
    fig.update_layout(
        layout(),
        meta={"values": ".2f", "rows": [*listed, len(values)] if len(values) else []},
        title=title,
        xaxis={"title": message("chart.trials"), "type": "log"},
        yaxis={"title": message("chart.average")},
    )
    return fig


#: Every trial count up to this one is drawn; after it, one each time the count grows by
#: `DRAWN_GROWTH` (a log axis a phone's or a page's width wide puts the others under a pixel
#: apart: 5,000 trials are drawn with about 500 points instead of 5,000).
DRAWN_ALL_UP_TO = 100
DRAWN_GROWTH = 1.01


def drawn_trials(count: int, also: Sequence[int] = ()) -> list[int]:
    """The trial counts (1 to `count`) a running average is drawn at: every one up to
    `DRAWN_ALL_UP_TO`, then one each time the count grows by `DRAWN_GROWTH`, the counts in
    `also` (those its table lists) and the last."""
    drawn, n = set(also), 1
    while n <= count:
        drawn.add(n)
        n = n + 1 if n < DRAWN_ALL_UP_TO else max(n + 1, int(n * DRAWN_GROWTH))
    if count:
        drawn.add(count)
    return sorted(n for n in drawn if 1 <= n <= count)


def seat_chances(
    labels: Sequence[str],
    first: Sequence[float],
    title: str,
    first_name: str,
    second_name: str,
    y_title: str,
    category: str = "",
) -> go.Figure:
    """Stacked bars, one per label: the first player's chance to win and the second's (the
    rest), with a line at one half; `category` heads the labels' column in the chart's
    table."""
    fig = go.Figure(
        [
            go.Bar(x=list(labels), y=list(first), name=first_name, marker_color=player_colour(0)),
            go.Bar(
                x=list(labels),
                y=[1 - p for p in first],
                name=second_name,
                marker_color=player_colour(1),
            ),
        ]
    )
    fig.add_hline(y=0.5, line_dash="dot", line_color=GUIDE_COLOUR)
    fig.update_layout(
        layout(),
        meta={"values": "percent", "category": category},
        barmode="stack",
        height=360,
        title=title,
        yaxis={"title": y_title, "range": [0, 1], "tickformat": ".0%"},
    )
    return fig
