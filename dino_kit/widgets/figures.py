"""Update a plotly `FigureWidget` so that every page view shows the update.

`FigureWidget.batch_update()` sends the changes as messages to the views open *now*; the
widget state a view reads when it opens (`_widget_data`, `_widget_layout`) is only refreshed by
the figure's own display. Our figures are shown inside an app's box, and Voila opens the views
after running every cell, so without a refresh a page would show each chart as first built.
`updating(fig)` batches the changes and then refreshes that state (plotly 6–7 internals).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from copy import deepcopy

import plotly.graph_objects as go


@contextmanager
def updating(figure: go.FigureWidget) -> Iterator[go.FigureWidget]:
    """`with updating(fig): fig.data[0].y = ...` — a batch update every view will show."""
    with figure.batch_update():
        yield figure
    if hasattr(figure, "_widget_data"):
        figure._widget_data = deepcopy(figure._data)
        figure._widget_layout = deepcopy(figure._layout_obj._props)
