"""Notebook 6: the final-score calculator — type in a park, see each part of its final score
as the engine's `objectives.breakdown` counts it."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from dino_kit.components import ComponentSet
from dino_kit.messages import message
from dino_kit.narrate import objective_line
from dino_kit.objectives import breakdown
from dino_kit.setup import new_game
from dino_kit.state import Exhibit, GameState, PlayerState
from dino_kit.widgets.data import current_components
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, wrapping

EXHIBIT_ROWS = 4
PARTS = ("track", "attractions", "exhibits", "objectives", "money", "total")


class ScoreCalculator(App):
    """The VP track, money, attractions, exhibits (recipe and dinosaurs) and objectives of a
    park; the table shows its final score part by part."""

    def __init__(self, components: ComponentSet | None = None) -> None:
        self.components = c = components or current_components()
        self.table: GameState = new_game(2, c)
        start = c.tables.starting_exhibit
        self.track = w.IntSlider(value=10, min=-30, max=100, description=message("score.track"))
        self.money = w.IntSlider(value=0, min=0, max=100, description=message("ui.money_dollars"))
        self.attractions = w.SelectMultiple(
            options=[
                (message("ui.named_vp", name=c.name_of(a), vp=a.vp), a.id) for a in c.attractions
            ],
            description=message("score.attractions"),
            rows=6,
        )
        self.objectives = w.SelectMultiple(
            options=[(objective_line(o), o.id) for o in c.objectives],
            description=message("score.objectives"),
            rows=6,
        )
        recipes = [(message("ui.named_vp", name=c.name_of(start), vp=start.vp), start.id)] + [
            (message("ui.named_vp", name=c.name_of(r), vp=r.vp), r.id) for r in c.recipes
        ]
        self.exhibits = []
        for i in range(EXHIBIT_ROWS):
            pick = w.Dropdown(
                options=[(message("ui.no_exhibit"), None), *recipes],
                value=start.id if i == 0 else None,
                description=message("ui.exhibit_n", n=i + 1),
            )
            dinos = w.IntSlider(
                value=1 if i == 0 else 0, min=0, max=4, description=message("ui.dinosaurs")
            )
            self.exhibits.append((pick, dinos))
        self.score_button = button(message("ui.score_button"))
        self.score_button.button_style = "primary"
        self.score_button.on_click(lambda _: self.show())
        for widget in (self.track, self.money, self.attractions, self.objectives):
            widget.observe(lambda _: self.show(), names="value")
        for pick, dinos in self.exhibits:
            pick.observe(lambda _: self.show(), names="value")
            dinos.observe(lambda _: self.show(), names="value")
        self.track.add_class(ACTION_CLASS)  # every input rescores at once; the track is first
        self.out = w.HTML()
        self.out.add_class(OUTPUT_CLASS)
        self.widget = w.VBox(
            [
                w.HBox([self.track, self.money, self.score_button]),
                *[w.HBox(row) for row in self.exhibits],
                wrapping(w.HBox([self.attractions, self.objectives])),
                self.out,
            ]
        )
        self.show()

    def player(self) -> PlayerState:
        """The park as typed in."""
        exhibits = tuple(
            Exhibit(pick.value, dinos.value, max(1, dinos.value))
            for pick, dinos in self.exhibits
            if pick.value is not None
        )
        return PlayerState(
            money=self.money.value,
            vp=self.track.value,
            exhibits=exhibits,
            attractions=tuple(self.attractions.value),
            objectives=tuple(self.objectives.value),
        )

    def parts(self) -> dict[str, int]:
        return breakdown(self.table, self.player())

    def show(self) -> None:
        parts = self.parts()
        cells = "".join(
            f"<tr><td>{escape(message('score.' + k))}</td><td>{parts[k]}</td></tr>" for k in PARTS
        )
        self.out.value = f"<table class='kit-score-parts'>{cells}</table>"

    def summary(self) -> str:
        parts = self.parts()
        return ", ".join(f"{message('score.' + k)} {parts[k]}" for k in PARTS)
