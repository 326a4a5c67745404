"""What every notebook app shares (martian_kit.widgets.base, live_chart)."""

import ipywidgets as w
import plotly.graph_objects as go

from martian_kit.widgets.base import updating
from martian_kit.widgets.live_chart import PLOTLY_MIMETYPE, LiveChart, charts_in


def drawn(chart: LiveChart) -> dict:
    """The figure the chart's widget holds for its views."""
    (output,) = chart.widget.outputs
    return output["data"][PLOTLY_MIMETYPE]


def test_a_chart_updated_before_any_view_opens_shows_the_update_in_a_late_view():
    """Voila opens views after running every cell: the widget state must hold the update."""
    chart = LiveChart(go.Figure(go.Bar(x=["a", "b"], y=[1, 2]), layout={"title": "before"}))
    assert drawn(chart)["data"][0]["y"] == [1, 2]
    with updating(chart):
        chart.data[0].y = [5, 7]
        chart.layout.title.text = "after"
    assert drawn(chart)["data"][0]["y"] == [5, 7]
    assert drawn(chart)["layout"]["title"]["text"] == "after"
    assert chart.widget.outputs[0]["data"]["text/plain"] == "<chart: after>"


def test_a_chart_draws_through_its_widget_state_not_through_cell_outputs(capsys):
    chart = LiveChart(go.Figure(go.Scatter(x=[1], y=[2])))
    assert capsys.readouterr().out == ""  # nothing printed: strict nbval sees no extra output
    assert drawn(chart)["config"]["displaylogo"] is False


def test_an_app_finds_the_charts_inside_its_boxes():
    first, second = LiveChart(), LiveChart()
    box = w.VBox([w.Label("x"), w.HBox([first.widget]), second.widget])
    assert charts_in(box) == [first, second]
