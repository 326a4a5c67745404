"""Notebook 8 as a lesson: predict-then-reveal exercises built from the kit's exact numbers,
the class experiment (each group's tally sheet typed into a frequency table with the same rows,
against the exact distribution, pooled over groups), printable handouts (the students', the
teacher's with the worked answers, the tally sheet) and a projector view.

The exercises are data (`Exercise`): the same list makes the page's `PredictReveal` widgets and
the handout's questions and answer key with its working, so the two never disagree.
"""

from __future__ import annotations

import base64
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from html import escape

import ipywidgets as w
import plotly.graph_objects as go

from kit_common.errors import KitError
from kit_common.messages import current_language, number_text
from kit_common.widgets.base import (
    ACTION_CLASS,
    FIT_CLASS,
    OUTPUT_CLASS,
    App,
    button,
    updating,
    wrapping,
)
from kit_common.widgets.browser_state import bounded
from kit_common.widgets.live_chart import LiveChart
from kit_common.widgets.teaching import ANSWERS_SHOWN_CLASS, PredictReveal
from martian_kit.classroom import (
    COUNTS,
    LAST_DIE_SPOT,
    ORDINARY_DIE,
    TALLY_ROWS,
    ExperimentReport,
    analyse,
    exact_ray_distribution,
    exact_ray_mean,
    last_die_outcomes,
    lesson_numbers,
    likeliest_working,
    p_value_words,
    rolls_from_tally,
    tally_row_label,
    two_dice_tree,
)
from martian_kit.dice import FACE_PROBABILITY, Face
from martian_kit.messages import CATALOGUE, counted, face_name, message
from martian_kit.pictures import face_svg
from martian_kit.scoring import score
from martian_kit.widgets import charts

#: The most rolls a row of the page's tally table takes (a class rolls a few hundred times).
MAX_ROLLS = 9999
#: At most this many characters in a group's name (a row of the groups' table).
MAX_GROUP_NAME = 60


@dataclass(frozen=True)
class Exercise:
    """A question whose answer stays hidden until the student commits a prediction: a
    number (within `tolerance`) or one of `choices`; `answer_text` is the exact answer as it
    reads, `why` the explanation shown with it, `working` the steps a teacher writes on the
    board to reach it (the teacher's key only: the students' view never shows them)."""

    question: str
    answer: float | str
    answer_text: str
    why: str
    choices: tuple[str, ...] = ()
    tolerance: float = 0.0
    working: tuple[str, ...] = ()

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
    """Type each group's tally sheet (the rolls with each number of Death Rays, 0 to 13: the
    sheet's rows, in its order), add it, and compare all groups pooled with the exact
    distribution, which stays hidden (on the chart and in the results) until **Show the exact
    chances** is pressed: the students predict it first."""

    def __init__(self) -> None:
        self.groups: dict[str, list[int]] = {}
        self.name = bounded(
            w.Text(
                description=message("class.group"),
                placeholder=message("class.group.placeholder"),
            ),
            MAX_GROUP_NAME,
        )
        self.counts = [
            w.BoundedIntText(
                value=0,
                min=0,
                max=MAX_ROLLS,
                description=tally_row_label(k),
            )
            for k in TALLY_ROWS
        ]
        for field in self.counts:
            field.add_class("kit-tally-row")  # its label 8em wide, the row 15em (kit.css)
        self.table = w.VBox(self.counts)  # one row under the other, as on the sheet
        self.add_button = button(message("class.add"), message("class.add.tip"))
        self.add_button.button_style = "primary"
        self.add_button.add_class(ACTION_CLASS)
        self.add_button.on_click(lambda _: self.add_group(self.name.value, self.typed()))
        self.clear_button = button(message("class.clear"), message("class.clear.tip"))
        self.clear_button.on_click(lambda _: self.clear())
        self.reveal = w.ToggleButton(
            value=False,
            description=message("class.reveal"),
            tooltip=message("class.reveal.tip"),
        )
        self.reveal.add_class(FIT_CLASS)
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
                w.HTML(f"<p>{escape(message('class.tally.legend'))}</p>"),
                self.table,
                wrapping(w.HBox([self.add_button, self.clear_button, self.reveal])),
                self.message,
                self.groups_view,
                self.figure.widget,
                self.results,
            ]
        )

    def typed(self) -> list[int]:
        """The counts typed in the table now, row by row (0 to 13 Death Rays)."""
        return [int(field.value) for field in self.counts]

    def add_group(self, name: str, counts: Sequence[int]) -> ExperimentReport | None:
        """Add a group's tally, `counts[k]` rolls with k Death Rays (what the button does with
        the table's counts); a mistake is said in words, and the table is emptied once the
        group is added."""
        try:
            rolls = rolls_from_tally(counts)
        except KitError as err:
            self.message.value = f"<p><b>{message('class.not_added')}</b> {escape(str(err))}</p>"
            return None
        if not rolls:
            not_added, why = message("class.not_added"), message("class.tally_empty")
            self.message.value = f"<p><b>{not_added}</b> {why}</p>"
            return None
        label = name.strip() or message("class.group_n", i=len(self.groups) + 1)
        self.groups[label] = rolls
        added = CATALOGUE.plural("class.added", len(rolls), group=escape(label))
        self.message.value = f"<p>{added}</p>"
        for field in self.counts:
            field.value = 0
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

    def notice_line(self) -> w.HTML:
        """Where a refusal is said (`App.show_notice`, e.g. a group's name too long): the line
        of the page's own sentences, not the results it shows."""
        return self.message

    def summary(self) -> str:
        key = "class.summary.exact" if self.reveal.value else "class.summary"
        return message(key, groups=len(self.groups), rolls=len(self.pooled))


