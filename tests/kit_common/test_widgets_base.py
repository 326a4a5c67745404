"""What every notebook app shares (kit_common.widgets.base, live_chart)."""

import hashlib
import json

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.widgets.base import updating
from kit_common.widgets.live_chart import (
    ADDRESS_VARIABLE,
    PLOTLY_BUNDLE,
    PLOTLY_LOCALES_FILE,
    LiveChart,
    charts_in,
    plotly_library,
)


def drawn(chart: LiveChart) -> dict:
    """The figure the chart's widget holds for its views."""
    return chart.widget.figure


def test_a_chart_updated_before_any_view_opens_shows_the_update_in_a_late_view():
    """Voila opens views after running every cell: the widget state must hold the update."""
    chart = LiveChart(go.Figure(go.Bar(x=["a", "b"], y=[1, 2]), layout={"title": "before"}))
    assert drawn(chart)["data"][0]["y"] == [1, 2]
    with updating(chart):
        chart.data[0].y = [5, 7]
        chart.layout.title.text = "after"
    assert drawn(chart)["data"][0]["y"] == [5, 7]
    assert drawn(chart)["layout"]["title"]["text"] == "after"


def test_a_chart_draws_through_its_widget_state_not_through_cell_outputs(capsys):
    chart = LiveChart(go.Figure(go.Scatter(x=[1], y=[2])))
    assert capsys.readouterr().out == ""  # nothing printed: strict nbval sees no extra output
    assert drawn(chart)["config"]["displaylogo"] is False


def test_every_chart_shares_one_plotly_library_sent_once_per_kernel():
    first, second = LiveChart(), LiveChart()
    assert first.widget.library is second.widget.library is plotly_library()
    assert first.widget.get_state()["library"] == "IPY_MODEL_" + plotly_library().model_id
    assert "figure" in first.widget.get_state() and "source" not in first.widget.get_state()
    assert plotly_library().source.startswith("/**\n* plotly.js (cartesian")


def test_under_the_kit_app_the_page_fetches_plotly_by_an_address_that_changes_with_it(
    monkeypatch,
):
    monkeypatch.setenv(ADDRESS_VARIABLE, "/class/voila/kit/static/")
    plotly_library.cache_clear()
    try:
        library = plotly_library()
        digest = hashlib.sha256(PLOTLY_BUNDLE.read_bytes()).hexdigest()[:20]
        assert library.address == f"/class/voila/kit/static/plotly-cartesian.min.js?v={digest}"
        assert library.source == ""  # not 1.5 MB in every page's widget states
        assert library.locales == PLOTLY_LOCALES_FILE.read_text(encoding="utf-8")
    finally:
        plotly_library.cache_clear()
    monkeypatch.delenv(ADDRESS_VARIABLE)
    assert plotly_library().address == "" and plotly_library().source  # JupyterLab, Binder


def test_an_app_finds_the_charts_inside_its_boxes():
    first, second = LiveChart(), LiveChart()
    box = w.VBox([w.Label("x"), w.HBox([first.widget]), second.widget])
    assert charts_in(box) == [first, second]


def test_a_chart_replaced_by_a_fresh_figure_draws_it_once_with_its_class_kept():
    chart = LiveChart(go.Figure(go.Bar(x=[1], y=[1]), layout={"title": "old"})).add_class("mine")
    drawn_states = []
    chart.widget.observe(lambda change: drawn_states.append(change["new"]), "figure")
    chart.replace_figure(
        go.Figure([go.Bar(x=[1, 2], y=[3, 4]), go.Scatter(x=[1], y=[5])], layout={"title": "new"})
    )
    assert len(drawn_states) == 1  # one redraw, not one per edit
    assert [t["type"] for t in drawn(chart)["data"]] == ["bar", "scatter"]
    assert (
        drawn(chart)["data"][0]["y"] == [3, 4] and drawn(chart)["layout"]["title"]["text"] == "new"
    )
    assert "mine" in chart.widget._dom_classes


def test_a_chart_draws_what_plotly_writes_its_template_edited_in_place_included():
    """The widget's figure is plotly's own JSON of the figure (numpy arrays as typed arrays),
    though the chart writes its template once and only again when it changed."""
    import numpy as np
    import plotly.io as pio

    def plotly_json(chart: LiveChart) -> dict:
        return {**json.loads(pio.to_json(chart, validate=False)), "config": drawn(chart)["config"]}

    chart = LiveChart(
        go.Figure(go.Scatter(x=np.arange(5), y=np.linspace(0, 1, 5)), layout={"title": "t"})
    )
    chart.layout.template = "plotly_white"
    chart.redraw()
    assert drawn(chart) == plotly_json(chart)
    assert list(drawn(chart)["layout"]) == list(plotly_json(chart)["layout"])  # same order
    assert "bdata" in drawn(chart)["data"][0]["y"]  # a typed array, as plotly writes it
    with updating(chart):  # the template itself edited in place
        chart.layout.template.layout.font.size = 23
        chart.data[0].y = np.arange(5) * 2.0
    assert drawn(chart)["layout"]["template"]["layout"]["font"]["size"] == 23
    assert drawn(chart) == plotly_json(chart)
    with updating(chart):
        chart.layout.template = None
    assert drawn(chart) == plotly_json(chart)


def test_a_chart_writes_its_values_again_only_when_the_figure_or_language_changed(monkeypatch):
    from kit_common.messages import set_language
    from kit_common.widgets import live_chart

    written = []

    def counted(figure):
        written.append([list(t.y) for t in figure.data])
        return f"table {len(written)}"

    monkeypatch.setattr(live_chart, "values_html", counted)
    chart = LiveChart(go.Figure(go.Bar(x=["a", "b"], y=[1, 2])))
    chart.redraw()  # unchanged: the same table
    assert written == [[[1, 2]]] and chart.widget.values == "table 1"
    with updating(chart):
        chart.data[0].y = [3, 4]
    assert written[-1] == [[3, 4]] and chart.widget.values == "table 2"
    with updating(chart):
        chart.layout.template = "plotly_white"
    assert len(written) == 3
    try:
        set_language("es")
        chart.redraw()
        assert len(written) == 4 and chart.widget.values == "table 4"
    finally:
        set_language("en")
