"""Notebook 5: the park phase's odds — set excitement, room inside, threat, security and the
held die, and see the exact law of the round's VP and eaten visitors, and how the expected VP
moves with security (the risk chart)."""

from __future__ import annotations

import random
from fractions import Fraction
from html import escape

import ipywidgets as w

from dino_kit import odds
from dino_kit.components import ComponentSet
from dino_kit.messages import message, plural
from dino_kit.objectives import MONEY_PER_VP
from dino_kit.odds import RiskPoint
from dino_kit.rules import Rules
from dino_kit.widgets import charts
from dino_kit.widgets.data import current_components
from kit_common.messages import number_text
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, updating, wrapping
from kit_common.widgets.live_chart import LiveChart

POOL_SIZE = 5  # a 2-player pool
SECURITIES = range(1, 21)


class ParkRisk(App):
    """Sliders for one player's park round; the charts show its exact odds."""

    def __init__(
        self,
        visitors: int = 6,
        capacity: int = 4,
        threat: int = 3,
        security: int = 3,
        unclaimed: int = 2,
        seed: int = 1,
        components: ComponentSet | None = None,
    ) -> None:
        self.components = components or current_components()
        self.pool = tuple(random.Random(seed).sample(list(self.components.dice), POOL_SIZE))
        bag = self.components.visitors
        self.bag = (bag.customers, bag.hooligans)

        def slider(value: int, low: int, high: int, key: str) -> w.IntSlider:
            s = w.IntSlider(
                value=value,
                min=low,
                max=high,
                description=message(key),
            )
            s.add_class("kit-park-slider")  # 32em, its name 11em (kit.css)
            s.observe(lambda _: self._refresh(), names="value")
            return s

        self.visitors = slider(visitors, 0, 20, "ui.excitement")
        self.capacity = slider(capacity, 0, 20, "ui.capacity")
        self.threat = slider(threat, 1, 20, "ui.threat_track")
        self.security = slider(security, 1, 20, "ui.security")
        self.security.add_class(ACTION_CLASS)
        self.unclaimed = slider(unclaimed, 0, POOL_SIZE, "ui.unclaimed")
        self.text = w.HTML()
        self.text.add_class(OUTPUT_CLASS)
        names = [message("chart.park.vp"), message("chart.park.eaten")]
        self.law_figure = LiveChart(
            charts.law_bars(
                [], [[], []], names, message("chart.park.title"), message("chart.park.x")
            )
        )
        self.risk_figure = LiveChart(charts.risk_chart([], [], [], security))
        self.widget = w.VBox(
            [self.visitors, self.capacity, self.threat, self.unclaimed, self.security, self.text,
             wrapping(w.HBox([self.law_figure.widget, self.risk_figure.widget]))]
        )  # fmt: skip
        self._refresh()

    def threat_law(self) -> dict[int, Fraction]:
        """The round's threat: the track plus the held die's pips."""
        held = odds.held_threat_distribution(self.pool, self.unclaimed.value)
        return odds.add_laws(self.threat.value, held)

    def odds(self, security: int | None = None) -> odds.ParkOdds:
        s = self.security.value if security is None else security
        return odds.park_odds(
            self.visitors.value, self.capacity.value, self.threat_law(), s, *self.bag
        )

    def curve(self) -> list[RiskPoint]:  # (`odds` here is the method above)
        return odds.risk_curve(
            self.visitors.value, self.capacity.value, self.threat_law(), SECURITIES, *self.bag
        )

    def summary(self) -> str:
        o = self.odds()
        return message(
            "ui.park_summary",
            vp=o.expected("vp"),
            vp_float=number_text(float(o.expected("vp")), ".2f"),  # a loss reads "−0.40"
            p=number_text(float(o.p(lambda x: x.eaten > 0)), ".3f"),
            eaten=number_text(float(o.expected("eaten")), ".2f"),
            money=number_text(float(o.expected("money")), ".2f"),
        )

    def _refresh(self) -> None:
        """Recompute the odds and update the two charts' traces in place (no new figures:
        rebuilding a plotly layout costs more than the exact odds)."""
        o = self.odds()
        self.text.value = f"<b>{escape(self.summary())}</b>"
        vp, eaten = o.law("vp"), o.law("eaten")
        xs = list(range(min(min(vp), 0), max(max(vp), max(eaten)) + 1))
        curve = self.curve()
        with updating(self.law_figure):
            for trace, law in zip(self.law_figure.data, (vp, eaten)):
                trace.x = xs
                trace.y = [float(law.get(x, 0)) for x in xs]
        with updating(self.risk_figure):
            securities = [p.security for p in curve]
            self.risk_figure.data[0].x = self.risk_figure.data[1].x = securities
            self.risk_figure.data[0].y = [float(p.expected_vp) for p in curve]
            self.risk_figure.data[1].y = [float(p.p_eaten) for p in curve]
            shape = self.risk_figure.layout.shapes[0]
            shape.x0 = shape.x1 = self.security.value


class FoodChoice(App):
    """The food attraction's choice: each customer there gives 1 VP now or money (with the
    rules' food price, $2 in the base game). Slide how many customers are at food attractions
    and how many pay money; the table says what each choice gives now and what the money is
    worth if it is kept to the end ($5 = 1 point)."""

    def __init__(self, food_customers: int = 3, components: ComponentSet | None = None) -> None:
        self.components = components or current_components()
        self.price = Rules().food_money
        self.food = w.IntSlider(
            value=food_customers,
            min=0,
            max=8,
            description=message("ui.food_customers"),
            style={"description_width": "initial"},
        )
        self.as_money = w.IntSlider(
            value=0,
            min=0,
            max=food_customers,
            description=message("ui.as_money"),
            style={"description_width": "initial"},
        )
        self.as_money.add_class(ACTION_CLASS)
        self.text = w.HTML()
        self.text.add_class(OUTPUT_CLASS)
        self.food.observe(lambda _: self._limit(), names="value")
        self.as_money.observe(lambda _: self._refresh(), names="value")
        self.widget = w.VBox([w.HBox([self.food, self.as_money]), self.text])
        self._refresh()

    def choice(self, as_money: int | None = None) -> tuple[int, int, int]:
        """(VP now, money now, points at the end if the money is kept) for a choice."""
        m = self.as_money.value if as_money is None else as_money
        vp, money = self.food.value - m, m * self.price
        return vp, money, vp + money // MONEY_PER_VP

    def summary(self) -> str:
        vp, money, kept = self.choice()
        return plural("ui.food_summary_n", kept, vp=vp, money=money)

    def _limit(self) -> None:
        self.as_money.max = self.food.value
        self._refresh()

    def _refresh(self) -> None:
        head = "".join(
            f"<th>{escape(message('ui.food_col.' + k))}</th>"
            for k in ("money", "vp", "cash", "kept")
        )
        rows = []
        for m in range(self.food.value + 1):
            vp, money, kept = self.choice(m)
            bold = " class='kit-chosen'" if m == self.as_money.value else ""
            rows.append(
                f"<tr{bold}><td>{m}</td><td>+{vp}</td><td>+${money}</td><td>{kept}</td></tr>"
            )
        self.text.value = (
            f"<p><b>{escape(self.summary())}</b></p>"
            f"<table class='kit-food-table'><tr>{head}</tr>{''.join(rows)}</table>"
        )