#: The class of the projector view's button: while it is pressed, the kit's style sheet
#: (kit_common/widgets/static/kit.css) sets the whole page in large type.
PROJECTOR_CLASS = "kit-projector"


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
    """The answer key as HTML list items: each exercise's exact answer, its reason and its
    working step by step (the teacher's version of the handout, and the page's key behind
    "Show the answers")."""
    items = []
    for e in exercises:
        steps = "".join(f"<li>{escape(step)}</li>" for step in e.working)
        working = f"<p><i>{escape(message('handout.working'))}</i></p><ol>{steps}</ol>"
        items.append(
            f"<li><p><b>{escape(e.answer_text)}</b>. {escape(e.why)}</p>"
            f"{working if steps else ''}</li>"
        )
    return "".join(items)


#: The printed pages' style sheet: the tally sheet's marks column leaves room for 20 marks.
PRINT_STYLE = """<style>
body { font-family: sans-serif; max-width: 46em; margin: 2em auto; padding: 0 0.5em;
  line-height: 1.45; }
h1 { font-size: 1.6em; } .answer-line { color: #555; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #999; padding: 0.2em 0.8em; }
td.marks { min-width: 16em; } td.total { min-width: 4em; }
tbody.tally td { height: 1.9em; }
svg { max-width: 100%; height: auto; }
.key { break-before: page; page-break-before: always; }
@media (max-width: 600px) { td.marks { min-width: 8em; } td, th { padding: 0.2em 0.4em; } }
@media print { body { margin: 0; } h2 { break-after: avoid; } }
</style>"""


def _printed(title: str, body: str) -> str:
    """A self-contained printable page (no script, no font, nothing fetched)."""
    return (
        f'<!DOCTYPE html>\n<html lang="{current_language()}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title>{PRINT_STYLE}</head><body>"
        f"<h1>{escape(title)}</h1>{body}</body></html>"
    )


