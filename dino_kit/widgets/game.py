"""Play Dinosaur Island in one cell: you against 1–3 bots (notebook 7), or one phase of a
round on its own (notebooks 2–4: `until="market"` stops when research is over).

Only legal actions are offered: first the kind of action (the engine's legal kinds), then the
action itself in words (a menu of more than `narrate.GROUP_AT` entries in two steps: a group
menu first — the die, the scientist, the tile, the slot — then the actions in it, so that a
phone's list stays short); **Play** plays it. In the park, a person places their visitors one
at a time (hooligans first: the menu lists the places with room for the next one), or presses
**Place for me** to let the kit place the rest; when dinosaurs escape, they choose which
customers are eaten (the places holding customers), or press **Eat for me**. An action
given in code (`app.act(...)`) that the rules refuse is not played, and the reason — the
engine's `RuleError` message, naming the rule — is shown. The bots (`dino_kit.bots.BOTS`)
and chance play in between; the chart follows each player's VP round by round, and the log
lists every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from dino_kit.bots import BOTS, QUICK_PLANNER, Bot, bot_by_name
from dino_kit.components import ComponentSet
from dino_kit.engine import apply_action, legal_actions, run, why_illegal
from dino_kit.messages import bot_name, message, plural
from dino_kit.narrate import (
    ParkVisit,
    action_label,
    chance_line,
    cleanup_lines,
    ending_lines,
    grouped,
    held_die_line,
    objective_line,
    park_lines,
    park_visits,
    round_start_notice,
    twist_line,
    twists_sentence,
    visitors_text,
    vp_change_line,
)
from dino_kit.objectives import breakdown
from dino_kit.phases import park
from dino_kit.setup import new_game
from dino_kit.state import CHANCE, Action, ChaosRoll, GameState, MarketDraw, Phase, RecipeDraw
from dino_kit.widgets import charts
from dino_kit.widgets.data import current_components
from dino_kit.widgets.views import (
    NO_TEX,
    board_html,
    claimant_name,
    market_html,
    research_html,
)
from kit_common.display import scroll_box
from kit_common.errors import KitError
from kit_common.messages import number_text
from kit_common.widgets.base import (
    ACTION_CLASS,
    FIT_CLASS,
    OUTPUT_CLASS,
    App,
    button,
    updating,
    wrapping,
)
from kit_common.widgets.charts import span
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.stoppable import Ended, StoppableWork

#: The most seconds the bots may play for after one click (3 planner bots take a few
#: seconds a round); then they are held, with a sentence, until Continue.
MAX_SECONDS = 60.0
#: Safety net: a bot turn that never gives the hand back would be an engine bug.
MAX_STEPS_BETWEEN_TURNS = 20_000
KIND_ORDER = (
    "die", "recipe", "storage", "pass", "build", "upgrade", "special", "hire", "buy_dna",
    "work", "done", "place", "eat", "food",
)  # fmt: skip


def objective_text(state: GameState, ident: str) -> str:
    """An objective's condition and VP in words."""
    return objective_line(state.components.objective(ident))


PERSON = "person"
#: The bots a seat's menu offers: every bot of `BOTS`, and the quick planner.
SEAT_BOTS = (*sorted(BOTS), QUICK_PLANNER)
#: CSS class of the Continue button shown on a round's summary (the browser tests press it).
CONTINUE_CLASS = "kit-continue"
#: CSS class of the Place for me button shown while a person places visitors.
PLACE_FOR_ME_CLASS = "kit-place-for-me"
#: CSS class of the Eat for me button shown while a person chooses who is eaten.
EAT_FOR_ME_CLASS = "kit-eat-for-me"
#: The class of a move's menus (a group of actions, the action): 44em wide (kit.css).
MOVE_MENU_CLASS = "kit-move-menu"
LENGTHS = ("short", "medium", "long")
#: The rounds the VP chart shows at least, from the first: about a short game (4 to 7 rounds
#: between heuristic bots), so that the first points have room.
ROUNDS_AHEAD = 5


