"""Notebook 8's balance study: which components the winners' parks hold more often than the
losers' (`dino_kit.balance`), charted one kind at a time, with a progress bar while the games
are played and the same report for the same seed as `dino-kit balance FOLDER`.

The page first shows the study the kit ships (`dino_kit.studies`: played by `dino-kit
ship-studies` on the illustrative set), so that it loads at once; on another component set,
which no shipped study was played on, it says so and shows nothing until Run. Run plays a study
in the page's kernel (one process): a few hundred games take seconds, played in the kernel's
background from a click, with a progress bar and Stop (`kit_common.widgets.stoppable`: the
report of the games played by then). Larger studies belong to
the command line, which uses every core (`--jobs`) or a Dask cluster.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from dino_kit.balance import (
    KINDS,
    BalanceReport,
    balance_study,
    component_label,
    report_header,
    separated,
    summarise,
)
from dino_kit.components import ComponentSet
from dino_kit.messages import message, plural
from dino_kit.simulate import GameRecord
from dino_kit.studies import shipped_balance
from dino_kit.widgets import charts
from dino_kit.widgets.data import current_components
from kit_common.display import percent
from kit_common.messages import number_text
from kit_common.study import Progress
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, wrapping
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.stoppable import Ended, StoppableWork

LENGTHS = ("short", "medium", "long")
#: The most seconds one Run may play for (the most games, 600, take far less on a busy
#: machine); then the report of the games played by then is shown, with a sentence.
MAX_SECONDS = 90.0


def balance_figure(report: BalanceReport | None, kind: str, components: ComponentSet) -> go.Figure:
    """The chart of one kind of component in `report` (largest difference on top); an empty
    chart that says so when no study was played yet (None)."""
    kind_word = message("balance.kinds." + kind)
    if report is None:
        title = message("chart.balance.title_none", kind=kind_word)
        return charts.component_balance(
            [], [], [], [], [], title[:1].upper() + title[1:], kind_word
        )
    data = report.chart_data(kind)
    return charts.component_balance(
        [component_label(kind, i, components) for i in data["ids"]],
        data["winners"],
        list(zip(data["winners_low"], data["winners_high"])),
        data["losers"],
        list(zip(data["losers_low"], data["losers_high"])),
        chart_title(report, kind),
        kind_word[:1].upper() + kind_word[1:],
    )


def chart_title(report: BalanceReport, kind: str) -> str:
    """The chart's title: the kind of component and the number of games."""
    title = message("chart.balance.title", kind=message("balance.kinds." + kind), n=report.games)
    return title[:1].upper() + title[1:]


def findings(report: BalanceReport, kind: str, components: ComponentSet) -> str:
    """What the study shows about one kind, in a sentence: the components whose winners'
    and losers' intervals do not overlap, or that none does."""
    more, less = separated(report, kind)
    kind_word = message("balance.kinds." + kind)
    if not more and not less:
        return message("balance.none_apart", kind=kind_word, games=report.games)
    parts = []
    if more:
        names = ", ".join(component_label(kind, c.ident, components) for c in more)
        parts.append(message("balance.more_often", names=names))
    if less:
        names = ", ".join(component_label(kind, c.ident, components) for c in less)
        parts.append(message("balance.less_often", names=names))
    return " ".join(parts)


