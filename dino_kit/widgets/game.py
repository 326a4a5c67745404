"""Play Dinosaur Island in one cell: you against 1–3 bots (notebook 7), or one phase of a
round on its own (notebooks 2–4: `until="market"` stops when research is over).

Only legal actions are offered: first the kind of action (the engine's legal kinds), then the
action itself in words; **Play** plays it. An action given in code (`app.act(...)`) that the
rules refuse is not played, and the reason — the engine's `RuleError` message, naming the
rule — is shown. The bots (`dino_kit.bots.BOTS`) and chance play in between; the chart follows
each player's VP round by round, and the log lists every step.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape
from typing import Any

import ipywidgets as w

from dino_kit import charts
from dino_kit.bots import BOTS, Bot, bot_by_name
from dino_kit.components import ComponentSet
from dino_kit.engine import apply_action, legal_actions, run, why_illegal
from dino_kit.messages import message
from dino_kit.narrate import action_label, round_summary, step_line
from dino_kit.objectives import breakdown
from dino_kit.setup import new_game
from dino_kit.state import Action, GameState
from dino_kit.widgets.data import current_components
from dino_kit.widgets.views import board_html, market_html, research_html
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, updating
from kit_common.widgets.live_chart import LiveChart

#: Safety net: a bot turn that never gives the hand back would be an engine bug.
MAX_STEPS_BETWEEN_TURNS = 20_000
KIND_ORDER = (
    "die", "recipe", "storage", "pass", "build", "upgrade", "special", "hire", "buy_dna",
    "work", "done", "food",
)  # fmt: skip


def objective_text(state: GameState, ident: str) -> str:
    """An objective's condition and VP in words."""
    o = state.components[ident]
    params = " ".join(str(v).replace("_", " ") for _, v in o.condition.params)
    return message(
        "ui.objective", condition=o.condition.id.replace("_", " "), params=params, vp=o.vp
    )


