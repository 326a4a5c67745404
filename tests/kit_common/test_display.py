"""Values that display themselves: HTML in a page, readable words as text, never a repr."""

from __future__ import annotations

from fractions import Fraction

import pytest
from IPython.core.formatters import DisplayFormatter

from kit_common.display import MarkdownText, Probability, Table, percent
from kit_common.errors import KitError


def shown(value: object) -> dict[str, str]:
    """What a notebook front end receives for `value` (JupyterLab and Voila alike)."""
    data, _ = DisplayFormatter().format(value)
    return data


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (Fraction(5, 36), "5/36 (13.9%)"),
        (Fraction(1, 2), "1/2 (50.0%)"),
        (0, "0 (0%)"),
        (1, "1 (100%)"),
        (Fraction(1, 7776), "1/7776 (< 0.1%)"),  # rare, not impossible
        (Fraction(7775, 7776), "7775/7776 (> 99.9%)"),  # likely, not certain
    ],
)
def test_a_probability_reads_as_a_fraction_with_its_percentage(value, text):
    assert str(Probability(value)) == text
    assert shown(Probability(value))["text/plain"] == text


def test_a_chance_reads_as_a_percentage():
    assert percent(0.5) == "50.0%" and percent(0.25, digits=0) == "25%"
    assert percent(Fraction(1, 3), digits=2) == "33.33%" and percent(Fraction(5, 36)) == "13.9%"
    for p in (0.4845, 0.0005, 0.999, 1e-7):  # as Python's own "%" format reads a float
        assert percent(p) == f"{p:.1%}"


def test_a_probability_in_html_is_a_fraction_and_its_escaped_percentage():
    html = shown(Probability(Fraction(1, 7776)))["text/html"]
    assert "<sup>1</sup>&frasl;<sub>7776</sub>" in html and "(&lt; 0.1%)" in html
    assert shown(Probability(1))["text/html"] == "<span class='kit-probability'>1 (100%)</span>"


def test_a_probability_keeps_its_exact_value_and_more_digits_on_request():
    p = Probability(Fraction(2, 6), digits=3)
    assert p == Probability(Fraction(1, 3)) and p.value == Fraction(1, 3)
    assert str(p) == "1/3 (33.333%)" and float(p) == pytest.approx(1 / 3)
    assert repr(p) == "Probability(Fraction(1, 3))"


@pytest.mark.parametrize("value", [Fraction(3, 2), -1, 0.5, True])
def test_only_exact_values_between_0_and_1_are_probabilities(value):
    with pytest.raises(KitError):
        Probability(value)


def test_a_table_as_text_has_aligned_columns_numbers_on_the_right():
    table = Table(
        ["policy", "P(win)", "games"],
        [
            ["greedy", Probability(Fraction(1, 3)), 10],
            ["careful", Probability(Fraction(2, 3)), 200],
        ],
        caption="Wins",
    )
    expected = (
        "Wins\n"
        "policy        P(win)  games\n"
        "-------  -----------  -----\n"
        "greedy   1/3 (33.3%)     10\n"
        "careful  2/3 (66.7%)    200"
    )
    assert str(table) == expected
    assert shown(table)["text/plain"] == expected


def test_a_table_in_html_has_a_header_row_and_escapes_its_text():
    table = Table(["name", "P"], [["<b>Ann</b> & co", Probability(Fraction(1, 4))]])
    html = shown(table)["text/html"]
    # in a box of its own that scrolls sideways on a phone, named for a keyboard and a reader
    assert html.startswith(
        "<div class='kit-scroll' role='region' tabindex='0' aria-label='name, P'>"
        "<table class='kit-table mathjax_ignore'><thead><tr><th>name</th>"
    )
    assert html.endswith("</table></div>")
    assert "<th style='text-align:right'>P</th>" in html
    assert "<td>&lt;b&gt;Ann&lt;/b&gt; &amp; co</td>" in html
    assert "<sup>1</sup>&frasl;<sub>4</sub> (25.0%)" in html  # the cell's own HTML form
    assert "<caption>" not in html


def test_a_table_without_rows_and_a_row_of_the_wrong_length():
    assert str(Table(["a", "bb"], [])) == "a  bb\n-  --"
    with pytest.raises(KitError, match="row 2 of the table has 1 cells, its header has 2"):
        Table(["a", "b"], [[1, 2], [3]])


def test_markdown_text_renders_as_markdown_and_reads_as_itself():
    data = shown(MarkdownText("### Title\n\n1. [a](a.ipynb)"))
    assert data["text/markdown"] == "### Title\n\n1. [a](a.ipynb)"
    assert data["text/plain"] == "### Title\n\n1. [a](a.ipynb)"


def test_a_distribution_is_a_table_of_outcomes_and_probabilities() -> None:
    from kit_common.display import distribution_table

    table = distribution_table(
        {2: Fraction(1, 2), 0: Fraction(1, 3), 1: Fraction(1, 6)}, "Death Rays"
    )
    assert table.headers == ("Death Rays", "Probability")
    assert [row[0] for row in table.rows] == ["0", "1", "2"]  # sorted outcomes
    assert str(table).splitlines()[2].endswith("1/3 (33.3%)")
    assert "<th" in table._repr_html_() and "<sup>1</sup>" in table._repr_html_()
    unordered = distribution_table({"b": Fraction(1, 2), 1: Fraction(1, 2)}, "Outcome")
    assert [row[0] for row in unordered.rows] == ["b", "1"]  # no order: the law's order


def test_a_remember_box_lists_its_points() -> None:
    from kit_common.display import REMEMBER_CLASS, remember

    box = remember(["A Death Ray shows on 2 sides of 6.", "Tanks <must> be matched."])
    assert str(box) == (
        "What to remember\n- A Death Ray shows on 2 sides of 6.\n- Tanks <must> be matched."
    )
    assert shown(box)["text/plain"] == str(box)
    assert REMEMBER_CLASS in box._repr_html_() and "&lt;must&gt;" in box._repr_html_()
    with pytest.raises(KitError):
        remember([])


def test_a_fold_hides_its_parts_behind_a_summary_and_lists_them_as_text():
    from kit_common.display import Fold

    fold = Fold("Counting <rolls>", ["2380 rolls & more", Table(["k"], [[1]])])
    html = fold._repr_html_()
    assert html.startswith("<details class='kit-fold'><summary><b>Counting &lt;rolls&gt;</b>")
    assert "<p>2380 rolls &amp; more</p>" in html and "<table" in html
    assert str(fold).splitlines()[:3] == ["Counting <rolls>", "", "2380 rolls & more"]
    with pytest.raises(KitError):
        Fold("empty", [])


def test_a_table_writes_negative_numbers_with_a_true_minus_sign() -> None:
    table = Table(["Player", "VP track"], [("Ann", -11), ("Bob", 8)])
    assert "−11" in str(table) and "-11" not in str(table)
    assert "<td style='text-align:right'>−11</td>" in table._repr_html_()
