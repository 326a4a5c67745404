"""Notebook 8 as a lesson: predict-then-reveal exercises built from the kit's exact numbers,
the class experiment (typed tallies against the exact distribution, pooled over groups), a
printable handout and a projector view.

The exercises are data (`Exercise`): the same list makes the page's `PredictReveal` widgets and
the handout's questions and answer key, so the two never disagree.
"""

from __future__ import annotations

import base64
from dataclasses import dataclass
from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.errors import KitError
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, updating
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.teaching import PredictReveal
from martian_kit import charts
from martian_kit.classroom import (
    COUNTS,
    ExperimentReport,
    analyse,
    exact_ray_distribution,
    exact_ray_mean,
    p_value_words,
    parse_rolls,
)
from martian_kit.solver.distribution import score_distribution
from martian_kit.solver.game import FIRST, GameDistributions, evaluate_game, win_probability
from martian_kit.solver.misreadings import misread_turn_value
from martian_kit.solver.model import N_SCORES
from martian_kit.solver.turn import at_least_solution, expected_score_solution
from martian_kit.strategies import named_table_policies


@dataclass(frozen=True)
class Exercise:
    """A question whose answer stays hidden until the student commits a prediction: a
    number (within `tolerance`) or one of `choices`; `answer_text` is the exact answer as it
    reads, `why` the explanation shown with it."""

    question: str
    answer: float | str
    answer_text: str
    why: str
    choices: tuple[str, ...] = ()
    tolerance: float = 0.0

    def widget(self) -> PredictReveal:
        """A fresh predict-then-reveal app for this exercise."""
        return PredictReveal(
            self.question,
            self.answer,
            self.why,
            choices=self.choices,
            answer_text=self.answer_text,
            tolerance=self.tolerance,
        )


def report_html(report: ExperimentReport) -> str:
    """The experiment's results in sentences (what the page shows under the chart)."""
    if report.rolls == 0:
        return "<p>No rolls yet: type a group's counts and add them.</p>"
    exact = float(exact_ray_mean())
    parts = [f"<p><b>{report.rolls} rolls.</b> "]
    if report.mean is not None:
        m = report.mean
        verdict = "holds" if report.mean_agrees else "misses"
        parts.append(
            f"Mean number of Death Rays {m.estimate:.2f}; its 95% interval "
            f"[{m.low:.2f}, {m.high:.2f}] {verdict} the exact mean 13/3 ≈ {exact:.2f}.</p>"
        )
    else:
        parts.append("</p>")
    test = report.test
    if test is None:
        parts.append("<p>Too few rolls for a chi-square test: pool more groups.</p>")
    else:
        rows = "".join(
            f"<tr><td>{escape(label)}</td><td>{o}</td><td>{e:.1f}</td></tr>"
            for label, o, e in zip(test.labels, test.observed, test.expected)
        )
        parts.append(
            "<table class='kit-table'><thead><tr><th>Death Rays</th><th>Rolls seen</th>"
            f"<th>Rolls expected</th></tr></thead><tbody>{rows}</tbody></table>"
            f"<p>Chi-square {test.statistic:.2f} with {test.df} degrees of freedom (counts "
            "grouped so that each group expects at least 5 rolls). "
            f"{escape(p_value_words(test.p_value))}</p>"
        )
    return "".join(parts)


