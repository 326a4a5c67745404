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

from kit_common.messages import SOURCE_LANGUAGE, current_language, number_symbols, number_text

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


#: The background every chart is drawn on (plotly_white's paper and plot area; a test checks).
BACKGROUND = "#ffffff"
#: Least contrast against `BACKGROUND` of a bar, line or marker that carries meaning (WCAG
#: 1.4.11, non-text contrast) and of a chart's text (WCAG 1.4.3).
GRAPHIC_CONTRAST = 3.0
TEXT_CONTRAST = 4.5

#: Exact values (bars, the true line) and what a simulation observed (markers, running lines):
#: 5.2:1 and 3.1:1 against the white, told apart by hue under every colour vision deficiency
#: and by shape (bars and diamonds).
EXACT_COLOUR = "#7e57c2"
OBSERVED_COLOUR = "#ef6c00"
#: Lines and marks that are not data (a target, a half, the current choice).
GUIDE_COLOUR = "#555555"
#: A colour per player or series, in seat order (repeating after eight): Okabe and Ito's
#: colour-blind-safe palette, its three light colours (orange, sky blue, yellow; 1.5-2.3:1
#: against the white) replaced by Paul Tol's indigo and wine, black and a dark brown, so that
#: each is at least 3:1 against the chart's white (tests/kit_common/test_chart_colours.py
#: checks that, and that any two stay apart under simulated protanopia, deuteranopia and
#: tritanopia). The lines of a series also differ by marker and dash (`SYMBOLS`, `DASHES`),
#: so that colour is never the only way to tell them apart.
PLAYER_COLOURS = (
    "#0072B2",
    "#D55E00",
    "#009E73",
    "#CC79A7",
    "#332288",
    "#AA3377",
    "#000000",
    "#5D4037",
)
#: A marker and a dash per series, in the same order as the colours.
SYMBOLS = ("circle", "square", "diamond", "triangle-up", "x", "star", "cross", "hexagon")
DASHES = ("solid", "dash", "dot", "dashdot", "longdash", "longdashdot", "solid", "dash")


def player_colour(index: int) -> str:
    """The colour of the `index`-th player or series."""
    return PLAYER_COLOURS[index % len(PLAYER_COLOURS)]


def series_line(index: int) -> dict[str, dict[str, object]]:
    """The look of the `index`-th series drawn as a line with markers: its colour, dash and
    marker symbol (`Scatter(**series_line(i))`)."""
    return {
        "line": {"color": player_colour(index), "dash": DASHES[index % len(DASHES)]},
        "marker": {"symbol": SYMBOLS[index % len(SYMBOLS)], "size": 8},
    }


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
    (in the given order), not numbers. The chart's table writes both as percentages."""
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
        meta={"values": "percent"},
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
    values: str = "",
) -> go.Figure:
    """One line with markers per (name, ys) group over `xs`, in the players' colours, dashes
    and markers; `values` writes a value in the chart's table (`chart_values`: a format, or
    "percent")."""
    fig = go.Figure(
        [
            go.Scatter(x=list(xs), y=list(ys), mode="lines+markers", name=name, **series_line(i))
            for i, (name, ys) in enumerate(groups)
        ]
    )
    y_axis = {"title": y_title, "rangemode": "tozero"} if y_from_zero else {"title": y_title}
    fig.update_layout(
        layout(),
        meta={"values": values},
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis=y_axis,
    )
    return fig


def grouped_bars(
    xs: Sequence[int],
    groups: Sequence[tuple[str, Sequence[float]]],
    title: str,
    x_title: str,
    y_title: str,
    values: str = "",
) -> go.Figure:
    """Bars side by side: one series per (name, ys) group over `xs`; `values` writes a value
    in the chart's table (`chart_values`: a format, or "percent")."""
    fig = go.Figure(
        [
            go.Bar(x=list(xs), y=list(ys), name=name, marker_color=player_colour(i))
            for i, (name, ys) in enumerate(groups)
        ]
    )
    fig.update_layout(
        layout(),
        meta={"values": values},
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
    value_format: str = ".2f",
    category: str = "",
) -> go.Figure:
    """A bar per name with its estimate, and its confidence interval (low, high) as an error
    bar; the chart's table writes each as "estimate (low – high)" in `value_format`, under
    the header `category` for the names."""
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
        meta={"values": value_format, "category": category},
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
    values: str = "",
) -> go.Figure:
    """A heatmap of `z[i][j]` at (xs[j], ys[i]); None cells are left blank. `diverging`
    centres the colours on 0 (negative red, positive blue). `values` writes a cell in the
    chart's table (`chart_values`), its one form a keyboard, a screen reader or a phone
    reads (with `map_reader`'s rows on a phone)."""
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
        meta={"values": values},
        height=420,
        title=title,
        xaxis={"title": x_title, "dtick": 1},
        yaxis={"title": y_title, "dtick": 1},
    )
    return fig


def counts_by_range(
    groups: Sequence[tuple[str, Sequence[float]]],
    width: int,
    title: str,
    x_title: str,
    y_title: str,
) -> go.Figure:
    """A histogram of each (name, values) group drawn as bars side by side, one per range of
    `width` whole numbers ("20–24"), each labelled with its count: its bins are the kit's,
    so that every count is written on the chart (plotly's own histogram bins in the browser,
    where only hovering tells the counts)."""
    seen = [int(v) for _, vs in groups for v in vs]
    low = (min(seen) // width) * width if seen else 0
    high = max(seen) if seen else 0
    starts = list(range(low, high + 1, width))
    labels = [f"{number_text(a)}–{number_text(a + width - 1)}" for a in starts]
    bars = []
    for i, (name, vs) in enumerate(groups):
        counts = [sum(1 for v in vs if a <= int(v) < a + width) for a in starts]
        bars.append(
            go.Bar(
                x=labels,
                y=counts,
                name=name,
                marker_color=player_colour(i),
                text=[number_text(c) for c in counts],
                textposition="outside",
                cliponaxis=False,
            )
        )
    fig = go.Figure(bars)
    fig.update_layout(
        layout(),
        barmode="group",
        title=title,
        xaxis={"title": x_title, "type": "category"},
        yaxis={"title": y_title, "rangemode": "tozero"},
    )
    return fig
