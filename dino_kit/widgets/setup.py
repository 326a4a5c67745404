"""Notebook 1: the table after setup for 2, 3 or 4 players — what each player starts with,
the dice pool, the market stacks after the "3+"/"4+" tiles leave, the objectives and plot
twists, and a picture of a player's lab and park. The table is `dino_kit.simulate.set_up`'s,
its numbers `dino_kit.setup.setup_facts`'."""

from __future__ import annotations

from html import escape

import ipywidgets as w

from dino_kit.components import ComponentSet
from dino_kit.messages import message
from dino_kit.narrate import twist_line
from dino_kit.setup import setup_facts, setup_sentence
from dino_kit.simulate import set_up
from dino_kit.widgets.data import current_components
from dino_kit.widgets.game import objective_text
from dino_kit.widgets.views import board_html, market_html, research_html
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App


class SetupExplorer(App):
    """Pick 2, 3 or 4 players and see the table after setup (seeded)."""

    def __init__(
        self, players: int = 2, seed: int = 1, components: ComponentSet | None = None
    ) -> None:
        self.components = components or current_components()
        self.seed = seed
        self.picker = w.ToggleButtons(
            options=[(message("ui.n_players", n=n), n) for n in (2, 3, 4)],
            value=players,
            description=message("ui.players"),
        )
        self.picker.add_class(ACTION_CLASS)
        self.picker.observe(lambda _: self.show(self.picker.value), names="value")
        self.table = w.HTML()
        self.table.add_class(OUTPUT_CLASS)
        self.board = w.HTML()
        self.centre = w.HTML()
        self.widget = w.VBox([self.picker, self.table, self.board, self.centre])
        self.show(players)

    def show(self, players: int) -> None:
        """Set up a game of `players` and draw it."""
        self.state = set_up(players, self.seed, self.components)
        self.picker.value = players
        s = self.state
        f = setup_facts(s)
        rows = "".join(
            f"<tr><td>{i + 1}</td><td>{escape(s.names[seat])}</td><td>${s.players[seat].money}</td>"
            f"<td>{s.players[seat].workers} + {s.players[seat].supply}</td></tr>"
            for i, seat in enumerate(s.order)
        )
        head = message("ui.setup_head")
        objectives = "".join(f"<li>{escape(objective_text(s, o))}</li>" for o in s.objectives)
        twists = (
            "; ".join(twist_line(s.components.plot_twist(t), s.components) for t in s.plot_twists)
            or "—"
        )
        self.table.value = (
            f"<table><tr>{head}</tr>{rows}</table>"
            f"<p>{escape(setup_sentence(f))}</p>"
            f"<div>{escape(message('ui.objectives'))}<ul>{objectives}</ul></div>"
            f"<div>{escape(message('ui.twists', names=twists))}</div>"
        )
        self.board.value = board_html(s, s.order[0])
        self.centre.value = research_html(s) + market_html(s)

    def summary(self) -> str:
        f = setup_facts(self.state)
        cash = ", ".join(f"${c}" for c in f["cash_in_turn_order"])
        return message("ui.setup_summary", **{**f, "cash_in_turn_order": cash})
