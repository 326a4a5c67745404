"""The page machinery in a real browser, on a small page built for the test: checks tagged
`kit-check` are dropped by the app (cell, output and heading) while the page still works, the
kit's dice are drawn as labelled SVG, and the page fetches nothing from outside the app."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from tests.browser.conftest import ARTIFACTS
from tests.browser.page_actions import page_errors, wait_for_widgets
from tests.browser.visible_text import raw_values, visible_text
from tests.browser.voila_server import CONTEXT_OPTIONS, VoilaServer, voila_server

PAGE = "kit_page.ipynb"
CHECK_MARKER = "CHECK-OUTPUT-MARKER"
CHECK_HEADING = "Hidden checks heading"


def _fixture_notebook() -> nbformat.NotebookNode:
    """A page with visible cells around a tagged heading and a tagged check cell."""
    hidden = {"tags": ["kit-check"]}
    cells = [
        nbformat.v4.new_markdown_cell("# A fixture page"),
        nbformat.v4.new_code_cell(
            "from martian_kit.dice import FaceCounts\nFaceCounts(tank=2, ray=1)"
        ),
        nbformat.v4.new_code_cell(
            "from kit_common.widgets.teaching import ChoiceQuiz, Option\n"
            "quiz = ChoiceQuiz('Which is a Death Ray?', [Option('The bolt', True, 'Rays are "
            "bolts.'), Option('The cow', False, 'A cow is an Earthling.')])\nquiz"
        ),
        nbformat.v4.new_markdown_cell(f"## {CHECK_HEADING}", metadata=hidden),
        nbformat.v4.new_code_cell(
            f"print({CHECK_MARKER!r})\nassert FaceCounts(tank=2).total == 2", metadata=hidden
        ),
        nbformat.v4.new_code_cell("print('after the checks')"),
    ]
    return nbformat.v4.new_notebook(cells=cells)


@pytest.fixture(scope="module")
def fixture_app(chromium_browser, tmp_path_factory) -> Iterator[VoilaServer]:
    root: Path = tmp_path_factory.mktemp("pages")
    nbformat.write(_fixture_notebook(), root / PAGE)
    with voila_server(root, log=ARTIFACTS / "voila-page-kit.log") as server:
        yield server


@pytest.fixture(scope="module")
def served(fixture_app, chromium_browser) -> Iterator[tuple]:
    """The fixture page opened once, with every request the browser made: (page, requests)."""
    context = chromium_browser.new_context(**CONTEXT_OPTIONS)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    page.goto(fixture_app.page_url(PAGE), wait_until="networkidle", timeout=120_000)
    wait_for_widgets(page, 1)
    page.get_by_text("after the checks").wait_for(timeout=60_000)
    yield page, requests
    context.close()


def _is_local(url: str) -> bool:
    from urllib.parse import urlsplit

    parts = urlsplit(url)
    if parts.scheme in ("data", "blob", "about"):
        return True
    return parts.hostname in ("127.0.0.1", "localhost")


def test_tagged_checks_are_not_in_the_page(served) -> None:
    page, _ = served
    text = visible_text(page)
    assert "A fixture page" in text and "after the checks" in text
    assert CHECK_MARKER not in text and CHECK_HEADING not in text
    assert CHECK_MARKER not in page.content()  # not hidden: never sent
    assert page_errors(page) == []


def test_the_page_still_works(served) -> None:
    page, _ = served
    page.get_by_role("checkbox", name="The bolt").check()
    page.get_by_role("button", name="Check").click()
    page.locator(".kit-feedback").wait_for(timeout=30_000)
    assert "Right." in page.locator(".kit-feedback").inner_text()


def test_dice_are_labelled_svg_pictures(served) -> None:
    page, _ = served
    dice = page.locator("svg.kit-die[role=img]")
    assert dice.count() == 3
    assert page.get_by_role("img", name="Tank").count() == 2
    assert page.get_by_role("img", name="Death Ray").count() == 1
    assert raw_values(visible_text(page)) == []


def test_nothing_is_fetched_from_outside_the_app(served) -> None:
    _, requests = served
    assert requests, "the browser recorded no request"
    outside = [url for url in requests if not _is_local(url)]
    assert outside == []


def test_nothing_moves_for_a_visitor_who_asked_for_less_motion(served) -> None:
    page, _ = served
    spin = """() => { const e = document.createElement('div'); e.className = 'spinner';
        document.body.appendChild(e); const name = getComputedStyle(e).animationName;
        e.remove(); return name; }"""
    page.emulate_media(reduced_motion="no-preference")
    assert page.evaluate(spin) == "rotation"  # Voila's spinner turns...
    page.emulate_media(reduced_motion="reduce")
    assert page.evaluate(spin) == "none"  # ...but not for whom motion is a bother
