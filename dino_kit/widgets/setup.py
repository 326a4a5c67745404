"""Notebook 1: the table after setup for 2, 3 or 4 players — what each player starts with,
the dice pool, the market stacks after the "3+"/"4+" tiles leave, the objectives and plot
twists, and a picture of a player's lab and park."""

from __future__ import annotations

import random
from html import escape
from typing import Any

import ipywidgets as w

from dino_kit.bots import bot_by_name
from dino_kit.components import ComponentSet
from dino_kit.engine import run
from dino_kit.messages import message, plural
from dino_kit.narrate import twist_line
from dino_kit.setup import new_game
from dino_kit.state import GameState
from dino_kit.widgets.data import current_components
from dino_kit.widgets.game import objective_text
from dino_kit.widgets.views import board_html, market_html, research_html
from kit_common.display import Table
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App


def set_up(
    players: int, seed: int, components: ComponentSet | None = None, **settings: Any
) -> GameState:
    """A new game with every random part of setup (and round 1's roll) drawn with
    `random.Random(seed)`: the table as the first player finds it."""
    rng = random.Random(seed)
    state = new_game(players, components or current_components(), **settings)
    return run(state, (), rng)  # no agents: chance plays until the first player must act


def setup_facts(state: GameState) -> dict[str, Any]:
    """The numbers setup fixed, for the page and its checks."""
    in_market = [x for col in state.rows[:2] for x in col if x is not None]
    return {
        "players": state.num_players,
        "pool": len(state.pool),
        "dice_left_in_box": len(state.dice_box),
        "cash_in_turn_order": [state.players[s].money for s in state.order],
        "attractions_in_play": len(state.stacks[0]) + sum(1 for x in state.rows[0] if x),
        "lab_upgrades_in_play": len(state.stacks[1]) + sum(1 for x in state.rows[1] if x),
        "market_items": len(in_market) + sum(1 for x in state.rows[2] if x),
        "objectives": len(state.objectives),
        "plot_twists": len(state.plot_twists),
        "bag": state.bag,
    }


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


def setup_sentence(facts: dict[str, Any]) -> str:
    """The facts of a setup (`setup_facts`) in one sentence."""
    return plural("ui.setup_facts_n", facts["plot_twists"], **facts)


def setup_table(by_players: dict[int, dict[str, Any]]) -> Table:
    """What changes with the number of players: one row per player count."""
    rows = [
        (n, f["pool"], f["attractions_in_play"], f["lab_upgrades_in_play"], f["objectives"],
         ", ".join(str(c) for c in f["cash_in_turn_order"]))
        for n, f in by_players.items()
    ]  # fmt: skip
    headers = [message("ui.setup_col." + k) for k in SETUP_COLUMNS]
    return Table(headers, rows)


SETUP_COLUMNS = ("players", "pool", "attractions", "upgrades", "objectives", "cash")


def play_until(state: GameState, phase: str, seed: int = 1, bot: str = "heuristic") -> GameState:
    """The game after every seat has played like `bot` (chance drawn with
    `random.Random(seed)`) until `phase` begins — a table to study one phase on."""
    play = bot_by_name(bot)
    return run(
        state, [play] * state.num_players, random.Random(seed), until=lambda s: s.phase == phase
    )
