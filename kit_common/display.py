"""Values that display themselves: a page shows them as a visitor reads them, never as a
Python repr.

Each value has three forms: HTML (`_repr_html_`, what JupyterLab and Voila draw), a readable
text (`str()`, and what IPython's text/plain shows through `_repr_pretty_`, so an executed
notebook stores words, not a repr) and a developer's `repr()`. None of them imports IPython:
the notebook front ends find the `_repr_*_` methods by name.
"""

from __future__ import annotations

import contextlib
import html
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from numbers import Number
from typing import Any, Protocol

from kit_common.errors import KitError
from kit_common.messages import localise_number, number_text
from kit_common.words import message

#: CSS classes of the HTML forms (for the browser tests and any page styling).
TABLE_CLASS = "kit-table"
#: A table holds data, never TeX: MathJax leaves it alone ("$2; ... $4" in a cell is money).
NO_TEX_CLASS = "mathjax_ignore"
PROBABILITY_CLASS = "kit-probability"
REMEMBER_CLASS = "kit-remember"
FOLD_CLASS = "kit-fold"
#: A box that scrolls sideways on its own (a table wider than a phone): the page never does.
SCROLL_CLASS = "kit-scroll"


def scroll_box(content: str, label: str) -> str:
    """`content` (HTML, a wide table) in a box of its own that scrolls sideways when the page is
    narrower (a phone), so the page itself never does. The box is a named region a keyboard
    can reach (`tabindex=0`) and scroll with the arrow keys; `label` names it (the table's
    caption, or its headers)."""
    name = html.escape(label, quote=True)
    return (
        f"<div class='{SCROLL_CLASS}' role='region' tabindex='0' aria-label='{name}'>"
        f"{content}</div>"
    )


class _Pretty(Protocol):
    """The part of IPython's pretty printer a `_repr_pretty_` method uses."""

    def text(self, text: str) -> None: ...


def _html_of(value: object) -> str:
    """A cell's HTML: its own HTML form when it has one, else its escaped text."""
    as_html = getattr(value, "_repr_html_", None)
    return as_html() if callable(as_html) else html.escape(number_text(value))


def _is_number(value: object) -> bool:
    """Whether a cell holds a number (numbers line up on the right)."""
    return isinstance(value, Number | Probability) and not isinstance(value, bool)


def percent(p: float | Fraction, digits: int = 1) -> str:
    """A chance as a percentage with `digits` decimals, "48.4%" (a `Fraction` is scaled
    exactly before it is rounded), in the current language's form ("48,4\u00a0%" in
    Spanish): the one percentage format of the kits' sentences."""
    return localise_number(_english_percent(float(p * 100), digits))


def chance_percent(p: float | Fraction, digits: int = 1) -> str:
    """A chance as a percentage that never reads as impossible or certain when it is not: a
    chance that rounds to 0 or 100 while it is not exactly 0 or 1 is "< 0.1%" or "> 99.9%"
    (`percent` otherwise; the current language's form)."""
    if p in (0, 1):
        return localise_number(f"{int(p) * 100}%")
    shown = _english_percent(float(p * 100), digits)
    smallest = 10.0**-digits  # the smallest step the percentage can show
    if float(shown.removesuffix("%")) == 0:
        return "< " + localise_number(_english_percent(smallest, digits))
    if float(shown.removesuffix("%")) == 100:
        return "> " + localise_number(_english_percent(100 - smallest, digits))
    return localise_number(shown)


def _english_percent(hundredths: float, digits: int) -> str:
    """A percentage in English form, "48.4%", from the number of hundredths."""
    return f"{hundredths:.{digits}f}%"


