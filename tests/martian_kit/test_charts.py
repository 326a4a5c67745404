"""Charts take plain data and return figures whose traces carry exactly that data."""

from __future__ import annotations

from martian_kit import charts


def test_shares():
    assert charts.shares([1, 3]) == [0.25, 0.75]
    assert charts.shares([0, 0]) == [None, None]


def test_count_distribution_traces():
    fig = charts.count_distribution([0.5, 0.5], [3, 1], "Tanks")
    assert list(fig.data[0].y) == [0.5, 0.5]
    assert list(fig.data[1].y) == [0.75, 0.25]
    assert fig.data[1].name == "share in 4 rolls"
    assert fig.layout.title.text == "How many Tanks show among 13 dice"
