"""A chart read without hovering: its values written on it, or as a table beside it.

A Plotly chart tells its exact values only to a pointer that hovers over a bar or a point: a
phone has no hover, and neither has a keyboard or a screen reader. So every chart of the kit
either writes its values on itself (a bar's `text`, a scatter's `mode="...text"`: `labelled`)
or comes with a table of them (`values_table`), which a `LiveChart` sends with its figure and
its view shows under the chart in a collapsed "The chart's numbers" (`details`), the same at
every width. `readability_problems` says what of a figure can be read only by hovering (a
histogram's bins, say, which no table here lists); `colour_problems` which of its colours
carry meaning with less contrast against the chart's white than WCAG asks (1.4.11 for marks,
1.4.3 for text). Tests run both on every chart the kits build.

What a figure may tell the table, in `layout.meta` (plotly.js ignores it):
- `values`: how a value is written, a format for `number_text` (".1f", ".0%") or `"percent"`
  (`chance_percent`: never "0.0%" for a chance that is not 0); a trace's own `meta`
  `{"values": ...}` overrides it for that trace (two axes, two kinds of value);
- `category`: the first column's header when the category axis has no title;
- `rows`: the x values listed, for a long series (every one by default, or every k-th up to
  `MAX_ROWS` and the last).

Not imported by `import kit_common` (plotly is heavy).
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

from kit_common.display import Table, chance_percent
from kit_common.messages import number_text
from kit_common.widgets.charts import BACKGROUND, GRAPHIC_CONTRAST, TEXT_CONTRAST
from kit_common.words import message

#: The class of the table's `details` under a chart (the kit's template and the tests).
VALUES_CLASS = "kit-chart-values"
#: The most rows a long series lists without a `rows` hint.
MAX_ROWS = 30
#: Traces whose values the table can list, and those that carry data at all.
_TABULATED = {"bar", "scatter", "heatmap"}
_DATA = _TABULATED | {"histogram"}
#: What a cell without a value shows.
NO_VALUE = "—"


def _meta(figure: Any) -> dict[str, Any]:
    meta = figure.layout.meta
    return dict(meta) if isinstance(meta, dict) else {}


def _title(title: Any) -> str:
    return str(getattr(title, "text", None) or "")


def _points(trace: Any) -> int:
    """How many values a trace draws."""
    if trace.type == "heatmap":
        return sum(len(row) for row in trace.z or ())
    values = trace.x if trace.type == "histogram" else (trace.y if trace.y is not None else ())
    if trace.type == "bar" and trace.orientation == "h":
        values = trace.x if trace.x is not None else ()
    return len(values)


def data_traces(figure: Any) -> list[Any]:
    """The traces of `figure` that draw values (bars, points, lines, cells), shown ones only."""
    return [
        trace
        for trace in figure.data
        if trace.type in _DATA and trace.visible is not False and _points(trace) > 0
    ]


def labelled(trace: Any) -> bool:
    """Whether a trace writes each of its values on the chart (a bar's or a point's text)."""
    has_text = trace.text is not None or bool(getattr(trace, "texttemplate", None))
    if trace.type == "bar":
        return has_text and trace.textposition != "none"
    if trace.type == "scatter":
        return has_text and "text" in (trace.mode or "")
    if trace.type == "heatmap":
        return bool(trace.texttemplate)
    return False


def needs_table(figure: Any) -> bool:
    """Whether some values of `figure` can be read only by hovering (a table must list them)."""
    return any(not labelled(trace) for trace in data_traces(figure))


def _value_text(value: Any, values: str) -> str:
    if value is None:
        return NO_VALUE
    if isinstance(value, str):
        return value
    if values == "percent":
        return chance_percent(float(value))
    if values:
        return number_text(value, values)
    if float(value).is_integer():
        return number_text(int(value))
    return number_text(value, ".3f" if abs(value) < 10 else ".1f")


def _key_text(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return value if isinstance(value, str) else number_text(value)


def _intervals(trace: Any, axis: str) -> tuple[Sequence[float], Sequence[float]] | None:
    """The trace's error bars as (low offsets, high offsets) by point, when it draws them (read
    once a trace: a plotly property read costs tens of microseconds, a series has thousands)."""
    bars = getattr(trace, f"error_{axis}", None)
    if bars is None or bars.visible is False or bars.array is None:
        return None
    high = tuple(bars.array)
    low = tuple(bars.arrayminus) if bars.arrayminus is not None else high
    return low, high


def _series(trace: Any, values: str) -> tuple[list[Any], int, Callable[[int], str]]:
    """A bar or scatter trace as (its categories, how many of them have a value, the text of
    its value at a place, with its error bars' interval when it has them): written when
    asked, since a table lists a few of a series' thousands of points and a number in another
    language than English costs Babel about 0.1 ms to write."""
    own = trace.meta if isinstance(trace.meta, dict) else {}
    values = str(own.get("values", values))
    horizontal = trace.type == "bar" and trace.orientation == "h"
    keys = list(trace.y if horizontal else (trace.x if trace.x is not None else ()))
    amounts = list(trace.x if horizontal else trace.y)
    if not keys:
        keys = list(range(len(amounts)))
    spreads = _intervals(trace, "x" if horizontal else "y")

    def cell(i: int) -> str:
        amount = amounts[i]
        text = _value_text(amount, values)
        if amount is not None and spreads is not None:
            low, high = amount - spreads[0][i], amount + spreads[1][i]
            text += f" ({_value_text(low, values)} – {_value_text(high, values)})"
        return text

    return keys, min(len(keys), len(amounts)), cell


def _rows_kept(
    keys: list[Any], hint: Sequence[Any] | None, key_text: Callable[[Any], str] = _key_text
) -> list[Any]:
    if hint is not None:
        wanted = {key_text(k) for k in hint}
        return [k for k in keys if key_text(k) in wanted]
    if len(keys) <= MAX_ROWS:
        return keys
    step = -(-len(keys) // MAX_ROWS)
    kept = keys[::step]
    return kept if kept[-1] == keys[-1] else [*kept, keys[-1]]


def _heatmap_table(figure: Any, trace: Any, values: str) -> Table:
    y_title = _title(figure.layout.yaxis.title)
    x_title = _title(figure.layout.xaxis.title)
    xs = list(trace.x) if trace.x is not None else list(range(len(trace.z[0])))
    ys = list(trace.y) if trace.y is not None else list(range(len(trace.z)))
    headers = [f"{y_title} ↓ {x_title} →", *(_key_text(x) for x in xs)]
    rows = [
        [_key_text(y), *(_value_text(v, values) for v in row)]
        for y, row in zip(ys, trace.z, strict=True)
    ]
    return Table(headers, rows)


def _cell_at(places: dict[str, int], cell: Callable[[int], str], text: str) -> str:
    """A column's value for the category written `text`, or `NO_VALUE`."""
    place = places.get(text)
    return NO_VALUE if place is None else cell(place)


def _band(
    keys: list[Any],
    cell: Callable[[int], str],
    edge_places: dict[str, int],
    edge_cell: Callable[[int], str],
    key_text: Callable[[Any], str],
) -> Callable[[int], str]:
    """A band's value at a place: "low – high", its own edge and the other's."""

    def band_cell(i: int) -> str:
        return f"{cell(i)} – {_cell_at(edge_places, edge_cell, key_text(keys[i]))}"

    return band_cell


def values_table(figure: Any) -> Table | None:
    """The table of `figure`'s values: one row per category (x value; y for horizontal bars)
    and one column per named trace (a band drawn by a pair of traces, the second filling to
    the first, as one column of "low – high"); for a heatmap, its rows and columns. None when
    the figure draws no values, or writes them all on itself."""
    traces = data_traces(figure)
    if not traces or not needs_table(figure):
        return None
    meta = _meta(figure)
    values = str(meta.get("values", ""))
    maps = [t for t in traces if t.type == "heatmap"]
    if maps:
        return _heatmap_table(figure, maps[0], values)
    texts: dict[Any, str] = {}

    def key_text(key: Any) -> str:
        """A category's text, written once a table (each trace repeats the categories)."""
        text = texts.get(key)
        if text is None:
            text = texts[key] = _key_text(key)
        return text

    # each named trace: its name, the place of each category's text, its value at a place
    columns: list[tuple[str, dict[str, int], Callable[[int], str]]] = []
    order: list[Any] = []
    seen: set[str] = set()
    previous: tuple[dict[str, int], Callable[[int], str]] | None = None
    previous_name = ""
    shown = {id(t) for t in traces}
    for trace in figure.data:
        if trace.type not in ("bar", "scatter") or id(trace) not in shown:
            continue
        keys, valued, cell = _series(trace, values)
        if getattr(trace, "fill", None) == "tonexty" and previous is not None and not previous_name:
            cell = _band(keys, cell, *previous, key_text)  # the trace before is its other edge
        places = {key_text(key): i for i, key in enumerate(keys[:valued])}
        previous, previous_name = (places, cell), trace.name
        if not trace.name:
            continue
        columns.append((str(trace.name), places, cell))
        for key in keys:
            if key_text(key) not in seen:
                seen.add(key_text(key))
                order.append(key)
    if not columns:
        return None
    if all(not isinstance(k, str) for k in order):
        order.sort()
    horizontal = any(t.type == "bar" and t.orientation == "h" for t in traces)
    axis = figure.layout.yaxis if horizontal else figure.layout.xaxis
    header = _title(axis.title) or str(meta.get("category", ""))
    kept = _rows_kept(order, meta.get("rows"), key_text)
    rows = [
        [key_text(k), *(_cell_at(places, cell, key_text(k)) for _, places, cell in columns)]
        for k in kept
    ]
    return Table([header, *(name for name, _, _ in columns)], rows)


def values_html(figure: Any) -> str:
    """The chart's values as its view shows them under it: the `values_table` in a collapsed
    `details`, or "" when the chart needs none."""
    table = values_table(figure)
    if table is None:
        return ""
    summary = html.escape(message("chart.values"))
    return (
        f"<details class='{VALUES_CLASS}'><summary>{summary}</summary>"
        f"{table._repr_html_()}</details>"
    )


def readability_problems(figure: Any) -> list[str]:
    """What of `figure` a reader could learn only by hovering, one sentence each: a trace that
    neither writes its values nor has them in the chart's table. Empty for a readable chart."""
    table = values_table(figure)
    listed = set(table.headers[1:]) if table is not None else set()
    every = list(figure.data)
    # a band's first edge: the trace after it fills to it, and lists both in its column
    edges = {
        id(trace)
        for trace, after in pairwise(every)
        if getattr(after, "fill", None) == "tonexty" and after.name in listed
    }
    problems = []
    for trace in data_traces(figure):
        if labelled(trace) or id(trace) in edges:
            continue
        if trace.type == "heatmap" and table is not None:
            continue
        if trace.type in ("bar", "scatter") and trace.name and trace.name in listed:
            continue
        problems.append(
            f"a {trace.type} trace {trace.name or '(no name)'!r} of "
            f"{_title(figure.layout.title)!r} can be read only by hovering"
        )
    return problems


_RGB = re.compile(r"rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)")


def rgb(colour: str) -> tuple[float, float, float]:
    """A colour ("#0072B2", "#07b", "rgb(0, 114, 178)", "rgba(...)" blended on the chart's
    white) as red, green and blue from 0 to 255."""
    colour = colour.strip()
    if colour.startswith("#"):
        digits = colour[1:]
        if len(digits) == 3:
            digits = "".join(d * 2 for d in digits)
        return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16))
    found = _RGB.fullmatch(colour)
    if found is None:
        raise ValueError(f"not a colour the charts use: {colour!r}")
    red, green, blue = (float(found.group(i)) for i in (1, 2, 3))
    alpha = float(found.group(4)) if found.group(4) is not None else 1.0
    back = rgb(BACKGROUND)
    return (
        alpha * red + (1 - alpha) * back[0],
        alpha * green + (1 - alpha) * back[1],
        alpha * blue + (1 - alpha) * back[2],
    )


