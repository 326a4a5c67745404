"""Notebook 9, "How the rules shape the game": choose a target, an end rule and a number of
dice; see at once the value of a turn, the first player's chance when both play to win under
both end rules, and the stop map of the expected-score policy with those dice.

The numbers come from `martian_kit.solver.variant_summary` (exact solvers). A variant not yet
solved is solved when chosen (a fraction of a second for short games, a few seconds at 60
points), and kept for the rest of the session; chosen in the page, it is solved in the
kernel's background with a progress bar and a Stop button (`StoppableWork`), which puts the
controls back on the variant shown.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.display import MarkdownText, Table, percent
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, updating
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.map_reader import RowReader
from kit_common.widgets.stoppable import Ended, StoppableWork
from martian_kit.messages import message
from martian_kit.solver.variant_summary import (
    VariantSummary,
    is_summarised,
    stop_map,
    summarise,
)
from martian_kit.variants import (
    DICE_RANGE,
    END_IMMEDIATE,
    END_ROUND,
    END_RULES,
    OFFICIAL,
    TARGET_RANGE,
    Variant,
)
from martian_kit.widgets import charts

#: The most seconds one variant may take to solve. The largest (60 points, 13 dice) costs about
#: 11 s of CPU, which a loaded class server stretched to 60 s of wall time: the bound is set
#: well above that, so it stops only a solve that could never end in a lesson.
MAX_SECONDS = 180.0


def edge_holder(p_first: float) -> str:
    """Who has the edge when the first player wins with chance `p_first`."""
    if abs(p_first - 0.5) < 5e-4:
        return message("variants.nobody")
    return message("variants.first_seat" if p_first > 0.5 else "variants.second_seat")


def capitalised(text: str) -> str:
    """`text` with its first letter in capitals."""
    return text[:1].upper() + text[1:]


def seat_table(summary: VariantSummary) -> Table:
    """Both end rules side by side: each player's chance and the edge."""
    rows = []
    for end in END_RULES:
        p = summary.first_wins[end]
        rows.append(
            (
                message(f"variants.end.{end}"),
                percent(p),
                percent(1 - p),
                message(
                    "variants.table.edge_cell",
                    who=capitalised(edge_holder(p)),
                    points=100 * abs(2 * p - 1),
                ),
            )
        )
    headers = [
        message("variants.table.end"),
        message("variants.table.first"),
        message("variants.table.second"),
        message("variants.table.edge"),
    ]
    return Table(headers, rows)


def summary_markdown(summary: VariantSummary) -> str:
    """The sentences the page shows above the table."""
    variant = summary.variant
    return "\n\n".join(
        [
            message("variants.rules", variant=variant.describe()),
            message("variants.turn", value=summary.turn_value, zero=percent(summary.p_zero)),
            message(
                "variants.first_wins",
                p=percent(summary.p_first_wins),
                who=edge_holder(summary.p_first_wins),
            ),
        ]
    )


