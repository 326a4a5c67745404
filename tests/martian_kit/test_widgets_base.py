"""What every notebook app shares (martian_kit.widgets.base)."""


def test_a_chart_updated_before_any_view_opens_shows_the_update_in_a_late_view():
    """Voila opens views after running every cell: the synced state must hold the update."""
    import plotly.graph_objects as go

    from martian_kit.widgets.base import updating

    figure = go.FigureWidget(data=[go.Bar(x=["a", "b"], y=[1, 2])])
    with updating(figure):
        figure.data[0].y = [5, 7]
    assert list(figure._widget_data[0]["y"]) == [5, 7]
