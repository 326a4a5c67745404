"""A playable turn: the dice set aside and just rolled, one button per action (only the legal
ones enabled), and a line saying which rule the last step applied.

`ActionBar` and `TurnView` are the pieces; `TurnPlayer` puts them together for notebook 2,
and the game app of notebook 7 reuses them.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable

import ipywidgets as w

from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, wrapping
from martian_kit.dice import FaceCounts
from martian_kit.explain import explain_action, explain_roll
from martian_kit.messages import face_message, message
from martian_kit.narrate import describe_counts
from martian_kit.turn import TAKE_ACTIONS, Action, Phase, TurnState
from martian_kit.widgets.dice_view import dice_html


def can_roll(state: TurnState) -> bool:
    """True when the Roll button applies: at the start of a turn, after choosing to roll
    again (both chance nodes), or when the player may roll or stop."""
    return state.is_chance_node() or Action.ROLL in state.legal_actions()


class ActionBar:
    """One button per action of a turn: Roll, Stop, and Take for each face that can be set
    aside. `update(state)` enables exactly the legal ones; a click calls `on_action(action)`."""

    ORDER = (Action.ROLL, Action.STOP, *TAKE_ACTIONS)

    def __init__(self, on_action: Callable[[Action], None]) -> None:
        self.on_action = on_action
        self.buttons: dict[Action, w.Button] = {}
        for action in self.ORDER:
            if action.face is None:
                b = button(message(f"ui.{action.value}"), message(f"ui.{action.value}.tip"))
            else:
                b = button(
                    face_message("ui.take", action.face),
                    face_message("ui.take.tip", action.face),
                )
            b.on_click(lambda _, a=action: self.on_action(a))
            self.buttons[action] = b
        self.buttons[Action.ROLL].add_class(ACTION_CLASS)
        self.buttons[Action.ROLL].button_style = "primary"
        self.buttons[Action.STOP].button_style = "warning"
        self.widget = wrapping(w.HBox(list(self.buttons.values())))

    def update(self, state: TurnState | None) -> None:
        """Enable the legal actions of `state` (none when `state` is None: not your turn)."""
        enabled = self.enabled_actions(state)
        for action, b in self.buttons.items():
            b.disabled = action not in enabled

    @staticmethod
    def enabled_actions(state: TurnState | None) -> set[Action]:
        """The actions whose buttons are enabled in `state`."""
        if state is None:
            return set()
        enabled = set(state.legal_actions())
        if can_roll(state):
            enabled.add(Action.ROLL)
        return enabled

    def enabled(self) -> list[Action]:
        """The actions whose buttons are enabled now, in button order."""
        return [a for a, b in self.buttons.items() if not b.disabled]


class TurnView:
    """The dice of a turn: those set aside so far and those just rolled, and the score."""

    def __init__(self) -> None:
        self.set_aside = w.HTML()
        self.rolled = w.HTML()
        self.score = w.HTML()
        self.widget = w.VBox(
            [
                w.HBox([_row_label(message("ui.set_aside")), self.set_aside]),
                w.HBox([_row_label(message("ui.rolled")), self.rolled]),
                self.score,
            ]
        )

    def update(self, state: TurnState) -> None:
        nothing = message("ui.nothing_yet")
        self.set_aside.value = dice_html(state.set_aside, empty=nothing)
        self.rolled.value = dice_html(state.rolled or FaceCounts(), empty=nothing)
        key = "ui.turn_over" if state.is_terminal() else "ui.score_now"
        self.score.value = message(key, explanation=state.explain_score())


def _row_label(text: str) -> w.HTML:
    """The name of a row of dice, 7em wide (kit.css's `kit-row-label`)."""
    made = w.HTML(f"<b>{text}</b>")
    made.add_class("kit-row-label")
    return made


class TurnPlayer(App):
    """Play one turn of Martian Dice with buttons. Only the legal actions are enabled; after
    each step a line explains the rule that applied. `rolls` rigs the first rolls (to show a
    chosen situation); later rolls come from a `random.Random(seed)`."""

    def __init__(self, seed: int = 1, rolls: Iterable[FaceCounts] = ()) -> None:
        self.seed = seed
        self.scripted = [FaceCounts(*r) for r in rolls]
        self.actions = ActionBar(self.act)
        self.view = TurnView()
        self.why = w.HTML()
        self.why.add_class(OUTPUT_CLASS)
        self.story = w.HTML()
        self.new_button = button(message("ui.new_turn"))
        self.new_button.on_click(lambda _: self.new_turn())
        self.widget = w.VBox(
            [
                self.view.widget,
                w.HBox([self.actions.widget, self.new_button]),
                self.why,
                self.story,
            ]
        )
        self.rng = random.Random(seed)
        self._rolls_left = list(self.scripted)
        self.new_turn(reseed=False)

    def new_turn(self, reseed: bool = False) -> None:
        """Start a fresh turn (the dice go on with the same generator unless `reseed`)."""
        if reseed:
            self.rng = random.Random(self.seed)
            self._rolls_left = list(self.scripted)
        self.state = TurnState()
        self.lines: list[list[str]] = []
        self._refresh()

    def act(self, action: Action) -> None:
        """Do what a button does: roll the dice left, stop, or set a type aside. An illegal
        action raises the engine's `RuleError` and changes nothing."""
        action = Action(action)
        before = self.state
        if action is Action.ROLL:
            state = before if before.is_chance_node() else before.apply_action(Action.ROLL)
            rolled = self._next_roll(state)
            after = state.apply_roll(rolled)
            lines = explain_roll(state, rolled, after)
        else:
            after = before.apply_action(action)
            lines = explain_action(before, action, after)
        self.state = after
        self.lines.append(lines)
        self._refresh()

    def _next_roll(self, state: TurnState) -> FaceCounts:
        if self._rolls_left and self._rolls_left[0].total == state.dice_left:
            return self._rolls_left.pop(0)
        self._rolls_left = []  # the player left the script: the dice are random from here
        return state.sample_roll(self.rng)

    @property
    def explanation(self) -> str:
        """The sentences about the last step."""
        return " ".join(self.lines[-1]) if self.lines else ""

    def summary(self) -> str:
        """The turn in one line of text (the widget's text form): the dice set aside and
        rolled, the score, and the buttons the reader may press now, as labelled."""
        text = message("summary.turn", set_aside=describe_counts(self.state.set_aside))
        if self.state.rolled:
            text = message(
                "summary.turn.rolled", text=text, rolled=describe_counts(self.state.rolled)
            )
        text = message("summary.turn.score", text=text, score=self.state.explain_score())
        # the buttons as the reader sees them (their labels), not the actions' English keys
        buttons = self.actions.buttons
        enabled = ", ".join(buttons[a].description for a in self.actions.enabled()) or message(
            "summary.no_buttons"
        )
        return message("summary.turn.buttons", text=text, buttons=enabled)

    def _refresh(self) -> None:
        self.view.update(self.state)
        self.actions.update(self.state)
        self.new_button.disabled = not self.lines
        self.why.value = f"<b>{self.explanation}</b>" if self.lines else ""
        earlier = "".join(f"<li>{' '.join(lines)}</li>" for lines in self.lines[:-1])
        self.story.value = f'<ol class="kit-muted">{earlier}</ol>' if earlier else ""


__all__ = ["ActionBar", "Phase", "TurnPlayer", "TurnView", "can_roll"]
