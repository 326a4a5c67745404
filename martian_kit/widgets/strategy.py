"""Notebook 6: when the expected-score optimal policy stops. A heatmap of what rolling on is
worth compared with stopping (the turn solver's values), over dice left and earthlings set
aside, for a chosen number of Tanks and of earthling kinds; the rest of the set-aside dice
are Death Rays."""

from __future__ import annotations

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, updating
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.map_reader import RowReader
from martian_kit.dice import NUM_DICE, FaceCounts
from martian_kit.messages import CATALOGUE, counted, message
from martian_kit.solver.turn import TurnSolution, expected_score_solution
from martian_kit.widgets import charts

DICE_LEFT = tuple(range(1, NUM_DICE))
EARTHLINGS_SET_ASIDE = tuple(range(0, NUM_DICE))


def map_state(dice_left: int, earthlings: int, kinds: int, tanks: int) -> FaceCounts | None:
    """The set-aside with `dice_left` dice still to roll, `earthlings` earthlings of `kinds`
    kinds (one each of the later kinds, the rest Humans), `tanks` Tanks, and Death Rays for
    the other dice; None when no such set-aside exists."""
    rays = NUM_DICE - dice_left - earthlings - tanks
    if rays < 0 or earthlings < kinds or (kinds == 0) != (earthlings == 0):
        return None
    split = [earthlings - (kinds - 1), *([1] * (kinds - 1)), 0, 0][:3] if kinds else [0, 0, 0]
    return FaceCounts(tanks, rays, *split)


def gain_of_rolling(solution: TurnSolution, kinds: int, tanks: int) -> list[list[float | None]]:
    """z[e][d]: expected points gained by rolling rather than stopping (negative: stop),
    for earthlings e and dice left d (None where no such state exists)."""
    z: list[list[float | None]] = []
    for e in EARTHLINGS_SET_ASIDE:
        row: list[float | None] = []
        for d in DICE_LEFT:
            state = map_state(d, e, kinds, tanks)
            if state is None:
                row.append(None)
            else:
                row.append(solution.roll_value(state) - solution.stop_value(state))
        z.append(row)
    return z


class StopMap(App):
    """Pick the Tanks set aside and the earthling kinds taken; the map shows, for every
    number of dice left and earthlings set aside, how much rolling on gains over stopping
    (blue: roll; red: stop)."""

    def __init__(self, kinds: int = 2, tanks: int = 1) -> None:
        self.solution = expected_score_solution()
        self.kinds = w.ToggleButtons(
            options=[(_kinds(k), k) for k in (1, 2, 3)],
            value=kinds,
            description=message("map.kinds_label"),
        )
        self.kinds.add_class(ACTION_CLASS)
        self.tanks = w.IntSlider(
            value=tanks,
            min=0,
            max=6,
            description=message("map.tanks_label"),
            continuous_update=False,
        )
        self.figure = LiveChart(self._figure())
        self.figure.add_class(OUTPUT_CLASS)
        # the map's phone form: one number of earthlings set aside at a time
        self.reader = RowReader(self.figure, ".1f", row=EARTHLINGS_SET_ASIDE.index(6))
        self.kinds.observe(lambda _: self._refresh(), names="value")
        self.tanks.observe(lambda _: self._refresh(), names="value")
        self.widget = w.VBox([self.kinds, self.tanks, self.figure.widget, self.reader.widget])

    def gains(self) -> list[list[float | None]]:
        return gain_of_rolling(self.solution, self.kinds.value, self.tanks.value)

    def summary(self) -> str:
        cells = [v for row in self.gains() for v in row if v is not None]
        roll = sum(v > 0 for v in cells)
        return message(
            "map.summary",
            kinds=_kinds(self.kinds.value),
            tanks=self._tanks(),
            roll=roll,
            n=len(cells),
        )

    def _title(self) -> str:
        return message("map.title", kinds=_kinds(self.kinds.value), tanks=self._tanks())

    def _tanks(self) -> str:
        return counted("tank", self.tanks.value)

    def _figure(self) -> go.Figure:
        return charts.heatmap(
            self.gains(),
            DICE_LEFT,
            EARTHLINGS_SET_ASIDE,
            self._title(),
            message("map.x"),
            message("map.y"),
            message("map.value"),
            diverging=True,
            values=".1f",
        )

    def _refresh(self) -> None:
        # Only the values and the title change: building a whole new figure (plotly
        # validates every property) took most of a click's time.
        with updating(self.figure):
            self.figure.data[0].z = self.gains()
            self.figure.layout.title.text = self._title()
        self.reader.refresh()


def _kinds(n: int) -> str:
    """ "1 kind", "2 kinds": a count of earthling kinds for the map's labels."""
    return CATALOGUE.plural("map.kinds.n", n)
