"""Fixtures for the real-browser tests: one Voila app and one Chromium for the whole session.

Outside CI the browser tests skip, saying how to get Chromium, when it is missing; with
`CI=true` a missing Chromium (or Playwright) is a failure, so CI cannot pass without running
them. Playwright drives Debian's Chromium; we never download a browser of Playwright's own.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.browser.first_visits import Visit, visit_pages
from tests.browser.voila_server import (
    CHROMIUM,
    CONTEXT_OPTIONS,
    NOTEBOOKS,
    REPO,
    VoilaServer,
    own_chromium,
    pages,
    translated_pages,
    translated_pages_in_turn,
    voila_server,
    wait_for_preheated,
    wait_until_quiet,
)

ARTIFACTS = REPO / "test-artifacts"
SCREENSHOTS = ARTIFACTS / "screenshots"


def pytest_configure(config) -> None:
    config.addinivalue_line(
        "markers", "browser: drives a real browser (deselect with -m 'not browser')"
    )


def pages_root() -> Path:
    """The folder the app serves: the kit's notebooks."""
    return NOTEBOOKS


def _unavailable(reason: str) -> None:
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"browser tests must run in CI: {reason}", pytrace=False)
    pytest.skip(f"browser tests skipped: {reason}")


@pytest.fixture(scope="session")
def chromium_browser() -> Iterator:
    """Debian's Chromium under Playwright, shared by every browser test."""
    if not CHROMIUM.exists():
        _unavailable(
            f"no Chromium at {CHROMIUM}; install it with `sudo apt-get install "
            "chromium-headless-shell` (`./dev test` does it when run as root) or point "
            "KIT_CHROMIUM at a Chromium binary"
        )
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        _unavailable("Playwright is not installed; `pip install -e '.[test]'` installs it")
    with own_chromium() as browser:
        yield browser


VOILA_LOG = ARTIFACTS / "voila.log"


@pytest.fixture(scope="session")
def started_voila_app(chromium_browser) -> Iterator[VoilaServer]:
    """The Voila app serving every page, started once per session (after Chromium is known),
    as soon as it answers: its kernels may still be preheating."""
    # One kernel a page whatever the machine: every page is visited once right after the start
    # (`first_visits`, which the first test asks for); the few pages opened again (the games
    # played through, the rules card printed) take a warm kernel then, as the translated pages
    # do. Refilling a page's pool after use would only burn CPU that the other tests need: the
    # refill waits an hour instead (after the tests); a warm kernel taken is replaced at once.
    arguments = (
        "--VoilaConfiguration.default_pool_size=1",
        "--VoilaKernelManager.fill_delay=3600",
        "--VoilaKernelManager.warm_fill_delay=0",
    )
    with voila_server(pages_root(), log=VOILA_LOG, extra_args=arguments) as server:
        yield server


#: Set once `first_visits` has visited every page (each English page then served complete).
VISITED = pytest.StashKey[bool]()


@pytest.fixture(scope="session")
def voila_app(request, started_voila_app) -> VoilaServer:
    """The Voila app once every page's kernels have been preheated (its start-up rush over),
    and quiet. After the first visits, which were served every page's preheated kernel, and
    left each page (shutting its kernel down; the pools refill only after the tests), the
    app is quiet once its warm kernels are back."""
    if request.config.stash.get(VISITED, False):
        wait_until_quiet(started_voila_app, timeout=300)
    else:
        wait_for_preheated(started_voila_app, VOILA_LOG)
    return started_voila_app


#: Every address not served by the app itself.
OUTSIDE = re.compile(r"^(?!(https?|wss?)://127\.0\.0\.1[:/]|data:|blob:|about:)")


