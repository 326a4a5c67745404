"""Every page of every language opened once, as a class opens them right after a start.

The browser tests read many things from a page as it first shows (its widgets all drawn, no
error, no raw value, its language, no quiz answered, the charts' toolbar). Each of those used
to open the page again, and a translated page, which has no preheated kernel, ran its notebook
each time. Here each page is visited once, by `AT_ONCE` visitors at a time, each with a
browser of their own (see `visit_pages`), and what it showed is kept as a `Visit`; the tests
in the modules read it (`first_visits` fixture, tests/browser/conftest.py).
A page that failed (incomplete, or with errors) is screenshotted as it showed; then an English
page's main control is used once (`interact`: the page answers), and the page is left, which
shuts its kernel down, as for a visitor.

With `KIT_SCREENSHOTS=en` every English page is also screenshotted whole as it first showed
at both sizes (the desktop's, and the phone's at the end of the visit), under
test-artifacts/screenshots/ as `NAME.png` and `NAME@390.png`, for a person to look at (issue
27); with `KIT_SCREENSHOTS=all` the translated pages too; by default only the failed pages.
Their seconds are in first_visits.json.
"""

from __future__ import annotations

import contextlib
import os
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tests.browser.page_actions import (
    ACTION,
    DRAWN_WIDGET_OUTPUTS,
    OUTPUT,
    drawn_widget_outputs,
    interact,
    output_fingerprint,
    page_errors,
    toolbar_titles,
    widget_outputs,
)
from tests.browser.page_checks import (
    CHARTS_FITTED,
    PHONE,
    axe_violations,
    hover_only_charts,
    phone_layout,
    scroll_stops,
)
from tests.browser.visible_text import text_in_language, visible_text
from tests.browser.voila_server import CONTEXT_OPTIONS

#: `KIT_SCREENSHOTS=en` screenshots every English page at both sizes, `all` every page, the
#: translated ones too; by default (`failed`) only the pages that failed: the two whole-page
#: pictures of every English page cost Chromium about 3 s of CPU a page, 75 s in all, a
#: minute of the test run's 8 (issue 24), for pictures a person looks at after a layout change.
SCREENSHOTS = os.environ.get("KIT_SCREENSHOTS", "failed")
#: Pages open at the same time (six visitors of a class, each opening a page).
AT_ONCE = 6
#: Seconds a page may take to draw all its widgets before it counts as incomplete.
PAGE_TIMEOUT_S = 120.0
#: Seconds a page left keeps its tab, for its beacon (shut my kernel down) to go out.
LEAVING_S = 2.0
#: The sentence of a piece of work running in the background (StoppableWork's status).
WORK_STATUS = ".kit-work-status"
#: What a quiz or a prediction shows once answered.
FEEDBACK = ".kit-feedback"
#: Anything MathJax typeset (a dollar sign read as TeX).
TYPESET = "mjx-container, .MathJax, .MathJax_Preview"
#: The widgets' boxes, whose text says the state of a page's apps.
WIDGET_BOXES = ".jp-OutputArea-output .widget-vbox"

_READY = """() => document.readyState === 'complete'
  && !document.querySelector('#loading')
  && !!document.querySelector('#rendered_cells')"""


