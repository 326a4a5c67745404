"""Every translated page of the Voila app, in a real browser: it speaks its language.

The pages are discovered (every notebook of `notebooks/es/`, `pt/`, `ru/` that the build
wrote), never listed by hand. Each must render without an error, draw its widgets, show no
raw Python value (tests/browser/visible_text.py) and read in its language: the page as a
whole, and no English sentence left over (tests/browser/page_language.py lists each one).
The English pages' own behaviour (an interaction per page) is test_voila_pages.py's; the
translated pages run the same code.

The app keeps preheated kernels for the English pages only (kit_app.py,
`preheated_languages`), so each translated page starts its kernel when it is opened, as it
does for a visitor, and its kernel is shut down when the tab closes.
"""

from __future__ import annotations

import pytest

from tests.browser.conftest import SCREENSHOTS, pages_root
from tests.browser.page_actions import (
    page_errors,
    toolbar_titles,
    wait_for_widgets,
    widget_outputs,
)
from tests.browser.page_language import language_problems
from tests.browser.visible_text import raw_values, text_in_language, visible_text
from tests.browser.voila_server import translated_pages

pytestmark = pytest.mark.browser

TRANSLATED = translated_pages(pages_root())
#: Toolbar titles that plotly.js's locale files translate into each of the kit's languages
#: ("Zoom" reads the same in some), and the cloud button's, which no page should show.
ENGLISH_TOOLBAR = {"Download plot as a PNG", "Autoscale", "Reset axes", "Share chart..."}
PARAMETERS = [pytest.param(lang, name, id=name) for lang, name in TRANSLATED] or [
    pytest.param(None, None, marks=pytest.mark.skip(reason="no translated page is built yet"))
]


@pytest.mark.parametrize(("lang", "name"), PARAMETERS)
def test_a_translated_page_speaks_its_language(voila_app, browser_page, lang, name):
    page, watch = browser_page
    page.goto(voila_app.page_url(name), wait_until="commit", timeout=120_000)
    try:
        page.wait_for_selector("#rendered_cells", state="attached", timeout=120_000)
        page.wait_for_load_state("load", timeout=120_000)
        # a page without a preheated kernel runs while it loads: read it once it is shown
        page.wait_for_selector("#loading", state="detached", timeout=120_000)
        page.wait_for_selector("#rendered_cells", state="visible", timeout=120_000)
        wait_for_widgets(page, widget_outputs(voila_app.root / name))
        text = visible_text(page)
        own_words = text_in_language(page, lang)
        problems = page_errors(page) + watch.problems
        toolbar = toolbar_titles(page)
    finally:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / (name.replace("/", "__") + ".png"), full_page=True)
        # leaving the page shuts its kernel down, as for a visitor (no kernel a page piles up)
        page.goto("about:blank")
    problems += [f"raw Python value: {found}" for found in raw_values(text)]
    problems += language_problems(own_words, lang)
    # the charts' toolbar speaks the page's language too (plotly.js's locale files), and has
    # no button that would send a chart to Plotly's cloud
    problems += [f"toolbar in English: {t}" for t in toolbar & ENGLISH_TOOLBAR]
    assert not problems, f"{name}:\n" + "\n".join(problems)
