"""The Dinosaur Island charts carry the data they are given."""

from __future__ import annotations

from dino_kit.widgets import charts


def test_exact_vs_observed_shares():
    fig = charts.exact_vs_observed(["a", "b"], [0.25, 0.75], [1, 3], "t", "x")
    assert list(fig.data[0].y) == [0.25, 0.75] and list(fig.data[1].y) == [0.25, 0.75]
    assert "4" in fig.data[1].name
    empty = charts.exact_vs_observed(["a"], [1.0], [0], "t", "x")
    assert list(empty.data[1].y) == [None]


def test_rate_bars_error_bars():
    fig = charts.rate_bars(["A", "B"], [0.5, 0.2], [0.4, 0.1], [0.7, 0.25], "t", "y")
    assert list(fig.data[0].error_y.array) == [0.19999999999999996, 0.04999999999999999]
    assert [round(v, 9) for v in fig.data[0].error_y.arrayminus] == [0.1, 0.1]


def test_vp_race_and_law_bars_and_risk():
    fig = charts.vp_race(["A", "B"], [1, 2, 3], [(10, 10), (12, 9), (30, 20)])
    assert [list(t.y) for t in fig.data] == [[10, 12, 30], [10, 9, 20]]
    bars = charts.law_bars([0, 1], [[0.5, 0.5], [1.0, 0.0]], ["p", "q"], "t", "x")
    assert [t.name for t in bars.data] == ["p", "q"] and bars.layout.barmode == "group"
    risk = charts.risk_chart([1, 2], [-1.0, 2.0], [1.0, 0.0], current=2)
    assert risk.layout.shapes[0].x0 == 2 and risk.data[1].yaxis == "y2"
