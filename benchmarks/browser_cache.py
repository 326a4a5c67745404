"""Chromium's CPU for the browser tests' first visits three ways: a browser context a page;
one context, a new tab a page; one context and one tab going from page to page (what
tests/browser/first_visits.py does).

A Playwright context is a fresh profile: its pages fetch and compile the app's scripts
(about 5 MB in 99 files) again, while tabs of one context find them in its cache; a new tab
is a new renderer process, which parses and compiles the scripts again, while one tab's
renderer keeps what it compiled for the next page. For each way this serves the app as the
browser tests do (one kernel a page, pools not refilled), waits until every page is
preheated, then visits the same pages, by six visitors with a Chromium each, with
the tests' own `visit_pages` read (axe, the phone's size, a control used), and reports each
way's Chromium CPU and its ratio to the first. Chromium's processes are sampled
every 0.2 s (a renderer that ended counts up to its last sample), so a figure is a slight
undercount, the same way for both.

Run:  PYTHONPATH=$PWD python benchmarks/browser_cache.py [--pages N]
N English pages and N translated ones (in the browser tests' order), 12 by default.
Figures are reported, never asserted.
"""

from __future__ import annotations

import argparse
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from tempfile import TemporaryDirectory

import psutil

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: the tests' helpers from this checkout
    sys.path.insert(0, str(ROOT))

from tests.browser import first_visits  # noqa: E402
from tests.browser.conftest import PageWatch  # noqa: E402
from tests.browser.voila_server import (  # noqa: E402
    NOTEBOOKS,
    own_chromium,
    pages,
    translated_pages_in_turn,
    voila_server,
    wait_for_preheated,
    wait_until_quiet,
)


class ChromiumCpu:
    """Chromium's CPU seconds (every process under this one named chrom*), sampled by a
    thread until `stop`."""

    def __init__(self) -> None:
        self.seen: dict[int, float] = {}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self) -> None:
        me = psutil.Process()
        while not self._stop.wait(0.2):
            for process in me.children(recursive=True):
                try:
                    if "chrom" in process.name() or "headless" in process.name():
                        times = process.cpu_times()
                        self.seen[process.pid] = times.user + times.system
                except psutil.Error:
                    continue

    def total(self) -> float:
        return sum(self.seen.values())

    def stop(self) -> None:
        self._stop.set()
        self._thread.join()


class _ContextAPage:
    """A browser whose every context is a fresh one: the old first visits (a context a
    page), through the same `visit_pages`, whose visitors open their pages in one context's
    tabs."""

    def __init__(self, browser) -> None:
        self.browser = browser

    def new_context(self, **options):
        return _OwnContexts(self.browser, options)


class _OwnContexts:
    """What `visit_pages` takes for its one context: a new context for each page asked for
    (all closed at the end)."""

    def __init__(self, browser, options: dict) -> None:
        self.browser, self.options, self.contexts = browser, options, []

    def new_page(self):
        self.contexts.append(self.browser.new_context(**self.options))
        return self.contexts[-1].new_page()

    def close(self) -> None:
        for context in self.contexts:
            context.close()


@contextmanager
def _browser_a_context_a_page() -> Iterator[_ContextAPage]:
    """A visitor's Chromium whose every page gets a context of its own."""
    with own_chromium() as browser:
        yield _ContextAPage(browser)


#: The ways compared: (name, a context a page, a tab a page).
WAYS = [
    ("a context a page", True, True),
    ("a tab a page", False, True),
    ("one tab (the tests')", False, False),
]


def measure(
    server, every: list[tuple[str, str]], context_a_page: bool, tab_a_page: bool
) -> tuple[float, float]:
    """(Chromium's CPU seconds, wall seconds) of visiting `every` one way."""
    cpu = ChromiumCpu()
    before = cpu.total()
    started = time.monotonic()
    with TemporaryDirectory() as shots:
        first_visits.visit_pages(
            _browser_a_context_a_page if context_a_page else own_chromium,
            server.page_url,
            NOTEBOOKS,
            every,
            PageWatch,
            Path(shots),
            tab_a_page=tab_a_page,
        )
    wall = time.monotonic() - started
    time.sleep(1)
    cpu.stop()
    return cpu.total() - before, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pages", type=int, default=12)
    args = parser.parse_args()

    every = [("en", name) for name in pages(NOTEBOOKS)][: args.pages]
    every += translated_pages_in_turn(NOTEBOOKS)[: args.pages]
    arguments = (
        "--VoilaConfiguration.default_pool_size=1",
        "--VoilaKernelManager.fill_delay=3600",
        "--VoilaKernelManager.warm_fill_delay=0",
    )
    # one way after the other, each with an app of its own started for it (the tests' app
    # refills no pool: a way after another would find the English pages' preheated kernels
    # used, and wait on their cells at the request) and each visitor with a Chromium of its
    # own (no cache carried over from the way before)
    results = []
    for _, context_a_page, tab_a_page in WAYS:
        with TemporaryDirectory() as folder:
            log = Path(folder) / "voila.log"
            with voila_server(NOTEBOOKS, log=log, extra_args=arguments) as server:
                wait_for_preheated(server, log)
                wait_until_quiet(server, timeout=300)
                results.append(measure(server, every, context_a_page, tab_a_page))
    print(f"{len(every)} pages ({args.pages} English, {args.pages} translated), six at a time")
    first_cpu, first_wall = results[0]
    for (name, _, _), (cpu, wall) in zip(WAYS, results, strict=True):
        print(
            f"{name:22} Chromium {cpu:6.1f} CPU-s, wall {wall:6.1f} s"
            f"  (ratio to the first: CPU {cpu / first_cpu:.2f}, wall {wall / first_wall:.2f})"
        )


if __name__ == "__main__":
    main()
