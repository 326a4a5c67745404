"""Plotly figures for the notebooks. Each function takes plain data (numbers, lists) and
returns a `plotly.graph_objects.Figure`; the widgets wrap one in a `LiveChart` once and
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


def option_values(labels: Sequence[str], values: Sequence[float], best: int | None) -> go.Figure:
    """A bar per option with its value; the best option (index `best`) highlighted."""
    colours = [EXACT_COLOUR if i == best else "#b0a4d4" for i in range(len(labels))]
    fig = go.Figure(
        [
            go.Bar(
                x=list(labels),
                y=list(values),
                marker_color=colours,
                text=[f"{v:.2f}" for v in values],
                textposition="outside",
            )
        ]
    )
    fig.update_layout(
        LAYOUT,
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
    """One line per (name, ys) group over `xs`, y as a probability."""
    fig = go.Figure(
        [
            go.Scatter(
                x=list(xs),
                y=list(ys),
                mode="lines+markers",
                name=name,
                line={"color": PLAYER_COLOURS[i % len(PLAYER_COLOURS)]},
            )
            for i, (name, ys) in enumerate(groups)
        ]
    )
    fig.update_layout(
        LAYOUT,
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": message("chart.probability"), "rangemode": "tozero"},
    )
    return fig


def heatmap(
    z: Sequence[Sequence[float | None]],
    xs: Sequence[int],
    ys: Sequence[int],
    title: str,
    x_title: str,
    y_title: str,
    value_title: str,
    diverging: bool = False,
) -> go.Figure:
    """A heatmap of `z[i][j]` at (xs[j], ys[i]); None cells are left blank. `diverging`
    centres the colours on 0 (negative red, positive blue)."""
    colours = {"colorscale": "RdBu", "zmid": 0} if diverging else {"colorscale": "Viridis"}
    fig = go.Figure(
        go.Heatmap(
            z=[list(row) for row in z],
            x=list(xs),
            y=list(ys),
            colorbar={"title": {"text": value_title}},
            hoverongaps=False,
            **colours,
        )
    )
    fig.update_layout(
        LAYOUT,
        height=420,
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": y_title, "dtick": 1},
    )
    return fig


def grouped_bars(
    xs: Sequence[int],
    groups: Sequence[tuple[str, Sequence[float]]],
    title: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """Bars side by side: one series per (name, ys) group over `xs`."""
    fig = go.Figure(
        [
            go.Bar(
                x=list(xs),
                y=list(ys),
                name=name,
                marker_color=PLAYER_COLOURS[i % len(PLAYER_COLOURS)],
            )
            for i, (name, ys) in enumerate(groups)
        ]
    )
    fig.update_layout(
        LAYOUT,
        barmode="group",
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": y_title, "rangemode": "tozero"},
    )
    return fig


def estimates(
    names: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    title: str,
    y_title: str,
) -> go.Figure:
    """A bar per name with its estimate and its confidence interval as an error bar."""
    fig = go.Figure(
        go.Bar(
            x=list(names),
            y=list(values),
            marker_color=EXACT_COLOUR,
            error_y={
                "type": "data",
                "symmetric": False,
                "array": [hi - v for v, (_, hi) in zip(values, intervals)],
                "arrayminus": [v - lo for v, (lo, _) in zip(values, intervals)],
            },
        )
    )
    fig.update_layout(
        LAYOUT,
        title=title,
        yaxis={"title": y_title, "rangemode": "tozero"},
        showlegend=False,
    )
    return fig


def running_mean(values: Sequence[float], mean: float, sd: float, title: str) -> go.Figure:
    """The running average of `values` after each trial, the true `mean` as a line, and the
    band mean ± 2·sd/√n where the running average stays about 95% of the time."""
    xs = list(range(1, len(values) + 1))
    running, total = [], 0.0
    for i, v in enumerate(values, 1):
        total += v
        running.append(total / i)
    upper = [mean + 2 * sd / n**0.5 for n in xs]
    lower = [mean - 2 * sd / n**0.5 for n in xs]
    fig = go.Figure(
        [
            go.Scatter(x=xs, y=upper, mode="lines", line={"width": 0}, showlegend=False),
            go.Scatter(
                x=xs,
                y=lower,
                mode="lines",
                line={"width": 0},
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
        LAYOUT,
        title=title,
        xaxis={"title": message("chart.trials"), "type": "log"},
        yaxis={"title": message("chart.average")},
    )
    return fig
