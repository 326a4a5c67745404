"""Every chart read without hovering, in colours that stand out (issue 27): the values' table
of a chart (kit_common/widgets/chart_values.py) against the numbers it was built from, the
readability and contrast checks on every chart shape the kits build, and the palette
(kit_common/widgets/charts.py) against WCAG's contrast and simulated colour vision
deficiencies. The pages' charts, as shown, are checked in the browser's first visits
(tests/browser/test_phone_pages.py)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from fractions import Fraction
from functools import cache

import plotly.graph_objects as go
import plotly.io as pio
import pytest

from dino_kit.widgets import charts as dino_charts
from kit_common.messages import set_language
from kit_common.widgets import charts
from kit_common.widgets.chart_values import (
    VALUES_CLASS,
    colour_problems,
    contrast,
    readability_problems,
    rgb,
    values_html,
    values_table,
)
from kit_common.widgets.class_chart import ClassChart
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.map_reader import row_bars
from martian_kit.odds import face_count_distribution
from martian_kit.widgets import charts as martian_charts


@cache
def _ray_law() -> list[float]:
    return [float(p) for p in face_count_distribution(13, "ray")]


#: One figure of every chart shape the kits draw, with data, each built by its test (not at
#: import: both test workers import this module, and building every figure took 2.5 s).
_CHARTS: dict[str, Callable[[], go.Figure]] = {
    "count": lambda: martian_charts.count_distribution(_ray_law(), [3, 5, 9, 0], "ray"),
    "race": lambda: martian_charts.score_race(
        ["A", "B", "C", "D", "E", "F"],
        [[1, 2]] * 6,
        [[3, 9], [0, 7], [2, 2], [5, 8], [1, 1], [0, 4]],
    ),
    "options": lambda: martian_charts.option_values(["stop", "roll"], [3.0, 3.5], 1),
    "running": lambda: martian_charts.running_mean(
        [4, 5, 3, 6, 4] * 30, 13 / 3, (26 / 9) ** 0.5, "t"
    ),
    "seats": lambda: martian_charts.seat_chances(
        ["a", "b"], [0.48, 0.55], "t", "1st", "2nd", "y", "End"
    ),
    "overtake": lambda: martian_charts.lines_by_group(
        range(1, 4), [("m=0", [0.1, 0.2, 0.3])], "t", "x"
    ),
    "grouped": lambda: charts.grouped_bars(
        range(3), [("g", [0.1, 0.2, 0.7])], "t", "x", "p", "percent"
    ),
    "estimates": lambda: charts.estimates(
        ["a", "b"], [0.3, 0.7], [(0.2, 0.4), (0.6, 0.8)], "t", "s"
    ),
    "heatmap": lambda: charts.heatmap(
        [[0.1, -0.2], [0.3, None]], [1, 2], [0, 1], "t", "x", "y", "v", True
    ),
    "row": lambda: row_bars(
        [0.5, None], [1, 2], "t", "x", "v", ".0%", [[0, "#440154"], [1, "#fde725"]], (0, 1)
    ),
    "risk": lambda: dino_charts.risk_chart([0, 1, 2], [1.0, -0.5, 2.25], [0.9, 0.5, 0.001], 1),
    "balance": lambda: dino_charts.component_balance(
        ["T"], [0.5], [(0.4, 0.6)], [0.3], [(0.2, 0.4)], "t", "Attractions"
    ),
    "vp": lambda: dino_charts.vp_race(["A", "B"], [1, 2], [[10, 10], [12, 11]]),
    "law": lambda: dino_charts.law_bars([0, 1], [[0.5, 0.5], [0.2, 0.8]], ["k", "all"], "t", "x"),
    "rates": lambda: dino_charts.rate_bars(
        ["h", "r"], [0.9, 0.1], [0.8, 0.0], [1.0, 0.2], "t", "y"
    ),
    "dino_exact": lambda: dino_charts.exact_vs_observed(["1", "2"], [0.5, 0.5], [3, 4], "t", "x"),
    "histogram": lambda: charts.counts_by_range(
        [("w", [20, 22, 31]), ("o", [10, 21])], 5, "t", "x", "n"
    ),
    "class": lambda: ClassChart().chart,
}


@pytest.mark.parametrize("name", list(_CHARTS))
def test_every_chart_shape_reads_without_hovering_in_colours_that_stand_out(name):
    figure = _CHARTS[name]()
    assert readability_problems(figure) == []
    assert colour_problems(figure) == []


def test_a_chart_read_only_by_hovering_or_in_pale_colours_is_found():
    hovered = go.Figure(go.Histogram(x=[1, 2, 2, 3], name="scores"), layout=charts.layout())
    assert len(readability_problems(hovered)) == 1
    unnamed = go.Figure(go.Bar(x=[1, 2], y=[3, 4]), layout=charts.layout())
    assert len(readability_problems(unnamed)) == 1
    beside = go.Figure([go.Bar(x=[1], y=[3], name="a"), go.Scatter(x=[1], y=[4])])
    assert readability_problems(beside) == [
        "a scatter trace '(no name)' of '' can be read only by hovering"
    ]
    pale = go.Figure(go.Bar(x=[1], y=[2], marker_color="#ff7f0e", name="b"), layout=charts.layout())
    assert [p.split(":")[0] for p in colour_problems(pale)] == ["'', b bars"]
    pale_text = go.Figure(
        go.Bar(x=[1], y=[2], text=["2"], textfont_color="#999999"), layout=charts.layout()
    )
    assert "needs 4.5:1" in colour_problems(pale_text)[0]


def test_the_table_lists_each_value_as_the_chart_draws_it():
    law = face_count_distribution(13, "ray")  # exact Fractions, an independent route
    observed = [0] * 14
    observed[4] = 3
    observed[5] = 1
    figure = martian_charts.count_distribution([float(p) for p in law], observed, "ray")
    table = values_table(figure)
    assert table is not None
    assert table.headers == ("number of Death Rays", "exact odds", "share in 4 rolls")
    assert [row[0] for row in table.rows] == [str(k) for k in range(14)]
    for k, row in enumerate(table.rows):
        exact = Fraction(law[k]) * 100
        assert row[1] == ("< 0.1%" if 0 < exact < Fraction(1, 20) else f"{float(exact):.1f}%")
    assert table.rows[4][2] == "75.0%" and table.rows[5][2] == "25.0%" and table.rows[0][2] == "0%"


def test_a_band_an_interval_and_a_long_series_in_the_table():
    draws = [4, 5, 3, 6, 4] * 30
    table = values_table(martian_charts.running_mean(draws, 13 / 3, (26 / 9) ** 0.5, "t"))
    assert [row[0] for row in table.rows] == ["1", "2", "5", "10", "20", "50", "100", "150"]
    sd = (26 / 9) ** 0.5
    for row in table.rows:
        n = int(row[0])
        low, high = (13 / 3 - 2 * sd / math.sqrt(n)), (13 / 3 + 2 * sd / math.sqrt(n))
        assert row[1] == f"{low:.2f} – {high:.2f}"
        assert row[2] == f"{sum(draws[:n]) / n:.2f}"
    rates = values_table(dino_charts.rate_bars(["h"], [0.9], [0.8], [0.95], "t", "y", "Bots"))
    assert rates.headers == ("Bots", "y") and rates.rows == (("h", "0.90 (0.80 – 0.95)"),)


def test_a_heatmap_lists_its_rows_and_a_labelled_chart_needs_no_table():
    figure = charts.heatmap(
        [[0.25, None], [0.5, 1.0]], [1, 2], [0, 1], "t", "x", "y", "v", values=".0%"
    )
    table = values_table(figure)
    assert table.headers == ("y ↓ x →", "1", "2")
    assert table.rows == (("0", "25%", "—"), ("1", "50%", "100%"))
    assert values_table(martian_charts.option_values(["a"], [1.0], 0)) is None
    assert values_table(martian_charts.score_race([], [], [])) is None  # nothing drawn yet


def test_a_live_chart_sends_its_table_in_the_pages_language():
    figure = charts.estimates(["a"], [0.25], [(0.125, 0.5)], "t", "y")
    shown = LiveChart(figure).widget.values
    assert VALUES_CLASS in shown and "The chart&#x27;s numbers" in shown and "0.25" in shown
    set_language("es")
    try:
        spanish = values_html(figure)
    finally:
        set_language("en")
    assert "0,25 (0,12 – 0,50)" in spanish and "Los números del gráfico" in spanish
    chart = LiveChart(martian_charts.option_values(["a"], [1.0], 0))
    assert chart.widget.values == ""
    with chart.batch_update():  # a chart whose values change sends its table anew
        chart.data[0].text = None
        chart.data[0].name = "worth"
        chart.data[0].y = [2.5]
    assert "<td>a</td><td>2.500</td>" in chart.widget.values


def test_contrast_is_wcags_ratio():
    assert contrast("#000000") == pytest.approx(21.0)
    assert contrast("#ffffff") == pytest.approx(1.0)
    assert contrast("#767676") == pytest.approx(4.54, abs=0.01)  # the well-known AA grey
    assert contrast("#777", "#fff") == pytest.approx(4.48, abs=0.01)
    assert rgb("rgba(0, 0, 0, 0.5)") == (127.5, 127.5, 127.5)


def test_the_charts_draw_on_the_white_they_are_checked_against():
    white = pio.templates["plotly_white"].layout
    assert white.plot_bgcolor.lower() in ("white", charts.BACKGROUND)
    assert white.paper_bgcolor.lower() in ("white", charts.BACKGROUND)
    assert contrast(white.font.color) >= charts.TEXT_CONTRAST


#: Machado, Oliveira and Fernandes (2009)'s matrices for a complete protanopia,
#: deuteranopia and tritanopia, on linear RGB.
CVD = {
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779), (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
}  # fmt: skip
#: Least CIELAB distance (ΔE*ab, 1976) between two colours of a palette as seen under each:
#: well beyond a just noticeable difference (about 2.3), into "clearly different".
APART = 15.0


def _lab(colour: str, seen: tuple) -> tuple[float, float, float]:
    def linear(c: float) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (
        min(1.0, max(0.0, sum(m * linear(c) for m, c in zip(row, rgb(colour))))) for row in seen
    )
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


@pytest.mark.parametrize(
    "palette",
    [
        charts.PLAYER_COLOURS,
        (charts.EXACT_COLOUR, charts.OBSERVED_COLOUR),
        (dino_charts.WINNERS_COLOUR, dino_charts.LOSERS_COLOUR),
        (charts.EXACT_COLOUR, martian_charts.OTHER_OPTION_COLOUR),
    ],
    ids=["players", "exact-observed", "winners-losers", "best-option"],
)
def test_the_palette_stands_out_on_white_and_stays_apart_for_colour_blind_eyes(palette):
    for colour in (*palette, charts.GUIDE_COLOUR):
        assert contrast(colour) >= charts.GRAPHIC_CONTRAST, colour
    for vision, seen in CVD.items():
        for first, second in itertools.combinations(palette, 2):
            apart = math.dist(_lab(first, seen), _lab(second, seen))
            assert apart >= APART, f"{first} and {second} under {vision}: ΔE {apart:.1f}"


def test_the_old_palette_fails_what_the_new_one_passes():
    # plotly's category10 (the palette before issue 27): its orange, olive and cyan are under
    # 3:1 on white, its green and orange merge under protanopia
    assert contrast("#ff7f0e") < 3 and contrast("#bcbd22") < 3 and contrast("#17becf") < 3
    assert math.dist(_lab("#2ca02c", CVD["protanopia"]), _lab("#ff7f0e", CVD["protanopia"])) < APART


def test_a_long_series_writes_only_the_rows_its_table_lists(monkeypatch):
    # 5,000 points a trace, a table of 13 rows: each number Babel writes in another language
    # than English costs about 0.1 ms (Martian Dice page 8 spent 4.8 s of CPU writing
    # 55,000 of them in Spanish before keeping 13 rows)
    from kit_common.widgets import chart_values

    written = []
    real = chart_values.number_text

    def counting(*args, **kwargs):
        written.append(args[0])
        return real(*args, **kwargs)

    monkeypatch.setattr(chart_values, "number_text", counting)
    xs = list(range(1, 5001))
    figure = go.Figure(
        [
            go.Scatter(x=xs, y=[1 + 1 / n for n in xs], mode="lines", showlegend=False),
            go.Scatter(x=xs, y=[1 - 1 / n for n in xs], mode="lines", fill="tonexty", name="band"),
            go.Scatter(x=xs, y=[1.0] * 5000, mode="lines", name="mean"),
        ],
        layout={"meta": {"values": ".2f", "rows": [1, 10, 100, 1000, 5000]}},
    )
    table = values_table(figure)
    assert table is not None
    assert [row[0] for row in table.rows] == ["1", "10", "100", "1000", "5000"]
    assert table.rows[1][1:] == ("0.90 – 1.10", "1.00")
    assert len(written) < 5000 + 100  # each category's text once, the 5 rows' values