class Probability:
    """An exact probability shown as a fraction with its percentage: "5/36 (13.9%)".

    A percentage that rounds to 0 or 100 while the probability is not exactly 0 or 1 is shown
    as "< 0.1%" or "> 99.9%", so a rare event never reads as impossible.
    """

    def __init__(self, value: Fraction | int, digits: int = 1) -> None:
        if isinstance(value, bool) or not isinstance(value, Fraction | int):
            raise KitError(message("display.not_a_fraction", value=value))
        fraction = Fraction(value)
        if not 0 <= fraction <= 1:
            raise KitError(message("display.out_of_range", value=fraction))
        self.value = fraction
        self.digits = digits

    def fraction_text(self) -> str:
        """The fraction in lowest terms: "5/36", "0", "1"."""
        return str(self.value)

    def percent_text(self) -> str:
        """The percentage with `digits` decimals: "13.9%", "< 0.1%", "100%" (in the current
        language's form: "13,9\u00a0%" in Spanish)."""
        return chance_percent(self.value, self.digits)

    def __str__(self) -> str:
        return f"{self.fraction_text()} ({self.percent_text()})"

    def __repr__(self) -> str:
        return f"Probability({self.value!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Probability):
            return self.value == other.value
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.value)

    def __float__(self) -> float:
        return float(self.value)

    def _repr_pretty_(self, printer: _Pretty, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        if self.value.denominator == 1:
            fraction = str(self.value.numerator)
        else:
            fraction = (
                f"<sup>{self.value.numerator}</sup>&frasl;<sub>{self.value.denominator}</sub>"
            )
        percent = html.escape(self.percent_text())
        return f"<span class='{PROBABILITY_CLASS}'>{fraction} ({percent})</span>"


class InLanguage:
    """Words in a language other than the page's (a glossary's English column): shown as
    they are, marked with their language in HTML so that a screen reader says them right and
    a check of the page's language leaves them out."""

    def __init__(self, text: str, language: str) -> None:
        self.text = text
        self.language = language

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"InLanguage({self.text!r}, {self.language!r})"

    def _repr_html_(self) -> str:
        return f"<span lang='{html.escape(self.language)}'>{html.escape(self.text)}</span>"


class Table:
    """A table with a header row: HTML in a page, aligned columns as text.

    `rows` hold any values; a value with its own HTML form (a `Probability`, say) shows it in
    the HTML table, and numbers line up on the right.
    """

    def __init__(
        self, headers: Sequence[str], rows: Sequence[Sequence[Any]], caption: str = ""
    ) -> None:
        self.headers = tuple(headers)
        self.rows = tuple(tuple(row) for row in rows)
        self.caption = caption
        for number, row in enumerate(self.rows, 1):
            if len(row) != len(self.headers):
                raise KitError(
                    message(
                        "display.row_length",
                        row=number,
                        cells=len(row),
                        headers=len(self.headers),
                    )
                )

    def _right_aligned(self) -> list[bool]:
        """Per column: whether every cell in it is a number (and the column has cells)."""
        return [
            bool(self.rows) and all(_is_number(row[column]) for row in self.rows)
            for column in range(len(self.headers))
        ]

    def __str__(self) -> str:
        cells = [list(self.headers), *([number_text(value) for value in row] for row in self.rows)]
        widths = [max(len(line[column]) for line in cells) for column in range(len(self.headers))]
        right = self._right_aligned()

        def line(texts: Sequence[str]) -> str:
            padded = (
                text.rjust(width) if is_right else text.ljust(width)
                for text, width, is_right in zip(texts, widths, right)
            )
            return "  ".join(padded).rstrip()

        lines = [self.caption] if self.caption else []
        lines += [line(cells[0]), "  ".join("-" * width for width in widths)]
        lines += [line(texts) for texts in cells[1:]]
        return "\n".join(lines)

    def __repr__(self) -> str:
        return f"Table(headers={self.headers!r}, rows={len(self.rows)})"

    def _repr_pretty_(self, printer: _Pretty, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        right = self._right_aligned()

        def cell(tag: str, value: object, is_right: bool) -> str:
            style = " style='text-align:right'" if is_right else ""
            return f"<{tag}{style}>{_html_of(value)}</{tag}>"

        caption = f"<caption>{html.escape(self.caption)}</caption>" if self.caption else ""
        head = "".join(cell("th", h, r) for h, r in zip(self.headers, right))
        body = "".join(
            "<tr>" + "".join(cell("td", v, r) for v, r in zip(row, right)) + "</tr>"
            for row in self.rows
        )
        table = (
            f"<table class='{TABLE_CLASS} {NO_TEX_CLASS}'>{caption}<thead><tr>{head}</tr></thead>"
            f"<tbody>{body}</tbody></table>"
        )
        return scroll_box(table, self.caption or ", ".join(map(str, self.headers)))


class MarkdownText:
    """Markdown that a notebook renders (`_repr_markdown_`) and whose text form is itself."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"MarkdownText({self.text!r})"

    def _repr_pretty_(self, printer: _Pretty, cycle: bool) -> None:
        printer.text(self.text)

    def _repr_markdown_(self) -> str:
        return self.text


def distribution_table(
    law: Mapping[Any, Fraction],
    outcome_header: str,
    probability_header: str | None = None,
    caption: str = "",
    describe: Callable[[Any], object] = str,
) -> Table:
    """An exact distribution as a table: one row per outcome (in order when the outcomes can
    be sorted), its exact probability as a `Probability` ("5/36 (13.9%)").

    `describe` turns an outcome into what its cell shows (a sentence, or a value with its own
    HTML form such as a roll of dice); by default its text. The probability column is headed
    `probability_header`, by default "Probability" in the current language.
    """
    outcomes = list(law)
    with contextlib.suppress(TypeError):  # outcomes without an order keep the law's order
        outcomes.sort()
    rows = [(describe(outcome), Probability(law[outcome])) for outcome in outcomes]
    if probability_header is None:
        probability_header = message("display.probability")
    return Table((outcome_header, probability_header), rows, caption=caption)


class RememberBox:
    """A "What to remember" box: a heading and a short list of points, as HTML or text (the
    heading is "What to remember" in the current language unless one is given)."""

    def __init__(self, points: Sequence[str], heading: str | None = None) -> None:
        if not points:
            raise KitError(message("display.empty_remember"))
        self.points = tuple(points)
        self.heading = message("display.remember") if heading is None else heading

    def __str__(self) -> str:
        return "\n".join([self.heading, *(f"- {point}" for point in self.points)])

    def __repr__(self) -> str:
        return f"RememberBox({len(self.points)} points)"

    def _repr_pretty_(self, printer: _Pretty, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(point)}</li>" for point in self.points)
        return (
            f"<aside class='{REMEMBER_CLASS}' style='border-left:5px solid #0072B2;"
            "background:#eef5fb;padding:0.5em 1em;margin:1em 0'>"
            f"<strong>{html.escape(self.heading)}</strong><ul>{items}</ul></aside>"
        )


def remember(points: Sequence[str], heading: str | None = None) -> RememberBox:
    """The "What to remember" box that ends a page: show it as a cell's last value."""
    return RememberBox(points, heading)


class Fold:
    """A fold a visitor opens on demand (HTML `<details>`): a summary line, then parts.

    A part is a value with its own HTML form (a `Table`, a roll of dice) or text, shown as an
    escaped paragraph. The text form lists the summary and every part, so nbval still compares
    each number inside the fold.
    """

    def __init__(self, summary: str, parts: Sequence[object]) -> None:
        if not parts:
            raise KitError(message("display.empty_fold"))
        self.summary = summary
        self.parts = tuple(parts)

    def __str__(self) -> str:
        return "\n\n".join([self.summary, *(str(part) for part in self.parts)])

    def __repr__(self) -> str:
        return f"Fold({self.summary!r}, {len(self.parts)} parts)"

    def _repr_pretty_(self, printer: _Pretty, cycle: bool) -> None:
        printer.text(str(self))

    def _repr_html_(self) -> str:
        inside = "".join(
            f"<p>{html.escape(part)}</p>" if isinstance(part, str) else _html_of(part)
            for part in self.parts
        )
        return (
            f"<details class='{FOLD_CLASS}'><summary><b>{html.escape(self.summary)}</b></summary>"
            f"{inside}</details>"
        )
