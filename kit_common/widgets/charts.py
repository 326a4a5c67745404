"""The charts' look and the chart shapes every kit uses: plain data in, a Plotly figure out.

Each builder takes numbers and the words to show (titles, axis and trace labels come from the
calling kit's message catalogue; this module has none), and returns a
`plotly.graph_objects.Figure`; an app wraps it in a `LiveChart` once and then updates its
traces in place. Each kit's own `charts` module builds on these and on `layout()` and the colours,
so every chart of every kit looks alike.

Not imported by `import kit_common` (plotly is heavy).
"""

from __future__ import annotations

from collections.abc import Sequence

import plotly.graph_objects as go

from kit_common.messages import SOURCE_LANGUAGE, current_language, number_symbols

#: One look for every chart.
#: The usual height of a chart (px).
HEIGHT = 340
LAYOUT = {
    "template": "plotly_white",
    "height": HEIGHT,
    "margin": {"l": 60, "r": 20, "t": 50, "b": 50},
    "legend": {"orientation": "h", "y": -0.2},
}


def separators() -> str:
    """plotly.js's `layout.separators` for the current language: its decimal sign, then its
    group separator (",." in Spanish), so that axes and hover labels write numbers as the
    page's sentences do."""
    return "".join(number_symbols())


def layout() -> dict[str, object]:
    """`LAYOUT` in the current language: with its `separators` in any language but English
    (whose figures keep plotly's default, ".,")."""
    if current_language() == SOURCE_LANGUAGE:
        return LAYOUT
    return {**LAYOUT, "separators": separators()}


#: Exact values (bars, the true line) and what a simulation observed (markers, running lines).
EXACT_COLOUR = "#7e57c2"
OBSERVED_COLOUR = "#ef6c00"
#: A colour per player or series, in seat order (repeating after ten).
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


def player_colour(index: int) -> str:
    """The colour of the `index`-th player or series."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def shares(counts: Sequence[int], total: int | None = None) -> list[float | None]:
    """Each count as a share of `total` (default: their sum); None everywhere when the total
    is 0 (nothing seen yet)."""
    total = sum(counts) if total is None else total
    return [c / total if total else None for c in counts]


def exact_vs_observed(
    xs: Sequence[object],
    exact: Sequence[float],
    observed: Sequence[int],
    title: str,
    x_title: str,
    *,
    exact_label: str,
    observed_label: str,
    y_title: str,
    total: int | None = None,
    categories: bool = False,
) -> go.Figure:
    """Bars of exact probabilities over `xs`, and diamonds of the share of each x among
    simulated trials (`observed[i]` of `total` trials gave `xs[i]`; `total` defaults to the
    sum, and is larger when some trials fell outside `xs`). `categories`: the xs are labels
    (in the given order), not numbers."""
    fig = go.Figure(
        [
            go.Bar(x=list(xs), y=list(exact), name=exact_label, marker_color=EXACT_COLOUR),
            go.Scatter(
                x=list(xs),
                y=shares(observed, total),
                mode="markers",
                marker={"size": 11, "symbol": "diamond", "color": OBSERVED_COLOUR},
                name=observed_label,
            ),
        ]
    )
    x_axis = {"type": "category"} if categories else {"dtick": 1}
    fig.update_layout(
        layout(),
        title=title,
        xaxis={"title": x_title, **x_axis},
        yaxis={"title": y_title, "rangemode": "tozero"},
    )
    return fig


def span(values: Sequence[float], at_least: tuple[float, float], pad: float = 0.0) -> list[float]:
    """An axis range that holds every value and the whole of `at_least`, `pad` wider on each
    side: a chart that follows a game fixes its axes with it, so that before the first
    points (or with one) it shows the game's scale, not Plotly's range around a single point
    (rounds −1 to 1, scores 9 to 11)."""
    low = min(at_least[0], *values) if values else at_least[0]
    high = max(at_least[1], *values) if values else at_least[1]
    return [low - pad, high + pad]


def lines_by_group(
    xs: Sequence[int],
    groups: Sequence[tuple[str, Sequence[float]]],
    title: str,
    x_title: str,
    y_title: str,
    y_from_zero: bool = True,
) -> go.Figure:
    """One line with markers per (name, ys) group over `xs`, in the players' colours."""
    fig = go.Figure(
        [
            go.Scatter(
                x=list(xs),
                y=list(ys),
                mode="lines+markers",
                name=name,
                line={"color": player_colour(i)},
            )
            for i, (name, ys) in enumerate(groups)
        ]
    )
    y_axis = {"title": y_title, "rangemode": "tozero"} if y_from_zero else {"title": y_title}
    fig.update_layout(layout(), title=title, xaxis={"title": x_title, "dtick": 1}, yaxis=y_axis)
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
            go.Bar(x=list(xs), y=list(ys), name=name, marker_color=player_colour(i))
            for i, (name, ys) in enumerate(groups)
        ]
    )
    fig.update_layout(
        layout(),
        barmode="group",
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": y_title, "rangemode": "tozero"},
    )
    return fig


def interval_bars(
    values: Sequence[float], intervals: Sequence[tuple[float, float]]
) -> dict[str, object]:
    """Error bars (a trace's `error_y` or `error_x`) from each value to the ends of its
    interval (low, high)."""
    return {
        "type": "data",
        "symmetric": False,
        "array": [high - v for v, (_, high) in zip(values, intervals)],
        "arrayminus": [v - low for v, (low, _) in zip(values, intervals)],
    }


def estimates(
    names: Sequence[str],
    values: Sequence[float],
    intervals: Sequence[tuple[float, float]],
    title: str,
    y_title: str,
) -> go.Figure:
    """A bar per name with its estimate, and its confidence interval (low, high) as an error
    bar."""
    fig = go.Figure(
        go.Bar(
            x=list(names),
            y=list(values),
            marker_color=EXACT_COLOUR,
            error_y=interval_bars(values, intervals),
            name=y_title,
        )
    )
    fig.update_layout(
        layout(),
        title=title,
        yaxis={"title": y_title, "rangemode": "tozero"},
        showlegend=False,
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
        layout(),
        height=420,
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": y_title, "dtick": 1},
    )
    return fig
