"""Every visited page, for everyone and on a phone (issue 27), read from its first visit.

In the visit (tests/browser/first_visits.py), in a browser with a touch screen, axe-core ran
on the page as it showed at the desktop's size (1280 × 900), then the page was resized to a
phone's (390 × 844) and measured (tests/browser/page_checks.py). Here each page must have:

- no serious or critical WCAG 2.1 A/AA violation axe finds (at either size);
- its `<html lang>` is its language (axe checks only that a language is given and valid);
- a wide table's box a tab stop exactly when it scrolls (at either size);
- every chart's values readable without hovering: written on the chart, or in its table
  (at either size);
- on the phone, no sideways scroll of the page itself (wide tables scroll in their own box),
  no control under 44 px tall (a slider's handle under 24 px), no prose under 16 px, no
  chart's title cut at the chart's edge.

No page is opened for these tests: a page visit costs about 5 s of CPU, the checks a fraction.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import pages_root, visited_translations
from tests.browser.page_checks import PHONE
from tests.browser.voila_server import pages

pytestmark = pytest.mark.browser


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """One test per page visited: every English page and the translated ones visited."""
    if "name" in metafunc.fixturenames:
        names = [name for name in pages(pages_root())]
        names += [name for _, name in visited_translations(metafunc.config)]
        metafunc.parametrize("name", names, ids=names)


def _visited(first_visits, name):
    visit = first_visits[name]
    if not visit.complete:
        pytest.fail(f"{name} did not show completely: {visit.problems}", pytrace=False)
    return visit


def test_axe_finds_no_serious_violation(first_visits, name):
    visit = _visited(first_visits, name)
    assert not visit.axe, f"{name}: axe-core finds\n" + "\n".join(visit.axe)


def test_the_page_says_its_language(first_visits, name):
    # a screen reader reads a Spanish page with a Spanish voice only when the page says so
    visit = _visited(first_visits, name)
    assert visit.page_lang == visit.lang, f"{name} says lang={visit.page_lang!r}"


def test_the_page_fits_a_phone(first_visits, name):
    visit = _visited(first_visits, name)
    assert visit.phone_measured, f"{name} was not measured at {PHONE}: {visit.problems}"
    problems = []
    if visit.phone_width > PHONE["width"]:
        problems.append(f"the page scrolls sideways: {visit.phone_width} px wide")
    problems += [f"too small for a finger: {c}" for c in visit.small_controls]
    problems += [f"prose too small: {p}" for p in visit.small_prose]
    problems += [f"a chart's title is cut: {t}" for t in visit.cut_titles]
    assert not problems, f"{name} at {PHONE['width']} × {PHONE['height']}:\n" + "\n".join(problems)


def test_a_table_box_is_a_tab_stop_exactly_when_it_scrolls(first_visits, name):
    visit = _visited(first_visits, name)
    assert not visit.scroll_stops, f"{name}:\n" + "\n".join(visit.scroll_stops)


def test_every_chart_can_be_read_without_hovering(first_visits, name):
    visit = _visited(first_visits, name)
    assert not visit.hover_only, (
        f"{name}: charts whose values only hovering tells (neither on the chart nor in a "
        "table under it):\n" + "\n".join(visit.hover_only)
    )
