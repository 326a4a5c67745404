"""Martian Dice played together from several devices (notebooks/classroom/
martian_dice_together.ipynb): the room's page (`kit_common.widgets.rooms.RoomApp`) with this
kit's table: every seat's total, the turn's dice (set aside and just rolled) and score, the
turn's buttons (`ActionBar`, as on the game page; enabled only on the device of the seat to
act), the finished turns told as the game page tells them, a tie at the end and its
roll-offs as the game page's log tells them (the room draws the roll-offs, nobody decides
in them: `martian_kit.game`), and the end's statistics."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from kit_common.rooms import RoomStore, RoomView
from kit_common.widgets.rooms import RoomApp, Send
from kit_common.words import message as common_message
from martian_kit.game import GameState
from martian_kit.messages import policy_name
from martian_kit.narrate import describe_turn
from martian_kit.rooms import ROOM_GAME
from martian_kit.turn import Action
from martian_kit.widgets.game import game_stats, rolloff_lines, stats_html, tie_line
from martian_kit.widgets.turn import ActionBar, TurnView

#: The CSS class of every button that makes a move.
MOVE_CLASS = "kit-move"
#: The finished turns the story shows, newest first.
STORY_TURNS = 30


class MartianTable:
    """The table of a Martian Dice room: `show(view, seat)` draws the room's game and enables
    the buttons of the legal moves when `seat` is to act; a press sends the move (a Roll at
    the start of a turn throws the seat's dice)."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.state: GameState | None = None
        self.whose = w.HTML()
        self.turn = TurnView()
        self.actions = ActionBar(self.act)
        for part in self.actions.buttons.values():
            part.add_class(MOVE_CLASS)
        self.actions.update(None)
        self.story = w.HTML()
        self.stats = w.HTML()
        self.widget = w.VBox(
            [self.whose, self.turn.widget, self.actions.widget, self.stats, self.story]
        )
        self.widget.layout.display = "none"

    def act(self, action: Action) -> None:
        """What a button does: the move, sent for this device's seat."""
        state = self.state
        if action == Action.ROLL and state is not None and state.turn.is_chance_node():
            self.send({"throw": True})
        else:
            self.send({"action": action.value})

    def show(self, view: RoomView, seat: int | None) -> None:
        state = view.state
        if not isinstance(state, GameState):
            self.widget.layout.display = "none"
            return
        self.state = state
        self.widget.layout.display = None
        mine = seat is not None and view.to_act == seat and not state.in_tiebreak()
        if state.is_terminal():
            self.whose.value = ""
        elif state.in_tiebreak():  # nobody's turn: the room rolls the tied players' dice
            self.whose.value = f"<p><b>{escape(tie_line(state))}</b></p>"
        elif mine:
            self.whose.value = f"<p><b>{escape(common_message('roomview.your_turn'))}</b></p>"
        else:
            name = state.players[state.seat]
            self.whose.value = f"<p>{escape(common_message('roomview.to_act', name=name))}</p>"
        self.turn.update(state.turn)
        self.actions.update(state.turn if mine and not state.is_terminal() else None)
        told = [describe_turn(state, t) for t in reversed(state.log[-STORY_TURNS:])]
        tie = tie_line(state)
        rolloffs = "".join(f"<li>{escape(line)}</li>" for line in rolloff_lines(state))
        tiebreak = f"<div class='kit-tiebreak'><b>{escape(tie)}</b><ul>{rolloffs}</ul></div>"
        self.story.value = (tiebreak if tie else "") + "".join(
            f"<p class='kit-lines'>{escape(text)}</p>" for text in told
        )
        self.stats.value = stats_html(game_stats(state)) if state.is_terminal() else ""


def together_app(
    open_store: Callable[[], RoomStore] | None = None, poll_s: float | None = 0.25, **kwargs: Any
) -> RoomApp:
    """The page's app: a Martian Dice room (2 to 10 seats, the kit's strategies as bots)."""
    return RoomApp(
        ROOM_GAME,
        MartianTable,
        "martian_dice_together.ipynb",
        bot_label=policy_name,
        open_store=open_store,
        poll_s=poll_s,
        **kwargs,
    )
