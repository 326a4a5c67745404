"""Notebook 8 as a lesson: predict-then-reveal exercises built from the kit's exact numbers,
the class experiment (typed tallies against the exact distribution, pooled over groups), a
printable handout and a projector view.

The exercises are data (`Exercise`): the same list makes the page's `PredictReveal` widgets and
the handout's questions and answer key, so the two never disagree.
"""

from __future__ import annotations

import base64
from collections.abc import Callable
from dataclasses import dataclass
from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.errors import KitError
from kit_common.messages import current_language, number_text
from kit_common.widgets.base import ACTION_CLASS, OUTPUT_CLASS, App, button, updating
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.teaching import ANSWERS_SHOWN_CSS, PredictReveal
from martian_kit.classroom import (
    COUNTS,
    ExperimentReport,
    analyse,
    exact_ray_distribution,
    exact_ray_mean,
    lesson_numbers,
    p_value_words,
    parse_rolls,
)
from martian_kit.dice import Face
from martian_kit.messages import CATALOGUE, counted, message
from martian_kit.widgets import charts


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


def report_html(report: ExperimentReport, reveal: bool = True) -> str:
    """The experiment's results in sentences (what the page shows under the chart). Before
    the `reveal`, only what the class's rolls say by themselves: nothing of the exact law
    (its mean, the rolls it expects, the test against it), which the students predict."""
    if report.rolls == 0:
        return f"<p>{message('class.no_rolls')}</p>"
    exact = float(exact_ray_mean())
    parts = [f"<p><b>{CATALOGUE.plural('class.rolls', report.rolls)}</b> "]
    if report.mean is not None:
        m = report.mean
        key = "class.mean.holds" if report.mean_agrees else "class.mean.misses"
        key = key if reveal else "class.mean.own"
        mean = message(key, estimate=m.estimate, low=m.low, high=m.high, exact=exact)
        parts.append(f"{mean}</p>")
    else:
        parts.append("</p>")
    if not reveal:
        return "".join(parts) + f"<p><i>{escape(message('class.exact_hidden'))}</i></p>"
    test = report.test
    if test is None:
        parts.append(f"<p>{message('class.too_few')}</p>")
    else:
        rows = "".join(
            f"<tr><td>{escape(label)}</td><td>{o}</td><td>{number_text(e, '.1f')}</td></tr>"
            for label, o, e in zip(test.labels, test.observed, test.expected)
        )
        head = "".join(
            f"<th>{message(k)}</th>"
            for k in ("class.table.rays", "class.table.seen", "class.table.expected")
        )
        chi_square = CATALOGUE.plural("class.chi_square", test.df, statistic=test.statistic)
        parts.append(
            f"<table class='kit-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
            f"<p>{chi_square} {escape(p_value_words(test.p_value))}</p>"
        )
    return "".join(parts)


