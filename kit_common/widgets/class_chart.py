"""The projector's chart of a class: the share of the class's trials giving each outcome beside
the outcome's exact probability, as pairs of bars labelled with their values (readable from
the back of the room, without hovering).

The chart is built once, with the teacher's view, as a `LiveChart` (a Plotly figure with a
widget); a class started or reopened sets its outcomes and exact law, and every refresh sets
the class's bars, each inside one `batch_update()` (one redraw). Its axes are fixed: every
outcome is shown, no zooming, and the probability axis runs from 0 to a top that covers the
exact law with room to spare (`TOP_ROOM`); it grows, by whole steps of 5%, only when a
class's share passes it, and does not shrink back while the class goes on (the bars do not
jump about as trials arrive).
"""

from __future__ import annotations

from math import ceil

import plotly.graph_objects as go

from kit_common.class_handout import short_percent
from kit_common.experiments import Comparison, Experiment
from kit_common.widgets import charts
from kit_common.widgets.live_chart import LiveChart
from kit_common.words import message, plural

#: How far above the likeliest outcome's exact probability the axis reaches at first.
TOP_ROOM = 1.4
#: The axis's top moves by this much.
TOP_STEP = 0.05
#: The chart's height on the projector (px) and its bars' labels' size.
HEIGHT = 440
LABEL_SIZE = 15


def axis_top(exact: list[float], shares: list[float | None], at_least: float = 0.0) -> float:
    """The probability axis's top: `TOP_ROOM` times the largest exact probability, or the
    largest share seen with room for its label, rounded up to a whole `TOP_STEP`; never below
    `at_least` (the top shown so far), never above 1 (plus room for the labels)."""
    seen = [s for s in shares if s is not None]
    wanted = max([TOP_ROOM * max(exact), *(1.12 * s for s in seen)])
    top = TOP_STEP * ceil(wanted / TOP_STEP - 1e-9)
    return max(at_least, round(min(top, 1.15), 6))


class ClassChart:
    """The projector's chart of the class's pooled results against the exact law."""

    def __init__(self) -> None:
        bars = {
            "textposition": "outside",
            "cliponaxis": False,
            "textfont": {"size": LABEL_SIZE},
            "hoverinfo": "skip",
        }
        figure = go.Figure(
            [
                go.Bar(name="", marker_color=charts.OBSERVED_COLOUR, **bars),
                go.Bar(name=message("classchart.exact"), marker_color=charts.EXACT_COLOUR, **bars),
            ]
        )
        figure.update_layout(
            charts.layout(),
            height=HEIGHT,
            barmode="group",
            bargap=0.18,
            bargroupgap=0.04,
            font={"size": 16},
            legend={"orientation": "h", "y": 1.02, "yanchor": "bottom", "x": 0},
            margin={"l": 70, "r": 20, "t": 40, "b": 60},
            xaxis={"dtick": 1, "fixedrange": True},
            yaxis={"tickformat": ".0%", "fixedrange": True, "title": message("classchart.y")},
        )
        self.chart = LiveChart(figure).add_class("kit-class-chart")
        self.experiment: Experiment | None = None
        self.top = 0.0
        self.trials = 0

    @property
    def widget(self) -> object:
        """The chart's widget, to put in a box."""
        return self.chart.widget

    def show_experiment(self, experiment: Experiment, result: Comparison) -> None:
        """Draw a class doing `experiment`, its results so far `result`."""
        self.experiment, self.top, self.trials = experiment, 0.0, 0
        exact = [float(p) for p in experiment.probabilities]
        outcomes = list(experiment.outcomes)
        with self.chart.batch_update():
            law = self.chart.data[1]
            law.x, law.y = outcomes, exact
            law.text = [short_percent(p) for p in exact]
            self.chart.data[0].x = outcomes
            self.chart.layout.xaxis.title = experiment.outcome
            self.chart.layout.xaxis.range = [outcomes[0] - 0.6, outcomes[-1] + 0.6]
            self._set_class(exact, result)

    def update(self, result: Comparison) -> None:
        """Draw the class's results now (`result`, for the experiment shown)."""
        assert self.experiment is not None
        exact = [float(p) for p in self.experiment.probabilities]
        with self.chart.batch_update():
            self._set_class(exact, result)

    def _set_class(self, exact: list[float], result: Comparison) -> None:
        trials = result.trials
        shares = [n / trials if trials else None for n in result.observed]
        if trials < self.trials:  # the class was reset: the axis starts afresh
            self.top = 0.0
        self.trials = trials
        self.top = axis_top(exact, shares, self.top)
        seen = self.chart.data[0]
        seen.y = shares
        seen.text = [short_percent(s) for s in shares]
        seen.name = plural("classchart.class", trials)
        self.chart.layout.yaxis.range = [0, self.top]

    def shown(self) -> dict[str, object]:
        """What the chart shows now, as plain values (for tests and summaries): the
        outcomes, the class's bars and labels, the exact law's bars and labels, the axis."""
        seen, law = self.chart.data
        return {
            "outcomes": list(seen.x or ()),
            "class": list(seen.y or ()),
            "class_text": list(seen.text or ()),
            "class_name": seen.name,
            "exact": list(law.y or ()),
            "exact_text": list(law.text or ()),
            "y_range": list(self.chart.layout.yaxis.range or ()),
        }
