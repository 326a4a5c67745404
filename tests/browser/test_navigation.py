"""Moving between the app's pages: every link stays in the same tab, and the page left
behind gives its kernel back.

Voila shuts a page's kernel down when the page unloads (`beforeunload`), so one tab holds one
kernel; a link opening a new tab would keep the old page and its kernel alive. Voila answers
`GET /api/kernels/<id>` for a running kernel and 404 once it is gone (it has no kernel list).
"""

from __future__ import annotations

import json
import time
import urllib.error
import urllib.request
from urllib.parse import urlparse

import pytest

from tests.browser.page_actions import wait_for_widgets
from tests.browser.voila_server import INDEX, VoilaServer

pytestmark = pytest.mark.browser

#: The kernel id Voila writes into a rendered page's configuration.
KERNEL_ID = "JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"


def _kernel_running(server: VoilaServer, kernel_id: str) -> bool:
    try:
        with urllib.request.urlopen(f"{server.url}api/kernels/{kernel_id}", timeout=10) as answer:
            return json.load(answer)["id"] == kernel_id
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return False
        raise


def _wait_until_gone(server: VoilaServer, kernel_id: str, timeout: float = 20) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not _kernel_running(server, kernel_id):
            return True
        time.sleep(0.25)
    return False


def _open(page, url_glob: str) -> str:
    """Wait for the page at `url_glob` to be drawn in this tab; return its kernel id."""
    page.wait_for_url(url_glob, timeout=120_000)
    page.wait_for_selector("#rendered_cells", state="attached", timeout=120_000)
    page.wait_for_load_state("load", timeout=120_000)
    return page.evaluate(KERNEL_ID)


def test_links_stay_in_the_tab_and_the_page_left_shuts_its_kernel(voila_app, browser_page):
    page, watch = browser_page
    page.goto(voila_app.page_url(INDEX), wait_until="commit", timeout=120_000)
    index_kernel = _open(page, f"**/{INDEX}")
    assert _kernel_running(voila_app, index_kernel)

    links = page.locator("#rendered_cells a[href$='.ipynb']")
    targets = links.evaluate_all("links => links.map(a => [a.getAttribute('href'), a.target])")
    assert targets, "the index links to no page"
    new_tab = [href for href, target in targets if target not in ("", "_self")]
    assert not new_tab, f"links opening another tab: {new_tab}"

    # A link of the contents (a cell's output, not a Markdown cell) to the first page.
    contents_link = page.locator(".jp-OutputArea-output a[href$='.ipynb']").first
    first_page = contents_link.get_attribute("href")
    contents_link.click()
    page_kernel = _open(page, f"**/{first_page}")
    assert len(page.context.pages) == 1, "the contents link opened another tab"
    assert page_kernel != index_kernel
    assert _wait_until_gone(voila_app, index_kernel), "the index's kernel outlived the index"

    # Back through the page's own "Contents" link (a Markdown cell's link), once the page is
    # drawn: Voila's widget manager says "shut my kernel down" when a page is left only from
    # the moment it has started (it is what draws the widgets), a moment after the page's
    # `load`; a page left before then keeps its kernel until the culler's idle time.
    wait_for_widgets(page, 1)
    page.locator("#rendered_cells a[href$='00_index.ipynb']").first.click()
    _open(page, f"**/{INDEX}")
    assert len(page.context.pages) == 1
    assert urlparse(page.url).path.endswith(f"/voila/render/{INDEX}")
    assert _wait_until_gone(voila_app, page_kernel), f"the kernel of {first_page} outlived it"
    assert not watch.problems, "\n".join(watch.problems)
