"""Chromium's CPU for the browser tests' first visits: a browser context a page, or one
context whose tabs share its cache (what tests/browser/first_visits.py does).

A Playwright context is a fresh profile: its pages fetch and compile the app's scripts
(about 5 MB in 99 files) again, while tabs of one context find them in its cache. This
serves the app as the browser tests do (one kernel a page, pools not refilled), waits until
every page is preheated, then visits the same pages both ways, one way after the other, by
six visitors with a Chromium each, with the tests' own `visit_pages` read (axe, the phone's
size, a control used), and
reports each way's Chromium CPU and the ratio of the two. Chromium's processes are sampled
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


def measure(server, every: list[tuple[str, str]], shared: bool) -> tuple[float, float]:
    """(Chromium's CPU seconds, wall seconds) of visiting `every` one way."""
    cpu = ChromiumCpu()
    before = cpu.total()
    started = time.monotonic()
    with TemporaryDirectory() as shots:
        first_visits.visit_pages(
            own_chromium if shared else _browser_a_context_a_page,
            server.page_url,
            NOTEBOOKS,
            every,
            PageWatch,
            Path(shots),
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
    with TemporaryDirectory() as folder:
        log = Path(folder) / "voila.log"
        with voila_server(NOTEBOOKS, log=log, extra_args=arguments) as server:
            wait_for_preheated(server, log)
            # one way, then the other, each visitor in a Chromium of its own (no cache
            # carried over from the first way)
            results = {}
            for shared in (False, True):
                results[shared] = measure(server, every, shared)
                wait_until_quiet(server, timeout=300)
    own_cpu, own_wall = results[False]
    one_cpu, one_wall = results[True]
    print(f"{len(every)} pages ({args.pages} English, {args.pages} translated), six at a time")
    print(f"a context a page: Chromium {own_cpu:6.1f} CPU-s, wall {own_wall:6.1f} s")
    print(f"one context:      Chromium {one_cpu:6.1f} CPU-s, wall {one_wall:6.1f} s")
    cpu_ratio, wall_ratio = one_cpu / own_cpu, one_wall / own_wall
    print(f"one context / a context a page: CPU {cpu_ratio:.2f}, wall {wall_ratio:.2f}")


if __name__ == "__main__":
    main()