class GameApp(App):
    """A game of Dinosaur Island in one widget: people and bots at one screen.

    `bots`: a bot name per other seat (0 to 3; none is a solo game); `you`: your seat (0
    plays first in round 1); `people`: every seat a person plays (hot-seat play; default
    your seat only); `until`: a phase name — the app stops (nobody acts any more) when the
    game reaches it; `state`: play on from a given game; `settings`: `new_game` options
    (variants, objective length, solo). `pause_between_rounds`: stop after each round on its
    summary until Continue is pressed. Everything random comes from `random.Random(seed)`.
    """

    def __init__(
        self,
        bots: Sequence[str] = ("heuristic",),
        seed: int = 1,
        you: int = 0,
        components: ComponentSet | None = None,
        until: str | None = None,
        state: GameState | None = None,
        show_setup: bool = True,
        chart: bool | None = None,
        people: Sequence[int] | None = None,
        pause_between_rounds: bool | None = None,
        **settings: Any,
    ) -> None:
        self.components = components or current_components()
        self.seed = seed
        self.until = until
        self.settings = settings
        self.pause_between_rounds = (
            until is None if pause_between_rounds is None else (pause_between_rounds)
        )
        seats = seat_kinds(list(bots), you, people)

        # -- the settings row: players, who plays each seat, length, variants
        self.player_count = w.Dropdown(
            options=[(message("ui.players_solo"), 1)]
            + [(message("ui.n_players", n=n), n) for n in (2, 3, 4)],
            value=len(seats),
            description=message("ui.players"),
            style={"description_width": "initial"},
        )
        kind_options = [(message("ui.person"), PERSON)] + [
            (message("ui.bot_kind", bot=bot_name(b)), b) for b in SEAT_BOTS
        ]
        self.seat_menus = [
            w.Dropdown(
                options=kind_options,
                value=seats[i] if i < len(seats) else "heuristic",
                description=message("ui.seat", n=i + 1),
            )
            for i in range(4)
        ]
        for menu in self.seat_menus:
            menu.add_class(FIT_CLASS)  # the longest bot name in full, in every language
        self.length = w.Dropdown(
            options=[(message("ui.length." + k), k) for k in LENGTHS],
            value=settings.get("objective_length", "short"),
            description=message("ui.game_length"),
            style={"description_width": "initial"},
        )
        self.chaos = w.Checkbox(
            value=settings.get("chaos_theory", False),
            description=message("ui.chaos"),
            indent=False,
        )
        self.predictable = w.Checkbox(
            value=settings.get("predictable_systems", False),
            description=message("ui.predictable"),
            indent=False,
        )
        self.chaos.add_class("kit-setup-check")
        self.predictable.add_class("kit-setup-check")
        self.solo_note = w.HTML()
        self.new_button = button(message("ui.new_game"))
        self.new_button.on_click(lambda _: self.new_game_from_setup())
        self.player_count.observe(lambda _: self._show_seat_menus(), names="value")
        self._show_seat_menus()
        setup = w.VBox(
            [
                wrapping(w.HBox([self.player_count, self.length, self.chaos, self.predictable])),
                wrapping(w.HBox(self.seat_menus)),
                w.HBox([self.new_button, self.solo_note]),
            ]
        )  # fmt: skip
        # hidden by its Layout, not a class: ipywidgets' own way to hide a widget, which the
        # app's other parts use too (`.layout.display` toggled as the game goes)
        setup.layout.display = None if show_setup else "none"

        self.header = w.HTML()
        self.notice = w.HTML()
        self.story = w.HTML()
        self.story.add_class(OUTPUT_CLASS)
        self.continue_button = button(message("ui.continue"))
        self.continue_button.button_style = "primary"
        self.continue_button.add_class(CONTINUE_CLASS)
        self.continue_button.on_click(lambda _: self.continue_game())
        # a click's bot moves run in the kernel's background: Stop holds the bots (Continue
        # lets them play on); a planner bot thinks for a second or more a move
        self.work = StoppableWork(
            message("ui.bot_moves"),
            [self.new_button, self.continue_button],
            max_seconds=MAX_SECONDS,
        )
        self.held = False  # the bots were stopped in the middle of their moves
        self.centre = w.HTML()
        self.your_board = w.HTML()
        self.kinds = w.ToggleButtons(
            options=[], description=message("ui.kind"), style={"description_width": "initial"}
        )
        self.kinds.style.button_width = "auto"
        # True while `_refresh` sets the kinds: the menu is filled once, after (an observer
        # removed and re-added instead would drop ipywidgets' own, which keeps the highlighted
        # button in step with the value: the page then showed one kind and played another)
        self._setting_kinds = False
        self.kinds.observe(self._on_kind, names="value")
        # a long menu's first step (`narrate.grouped`); hidden when the kind's menu is short
        self.groups = w.Dropdown(options=[], description=message("ui.group"))
        self.groups.add_class(MOVE_MENU_CLASS)
        self._setting_groups = False
        self._groups: dict[Any, list[Action]] = {}  # the groups shown, by key
        self._kind_actions: list[Action] = []  # the highlighted kind's actions
        self.groups.observe(self._on_group, names="value")
        self.options = w.Dropdown(options=[], description=message("ui.choice"))
        self.options.add_class(MOVE_MENU_CLASS)
        self.play_button = button(message("ui.play"), message("ui.play.tip"))
        self.play_button.button_style = "primary"
        self.play_button.add_class(ACTION_CLASS)
        self.play_button.on_click(lambda _: self.play_selected())
        self.place_button = button(message("park.place.button"), message("park.place.button_tip"))
        self.place_button.add_class(PLACE_FOR_ME_CLASS)
        self.place_button.on_click(lambda _: self.act(park.PLACE_FOR_ME))
        self.eat_button = button(message("park.eat.button"), message("park.eat.button_tip"))
        self.eat_button.add_class(EAT_FOR_ME_CLASS)
        self.eat_button.on_click(lambda _: self.act(park.EAT_FOR_ME))
        self.why = w.HTML()
        self.why.add_class(OUTPUT_CLASS)
        self.result = w.HTML()
        self.others = w.HTML()
        # A one-phase page has no rounds to chart (and skips loading plotly's widget).
        show_chart = until is None if chart is None else chart
        self.figure = LiveChart(charts.vp_race([], [], [])) if show_chart else None
        self.log_view = w.HTML()
        self.widget = w.VBox(
            [
                setup,
                self.header,
                self.notice,
                self.story,
                self.continue_button,
                self.work.widget,
                self.centre,
                self.your_board,
                self.kinds,
                self.groups,
                w.HBox([self.options, self.play_button, self.place_button, self.eat_button]),
                self.why,
                self.result,
                *([self.figure.widget] if self.figure is not None else []),
                w.HTML(f"<b>{escape(message('ui.others'))}</b>"),
                self.others,
                self.log_view,
            ]
        )
        if state is None:
            self.start_seats(seats)
        else:
            self.start_from(state, seats)

    # -- starting ---------------------------------------------------------------------------

    def _show_seat_menus(self) -> None:
        n = self.player_count.value
        for i, menu in enumerate(self.seat_menus):
            menu.layout.display = None if i < n else "none"
        if n == 1:
            self.seat_menus[0].value = PERSON
        self.solo_note.value = f"<i>{escape(message('ui.solo_note'))}</i>" if n == 1 else ""

    def new_game_from_setup(self) -> None:
        """A new game with the players, length and variants chosen in the settings row."""
        n = self.player_count.value
        self.settings = {
            **self.settings,
            "chaos_theory": self.chaos.value,
            "predictable_systems": self.predictable.value,
            "objective_length": self.length.value,
            "solo": n == 1,
        }
        self.seed += 1
        seats = [m.value for m in self.seat_menus[:n]]
        if PERSON not in seats:
            seats[0] = PERSON  # somebody must play; a bots-only game is the simulations' job
            self.seat_menus[0].value = PERSON
        self.start_seats(seats)

    def start(self, bots: Sequence[str], you: int = 0) -> None:
        """A new game: you at seat `you`, one bot per name in `bots`."""
        if len(bots) > 3:
            raise ValueError(message("ui.bad_bots", n=len(bots)))
        n = len(bots) + 1
        if not 0 <= you < n:
            raise ValueError(message("ui.bad_seat", n=n, seat=you + 1))
        self.start_seats(seat_kinds(list(bots), you, None))

    def start_seats(self, seats: Sequence[str]) -> None:
        """A new game with one entry per seat: `"person"` or a bot's name."""
        settings = {**self.settings, "solo": len(seats) == 1}
        state = new_game(seat_names(seats), self.components, **settings)
        self.start_from(state, seats)

    def start_from(self, state: GameState, seats: Sequence[str], you: int | None = None) -> None:
        """Play on from `state` with one entry per seat: `"person"` or a bot's name (or, as
        before, the bots' names and `you`, your seat)."""
        if you is not None:
            seats = seat_kinds(list(seats), you, None)
        if len(seats) != state.num_players:
            raise ValueError(message("ui.bad_bots", n=len(seats) - 1))
        if self.work.running:
            raise KitError(message("ui.bots_busy"))
        self.rng = random.Random(self.seed)
        self.seats = list(seats)
        self.people = tuple(i for i, k in enumerate(seats) if k == PERSON)
        self.you = self.people[0] if self.people else 0
        self.bots: list[Bot | None] = [None if k == PERSON else bot_by_name(k) for k in seats]
        self.state = state
        #: the game told step by step, as every page that tells a game tells it
        self.told = GameStory()
        self.message_text = ""
        self.rounds: list[int] = []
        self.vps: list[tuple[int, ...]] = []
        self.paused = False
        self.pause_due = False
        self.held = False
        self._record_round()
        self._reset_chart()
        self._advance_then_refresh()

    # -- playing ------------------------------------------------------------------------------

    def stopped(self) -> bool:
        """True when the game is over or has reached the phase the app stops at."""
        return self.state.is_terminal() or (
            self.until is not None and self.state.phase == self.until
        )

    def your_turn(self) -> bool:
        """True when a person (you, or another person at the screen) is to act now."""
        return not self.stopped() and not self.paused and self.state.current_player() in self.people

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the person to act now (none when no person is to act)."""
        return legal_actions(self.state) if self.your_turn() else ()

    def act(self, action: Action) -> str | None:
        """Play `action` for the person to act; the bots and chance then play until a person
        must act again. Returns None when played, else the reason it was refused (shown)."""
        reason: str | None
        if self.work.running:
            reason = message("ui.bots_busy")
        elif not self.your_turn():
            reason = message("ui.not_your_turn")
        else:
            broken = why_illegal(self.state, action)
            reason = None if broken is None else message("ui.refused", why=broken[1])
        if reason is not None:
            self.message_text = reason
            self.why.value = f"<span class='kit-error'>{escape(reason)}</span>"
            return reason
        name = self.state.names[self.state.current_player()]
        self.message_text = message("ui.played", name=name, action=action_label(self.state, action))
        self._step(action)
        self._advance_then_refresh()
        return None

    def continue_game(self) -> None:
        """After a round's summary, or once the bots were stopped: the game goes on."""
        if not (self.paused or self.held) or self.work.running:
            return
        self.paused = self.held = False
        self.message_text = ""
        self._advance_then_refresh()

    def _advance_then_refresh(self) -> None:
        """Chance and the bots play on (`_advance`), then the page shows the game: at once
        from a notebook's code; from a click, in the kernel's background with a Stop button
        (`StoppableWork`), which holds the bots at their next move (Continue lets them play
        on)."""
        moves = 0

        def play(tell: Callable[[int, int], None]) -> None:
            def counted(before: GameState, actor: int, move: Any, after: GameState) -> None:
                nonlocal moves
                self._took(before, actor, move, after)
                moves += 1
                tell(moves, 0)  # (how many moves until a person's turn is not known)

            self._advance(counted)

        def show(ended: Ended[None]) -> str | None:
            said = None
            if not ended.finished and not self.stopped() and not self.your_turn():
                self.held = True
                said = f"{ended.sentence} {message('ui.bots_held')}"
            self._refresh()
            return said

        self.work.start(play, show, running=message("ui.bots_playing"))

    def shown_choice(self) -> Action | None:
        """The action the controls show: the menu's highlighted entry, provided it is of the
        highlighted kind and legal now (None otherwise: Play then plays nothing)."""
        kind = _shown_value(self.kinds)
        action = _shown_value(self.options)
        if kind is None or not isinstance(action, Action) or action.kind != kind:
            return None
        return action if action in self.legal() else None

    def play_selected(self) -> str | None:
        """What the Play button does: play the action the kind buttons and the menu show —
        nothing (and say so) when they disagree, or show no legal action."""
        if not self.your_turn():
            return self.act(Action("none"))  # refused: it is not a person's turn
        action = self.shown_choice()
        if action is None:
            reason = message("ui.choose_first")
            self.message_text = reason
            self._fill_options()  # the menu again lists the highlighted kind's actions
            self.why.value = f"<span class='kit-error'>{escape(reason)}</span>"
            return reason
        return self.act(action)

    def play_with(
        self, bot: Callable[[GameState, random.Random], Action], steps: int = 10**6
    ) -> None:
        """Let `bot` choose the people's actions (at most `steps` of them), pressing Continue
        after each round — used by the demos and tests to drive the app through `act`."""
        chooser = random.Random(self.seed + 1)
        for _ in range(steps):
            if self.paused:
                self.continue_game()
                continue
            if not self.your_turn():
                return
            self.act(bot(self.state, chooser))

    def _step(self, action: Action) -> None:
        """Play the person's `action` (checked legal by `act`)."""
        before = self.state
        self._took(before, before.current_player(), action, apply_action(before, action))

    @property
    def lines(self) -> list[str]:
        """The log: every step of the game so far, in words (`GameStory.lines`)."""
        return self.told.lines

    @property
    def summaries(self) -> list[RoundSummary]:
        """The finished rounds' summaries (`GameStory.summaries`)."""
        return self.told.summaries

    def _took(self, before: GameState, actor: int, move: Any, after: GameState) -> None:
        """Tell a step (a person's, a bot's or chance's) and move the game on to `after`."""
        ended_round = self.told.took(before, actor, move, after)
        self.state = after
        # the pause waits for the market's refill, so that the summary can tell it
        if ended_round and self.pause_between_rounds and self.people and not after.is_terminal():
            self.pause_due = True
        self._record_round()

    def _pause_now(self, state: GameState) -> bool:
        """True when the app pauses (or has paused) on a round's summary: once the cleanup's
        draws are done."""
        if self.pause_due and state.current_player() != CHANCE:
            self.pause_due, self.paused = False, True
        return self.paused

    def _advance(
        self, on_step: Callable[[GameState, int, Any, GameState], None] | None = None
    ) -> None:
        """Chance and bots play until a person is to act, a round ends (when the app pauses
        between rounds), the app's stop, or the end; each step told to `on_step` (by
        default `_took`, which it must call)."""
        if self.paused or self.held:
            return
        until = self.until
        run(
            self.state,
            self.bots,  # None at a person's seat: the loop stops there
            self.rng,
            until=lambda s: self._pause_now(s) or (until is not None and s.phase == until),
            on_step=on_step or self._took,
            max_steps=MAX_STEPS_BETWEEN_TURNS,
        )

    def _record_round(self) -> None:
        """Add a chart point when a round starts (VP track then) and at the end (final)."""
        s = self.state
        if s.is_terminal():
            assert s.final is not None
            if not self.rounds or self.rounds[-1] != s.round + 1:
                self.rounds.append(s.round + 1)
                self.vps.append(tuple(s.final))
        elif not self.rounds or s.round != self.rounds[-1]:
            self.rounds.append(s.round)
            self.vps.append(tuple(p.vp for p in s.players))

    # -- showing ------------------------------------------------------------------------------

    def acting_seat(self) -> int:
        """The seat whose board is shown first: the person to act, else the first person."""
        seat = self.state.current_player()
        return seat if seat in self.people else self.you

    def status_text(self) -> str:
        s = self.state
        if s.is_terminal():
            return " ".join(ending_lines(s))
        if self.stopped():
            return message("ui.stopped", phase=message("phase." + s.phase))
        if self.held:
            return message("ui.bots_held")
        if self.paused:
            return message("ui.paused", round=self.summaries[-1].round, next=s.round)
        seat = s.current_player()
        if seat in self.people:
            who = (
                message("ui.your_turn")
                if len(self.people) == 1
                else message("ui.persons_turn", name=s.names[seat])
            )
        else:
            who = s.names[seat]
        hint = message("hint." + s.phase)
        if self.placing():
            hint = message("park.place.hint")
        elif self.eating():
            hint = message("park.eat.hint")
        return message(
            "ui.status", round=s.round, phase=message("phase." + s.phase), who=who, hint=hint
        )

    def placing(self) -> bool:
        """True when the person to act is placing the visitors of their park."""
        s = self.state
        return self.your_turn() and s.phase == Phase.PARK and park.placing(s) is not None

    def eating(self) -> bool:
        """True when the person to act chooses which customers of their park are eaten."""
        return self.your_turn() and park.for_me(self.state) == park.EAT_FOR_ME

    def summary(self) -> str:
        s = self.state
        now = s.final if s.final is not None else tuple(p.vp for p in s.players)
        vps = ", ".join(f"{n} {number_text(v)}" for n, v in zip(s.names, now))
        return message("ui.game_summary", status=self.status_text(), scores=vps)

    def _reset_chart(self) -> None:
        if self.figure is None:
            return
        self.figure.replace_figure(charts.vp_race(self.state.names, self.rounds, self.vps))

    def _on_kind(self, _: object) -> None:
        if not self._setting_kinds:
            self._fill_options()

    def _on_group(self, _: object) -> None:
        if not self._setting_groups:
            self._fill_choices()

    def _fill_options(self) -> None:
        """The menus: the legal actions of the highlighted kind, in groups when there are
        many (`narrate.grouped`: the group menu shows, its first group chosen), the first
        action chosen."""
        kind = self.kinds.value
        actions = [a for a in self.legal() if a.kind == kind]
        groups = grouped(self.state, actions)
        self._groups = {key: members for key, _, members in groups or ()}
        self._setting_groups = True
        try:
            self.groups.options = [(words, key) for key, words, _ in groups or ()]
            self.groups.value = groups[0][0] if groups else None
        finally:
            self._setting_groups = False
        self.groups.layout.display = None if groups else "none"
        self._kind_actions = actions
        self._fill_choices()

    def _fill_choices(self) -> None:
        """The Choice menu: the actions of the group shown (all of the kind when the menu is
        not grouped), the first one chosen."""
        key = _shown_value(self.groups) if self._groups else None
        actions = self._groups.get(key, []) if self._groups else self._kind_actions
        self.options.options = [(action_label(self.state, a), a) for a in actions]
        self.options.value = actions[0] if actions else None

    def _refresh(self) -> None:
        s = self.state
        lines = [f"<b>{escape(self.status_text())}</b>"]
        if s.objectives:
            objs = []
            for ident, who in zip(s.objectives, s.claims):
                owners = ", ".join(claimant_name(s, i) for i in who)
                mark = f" — {escape(message('ui.claimed_by', names=owners))}" if who else ""
                objs.append(
                    f"<li>{escape(objective_line(s.components.objective(ident)))}{mark}</li>"
                )
            lines.append(f"{escape(message('ui.objectives'))}<ul>{''.join(objs)}</ul>")
        lines.append(twists_html(s))
        if self.placing():
            waiting = s.players[s.current_player()].to_place
            lines.insert(1, escape(message("park.place.waiting", who=visitors_text(*waiting))))
        elif self.eating():
            left = s.players[s.current_player()].to_eat
            lines.insert(1, escape(plural("park.eat.waiting_n", left)))
        self.header.value = "<br>".join(lines[:1]) + "".join(f"<div>{x}</div>" for x in lines[1:])
        if s.is_terminal() or self.stopped() or self.paused:  # the round ahead waits for Continue
            self.notice.value = ""
        else:
            self.notice.value = f"<div class='kit-banner'>{escape(round_start_notice(s))}</div>"
        self.story.value = self.story_html()
        self.continue_button.description = (
            message("ui.continue") if self.held else message("ui.continue_to", round=s.round)
        )
        self.continue_button.layout.display = None if self.paused or self.held else "none"
        if s.phase == "research" or (s.phase == "market" and self.until == "market"):
            self.centre.value = research_html(s)
        elif s.phase == "market":
            self.centre.value = market_html(s)
        else:
            self.centre.value = ""
        seat = self.acting_seat()
        self.your_board.value = board_html(s, seat)
        kinds = [k for k in KIND_ORDER if any(a.kind == k for a in self.legal())]
        self._setting_kinds = True
        try:
            self.kinds.options = [(message("kind." + k), k) for k in kinds]
            self.kinds.value = kinds[0] if kinds else None
        finally:
            self._setting_kinds = False
        self._fill_options()
        self.play_button.disabled = not self.your_turn()
        # while a round's summary waits for Continue, only the summary and the boards show;
        # once the game is over (or the page's phase is reached), no control to act is left
        self.centre.layout.display = "none" if self.paused else None
        shown = "none" if self.paused or self.held or self.stopped() else None
        for control in (self.kinds, self.options, self.play_button):
            control.layout.display = shown
        if shown is not None:
            self.groups.layout.display = shown
        self.place_button.layout.display = None if self.placing() else "none"
        self.eat_button.layout.display = None if self.eating() else "none"
        self.why.value = "" if s.is_terminal() else escape(self.message_text)
        self.others.value = "".join(
            board_html(s, other) for other in range(s.num_players) if other != seat
        )
        self.result.value = final_table(s) if s.is_terminal() else ""
        if self.figure is not None:
            with updating(self.figure):
                for i, trace in enumerate(self.figure.data):
                    trace.x = list(self.rounds)
                    trace.y = [v[i] for v in self.vps]
                # fixed ranges: the game's scale from the start (Plotly alone showed VP 9 to
                # 11 around the first point), and a fall below 0 VP in view
                first = self.rounds[0] if self.rounds else s.round
                self.figure.layout.xaxis.range = span(
                    self.rounds, (first, first + ROUNDS_AHEAD), 0.3
                )
                scores = [v for vp in self.vps for v in vp]
                self.figure.layout.yaxis.range = span(scores, (0, max(scores, default=0) + 10), 1)
        self.log_view.value = self.told.log_html()

    def story_html(self) -> str:
        """The last round's summary (while paused, or at the end) and this round so far."""
        return self.told.html(self.state, self.paused)


