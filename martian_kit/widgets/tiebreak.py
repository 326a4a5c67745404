"""The tie-break roll-off in notebook 4: how many roll-offs a tie-break takes, exactly, and a
widget that breaks ties with the engine's own rules.

A roll-off among k tied players ends with j of them still tied (sharing the most Death Rays)
with a probability that the engine's `tiebreak_distribution` fixes; chaining those steps (a
Markov chain on "how many are still tied") gives the whole distribution of the number of
roll-offs, in fractions. Its mean is checked against `martian_kit.odds.tiebreak_odds`.
"""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from math import comb

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, updating
from kit_common.widgets.live_chart import LiveChart
from martian_kit import charts
from martian_kit.dice import Face
from martian_kit.game import MAX_PLAYERS, TIEBREAK_DICE, GameState, tiebreak_distribution
from martian_kit.messages import counted, message
from martian_kit.widgets.dice_view import die_html


@cache
def still_tied(k: int) -> tuple[Fraction, ...]:
    """p[j]: the probability that after one roll-off among `k` tied players exactly j of them
    share the most Death Rays (j = 1..k; p[0] is 0). p[1] is the chance the roll-off decides."""
    dist = [p for _, p in tiebreak_distribution()]
    below = [sum(dist[:r], Fraction(0)) for r in range(len(dist))]  # P(fewer than r rays)
    p = [Fraction(0)] * (k + 1)
    for j in range(1, k + 1):
        p[j] = sum(
            (comb(k, j) * dist[r] ** j * below[r] ** (k - j) for r in range(len(dist))),
            Fraction(0),
        )
    return tuple(p)


def rolloffs_needed(k: int, up_to: int) -> tuple[Fraction, ...]:
    """q[m]: the probability that a tie-break among `k` players takes exactly m roll-offs,
    for m = 1..up_to (q[0] is 0; the rest of the probability is beyond `up_to`)."""
    tied = {k: Fraction(1)}  # how many are still tied, with probability
    q = [Fraction(0)] * (up_to + 1)
    for m in range(1, up_to + 1):
        after: dict[int, Fraction] = {}
        for n, pn in tied.items():
            for j, pj in enumerate(still_tied(n)):
                if pj:
                    after[j] = after.get(j, Fraction(0)) + pn * pj
        q[m] = after.pop(1, Fraction(0))
        tied = after
    return tuple(q)


def break_tie(k: int, rng: random.Random) -> GameState:
    """A tie among `k` players broken with the engine's rules: a game that ended tied at 25,
    rolled off with `rng` until one player is ahead. Its `rolloffs` record every roll-off."""
    names = tuple(message("ui.player_n", i=i + 1) for i in range(k))
    state = GameState(players=names, totals=(25,) * k, tied=tuple(range(k)))
    while not state.is_terminal():
        state = state.apply_chance(state.sample_chance(rng))
    return state


class RollOff(App):
    """Break ties among 2 to 10 players with the engine, see each roll-off, and tally how many
    roll-offs tie-breaks take against the exact odds."""

    SHOWN = 8  # the chart shows 1 to 8 roll-offs; longer tie-breaks are tallied apart

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
        self.more_button = button(message("ui.more_tiebreaks", n=100))
        self.more_button.on_click(lambda _: self.break_ties(100))
        self.last = w.HTML()
        self.last.add_class(OUTPUT_CLASS)
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
        self.last_game: GameState | None = None
        self._refresh()

    def summary(self) -> str:
        n = sum(self.tally)
        text = f"{self.k} tied players; {message('ui.tiebreaks_so_far', n=n)}"
        if self.last_game is not None:
            s = self.last_game
            assert s.winner is not None
            text += "; " + message(
                "ui.tiebreak_winner", name=s.players[s.winner], n=len(s.rolloffs)
            )
        return text

    def _figure(self) -> go.Figure:
        exact = rolloffs_needed(self.k, self.SHOWN)[1:]
        shown = self.tally[1 : self.SHOWN + 1] if hasattr(self, "tally") else [0] * self.SHOWN
        n = sum(self.tally) if hasattr(self, "tally") else 0
        return charts.exact_vs_observed(
            range(1, self.SHOWN + 1),
            [float(p) for p in exact],
            shown,
            message("chart.rolloffs.title", k=self.k),
            message("chart.rolloffs.x"),
            message("chart.rolloffs.observed", n=n),
            total=n,
        )

    def _refresh(self) -> None:
        s = self.last_game
        if s is None:
            self.last.value = message("ui.tiebreaks_so_far", n=sum(self.tally))
        else:
            rows = []
            for i, rolloff in enumerate(s.rolloffs, 1):
                cells = "".join(
                    f"<td style='padding:2px 8px'>{s.players[seat]}<br>{_rays_html(rays)}"
                    f"<br>{counted(Face.RAY, rays)}</td>"
                    for seat, rays in rolloff
                )
                rows.append(f"<tr><td><b>{i}</b></td>{cells}</tr>")
            assert s.winner is not None
            verdict = message("ui.tiebreak_winner", name=s.players[s.winner], n=len(s.rolloffs))
            self.last.value = f"<table>{''.join(rows)}</table><b>{verdict}</b>"
        fresh = self._figure()
        with updating(self.figure):
            self.figure.data[0].y = fresh.data[0].y
            self.figure.data[1].y = fresh.data[1].y
            self.figure.data[1].name = fresh.data[1].name
            self.figure.layout.title.text = fresh.layout.title.text


def _rays_html(rays: int) -> str:
    """The 6 tie-break dice: the Death Rays drawn, the other dice left blank (only the
    Death Rays count in a roll-off)."""
    blank = (
        "<span style='display:inline-block;width:1.2em;height:1.2em;margin:1px;"
        "border:1px solid #999;border-radius:0.2em;vertical-align:middle'></span>"
    )
    small = die_html(Face.RAY).replace("font-size:1.35em", "font-size:0.8em")
    return small * rays + blank * (TIEBREAK_DICE - rays)
