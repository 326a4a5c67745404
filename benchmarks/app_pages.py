"""Measure every page of the Voila app in a real browser (Chromium), as the issue asks.

For each page (every notebook the app serves, discovered):
  * time to first interactive widget: from the request of the page to its `kit-action` (or,
    without one, its first widget; without widgets, the load event) being on screen. Voila
    draws a widget only once its model came from the kernel, so a drawn widget answers
    clicks. Broken down into the server's
    answer (HTML fully received: kernel start + execution, or nothing with a preheated kernel)
    and the browser's part (JS bundles, widget state, drawing);
  * click to updated output: from the input event of `interact` (click, key) to the first
    change of the page's `kit-output`, median and worst of several clicks;
  * the page's kernel memory (USS: what the kernel alone holds; RSS for reference).

Targets (issue 7): <= 3 s to an interactive page, <= 150 ms per click, <= 250 MB per kernel.

Run:  PYTHONPATH=$PWD python benchmarks/app_pages.py [--cold] [--clicks N] [--root DIR]
      --cold serves without preheated kernels (Voila's default), to see what preheating buys.
Targets are reported, never asserted (speed is checked here, not in the tests).
"""

from __future__ import annotations

import argparse
import re
import statistics
import sys
import time
from pathlib import Path

import psutil
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.page_actions import (
    ACTION,
    OUTPUT,
    RENDERED_WIDGET,
    interact,
    output_fingerprint,
)
from tests.browser.voila_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    REPO,
    pages,
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

# Arms a one-shot timer: the next user input starts it, the next change of kit-output stops it.
ARM_CLICK_TIMER = """
(selector) => {
  window.__click = {start: null, end: null};
  const start = () => {
    if (window.__click.start === null) window.__click.start = performance.now();
  };
  for (const type of ['pointerdown', 'keydown', 'change']) {
    document.addEventListener(type, start, {capture: true, once: true});
  }
  const target = document.querySelector(selector);
  const observer = new MutationObserver(() => {
    if (window.__click.start !== null && window.__click.end === null) {
      window.__click.end = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(target, {subtree: true, childList: true, characterData: true, attributes: true});
}
"""

KERNEL_ID = re.compile(r"/api/kernels/([0-9a-f-]{36})")


def kernel_memory(server_pid: int, kernel_id: str) -> tuple[float, float]:
    """(USS, RSS) in MB of the kernel process with this id, a child of the Voila server."""
    for child in psutil.Process(server_pid).children(recursive=True):
        try:
            if any(kernel_id in part for part in child.cmdline()):
                info = child.memory_full_info()
                return info.uss / 2**20, info.rss / 2**20
        except psutil.Error:
            continue
    return float("nan"), float("nan")


def measure_page(context, server, name: str, clicks: int) -> dict:
    quiet_after = wait_until_quiet(server)
    page = context.new_page()
    started = time.perf_counter()
    page.goto(server.page_url(name), wait_until="commit", timeout=120_000)
    page.wait_for_load_state("load", timeout=120_000)
    has_action = page.locator(ACTION).count() > 0 or _appears(page, ACTION, 15_000)
    if not has_action:
        _appears(page, RENDERED_WIDGET, 15_000)
    wall = time.perf_counter() - started
    nav = page.evaluate("performance.getEntriesByType('navigation')[0].toJSON()")
    marks = page.evaluate("window.__marks")
    # A page without widgets (the index) is ready when it has loaded.
    ready = marks.get("action" if has_action else "widget") or nav["loadEventEnd"]
    row = {
        "page": name,
        "html_s": nav["responseEnd"] / 1000,
        "interactive_s": (ready / 1000) if ready else float("nan"),
        "wall_s": wall,
        "clicks_ms": [],
        "quiet_after_s": quiet_after,
    }
    if has_action:
        for _ in range(clicks):
            if not page.locator(ACTION).first.is_enabled():
                row["note"] = "action disabled after a click"
                break
            before = output_fingerprint(page)
            page.evaluate(ARM_CLICK_TIMER, OUTPUT)
            interact(page)
            try:
                page.wait_for_function("() => window.__click.end !== null", timeout=15_000)
            except PlaywrightTimeout:
                row["note"] = "output did not change within 15 s"
                break
            timer = page.evaluate("window.__click")
            row["clicks_ms"].append(timer["end"] - timer["start"])
            page.wait_for_timeout(200)
            if output_fingerprint(page) == before:
                row["note"] = "output changed, then changed back"
    urls = page.evaluate("performance.getEntriesByType('resource').map(r => r.name)")
    ids = {m.group(1) for u in urls if (m := KERNEL_ID.search(u))}
    row["uss_mb"], row["rss_mb"] = (
        kernel_memory(server.process.pid, ids.pop()) if ids else (float("nan"),) * 2
    )
    page.close()
    return row


def _appears(page, selector: str, timeout_ms: float) -> bool:
    try:
        page.locator(selector).first.wait_for(state="visible", timeout=timeout_ms)
    except Exception:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cold", action="store_true", help="no preheated kernels")
    parser.add_argument("--clicks", type=int, default=5)
    parser.add_argument("--root", type=Path, default=None)
    parser.add_argument("--only", default="", help="measure only pages whose path contains this")
    parser.add_argument(
        "--voila-arg", action="append", default=[], help="extra Voila option, to compare settings"
    )
    args = parser.parse_args()
    root = args.root or NOTEBOOKS
    names = [name for name in pages(root) if args.only in name]
    extra = ("--VoilaConfiguration.preheat_kernel=False",) if args.cold else ()
    extra += tuple(args.voila_arg)
    log = REPO / "test-artifacts" / "bench-voila.log"
    with voila_server(root, extra_args=extra, log=log) as server:
        if not args.cold:
            waited = wait_for_preheated(server, log)
            print(f"preheated kernels ready {waited:.1f} s after the server answered")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            context.add_init_script(MARKS)
            context.route(
                re.compile(r"^https://cdn\.jsdelivr\.net/"),
                lambda route: route.fulfill(status=200, content_type="text/css", body=""),
            )
            rows = [measure_page(context, server, name, args.clicks) for name in names]
            browser.close()
    mode = "cold kernels" if args.cold else "preheated kernels"
    print(f"\n{len(rows)} pages under {root}, {mode}, {psutil.cpu_count()} CPUs")
    print(
        f"{'page':40} {'HTML s':>7} {'interactive s':>14} {'click ms (median/max)':>22} "
        f"{'kernel USS MB':>14} {'RSS MB':>7}"
    )
    for r in rows:
        clicks = (
            f"{statistics.median(r['clicks_ms']):.0f} / {max(r['clicks_ms']):.0f}"
            if r["clicks_ms"]
            else "-"
        )
        print(
            f"{r['page']:40} {r['html_s']:7.2f} {r['interactive_s']:14.2f} {clicks:>22} "
            f"{r['uss_mb']:14.0f} {r['rss_mb']:7.0f}  {r.get('note', '')}"
        )
    print("targets: interactive <= 3 s, click <= 150 ms, kernel <= 250 MB")


if __name__ == "__main__":
    main()