@dataclass
class Visit:
    """What one page showed on its first visit."""

    name: str
    lang: str
    expected_widgets: int
    drawn_widgets: int = 0
    complete: bool = False
    seconds: float = 0.0
    text: str = ""
    own_words: str = ""
    answered: int = 0
    problems: list[str] = field(default_factory=list)
    toolbar: set[str] = field(default_factory=set)
    widgets_text: str = ""
    typeset: int = 0
    #: An English page's main control used once after the page was read (`interact`): what
    #: was done, whether the page's `kit-output` changed, what went wrong then.
    has_action: bool = False
    interaction: str = ""
    responded: bool = False
    problems_after: list[str] = field(default_factory=list)
    has_output: bool = False
    #: The page's links to other pages (hrefs as written), for a page without a control.
    links: list[str] = field(default_factory=list)
    #: axe-core's serious and critical WCAG 2.1 A/AA violations as the page first showed
    #: (tests/browser/page_checks.py), and those of the width-dependent rules on the phone.
    axe: list[str] = field(default_factory=list)
    #: The page at a phone's size (390 × 844) at the end of the visit: its scroll width (the
    #: page scrolls sideways when wider than the phone), its controls too small for a finger,
    #: its prose under 16 px, its charts' titles cut at the chart's edge; `phone_measured`
    #: is False when the page could not be measured.
    phone_measured: bool = False
    phone_width: int = 0
    small_controls: list[str] = field(default_factory=list)
    small_prose: list[str] = field(default_factory=list)
    cut_titles: list[str] = field(default_factory=list)
    #: The wide tables' boxes whose tab stop does not match whether they scroll, at the
    #: desktop's size and then (prefixed with the width) on the phone.
    scroll_stops: list[str] = field(default_factory=list)
    #: The charts whose values only hovering tells (page_checks.hover_only_charts), at the
    #: desktop's size and then (prefixed with the width) on the phone.
    hover_only: list[str] = field(default_factory=list)
    #: Seconds of the screenshots taken (both sizes), for the cost they add.
    screenshot_s: float = 0.0
    #: The language the page says it is in (`<html lang>`), for screen readers and axe.
    page_lang: str = ""


@dataclass
class _Open:
    visit: Visit
    page: object
    watch: object
    started: float


#: Whether the page is loaded and shows (at least) `expected` drawn widget outputs; run in
#: the page by Playwright every `POLL_MS` (a poll from here was two round trips through
#: Chromium's browser process and Playwright's driver, five times a second a page).
_COMPLETE = f"""(expected) => ({_READY})() && ({DRAWN_WIDGET_OUTPUTS})() >= expected"""
POLL_MS = 200


def _wait_until_complete(opened: _Open, url: str) -> None:
    """Open `url` in the visit's tab and wait until the page is complete (all its expected
    widgets drawn); Playwright's timeout once `PAGE_TIMEOUT_S` has passed since the visit
    started."""
    page, visit = opened.page, opened.visit
    # a preheating page answers when its kernel is ready: its first byte may take a while
    page.goto(url, wait_until="commit", timeout=PAGE_TIMEOUT_S * 1000)
    left = PAGE_TIMEOUT_S - (time.monotonic() - opened.started)
    page.wait_for_function(
        _COMPLETE, arg=visit.expected_widgets, polling=POLL_MS, timeout=max(left, 0.1) * 1000
    )


def _read(opened: _Open, screenshots: Path) -> None:
    """Note what the page shows, screenshot it, and leave it: the page sends its kernel's
    shutdown as it goes (a beacon, which the browser sends whatever the tab does next)."""
    visit, page = opened.visit, opened.page
    visit.seconds = time.monotonic() - opened.started
    try:
        if visit.complete:
            page.wait_for_timeout(500)  # the last widget views settle
        visit.text = visible_text(page)
        visit.own_words = text_in_language(page, visit.lang) if visit.lang != "en" else ""
        visit.answered = page.locator(FEEDBACK).count()
        visit.toolbar = toolbar_titles(page)
        visit.widgets_text = "\n".join(page.locator(WIDGET_BOXES).all_inner_texts())
        visit.typeset = page.locator(TYPESET).count()
        visit.page_lang = page.evaluate("() => document.documentElement.lang")
        visit.problems += page_errors(page)
        if visit.complete:
            visit.axe = axe_violations(page)
            visit.scroll_stops = scroll_stops(page)
            visit.hover_only = hover_only_charts(page)
    except Exception as error:  # a page that never came: say so instead of its text
        visit.problems.append(f"could not be read: {type(error).__name__}: {error}"[:300])
    finally:
        visit.problems += opened.watch.problems
        try:
            if _screenshotted(visit) or not visit.complete or visit.problems:
                # what the visitor saw, for whoever looks at the pages or reads a failure
                _screenshot(visit, page, screenshots / (_shot_name(visit) + ".png"))
            if visit.complete and visit.lang == "en":
                seen = len(opened.watch.problems)
                try:
                    _use(visit, page)
                except Exception as error:  # Playwright's timeout: this page's test says so
                    problem = f"its main control could not be used: {type(error).__name__}: {error}"
                    visit.problems_after.append(problem[:300])
                visit.problems_after += opened.watch.problems[seen:]
            if visit.complete:
                _measure_on_a_phone(visit, page)
                if _screenshotted(visit):
                    # every chart drawn for the phone (a loaded machine takes longer than the
                    # measurement waited; a chart not yet drawn would look missing)
                    with contextlib.suppress(Exception):
                        page.wait_for_function(CHARTS_FITTED, timeout=10_000)
                    shot = screenshots / f"{_shot_name(visit)}@{PHONE['width']}.png"
                    _screenshot(visit, page, shot)
        finally:
            page.goto("about:blank")  # leaving the page shuts its kernel down


