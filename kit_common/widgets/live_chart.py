"""A Plotly chart that lives in a widget box and is redrawn in place after every update.

A `LiveChart` is a plain `plotly.graph_objects.Figure` (the same `data`, `layout`,
`batch_update()` API) with a widget, `.widget`, that shows it in JupyterLab and Voila. After
each `batch_update()` the figure is sent as the widget's `figure` state — never printed from
the kernel — so it adds no cell outputs (strict nbval compares none) and a view opened later
(Voila opens views after running every cell) shows the latest data.

Why not plotly's own ways of showing a figure in a page:
- `FigureWidget` (plotly 6+) is an anywidget whose 4.8 MB JavaScript travels with every
  chart's state; pages with several charts took 3.5–18 s and failed with
  "[anywidget] Failed to initialize model" on a busy 2-core machine.
- A figure output drawn by JupyterLab's Plotly renderer loads the full plotly.js (4.8 MB)
  that takes about 1.8 s to evaluate in Chromium here, on every page with a chart.
The widget here is a small anywidget whose view (`static/live_chart.js`) draws with the
partial "cartesian" plotly.js bundle (1.5 MB, about 0.7 s; `tools/update_plotly_bundle.py`).
That library travels once per kernel, as the state of one shared `PlotlyLibrary` widget; under
the kit's app, as the address of a file the app serves (compressed, kept by the browser for
every page: `plotly_library`).

A chart's values travel with it as a table (`kit_common.widgets.chart_values`), which the view
shows under the chart, collapsed, unless the figure writes them all on itself: no value is
read only by hovering, which a phone, a keyboard and a screen reader cannot do.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy
from functools import cache
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import plotly.io as pio
import traitlets

from kit_common.messages import current_language
from kit_common.widgets.chart_values import values_html

try:  # plotly 6+ sends numpy arrays as typed arrays (base64); plotly 5 as lists
    from _plotly_utils.utils import convert_to_base64
except ImportError:  # pragma: no cover - plotly 5

    def convert_to_base64(obj: Any) -> None:
        """plotly 5 writes arrays as lists: nothing to convert."""


STATIC = Path(__file__).with_name("static")
#: The plotly.js the views draw with; its version is plotly.py's own (a test checks).
PLOTLY_BUNDLE = STATIC / "plotly-cartesian.min.js"
#: plotly.js's locale files, for the toolbar's words (tools/update_plotly_bundle.py).
PLOTLY_LOCALES_FILE = STATIC / "plotly-locales.js"
#: The plotly.js locale of each of the kit's languages (English is plotly.js's own).
PLOTLY_LOCALES = {"en": "en", "es": "es", "pt": "pt-BR", "ru": "ru"}
#: No plotly logo; and no "Share chart..." button (plotly.js 4 shows it by default): it would
#: send a page's chart to Plotly's cloud, and the kit's pages send nothing out of the page.
CONFIG = {"displaylogo": False, "responsive": True, "showSendToCloud": False}


def chart_config() -> dict[str, Any]:
    """plotly.js's config for a chart drawn now: the toolbar speaks the current language."""
    return {**CONFIG, "locale": PLOTLY_LOCALES.get(current_language(), "en")}


#: Set by the kit's app (kit_app.py) for its kernels: the address under which it serves this
#: folder (`STATIC`), e.g. "/voila/kit/static/".
ADDRESS_VARIABLE = "KIT_WIDGET_STATIC_URL"


class PlotlyLibrary(w.Widget):
    """A model with no view that carries plotly.js to the page, once for all its charts:
    the bundle's code itself, or, under the kit's app, the address the page fetches it from.
    """

    source = traitlets.Unicode(help="the plotly.js bundle's code").tag(sync=True)
    address = traitlets.Unicode(
        help="where the page fetches the bundle instead (under the kit's app); '' for none"
    ).tag(sync=True)
    locales = traitlets.Unicode(help="plotly.js's locale files' code").tag(sync=True)


@cache
def plotly_library() -> PlotlyLibrary:
    """The kernel's one library model, shared by every chart.

    Under the kit's app (`ADDRESS_VARIABLE` set) the page fetches plotly.js from the app, as
    a file it compresses once (450 kB instead of 1.5 MB) and a browser keeps for every page
    (the address changes with the bundle); elsewhere (JupyterLab, Voila on Binder) the code
    travels in the model's state, 1.5 MB over the kernel's websocket on every page with a
    chart."""
    locales = PLOTLY_LOCALES_FILE.read_text(encoding="utf-8")
    base = os.environ.get(ADDRESS_VARIABLE, "")
    if base:
        digest = hashlib.sha256(PLOTLY_BUNDLE.read_bytes()).hexdigest()[:20]
        address = f"{base.rstrip('/')}/{PLOTLY_BUNDLE.name}?v={digest}"
        return PlotlyLibrary(address=address, locales=locales)
    return PlotlyLibrary(source=PLOTLY_BUNDLE.read_text(encoding="utf-8"), locales=locales)


