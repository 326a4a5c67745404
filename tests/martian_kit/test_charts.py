"""Charts take plain data and return figures whose traces carry exactly that data."""

from __future__ import annotations

from itertools import pairwise

import numpy as np

from kit_common.widgets.chart_view import show
from martian_kit.widgets import charts


def test_shares():
    assert charts.shares([1, 3]) == [0.25, 0.75]
    assert charts.shares([0, 0]) == [None, None]


def test_count_distribution_traces():
    fig = charts.count_distribution([0.5, 0.5], [3, 1], "tank")
    assert list(fig.data[0].y) == [0.5, 0.5]
    assert list(fig.data[1].y) == [0.75, 0.25]
    assert fig.data[1].name == "share in 4 rolls"
    assert fig.layout.title.text == "How many Tanks show among 13 dice"


def test_score_race_has_a_line_per_player_and_the_target():
    fig = charts.score_race(["A", "B"], [[0, 1], [0]], [[0, 7], [0]], target=25)
    assert [t.name for t in fig.data] == ["A", "B"]
    assert list(fig.data[0].y) == [0, 7]
    assert fig.layout.shapes[0].y0 == 25
    late = charts.score_race(["A"], [[8, 9]], [[23, 27]])
    assert late.layout.xaxis.rangemode == "normal"  # a game taken up late: no empty rounds 0-7


def test_exact_vs_observed_uses_the_given_total():
    fig = charts.exact_vs_observed([1, 2], [0.5, 0.4], [5, 4], "t", "x", total=10)
    assert list(fig.data[1].y) == [0.5, 0.4]


def test_option_values_highlight_the_best():
    fig = charts.option_values(["Stop", "Roll"], [3.0, 5.4], 1)
    assert fig.data[0].marker.color[1] == charts.EXACT_COLOUR
    assert list(fig.data[0].text) == ["3.00", "5.40"]


def test_running_mean_and_band():
    fig = charts.running_mean([2, 4, 6], 4.0, 2.0, "t")
    assert list(fig.data[2].y) == [2.0, 3.0, 4.0]
    assert fig.data[0].y[3 - 1] == 4.0 + 2 * 2.0 / 3**0.5


def test_heatmap_grouped_bars_estimates():
    assert list(charts.heatmap([[1, None]], [1, 2], [0], "t", "x", "y", "v").data[0].z[0]) == [
        1,
        None,
    ]
    fig = charts.grouped_bars([0, 1], [("a", [0.5, 0.5]), ("b", [1, 0])], "t", "x", "y")
    assert len(fig.data) == 2 and fig.layout.barmode == "group"
    est = charts.estimates(["a"], [0.5], [(0.4, 0.7)], "t", "y")
    assert est.data[0].error_y.array[0] - 0.2 < 1e-12 and est.data[0].error_y.arrayminus[0] > 0.09


def test_chart_view_text_is_the_title():
    shown = show(charts.count_distribution([1.0], [1], "tank"))
    bundle = shown._repr_mimebundle_()
    assert bundle["text/plain"] == "chart: How many Tanks show among 13 dice"
    assert "application/vnd.jupyter.widget-view+json" in bundle


def test_a_long_running_mean_is_drawn_through_fewer_points_at_its_exact_values():
    # 5,000 rolls of 13 dice, as page 8 draws them: about a tenth of the points, each the
    # average of the rolls so far (summed here one by one), the table's rows among them
    draws = [(7 * k * k + 3 * k) % 14 for k in range(5000)]
    fig = charts.running_mean(draws, 13 / 3, (26 / 9) ** 0.5, "t")
    xs = list(fig.data[2].x)
    assert 400 < len(xs) < 600 and xs[:100] == list(range(1, 101)) and xs[-1] == 5000
    assert all(b / a <= 1.0101 for a, b in pairwise(xs[100:]))  # no gap over 1 %
    assert set(fig.layout.meta["rows"]) <= set(xs)
    for n, average in zip(xs, fig.data[2].y):
        assert abs(average - sum(draws[:n]) / n) < 1e-12
    assert [len(trace.x) for trace in fig.data] == [len(xs)] * 3
    assert charts.drawn_trials(3) == [1, 2, 3] and charts.drawn_trials(0) == []
    # numpy's draws as they come from a generator, not only a list
    assert list(charts.running_mean(np.array([2, 4, 6]), 4.0, 2.0, "t").data[2].y) == [2, 3, 4]
