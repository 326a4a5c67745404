"""Notebook 2: the odds of research — what a DNA die gives a scientist (exact bars, and the
share among simulated rolls), and the threat of the held die as fewer or more dice stay
unclaimed."""

from __future__ import annotations

import random
from collections.abc import Sequence
from fractions import Fraction
from html import escape

import ipywidgets as w

from dino_kit import odds
from dino_kit.components import ComponentSet
from dino_kit.components.schema import Die
from dino_kit.effects import DNA_TYPES
from dino_kit.messages import message
from dino_kit.widgets import charts
from dino_kit.widgets.data import current_components
from kit_common.messages import number_text
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, updating
from kit_common.widgets.live_chart import LiveChart

ANY_DIE = "any"


def gain_label(gain: odds.Gain | None) -> str:
    """A die's gain in words: "+4 blue", "rare: worker", "cannot claim"."""
    if gain is None:
        return message("ui.cannot_claim")
    if gain.rare is not None:
        return message("ui.rare_" + gain.rare)
    return f"+{gain.amount} {gain.dna}"


def gain_law(dice: Sequence[Die], level: int) -> dict[str, Fraction]:
    """{label: probability} of what a scientist of `level` gets from one die drawn uniformly
    from `dice` and rolled, in a stable order (by type, then amount)."""
    out: dict[odds.Gain | None, Fraction] = {}
    for d in dice:
        for g, p in odds.die_gain_distribution(d, level).items():
            out[g] = out.get(g, Fraction(0)) + p / len(dice)

    def key(g: odds.Gain | None) -> tuple:
        if g is None:
            return (2, 0, 0)
        if g.rare is not None:
            return (1, g.rare, 0)
        return (0, DNA_TYPES.index(g.dna), g.amount)

    order = sorted(out, key=key)
    return {gain_label(g): out[g] for g in order}


class DieExplorer(App):
    """Choose a die (or any die of the box) and a scientist; roll it many times and compare
    the share of each gain with its exact odds."""

    def __init__(self, seed: int = 1, components: ComponentSet | None = None) -> None:
        self.components = components or current_components()
        self.seed = seed
        self.rng = random.Random(seed)
        dice = self.components.dice
        self.die_picker = w.Dropdown(
            options=[(message("ui.any_die"), ANY_DIE)] + [(d.id, d.id) for d in dice],
            value=ANY_DIE,
            description=message("ui.die"),
        )
        self.level = w.ToggleButtons(
            options=[(message("ui.scientist", level=k), k) for k in odds.LEVELS],
            value=1,
            description=message("ui.scientist_label"),
        )
        self.level.style.button_width = "auto"
        self.roll_button = button(message("ui.roll_die"))
        self.roll_button.add_class(ACTION_CLASS)
        self.roll_button.button_style = "primary"
        self.roll_button.on_click(lambda _: self.roll(1))
        self.many_button = button(message("ui.roll_many", n=600))
        self.many_button.on_click(lambda _: self.roll(600))
        self.die_picker.observe(lambda _: self.reset(), names="value")
        self.level.observe(lambda _: self.reset(), names="value")
        self.status = w.HTML()
        self.status.add_class(OUTPUT_CLASS)
        self.figure = LiveChart(charts.exact_vs_observed([], [], [], "", message("chart.die.x")))
        self.figure.add_class(OUTPUT_CLASS)
        self.widget = w.VBox(
            [w.HBox([self.die_picker, self.roll_button, self.many_button]), self.level,
             self.status, self.figure.widget]
        )  # fmt: skip
        self.reset()

    def dice(self) -> tuple[Die, ...]:
        c = self.components
        return c.dice if self.die_picker.value == ANY_DIE else (c.die(self.die_picker.value),)

    def exact(self) -> dict[str, Fraction]:
        return gain_law(self.dice(), self.level.value)

    def reset(self) -> None:
        """Forget the rolls (after changing the die or the scientist)."""
        self.tally = dict.fromkeys(self.exact(), 0)
        self.last = ""
        self._refresh()

    def roll(self, n: int) -> None:
        """Roll the chosen die `n` times (a die drawn from the box each time for "any")."""
        dice = self.dice()
        for _ in range(n):
            face = self.rng.choice(self.rng.choice(dice).faces)
            self.last = gain_label(odds.face_gain(face, self.level.value))
            self.tally[self.last] += 1
        self._refresh()

    def summary(self) -> str:
        return message(
            "ui.die_summary",
            rolls=sum(self.tally.values()),
            level=self.level.value,
            last=self.last or "—",
        )

    def _refresh(self) -> None:
        law = self.exact()
        mean = odds.mean(odds.dna_amount_distribution(self.dice(), self.level.value))
        self.status.value = escape(
            self.summary()
            + " · "
            + message("ui.mean_dna", mean=number_text(float(mean), ".2f"), exact=mean)
        )
        n = sum(self.tally.values())
        with updating(self.figure):
            self.figure.data[0].x = self.figure.data[1].x = list(law)
            self.figure.data[0].y = [float(p) for p in law.values()]
            self.figure.data[1].y = [self.tally[k] / n if n else None for k in law]
            self.figure.data[1].name = message("chart.observed", n=n)
            self.figure.layout.title.text = message("chart.die.title", level=self.level.value)


