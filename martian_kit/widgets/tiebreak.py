"""The tie-break roll-off in notebook 4: a widget that breaks ties with the engine's own rules
and tallies how many roll-offs they take against the exact odds.

The exact odds live in `martian_kit.odds`: a roll-off among k tied players ends with j of
them still tied with the probability `still_tied(k)[j]` (from the engine's
`tiebreak_distribution`), and `rolloffs_needed` chains those steps into the distribution of
the number of roll-offs; both are re-exported here for notebook 4.
"""

from __future__ import annotations

import random

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, updating
from kit_common.widgets.live_chart import LiveChart
from martian_kit.dice import Face
from martian_kit.game import MAX_PLAYERS, TARGET, TIEBREAK_DICE, GameState
from martian_kit.messages import CATALOGUE, counted, message
from martian_kit.odds import rolloffs_needed, still_tied
from martian_kit.play import run
from martian_kit.widgets import charts
from martian_kit.widgets.dice_view import die_html


def break_tie(k: int, rng: random.Random) -> GameState:
    """A tie among `k` players broken with the engine's rules: a game that ended tied at 25,
    rolled off with `rng` until one player is ahead. Its `rolloffs` record every roll-off."""
    names = tuple(message("ui.player_n", i=i + 1) for i in range(k))
    state = GameState(players=names, totals=(TARGET,) * k, tied=tuple(range(k)))
    return run(state, [None] * k, rng)  # nobody decides in a roll-off: chance plays it all


class RollOff(App):
    """Break ties among 2 to 10 players with the engine, see each roll-off, and tally how many
    roll-offs tie-breaks take against the exact odds."""

    SHOWN = 8  # the chart shows 1 to 8 roll-offs; longer tie-breaks are tallied apart
    #: the game of the last tie broken, shown under the buttons (None before the first)
    last_game: GameState | None

    def __init__(self, players: int = 3, seed: int = 1) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.players = w.IntSlider(
            value=players,
            min=2,
            max=MAX_PLAYERS,
            description=message("ui.players_tied"),
            continuous_update=False,
        )
        self.players.observe(lambda _: self._new_count(), names="value")
        self.roll_button = button(message("ui.roll_off"), message("ui.roll_off.tip"))
        self.roll_button.button_style = "primary"
        self.roll_button.add_class(ACTION_CLASS)
        self.roll_button.on_click(lambda _: self.break_tie())
        self.more_button = button(CATALOGUE.plural("ui.more_tiebreaks.n", 100))
        self.more_button.on_click(lambda _: self.break_ties(100))
        self.last = w.HTML()
        self.last.add_class(OUTPUT_CLASS)
        self.tally = [0] * (self.SHOWN + 2)  # the first figure shows an empty tally
        self.figure = LiveChart(self._figure())
        self.widget = w.VBox(
            [
                w.HBox([self.players, self.roll_button, self.more_button]),
                self.last,
                self.figure.widget,
            ]
        )
        self._new_count()

    @property
    def k(self) -> int:
        return self.players.value

    def break_tie(self) -> GameState:
        """Break one tie and show its roll-offs."""
        state = self._play()
        self.last_game = state
        self._refresh()
        return state

    def break_ties(self, n: int) -> None:
        """Break `n` ties and add them to the tally."""
        for _ in range(n):
            self.last_game = self._play()
        self._refresh()

    def _play(self) -> GameState:
        state = break_tie(self.k, self.rng)
        m = len(state.rolloffs)
        self.tally[min(m, self.SHOWN + 1)] += 1
        return state

    def _new_count(self) -> None:
        self.tally = [0] * (self.SHOWN + 2)
        self.last_game = None
        self._refresh()

    def summary(self) -> str:
        n = sum(self.tally)
        text = message(
            "ui.tiebreak_summary",
            tied=CATALOGUE.plural("ui.tied_players.n", self.k),
            played=CATALOGUE.plural("ui.tiebreaks_so_far.n", n),
        )
        if self.last_game is not None:
            s = self.last_game
            assert s.winner is not None
            text += "; " + CATALOGUE.plural(
                "ui.tiebreak_winner.n", len(s.rolloffs), name=s.players[s.winner]
            )
        return text

    def _figure(self) -> go.Figure:
        exact = rolloffs_needed(self.k, self.SHOWN)[1:]
        shown = self.tally[1 : self.SHOWN + 1]
        n = sum(self.tally)
        return charts.exact_vs_observed(
            range(1, self.SHOWN + 1),
            [float(p) for p in exact],
            shown,
            message("chart.rolloffs.title", k=self.k),
            message("chart.rolloffs.x"),
            CATALOGUE.plural("chart.rolloffs.observed.n", n),
            total=n,
        )

    def _refresh(self) -> None:
        s = self.last_game
        if s is None:
            self.last.value = CATALOGUE.plural("ui.tiebreaks_so_far.n", sum(self.tally))
        else:
            rows = []
            for i, rolloff in enumerate(s.rolloffs, 1):
                cells = "".join(
                    f"<td>{s.players[seat]}<br>{_rays_html(rays)}<br>{counted(Face.RAY, rays)}</td>"
                    for seat, rays in rolloff
                )
                rows.append(f"<tr><td><b>{i}</b></td>{cells}</tr>")
            assert s.winner is not None
            verdict = CATALOGUE.plural(
                "ui.tiebreak_winner.n", len(s.rolloffs), name=s.players[s.winner]
            )
            self.last.value = f"<table class='kit-cells'>{''.join(rows)}</table><b>{verdict}</b>"
        fresh = self._figure()
        with updating(self.figure):
            self.figure.data[0].y = fresh.data[0].y
            self.figure.data[1].y = fresh.data[1].y
            self.figure.data[1].name = fresh.data[1].name
            self.figure.layout.title.text = fresh.layout.title.text


def _rays_html(rays: int) -> str:
    """The 6 tie-break dice: the Death Rays drawn, the other dice left blank (only the
    Death Rays count in a roll-off)."""
    blank = "<span class='kit-blank-die'></span>"
    small = die_html(Face.RAY, size_em=1.2)
    return small * rays + blank * (TIEBREAK_DICE - rays)


__all__ = ["RollOff", "break_tie", "rolloffs_needed", "still_tied"]