def _screenshotted(visit: Visit) -> bool:
    """Whether the page is screenshotted at both sizes (`SCREENSHOTS`)."""
    return SCREENSHOTS == "all" or (SCREENSHOTS == "en" and visit.lang == "en")


def _shot_name(visit: Visit) -> str:
    return visit.name.replace("/", "__")


#: Voila's lab template scrolls the page inside `#rendered_cells`, a Lumino panel of the
#: viewport's size (absolute, `contain: strict`, in two more such boxes): for a whole-page
#: screenshot the page is unfolded into the document for a moment (its width, and so every
#: chart, unchanged).
_UNFOLD = """html, body, #main, #jp-main-content-panel, #rendered_cells {
  position: static !important; height: auto !important; overflow: visible !important;
  contain: none !important; }"""


def _screenshot(visit: Visit, page, path: Path) -> None:
    """The whole page as it shows now, saved at `path`; its time added to the visit's."""
    started = time.monotonic()
    path.parent.mkdir(parents=True, exist_ok=True)
    unfold = page.add_style_tag(content=_UNFOLD)
    try:
        page.screenshot(path=path, full_page=True, animations="disabled", caret="initial")
    finally:
        unfold.evaluate("(style) => style.remove()")
    visit.screenshot_s += time.monotonic() - started


def _measure_on_a_phone(visit: Visit, page) -> None:
    """The page resized to a phone's viewport, measured (tests/browser/page_checks.py); last
    in the visit, so that everything else reads the page at the desktop's size."""
    try:
        found = phone_layout(page)
    except Exception as error:  # the page went away: say so, the test reports it
        visit.problems.append(f"could not be measured at {PHONE}: {type(error).__name__}")
        return
    visit.phone_measured = True
    visit.phone_width = found["width"]
    visit.small_controls = found["controls"]
    visit.small_prose = found["prose"]
    visit.cut_titles = found["titles"]
    visit.axe += [f"at {PHONE['width']} px: {v}" for v in found["axe"]]
    visit.scroll_stops += [f"at {PHONE['width']} px: {v}" for v in found["scroll_stops"]]
    visit.hover_only += [f"at {PHONE['width']} px: {v}" for v in found["hover_only"]]


def _use(visit: Visit, page) -> None:
    """Use the page's main control once and note whether its output changed; a page without
    one gives its links instead."""
    visit.has_action = page.locator(ACTION).count() > 0
    if not visit.has_action:
        visit.links = page.locator("#rendered_cells a[href]").evaluate_all(
            "links => links.map(a => a.getAttribute('href'))"
        )
        return
    visit.has_output = page.locator(OUTPUT).count() > 0
    if not visit.has_output:
        return
    page.locator(ACTION).first.wait_for(state="visible")
    before = output_fingerprint(page)
    visit.interaction = interact(page)
    try:
        # the page answers when its output changes, or, for work that takes a while (a
        # variant solved: kit_common/widgets/stoppable.py), when its progress row says so
        page.wait_for_function(
            "([selector, before, status]) =>"
            " document.querySelector(selector).innerHTML !== before"
            " || [...document.querySelectorAll(status)]"
            ".some((e) => e.offsetParent !== null && e.textContent.trim() !== '')",
            arg=[OUTPUT, before, WORK_STATUS],
            timeout=15_000,
        )
        visit.responded = True
    except Exception:  # Playwright's timeout: the output did not change
        visit.responded = False
    page.wait_for_timeout(300)  # let the kernel's reply settle before the checks
    visit.problems_after += page_errors(page)


