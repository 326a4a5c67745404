"""Dinosaur Island played together from several devices (notebooks/classroom/
dinosaur_island_together.ipynb): the room's page (`kit_common.widgets.rooms.RoomApp`) with
this kit's table and options: the round and phase, the objectives and plot twists, the
research or market display, every player's board (this device's first), the game told as the
game page tells it (`dino_kit.widgets.game.GameStory`: what is at stake as a round starts,
this round so far, the last round's summary, the log of every step), and the move controls
of the game page (the kind of action, the action in words, **Play**, **Place for me**, **Eat
for me**), enabled only on the device of the seat to act. Every device tells the story from
the room's moves, so every device tells the same one.
The options are the game page's: the objective stacks' length and the two variants."""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import ipywidgets as w

from dino_kit.components.schema import OBJECTIVE_LENGTHS
from dino_kit.engine import GameView, apply_action, apply_chance
from dino_kit.messages import bot_name, message
from dino_kit.narrate import action_label, ending_lines, grouped, objective_line, round_start_notice
from dino_kit.phases import park
from dino_kit.rooms import ROOM_GAME
from dino_kit.state import Action, GameState, Phase
from dino_kit.widgets.game import KIND_ORDER, GameStory, final_table, twists_html
from dino_kit.widgets.views import board_html, claimant_name, market_html, research_html
from kit_common.game import CHANCE
from kit_common.rooms import RoomStore, RoomView
from kit_common.widgets.base import FIT_CLASS, button, wrapping
from kit_common.widgets.rooms import RoomApp, Send
from kit_common.words import message as common_message

#: The CSS classes of the buttons that make a move and of the menu a move reads.
MOVE_CLASS = "kit-move"
CHOICE_CLASS = "kit-choice"


