"""Notebook 8: what wins? Many seeded bot games, summarised with 95% confidence intervals —
win shares by bot and by seat, final scores, how often parks lose visitors, game length — and
an app to run your own comparison.

The games and what they say are `dino_kit.studies`' (seats rotated from game to game, so a
bot's win share is not its seat's; the shares, intervals and claims computed from the records);
the page's own studies are shipped with the kit (`dino-kit ship-studies`), so the page shows
them at once, and plays games only for other settings or when Run is pressed. A click plays
them in the kernel's background (`kit_common.widgets.stoppable`): a bar counts them, and Stop
(or the time bound, `MAX_SECONDS`) shows the games played by then, with their intervals.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from dino_kit.bots import BOTS
from dino_kit.components import ComponentSet
from dino_kit.messages import bot_name, message, plural
from dino_kit.simulate import GameRecord
from dino_kit.studies import interval_text, shipped_or_played, win_rates_by_bot
from dino_kit.widgets import charts
from dino_kit.widgets.data import current_components
from kit_common.messages import number_text
from kit_common.statistics import mean_interval
from kit_common.study import Progress
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, updating, wrapping
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.stoppable import Ended, StoppableWork

#: The choice of a seat left empty (seats 3 and 4).
NO_BOT = "(none)"
#: The most seconds one Run may play for (the most games, 400, take far less on a busy
#: machine); then the games played by then are shown, with a sentence.
MAX_SECONDS = 60.0


class WinsExplorer(App):
    """Choose the bots of each seat, the variants and a number of games; **Run** plays them
    and charts each bot's win share with its 95% interval."""

    def __init__(self, games: int = 40, seed: int = 1, components: ComponentSet | None = None):
        self.components = components or current_components()
        self.seed = seed
        names = sorted(BOTS)
        self.seats = []
        for i, value in enumerate(["heuristic", "random", NO_BOT, NO_BOT]):
            options = [(name, name) for name in names]  # a bot is named by its name
            if i >= 2:  # two seats at least
                options.insert(0, (message("ui.no_bot"), NO_BOT))
            self.seats.append(
                w.Dropdown(
                    options=options,
                    value=value,
                    description=message("ui.seat", n=i + 1),
                )
            )
            self.seats[-1].add_class("kit-seat-menu")  # 16em (kit.css)
        self.games = w.IntSlider(value=games, min=10, max=400, step=10,
                                 description=message("ui.games"))  # fmt: skip
        self.chaos = w.Checkbox(value=False, description=message("ui.chaos"))
        self.length = w.Dropdown(
            options=[
                (message(f"ui.length.{length}"), length) for length in ("short", "medium", "long")
            ],
            value="short",
            description=message("ui.length"),
        )
        self.run_button = button(message("ui.run"))
        self.run_button.button_style = "primary"
        self.run_button.add_class(ACTION_CLASS)
        self.run_button.on_click(lambda _: self.run())
        # a click plays in the kernel's background: a progress bar, Stop, at most MAX_SECONDS
        self.work = StoppableWork(
            message("ui.games_played"),
            [self.run_button, *self.seats, self.games, self.chaos, self.length],
            max_seconds=MAX_SECONDS,
        )
        self.text = w.HTML()
        self.text.add_class(OUTPUT_CLASS)
        self.figure = LiveChart(
            charts.rate_bars(
                [],
                [],
                [],
                [],
                message("chart.wins.title"),
                message("chart.wins.y"),
                message("ui.bots"),
            )
        )
        self.widget = w.VBox(
            [
                wrapping(w.HBox(self.seats)),
                w.HBox([self.games, self.length, self.chaos, self.run_button]),
                self.work.widget,
                self.text,
                self.figure.widget,
            ]
        )
        self.records: list[GameRecord] = []
        self.run()

    def bots(self) -> list[str]:
        return [d.value for d in self.seats if d.value != NO_BOT]

    def run(self) -> list[GameRecord] | None:
        """Play the games with the current seed; the next run uses the next seed, so pressing
        Run again adds fresh evidence instead of replaying the same games. Called by a
        notebook's code, it plays them here and returns them; a click plays them in the
        background (None): Stop, or the time bound, keeps the games played by then."""
        seed, self.seed = self.seed, self.seed + 1
        bots, games = self.bots(), self.games.value
        settings = {"chaos_theory": self.chaos.value, "objective_length": self.length.value}
        kept: list[GameRecord] = []

        def play(tell: Progress) -> list[GameRecord]:
            return shipped_or_played(
                bots, games, seed, self.components, progress=tell, kept=kept, **settings
            )

        def show(ended: Ended[list[GameRecord]]) -> str | None:
            if ended.result is not None:
                self.records = ended.result
            elif not kept:
                return f"{ended.sentence} {message('ui.games_none_kept')}"
            else:
                self.records = kept
            self._show(seed)
            if ended.finished:
                return None
            return f"{ended.sentence} {plural('ui.games_kept_n', len(kept), games=games)}"

        running = message("ui.wins_running", games=games)
        ended = self.work.start(play, show, running=running[:1].upper() + running[1:])
        return self.records if ended is not None else None

    def _show(self, seed: int) -> None:
        rates = win_rates_by_bot(self.records)
        seeds = message("ui.wins_seed", seed=seed, next=self.seed)
        self.text.value = f"{escape(self.summary())}<br><small>{escape(seeds)}</small>"
        with updating(self.figure):
            bar = self.figure.data[0]
            bar.x = [bot_name(b) for b in rates]
            bar.y = [r.estimate for r in rates.values()]
            bar.error_y.array = [r.high - r.estimate for r in rates.values()]
            bar.error_y.arrayminus = [r.estimate - r.low for r in rates.values()]

    def summary(self) -> str:
        rates = win_rates_by_bot(self.records)
        parts = ", ".join(f"{bot_name(b)} {interval_text(r)}" for b, r in rates.items())
        rounds = mean_interval([r.rounds for r in self.records]).estimate
        return message(
            "ui.wins_summary",
            games=len(self.records),
            parts=parts,
            rounds=number_text(rounds, ".1f"),
        )
