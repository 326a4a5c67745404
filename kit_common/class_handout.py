"""The handout of a class's results: a printable, self-contained HTML page that the teacher's
export offers beside the CSV of every trial (kit_common.widgets.class_views).

It holds what the projector showed, computed by the kit and fit for paper: the class's pooled
results beside the exact law (a table and a bar chart drawn as SVG, so it prints without
scripts), the mean seen against the exact mean, and the chi-square test with its groups,
statistic, degrees of freedom and p-value, read in plain words; then questions to discuss.
Nothing of a student is in it (no nickname): only the class's pooled counts.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from fractions import Fraction
from html import escape
from math import floor, log10

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


def handout_html(experiment: Experiment, pooled: Pooled, result: Comparison, when: datetime) -> str:
    """The handout of the class `pooled.code` doing `experiment`: its results `result`
    (`experiment.compare(pooled.as_dict())`), exported at `when` (UTC)."""
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
    title = message("classhandout.title", experiment=experiment.title)
    about = message(
        "classhandout.about", code=escape(pooled.code), date=when.strftime("%Y-%m-%d %H:%M")
    )
    sentence = plural("classview.pooled", pooled.trials, sent=pooled.sent, joined=pooled.joined)
    chart = bars_svg(
        result.outcomes, shares, exact, message("classhandout.chart", outcome=experiment.outcome)
    )
    questions = "".join(f"<li>{message(f'classhandout.discuss.{i}')}</li>" for i in (1, 2, 3))
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
</body></html>"""
