"""The handout of a class's results: a printable, self-contained HTML page that the teacher's
export offers beside the CSV of every trial (kit_common.widgets.class_views).

It holds what the projector showed, computed by the kit and fit for paper: the class's pooled
results beside the exact law (a table and a bar chart drawn as SVG, so it prints without
scripts), the mean seen against the exact mean, and the chi-square test with its groups,
statistic, degrees of freedom and p-value, read in plain words; then questions to discuss.
The teacher's version adds, on a page of its own, those questions worked from the class's
results (`discussion_key`: exact fractions, and standard errors from them). Nothing of a
student is in it (no nickname): only the class's pooled counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from html import escape
from math import floor, log10, sqrt

from kit_common.class_store import Pooled
from kit_common.experiments import Comparison, Experiment
from kit_common.messages import current_language, number_text
from kit_common.words import message, plural

#: The colours of the class's bars and of the exact law's (those of the kit's charts).
CLASS_COLOUR = "#ef6c00"
EXACT_COLOUR = "#7e57c2"
#: The handout's style sheet (on screen and on paper).
STYLE = """<style>
body { font-family: sans-serif; max-width: 46em; margin: 2em auto; line-height: 1.45; }
h1 { font-size: 1.6em; }
table { border-collapse: collapse; margin: 0.5em 0; }
td, th { border: 1px solid #999; padding: 0.2em 0.8em; text-align: right; }
svg { max-width: 100%; height: auto; }
.key { break-before: page; page-break-before: always; }
@media print { body { margin: 0; } h2 { break-after: avoid; } }
</style>"""
#: The p-values below which a result is called unusual, then very rare.
UNUSUAL_P = 0.05
RARE_P = 0.001


def percent_text(p: float) -> str:
    """A probability or share as a percentage a reader takes in at once: two decimals from
    0.1% up ("16.44%"), two significant digits below ("0.000063%"), "0%" for none."""
    if p <= 0:
        return number_text(0.0, ".0%")
    if p >= 0.001:
        return number_text(p, ".2%")
    digits = 1 - floor(log10(100 * p))
    return number_text(p, f".{digits}%")


def short_percent(p: float | None) -> str:
    """A share as a bar's label on the projector: whole percents, "<1%" for a share above 0
    but below one percent, "" for no share (no trials yet)."""
    if p is None:
        return ""
    if 0 < p < 0.005:
        return "<" + number_text(0.01, ".0%")
    return number_text(p, ".0%")


def exact_mean_text(mean: Fraction) -> str:
    """The exact mean as a fraction with its decimal value ("13/3 ≈ 4.33"), or the decimal
    alone when the fraction is long or whole."""
    decimal = number_text(float(mean), ".2f")
    if mean.denominator == 1 or len(f"{mean}") > 12:
        return decimal
    return f"{mean} ≈ {decimal}"


def p_value_reading(p: float) -> str:
    """The p-value in plain words for a class."""
    if p >= UNUSUAL_P:
        return message("classhandout.p.agree")
    if p >= RARE_P:
        return message("classhandout.p.unusual")
    return message("classhandout.p.rare")


def _axis_step(top: float) -> float:
    for step in (0.01, 0.02, 0.05, 0.1, 0.2, 0.25):
        if top / step <= 6:
            return step
    return 0.25


def bars_svg(
    outcomes: Sequence[int],
    shares: Sequence[float | None],
    exact: Sequence[float],
    label: str,
    width: int = 640,
    height: int = 260,
) -> str:
    """The class's share of each outcome (orange) beside its exact probability (purple), as
    an SVG bar chart with a percent axis and a legend; `label` is its text alternative."""
    seen = [s for s in shares if s is not None]
    top = max([*exact, *seen, 0.01])
    step = _axis_step(top)
    top = step * (floor(top / step + 1e-9) + 1)
    left, right, over, under = 52, 8, 28, 34
    plot_w, plot_h = width - left - right, height - over - under
    slot = plot_w / len(outcomes)
    bar = slot * 0.38

    def y(v: float) -> float:
        return over + plot_h * (1 - v / top)

    parts = [
        f"<svg xmlns='http://www.w3.org/2000/svg' width='{width}' height='{height}' "
        f"viewBox='0 0 {width} {height}' role='img' aria-label='{escape(label, quote=True)}'>"
        f"<title>{escape(label)}</title>"
    ]
    ticks = round(top / step)
    for i in range(ticks + 1):
        v = i * step
        parts.append(
            f"<line x1='{left}' x2='{width - right}' y1='{y(v):.1f}' y2='{y(v):.1f}' "
            f"stroke='#ddd'/><text x='{left - 4}' y='{y(v) + 4:.1f}' font-size='11' "
            f"text-anchor='end'>{escape(number_text(v, '.0%'))}</text>"
        )
    for i, outcome in enumerate(outcomes):
        x = left + i * slot + slot / 2
        share = shares[i]
        if share is not None:
            parts.append(
                f"<rect x='{x - bar:.1f}' y='{y(share):.1f}' width='{bar:.1f}' "
                f"height='{y(0) - y(share):.1f}' fill='{CLASS_COLOUR}'/>"
            )
        parts.append(
            f"<rect x='{x:.1f}' y='{y(exact[i]):.1f}' width='{bar:.1f}' "
            f"height='{y(0) - y(exact[i]):.1f}' fill='{EXACT_COLOUR}'/>"
            f"<text x='{x:.1f}' y='{height - under + 14}' font-size='11' "
            f"text-anchor='middle'>{outcome}</text>"
        )
    legend = [
        (CLASS_COLOUR, message("classhandout.legend.class")),
        (EXACT_COLOUR, message("classhandout.legend.exact")),
    ]
    for i, (colour, words) in enumerate(legend):
        x = left + i * 200
        parts.append(
            f"<rect x='{x}' y='8' width='12' height='12' fill='{colour}'/>"
            f"<text x='{x + 17}' y='18' font-size='12'>{escape(words)}</text>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _table(head: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    return (
        "<table><thead><tr>"
        + "".join(f"<th>{h}</th>" for h in head)
        + "</tr></thead><tbody>"
        + "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
        + "</tbody></table>"
    )


@dataclass(frozen=True)
class DiscussionKey:
    """The numbers that answer the handout's questions to discuss, from a class's results:
    (1) the outcomes the class saw most often and how often, the outcomes the law expects
    most often (several when they tie) and their probability; (2) the outcome whose share is
    farthest from its probability, the variance p(1 − p) of one trial's "this outcome or not"
    and the standard errors √(p(1 − p)/n) of its share with the class's n trials and with
    twice as many; (3) a student's share of trials (n over the students who sent, at least 1)
    and the standard error of the (first) likeliest outcome's share with so few and with the
    class's trials."""

    seen_most: tuple[int, ...]
    seen_count: int
    law_most: tuple[int, ...]
    law_p: Fraction
    farthest: int
    farthest_share: Fraction
    farthest_p: Fraction
    variance: Fraction
    error: float
    error_twice: float
    per_student: int
    law_variance: Fraction
    error_alone: float
    law_error: float


def discussion_key(result: Comparison, sent: int) -> DiscussionKey | None:
    """The answers of the questions to discuss from `result` (a class of `sent` students who
    sent trials); None without trials."""
    n = result.trials
    if n == 0:
        return None
    exact = dict(zip(result.outcomes, result.expected))
    law_p = {k: e / n for k, e in exact.items()}  # the expected counts over n: P(k), exact
    seen = dict(zip(result.outcomes, result.observed))
    top = max(seen.values())
    likeliest = max(law_p.values())
    law_most = tuple(k for k in result.outcomes if law_p[k] == likeliest)
    farthest = max(result.outcomes, key=lambda k: abs(Fraction(seen[k], n) - law_p[k]))
    p = law_p[farthest]
    variance = p * (1 - p)
    m = max(1, round(n / max(sent, 1)))
    law_variance = likeliest * (1 - likeliest)
    return DiscussionKey(
        seen_most=tuple(k for k in result.outcomes if seen[k] == top),
        seen_count=top,
        law_most=law_most,
        law_p=likeliest,
        farthest=farthest,
        farthest_share=Fraction(seen[farthest], n),
        farthest_p=p,
        variance=variance,
        error=sqrt(variance / n),
        error_twice=sqrt(variance / (2 * n)),
        per_student=m,
        law_variance=law_variance,
        error_alone=sqrt(law_variance / m),
        law_error=sqrt(law_variance / n),
    )


#: The longest fraction the teacher's version writes as a fraction; a longer one (a turn's
#: score law has denominators of 100 digits) is written as a decimal.
LONGEST_FRACTION = 20


def exact_text(p: Fraction) -> str:
    """A probability as the teacher's version writes it: the fraction with its percentage
    ("1/6 ≈ 16.67%"), or the percentage alone when the fraction is long."""
    if len(f"{p}") > LONGEST_FRACTION:
        return percent_text(float(p))
    return f"{p} ≈ {percent_text(float(p))}"


def number_or_fraction(x: Fraction) -> str:
    """A number under a square root: the fraction when short ("5/36"), else four decimals."""
    return f"{x}" if len(f"{x}") <= LONGEST_FRACTION else number_text(float(x), ".4f")


def discussion_key_html(result: Comparison, sent: int) -> str:
    """The teacher's page of the handout: each question to discuss, answered from the class's
    results in sentences (`discussion_key`)."""
    key = discussion_key(result, sent)
    if key is None:
        return f"<p>{message('classhandout.key.none')}</p>"
    n = result.trials
    answers = [
        [
            plural(
                "classhandout.key.seen",
                n,
                outcomes=", ".join(map(str, key.seen_most)),
                count=key.seen_count,
            ),
            plural(
                "classhandout.key.law",
                len(key.law_most),
                outcomes=", ".join(map(str, key.law_most)),
                p=exact_text(key.law_p),
            ),
        ],
        [
            message(
                "classhandout.key.far",
                outcome=key.farthest,
                share=percent_text(float(key.farthest_share)),
                p=exact_text(key.farthest_p),
            ),
            message(
                "classhandout.key.error",
                variance=number_or_fraction(key.variance),
                n=n,
                error=percent_text(key.error),
            ),
            message("classhandout.key.twice", error=percent_text(key.error_twice)),
        ],
        [
            message(
                "classhandout.key.alone",
                m=key.per_student,
                n=n,
                sent=max(sent, 1),
                outcome=key.law_most[0],
                variance=number_or_fraction(key.law_variance),
                error=percent_text(key.error_alone),
                times=key.error_alone / key.law_error,
                class_error=percent_text(key.law_error),
            ),
        ],
    ]
    items = "".join(
        f"<li>{message(f'classhandout.discuss.{i}')}<ul>"
        + "".join(f"<li>{line}</li>" for line in lines)
        + "</ul></li>"
        for i, lines in enumerate(answers, 1)
    )
    return f"<ol>{items}</ol>"


def handout_html(
    experiment: Experiment,
    pooled: Pooled,
    result: Comparison,
    when: datetime,
    teacher: bool = False,
) -> str:
    """The handout of the class `pooled.code` doing `experiment`: its results `result`
    (`experiment.compare(pooled.as_dict())`), exported at `when` (UTC); the `teacher`'s
    version adds the questions to discuss worked from these results, on a page of its own."""
    trials = result.trials
    shares = [n / trials if trials else None for n in result.observed]
    exact = [float(p) for p in experiment.probabilities]
    rows = [
        [
            str(outcome),
            str(result.observed[i]),
            "–" if (share := shares[i]) is None else percent_text(share),
            percent_text(exact[i]),
            number_text(float(result.expected[i]), ".1f"),
        ]
        for i, outcome in enumerate(result.outcomes)
    ]
    head = [
        escape(experiment.outcome),
        message("classhandout.table.trials"),
        message("classhandout.table.share"),
        message("classhandout.table.exact"),
        message("classhandout.table.expected"),
    ]
    exact_mean = exact_mean_text(result.exact_mean)
    if result.mean is None:
        means = message("classhandout.mean.none", exact=exact_mean)
    else:
        seen = number_text(result.mean, ".2f")
        means = message("classhandout.mean", seen=seen, exact=exact_mean)
    test = result.test
    if test is None:
        verdict = f"<p>{message('classview.too_few')}</p>"
    else:
        groups = _table(
            [
                message("classhandout.test.group"),
                message("classhandout.table.trials"),
                message("classhandout.table.expected"),
            ],
            [
                [escape(label), str(o), number_text(e, ".1f")]
                for label, o, e in zip(test.labels, test.observed, test.expected)
            ],
        )
        statistic = plural(
            "classview.chi_square", test.df, statistic=test.statistic, p=test.p_value
        )
        verdict = f"{groups}<p><b>{statistic}</b> {p_value_reading(test.p_value)}</p>"
    title = message(
        "classhandout.teacher_title" if teacher else "classhandout.title",
        experiment=experiment.title,
    )
    about = message(
        "classhandout.about", code=escape(pooled.code), date=when.strftime("%Y-%m-%d %H:%M")
    )
    sentence = plural("classview.pooled", pooled.trials, sent=pooled.sent, joined=pooled.joined)
    chart = bars_svg(
        result.outcomes, shares, exact, message("classhandout.chart", outcome=experiment.outcome)
    )
    questions = "".join(f"<li>{message(f'classhandout.discuss.{i}')}</li>" for i in (1, 2, 3))
    key = (
        f"<div class='key'><h2>{message('classhandout.key')}</h2>"
        f"{discussion_key_html(result, pooled.sent)}</div>"
        if teacher
        else ""
    )
    return f"""<!DOCTYPE html>
<html lang="{current_language()}"><head><meta charset="utf-8"><title>{escape(title)}</title>
{STYLE}</head><body>
<h1>{escape(title)}</h1>
<p>{about}</p>
<p><b>{escape(experiment.trial)}</b></p>
<p>{sentence}</p>
<h2>{message("classhandout.results")}</h2>
{chart}
{_table(head, rows)}
<p>{means}</p>
<p>{message("classhandout.exact.how")}</p>
<h2>{message("classhandout.test")}</h2>
<p>{message("classhandout.test.how")}</p>
{verdict}
<h2>{message("classhandout.discuss")}</h2>
<ol>{questions}</ol>
{key}
</body></html>"""