class ClassExperiment(App):
    """Type each group's Death Ray counts, add them, and compare all groups pooled with the
    exact distribution."""

    def __init__(self) -> None:
        self.groups: dict[str, list[int]] = {}
        self.name = w.Text(description="Group", placeholder="e.g. Table 1")
        self.rolls = w.Textarea(
            description="Death Rays",
            placeholder="the number of Death Rays in each roll, e.g. 4 5 3 6 4 ...",
            layout=w.Layout(width="40em", height="5em"),
        )
        self.add_button = button("Add this group", "Add the counts to the class's tally")
        self.add_button.button_style = "primary"
        self.add_button.add_class(ACTION_CLASS)
        self.add_button.on_click(lambda _: self.add_group(self.name.value, self.rolls.value))
        self.clear_button = button("Start again", "Forget every group's counts")
        self.clear_button.on_click(lambda _: self.clear())
        self.message = w.HTML()
        self.groups_view = w.HTML()
        self.results = w.HTML(report_html(analyse([])))
        self.results.add_class(OUTPUT_CLASS)
        self.figure = LiveChart(self._figure([0] * len(COUNTS)))
        self.widget = w.VBox(
            [
                self.name,
                self.rolls,
                w.HBox([self.add_button, self.clear_button]),
                self.message,
                self.groups_view,
                self.figure.widget,
                self.results,
            ]
        )

    def add_group(self, name: str, text: str) -> ExperimentReport | None:
        """Add a group's typed counts (what the button does); a mistake is said in words."""
        try:
            rolls = parse_rolls(text)
        except KitError as err:
            self.message.value = f"<p><b>Not added:</b> {escape(str(err))}</p>"
            return None
        if not rolls:
            self.message.value = "<p><b>Not added:</b> type at least one count.</p>"
            return None
        label = name.strip() or f"Group {len(self.groups) + 1}"
        self.groups[label] = rolls
        self.message.value = f"<p>Added {escape(label)}: {len(rolls)} rolls.</p>"
        self.rolls.value = ""
        self.name.value = ""
        return self._refresh()

    def clear(self) -> None:
        """Forget every group."""
        self.groups.clear()
        self.message.value = ""
        self._refresh()

    @property
    def pooled(self) -> list[int]:
        """Every group's rolls together."""
        return [k for rolls in self.groups.values() for k in rolls]

    def _refresh(self) -> ExperimentReport:
        report = analyse(self.pooled)
        rows = "".join(
            f"<tr><td>{escape(name)}</td><td>{len(r)}</td><td>{sum(r) / len(r):.2f}</td></tr>"
            for name, r in self.groups.items()
        )
        self.groups_view.value = (
            "<table class='kit-table'><thead><tr><th>Group</th><th>Rolls</th>"
            f"<th>Mean Death Rays</th></tr></thead><tbody>{rows}</tbody></table>"
            if rows
            else ""
        )
        self.results.value = report_html(report)
        new = self._figure(list(report.counts))
        with updating(self.figure):
            self.figure.data[1].y = new.data[1].y
            self.figure.data[1].name = new.data[1].name
        return report

    @staticmethod
    def _figure(counts: list[int]) -> go.Figure:
        return charts.exact_vs_observed(
            list(COUNTS),
            [float(p) for p in exact_ray_distribution()],
            counts,
            "Death Rays in a roll of 13 dice: exact chances and the class's rolls",
            "Death Rays in the roll",
            observed_label=f"the class's rolls ({sum(counts)})",
        )

    def summary(self) -> str:
        return f"class experiment: {len(self.groups)} groups, {len(self.pooled)} rolls"


PROJECTOR_CSS = """
<style>
body .jp-RenderedHTMLCommon, body .widget-html-content, body .widget-label,
body .jupyter-widgets, body .widget-toggle-button, body .widget-button {
  font-size: 150% !important; line-height: 1.5 !important;
}
body .jp-RenderedHTMLCommon h1 { font-size: 260% !important; }
body .jp-RenderedHTMLCommon h2 { font-size: 200% !important; }
</style>
"""


