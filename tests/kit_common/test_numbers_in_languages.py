"""Issue 28, item 9: every number a reader sees is in the page's language's own form (CLDR's,
through Babel): a decimal comma in Spanish, Portuguese and Russian, Russian groups split by a
no-break space, the locale's own percent sign; English exactly as before; JSON untouched."""

from __future__ import annotations

import contextlib
import io
import json
from fractions import Fraction
from string import Formatter

import plotly.graph_objects as go
import pytest

from dino_kit import cli as dino_cli
from kit_common import messages
from kit_common.display import Probability, Table, percent
from kit_common.messages import MINUS, Catalogue, number_text, set_language
from kit_common.widgets import charts
from kit_common.widgets.chart_view import show
from martian_kit import messages as martian_messages

NBSP = "\u00a0"

SENTENCE = Catalogue(
    "test", {"s": "worth {value:.2f} points; first seat {p:.1%}; {n:,} games; {loss:.1f} VP"}
)


@pytest.fixture(autouse=True)
def english_afterwards(monkeypatch):
    monkeypatch.setattr(messages, "_current_language", messages._current_language)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", f"worth 3.11 points; first seat 48.4%; 12,345 games; {MINUS}0.4 VP"),
        ("es", f"worth 3,11 points; first seat 48,4{NBSP}%; 12.345 games; {MINUS}0,4 VP"),
        ("pt", f"worth 3,11 points; first seat 48,4%; 12.345 games; {MINUS}0,4 VP"),
        ("ru", f"worth 3,11 points; first seat 48,4{NBSP}%; 12{NBSP}345 games; {MINUS}0,4 VP"),
    ],
)
def test_a_number_in_a_sentence_takes_the_languages_form(language, said):
    set_language(language)
    assert SENTENCE.message("s", value=3.110382, p=0.48412, n=12345, loss=-0.4) == said


@pytest.mark.parametrize("language", ["es", "pt", "ru"])
@pytest.mark.parametrize("value", [2.675, 0.125, 1 / 3, 13 / 3, 99.995, 0.0])
def test_the_digits_are_pythons_and_only_the_decimal_sign_changes(language, value):
    """An independent route: Python's own rounding (2.675 is stored just below, so '2.67'),
    with the point read as a comma; the kit never rounds a second time."""
    set_language(language)
    for spec in (".2f", ".3f", ".0f"):
        assert number_text(value, spec) == format(value, spec).replace(".", ",")


@pytest.mark.parametrize("language", ["en", "es", "pt", "ru"])
def test_fractions_words_and_unformattable_numbers_stay_as_they_are(language):
    set_language(language)
    assert number_text(Fraction(5, 36)) == "5/36"
    assert number_text("v1.2") == "v1.2" and number_text(True) == "True"
    assert number_text(float("nan"), ".2f") == "nan"
    assert number_text(7, "3d") == "  7"  # a field's width is kept


@pytest.mark.parametrize(
    ("language", "cell", "chance", "third", "rare"),
    [
        ("en", "0.25", "5/36 (13.9%)", "33.3%", "< 0.1%"),
        ("es", "0,25", f"5/36 (13,9{NBSP}%)", f"33,3{NBSP}%", f"< 0,1{NBSP}%"),
        ("pt", "0,25", "5/36 (13,9%)", "33,3%", "< 0,1%"),
        ("ru", "0,25", f"5/36 (13,9{NBSP}%)", f"33,3{NBSP}%", f"< 0,1{NBSP}%"),
    ],
)
def test_tables_percentages_and_probabilities_in_each_language(language, cell, chance, third, rare):
    set_language(language)
    table = Table(["Share", "Chance"], [(0.25, Probability(Fraction(5, 36)))])
    assert str(table).splitlines()[-1].split(None, 1) == [cell, chance]
    assert f"<td style='text-align:right'>{cell}</td>" in table._repr_html_()
    assert str(Probability(Fraction(5, 36))) == chance
    assert percent(Fraction(1, 3)) == third
    assert Probability(Fraction(1, 10**6)).percent_text() == rare


def test_english_messages_are_what_they_were():
    """English pages' outputs stay byte-identical: sentences recorded before the change."""
    set_language("en")
    say = martian_messages.message
    assert say("luck.option", option="roll", value=5.4123, points=3) == (
        "roll: 5.41 points (stopping right after: 3)"
    )
    assert say("variants.table.edge_cell", who="the first player", points=2.35) == (
        "the first player, by 2.4 percentage points"
    )
    assert say("luck.one_in", n=4000) == "1 in 4,000"
    assert say("lesson.ten.answer", percent=12.345) == "12.3%"
    assert percent(0.48412) == "48.4%" and str(Probability(Fraction(1, 2))) == "1/2 (50.0%)"


def test_every_english_template_fills_as_str_format_does():
    """English goes the old, fast way: for non-negative numbers, every catalogue's sentence
    filled by the kit is exactly `str.format`'s."""
    set_language("en")
    from dino_kit.messages import CATALOGUE as DINO
    from kit_common.words import CATALOGUE as COMMON
    from martian_kit.messages import CATALOGUE as MARTIAN

    checked = 0
    for catalogue in (COMMON, MARTIAN, DINO):
        for key, template in catalogue.english.items():
            if not isinstance(template, str):
                continue
            fields = [(name, spec) for _, name, spec, _ in Formatter().parse(template) if name]
            if not any(spec for _, spec in fields) or not all(n.isidentifier() for n, _ in fields):
                continue
            values = {n: 1234 if spec.endswith(("d", ",")) else 1234.5678 for n, spec in fields}
            assert messages.fill(template, values) == template.format(**values), key
            checked += 1
    assert checked >= 30  # the sentences with a format of their own


@pytest.mark.parametrize(
    ("language", "separators"), [("es", ",."), ("pt", ",."), ("ru", f",{NBSP}")]
)
def test_a_chart_writes_numbers_as_its_page_does(language, separators):
    set_language(language)
    assert charts.separators() == separators
    built = charts.grouped_bars([1, 2], [("a", [0.5, 1.5])], "t", "x", "y")
    assert built.layout.separators == separators
    assert show(go.Figure(go.Bar(x=[1], y=[0.5]))).figure.layout.separators == separators


def test_an_english_chart_keeps_plotlys_default():
    set_language("en")
    assert charts.layout() is charts.LAYOUT
    assert charts.grouped_bars([1], [("a", [1.0])], "t", "x", "y").layout.separators is None


def test_json_output_is_data_the_same_in_every_language():
    """JSON numbers are data, not prose: never localised."""
    outputs = []
    for language in ("en", "es", "ru"):
        out = io.StringIO()
        command = ["--lang", language, "simulate", "--games", "2", "--seed", "3", "--json"]
        with contextlib.redirect_stdout(out):
            assert dino_cli.main(command) == 0
        outputs.append(out.getvalue())
    assert outputs[0] == outputs[1] == outputs[2]
    assert isinstance(json.loads(outputs[0])["score_mean"][0], float)
