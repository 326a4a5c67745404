"""A heatmap's phone form: one row of the map at a time, its cells drawn as bars with their
values written on them.

A heatmap (`kit_common.widgets.charts.heatmap`) is read by pointing at its cells: on a phone
they are a few pixels wide, and a touch screen has no hover. Under the map, a `RowReader`
offers a slider over the map's rows (its y values) and draws the chosen row as horizontal
bars, one per column, each labelled with its value and coloured as its cell. The kit's Voila
template shows the reader only on a narrow screen (`NARROW_ONLY`); JupyterLab shows it under
the map at any width.

Not imported by `import kit_common` (plotly is heavy).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as w
import plotly.graph_objects as go
from plotly.colors import hex_to_rgb, sample_colorscale

from kit_common.messages import number_text
from kit_common.widgets.base import App
from kit_common.widgets.charts import layout
from kit_common.widgets.live_chart import LiveChart

#: The class the kit's template shows only on a narrow screen (a phone).
NARROW_ONLY = "kit-narrow-only"
#: Height of one bar and its gap (px): a value's label stays readable.
BAR_PX = 24
#: Height of the bars' chart besides its bars: title, axis and margins (px).
FRAME_PX = 150


def _title_text(title: Any) -> str:
    """A layout title's text (a plotly title object, or None)."""
    return str(getattr(title, "text", None) or "")


def _rgb(colour: str) -> str:
    """A colour scale's colour ("#440154" or "rgb(68,1,84)") as plotly's colour sampling
    reads it ("rgb(68, 1, 84)")."""
    if colour.startswith("#"):
        red, green, blue = hex_to_rgb(colour)
        return f"rgb({red}, {green}, {blue})"
    return colour


def value_range(z: Sequence[Sequence[float | None]], diverging: bool) -> tuple[float, float]:
    """The colour range of a map's values, as plotly.js gives its heatmap: from the lowest
    value to the highest, or symmetric around 0 when `diverging`."""
    values = [v for row in z for v in row if v is not None]
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    if diverging:
        edge = max(abs(low), abs(high)) or 1.0
        return -edge, edge
    return low, high


def row_bars(
    values: Sequence[float | None],
    xs: Sequence[object],
    title: str,
    x_title: str,
    value_title: str,
    value_format: str,
    colours: Any,
    colour_range: tuple[float, float],
) -> go.Figure:
    """The cells of one row of a map as horizontal bars, one per column x (the first on top),
    each labelled with its value in `value_format` and coloured by `colours` (the map's colour
    scale over `colour_range`); a cell without a value has no bar and no label."""
    low, high = colour_range
    shown = [0.0 if v is None else v for v in values]
    width = (high - low) or 1.0
    scale = [[at, _rgb(colour)] for at, colour in colours]
    fill = sample_colorscale(scale, [min(1.0, max(0.0, (v - low) / width)) for v in shown])
    fig = go.Figure(
        go.Bar(
            x=list(values),
            y=[str(x) for x in xs],
            orientation="h",
            text=["" if v is None else number_text(v, value_format) for v in values],
            textposition="outside",
            cliponaxis=False,
            marker={"color": fill, "line": {"color": "#555", "width": 0.5}},
            hoverinfo="skip",
        )
    )
    # room for the labels beyond the longest bars, the same for every row
    span = [min(0.0, low) * 1.3, max(0.0, high) * 1.3]
    fig.update_layout(
        layout(),
        title=title,
        height=FRAME_PX + BAR_PX * len(xs),
        showlegend=False,
        xaxis={"title": value_title, "range": span, "zeroline": True, "fixedrange": True},
        yaxis={
            "title": x_title,
            "type": "category",
            "autorange": "reversed",
            "fixedrange": True,
        },
        bargap=0.25,
    )
    return fig


class RowReader:
    """The phone form of a heatmap drawn by `chart` (a LiveChart whose first trace is the
    map): a slider over the map's rows and the chosen row as labelled bars. `refresh()` after
    the map's values (or rows) change."""

    def __init__(self, chart: LiveChart, value_format: str, row: int = 0) -> None:
        self.chart = chart
        self.value_format = value_format
        self.rows = w.SelectionSlider(
            options=self._row_options(),
            value=row,
            description=_title_text(chart.layout.yaxis.title),
            continuous_update=False,
            style={"description_width": "initial"},
        )
        self.rows.add_class("kit-full-width")
        self.bars = LiveChart(self._figure())
        self.rows.observe(lambda _: self._redraw(), names="value")
        self.widget = w.VBox([self.rows, self.bars.widget])
        self.widget.add_class(NARROW_ONLY)

    @property
    def row(self) -> int:
        """The index of the row shown (in the map's y values)."""
        return int(self.rows.value)

    def _ys(self) -> list[Any]:
        return list(self.chart.data[0].y)

    def _row_options(self) -> list[tuple[str, int]]:
        return [(number_text(y), i) for i, y in enumerate(self._ys())]

    def row_values(self) -> list[float | None]:
        """The values of the row shown, one per column of the map."""
        return list(self.chart.data[0].z[self.row])

    def _figure(self) -> go.Figure:
        trace = self.chart.data[0]
        y_title = _title_text(self.chart.layout.yaxis.title)
        diverging = trace.zmid is not None
        return row_bars(
            self.row_values(),
            list(trace.x),
            f"{y_title}: {number_text(self._ys()[self.row])}",
            _title_text(self.chart.layout.xaxis.title),
            _title_text(trace.colorbar.title),
            self.value_format,
            trace.colorscale,
            value_range(trace.z, diverging),
        )

    def _redraw(self) -> None:
        self.bars.replace_figure(self._figure())

    def refresh(self) -> None:
        """Read the map again (its values, or its rows: a slider past the last row goes to
        the last) and redraw the bars."""
        options = self._row_options()
        if [label for label, _ in options] != [label for label, _ in self.rows.options]:
            row = min(self.row, len(options) - 1)
            with self.rows.hold_trait_notifications():
                self.rows.options = options
                self.rows.value = row
        self._redraw()


class MapChart(App):
    """A heatmap with its phone form under it (`RowReader`)."""

    def __init__(self, figure: go.Figure, value_format: str, row: int = 0) -> None:
        meta = figure.layout.meta if isinstance(figure.layout.meta, dict) else {}
        if not meta.get("values"):  # the map's table writes its cells as the reader does
            figure = go.Figure(figure).update_layout(meta={**meta, "values": value_format})
        self.figure = LiveChart(figure)
        self.reader = RowReader(self.figure, value_format, row)
        self.widget = w.VBox([self.figure.widget, self.reader.widget])

    def summary(self) -> str:
        return f"chart: {_title_text(self.figure.layout.title)}"


def show_map(figure: go.Figure, value_format: str, row: int = 0) -> MapChart:
    """`figure` (a heatmap) for the notebook, with its phone form; `value_format` writes a
    cell's value (".0%"), `row` is the row the phone form shows first (its index)."""
    return MapChart(figure, value_format, row)
