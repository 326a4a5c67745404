"""A heatmap's phone form (kit_common/widgets/map_reader.py): one row of the map as labelled
bars, coloured as the map's cells, following the slider and the map."""

from __future__ import annotations

import pytest

from kit_common.widgets.charts import heatmap
from kit_common.widgets.map_reader import NARROW_ONLY, show_map, value_range

Z = [[0.2, None, -0.5], [1.0, 0.25, 0.0]]


def _map(diverging: bool = True):
    return show_map(heatmap(Z, [1, 2, 3], [0, 1], "Map", "across", "down", "gain", diverging),
                    ".2f", row=1)  # fmt: skip


def test_the_row_chosen_is_drawn_as_bars_labelled_with_their_values():
    chart = _map()
    bars = chart.reader.bars
    assert chart.summary() == "chart: Map"
    assert NARROW_ONLY in chart.reader.widget._dom_classes
    assert list(bars.data[0].y) == ["1", "2", "3"]
    assert list(bars.data[0].x) == [1.0, 0.25, 0.0]
    assert list(bars.data[0].text) == ["1.00", "0.25", "0.00"]
    assert bars.layout.title.text == "down: 1"
    chart.reader.rows.value = 0
    # a cell without a value has no bar and no label; a negative one its minus sign
    assert list(bars.data[0].x) == [0.2, None, -0.5]
    assert list(bars.data[0].text) == ["0.20", "", "−0.50"]
    assert bars.layout.title.text == "down: 0"


@pytest.mark.parametrize("diverging", [True, False])
def test_a_bar_has_its_cells_colour(diverging):
    low, high = value_range(Z, diverging)
    assert (low, high) == ((-1.0, 1.0) if diverging else (-0.5, 1.0))
    chart = _map(diverging)
    scale = chart.figure.data[0].colorscale
    colours = chart.reader.bars.data[0].marker.color
    # the highest value (1.0) takes the scale's last colour; in a diverging map 0 its middle
    assert colours[0].replace(" ", "") == _rgb(scale[-1][1])
    if diverging:
        middle = [c for at, c in scale if at == 0.5]
        assert colours[2].replace(" ", "") == _rgb(middle[0])


def _rgb(colour: str) -> str:
    if colour.startswith("#"):
        return "rgb({},{},{})".format(*(int(colour[i : i + 2], 16) for i in (1, 3, 5)))
    return colour.replace(" ", "")


def test_the_bars_follow_the_map():
    chart = _map()
    chart.figure.data[0].z = [[0.5, 0.5, 0.5]]
    chart.figure.data[0].y = [7]
    chart.reader.refresh()  # one row left: the slider goes to it
    assert [label for label, _ in chart.reader.rows.options] == ["7"]
    assert list(chart.reader.bars.data[0].text) == ["0.50"] * 3