class HeldThreatExplorer(App):
    """The held die: exact odds of the threat it adds when k dice of the pool stay
    unclaimed (every set of k dice equally likely), for a seeded pool of 2–4 players."""

    def __init__(
        self, players: int = 2, seed: int = 1, components: ComponentSet | None = None
    ) -> None:
        self.components = components or current_components()
        self.seed = seed
        self.players = w.ToggleButtons(
            options=[(message("ui.n_players", n=n), n) for n in (2, 3, 4)],
            value=players,
            description=message("ui.players"),
        )
        self.unclaimed = w.IntSlider(value=2, min=0, max=2 * players + 1,
                                     description=message("ui.unclaimed"))  # fmt: skip
        self.unclaimed.add_class(ACTION_CLASS)
        self.players.observe(lambda _: self._on_players(), names="value")
        self.unclaimed.observe(lambda _: self._refresh(), names="value")
        self.table = w.HTML()
        self.table.add_class(OUTPUT_CLASS)
        self.figure = LiveChart(
            charts.law_bars(
                [], [[], []], ["", ""], message("chart.held.title"), message("chart.held.x")
            )
        )
        self.widget = w.VBox([self.players, self.unclaimed, self.table, self.figure.widget])
        for n in (2, 3, 4):  # work the odds out now, so that a click only looks them up
            pool = self._pool(n)
            for k in range(len(pool) + 1):
                odds.held_threat_distribution(pool, k)
        self._on_players()

    def pool(self) -> tuple[Die, ...]:
        """2 dice per player + 1, drawn from the box with `random.Random(seed)`."""
        return self._pool(self.players.value)

    def _pool(self, players: int) -> tuple[Die, ...]:
        return tuple(random.Random(self.seed).sample(list(self.components.dice), 2 * players + 1))

    def law(self, unclaimed: int | None = None) -> dict[int, Fraction]:
        k = self.unclaimed.value if unclaimed is None else unclaimed
        return odds.held_threat_distribution(self.pool(), k)

    def _on_players(self) -> None:
        size = 2 * self.players.value + 1
        self.unclaimed.max = size
        self.unclaimed.value = min(self.unclaimed.value, size)
        self._refresh()

    def summary(self) -> str:
        law = self.law()
        return message(
            "ui.held_summary",
            pool=", ".join(d.id for d in self.pool()),
            k=self.unclaimed.value,
            mean=odds.mean(law),
            p3=law.get(3, Fraction(0)),
        )

    def _refresh(self) -> None:
        pool = self.pool()
        cells = "".join(
            f"<td>{k}</td><td>"
            f"{number_text(float(odds.mean(odds.held_threat_distribution(pool, k))), '.3f')}"
            "</td></tr><tr>"
            for k in range(len(pool) + 1)
        )
        self.table.value = (
            f"<p>{escape(self.summary())}</p><table class='kit-threat-table'>"
            f"<tr><th>{message('ui.unclaimed')}</th>"
            f"<th>{message('ui.mean_held')}</th></tr><tr>{cells}</tr></table>"
        )
        xs = list(range(4))
        k = self.unclaimed.value
        laws = [[float(self.law(k).get(x, 0)) for x in xs],
                [float(self.law(len(pool)).get(x, 0)) for x in xs]]  # fmt: skip
        names = [message("chart.held.k", k=k), message("chart.held.all", k=len(pool))]
        with updating(self.figure):
            for trace, law, name in zip(self.figure.data, laws, names):
                trace.x, trace.y, trace.name = xs, law, name
