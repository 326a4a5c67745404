"""Play a whole game in one cell (notebook 7, and the last round in notebook 4): 1 to 10
people at one screen (hot-seat) and bots in the other seats, with legal buttons only, the
dice drawn, the bots' latest turns beside the scores, a running score chart, a game log, an
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

from kit_common.display import scroll_box
from kit_common.messages import current_language
from kit_common.widgets.base import OUTPUT_CLASS, App, button, updating, wrapping
from kit_common.widgets.charts import span
from kit_common.widgets.live_chart import LiveChart
from martian_kit.dice import NUM_DICE, FaceCounts
from martian_kit.explain import explain_action, explain_roll, take_label
from martian_kit.game import MAX_PLAYERS, TARGET, GameContext, GameState, TurnRecord, new_game
from martian_kit.messages import CATALOGUE, counted, face_message, message, policy_name
from martian_kit.narrate import describe_turn
from martian_kit.play import run
from martian_kit.policies import Policy, policy_by_name, policy_names
from martian_kit.scoring import explain_score, has_bonus, tanks_win
from martian_kit.turn import Action, Phase, TurnEnd, TurnState
from martian_kit.widgets import charts
from martian_kit.widgets.advice import win_advisor
from martian_kit.widgets.dice_view import dice_text
from martian_kit.widgets.turn import ActionBar, TurnView

Advisor = Callable[[TurnState, GameContext], Sequence[str]]
#: The rounds the score chart shows at least, from where the game started: about a game
#: between good players (25 points at about 3 a turn), so that the first points have room.
ROUNDS_AHEAD = 8


def points_advisor(turn: TurnState, context: GameContext) -> list[str]:
    """For each legal option, what the turn would score if you stopped right after it: the
    plain engine facts, before any odds. (The solvers' explanations plug in the same way.)"""
    lines = []
    if turn.phase is Phase.MUST_CHOOSE:
        assert turn.rolled is not None
        for action in turn.legal_actions():
            after = turn.apply_action(action)
            option = face_message("ui.take", action.face)
            lines.append(message("ui.advice_points", option=option, points=after.score()))
    elif turn.phase is Phase.MAY_ROLL_OR_STOP:
        lines.append(message("ui.advice_stop", explanation=turn.explain_score()))
        lines.append(CATALOGUE.plural("ui.advice_roll.n", turn.dice_left))
    return lines


def game_stats(state: GameState) -> list[dict[str, str | int | float]]:
    """Per player, in seat order: rank, points, turns, points per turn, best turn, turns
    scoring 0 and those lost to Tanks, bonuses, earthlings abducted, rolls, and Death Rays in
    the tie-break roll-offs (empty when there was none)."""
    order = sorted(range(state.num_players), key=lambda s: (-state.totals[s], s))
    if state.winner is not None:  # the tie-break decides among equal totals
        order.remove(state.winner)
        order.insert(0, state.winner)
    rows: list[dict[str, str | int | float]] = []
    for seat, name in enumerate(state.players):
        turns = [t for t in state.log if t.seat == seat]
        rays = [r for rolloff in state.rolloffs for s, r in rolloff if s == seat]
        rows.append(
            {
                "player": name,
                "rank": order.index(seat) + 1,
                "total": state.totals[seat],
                "turns": len(turns),
                # the turns played here (a game may start from given totals, as on page 4)
                "average": round(sum(t.score for t in turns) / len(turns), 2) if turns else 0.0,
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


def stats_html(rows: list[dict[str, str | int | float]]) -> str:
    """The end-of-game statistics as an HTML table, best rank first."""
    keys = ["rank", "player", "total", "turns", "average", "best", "zero", "tanked", "bonus"]
    keys += ["earthlings", "rolls"]
    if any(r["tiebreak_rays"] for r in rows):
        keys.append("tiebreak_rays")
    head = "".join(f"<th>{message('stats.' + k)}</th>" for k in keys)
    body = ""
    for r in sorted(rows, key=lambda r: r["rank"]):
        cells = "".join(f"<td>{escape(str(r[k]))}</td>" for k in keys)
        body += f"<tr>{cells}</tr>"
    title = message("stats.title")
    # eleven columns: on a phone the table scrolls in a box of its own, which a keyboard reaches
    table = f"<table class='kit-grid'><tr>{head}</tr>{body}</table>"
    return f"<h4>{title}</h4>{scroll_box(table, title)}"


class GameApp(App):
    """A game of Martian Dice for people and bots, in one widget.

    `people` persons share the screen (hot-seat), sitting one after another from `seat`
    (0 plays first); `bots` names a policy per bot, in the other seats. `state` starts from a
    given game instead of a new one (to play a chosen last round). Everything random comes
    from `random.Random(seed)`: without a seed every game deals new dice; with one, the same
    page deals the same games (a committed notebook keeps its seed).
    """

    def __init__(
        self,
        bots: Sequence[str] = ("random",),
        seed: int | None = None,
        seat: int = 0,
        advisor: Advisor | None = win_advisor,
        state: GameState | None = None,
        show_setup: bool = True,
        people: int = 1,
    ) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self.advisor = advisor

        names = policy_names()
        self.people_count = w.IntSlider(
            value=people, min=1, max=MAX_PLAYERS, description=message("ui.people")
        )
        # 0 bots and 1 person: the kit's practice mode (reach 25 in as few turns as possible)
        self.bot_count = w.IntSlider(
            value=len(bots), min=0, max=MAX_PLAYERS - people, description=message("ui.bots")
        )
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
        self.people_count.observe(self._on_people_count, names="value")
        self.new_button = button(message("ui.new_game"))
        self.new_button.on_click(lambda _: self.new_game_from_setup())
        controls = [self.people_count, self.bot_count, self.strength, self.seat_picker]
        for control in controls:  # labels in full, never cut to "Next gam..."
            control.style = {"description_width": "initial"}
        # which game the settings are for: the next one, not the one shown below them
        self.setup_note = w.HTML()
        row = wrapping(w.HBox([*controls, self.new_button]))
        setup = w.VBox([self.setup_note, row])
        setup.layout.display = None if show_setup else "none"

        self.scoreboard = w.HTML()
        self.scoreboard.add_class("kit-scoreboard")  # at most 55 % of the row (kit.css)
        # the bots' turns since a person last played, beside the scores
        # (not a `kit-output`: a person's step changes the line under the dice, not this panel)
        self.bot_turns = w.HTML()
        # on a phone it goes below the scores, without the margin that set it apart beside them
        self.bot_turns.add_class("kit-beside")
        self.view = TurnView()
        self.actions = ActionBar(self.act)
        self.why = w.HTML()
        self.why.add_class(OUTPUT_CLASS)
        self.show_advisor = w.Checkbox(value=False, description=message("ui.show_advisor"))
        self.show_advisor.observe(lambda _: self._refresh(), names="value")
        self.advice = w.HTML()
        self.advice.add_class("kit-advice")  # its lines, best first, are what a test follows
        self.figure = LiveChart(charts.score_race([], [], []))
        self.log_view = w.HTML()
        self.stats = w.HTML()
        advisor_row = [self.show_advisor, self.advice] if advisor is not None else []
        self.widget = w.VBox(
            [
                setup,
                wrapping(w.HBox([self.scoreboard, self.bot_turns])),
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
            self.start([*bots], seat, people)
        else:
            self.start_from(state, [*bots], seat, people)

    # -- starting -----------------------------------------------------------------------

    def _on_bot_count(self, change: dict) -> None:
        seat = min(self.seat_picker.value, change["new"] + 1)
        self.seat_picker.options = list(range(1, change["new"] + 2))
        self.seat_picker.value = seat

    def _on_people_count(self, change: dict) -> None:
        # at most 10 players: fewer bots fit next to more people
        self.bot_count.max = MAX_PLAYERS - change["new"]
        self.seat_picker.description = message(
            "ui.your_seat" if change["new"] == 1 else "ui.first_seat"
        )

    def new_game_from_setup(self) -> None:
        """Start a new game with the people, bots and seat chosen in the setup row."""
        bots = [self.strength.value] * self.bot_count.value
        self.start(bots, self.seat_picker.value - 1, self.people_count.value)

    def start(self, bots: Sequence[str], seat: int = 0, people: int = 1) -> None:
        """A new game: `people` persons from `seat` on, one bot per policy name in `bots` in
        the other seats (one person and no bot: the practice mode, alone against the target).
        The dice go on from the app's random generator, so each new game deals new dice."""
        if people < 1 or not 0 <= len(bots) <= MAX_PLAYERS - people:
            raise ValueError(
                message("game.too_many", most=MAX_PLAYERS, people=people, bots=len(bots))
            )
        n = len(bots) + people
        if not 0 <= seat <= n - people:
            raise ValueError(message("game.bad_seat", last=n - people + 1, seat=seat + 1))
        names = []
        it = iter(enumerate(bots, 1))
        for s in range(n):
            if seat <= s < seat + people:
                person = s - seat + 1
                names.append(message("ui.you") if people == 1 else message("ui.person", i=person))
            else:
                i, policy = next(it)
                names.append(message("ui.bot", i=i, policy=policy_name(policy)))
        self.start_from(new_game(names), bots, seat, people)

    def start_from(self, state: GameState, bots: Sequence[str], seat: int, people: int = 1) -> None:
        """Play on from `state` (any game in progress): `people` persons from `seat` on, bots
        in the other seats."""
        if len(bots) != state.num_players - people:
            raise ValueError(
                message(
                    "game.bots_needed",
                    players=state.num_players,
                    people=people,
                    bots=state.num_players - people,
                )
            )
        self.people = tuple(range(seat, seat + people))
        it = iter(bots)
        self.policies: list[Policy | None] = [
            None if s in self.people else policy_by_name(next(it)) for s in range(state.num_players)
        ]
        self.bot_names = list(bots)
        #: each finished turn's log entry, by turn, names and language (`_log_item`)
        self._log_items: dict[tuple[TurnRecord, tuple[str, ...], str], str] = {}
        self.state = state
        self.setup_note.value = (
            f"<i>{escape(message('ui.setup_note', players=', '.join(state.players)))}</i>"
        )
        self.start_round = state.round
        self.start_totals = state.totals
        self.lines: list[str] = []
        self.recent_bot_turns: list = []
        # the last finished turn of a person (seat, its last state): its dice stay in view
        # until the next roll, so that the next player sees how it ended
        self.last_turn: tuple[int, TurnState] | None = None
        self._reset_chart()
        self._advance_bots()
        self._refresh()

    @property
    def you(self) -> int:
        """The first person's seat (the only one, in a game against bots)."""
        return self.people[0]

    @you.setter
    def you(self, seat: int) -> None:
        self.people = (seat,)

    # -- playing ------------------------------------------------------------------------

    def your_turn(self) -> bool:
        """True when the game waits for you (to roll or to choose)."""
        s = self.state
        return not s.is_terminal() and not s.in_tiebreak() and s.seat in self.people

    def act(self, action: Action) -> None:
        """What your buttons do: roll, stop, or set a type aside; then the bots play until it
        is your turn again or the game is over. An illegal action raises `RuleError`."""
        action = Action(action)
        if not self.your_turn():
            raise ValueError(message("rule.not_your_turn", where=self.scoreboard_text()))
        turn = self.state.turn
        seat = self.state.seat
        if action is Action.ROLL:
            self.last_turn = None
            state = self.state if turn.is_chance_node() else self.state.apply_action(action)
            before = state.turn
            rolled = state.sample_chance(self.rng)
            assert isinstance(rolled, FaceCounts)  # a player's turn, not a roll-off
            after = before.apply_roll(rolled)
            self.state = state.apply_chance(rolled)
            self.lines = explain_roll(before, rolled, after)
        else:
            after = turn.apply_action(action)  # the engine refuses an illegal action here
            self.state = self.state.apply_action(action)
            self.lines = explain_action(turn, action, after)
        if after.is_terminal():
            self.last_turn = (seat, after)
            if len(self.people) > 1:  # the next person reads it: it names who did what
                self.lines = [turn_end_line(self.state.players[seat], after)]
            else:
                self.lines.append(message("ui.turn_over", explanation=after.explain_score()))
            self._advance_bots()
        self._refresh()

    def _advance_bots(self) -> None:
        """Let chance and the bots play until a person is to act or the game is over (a
        person's seat has no policy, so the engine's play loop stops there); remember the
        bots' turns played meanwhile, for the line beside the scores."""
        mark = len(self.state.log)
        self.state = run(self.state, self.policies, self.rng)
        self.recent_bot_turns = [t for t in self.state.log[mark:] if t.seat not in self.people]

    # -- showing ------------------------------------------------------------------------

    def scoreboard_text(self) -> str:
        """Whose turn it is, or how the game ended, in words."""
        s = self.state
        if s.is_terminal():
            assert s.winner is not None
            total = s.totals[s.winner]
            if s.practice:
                return CATALOGUE.plural("ui.practice_done.n", s.turns_taken(0), total=total)
            if self.people == (s.winner,):
                return CATALOGUE.plural("ui.you_win.n", total)
            return CATALOGUE.plural("ui.winner.n", total, name=s.players[s.winner])
        if s.turn.is_first_roll():
            what = message("ui.press_roll")
        else:
            what = " ".join(explain_next_words(s.turn))
        if len(self.people) > 1 and not s.in_tiebreak():
            return message("ui.named_turn", name=s.players[s.seat], what=what)
        return message("ui.your_turn", what=what)

    def last_turn_text(self, seat: int, last: TurnState) -> str:
        """The line under a person's last dice, kept in view until the next roll."""
        if self.people == (seat,):
            return message("ui.last_turn.you", explanation=last.explain_score())
        return message(
            "ui.last_turn.named", name=self.state.players[seat], explanation=last.explain_score()
        )

    def bot_turns_html(self) -> str:
        """The bots' turns since a person last played: one line each, its rolls on demand."""
        s = self.state
        if not self.recent_bot_turns:
            return ""
        items = "".join(
            f"<li><details><summary>{escape(bot_turn_line(s, t))}</summary>"
            f"<pre>{escape(describe_turn(s, t))}</pre></details></li>"
            for t in self.recent_bot_turns
        )
        heading = message("ui.bot_turns" if len(self.people) > 1 else "ui.bot_turns.you")
        return f"<b>{heading}</b><ul class='kit-plain-list'>{items}</ul>"

    def summary(self) -> str:
        s = self.state
        totals = ", ".join(
            message("summary.game.player", name=n, total=t) for n, t in zip(s.players, s.totals)
        )
        return message(
            "summary.game", round=s.round, totals=totals, scoreboard=self.scoreboard_text()
        )

    def _reset_chart(self) -> None:
        race = charts.score_race(self.state.players, *self._series(), target=TARGET)
        self.figure.replace_figure(race)

    def _series(self) -> tuple[list[list[int]], list[list[int]]]:
        # each line starts where this game started (round 0 and 0 points for a new game)
        rounds = [[self.start_round - 1] for _ in self.state.players]
        totals = [[total] for total in self.start_totals]
        for t in self.state.log:
            rounds[t.seat].append(t.round)
            totals[t.seat].append(t.total)
        return rounds, totals

    def _refresh(self) -> None:
        s = self.state
        # side by side as a row, wrapping onto a second line on a narrow screen (a phone)
        board = "".join(
            f"<span class='{_score_class(i, s)}'>{escape(name)}<br>{s.totals[i]}</span>"
            for i, name in enumerate(s.players)
        )
        notes = [message("ui.round", round=s.round)]
        leader = max(s.totals)
        if leader >= TARGET and not s.is_terminal() and not s.practice:
            first = next(t for t in s.log if t.total >= TARGET)
            notes.append(message("ui.last_round", name=s.players[first.seat], target=TARGET))
        self.scoreboard.value = (
            f"<div>{board}</div><div>{' · '.join(notes)}</div>"
            f"<div><b>{escape(self.scoreboard_text())}</b></div>"
        )
        over = s.is_terminal()
        # at the end only the result, the statistics and New game remain: no dice, no buttons
        for part in (self.view.widget, self.actions.widget, self.show_advisor):
            part.layout.display = "none" if over else None
        if self.your_turn() and s.turn.is_first_roll() and self.last_turn is not None:
            seat, last = self.last_turn
            self.view.update(last)
            self.view.score.value = escape(self.last_turn_text(seat, last))
        else:
            self.view.update(s.turn if self.your_turn() else _blank())
        self.actions.update(s.turn if self.your_turn() else None)
        self.why.value = "" if over else " ".join(self.lines)
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
            # fixed ranges: the target line in view (shapes do not widen it), and a few
            # rounds ahead before the first turns (Plotly alone showed rounds −1 to 1)
            self.figure.layout.yaxis.range = [0, max(TARGET + 5, *s.totals) + 2]
            start = self.start_round - 1
            shown = [r for seat_rounds in rounds for r in seat_rounds]
            self.figure.layout.xaxis.range = span(shown, (start, start + ROUNDS_AHEAD), 0.3)
        self.log_view.value = self._log_html()
        self.bot_turns.value = self.bot_turns_html()

    def _log_item(self, s: GameState, t: TurnRecord) -> str:
        """A finished turn's entry in the log, written once: the log is written again after
        every click, and describing every turn again made a long game's clicks ever slower
        (a whole game's 200 clicks described its turns 9,000 times)."""
        key = (t, s.players, current_language())
        item = self._log_items.get(key)
        if item is None:
            line = message(
                "ui.log_turn",
                round=t.round,
                name=s.players[t.seat],
                dice=dice_text(t.set_aside),
                explanation=explain_score(t.set_aside),
                total=t.total,
            )
            detail = escape(describe_turn(s, t))
            summary = f"<summary>{escape(line)}</summary>"
            item = f"<li><details>{summary}<pre>{detail}</pre></details></li>"
            self._log_items[key] = item
        return item

    def _log_html(self) -> str:
        s = self.state
        items = [f"<li>{escape(line)}</li>" for line in rolloff_lines(s)]
        items += [self._log_item(s, t) for t in s.log]
        items.reverse()
        return f"<b>{message('ui.log')}</b><ul class='kit-plain-list'>{''.join(items)}</ul>"


def rolloff_lines(state: GameState) -> list[str]:
    """The tie-break's roll-offs so far, one sentence each, oldest first: who rolled how
    many Death Rays (the game's log says them so)."""
    lines = []
    for i, rolloff in enumerate(state.rolloffs, 1):
        rolls = ", ".join(
            message("narrate.rolloff_roll", name=state.players[seat], rays=counted("ray", r))
            for seat, r in rolloff
        )
        lines.append(message("ui.rolloff", i=i, rolls=rolls))
    return lines


def tie_line(state: GameState) -> str:
    """How a tie at the end is broken, naming the tied players ("" when there was no tie):
    each rolls 6 dice, most Death Rays wins."""
    tied = state.rolloffs[0] if state.rolloffs else tuple((seat, 0) for seat in state.tied)
    if not tied:
        return ""
    names = ", ".join(state.players[seat] for seat, _ in tied)
    return message("ui.tiebreak", total=state.totals[tied[0][0]], names=names)


def explain_next_words(turn: TurnState) -> list[str]:
    """What you may do now, in words."""
    if turn.phase is Phase.MUST_CHOOSE:
        options = [take_label(a) for a in turn.legal_actions()]
        return [message("why.must_choose", options=message("why.or").join(options))]
    if turn.phase is Phase.MAY_ROLL_OR_STOP:
        return [CATALOGUE.plural("why.roll_or_stop.n", turn.dice_left)]
    return [message("ui.press_roll")]


def turn_end_line(name: str, turn: TurnState) -> str:
    """How a person's turn ended, naming them: "Player 1 stopped with 3 points." """
    assert turn.end is not None  # a turn that has ended
    key = {
        TurnEnd.STOPPED: "ui.ended.stop.n",
        TurnEnd.NO_CHOICE: "ui.ended.no_choice.n",
        TurnEnd.NO_DICE: "ui.ended.no_dice.n",
    }[turn.end]
    return CATALOGUE.plural(key, turn.score(), name=name)


def bot_turn_line(state: GameState, turn: TurnRecord) -> str:
    """One line for a bot's turn: who, what was set aside, the score and the new total."""
    return message(
        "ui.bot_turn",
        name=state.players[turn.seat],
        dice=dice_text(turn.set_aside),
        explanation=explain_score(turn.set_aside),
        total=turn.total,
    )


def _score_class(i: int, s: GameState) -> str:
    """The classes of seat `i`'s score: the winner's, or the one to play, stand out."""
    if s.is_terminal():
        return "kit-score kit-winner" if i == s.winner else "kit-score"
    return "kit-score kit-to-play" if i == s.seat and not s.tied else "kit-score"


def _blank() -> TurnState:
    return TurnState()


__all__ = [
    "NUM_DICE",
    "GameApp",
    "game_stats",
    "points_advisor",
    "rolloff_lines",
    "stats_html",
    "tie_line",
]