def _shown_value(menu: w.ToggleButtons | w.Dropdown) -> Any:
    """The value of the entry a menu (or row of toggle buttons) highlights: its synced
    `index`, which the browser shows and sets, read through its options."""
    if menu.index is None:
        return None
    return menu.options[menu.index][1]


def seat_kinds(bots: list[str], you: int, people: Sequence[int] | None) -> list[str]:
    """One entry per seat, `"person"` or a bot's name: the people's seats (default: `you`
    only), the bots in the other seats in order."""
    persons = set(people) if people is not None else {you}
    n = len(bots) + (1 if people is None else 0)
    if people is not None:
        n = len(bots) + len(persons)
    it = iter(bots)
    return [PERSON if seat in persons else next(it) for seat in range(n)]


def seat_names(seats: Sequence[str]) -> list[str]:
    """The players' names: "You" when one person plays, "Player 1", "Player 2"… when
    several do (hot seat); "Bot 2 (heuristic)" for bots, numbered by seat."""
    people = sum(k == PERSON for k in seats)
    names = []
    for seat, kind in enumerate(seats):
        if kind == PERSON:
            names.append(message("ui.you") if people == 1 else message("ui.player", n=seat + 1))
        else:
            names.append(message("ui.bot", i=seat + 1, bot=bot_name(kind)))
    return names