def luminance(colour: str) -> float:
    """WCAG's relative luminance of a colour."""

    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    red, green, blue = (linear(c) for c in rgb(colour))
    return 0.2126 * red + 0.7152 * green + 0.0722 * blue


def contrast(first: str, second: str = BACKGROUND) -> float:
    """WCAG's contrast ratio of two colours (1 to 21), by default against the charts' white."""
    high, low = sorted((luminance(first), luminance(second)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def _colours(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, str):
        return [value]
    if isinstance(value, Sequence) and all(isinstance(v, str) for v in value):
        return list(value)
    return []  # numbers on a colour scale: a heatmap's kind of colour


def colour_problems(figure: Any) -> list[str]:
    """The colours of `figure` that carry meaning with too little contrast against its
    background, one line each: a bar's fill, a line or a marker under `GRAPHIC_CONTRAST` (a
    bar outlined in a dark enough colour is seen by its outline), a text under
    `TEXT_CONTRAST`. A heatmap's cells are not checked: they are told apart from each other
    by a colour-blind-safe scale (Viridis, RdBu), and their values are in the chart's table."""
    back = figure.layout.plot_bgcolor or BACKGROUND
    problems = []

    def check(what: str, colours: list[str], least: float) -> None:
        for colour in dict.fromkeys(colours):
            ratio = contrast(colour, back)
            if ratio < least:
                problems.append(f"{what}: {colour} is {ratio:.2f}:1 (needs {least}:1)")

    for trace in data_traces(figure):
        name = f"{_title(figure.layout.title)!r}, {trace.name or trace.type}"
        if trace.type in ("bar", "histogram"):
            outline = trace.marker.line
            outlined = (outline.width or 0) >= 1 and all(
                contrast(c, back) >= GRAPHIC_CONTRAST for c in _colours(outline.color)
            )
            if not outlined:
                check(f"{name} bars", _colours(trace.marker.color), GRAPHIC_CONTRAST)
        if trace.type == "scatter":
            mode = trace.mode or "lines+markers"
            if "lines" in mode and trace.line.width != 0:
                check(f"{name} line", _colours(trace.line.color), GRAPHIC_CONTRAST)
            elif trace.fill not in (None, "none"):
                check(f"{name} area", _colours(trace.fillcolor), GRAPHIC_CONTRAST)
            if "markers" in mode:
                check(f"{name} markers", _colours(trace.marker.color), GRAPHIC_CONTRAST)
        if labelled(trace) and trace.type != "heatmap":
            check(f"{name} text", _colours(trace.textfont.color), TEXT_CONTRAST)
    fonts = [figure.layout.font.color, figure.layout.template.layout.font.color]
    check(f"{_title(figure.layout.title)!r} text", _colours(next((c for c in fonts if c), None)),
          TEXT_CONTRAST)  # fmt: skip
    for shape in figure.layout.shapes:
        check(f"{_title(figure.layout.title)!r} guide line", _colours(shape.line.color),
              GRAPHIC_CONTRAST)  # fmt: skip
    for note in figure.layout.annotations:
        check(f"{_title(figure.layout.title)!r} note", _colours(note.font.color), TEXT_CONTRAST)
    return problems
