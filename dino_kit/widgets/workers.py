"""Notebook 4: the build planner — every way a player can end this round's workers phase,
found by trying the engine's own legal worker actions, reduced to what matters (dinosaurs
created, security, money left), best first; and an app to ask "what can I build with this
DNA, these workers and this money?"."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import NamedTuple

import ipywidgets as w

from dino_kit import abilities
from dino_kit.effects import DNA_TYPES
from dino_kit.messages import message, plural
from dino_kit.narrate import action_label
from dino_kit.phases import workers
from dino_kit.phases.workers import dna_text
from dino_kit.state import Action, GameState
from dino_kit.widgets.views import board_html
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, wrapping

#: Positions looked at, at most: the search stops there (a lab this big is not in the game).
MAX_NODES = 50_000


class Plan(NamedTuple):
    """One way to end the workers phase: the dinosaurs created (recipe names), security,
    money and DNA at the end, and the actions that get there, in order."""

    created: tuple[str, ...]
    security: int
    money: int
    dna: tuple[int, ...]
    actions: tuple[Action, ...]


def plans(state: GameState, seat: int) -> list[Plan]:
    """Every distinct (dinosaurs created, security) result `seat` can reach with its workers
    this round — keeping the most money left, then the most DNA — best first (more dinosaurs,
    then more security, then more money). `state` is in the workers phase."""
    if state.phase != "workers":
        raise ValueError(message("ui.planner_phase", phase=state.phase))
    start = state.players[seat]
    c = state.components
    best: dict[tuple[tuple[str, ...], int], Plan] = {}
    seen: set = set()
    stack: list[tuple[GameState, tuple[Action, ...]]] = [(state, ())]
    while stack and len(seen) < MAX_NODES:
        s, path = stack.pop()
        p = s.players[seat]
        if p in seen:
            continue
        seen.add(p)
        created = tuple(
            c.name_of(e.recipe)
            for e, e0 in zip(p.exhibits, start.exhibits)
            for _ in range(e.dinosaurs - e0.dinosaurs)
        )
        key = (created, p.security)
        plan = Plan(created, p.security, p.money, p.dna, path)
        old = best.get(key)
        if old is None or (plan.money, sum(plan.dna)) > (old.money, sum(old.dna)):
            best[key] = plan
        for a in workers.candidates(s, seat):
            if a.kind == "work":
                stack.append((workers.apply(s, seat, a), (*path, a)))
    return sorted(
        best.values(), key=lambda q: (-len(q.created), -q.security, -q.money, len(q.actions))
    )


def plan_steps(state: GameState, plan: Plan) -> list[str]:
    """The steps of `plan` in words, each said in the position it is played in (`state`: the
    workers phase the plan starts from, its current player the planner's)."""
    steps = []
    seat = state.current_player()
    for a in plan.actions:
        steps.append(action_label(state, a))
        state = workers.apply(state, seat, a)
    return steps


def planner_table(state: GameState, found: Sequence[Plan], top: int = 8) -> str:
    """The best plans as an HTML list, each with its steps in words."""
    items = []
    for plan in found[:top]:
        steps = plan_steps(state, plan)
        made = ", ".join(plan.created) or message("ui.no_dinosaur")
        head = message(
            "ui.plan", made=made, security=plan.security, money=plan.money, dna=dna_text(plan.dna)
        )
        body = "".join(f"<li>{escape(x)}</li>" for x in steps)
        items.append(f"<li><b>{escape(head)}</b><ol>{body}</ol></li>")
    return f"<ol>{''.join(items)}</ol>"


class BuildPlanner(App):
    """Set your lab's DNA, workers and money; **Plan** lists what you can build this round
    (from a game in its workers phase, your exhibits and lab as they are there)."""

    def __init__(self, state: GameState) -> None:
        self.base = state
        self.seat = state.current_player()
        p = state.players[self.seat]
        self.dna = [
            w.BoundedIntText(value=p.dna[i], min=0, max=p.limits[i], description=t)
            for i, t in enumerate(DNA_TYPES)
        ]
        for field in self.dna:
            field.add_class("kit-dna-count")  # 9em (kit.css)
        self.workers = w.IntSlider(
            value=p.workers_free, min=0, max=9, description=message("ui.workers")
        )
        self.money = w.IntSlider(
            value=p.money, min=0, max=40, description="$", continuous_update=False
        )
        self.workers.continuous_update = False
        self.money.add_class(ACTION_CLASS)  # changing an input plans again at once
        for control in (*self.dna, self.workers, self.money):
            control.observe(lambda _: self.plan(), names="value")
        self.plan_button = button(message("ui.plan_button"))
        self.plan_button.button_style = "primary"
        self.plan_button.on_click(lambda _: self.plan())
        self.board = w.HTML()
        self.out = w.HTML()
        self.out.add_class(OUTPUT_CLASS)
        self.widget = w.VBox(
            [
                wrapping(w.HBox(self.dna)),
                w.HBox([self.workers, self.money, self.plan_button]),
                self.board,
                self.out,
            ]
        )
        self.plan()

    def position(self) -> GameState:
        """The workers-phase table with your DNA, workers and money as set."""
        p = self.base.players[self.seat]
        extra = self.workers.value - p.workers_free
        return self.base.with_player(
            self.seat,
            dna=tuple(x.value for x in self.dna),
            workers=max(0, p.workers + extra),
            money=self.money.value,
        )

    def plan(self) -> list[Plan]:
        state = self.position()
        self.found = plans(state, self.seat)
        self.board.value = board_html(state, self.seat)
        self.out.value = f"<p>{escape(self.summary())}</p>" + planner_table(state, self.found)
        return self.found

    def summary(self) -> str:
        most = max((len(p.created) for p in self.found), default=0)
        free = abilities.free_zones(self.base, self.base.players[self.seat])
        return plural("ui.planner_summary_n", most, results=len(self.found), free=free)