class ChartWidget(anywidget.AnyWidget):
    """The widget of a LiveChart: its figure as plain JSON, drawn by plotly.js."""

    _esm = STATIC / "live_chart.js"
    figure = traitlets.Dict(help="data, layout and config, as plotly.js reads them").tag(sync=True)
    values = traitlets.Unicode(
        help="the chart's values as HTML (a collapsed table, kit_common.widgets.chart_values), "
        "shown under it; empty when the chart writes them on itself"
    ).tag(sync=True)
    library = traitlets.Instance(PlotlyLibrary).tag(sync=True, **w.widget_serialization)


class LiveChart(go.Figure):
    """A figure with a widget (`.widget`) that always shows its current state."""

    # plotly ships no types: without this, mypy would take `self.data = ()` below for the
    # attribute's type (an empty tuple) and refuse every `chart.data[i]`
    data: Any

    def __init__(self, figure: go.Figure | dict | None = None, **kwargs: Any) -> None:
        super().__init__(figure, **kwargs)
        #: the template last written (`_spec`): a copy, and its JSON
        self._template_written: tuple[Any, str] = (None, "")
        #: the figure (its JSON, its template's, the language) whose values were last
        #: written, and their table (`values_html`)
        self._values_written: tuple[tuple[str, str, str], str] = (("", "", ""), "")
        self._widget = ChartWidget(library=plotly_library())
        self._widget._live_chart = self  # lets an app find the charts inside its boxes
        self.redraw()

    @property
    def widget(self) -> ChartWidget:
        """The widget to put in a box."""
        return self._widget

    def add_class(self, name: str) -> LiveChart:
        """Add a CSS class to the chart's widget (as `Widget.add_class`)."""
        self._widget.add_class(name)
        return self

    @contextmanager
    def batch_update(self) -> Iterator[LiveChart]:
        """Apply the edits made inside the block together, then redraw once."""
        with super().batch_update():
            yield self
        self.redraw()

    def replace_figure(self, figure: go.Figure) -> None:
        """Draw `figure`'s traces and layout instead of the chart's own, in one redraw (for an
        app that builds its figure afresh instead of editing traces)."""
        with self.batch_update():
            self.data = ()
            self.add_traces(figure.data)
            self.layout = figure.layout

    def redraw(self) -> None:
        """Send the figure as it is now to every view of the widget."""
        written, spec = self._spec()
        spec["config"] = chart_config()
        # its table of values again only when the figure changed: an app redraws every chart
        # it holds after each click, most of them unchanged (Dinosaur Island's game: 70 % of
        # a click's time went to writing the same tables again)
        template = self._template_written[1] if self._layout.get("template") is not None else ""
        drawn = (written, template, current_language())
        if drawn != self._values_written[0]:
            self._values_written = (drawn, values_html(self))
        with self._widget.hold_sync():
            self._widget.values = self._values_written[1]
            self._widget.figure = spec

    def _spec(self) -> tuple[str, dict[str, Any]]:
        """The figure as plotly.js reads it (`pio.to_json`'s, numpy arrays as typed arrays),
        and its JSON but the template's; the template written once: the template (the kit's
        fonts, colours and axes, 90 % of a layout's JSON) is the same at every redraw, and
        copying and writing it again made a redraw of the game's chart 5.4 ms instead of 0.5
        (a game redraws it every click)."""
        if self._frame_objs:  # (no kit chart has frames: plotly's own way, whole)
            whole = pio.to_json(self, validate=False)
            return whole, dict(json.loads(whole))
        template = self._layout.get("template")
        layout = {k: deepcopy(v) for k, v in self._layout.items() if k != "template"}
        figure = {"data": deepcopy(self._data), "layout": layout}
        convert_to_base64(figure)
        written = pio.to_json(figure, validate=False)
        spec: dict[str, Any] = json.loads(written)
        if template is not None:
            if template != self._template_written[0]:
                self._template_written = (deepcopy(template), pio.json.to_json_plotly(template))
            template_spec = json.loads(self._template_written[1])
            # in the layout's own order, as plotly writes it
            spec["layout"] = {
                k: template_spec if k == "template" else spec["layout"][k] for k in self._layout
            }
        return written, spec


def charts_in(widget: w.Widget) -> list[LiveChart]:
    """Every LiveChart drawn inside `widget` (searching boxes' children)."""
    chart = getattr(widget, "_live_chart", None)
    if chart is not None:
        return [chart]
    found: list[LiveChart] = []
    for child in getattr(widget, "children", ()):
        found += charts_in(child)
    return found