class RulesExplorer(App):
    """Choose a variant (target, end rule, dice); the page shows its exact numbers at once."""

    def __init__(self, variant: Variant = OFFICIAL) -> None:
        self.target = w.IntSlider(
            value=variant.target,
            min=TARGET_RANGE.start,
            max=TARGET_RANGE.stop - 1,
            description=message("variants.target"),
            continuous_update=False,
        )
        self.end = w.ToggleButtons(
            options=[(message(f"variants.end.{end}"), end) for end in END_RULES],
            value=variant.end,
            description=message("variants.end"),
            style=w.ToggleButtonsStyle(button_width="16em"),
        )
        self.dice = w.IntSlider(
            value=variant.dice,
            min=DICE_RANGE.start,
            max=DICE_RANGE.stop - 1,
            description=message("variants.dice"),
            continuous_update=False,
        )
        self.target.add_class(ACTION_CLASS)
        # a variant not yet solved is solved in the kernel's background: a progress bar,
        # Stop, at most MAX_SECONDS
        self.work = StoppableWork(
            message("variants.solved"), [self.target, self.end, self.dice], MAX_SECONDS
        )
        self.text = w.HTML()
        self.text.add_class(OUTPUT_CLASS)
        self.summary_now = summarise(variant)
        self.seats = LiveChart(self._seat_figure(self.summary_now))
        self.map = LiveChart(self._map_figure(variant.dice))
        self.map_reader = RowReader(self.map, ".1f", row=variant.dice // 2)
        self._putting_back = False
        for control in (self.target, self.end, self.dice):
            control.observe(lambda _: self._refresh(), names="value")
        self._show_text()
        self.widget = w.VBox(
            [
                w.HBox([self.target, self.dice]),
                self.end,
                self.work.widget,
                self.text,
                self.seats.widget,
                self.map.widget,
                self.map_reader.widget,
            ]
        )

    @property
    def variant(self) -> Variant:
        """The variant the controls describe."""
        return Variant(self.target.value, self.end.value, self.dice.value)

    def summary(self) -> str:
        s = self.summary_now
        other = END_IMMEDIATE if s.variant.end == END_ROUND else END_ROUND
        return message(
            "variants.summary",
            variant=s.variant.describe(),
            value=s.turn_value,
            p=s.p_first_wins,
            other=s.first_wins[other],
        )

    def _refresh(self) -> None:
        """Show the variant the controls describe: at once when it is solved already; else
        solved by a `StoppableWork` (from a click: in the background, with Stop). The
        controls are disabled meanwhile; a change that arrives anyway is not solved: the
        end of the work puts the controls back on the variant shown."""
        variant = self.variant
        if self._putting_back or self.work.running or variant == self.summary_now.variant:
            return  # (a change arriving while solving: the end puts the controls back)
        if is_summarised(variant):
            self._show(summarise(variant))
            return

        def solve(tell: Callable[[int, int], None]) -> VariantSummary:
            return summarise(variant, tell)

        def show(ended: Ended[VariantSummary]) -> str | None:
            if ended.result is not None:
                self._show(ended.result)
                self._put_back()  # (they moved on meanwhile only if a message raced)
                return None
            self._put_back()  # the controls say again what the page shows
            shown = self.summary_now.variant.describe()
            return f"{ended.sentence} {message('variants.still_shown', variant=shown)}"

        running = message("variants.solving", variant=variant.describe())
        self.work.start(solve, show, running=running)

    def _put_back(self) -> None:
        shown = self.summary_now.variant
        if self.variant == shown:
            return
        self._putting_back = True
        try:
            self.target.value, self.end.value, self.dice.value = (
                shown.target,
                shown.end,
                shown.dice,
            )
        finally:
            self._putting_back = False

    def _show(self, summary: VariantSummary) -> None:
        previous_dice = self.summary_now.variant.dice
        self.summary_now = summary
        variant = summary.variant
        self._show_text()
        new = self._seat_figure(self.summary_now)
        with updating(self.seats):
            self.seats.data[0].y = new.data[0].y
            self.seats.data[1].y = new.data[1].y
            self.seats.layout.title = new.layout.title
        if variant.dice != previous_dice:
            new_map = self._map_figure(variant.dice)
            with updating(self.map):
                self.map.data[0].z = new_map.data[0].z
                self.map.data[0].x = new_map.data[0].x
                self.map.data[0].y = new_map.data[0].y
                self.map.layout.title = new_map.layout.title
            self.map_reader.refresh()

    def _show_text(self) -> None:
        words = MarkdownText(summary_markdown(self.summary_now))
        self.text.value = _markdown_html(words) + seat_table(self.summary_now)._repr_html_()

    @staticmethod
    def _seat_figure(summary: VariantSummary) -> go.Figure:
        variant = summary.variant
        first = [summary.first_wins[end] for end in END_RULES]
        return charts.seat_chances(
            [message(f"variants.chart.{end}") for end in END_RULES],
            first,
            message("variants.chart.seats", target=variant.target, dice=variant.dice),
            message("variants.chart.first"),
            message("variants.chart.second"),
            message("variants.chart.seats.y"),
            message("variants.table.end"),
        )

    @staticmethod
    def _map_figure(dice: int) -> go.Figure:
        return charts.heatmap(
            stop_map(dice),
            list(range(1, dice)),
            list(range(dice)),
            message("variants.chart.map", dice=dice),
            message("variants.chart.map.x"),
            message("variants.chart.map.y"),
            message("variants.chart.map.value"),
            diverging=True,
            values=".1f",
        )


def _markdown_html(text: MarkdownText) -> str:
    """The few Markdown forms the summary uses (paragraphs, **bold**) as HTML."""
    paragraphs = str(text).split("\n\n")
    out = []
    for paragraph in paragraphs:
        escaped = html.escape(paragraph)
        out.append("<p>" + re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", escaped) + "</p>")
    return "".join(out)
