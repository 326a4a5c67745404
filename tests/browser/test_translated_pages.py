"""Every translated page of the Voila app, in a real browser: it speaks its language.

The pages are discovered (every notebook of `notebooks/es/`, `pt/`, `ru/` that the build
wrote), never listed by hand; each is visited in one of the languages, the languages taking
the pages in turn, and every language's index (`--every-language`: every page in every
language). Each must render without an error, draw its widgets, show no
raw Python value (tests/browser/visible_text.py) and read in its language: the page as a
whole, and no English sentence left over (tests/browser/page_language.py lists each one).
The English pages' own behaviour (an interaction per page) is test_voila_pages.py's; the
translated pages run the same code.

Each page is read as it showed on its first visit, right after the app's start
(tests/browser/first_visits.py), where it ran as it does for a visitor; leaving it shut its
kernel down.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import visited_translations
from tests.browser.page_language import language_problems
from tests.browser.visible_text import raw_values

pytestmark = pytest.mark.browser

#: Toolbar titles that plotly.js's locale files translate into each of the kit's languages
#: ("Zoom" reads the same in some), and the cloud button's, which no page should show.
ENGLISH_TOOLBAR = {"Download plot as a PNG", "Autoscale", "Reset axes", "Share chart..."}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One test per translated page visited (`visited_translations`: each page in one
    language, or in every language with `--every-language`)."""
    if {"lang", "name"} <= set(metafunc.fixturenames):
        visited = visited_translations(metafunc.config)
        parameters = [pytest.param(lang, name, id=name) for lang, name in visited] or [
            pytest.param(None, None, marks=pytest.mark.skip(reason="no translated page is built"))
        ]
        metafunc.parametrize(("lang", "name"), parameters)


def test_a_translated_page_speaks_its_language(first_visits, lang, name):
    visit = first_visits[name]
    problems = list(visit.problems)
    if not visit.complete:
        problems.append(f"{visit.drawn_widgets} of {visit.expected_widgets} widgets drawn")
    problems += [f"raw Python value: {found}" for found in raw_values(visit.text)]
    problems += language_problems(visit.own_words, lang)
    # the charts' toolbar speaks the page's language too (plotly.js's locale files), and has
    # no button that would send a chart to Plotly's cloud
    problems += [f"toolbar in English: {t}" for t in visit.toolbar & ENGLISH_TOOLBAR]
    assert not problems, f"{name}:\n" + "\n".join(problems)