class ClassExperiment(App):
    """Type each group's Death Ray counts, add them, and compare all groups pooled with the
    exact distribution, which stays hidden (on the chart and in the results) until **Show the
    exact chances** is pressed: the students predict it first."""

    def __init__(self) -> None:
        self.groups: dict[str, list[int]] = {}
        self.name = w.Text(
            description=message("class.group"), placeholder=message("class.group.placeholder")
        )
        self.rolls = w.Textarea(
            description=message("class.rays"),
            placeholder=message("class.rays.placeholder"),
            layout=w.Layout(width="40em", height="5em"),
        )
        self.add_button = button(message("class.add"), message("class.add.tip"))
        self.add_button.button_style = "primary"
        self.add_button.add_class(ACTION_CLASS)
        self.add_button.on_click(lambda _: self.add_group(self.name.value, self.rolls.value))
        self.clear_button = button(message("class.clear"), message("class.clear.tip"))
        self.clear_button.on_click(lambda _: self.clear())
        self.reveal = w.ToggleButton(
            value=False,
            description=message("class.reveal"),
            tooltip=message("class.reveal.tip"),
            layout=w.Layout(width="auto"),
        )
        self.reveal.observe(lambda _: self._refresh(), names="value")
        self.message = w.HTML()
        self.groups_view = w.HTML()
        self.results = w.HTML(report_html(analyse([]), reveal=False))
        self.results.add_class(OUTPUT_CLASS)
        figure = self._figure([0] * len(COUNTS))
        figure.data[0].visible = False  # the exact chances: shown on reveal
        self.figure = LiveChart(figure)
        self.widget = w.VBox(
            [
                self.name,
                self.rolls,
                w.HBox(
                    [self.add_button, self.clear_button, self.reveal],
                    layout=w.Layout(flex_flow="row wrap"),
                ),
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
            self.message.value = f"<p><b>{message('class.not_added')}</b> {escape(str(err))}</p>"
            return None
        if not rolls:
            not_added, why = message("class.not_added"), message("class.type_one")
            self.message.value = f"<p><b>{not_added}</b> {why}</p>"
            return None
        label = name.strip() or message("class.group_n", i=len(self.groups) + 1)
        self.groups[label] = rolls
        added = CATALOGUE.plural("class.added", len(rolls), group=escape(label))
        self.message.value = f"<p>{added}</p>"
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
            f"<tr><td>{escape(name)}</td><td>{len(r)}</td>"
            f"<td>{number_text(sum(r) / len(r), '.2f')}</td></tr>"
            for name, r in self.groups.items()
        )
        head = "".join(
            f"<th>{message(k)}</th>"
            for k in ("class.table.group", "class.table.rolls", "class.table.mean")
        )
        self.groups_view.value = (
            f"<table class='kit-table'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
            if rows
            else ""
        )
        self.results.value = report_html(report, reveal=self.reveal.value)
        new = self._figure(list(report.counts))
        with updating(self.figure):
            self.figure.data[0].visible = self.reveal.value
            self.figure.data[1].y = new.data[1].y
            self.figure.data[1].name = new.data[1].name
            self.figure.layout.yaxis.range = (
                new.layout.yaxis.range if not self.reveal.value else None
            )
        return report

    @staticmethod
    def _figure(counts: list[int]) -> go.Figure:
        figure = charts.exact_vs_observed(
            list(COUNTS),
            [float(p) for p in exact_ray_distribution()],
            counts,
            message("class.chart.title"),
            message("class.chart.x"),
            observed_label=message("class.chart.observed", n=sum(counts)),
        )
        if not sum(counts):  # no rolls and the exact chances hidden: a probability's scale,
            figure.update_yaxes(range=[0, 1])  # not plotly's 0 to 4 of an empty chart
        return figure

    def summary(self) -> str:
        key = "class.summary.exact" if self.reveal.value else "class.summary"
        return message(key, groups=len(self.groups), rolls=len(self.pooled))


PROJECTOR_CSS = """
<style>
body {
  --jp-widgets-font-size: 20px;
  --jp-widgets-inline-height: 44px;
  --jp-widgets-inline-width: 460px;
  --jp-widgets-inline-label-width: 140px;
}
body .jp-RenderedHTMLCommon, body .widget-html-content {
  font-size: 150% !important; line-height: 1.5 !important;
}
body .jp-RenderedHTMLCommon h1 { font-size: 260% !important; }
body .jp-RenderedHTMLCommon h2 { font-size: 200% !important; }
body .widget-button, body .widget-toggle-button {
  height: auto !important; min-height: var(--jp-widgets-inline-height);
  width: auto !important; min-width: var(--jp-widgets-inline-width-tiny);
}
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
        f"role='img' aria-label='{escape(message('handout.chart_label'), quote=True)}'>"
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


def key_items(exercises: list[Exercise]) -> str:
    """The answer key as HTML list items: each exercise's exact answer and its reason (the
    handout's last page, and the page's key behind "Show the answers")."""
    return "".join(
        f"<li><p><b>{escape(e.answer_text)}</b>. {escape(e.why)}</p></li>" for e in exercises
    )


def handout_html(exercises: list[Exercise], title: str) -> str:
    """A self-contained, printable handout: the exercises with space to answer, the exact
    distribution as a picture, the class experiment's tally sheet, then the answer key on a
    page of its own."""
    questions = "".join(
        f"<li><p>{escape(e.question)}"
        + (f" <i>({' / '.join(escape(c) for c in e.choices)})</i>" if e.choices else "")
        + f"</p><p class='answer-line'>{message('handout.my_prediction')}</p></li>"
        for e in exercises
    )
    key = key_items(exercises)
    tally_rows = "".join(f"<tr><td>{k}</td><td></td></tr>" for k in COUNTS)
    say = {
        name: message(f"handout.{name}")
        for name in (
            "name_group",
            "predict",
            "experiment",
            "experiment.how",
            "tally.rays",
            "tally.marks",
            "exact",
            "exact.how",
            "key",
        )
    }
    return f"""<!DOCTYPE html>