def _phases_html(title: str, story: dict[str, list[str]], open_: bool) -> str:
    blocks = []
    for phase in ("research", "market", "workers"):
        lines = story.get(phase)
        if lines:
            items = "".join(f"<li>{escape(x)}</li>" for x in lines)
            blocks.append(
                f"<div><b>{escape(message('story.' + phase + '_head'))}</b><ul>{items}</ul></div>"
            )
    if not blocks:
        return ""
    return (
        f"<details class='kit-round-story'{' open' if open_ else ''}><summary>"
        f"<b>{escape(title)}</b></summary>{''.join(blocks)}</details>"
    )


class RoundSummary:
    """A finished round: what happened in each phase, each player's park, with the VP change
    explained so that the parts add up, and the cleanup (turn order, the market's slide and
    refill)."""

    def __init__(
        self,
        round_number: int,
        story: dict[str, list[str]],
        visits: Sequence[ParkVisit],
        names: Sequence[str] = (),
        cleanup: Sequence[str] = (),
        twists: str = "",
    ) -> None:
        self.round = round_number
        self.story = story
        self.visits = tuple(visits)
        self.names = tuple(names)
        #: the cleanup in words: turn order, the market's slide, then its refill as drawn
        self.cleanup = list(cleanup)
        #: the plot twists in force, in one sentence (`twists_sentence`): the rules the round
        #: was played under
        self.twists = twists

    def _repr_html_(self) -> str:
        return self.html(self.names, phases_open=True)

    def __repr__(self) -> str:
        return f"RoundSummary(round {self.round})"

    def vp_lines(self, names: Sequence[str]) -> list[str]:
        return [vp_change_line(v, names[v.seat]) for v in self.visits]

    def html(self, names: Sequence[str], phases_open: bool = False) -> str:
        head = escape(message("story.summary_head", round=self.round))
        twists = f"<div class='kit-twists'>{escape(self.twists)}</div>" if self.twists else ""
        vp = "".join(f"<li>{escape(x)}</li>" for x in self.vp_lines(names))
        if not self.visits:
            vp = f"<li>{escape(message('story.no_park'))}</li>"
        cleanup = ""
        if self.cleanup:
            items = "".join(f"<li>{escape(x)}</li>" for x in self.cleanup)
            cleanup = (
                f"<div class='kit-cleanup'><b>{escape(message('story.cleanup_head'))}</b>"
                f"<ul>{items}</ul></div>"
            )
        park_blocks = "".join(
            f"<li>{''.join(f'<div>{escape(x)}</div>' for x in park_lines(v, names[v.seat]))}</li>"
            for v in self.visits
        )
        # the one inline style left here: a round's summary is also shown by a page's saved
        # output (a `RoundSummary` on Dinosaur Island page 1), which JupyterLab draws before the
        # kernel runs and the kit's style sheet reaches the page, so it carries its own looks
        return (
            f"<div class='kit-round-summary {NO_TEX}' data-round='{self.round}' "
            f"style='border:2px solid #6d4c41;border-radius:6px;padding:6px 10px;margin:4px 0;"
            f"background:#fffdf7'>"
            f"<b>{head}</b>{twists}<ul class='kit-vp-lines'>{vp}</ul>"
            f"<details open><summary><b>{escape(message('story.park_detail'))}</b></summary>"
            f"<ul>{park_blocks}</ul></details>"
            f"{cleanup}"
            f"{_phases_html(message('story.earlier_phases'), self.story, phases_open)}</div>"
        )


