"""Measure every page of the Voila app in a real browser (Chromium), as the issue asks.

For each page (every notebook the app serves, discovered, in every language: issue 24):
  * first widget, the issue-24 figure: from the request of the page to its first widget
    drawn (the page usable), on a first visit (an empty cache), as a ratio to a bare page
    (one slider, nothing imported, served by the same app settings from a second server)
    timed in the same run: the bare page is visited before the first page and after every
    few pages, and the ratio is to the median of those visits, so that the load of this
    shared machine weighs on both sides;
  * the kernel CPU at load: the seconds of CPU the page's kernel process had spent when the
    page's first widget was drawn (its start, imports and cells; for a preheated page, the
    preheat), which shows the pages whose own work makes them slow;
  * time to an interactive page: from the request of the page to its `kit-action` (or,
    without one, its first widget; without widgets, the load event) being on screen. Voila
    draws a widget only once its model came from the kernel, so a drawn widget answers
    clicks. Measured twice over:
      - first visit: a browser with an empty cache (the first page a user opens);
      - later visit: a browser that has opened another page of the app before, so the
        app's JavaScript is in its cache (every page a user opens after the first);
    each the median of --repeats visits, on an idle app (the pool refill that Voila starts
    after each visit is waited out, so it is not what is timed);
  * click to updated output: from the input event of `interact` (click, key) to the first
    change of the page's `kit-output`, median and worst of several clicks;
  * the page's kernel memory (USS: what the kernel alone holds; RSS for reference).

Targets (issue 7): <= 3 s to an interactive page, <= 150 ms per click, <= 250 MB per kernel.

Run:  PYTHONPATH=$PWD python benchmarks/app_pages.py [--cold] [--clicks N] [--repeats N]
                                                     [--only TEXT] [--root DIR] [--first-only]
                                                     [--languages en,es,pt,ru] [--minutes M]
      --cold serves without preheated kernels (Voila's default), to see what preheating buys;
      --first-only times first visits only (no later visits, clicks or memory): issue 24's table.
      --minutes M (with --first-only) starts no visit after M minutes and makes the table of
      the visits done: a round of the 100 pages takes about 20 minutes on 2 cores.
Targets are reported, never asserted (speed is checked here, not in the tests).
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from contextlib import ExitStack
from pathlib import Path

import psutil
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit_common.messages import LANGUAGES
from tests.browser.page_actions import (
    ACTION,
    OUTPUT,
    RENDERED_WIDGET,
    WIDGET_VIEW,
    interact,
    output_fingerprint,
)
from tests.browser.voila_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    REPO,
    TRANSLATED,
    kernels_memory,
    pages,
    translated_pages,
    voila_server,
    wait_for_preheated,
    wait_until_quiet,
)

# Marks, in the page's own clock (ms since navigation start), when things first appear.
MARKS = """
window.__marks = {};
new MutationObserver(() => {
  for (const [name, sel] of [['action', ACTION], ['widget', WIDGET]]) {
    if (!window.__marks[name] && document.querySelector(sel)) {
      window.__marks[name] = performance.now();
    }
  }
}).observe(document, {subtree: true, childList: true});
""".replace("ACTION", repr(ACTION)).replace("WIDGET", repr(RENDERED_WIDGET.split(",")[0]))

# Arms a one-shot timer: the next user input starts it, the next change in or of a kit-output
# (its content, or the element itself replaced) stops it.
ARM_CLICK_TIMER = """
(selector) => {
  window.__click = {start: null, end: null};
  const start = () => {
    if (window.__click.start === null) window.__click.start = performance.now();
  };
  for (const type of ['pointerdown', 'keydown', 'change']) {
    document.addEventListener(type, start, {capture: true, once: true});
  }
  const element = (node) => node.nodeType === 1 ? node : node.parentElement;
  const inside = (node) => element(node)?.closest(selector) != null;
  const holds = (node) => node.nodeType === 1
    && (node.matches(selector) || node.querySelector(selector) !== null);
  const observer = new MutationObserver((mutations) => {
    if (window.__click.start === null || window.__click.end !== null) return;
    if (mutations.some(m => inside(m.target) || [...m.addedNodes, ...m.removedNodes].some(holds))) {
      window.__click.end = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document.body,
                   {subtree: true, childList: true, characterData: true, attributes: true});
}
"""

#: How long a page may take to load; one that takes longer is reported as timed out.
TIMEOUT_MS = 90_000

KERNEL_ID = re.compile(r"/api/kernels/([0-9a-f-]{36})")


#: The bare page: one slider, nothing imported but ipywidgets.
BARE = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "id": "slider",
            "metadata": {},
            "outputs": [],
            "source": "import ipywidgets\n\nipywidgets.IntSlider()",
        }
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 5,
}
BARE_NAME = "bare.ipynb"


def kernel_process(server_pid: int, kernel_id: str) -> psutil.Process | None:
    """The kernel process with this id, a descendant of the Voila server (None if gone): a
    launched kernel names its connection file on its command line; a kernel forked by the
    app's fork server (kit_kernels.py) keeps the server's command line, and is known by its
    Unix sockets (ipc transport: named after the connection file)."""
    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            if any(kernel_id in part for part in child.cmdline()):
                return child
            if any(kernel_id in str(c.laddr) for c in child.net_connections(kind="unix")):
                return child
        except psutil.Error:
            continue
    return None


def kernel_memory(server_pid: int, kernel_id: str) -> tuple[float, float]:
    """(USS, RSS) in MB of the kernel process with this id, a child of the Voila server."""
    process = kernel_process(server_pid, kernel_id)
    try:
        info = process.memory_full_info() if process else None
    except psutil.Error:
        info = None
    return (info.uss / 2**20, info.rss / 2**20) if info else (float("nan"), float("nan"))


def kernel_cpu(page, server) -> float:
    """Seconds of CPU (user and system) that the open page's kernel has spent so far."""
    kernel_id = page_kernel_id(page)
    process = kernel_process(server.process.pid, kernel_id) if kernel_id else None
    try:
        times = process.cpu_times() if process else None
    except psutil.Error:
        times = None
    return times.user + times.system if times else float("nan")


def visit(context, server, name: str, settle: float) -> tuple[dict, object]:
    """Open `name` on the idle app; the timings of the visit, and the open page.

    Voila refills a page's pool `fill_delay` seconds after a visit (voila.json): `settle` waits
    that long, then until the refill is over, so it is not what the next visit measures.
    """
    time.sleep(settle)
    wait_until_quiet(server)
    page = context.new_page()
    response = page.goto(server.page_url(name), wait_until="commit", timeout=TIMEOUT_MS)
    page.wait_for_load_state("load", timeout=TIMEOUT_MS)
    # A page without widget outputs (an index, the glossary, a rules card) has nothing to wait
    # for: it is ready when it has loaded.
    has_widgets = response is None or WIDGET_VIEW in response.text()
    has_action = page.locator(ACTION).count() > 0 or (
        has_widgets and _appears(page, ACTION, 30_000)
    )
    if has_widgets and not has_action:
        _appears(page, RENDERED_WIDGET, 30_000)
    nav = page.evaluate("performance.getEntriesByType('navigation')[0].toJSON()")
    marks = page.evaluate("window.__marks")
    # A page without widgets (the index) is ready when it has loaded.
    ready = marks.get("action" if has_action else "widget") or nav["loadEventEnd"]
    usable = marks.get("widget") or nav["loadEventEnd"]
    timings = {
        "html_s": nav["responseEnd"] / 1000,
        "interactive_s": (ready / 1000) if ready else float("nan"),
        "widget_s": (usable / 1000) if usable else float("nan"),
        "kernel_cpu_s": kernel_cpu(page, server),
        "has_action": has_action,
    }
    return timings, page


def click_times(page, clicks: int, row: dict) -> list[float]:
    """Milliseconds from each of `clicks` uses of the page's main control to its output's
    change (fewer when the control disables itself or nothing changes; `row` gets a note)."""
    times = []
    for click in range(clicks):
        try:  # a control may be disabled while its work runs (the wins explorer's Run)
            page.wait_for_function(
                "(s) => !document.querySelector(s).matches(':disabled, .mod-disabled')"
                " && !document.querySelector(s).querySelector(':disabled')",
                arg=ACTION,
                timeout=5_000,
            )
        except PlaywrightTimeout:
            row["note"] = "action disabled after a click"
            break
        before = output_fingerprint(page)
        page.evaluate(ARM_CLICK_TIMER, OUTPUT)
        interact(page, backwards=click % 2 == 1)  # a slider goes back and forth
        try:
            page.wait_for_function("() => window.__click.end !== null", timeout=15_000)
        except PlaywrightTimeout:
            row["note"] = "output did not change within 15 s"
            break
        timer = page.evaluate("window.__click")
        times.append(timer["end"] - timer["start"])
        page.wait_for_timeout(300)
        if output_fingerprint(page) == before:
            row["note"] = "output changed, then changed back"
    return times


def page_kernel_id(page) -> str | None:
    """The id of the kernel serving the open page (from the page's requests to it)."""
    urls = page.evaluate("performance.getEntriesByType('resource').map(r => r.name)")
    ids = {m.group(1) for u in urls if (m := KERNEL_ID.search(u))}
    return ids.pop() if ids else None


def page_kernel_memory(page, server) -> tuple[float, float]:
    """(USS, RSS) in MB of the kernel serving the open page."""
    kernel_id = page_kernel_id(page)
    return kernel_memory(server.process.pid, kernel_id) if kernel_id else (float("nan"),) * 2


def new_context(browser):
    """A browser context as a user's: its own cache, the page clock marks installed."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.add_init_script(MARKS)
    return context


def _appears(page, selector: str, timeout_ms: float) -> bool:
    try:
        page.locator(selector).first.wait_for(state="visible", timeout=timeout_ms)
    except Exception:
        return False
    return True


def tour(browser, server, names: list[str], args) -> list[dict]:
    """Visit every page in turn, as a user clicking through the app would: `args.repeats`
    rounds of first visits (empty cache), then as many of later visits (a browser that has
    opened the app before); the clicks and memory are measured on the last later visit."""
    settle = args.fill_delay + 0.5
    first: dict[str, list[float]] = {name: [] for name in names}
    later: dict[str, list[float]] = {name: [] for name in names}
    for _ in range(args.repeats):
        for name in names:
            fresh = new_context(browser)
            timings, page = visit(fresh, server, name, settle)
            first[name].append(timings["interactive_s"])
            leave(page)
            fresh.close()
    browsing = new_context(browser)
    leave(visit(browsing, server, pages(server.root)[0], settle)[1])  # the app's JS cached
    rows = []
    for attempt in range(args.repeats):
        for name in names:
            timings, page = visit(browsing, server, name, settle)
            later[name].append(timings["interactive_s"])
            if attempt == args.repeats - 1:
                row = {"page": name, "html_s": timings["html_s"], "clicks_ms": []}
                row["first_s"] = statistics.median(first[name])
                row["later_s"] = statistics.median(later[name])
                if timings["has_action"]:
                    row["clicks_ms"] = click_times(page, args.clicks, row)
                row["uss_mb"], row["rss_mb"] = page_kernel_memory(page, server)
                rows.append(row)
                print(format_row(row), flush=True)
            leave(page)
    return rows


#: Pages visited between two visits of the bare page.
BARE_EVERY = 6


def first_visits(browser, server, bare, names: list[str], args) -> tuple[list[dict], list[float]]:
    """Issue 24's table: each page's first visit (an empty cache), `args.repeats` rounds, the
    bare page visited before the first page and after every `BARE_EVERY` pages; the rows
    (median seconds to the first widget, the kernel CPU at load of the last visit) and the
    bare page's times. With `args.minutes`, no visit starts after that many minutes: the
    table is made of the visits done (a round of the 100 pages takes about 20 minutes)."""
    settle = args.fill_delay + 0.5
    deadline = time.monotonic() + 60 * args.minutes if args.minutes else float("inf")
    bare_times: list[float] = []

    def time_bare() -> None:
        context = new_context(browser)
        timings, page = visit(context, bare, BARE_NAME, settle)
        bare_times.append(timings["widget_s"])
        print(f"  (bare page {timings['widget_s']:.2f} s)", flush=True)
        leave(page)
        context.close()

    times: dict[str, list[float]] = {name: [] for name in names}
    cpu: dict[str, float] = {}
    for round_ in range(args.repeats):
        for index, name in enumerate(names):
            if time.monotonic() > deadline:
                print(f"  (time is up: round {round_ + 1} stopped before {name})", flush=True)
                break
            if index % BARE_EVERY == 0:
                time_bare()
            context = new_context(browser)
            try:
                timings, page = visit(context, server, name, settle)
            except PlaywrightTimeout:  # counted as never usable; the next page goes on
                timings, page = {"widget_s": float("inf"), "kernel_cpu_s": float("nan")}, None
            times[name].append(timings["widget_s"])
            cpu[name] = timings["kernel_cpu_s"]
            if page is not None:
                leave(page)
            context.close()
            print(
                f"  {name:55} {timings['widget_s']:6.2f} s  kernel CPU {cpu[name]:5.2f} s",
                flush=True,
            )
        else:
            continue
        break
    time_bare()
    fewer = sum(0 < len(times[n]) < args.repeats for n in names)
    if fewer or any(not times[n] for n in names):
        print(
            f"  ({fewer} pages visited fewer than {args.repeats} times, "
            f"{sum(not times[n] for n in names)} never)"
        )
    rows = [
        {"page": n, "widget_s": statistics.median(times[n]), "kernel_cpu_s": cpu[n]}
        for n in names
        if times[n]
    ]
    return rows, bare_times


def page_ratio_table(rows: list[dict], bare_times: list[float]) -> list[str]:
    """Issue 24's table: one line a page (English name), one column a language, each cell
    the first-widget time as a ratio to the bare page's median, and the kernel CPU at load."""
    bare = statistics.median(bare_times)
    by = {}
    for row in rows:
        first = row["page"].split("/", 1)
        language, page = (first[0], first[1]) if first[0] in TRANSLATED else ("en", row["page"])
        by.setdefault(page, {})[language] = row
    languages = [lang for lang in LANGUAGES if any(lang in cells for cells in by.values())]
    lines = [
        f"bare page (one slider): median {bare:.2f} s to its widget "
        f"({len(bare_times)} visits, {min(bare_times):.2f}–{max(bare_times):.2f} s)",
        "each cell: first-widget time / bare page (seconds; kernel CPU s at load)",
        "| page | " + " | ".join(languages) + " |",
        "| --- |" + " --- |" * len(languages),
    ]
    ratios = []
    for page, cells in by.items():
        shown = []
        for lang in languages:
            row = cells.get(lang)
            if row is None:
                shown.append("")
                continue
            ratios.append(row["widget_s"] / bare)
            if row["widget_s"] == float("inf"):
                shown.append(f"timed out (> {TIMEOUT_MS / 1000:.0f} s)")
                continue
            shown.append(
                f"{row['widget_s'] / bare:.2f}× ({row['widget_s']:.1f} s; "
                f"{row['kernel_cpu_s']:.1f})"
            )
        lines.append(f"| {page} | " + " | ".join(shown) + " |")
    if ratios:
        lines.append(
            f"ratios: max {max(ratios):.2f}×, median {statistics.median(ratios):.2f}×, "
            f"{sum(r <= 1.6 for r in ratios)} of {len(ratios)} within 1.6× (target)"
        )
    return lines


def leave(page) -> None:
    """Close the page as a user leaving it does: its unload handler asks Voila to shut the
    page's kernel down (a plain close would leave the kernel running until culled)."""
    page.close(run_before_unload=True)
    if not page.is_closed():
        page.wait_for_event("close", timeout=10_000)


def fill_delay(voila_args: list[str]) -> float:
    """Seconds Voila waits before refilling a page's pool: voila.json's, or as overridden."""
    for arg in voila_args:
        if arg.startswith("--VoilaKernelManager.fill_delay="):
            return float(arg.split("=", 1)[1])
    config = json.loads((REPO / "voila.json").read_text())
    return float(config.get("VoilaKernelManager", {}).get("fill_delay", 0))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="no preheated kernels")
    parser.add_argument("--clicks", type=int, default=5)
    parser.add_argument("--repeats", type=int, default=2, help="visits per page and kind")
    parser.add_argument("--root", type=Path, default=None)
    parser.add_argument("--only", default="", help="measure only pages whose path contains this")
    parser.add_argument(
        "--languages", default=",".join(LANGUAGES), help="languages to measure, e.g. en,es"
    )
    parser.add_argument(
        "--first-only", action="store_true", help="first visits against the bare page only"
    )
    parser.add_argument(
        "--voila-arg", action="append", default=[], help="extra Voila option, to compare settings"
    )
    parser.add_argument(
        "--minutes",
        type=float,
        default=0,
        help="with --first-only: start no visit after this many minutes (0: no limit)",
    )
    args = parser.parse_args()
    args.fill_delay = fill_delay(args.voila_arg)
    root = args.root or NOTEBOOKS
    languages = args.languages.split(",")
    every = (pages(root) if "en" in languages else []) + [
        page for lang, page in translated_pages(root) if lang in languages
    ]
    names = [name for name in every if args.only in name]
    if args.first_only:  # a page in every language in a row: the same load weighs on each
        names.sort(
            key=lambda name: name.split("/", 1)[1] if name.split("/")[0] in TRANSLATED else name
        )
    extra = ("--VoilaConfiguration.preheat_kernel=False",) if args.cold else ()
    extra += tuple(args.voila_arg)
    log = REPO / "test-artifacts" / "bench-voila.log"
    print(f"{psutil.cpu_count()} CPUs, load {psutil.getloadavg()[0]:.1f} at the start")
    with ExitStack() as stack:
        server = stack.enter_context(voila_server(root, extra_args=extra, log=log))
        bare_root = Path(stack.enter_context(tempfile.TemporaryDirectory()))
        (bare_root / BARE_NAME).write_text(json.dumps(BARE))
        # One preheated kernel, as the app's pages have (not one a visitor of a class).
        one = ("--VoilaConfiguration.default_pool_size=1", "--VoilaKernelManager.warm_pool_size=0")
        bare_log = log.with_name("bench-bare-voila.log")
        bare = stack.enter_context(voila_server(bare_root, extra_args=extra + one, log=bare_log))
        if not args.cold:
            wait_for_preheated(bare, bare_log)
            waited = wait_for_preheated(server, log)
            print(f"preheated kernels ready {waited:.1f} s after the server answered")
            print(f"idle app: {kernels_memory(server)}")
        with sync_playwright() as playwright:
            # Voila's page links Font Awesome from a CDN; resolving no outside name keeps the
            # figures independent of the network (request routing would disable the cache).
            offline = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"
            browser = playwright.chromium.launch(
                executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, offline]
            )
            if args.first_only:
                rows, bare_times = first_visits(browser, server, bare, names, args)
            else:
                rows = tour(browser, server, names, args)
            browser.close()
    print(f"load {psutil.getloadavg()[0]:.1f} at the end")
    mode = "cold kernels" if args.cold else "preheated kernels"
    print(
        f"\n{len(rows)} pages under {root}, {mode}, {psutil.cpu_count()} CPUs, "
        f"median of {'up to ' if args.minutes else ''}{args.repeats} visits"
    )
    if args.first_only:
        print("\n".join(page_ratio_table(rows, bare_times)))
        return
    print(HEADER)
    for row in rows:
        print(format_row(row))
    print("targets: interactive <= 3 s, click <= 150 ms, kernel <= 250 MB")


HEADER = (
    f"{'page':46} {'HTML s':>6} {'first visit s':>13} {'later visit s':>13} "
    f"{'click ms (median/max)':>21} {'USS MB':>6} {'RSS MB':>6}"
)


def format_row(r: dict) -> str:
    """One page's figures as a line of the table under HEADER."""
    clicks = (
        f"{statistics.median(r['clicks_ms']):.0f} / {max(r['clicks_ms']):.0f}"
        if r["clicks_ms"]
        else "-"
    )
    return (
        f"{r['page']:46} {r['html_s']:6.2f} {r['first_s']:13.2f} {r['later_s']:13.2f} "
        f"{clicks:>21} {r['uss_mb']:6.0f} {r['rss_mb']:6.0f}  {r.get('note', '')}"
    )


if __name__ == "__main__":
    main()