class GameApp(App):
    """A game of Dinosaur Island against bots, in one widget.

    `bots`: a bot name per other seat (1 to 3); `you`: your seat (0 plays first in round 1);
    `until`: a phase name — the app stops (nobody acts any more) when the game reaches it;
    `state`: play on from a given game; `settings`: `new_game` options (variants, objective
    length). Everything random comes from `random.Random(seed)`.
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
        **settings: Any,
    ) -> None:
        self.components = components or current_components()
        self.seed = seed
        self.until = until
        self.settings = settings

        self.bot_count = w.IntSlider(value=len(bots), min=1, max=3, description=message("ui.bots"))
        self.bot_style = w.Dropdown(
            options=sorted(BOTS), value=bots[0], description=message("ui.bot_style")
        )
        self.seat_picker = w.Dropdown(
            options=list(range(1, len(bots) + 2)),
            value=you + 1,
            description=message("ui.your_seat"),
        )
        self.bot_count.observe(self._on_bot_count, names="value")
        self.chaos = w.Checkbox(
            value=settings.get("chaos_theory", False), description=message("ui.chaos")
        )
        self.predictable = w.Checkbox(
            value=settings.get("predictable_systems", False), description=message("ui.predictable")
        )
        self.new_button = button(message("ui.new_game"))
        self.new_button.on_click(lambda _: self.new_game_from_setup())
        setup = w.HBox(
            [self.bot_count, self.bot_style, self.seat_picker, self.chaos, self.predictable,
             self.new_button],
            layout=w.Layout(flex_flow="row wrap", display=None if show_setup else "none"),
        )  # fmt: skip

        self.header = w.HTML()
        self.centre = w.HTML()
        self.your_board = w.HTML()
        self.kinds = w.ToggleButtons(options=[], description=message("ui.kind"))
        self.kinds.style.button_width = "auto"
        self.kinds.observe(lambda _: self._fill_options(), names="value")
        self.options = w.Dropdown(options=[], layout=w.Layout(width="38em"))
        self.play_button = button(message("ui.play"), message("ui.play.tip"))
        self.play_button.button_style = "primary"
        self.play_button.add_class(ACTION_CLASS)
        self.play_button.on_click(lambda _: self.play_selected())
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
                self.centre,
                self.your_board,
                self.kinds,
                w.HBox([self.options, self.play_button]),
                self.why,
                self.result,
                *([self.figure.widget] if self.figure is not None else []),
                w.HTML(f"<b>{escape(message('ui.others'))}</b>"),
                self.others,
                self.log_view,
            ]
        )
        if state is None:
            self.start(list(bots), you)
        else:
            self.start_from(state, list(bots), you)

    # -- starting ---------------------------------------------------------------------------

    def _on_bot_count(self, change: dict) -> None:
        seat = min(self.seat_picker.value, change["new"] + 1)
        self.seat_picker.options = list(range(1, change["new"] + 2))
        self.seat_picker.value = seat

    def new_game_from_setup(self) -> None:
        """A new game with the bots, seat and variants chosen in the setup row."""
        self.settings = {
            **self.settings,
            "chaos_theory": self.chaos.value,
            "predictable_systems": self.predictable.value,
        }
        self.seed += 1
        self.start([self.bot_style.value] * self.bot_count.value, self.seat_picker.value - 1)

    def start(self, bots: Sequence[str], you: int = 0) -> None:
        """A new game: you at seat `you`, one bot per name in `bots`."""
        if not 1 <= len(bots) <= 3:
            raise ValueError(message("ui.bad_bots", n=len(bots)))
        n = len(bots) + 1
        if not 0 <= you < n:
            raise ValueError(message("ui.bad_seat", n=n, seat=you + 1))
        names, it = [], iter(enumerate(bots, 1))
        for s in range(n):
            if s == you:
                names.append(message("ui.you"))
            else:
                i, bot = next(it)
                names.append(message("ui.bot", i=i, bot=bot))
        self.start_from(new_game(names, self.components, **self.settings), bots, you)

    def start_from(self, state: GameState, bots: Sequence[str], you: int) -> None:
        """Play on from `state`, you at seat `you`, the bots named in `bots` in the others."""
        if len(bots) != state.num_players - 1:
            raise ValueError(message("ui.bad_bots", n=len(bots)))
        self.rng = random.Random(self.seed)
        self.you = you
        it = iter(bots)
        self.bots: list[Bot | None] = [
            None if s == you else bot_by_name(next(it)) for s in range(state.num_players)
        ]
        self.state = state
        self.round_start = state  # the state the current round began in (for its summary)
        self.lines: list[str] = []
        self.message_text = ""
        self.rounds: list[int] = []
        self.vps: list[tuple[int, ...]] = []
        self._record_round()
        self._advance()
        self._reset_chart()
        self._refresh()

    # -- playing ------------------------------------------------------------------------------

    def stopped(self) -> bool:
        """True when the game is over or has reached the phase the app stops at."""
        return self.state.is_terminal() or (
            self.until is not None and self.state.phase == self.until
        )

    def your_turn(self) -> bool:
        return not self.stopped() and self.state.current_player() == self.you

    def legal(self) -> tuple[Action, ...]:
        """Your legal actions now (none when it is not your turn)."""
        return legal_actions(self.state) if self.your_turn() else ()

    def act(self, action: Action) -> str | None:
        """Play `action` for you; the bots and chance then play until it is your turn again.
        Returns None when played, else the reason it was refused (also shown)."""
        if not self.your_turn():
            reason = message("ui.not_your_turn")
        else:
            broken = why_illegal(self.state, action)
            reason = (
                None if broken is None else message("ui.refused", rule=broken[0], why=broken[1])
            )
        if reason is not None:
            self.message_text = reason
            self.why.value = f"<span style='color:#c62828'>⛔ {escape(reason)}</span>"
            return reason
        self.message_text = message("ui.you_played", action=action_label(self.state, action))
        self._step(action)
        self._advance()
        self._refresh()
        return None

    def play_selected(self) -> str | None:
        """What the Play button does: play the action chosen in the menu."""
        if self.options.value is None:
            return self.act(Action("none"))
        return self.act(self.options.value)

    def play_with(
        self, bot: Callable[[GameState, random.Random], Action], steps: int = 10**6
    ) -> None:
        """Let `bot` choose your actions (at most `steps` of them) — used by the demos and
        tests to drive the app through its public `act`."""
        chooser = random.Random(self.seed + 1)
        for _ in range(steps):
            if not self.your_turn():
                return
            self.act(bot(self.state, chooser))

    def _step(self, action: Action) -> None:
        """Play your `action` (checked legal by `act`)."""
        before = self.state
        self._took(before, before.current_player(), action, apply_action(before, action))

    def _took(self, before: GameState, actor: int, move: Any, after: GameState) -> None:
        """Log a step (yours, a bot's or chance's) and move the game on to `after`; a round
        that ends is logged with its summary (`dino_kit.narrate`, the command line's words)."""
        self.lines.append(step_line(before, actor, move))
        if after.round != self.round_start.round or after.is_terminal():
            self.lines.append(round_summary(self.round_start, after))
            self.round_start = after
        self.state = after
        self._record_round()

    def _advance(self) -> None:
        """Chance and bots play until you are to act, the app's stop, or the end."""
        until = self.until
        run(
            self.state,
            self.bots,  # None at your seat: the loop stops there
            self.rng,
            until=None if until is None else (lambda s: s.phase == until),
            on_step=self._took,
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

    def status_text(self) -> str:
        s = self.state
        if s.is_terminal():
            names = ", ".join(s.names[i] for i in s.winners)
            return message("ui.game_over", names=names)
        if self.stopped():
            return message("ui.stopped", phase=message("phase." + s.phase))
        seat = s.current_player()
        who = message("ui.your_turn") if seat == self.you else s.names[seat]
        return message(
            "ui.status",
            round=s.round,
            phase=message("phase." + s.phase),
            who=who,
            hint=message("hint." + s.phase),
        )

    def summary(self) -> str:
        s = self.state
        now = s.final if s.final is not None else tuple(p.vp for p in s.players)
        vps = ", ".join(f"{n} {v}" for n, v in zip(s.names, now))
        return f"{self.status_text()} VP: {vps}"

    def _reset_chart(self) -> None:
        if self.figure is None:
            return
        self.figure.replace_figure(charts.vp_race(self.state.names, self.rounds, self.vps))

    def _fill_options(self) -> None:
        kind = self.kinds.value
        actions = [a for a in self.legal() if a.kind == kind]
        self.options.options = [(action_label(self.state, a), a) for a in actions]
        self.options.value = actions[0] if actions else None

    def _refresh(self) -> None:
        s = self.state
        lines = [f"<b>{escape(self.status_text())}</b>"]
        if s.objectives:
            objs = []
            for ident, who in zip(s.objectives, s.claims):
                owners = ", ".join(s.names[i] for i in who)
                mark = f" ✔ {escape(owners)}" if who else ""
                objs.append(f"<li>{escape(objective_text(s, ident))}{mark}</li>")
            lines.append(f"{escape(message('ui.objectives'))}<ul>{''.join(objs)}</ul>")
        twists = ", ".join(s.components[t].name for t in s.plot_twists) or "—"
        lines.append(escape(message("ui.twists", names=twists)))
        self.header.value = "<br>".join(lines[:1]) + "".join(f"<div>{x}</div>" for x in lines[1:])
        if s.phase == "research" or (s.phase == "market" and self.until == "market"):
            self.centre.value = research_html(s)
        elif s.phase == "market":
            self.centre.value = market_html(s)
        else:
            self.centre.value = ""
        self.your_board.value = board_html(s, self.you)
        kinds = [k for k in KIND_ORDER if any(a.kind == k for a in self.legal())]
        self.kinds.unobserve_all("value")
        self.kinds.options = [(message("kind." + k), k) for k in kinds]
        self.kinds.value = kinds[0] if kinds else None
        self.kinds.observe(lambda _: self._fill_options(), names="value")
        self._fill_options()
        self.play_button.disabled = not self.your_turn()
        self.why.value = escape(self.message_text)
        self.others.value = "".join(
            board_html(s, seat) for seat in range(s.num_players) if seat != self.you
        )
        self.result.value = final_table(s) if s.is_terminal() else ""
        if self.figure is not None:
            with updating(self.figure):
                for i, trace in enumerate(self.figure.data):
                    trace.x = list(self.rounds)
                    trace.y = [v[i] for v in self.vps]
        shown = "".join(f"<li>{escape(x)}</li>" for x in reversed(self.lines[-60:]))
        self.log_view.value = (
            f"<details><summary><b>{escape(message('ui.log', n=len(self.lines)))}</b></summary>"
            f"<ul style='list-style:none;padding-left:0;font-size:90%'>{shown}</ul></details>"
        )


def final_table(state: GameState) -> str:
    """The final score of each player, part by part."""
    keys = ("track", "attractions", "exhibits", "objectives", "money", "total")
    head = "".join(f"<th style='padding:2px 8px'>{message('score.' + k)}</th>" for k in keys)
    rows = []
    for seat, p in enumerate(state.players):
        parts = breakdown(state, p)
        cells = "".join(f"<td style='padding:2px 8px'>{parts[k]}</td>" for k in keys)
        star = f" ({message('ui.winner_mark')})" if seat in state.winners else ""
        rows.append(f"<tr><td>{escape(state.names[seat])}{star}</td>{cells}</tr>")
    return f"<table><tr><th></th>{head}</tr>{''.join(rows)}</table>"
