"""The shared chart shapes carry exactly the data and words they are given."""

from __future__ import annotations

from kit_common.widgets import charts


def test_shares_and_colours():
    assert charts.shares([1, 3]) == [0.25, 0.75]
    assert charts.shares([0, 0]) == [None, None]
    assert charts.shares([1, 1], total=4) == [0.25, 0.25]
    assert charts.player_colour(0) == charts.player_colour(len(charts.PLAYER_COLOURS))


def test_exact_vs_observed_numbers_or_categories():
    words = {"exact_label": "exact", "observed_label": "seen", "y_title": "P"}
    fig = charts.exact_vs_observed([1, 2], [0.5, 0.4], [5, 4], "t", "x", total=10, **words)
    assert list(fig.data[0].y) == [0.5, 0.4] and list(fig.data[1].y) == [0.5, 0.4]
    assert [fig.data[0].name, fig.data[1].name] == ["exact", "seen"]
    assert fig.layout.xaxis.dtick == 1 and fig.layout.xaxis.type is None
    assert fig.layout.yaxis.title.text == "P"
    labels = charts.exact_vs_observed(
        ["a", "b"], [1, 0], [0, 0], "t", "x", categories=True, **words
    )
    assert labels.layout.xaxis.type == "category" and list(labels.data[1].y) == [None, None]


def test_lines_and_bars_have_a_trace_per_group_in_player_colours():
    groups = [("a", [0.5, 0.5]), ("b", [1, 0])]
    lines = charts.lines_by_group([0, 1], groups, "t", "x", "y")
    assert [t.name for t in lines.data] == ["a", "b"]
    assert lines.data[1].line.color == charts.PLAYER_COLOURS[1]
    assert lines.layout.yaxis.rangemode == "tozero"
    assert (
        charts.lines_by_group([0], [], "t", "x", "y", y_from_zero=False).layout.yaxis.rangemode
        is None
    )
    bars = charts.grouped_bars([0, 1], groups, "t", "x", "y")
    assert bars.layout.barmode == "group" and list(bars.data[1].y) == [1, 0]


def test_estimates_error_bars_reach_the_interval():
    fig = charts.estimates(["A", "B"], [0.5, 0.2], [(0.4, 0.7), (0.1, 0.25)], "t", "y")
    assert list(fig.data[0].error_y.array) == [0.7 - 0.5, 0.25 - 0.2]
    assert list(fig.data[0].error_y.arrayminus) == [0.5 - 0.4, 0.2 - 0.1]
    assert fig.layout.showlegend is False


def test_heatmap_leaves_missing_cells_blank_and_can_diverge():
    fig = charts.heatmap([[1, None]], [1, 2], [0], "t", "x", "y", "v", diverging=True)
    assert list(fig.data[0].z[0]) == [1, None] and fig.data[0].zmid == 0


def test_span_holds_the_values_and_the_scale_asked_for():
    # before a game's first points: the scale asked for, not Plotly's range around one point
    assert charts.span([], (1, 6), 0.5) == [0.5, 6.5]
    assert charts.span([10], (0, 20)) == [0, 20]
    assert charts.span([-3, 25], (0, 20), 1) == [-4, 26]