def tally_table_html() -> str:
    """The tally sheet's table: one row per number of Death Rays (`TALLY_ROWS`, labelled as
    the page's table labels its fields), a wide cell for the marks and one for their total."""
    head = "".join(
        f"<th scope='col'>{escape(message(k))}</th>"
        for k in ("handout.tally.rays", "handout.tally.marks", "handout.tally.total")
    )
    rows = "".join(
        f"<tr><th scope='row'>{escape(tally_row_label(k))}</th><td class='marks'></td>"
        "<td class='total'></td></tr>"
        for k in TALLY_ROWS
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody class='tally'>{rows}</tbody></table>"


def ordinary_dice_html() -> str:
    """How to read an ordinary six-sided die as a Martian die: the number on top beside the
    Martian face it stands for, drawn (`ORDINARY_DIE`)."""
    head = "".join(
        f"<th scope='col'>{escape(message(k))}</th>"
        for k in ("handout.ordinary.number", "handout.ordinary.face")
    )
    rows = "".join(
        f"<tr><td>{number}</td><td><span aria-hidden='true'>"  # the name follows the picture
        f"{face_svg(face.value, face_name(face, 1), 1.6)}</span> {escape(face_name(face, 1))}"
        "</td></tr>"
        for number, face in enumerate(ORDINARY_DIE, 1)
    )
    return (
        f"<p>{escape(message('handout.ordinary'))}</p>"
        f"<table><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
    )


def _experiment_html() -> str:
    return (
        f"<p>{escape(message('handout.experiment.how'))}</p>{tally_table_html()}"
        f"<p>{escape(message('handout.tally.sum'))}</p>{ordinary_dice_html()}"
    )


def tally_sheet_html(title: str) -> str:
    """The class experiment's tally sheet alone, one for each group: a printable page whose
    rows are those of the page's table (0 to 13 Death Rays), with how to read ordinary dice."""
    body = (
        f"<p>{message('handout.name_group')}</p>"
        f"<h2>{escape(message('handout.experiment'))}</h2>{_experiment_html()}"
    )
    return _printed(message("handout.tally.title", title=title), body)


def handout_html(exercises: list[Exercise], title: str, teacher: bool = False) -> str:
    """A self-contained, printable handout: the exercises with space to answer and the class
    experiment's tally sheet. The `teacher`'s version adds, on pages of its own, the exact
    distribution as a picture and the answer key with the working of every answer (neither
    is in the students' version: the picture answers the first question)."""
    questions = "".join(
        f"<li><p>{escape(e.question)}"
        + (f" <i>({'; '.join(escape(c) for c in e.choices)})</i>" if e.choices else "")
        + f"</p><p class='answer-line'>{message('handout.my_prediction')}</p></li>"
        for e in exercises
    )
    body = (
        f"<p>{message('handout.name_group')}</p>"
        f"<h2>{escape(message('handout.predict'))}</h2><ol>{questions}</ol>"
        f"<h2>{escape(message('handout.experiment'))}</h2>{_experiment_html()}"
    )
    if not teacher:
        return _printed(title, body)
    key = (
        f"<div class='key'><h2>{escape(message('handout.exact'))}</h2>"
        f"<p>{escape(message('handout.exact.how'))}</p>{distribution_svg()}</div>"
        f"<div class='key'><h2>{escape(message('handout.key'))}</h2>"
        f"<ol>{key_items(exercises)}</ol></div>"
    )
    return _printed(message("handout.teacher_title", title=title), body + key)


def _download(name: str, html: str, key: str) -> str:
    """A paragraph whose link downloads `html` as the file `name` (a data: address: nothing
    is fetched), its words the catalogue's `key` with {link}...{end} around the link text."""
    data = base64.b64encode(html.encode("utf-8")).decode("ascii")
    link = f"<a download='{name}' href='data:text/html;base64,{data}'>"
    return f"<p>{message(key, link=link, end='</a>')}</p>"


def _toggle(key: str, on_change: Callable[[bool], None]) -> tuple[w.ToggleButton, w.HTML]:
    """A toggle button labelled by the catalogue's `key` (and `key.tip`) and the line it
    changes (`on_change(on)` writes it)."""
    toggle = w.ToggleButton(
        value=False,
        description=message(key),
        tooltip=message(f"{key}.tip"),
    )
    toggle.add_class(ACTION_CLASS)
    toggle.add_class(FIT_CLASS)
    line = w.HTML("")
    line.add_class(OUTPUT_CLASS)  # what the button changes
    toggle.observe(lambda change: on_change(change["new"]), names="value")
    return toggle, line


class LessonTools(App):
    """The projector view (large type, at the click of a button), the handouts to download
    and print (the students', the teacher's with the worked answers, the tally sheet alone),
    and the teacher's key: "Show the answers" shows every exercise's answer, reason and
    working, and the page's cells tagged `kit-answers` (the explanations and numbers that
    give the answers away), which the app hides until then."""

    def __init__(self, exercises: list[Exercise], title: str) -> None:
        self.exercises = exercises
        # the projector view: while the button is pressed, the kit's style sheet sets the
        # whole page in large type (`body:has(.kit-projector.mod-active)`, kit.css)
        # it changes the page's type, no output of the app's: a plain toggle, not a
        # `kit-action` with its line (`_toggle`), so the page's main control is the key
        self.projector = w.ToggleButton(
            value=False,
            description=message("tools.projector"),
            tooltip=message("tools.projector.tip"),
        )
        self.projector.add_class(FIT_CLASS)
        self.projector.add_class(PROJECTOR_CLASS)
        self.download = w.HTML(
            _download("martian_dice_handout.html", handout_html(exercises, title), "tools.students")
            + _download(
                "martian_dice_handout_teacher.html",
                handout_html(exercises, title, teacher=True),
                "tools.teacher",
            )
            + _download("martian_dice_tally_sheet.html", tally_sheet_html(title), "tools.tally")
            + f"<p>{escape(message('tools.print'))}</p>"
        )
        self.answers, self.key = _toggle("tools.answers", self._show_answers)
        # while pressed, the kit's template shows the page's cells that give answers away
        self.answers.add_class(ANSWERS_SHOWN_CLASS)
        self.widget = w.VBox([w.HBox([self.projector, self.answers]), self.key, self.download])
        self.widget.add_class("kit-start")  # each line as wide as its own content

    def _show_answers(self, on: bool) -> None:
        self.key.value = (
            f"<div><b>{escape(message('tools.key'))}</b><ol>{key_items(self.exercises)}</ol></div>"
            if on
            else ""
        )

    def summary(self) -> str:
        return message(
            "tools.summary",
            projector=message("tools.on" if self.projector.value else "tools.off"),
            answers=message("tools.shown" if self.answers.value else "tools.hidden"),
        )


def _percent(p: Fraction | float) -> float:
    return 100 * float(p)


def tree_exercise() -> Exercise:
    """The tree diagram's exercise: two dice, at least one a Death Ray; the chance that both
    are. Its choices are the tree's own fractions (and the naive 1/3), the answer 1/5."""
    tree = two_dice_tree()
    answer = tree["both_given_one"]
    offered = {tree["both"], answer, FACE_PROBABILITY[Face.RAY], tree["at_least_one"]}
    return Exercise(
        message("lesson.tree.question"),
        str(answer),
        str(answer),
        message("lesson.tree.why"),
        choices=tuple(str(f) for f in sorted(offered)),
        working=(
            message("lesson.tree.work.1", **{k: str(v) for k, v in tree.items()}),
            message("lesson.tree.work.2", **{k: str(v) for k, v in tree.items()}),
            message(
                "lesson.tree.work.3",
                both=tree["both"],
                at_least_one=tree["at_least_one"],
                answer=answer,
            ),
        ),
    )


def last_die_exercise() -> Exercise:
    """Backward induction on the board: the last die of `LAST_DIE_SPOT`, rolled or not. The
    working gives each face's chance and score (played by the rules engine) and their
    chance-weighted sum against the score of stopping."""
    outcomes = last_die_outcomes(LAST_DIE_SPOT)
    rolling = sum((p * points for _, p, points in outcomes), Fraction(0))
    stopping = score(LAST_DIE_SPOT)
    roll, stop = message("lesson.last.roll"), message("lesson.last.stop")
    choice = stop if rolling < stopping else roll
    terms = " + ".join(f"{p} × {points}" for _, p, points in outcomes)
    worth = {"value": str(rolling), "decimal": float(rolling), "score": stopping}
    return Exercise(
        message("lesson.last.question"),
        choice,
        message("lesson.last.answer", choice=choice, **worth),
        message("lesson.last.why"),
        choices=(roll, stop),
        working=(
            *(
                message("lesson.last.work.face", face=face_name(face, 1), p=str(p), points=points)
                for face, p, points in outcomes
            ),
            message("lesson.last.work.sum", terms=terms, **worth),
        ),
    )


def lesson_exercises() -> list[Exercise]:
    """The exercises of the teachers' page, with the kit's exact answers and their working
    (exact fractions where the answer is one)."""
    n = lesson_numbers()
    likeliest_rays = counted(Face.RAY, n.likeliest)
    second_seat, half = message("lesson.seats.second"), message("lesson.same.half")
    work = likeliest_working()
    mean = exact_ray_mean()
    return [
        Exercise(
            message("lesson.likeliest.question"),
            str(n.likeliest),
            likeliest_rays,
            message(
                "lesson.likeliest.why", rays=likeliest_rays, share=_percent(n.rays[n.likeliest])
            ),
            choices=("3", "4", "5", "6"),
            working=(
                message("lesson.likeliest.work.1"),
                message("lesson.likeliest.work.2", rise_below=str(work["rise_below"])),
                message(
                    "lesson.likeliest.work.3",
                    p3=str(work["p3"]),
                    p4=str(work["p4"]),
                    p5=str(work["p5"]),
                    s3=_percent(work["p3"]),
                    s4=_percent(work["p4"]),
                    s5=_percent(work["p5"]),
                ),
            ),
        ),
        Exercise(
            message("lesson.mean.question"),
            float(mean),
            f"{mean} ≈ {number_text(float(mean), '.2f')}",
            message("lesson.mean.why"),
            tolerance=0.2,
            working=(
                message("lesson.mean.work.1"),
                message("lesson.mean.work.2", mean=str(mean), value=float(mean)),
            ),
        ),
        Exercise(
            message("lesson.turn.question"),
            n.turn,
            message("lesson.turn.answer", value=n.turn),
            message(
                "lesson.turn.why", value=n.turn, stuck_zero=n.stuck_zero, rays_once=n.rays_once
            ),
            tolerance=0.3,
            working=(message("lesson.turn.work.1"), message("lesson.turn.work.2", value=n.turn)),
        ),
        Exercise(
            message("lesson.ten.question"),
            100 * n.ten,
            message("lesson.ten.answer", percent=100 * n.ten),
            message("lesson.ten.why"),
            tolerance=3.0,
            working=(
                message("lesson.ten.work.1"),
                message("lesson.ten.work.2", percent=100 * n.ten, points=100 * n.ten_for_points),
            ),
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
            working=(
                message("lesson.seats.work.1"),
                message("lesson.seats.work.2", first=100 * (1 - n.second), second=100 * n.second),
            ),
        ),
        Exercise(
            message("lesson.same.question"),
            half,
            message("lesson.same.answer", percent=100 * n.same),
            message("lesson.same.why"),
            choices=(message("lesson.same.less"), half, message("lesson.same.more")),
            working=(
                message("lesson.same.work.1"),
                message("lesson.same.work.2", percent=100 * n.same),
            ),
        ),
        tree_exercise(),
        last_die_exercise(),
    ]