#: anywidget (0.11) rejects a model's `ready` promise when the model has not initialised
#: within a fixed 2 s (`AbortSignal.timeout(2000)` in its runtime), even when it initialises
#: and draws later: on a loaded machine the page shows every chart and still logs this
#: uncaught exception. Whether the charts are drawn is what the tests check (every page's
#: widget outputs, each chart's `kit-chart` class); this one message is not counted. To raise
#: upstream: the timeout should not reject a model that is still loading.
ANYWIDGET_SLOW_START = "[anywidget] Failed to initialize model."


class PageWatch:
    """What a page did that a user would call broken: console errors, uncaught exceptions
    (but `ANYWIDGET_SLOW_START`), requests that failed, and attempts to fetch anything from
    outside the app."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self._handlers: list[tuple[str, Callable[..., object]]] = []

    def _uncaught(self, error) -> None:
        if str(error).strip() != ANYWIDGET_SLOW_START:
            self.problems.append(f"uncaught exception: {error}")

    def attach(self, page) -> None:
        """Watch `page`. (Requests are watched, not intercepted: Playwright's routing turns
        the browser's cache off, and the first visits share one context for its cache. Chromium
        resolves no name but the app's own address, `CHROMIUM_ARGS`, so an outside request
        fails at once besides being noted here.)"""

        def outside(request) -> None:
            # The kit's Voila template links no CDN (kit_app.py): any outside request is a bug.
            if OUTSIDE.match(request.url):
                self.problems.append(f"request outside the app: {request.url}")

        self._handlers = [
            ("request", outside),
            (
                "console",
                lambda msg: (
                    msg.type == "error" and self.problems.append(f"console error: {msg.text}")
                ),
            ),
            ("pageerror", self._uncaught),
            (
                "response",
                lambda r: r.status >= 400 and self.problems.append(f"HTTP {r.status} for {r.url}"),
            ),
        ]
        for event, handler in self._handlers:
            page.on(event, handler)

    def detach(self, page) -> None:
        """Stop watching `page` (a tab that goes on to another page, watched anew)."""
        for event, handler in self._handlers:
            page.remove_listener(event, handler)


def visited_translations(config: pytest.Config) -> list[tuple[str, str]]:
    """The translated pages the browser tests visit: each page in one language, the
    languages in turn, and every index (`translated_pages_in_turn`); all of them with
    `--every-language`. A visit costs Chromium, the app and a kernel about 5 s of CPU: the 63
    translated pages were half of the browser tests' time."""
    if config.getoption("--every-language"):
        return translated_pages(pages_root())
    return translated_pages_in_turn(pages_root())


@pytest.fixture(scope="session")
def first_visits(request, started_voila_app, chromium_browser) -> dict[str, Visit]:
    """Every English page and the translated pages of `visited_translations`, visited once
    right after the app's start by six visitors at a time (tests/browser/first_visits.py):
    what each showed, by page."""
    root = started_voila_app.root
    every_page = [("en", name) for name in pages(root)] + visited_translations(request.config)
    # (`chromium_browser` is asked for to know that Chromium is there: each of the visitors
    # starts a Chromium of its own)
    visits = visit_pages(
        own_chromium, started_voila_app.page_url, root, every_page, PageWatch, SCREENSHOTS
    )
    request.config.stash[VISITED] = True
    # how long each page took to show all its widgets, for whoever looks into page speed
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / "first_visits.json").write_text(
        json.dumps(
            [
                {
                    "page": v.name,
                    "lang": v.lang,
                    "complete": v.complete,
                    "seconds": v.seconds,
                    "screenshot_seconds": round(v.screenshot_s, 3),
                }
                for v in visits.values()
            ],
            indent=1,
        )
    )
    return visits


@pytest.fixture
def browser_page(chromium_browser) -> Iterator[tuple]:
    """A fresh browser tab in its own context, watched for errors: yields (page, watch)."""
    context = chromium_browser.new_context(**CONTEXT_OPTIONS)
    page = context.new_page()
    watch = PageWatch()
    watch.attach(page)
    yield page, watch
    context.close()