class BalanceExplorer(App):
    """Choose the players, the objective stack, the number of games and a seed; **Run** plays
    a balance study of heuristic bots on the page's components, with a progress bar; the
    buttons above the chart choose the kind of component it shows. At first it shows the
    study of its controls' settings that the kit ships (`report`), or, when the kit ships
    none on these components, says so (`report` is None until Run)."""

    def __init__(
        self,
        games: int = 100,
        seed: int = 1,
        players: int = 4,
        components: ComponentSet | None = None,
    ) -> None:
        self.components = components or current_components()
        self.players = w.Dropdown(
            options=[(message("ui.n_players", n=n), n) for n in (2, 3, 4)],
            value=players,
            description=message("ui.players"),
            style={"description_width": "initial"},
        )
        self.length = w.Dropdown(
            options=[(message(f"ui.length.{length}"), length) for length in LENGTHS],
            value="short",
            description=message("ui.length"),
        )
        self.games = w.IntSlider(
            value=games, min=20, max=600, step=20, description=message("ui.games")
        )
        self.seed = w.BoundedIntText(value=seed, min=0, max=10**9, description=message("ui.seed"))
        self.seed.add_class("kit-seed")  # 14em (kit.css)
        self.run_button = button(message("ui.run"))
        self.run_button.button_style = "primary"
        self.run_button.add_class(ACTION_CLASS)
        self.run_button.on_click(lambda _: self.run())
        # a click plays in the kernel's background: a progress bar, Stop, at most MAX_SECONDS
        self.work = StoppableWork(
            message("ui.games_played"),
            [self.run_button, self.players, self.length, self.games, self.seed],
            max_seconds=MAX_SECONDS,
        )
        self.kind = w.ToggleButtons(
            options=[(message("balance.kinds." + k), k) for k in KINDS], value="attraction"
        )
        self.kind.style.button_width = "auto"
        self.kind.observe(lambda _: self._draw(), names="value")
        self.text = w.HTML()
        self.text.add_class(OUTPUT_CLASS)
        self.report: BalanceReport | None = shipped_balance(
            games, seed, self.components, players, objective_length=self.length.value
        )
        self.figure = LiveChart(balance_figure(self.report, self.kind.value, self.components))
        self.widget = w.VBox(
            [
                wrapping(
                    w.HBox([self.players, self.length, self.games, self.seed, self.run_button])
                ),
                self.work.widget,
                self.kind,
                self.text,
                self.figure.widget,
            ]
        )  # fmt: skip
        self._say()

    def run(self) -> BalanceReport | None:
        """Play the study the controls describe (the Run button), and show it. Called by a
        notebook's code, it plays here and returns the report; a click plays in the
        background (None): Stop, or the time bound, shows the report of the games played by
        then."""
        games, seed, players = self.games.value, self.seed.value, self.players.value
        length = self.length.value
        kept: list[GameRecord] = []
        bots = ("heuristic",) * players

        def play(tell: Progress) -> BalanceReport:
            return balance_study(
                games,
                seed,
                components=self.components,
                players=players,
                bots=bots,
                progress=tell,
                kept=kept,
                objective_length=length,
            )

        def show(ended: Ended[BalanceReport]) -> str | None:
            if ended.result is not None:
                self.report = ended.result
            elif not kept:
                return f"{ended.sentence} {message('ui.games_none_kept')}"
            else:
                self.report = summarise(kept, seed, bots, self.components.name)
            self._draw()
            if ended.finished:
                return None
            return f"{ended.sentence} {plural('ui.games_kept_n', len(kept), games=games)}"

        ended = self.work.start(play, show)
        return self.report if ended is not None else None

    def _draw(self) -> None:
        kind, report = self.kind.value, self.report
        self.figure.replace_figure(balance_figure(report, kind, self.components))
        self._say()

    def _say(self) -> None:
        r, kind = self.report, self.kind.value
        if r is None:
            self.lines = [message("balance.none_shipped", components=self.components.label)]
            self.text.value = escape(self.lines[0])
            return

        def span(low: str, high: str) -> str:
            return message("ui.interval_span", low=low, high=high)

        seats = ", ".join(
            message("ui.balance_seat", seat=i, share=percent(s.estimate, 0),
                    span=span(percent(s.low, 0), percent(s.high, 0)))
            for i, s in enumerate(r.seat_win_share, 1)
        )  # fmt: skip
        head = report_header(r, self.components)
        facts = message(
            "ui.balance_facts",
            rounds=number_text(r.rounds.estimate, ".1f"),
            span=span(number_text(r.rounds.low, ".1f"), number_text(r.rounds.high, ".1f")),
            seats=seats,
        )
        self.lines = [head, facts, findings(r, kind, self.components)]
        self.text.value = "<br>".join(escape(x) for x in self.lines)

    def summary(self) -> str:
        """The study in words (what the page shows above the chart)."""
        return " ".join(self.lines)