class DinoTable:
    """The table of a Dinosaur Island room: `show(view, seat)` draws the room's game and
    offers the legal actions when `seat` is to act; **Play** sends the chosen one."""

    def __init__(self, send: Send) -> None:
        self.send = send
        self.state: GameState | None = None
        self.legal: tuple[Action, ...] = ()
        self._told: GameState | None = None  # the game as far as the story has told it
        self._told_moves = 0
        #: the room's game told as the game page tells it
        self.told = GameStory()
        self.header = w.HTML()
        self.notice = w.HTML()
        self.centre = w.HTML()
        self.boards = w.HTML()
        self.kinds = w.ToggleButtons(
            options=[], description=message("ui.kind"), style={"description_width": "initial"}
        )
        self.kinds.style.button_width = "auto"
        self.kinds.observe(lambda _: self._fill_options(), names="value")
        # a long menu's first step, as on the game page (`narrate.grouped`)
        self.groups = w.Dropdown(options=[], description=message("ui.group"))
        self.groups.add_class(FIT_CLASS)
        self.groups.layout.display = "none"  # shown for a long menu only (ipywidgets' hiding)
        self._groups: dict[Any, list[Action]] = {}
        self._kind_actions: list[Action] = []
        self.groups.observe(lambda _: self._fill_choices(), names="value")
        self.options = w.Dropdown(options=[], description=message("ui.choice"))
        self.options.add_class(FIT_CLASS)
        self.options.add_class(CHOICE_CLASS)
        self.play_button = button(message("ui.play"), message("ui.play.tip"))
        self.play_button.button_style = "primary"
        self.play_button.add_class(MOVE_CLASS)
        self.play_button.on_click(lambda _: self.play_selected())
        self.place_button = button(message("park.place.button"), message("park.place.button_tip"))
        self.place_button.add_class(MOVE_CLASS)
        self.place_button.on_click(lambda _: self.send({"action": park.PLACE_FOR_ME.to_data()}))
        self.eat_button = button(message("park.eat.button"), message("park.eat.button_tip"))
        self.eat_button.add_class(MOVE_CLASS)
        self.eat_button.on_click(lambda _: self.send({"action": park.EAT_FOR_ME.to_data()}))
        self.result = w.HTML()
        self.story = w.HTML()
        self.log = w.HTML()
        self.widget = w.VBox(
            [
                self.header,
                self.notice,
                self.story,
                self.centre,
                self.kinds,
                self.groups,
                wrapping(
                    w.HBox([self.options, self.play_button, self.place_button, self.eat_button])
                ),
                self.result,
                self.boards,
                self.log,
            ]
        )
        self.widget.layout.display = "none"

    def play_selected(self) -> None:
        """What **Play** does: the chosen action, sent for this device's seat."""
        action = self.options.value
        if not isinstance(action, Action):
            return  # (the menu is empty: not this device's turn)
        self.send({"action": action.to_data()})

    def _fill_options(self) -> None:
        """The menus of the highlighted kind: its actions, in groups when there are many."""
        state = self.state
        if state is None:
            return
        actions = [a for a in self.legal if a.kind == self.kinds.value]
        groups = grouped(state, actions)
        self._kind_actions = actions
        self._groups = {key: members for key, _, members in groups or ()}
        self.groups.options = [(words, key) for key, words, _ in groups or ()]
        self.groups.value = groups[0][0] if groups else None
        self.groups.layout.display = None if groups else "none"
        self._fill_choices()

    def _fill_choices(self) -> None:
        """The Choice menu: the shown group's actions (all of the kind when not grouped)."""
        state = self.state
        if state is None:
            return
        groups, kind_actions = self._groups, self._kind_actions
        actions = groups.get(self.groups.value, []) if groups else kind_actions
        self.options.options = [(action_label(state, a), a) for a in actions]
        self.options.value = actions[0] if actions else None

    def _tell(self, view: RoomView) -> None:
        """Tell the room's new moves (only those: the story is told once, from the room's
        start, whatever the device saw before)."""
        if self._told is None or self._told_moves > len(view.history):
            self._told, self._told_moves, self.told = view.start.state, 0, GameStory()
        s = self._told
        assert s is not None
        for actor, move in view.history[self._told_moves :]:
            after = apply_chance(s, move) if actor == CHANCE else apply_action(s, move)
            self.told.took(s, actor, move, after)
            s = after
        self._told, self._told_moves = s, len(view.history)

    def show(self, view: RoomView, seat: int | None) -> None:
        game = view.state
        if not isinstance(game, GameView):
            self.widget.layout.display = "none"
            return
        s = game.state
        self.state = s
        self.widget.layout.display = None
        self._tell(view)
        mine = seat is not None and view.to_act == seat
        self.legal = game.legal_actions() if mine else ()
        if s.is_terminal():
            status = " ".join(ending_lines(s))
        else:
            actor = s.current_player()
            who = (
                common_message("roomview.your_turn")
                if mine
                else s.names[actor]
                if actor >= 0
                else common_message("room.chance")
            )
            status = message(
                "ui.status",
                round=s.round,
                phase=message("phase." + s.phase),
                who=who,
                hint=message("hint." + s.phase),
            )
        objectives = []
        for ident, claimants in zip(s.objectives, s.claims):
            line = escape(objective_line(s.components.objective(ident)))
            if claimants:
                names = ", ".join(claimant_name(s, i) for i in claimants)
                line += f" — {escape(message('ui.claimed_by', names=names))}"
            objectives.append(f"<li>{line}</li>")
        self.header.value = (
            f"<p><b>{escape(status)}</b></p>"
            f"<div>{escape(message('ui.objectives'))}<ul>{''.join(objectives)}</ul></div>"
            f"<div>{twists_html(s)}</div>"
        )
        # what is at stake as the round goes, as on the game page
        notice = "" if s.is_terminal() else escape(round_start_notice(s))
        self.notice.value = f"<p><i>{notice}</i></p>" if notice else ""
        self.story.value = self.told.html(s)
        if s.phase == Phase.RESEARCH:
            self.centre.value = research_html(s)
        elif s.phase == Phase.MARKET:
            self.centre.value = market_html(s)
        else:
            self.centre.value = ""
        first = seat if seat is not None and 0 <= seat < s.num_players else 0
        order = [first] + [i for i in range(s.num_players) if i != first]
        self.boards.value = "".join(board_html(s, i) for i in order)
        kinds = [k for k in KIND_ORDER if any(a.kind == k for a in self.legal)]
        self.kinds.options = [(message("kind." + k), k) for k in kinds]
        self.kinds.value = kinds[0] if kinds else None
        self._fill_options()
        self.play_button.disabled = not self.legal
        for_me = park.for_me(s) if mine else None
        for target, action in (
            (self.place_button, park.PLACE_FOR_ME),
            (self.eat_button, park.EAT_FOR_ME),
        ):
            target.disabled = for_me != action
            target.layout.display = None if for_me == action else "none"
        self.result.value = final_table(s) if s.is_terminal() else ""
        self.log.value = self.told.log_html(open_=True)


def options_widget() -> tuple[w.Widget, Callable[[], dict[str, Any]]]:
    """The room's options as on the game page: the objective stacks' length and the two
    variants; the widget and what reads them."""
    length = w.Dropdown(
        options=[(message("ui.length." + k), k) for k in OBJECTIVE_LENGTHS],
        value="short",
        description=message("ui.game_length"),
        style={"description_width": "initial"},
    )
    chaos = w.Checkbox(value=False, description=message("ui.chaos"), indent=False)
    predictable = w.Checkbox(value=False, description=message("ui.predictable"), indent=False)
    box = wrapping(w.HBox([length, chaos, predictable]))

    def read() -> dict[str, Any]:
        return {
            "objective_length": length.value,
            "chaos_theory": chaos.value,
            "predictable_systems": predictable.value,
        }

    return box, read


def together_app(
    open_store: Callable[[], RoomStore] | None = None, poll_s: float | None = 0.25, **kwargs: Any
) -> RoomApp:
    """The page's app: a Dinosaur Island room (1 to 4 seats: 1 is the solo mode; the
    variants and objective stacks of the game page; the kit's bots)."""
    box, read = options_widget()
    return RoomApp(
        ROOM_GAME,
        DinoTable,
        "dinosaur_island_together.ipynb",
        bot_label=bot_name,
        options=box,
        read_options=read,
        open_store=open_store,
        poll_s=poll_s,
        **kwargs,
    )
