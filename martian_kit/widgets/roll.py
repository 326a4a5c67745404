"""The dice explorer of notebook 1: roll 13 dice, and watch the share of each count of a face
among many simulated rolls close in on its exact odds."""

from __future__ import annotations

from fractions import Fraction

import ipywidgets as w
import numpy as np
import plotly.graph_objects as go

from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button
from kit_common.widgets.live_chart import LiveChart
from martian_kit.dice import FACE_PROBABILITY, FACES, NUM_DICE, Face, FaceCounts
from martian_kit.messages import CATALOGUE, face_name, message
from martian_kit.narrate import describe_counts
from martian_kit.odds import face_count_distribution
from martian_kit.widgets import charts
from martian_kit.widgets.dice_view import dice_html


class RollExplorer(App):
    """Roll 13 dice, tally many rolls, compare with the exact odds of one face's count.

    `roll()` rolls once and shows the dice; `add_rolls(n)` simulates n more rolls; the chart
    shows, for the chosen face, the exact probability of each count (bars) and the share of
    each count among the rolls so far (diamonds). Seeded: the same clicks give the same dice.
    """

    BATCHES = (10, 100, 1000)

    def __init__(self, seed: int = 1, face: Face = Face.RAY) -> None:
        self.rng = np.random.default_rng(seed)
        self.seed = seed
        self._p = np.array([float(FACE_PROBABILITY[f]) for f in FACES])
        #: tally[i, k]: rolls in which k dice showed FACES[i].
        self.tally = np.zeros((len(FACES), NUM_DICE + 1), dtype=np.int64)
        self.last: FaceCounts | None = None
        self.face = Face(face)

        self.roll_button = button(message("ui.roll13"), message("ui.roll13.tip"))
        self.roll_button.add_class(ACTION_CLASS)
        self.roll_button.button_style = "primary"
        self.roll_button.on_click(lambda _: self.roll())
        self.batch_buttons = []
        for n in self.BATCHES:
            b = button(
                CATALOGUE.plural("ui.add_rolls.n", n), CATALOGUE.plural("ui.add_rolls.tip.n", n)
            )
            b.on_click(lambda _, n=n: self.add_rolls(n))
            self.batch_buttons.append(b)
        self.reset_button = button(message("ui.reset"))
        self.reset_button.on_click(lambda _: self.reset())
        self.face_picker = w.Dropdown(
            options=[(face_name(f, 2), f) for f in FACES],
            value=self.face,
            description=message("ui.face"),
        )
        self.face_picker.add_class("kit-face-menu")  # 18em (kit.css)
        self.face_picker.observe(self._on_face, names="value")
        self.dice = w.HTML()
        self.dice.add_class(OUTPUT_CLASS)
        self.status = w.HTML()
        self.figure = LiveChart(self._figure())
        self.figure.add_class(OUTPUT_CLASS)
        self.widget = w.VBox(
            [
                w.HBox([self.roll_button, *self.batch_buttons, self.reset_button]),
                self.dice,
                self.status,
                self.face_picker,
                self.figure.widget,
            ]
        )
        self._refresh()

    # -- what the buttons do ------------------------------------------------------------

    def roll(self) -> FaceCounts:
        """Roll the 13 dice once: show them and add them to the tally."""
        row = self.rng.multinomial(NUM_DICE, self._p)
        self._add(row[None, :])
        self.last = FaceCounts(*(int(c) for c in row))
        self._refresh()
        return self.last

    def add_rolls(self, n: int) -> None:
        """Simulate `n` more rolls of 13 dice and add them to the tally."""
        rows = self.rng.multinomial(NUM_DICE, self._p, size=n)
        self._add(rows)
        self.last = FaceCounts(*(int(c) for c in rows[-1]))
        self._refresh()

    def reset(self) -> None:
        """Forget every roll and start the seeded dice again."""
        self.rng = np.random.default_rng(self.seed)
        self.tally[:] = 0
        self.last = None
        self._refresh()

    def _on_face(self, change: dict) -> None:
        self.face = change["new"]
        self._refresh()

    # -- state --------------------------------------------------------------------------

    @property
    def rolls(self) -> int:
        """Rolls of 13 dice tallied so far."""
        return int(self.tally[0].sum())

    def observed(self, face: Face | None = None) -> list[int]:
        """observed[k]: rolls so far in which k dice showed `face` (default: the chosen one)."""
        return [int(c) for c in self.tally[FACES.index(face or self.face)]]

    def exact(self, face: Face | None = None) -> tuple[Fraction, ...]:
        """The exact odds of each count of `face` (default: the chosen one)."""
        return face_count_distribution(NUM_DICE, face or self.face)

    def summary(self) -> str:
        last = describe_counts(self.last) if self.last else message("ui.no_roll_yet")
        so_far = CATALOGUE.plural("ui.rolls_so_far.n", self.rolls)
        return f"{so_far}; {message('ui.last_roll', dice=last)}"

    def _add(self, rows: np.ndarray) -> None:
        for i in range(len(FACES)):
            self.tally[i] += np.bincount(rows[:, i], minlength=NUM_DICE + 1)

    def _figure(self) -> go.Figure:
        return charts.count_distribution(
            [float(p) for p in self.exact()], self.observed(), self.face
        )

    def _refresh(self) -> None:
        self.dice.value = dice_html(self.last or FaceCounts(), empty=message("ui.no_roll_yet"))
        self.status.value = CATALOGUE.plural("ui.rolls_so_far.n", self.rolls)
        self.figure.replace_figure(self._figure())