def _visit(tab, visit: Visit, url: str, watch_factory, screenshots: Path) -> None:
    """Open `url` in `tab` (at the desktop's size), wait until all its widgets are drawn (or
    `PAGE_TIMEOUT_S`), read it into `visit` and leave it (to about:blank)."""
    tab.set_viewport_size(CONTEXT_OPTIONS["viewport"])  # the last page ended on a phone's
    watch = watch_factory()
    watch.attach(tab)
    opened = _Open(visit, tab, watch, time.monotonic())
    try:
        try:
            _wait_until_complete(opened, url)
            visit.complete = True
        except Exception:  # Playwright's timeout (or the page never came): incomplete
            visit.complete = False
        with contextlib.suppress(Exception):  # (a page that never came has none)
            visit.drawn_widgets = drawn_widget_outputs(tab)
        _read(opened, screenshots)
    finally:
        watch.detach(tab)


def visit_pages(
    open_browser: Callable[[], AbstractContextManager[Any]],
    page_url: Callable[[str], str],
    root: Path,
    pages: Sequence[tuple[str, str]],
    watch_factory: Callable[[], object],
    screenshots: Path,
    tab_a_page: bool = False,
) -> dict[str, Visit]:
    """Visit `pages` ((language, page relative to `root`)) as `AT_ONCE` visitors do, each
    with a browser of their own (`open_browser()`, entered in the visitor's thread) taking
    the next page not yet visited, in a new 1280 × 900 tab watched by a `watch_factory()`
    (tests/browser/conftest.py's PageWatch); the visits by page, in the order of `pages`.

    Each visitor reads the page it opened as soon as it is drawn. (When one driver read the
    six open pages in turn, a page read took about 6 s, waiting on the page more than working,
    and the 52 visits took 310 s on an idle machine: the visits waited on each other, and
    their seconds counted the wait.)

    A visitor opens its pages one after the other in one tab of its own browser context, so
    its cache too: the app's 5 MB of scripts are fetched once, not once a page (Chromium's CPU
    for 24 pages: 129 s with a context a page, 118 s with one: `benchmarks/browser_cache.py`),
    and the tab's renderer process, which has compiled them, draws the next page (12 English
    pages read as here: 57 s of Chromium's CPU with a new tab a page, 42 s in one tab). A page
    left shuts its kernel down (a beacon, which closing the context would cancel: so the
    context closes `LEAVING_S` after the last page was left). Otherwise each page is a first
    visit: a new document keeps nothing of the last one unless a room or a class is joined
    (its seat, in localStorage), and reads that only when opened from that room's or class's
    link, as no page is here. So the seconds in first_visits.json are those of a visitor
    whose browser has the app's scripts cached; `benchmarks/app_pages.py` times first visits
    with an empty cache. `tab_a_page` opens each page in a new tab instead, for
    `benchmarks/browser_cache.py` to compare."""
    visits = {name: Visit(name, lang, widget_outputs(root / name)) for lang, name in pages}
    waiting = [visits[name] for _, name in pages]
    taking = threading.Lock()
    failures: list[BaseException] = []

    def visitor() -> None:
        try:
            with open_browser() as browser:
                context = browser.new_context(**CONTEXT_OPTIONS)
                try:
                    tab = None
                    while True:
                        with taking:
                            if not waiting or failures:
                                break
                            visit = waiting.pop(0)
                        if tab is None or tab_a_page:  # (a tab left closes with the context)
                            tab = context.new_page()
                        _visit(tab, visit, page_url(visit.name), watch_factory, screenshots)
                    # the last page's beacon goes out before the context closes
                    time.sleep(LEAVING_S)
                finally:
                    context.close()
        except BaseException as error:  # Playwright's own failure: the fixture raises it
            failures.append(error)

    visitors = [
        threading.Thread(target=visitor, name=f"first-visitor-{i}", daemon=True)
        for i in range(min(AT_ONCE, len(pages)))
    ]
    for thread in visitors:
        thread.start()
    for thread in visitors:
        thread.join()
    if failures:
        raise failures[0]
    return visits
