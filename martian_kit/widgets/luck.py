"""Notebook 5: the odds of pushing your luck, for the turn you are playing. A turn player
whose panel shows, at every step, what stopping is worth, what rolling on is worth under the
best play (the turn solver), the chance the next roll leaves no legal choice (the odds
module), and the chance it puts the Tanks ahead; and a bar chart of every option's value."""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction
from functools import cache

import ipywidgets as w

from kit_common.display import percent
from kit_common.svg import dice_row_html
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.teaching import PredictReveal
from martian_kit.dice import FaceCounts, roll_distribution
from martian_kit.messages import CATALOGUE, face_message, message
from martian_kit.odds import p_no_choice
from martian_kit.solver.turn import expected_score_solution
from martian_kit.turn import Action, Phase, TurnState
from martian_kit.widgets import charts
from martian_kit.widgets.turn import TurnPlayer


@cache
def p_tanks_overtake(dice: int, lead: int) -> Fraction:
    """The chance that rolling `dice` dice shows more Tanks than Death Rays by more than
    `lead`: with the Death Rays set aside leading the Tanks by `lead`, the Tanks are then
    ahead even if the player takes every Death Ray rolled."""
    return sum((p for c, p in roll_distribution(dice) if c.tank - c.ray > lead), Fraction(0))


def p_tanks_ahead_after_roll(set_aside: FaceCounts) -> Fraction:
    """`p_tanks_overtake` for a turn state: its dice left and its Death Rays' lead."""
    return p_tanks_overtake(13 - set_aside.total, set_aside.ray - set_aside.tank)


def roll_or_stop_prediction(set_aside: FaceCounts, why: str = "") -> PredictReveal:
    """ "Roll or stop?" for a set-aside: the student commits a choice, then sees the exact
    values from the turn solver (stopping's score, rolling on's expected score with the best
    play from there) and `why`, the reason in words."""
    solution = expected_score_solution()
    stop, roll = solution.stop_value(set_aside), solution.roll_value(set_aside)
    roll_choice, stop_choice = message("luck.choice.roll"), message("luck.choice.stop")
    better = roll_choice if roll > stop else stop_choice
    values = message("luck.values", stop=stop, left=13 - set_aside.total, roll=roll)
    return PredictReveal(
        message("luck.predict", set_aside=set_aside),
        better,
        f"{values} {why}".strip(),
        choices=(roll_choice, stop_choice),
        answer_text=better,
        picture=dice_row_html(set_aside.dice_svg()),  # the words are in the question
    )


def _pct(p: Fraction) -> str:
    """A probability for reading: "12.3%", or "1 in 4,000" when below 0.1%."""
    x = float(p)
    if x == 0 or x >= 0.001:
        return percent(x)
    return message("luck.one_in", n=round(1 / x))


def option_label(action: Action) -> str:
    if action.face is None:
        return message(f"ui.{action.value}").split(" ", 1)[-1]
    return face_message("ui.take", action.face)


class LuckPlayer(TurnPlayer):
    """A turn player with the odds of the current state beside it."""

    def __init__(self, seed: int = 1, rolls: Iterable[FaceCounts] = ()) -> None:
        self.solution = expected_score_solution()
        self.odds = w.HTML()
        self.figure = LiveChart(charts.option_values([], [], None))
        super().__init__(seed=seed, rolls=rolls)
        self.widget.children = (*self.widget.children, self.odds, self.figure.widget)

    def options(self) -> dict[Action, float]:
        """The value of every option now (expected final turn score under the best play)."""
        return self.solution.option_values(self.state)

    def odds_lines(self) -> list[str]:
        """The odds panel, one sentence per line."""
        s = self.state
        if s.is_terminal():
            return [message("luck.over", explanation=s.explain_score())]
        if s.is_first_roll():
            return [message("luck.start", value=self.solution.fresh_turn_value)]
        if s.phase is Phase.MAY_ROLL_OR_STOP:
            return [
                CATALOGUE.plural("luck.stop.n", s.score()),
                CATALOGUE.plural(
                    "luck.roll.n", s.dice_left, value=self.solution.roll_value(s.set_aside)
                ),
                message("luck.no_choice", p=_pct(p_no_choice(s.set_aside))),
                message("luck.overtake", p=_pct(p_tanks_ahead_after_roll(s.set_aside))),
            ]
        lines = [message("luck.choose")]
        for action, value in self.options().items():
            points = s.apply_action(action).score()
            lines.append(
                message("luck.option", option=option_label(action), value=value, points=points)
            )
        return lines

    def summary(self) -> str:
        return message("luck.summary", turn=super().summary(), odds=" ".join(self.odds_lines()))

    def _refresh(self) -> None:
        super()._refresh()
        if not hasattr(self, "odds"):
            return
        lines = self.odds_lines()
        head = f"<b>{message('luck.title')}</b>"
        self.odds.value = head + "<ul>" + "".join(f"<li>{x}</li>" for x in lines) + "</ul>"
        options = self.options()
        labels = [option_label(a) for a in options]
        values = list(options.values())
        best = values.index(max(values)) if values else None
        self.figure.replace_figure(charts.option_values(labels, values, best))


__all__ = ["LuckPlayer", "TurnState", "p_tanks_ahead_after_roll", "p_tanks_overtake"]
