"""Every page of the Voila app, in a real browser, as a user meets it.

The pages are discovered (every notebook the app serves), never listed by hand. Each page
must render without a Python error, traceback text or browser console error, show its
widgets, and answer one real interaction; a page without a `kit-action` (the index) must have
working links instead. Each page is read and used on its first visit
(tests/browser/first_visits.py), which saves a failed page's screenshot under
test-artifacts/screenshots/.
"""

from __future__ import annotations

import re
import urllib.request
from urllib.parse import urljoin, urlparse

import pytest

from tests.browser.conftest import pages_root
from tests.browser.page_actions import (
    ACTION,
    OUTPUT,
)
from tests.browser.voila_server import INDEX, pages

pytestmark = pytest.mark.browser

PAGES = pages(pages_root())


@pytest.mark.parametrize("name", PAGES)
def test_page_renders_and_responds(voila_app, first_visits, name):
    visit = first_visits[name]
    assert visit.complete, (
        f"{name}: {visit.drawn_widgets} of its {visit.expected_widgets} widget outputs drawn\n"
        + "\n".join(visit.problems)
    )
    assert visit.text.strip(), f"{name} rendered nothing"
    if visit.has_action:
        assert visit.has_output, f"{name} has a {ACTION} but no {OUTPUT}"
        assert visit.responded, (
            f"{visit.interaction} on {name}: its {OUTPUT} did not change (nor did work start)"
            " within 15 s\n" + "\n".join(visit.problems_after)
        )
    else:
        links = [h for h in visit.links if not urlparse(h).scheme and ".ipynb" in h]
        assert links, f"{name} has neither a {ACTION} nor links to other pages"
        for href in links:
            # Resolved as the browser does; every page itself is rendered by this same test.
            target = urlparse(urljoin(voila_app.page_url(name), href)).path
            target = target.split("/voila/render/", 1)[-1]
            assert (voila_app.root / target).is_file(), f"{name} links to a missing page {href}"
    problems = visit.problems + visit.problems_after
    assert not problems, f"{name}:\n" + "\n".join(problems)


def test_root_address_leads_to_the_index(voila_app):
    """`./dev app` prints the root address; it must open the landing page."""
    if INDEX not in PAGES:
        pytest.skip(f"the served folder has no {INDEX}")
    with urllib.request.urlopen(voila_app.url, timeout=60) as response:
        assert response.url == voila_app.page_url(INDEX)


def test_voila_s_script_comes_before_the_first_cell(voila_app):
    """The kit's template writes Voila's script (which loads the page's JavaScript) once,
    after the page's configuration and before the first cell, so that a page whose cells run
    while its visitor waits has its JavaScript loaded meanwhile (issue 24)."""
    with urllib.request.urlopen(voila_app.page_url(INDEX), timeout=120) as response:
        html = response.read().decode()
    scripts = re.findall(r'<script src="[^"]*/voila\.js"></script>', html)
    assert len(scripts) == 1, f"Voila's script is written {len(scripts)} times"
    configuration = html.index('id="jupyter-config-data"')
    assert configuration < html.index(scripts[0]) < html.index('cell-index="1"')