class GameStory:
    """A game told as the game page (notebook 7) tells it, one step at a time (`took`): the
    log (`lines`, every step in words), this round's steps by phase (`round_story`) and each
    finished round's summary (`summaries`: the VP each park brought, explained, the cleanup,
    the plot twists in force). The game page tells its game with one; a room's table
    (`dino_kit.widgets.together`) tells the room's moves with another, so that every device
    tells the game as the game page does."""

    #: The log lines shown, newest first.
    LOG_LINES = 80

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.round_story: dict[str, list[str]] = {}
        self.summaries: list[RoundSummary] = []
        self.park_start: GameState | None = None
        self.park_moves: list[Any] = []

    def took(self, before: GameState, actor: int, move: Any, after: GameState) -> bool:
        """Tell a step (a person's, a bot's or chance's) from `before` to `after`; True when
        it ended a round (or the game): its summary is then the last of `summaries`."""
        if actor == CHANCE:
            line = chance_line(before, move)
        else:
            line = message(
                "log.action", name=before.names[actor], action=action_label(before, move)
            ).strip()
        self.lines.append(line)
        phase = str(before.phase)
        if phase in ("research", "market", "workers") and (
            actor != CHANCE or isinstance(before.pending[0], ChaosRoll)
        ):
            self.round_story.setdefault(phase, []).append(line)
        if (
            actor == CHANCE
            and isinstance(before.pending[0], MarketDraw | RecipeDraw)
            and self.summaries
            and self.summaries[-1].round == before.round - 1
        ):  # the market and recipes refilled at the last cleanup: its summary tells them
            self.summaries[-1].cleanup.append(line)
        if before.phase == Phase.RESEARCH and after.phase != Phase.RESEARCH:
            self.round_story.setdefault("research", []).append(held_die_line(after))
        if before.phase == Phase.PARK:
            self.park_moves.append(move)
        elif after.phase == Phase.PARK:
            self.park_start = after
        if after.is_terminal() or after.round != before.round:
            self._finish_round(before, after)
            return True
        return False

    def _finish_round(self, last: GameState, after: GameState) -> None:
        """Sum up the round that `last` (its last state) ended, at its cleanup."""
        visits = (
            park_visits(self.park_start, self.park_moves) if self.park_start is not None else ()
        )
        self.summaries.append(
            RoundSummary(
                last.round,
                dict(self.round_story),
                visits,
                after.names,
                cleanup_lines(last, after),
                twists_sentence(last),
            )
        )
        self.round_story, self.park_start, self.park_moves = {}, None, []

    def html(self, state: GameState, paused: bool = False) -> str:
        """The story shown above the table in `state`: the last round's summary (while
        `paused` on it, in the next round's research, or at the end) and this round so
        far."""
        parts = []
        if self.summaries and (paused or state.is_terminal() or state.phase == Phase.RESEARCH):
            parts.append(self.summaries[-1].html(state.names))
        if self.round_story and not paused:
            parts.append(
                _phases_html(message("story.so_far", round=state.round), self.round_story, True)
            )
        return "".join(parts)

    def log_html(self, open_: bool = False) -> str:
        """The log, newest step first (the last `LOG_LINES`), under a line that opens it."""
        shown = "".join(f"<li>{escape(x)}</li>" for x in reversed(self.lines[-self.LOG_LINES :]))
        return (
            f"<details{' open' if open_ else ''}><summary>"
            f"<b>{escape(message('ui.log', n=len(self.lines)))}</b></summary>"
            "<ul class='kit-log kit-plain-list'>"
            f"{shown}</ul></details>"
        )


