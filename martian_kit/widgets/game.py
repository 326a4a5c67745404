"""Play a whole game in one cell (notebook 7, and the last round in notebook 4): you against
1 to 9 bots, with legal buttons only, your dice drawn, a running score chart, a game log, an
optional advisor, and end-of-game statistics.

The bots are the policies of `martian_kit.policies.POLICIES`, read when the app is built, so
every registered policy appears (the named strategies, the solver's optimal policy, the
game-aware `win` and `leader` policies, and any added with `register`). Chance and the bots
play through the engine's play loop (`martian_kit.play.run`). The advisor is any callable
`advisor(turn, context) -> lines of text`: by default the solvers' explanations
(`martian_kit.widgets.advice.win_advisor`); `points_advisor` needs no solver.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from html import escape

import ipywidgets as w

from kit_common.widgets.base import OUTPUT_CLASS, App, button, updating
from kit_common.widgets.live_chart import LiveChart
from martian_kit import charts
from martian_kit.dice import NUM_DICE
from martian_kit.explain import explain_action, explain_roll, take_label
from martian_kit.game import TARGET, GameContext, GameState, new_game
from martian_kit.messages import counted, message
from martian_kit.narrate import describe_turn
from martian_kit.play import run
from martian_kit.policies import Policy, policy_by_name, policy_names
from martian_kit.scoring import explain_score, has_bonus, tanks_win
from martian_kit.turn import Action, Phase, TurnState
from martian_kit.widgets.advice import win_advisor
from martian_kit.widgets.dice_view import dice_text
from martian_kit.widgets.turn import ActionBar, TurnView

Advisor = Callable[[TurnState, GameContext], Sequence[str]]


def points_advisor(turn: TurnState, context: GameContext) -> list[str]:
    """For each legal option, what the turn would score if you stopped right after it: the
    plain engine facts, before any odds. (The solvers' explanations plug in the same way.)"""
    lines = []
    if turn.phase is Phase.MUST_CHOOSE:
        assert turn.rolled is not None
        for action in turn.legal_actions():
            after = turn.apply_action(action)
            option = message("ui.take", faces=take_label(action))
            lines.append(message("ui.advice_points", option=option, points=after.score()))
    elif turn.phase is Phase.MAY_ROLL_OR_STOP:
        lines.append(message("ui.advice_stop", explanation=turn.explain_score()))
        lines.append(message("ui.advice_roll", dice=turn.dice_left))
    return lines


def game_stats(state: GameState) -> list[dict[str, object]]:
    """Per player, in seat order: rank, points, turns, points per turn, best turn, turns
    scoring 0 and those lost to Tanks, bonuses, earthlings abducted, rolls, and Death Rays in
    the tie-break roll-offs (empty when there was none)."""
    order = sorted(range(state.num_players), key=lambda s: (-state.totals[s], s))
    if state.winner is not None:  # the tie-break decides among equal totals
        order.remove(state.winner)
        order.insert(0, state.winner)
    rows = []
    for seat, name in enumerate(state.players):
        turns = [t for t in state.log if t.seat == seat]
        rays = [r for rolloff in state.rolloffs for s, r in rolloff if s == seat]
        rows.append(
            {
                "player": name,
                "rank": order.index(seat) + 1,
                "total": state.totals[seat],
                "turns": len(turns),
                "average": round(state.totals[seat] / len(turns), 2) if turns else 0.0,
                "best": max((t.score for t in turns), default=0),
                "zero": sum(t.score == 0 for t in turns),
                "tanked": sum(tanks_win(t.set_aside) for t in turns),
                "bonus": sum(has_bonus(t.set_aside) and t.score > 0 for t in turns),
                "earthlings": sum(
                    t.set_aside.human + t.set_aside.cow + t.set_aside.chicken
                    for t in turns
                    if t.score > 0
                ),
                "rolls": sum(len(t.rolls) for t in turns),
                "tiebreak_rays": ", ".join(map(str, rays)),
            }
        )
    return rows


def stats_html(rows: list[dict[str, object]]) -> str:
    """The end-of-game statistics as an HTML table, best rank first."""
    keys = ["rank", "player", "total", "turns", "average", "best", "zero", "tanked", "bonus"]
    keys += ["earthlings", "rolls"]
    if any(r["tiebreak_rays"] for r in rows):
        keys.append("tiebreak_rays")
    head = "".join(f"<th style='padding:2px 8px'>{message('stats.' + k)}</th>" for k in keys)
    body = ""
    for r in sorted(rows, key=lambda r: r["rank"]):
        cells = "".join(f"<td style='padding:2px 8px'>{escape(str(r[k]))}</td>" for k in keys)
        body += f"<tr>{cells}</tr>"
    title = f"<h4>{message('stats.title')}</h4>"
    return f"{title}<table style='border-collapse:collapse'><tr>{head}</tr>{body}</table>"


class GameApp(App):
    """A game of Martian Dice against bots, in one widget.

    `bots` names a policy per bot (1 to 9 of them); `seat` is your seat (0 plays first);
    `state` starts from a given game instead of a new one (to play a chosen last round).
    Everything random comes from `random.Random(seed)`.
    """

    def __init__(
        self,
        bots: Sequence[str] = ("random",),
        seed: int = 1,
        seat: int = 0,
        advisor: Advisor | None = win_advisor,
        state: GameState | None = None,
        show_setup: bool = True,
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.advisor = advisor

        names = policy_names()
        # 0 bots: the kit's 1-player practice mode (reach 25 in as few turns as possible)
        self.bot_count = w.IntSlider(value=len(bots), min=0, max=9, description=message("ui.bots"))
        self.strength = w.Dropdown(
            options=names,
            value=bots[0] if bots and bots[0] in names else names[0],
            description=message("ui.strength"),
        )
        self.seat_picker = w.Dropdown(
            options=list(range(1, len(bots) + 2)),
            value=seat + 1,
            description=message("ui.your_seat"),
        )
        self.bot_count.observe(self._on_bot_count, names="value")
        self.new_button = button(message("ui.new_game"))
        self.new_button.on_click(lambda _: self.new_game_from_setup())
        setup = w.HBox([self.bot_count, self.strength, self.seat_picker, self.new_button])
        setup.layout.flex_flow = "row wrap"
        setup.layout.display = None if show_setup else "none"

        self.scoreboard = w.HTML()
        self.view = TurnView()
        self.actions = ActionBar(self.act)
        self.why = w.HTML()
        self.why.add_class(OUTPUT_CLASS)
        self.show_advisor = w.Checkbox(value=False, description=message("ui.show_advisor"))
        self.show_advisor.observe(lambda _: self._refresh(), names="value")
        self.advice = w.HTML()
        self.figure = LiveChart(charts.score_race([], [], []))
        self.log_view = w.HTML()
        self.stats = w.HTML()
        advisor_row = [self.show_advisor, self.advice] if advisor is not None else []
        self.widget = w.VBox(
            [
                setup,
                self.scoreboard,
                self.view.widget,
                self.actions.widget,
                self.why,
                *advisor_row,
                self.stats,
                self.figure.widget,
                self.log_view,
            ]
        )
        if state is None:
            self.start([*bots], seat)
        else:
            self.start_from(state, [*bots], seat)

    # -- starting -----------------------------------------------------------------------

    def _on_bot_count(self, change: dict) -> None:
        seat = min(self.seat_picker.value, change["new"] + 1)
        self.seat_picker.options = list(range(1, change["new"] + 2))
        self.seat_picker.value = seat

    def new_game_from_setup(self) -> None:
        """Start a new game with the bots and seat chosen in the setup row."""
        bots = [self.strength.value] * self.bot_count.value
        self.start(bots, self.seat_picker.value - 1)

    def start(self, bots: Sequence[str], seat: int = 0) -> None:
        """A new game: you at `seat`, one bot per policy name in `bots` (none: the practice
        mode, alone against the target)."""
        if not 0 <= len(bots) <= 9:
            raise ValueError(f"a game here has 0 to 9 bots, not {len(bots)}")
        n = len(bots) + 1
        if not 0 <= seat < n:
            raise ValueError(f"your seat is 1 to {n}, not {seat + 1}")
        names = []
        it = iter(enumerate(bots, 1))
        for s in range(n):
            if s == seat:
                names.append(message("ui.you"))
            else:
                i, policy = next(it)
                names.append(message("ui.bot", i=i, policy=policy))
        self.start_from(new_game(names), bots, seat)

    def start_from(self, state: GameState, bots: Sequence[str], seat: int) -> None:
        """Play on from `state` (any game in progress), you at `seat`, bots in the others."""
        if len(bots) != state.num_players - 1:
            raise ValueError(f"{state.num_players} players need {state.num_players - 1} bots")
        self.you = seat
        it = iter(bots)
        self.policies: list[Policy | None] = [
            None if s == seat else policy_by_name(next(it)) for s in range(state.num_players)
        ]
        self.bot_names = list(bots)
        self.state = state
        self.lines: list[str] = []
        self._reset_chart()
        self._advance()
        self._refresh()

    # -- playing ------------------------------------------------------------------------

    def your_turn(self) -> bool:
        """True when the game waits for you (to roll or to choose)."""
        s = self.state
        return not s.is_terminal() and not s.in_tiebreak() and s.seat == self.you

    def act(self, action: Action) -> None:
        """What your buttons do: roll, stop, or set a type aside; then the bots play until it
        is your turn again or the game is over. An illegal action raises `RuleError`."""
        action = Action(action)
        if not self.your_turn():
            raise ValueError(message("rule.not_your_turn", where=self.scoreboard_text()))
        turn = self.state.turn
        if action is Action.ROLL:
            state = self.state if turn.is_chance_node() else self.state.apply_action(action)
            before = state.turn
            rolled = state.sample_chance(self.rng)
            after = before.apply_roll(rolled)
            self.state = state.apply_chance(rolled)
            self.lines = explain_roll(before, rolled, after)
        else:
            after = turn.apply_action(action)  # the engine refuses an illegal action here
            self.state = self.state.apply_action(action)
            self.lines = explain_action(turn, action, after)
        if after.is_terminal():
            self.lines.append(message("ui.turn_over", explanation=after.explain_score()))
        self._advance()
        self._refresh()

    def _advance(self) -> None:
        """Let chance and the bots play until you are to act or the game is over (your seat
        has no policy, so the engine's play loop stops there)."""
        self.state = run(self.state, self.policies, self.rng)

    # -- showing ------------------------------------------------------------------------

    def scoreboard_text(self) -> str:
        """Whose turn it is, or how the game ended, in words."""
        s = self.state
        if s.is_terminal():
            assert s.winner is not None
            total = s.totals[s.winner]
            if s.practice:
                return message("ui.practice_done", total=total, turns=s.turns_taken(0))
            if s.winner == self.you:
                return message("ui.you_win", total=total)
            return message("ui.winner", name=s.players[s.winner], total=total)
        if s.turn.is_first_roll():
            return message("ui.your_turn", what=message("ui.press_roll"))
        return message("ui.your_turn", what=" ".join(explain_next_words(s.turn)))

    def summary(self) -> str:
        s = self.state
        totals = ", ".join(f"{n} {t}" for n, t in zip(s.players, s.totals))
        return f"round {s.round}; {totals}; {self.scoreboard_text()}"

    def _reset_chart(self) -> None:
        race = charts.score_race(self.state.players, *self._series(), target=TARGET)
        self.figure.replace_figure(race)

    def _series(self) -> tuple[list[list[int]], list[list[int]]]:
        rounds = [[0] for _ in self.state.players]
        totals = [[0] for _ in self.state.players]
        for t in self.state.log:
            rounds[t.seat].append(t.round)
            totals[t.seat].append(t.total)
        return rounds, totals

    def _refresh(self) -> None:
        s = self.state
        board = "".join(
            f"<td style='padding:2px 10px;{_bold(i, s)}'>{escape(name)}<br>{s.totals[i]}</td>"
            for i, name in enumerate(s.players)
        )
        notes = [message("ui.round", round=s.round)]
        leader = max(s.totals)
        if leader >= TARGET and not s.is_terminal() and not s.practice:
            first = next(t for t in s.log if t.total >= TARGET)
            notes.append(message("ui.last_round", name=s.players[first.seat], target=TARGET))
        self.scoreboard.value = (
            f"<table><tr>{board}</tr></table><div>{' · '.join(notes)}</div>"
            f"<div><b>{escape(self.scoreboard_text())}</b></div>"
        )
        self.view.update(s.turn if self.your_turn() else _blank())
        self.actions.update(s.turn if self.your_turn() else None)
        self.why.value = " ".join(self.lines)
        if self.advisor is not None and self.show_advisor.value and self.your_turn():
            items = "".join(f"<li>{escape(x)}</li>" for x in self.advisor(s.turn, s.context()))
            self.advice.value = f"<b>{message('ui.advisor')}</b><ul>{items}</ul>"
        else:
            self.advice.value = ""
        self.stats.value = stats_html(game_stats(s)) if s.is_terminal() else ""
        rounds, totals = self._series()
        with updating(self.figure):
            for i, trace in enumerate(self.figure.data):
                trace.x, trace.y = rounds[i], totals[i]
            # a fixed range that keeps the target line in view (shapes do not widen it)
            self.figure.layout.yaxis.range = [0, max(TARGET + 5, *s.totals) + 2]
        self.log_view.value = self._log_html()

    def _log_html(self) -> str:
        s = self.state
        items = []
        for i, rolloff in enumerate(s.rolloffs, 1):
            rolls = ", ".join(f"{s.players[seat]} {counted('ray', r)}" for seat, r in rolloff)
            items.append(f"<li>{escape(message('ui.rolloff', i=i, rolls=rolls))}</li>")
        for t in s.log:
            line = message(
                "ui.log_turn",
                round=t.round,
                name=s.players[t.seat],
                dice=dice_text(t.set_aside),
                explanation=explain_score(t.set_aside),
                total=t.total,
            )
            detail = escape(describe_turn(s, t))
            items.append(
                f"<li><details><summary>{escape(line)}</summary><pre>{detail}</pre></details></li>"
            )
        items.reverse()
        style = "list-style:none;padding-left:0"
        return f"<b>{message('ui.log')}</b><ul style='{style}'>{''.join(items)}</ul>"


def explain_next_words(turn: TurnState) -> list[str]:
    """What you may do now, in words."""
    if turn.phase is Phase.MUST_CHOOSE:
        options = [take_label(a) for a in turn.legal_actions()]
        return [message("why.must_choose", options=message("why.or").join(options))]
    if turn.phase is Phase.MAY_ROLL_OR_STOP:
        return [message("why.roll_or_stop", dice=turn.dice_left)]
    return [message("ui.press_roll")]


def _bold(i: int, s: GameState) -> str:
    if s.is_terminal():
        return "font-weight:bold;background:#fff3c4" if i == s.winner else ""
    return "font-weight:bold;background:#e3f2fd" if i == s.seat and not s.tied else ""


def _blank() -> TurnState:
    return TurnState()


__all__ = ["NUM_DICE", "GameApp", "game_stats", "points_advisor", "stats_html"]