<html lang="{current_language()}"><head><meta charset="utf-8"><title>{escape(title)}</title>
<style>
body {{ font-family: sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.45; }}
h1 {{ font-size: 1.6em; }} .answer-line {{ color: #555; }}
table {{ border-collapse: collapse; }} td, th {{ border: 1px solid #999; padding: 0.2em 1em; }}
.key {{ page-break-before: always; }}
@media print {{ body {{ margin: 0; }} }}
</style></head><body>
<h1>{escape(title)}</h1>
<p>{say["name_group"]}</p>
<h2>{say["predict"]}</h2><ol>{questions}</ol>
<h2>{say["experiment"]}</h2>
<p>{say["experiment.how"]}</p>
<table><thead><tr><th>{say["tally.rays"]}</th><th>{say["tally.marks"]}</th></tr></thead>
<tbody>{tally_rows}</tbody></table>
<h2>{say["exact"]}</h2>
<p>{say["exact.how"]}</p>{distribution_svg()}
<div class="key"><h2>{say["key"]}</h2><ol>{key}</ol></div>
</body></html>"""


def _toggle(key: str, on_change: Callable[[bool], None]) -> tuple[w.ToggleButton, w.HTML]:
    """A toggle button labelled by the catalogue's `key` (and `key.tip`) and the line it
    changes (`on_change(on)` writes it)."""
    toggle = w.ToggleButton(
        value=False,
        description=message(key),
        tooltip=message(f"{key}.tip"),
        layout=w.Layout(width="auto"),
    )
    toggle.add_class(ACTION_CLASS)
    line = w.HTML("")
    line.add_class(OUTPUT_CLASS)  # what the button changes
    toggle.observe(lambda change: on_change(change["new"]), names="value")
    return toggle, line


class LessonTools(App):
    """The projector view (large type, at the click of a button), the handout to download
    and print, and the teacher's key: "Show the answers" shows every exercise's answer and
    reason, and the page's cells tagged `kit-answers` (the explanations and numbers that
    give the answers away), which the app hides until then."""

    def __init__(self, exercises: list[Exercise], title: str) -> None:
        self.exercises = exercises
        self.projector, self.style = _toggle("tools.projector", self._project)
        handout = handout_html(exercises, title)
        data = base64.b64encode(handout.encode("utf-8")).decode("ascii")
        link = f"<a download='martian_dice_handout.html' href='data:text/html;base64,{data}'>"
        self.download = w.HTML(f"<p>{message('tools.download', link=link, end='</a>')}</p>")
        self.answers, self.key = _toggle("tools.answers", self._show_answers)
        self.widget = w.VBox(
            [w.HBox([self.projector, self.answers]), self.style, self.key, self.download],
            layout=w.Layout(align_items="flex-start"),
        )

    def _project(self, on: bool) -> None:
        self.style.value = PROJECTOR_CSS if on else ""

    def _show_answers(self, on: bool) -> None:
        self.key.value = (
            f"{ANSWERS_SHOWN_CSS}<div><b>{escape(message('tools.key'))}</b>"
            f"<ol>{key_items(self.exercises)}</ol></div>"
            if on
            else ""
        )

    def summary(self) -> str:
        return message(
            "tools.summary",
            projector=message("tools.on" if self.projector.value else "tools.off"),
            answers=message("tools.shown" if self.answers.value else "tools.hidden"),
        )


def lesson_exercises() -> list[Exercise]:
    """The exercises of the teachers' page, with the kit's exact answers."""
    n = lesson_numbers()
    likeliest_rays = counted(Face.RAY, n.likeliest)
    second_seat, half = message("lesson.seats.second"), message("lesson.same.half")
    return [
        Exercise(
            message("lesson.likeliest.question"),
            str(n.likeliest),
            likeliest_rays,
            message(
                "lesson.likeliest.why", rays=likeliest_rays, share=100 * float(n.rays[n.likeliest])
            ),
            choices=("3", "4", "5", "6"),
        ),
        Exercise(
            message("lesson.mean.question"),
            float(exact_ray_mean()),
            "13/3 ≈ 4.33",  # a number, the same in every language
            message("lesson.mean.why"),
            tolerance=0.2,
        ),
        Exercise(
            message("lesson.turn.question"),
            n.turn,
            message("lesson.turn.answer", value=n.turn),
            message(
                "lesson.turn.why", value=n.turn, stuck_zero=n.stuck_zero, rays_once=n.rays_once
            ),
            tolerance=0.3,
        ),
        Exercise(
            message("lesson.ten.question"),
            100 * n.ten,
            message("lesson.ten.answer", percent=100 * n.ten),
            message("lesson.ten.why"),
            tolerance=3.0,
        ),
        Exercise(
            message("lesson.seats.question"),
            second_seat,
            message("lesson.seats.answer", percent=100 * n.second),
            message("lesson.seats.why"),
            choices=(
                message("lesson.seats.first"),
                second_seat,
                message("lesson.seats.neither"),
            ),
        ),
        Exercise(
            message("lesson.same.question"),
            half,
            message("lesson.same.answer", percent=100 * n.same),
            message("lesson.same.why"),
            choices=(message("lesson.same.less"), half, message("lesson.same.more")),
        ),
    ]
