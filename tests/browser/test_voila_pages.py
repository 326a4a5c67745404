"""Every page of the Voila app, in a real browser, as a user meets it.

The pages are discovered (every notebook the app serves), never listed by hand. Each page
must render without a Python error, traceback text or browser console error, show its
widgets, and answer one real interaction; a page without a `kit-action` (the index) must have
working links instead. Each page is saved as a screenshot under test-artifacts/screenshots/.
"""

from __future__ import annotations

import urllib.request
from urllib.parse import urljoin, urlparse

import pytest

from tests.browser.conftest import SCREENSHOTS, pages_root
from tests.browser.page_actions import (
    ACTION,
    OUTPUT,
    drawn_widget_outputs,
    interact,
    output_fingerprint,
    page_errors,
    wait_for_widgets,
    widget_outputs,
)
from tests.browser.voila_server import INDEX, pages

pytestmark = pytest.mark.browser

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the chromium_browser fixture skips (or, in CI, fails) with the reason

    class PlaywrightTimeout(Exception):  # type: ignore[no-redef]
        """Stands in for Playwright's timeout when Playwright is not installed."""


PAGES = pages(pages_root())


def _screenshot(page, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=SCREENSHOTS / (name.replace("/", "__") + ".png"), full_page=True)


def _local_notebook_links(page) -> list[str]:
    hrefs = page.locator("#rendered_cells a[href]").evaluate_all(
        "links => links.map(a => a.getAttribute('href'))"
    )
    return [h for h in hrefs if not urlparse(h).scheme and ".ipynb" in h]


@pytest.mark.parametrize("name", PAGES)
def test_page_renders_and_responds(voila_app, browser_page, name):
    page, watch = browser_page
    page.goto(voila_app.page_url(name), wait_until="commit", timeout=120_000)
    try:
        _check_page(page, watch, voila_app, name)
    finally:
        _screenshot(page, name)  # also, and above all, of a page that failed


def _check_page(page, watch, voila_app, name: str) -> None:
    page.wait_for_selector("#rendered_cells", state="attached", timeout=120_000)
    page.wait_for_load_state("load", timeout=120_000)
    expected = widget_outputs(voila_app.root / name)
    try:
        wait_for_widgets(page, expected)
    except PlaywrightTimeout:
        shown = drawn_widget_outputs(page)
        problems = page_errors(page) + watch.problems
        raise AssertionError(
            f"{name}: {shown} of its {expected} widget outputs drawn within 60 s\n"
            + "\n".join(problems)
        ) from None
    assert page.locator("#rendered_cells").inner_text().strip(), f"{name} rendered nothing"

    if page.locator(ACTION).count():
        page.locator(ACTION).first.wait_for(state="visible")
        assert page.locator(OUTPUT).count(), f"{name} has a {ACTION} but no {OUTPUT}"
        before = output_fingerprint(page)
        done = interact(page)
        try:
            page.wait_for_function(
                "([selector, before]) => document.querySelector(selector).innerHTML !== before",
                arg=[OUTPUT, before],
                timeout=15_000,
            )
        except PlaywrightTimeout:
            problems = page_errors(page) + watch.problems
            raise AssertionError(
                f"{done} on {name}: its {OUTPUT} did not change within 15 s\n" + "\n".join(problems)
            ) from None
        page.wait_for_timeout(300)  # let the kernel's reply settle before the checks below
    else:
        links = _local_notebook_links(page)
        assert links, f"{name} has neither a {ACTION} nor links to other pages"
        for href in links:
            # Resolved as the browser does; every page itself is rendered by this same test.
            target = urlparse(urljoin(page.url, href)).path.split("/voila/render/", 1)[-1]
            assert (voila_app.root / target).is_file(), f"{name} links to a missing page {href}"

    problems = page_errors(page) + watch.problems
    assert not problems, f"{name}:\n" + "\n".join(problems)


def test_root_address_leads_to_the_index(voila_app):
    """`./dev app` prints the root address; it must open the landing page."""
    if INDEX not in PAGES:
        pytest.skip(f"the served folder has no {INDEX}")
    with urllib.request.urlopen(voila_app.url, timeout=60) as response:
        assert response.url == voila_app.page_url(INDEX)