def twists_html(state: GameState) -> str:
    """The plot twists in force in `state`, in one line (the game page's header says it)."""
    twists = [
        twist_line(state.components.plot_twist(t), state.components) for t in state.plot_twists
    ]
    return escape(message("ui.twists", names="; ".join(twists) or message("ui.no_twists")))


def final_table(state: GameState) -> str:
    """The final score of each player, part by part."""
    keys = ("track", "attractions", "exhibits", "objectives", "money", "total")
    head = "".join(f"<th>{message('score.' + k)}</th>" for k in keys)
    rows = []
    for seat, p in enumerate(state.players):
        parts = breakdown(state, p)
        cells = "".join(f"<td>{number_text(parts[k])}</td>" for k in keys)
        star = f" ({message('ui.winner_mark')})" if seat in state.winners else ""
        rows.append(f"<tr><td>{escape(state.names[seat])}{star}</td>{cells}</tr>")
    table = f"<table class='kit-final-table'><tr><th></th>{head}</tr>{''.join(rows)}</table>"
    # seven columns: on a phone the table scrolls in a box of its own, named by its headers
    return scroll_box(table, ", ".join(message("score." + k) for k in keys))


def told_round(
    bots: Sequence[str] = ("heuristic", "heuristic"),
    seed: int = 1,
    components: ComponentSet | None = None,
    round_number: int = 1,
) -> RoundSummary:
    """A round told as the game page tells it: you (playing as the heuristic bot would) against
    `bots`; the summary of round `round_number`, with every phase's steps."""
    app = GameApp(bots=bots, seed=seed, components=components, show_setup=False, chart=False)
    chooser = random.Random(seed)
    while len(app.summaries) < round_number:
        if app.paused:
            app.continue_game()
        elif app.your_turn():
            app.act(bot_by_name("heuristic")(app.state, chooser))
        else:
            break
    return app.summaries[round_number - 1]