def distribution_svg(width: int = 560, height: int = 220) -> str:
    """The exact distribution of the Death Rays among 13 dice as an SVG bar chart (for the
    handout, which must print without scripts)."""
    probs = [float(p) for p in exact_ray_distribution()]
    top = max(probs)
    bar = (width - 40) / len(probs)
    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        "role='img' aria-label='Chance of each number of Death Rays among 13 dice'>"
    ]
    for k, p in enumerate(probs):
        h = (height - 40) * p / top
        x = 30 + k * bar
        parts.append(
            f"<rect x='{x + 2:.1f}' y='{height - 20 - h:.1f}' width='{bar - 4:.1f}' "
            f"height='{h:.1f}' fill='#4c72b0'/><text x='{x + bar / 2:.1f}' y='{height - 5}' "
            f"font-size='11' text-anchor='middle'>{k}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def handout_html(exercises: list[Exercise], title: str) -> str:
    """A self-contained, printable handout: the exercises with space to answer, the exact
    distribution as a picture, the class experiment's tally sheet, then the answer key on a
    page of its own."""
    questions = "".join(
        f"<li><p>{escape(e.question)}"
        + (f" <i>({' / '.join(escape(c) for c in e.choices)})</i>" if e.choices else "")
        + "</p><p class='answer-line'>My prediction: ____________________</p></li>"
        for e in exercises
    )
    key = "".join(
        f"<li><p><b>{escape(e.answer_text)}</b>. {escape(e.why)}</p></li>" for e in exercises
    )
    tally_rows = "".join(f"<tr><td>{k}</td><td></td></tr>" for k in COUNTS)
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>
body {{ font-family: sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.45; }}
h1 {{ font-size: 1.6em; }} .answer-line {{ color: #555; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #999; padding: 0.2em 1em; }}
.key {{ page-break-before: always; }}
@media print {{ body {{ margin: 0; }} }}
</style></head><body>
<h1>{escape(title)}</h1>
<p>Name: ______________________ &nbsp; Group: ________</p>
<h2>Predict first</h2><ol>{questions}</ol>
<h2>The class experiment</h2>
<p>Roll all 13 dice 20 times. After each roll, count the Death Rays and add a mark in the
table. Then type your counts into the page.</p>
<table><thead><tr><th>Death Rays</th><th>Rolls (tally marks)</th></tr></thead>
<tbody>{tally_rows}</tbody></table>
<h2>The exact chances</h2>
<p>How likely each number of Death Rays is among 13 dice (each die shows a Death Ray with
chance 1/3):</p>{distribution_svg()}
<div class="key"><h2>Answer key</h2><ol>{key}</ol></div>
</body></html>"""


class LessonTools(App):
    """The projector view (large type, at the click of a button) and the handout to download
    and print."""

    def __init__(self, exercises: list[Exercise], title: str) -> None:
        self.projector = w.ToggleButton(
            value=False,
            description="Projector view (large type)",
            tooltip="Larger letters for a projector; click again for the normal size",
            layout=w.Layout(width="auto"),
        )
        self.projector.add_class(ACTION_CLASS)
        self.style = w.HTML("")
        self.style.add_class(OUTPUT_CLASS)  # what the projector button changes
        self.projector.observe(lambda change: self._project(change["new"]), names="value")
        handout = handout_html(exercises, title)
        data = base64.b64encode(handout.encode("utf-8")).decode("ascii")
        self.download = w.HTML(
            f"<p><a download='martian_dice_handout.html' href='data:text/html;base64,{data}'>"
            "Download the handout</a> (a web page to print from the browser: the exercises, "
            "a tally sheet, the exact chances as a picture, and the answer key on its own "
            "page). Each chart of this page saves as a PNG picture from the camera icon above "
            "it.</p>"
        )
        self.widget = w.VBox(
            [self.projector, self.style, self.download],
            layout=w.Layout(align_items="flex-start"),
        )

    def _project(self, on: bool) -> None:
        self.style.value = PROJECTOR_CSS if on else ""

    def summary(self) -> str:
        return "lesson tools: projector view " + ("on" if self.projector.value else "off")


def at_least_chances() -> list[float]:
    """The best chance of scoring at least k points in one turn, for k = 1..16 (each k its
    own best play)."""
    return [at_least_solution(k).fresh_turn_value for k in range(1, N_SCORES)]


def score_blind_first_wins(name: str = "cautious") -> float:
    """P(first player wins) when both players use the same score-blind strategy `name`,
    computed exactly over the game's positions (no simulation)."""
    probs = score_distribution(named_table_policies()[name]).probs
    first, _ = evaluate_game(GameDistributions.score_blind([float(p) for p in probs]))
    return float(first[0, 0])


def lesson_exercises() -> list[Exercise]:
    """The exercises of the teachers' page, with the kit's exact answers."""
    rays = exact_ray_distribution()
    likeliest = max(range(len(rays)), key=lambda k: rays[k])
    turn = expected_score_solution().fresh_turn_value
    stuck_zero = misread_turn_value("stuck_scores_zero")
    rays_once = misread_turn_value("rays_once")
    ten = at_least_solution(10).fresh_turn_value
    second = 1 - win_probability(0, 0, FIRST)
    same = score_blind_first_wins()
    return [
        Exercise(
            "Roll all 13 dice. Which number of Death Rays is the most likely?",
            str(likeliest),
            f"{likeliest} Death Rays",
            f"{likeliest} Death Rays come up in {100 * float(rays[likeliest]):.1f}% of rolls, "
            f"more than any other count; 3 and 5 follow closely.",
            choices=("3", "4", "5", "6"),
        ),
        Exercise(
            "On average, how many Death Rays show in a roll of 13 dice?",
            float(exact_ray_mean()),
            "13/3 ≈ 4.33",
            "Each die shows a Death Ray with chance 2/6 = 1/3, and averages add up: "
            "13 × 1/3 = 13/3.",
            tolerance=0.2,
        ),
        Exercise(
            "How many points is a turn worth on average, played as well as possible for points?",
            turn,
            f"{turn:.2f} points",
            f"The kit's turn solver finds {turn:.2f}. Two common misreadings of the rules make "
            f"it smaller: scoring a roll that leaves no legal choice as 0 gives "
            f"{stuck_zero:.2f}, and setting Death Rays aside only once per turn gives "
            f"{rays_once:.2f}.",
            tolerance=0.3,
        ),
        Exercise(
            "What is the best chance, in percent, of scoring at least 10 points in one turn?",
            100 * ten,
            f"{100 * ten:.1f}%",
            "Playing only to reach 10 (and stopping as soon as it is reached) gives this "
            "chance; playing for the most points on average gives less.",
            tolerance=3.0,
        ),
        Exercise(
            "Two players both play to win, under the rules. Who wins more often?",
            "the second player",
            f"the second player, {100 * second:.1f}% of games",
            "When the first player reaches 25, the round is completed: the second player gets "
            "a last turn and knows exactly how many points it needs.",
            choices=("the first player", "the second player", "neither"),
        ),
        Exercise(
            "Two players use the same strategy, one that ignores the scores (the cautious "
            "one, say). How often does the first player win?",
            "exactly half",
            f"exactly half ({100 * same:.1f}%)",
            "Under the rules the round is always completed, so both players get the same "
            "number of turns, and with a strategy that ignores the scores each player's turns "
            "are alike and independent of the other's. Swapping the two players' dice "
            "swaps the winner, so each wins half the time (a tie's roll-off is fair too).",
            choices=("less than half", "exactly half", "more than half"),
        ),
    ]
