"""Measure the Voila app under the loads of issue 14, in a real browser (Chromium):

  * start: every page opened at once right after the server starts (as after `./dev app`);
    per page, the seconds from the request to all its widgets drawn, and whether all came;
    with `--at-once N`, N pages at a time (each group complete or timed out before the
    next), and with `--languages`/`--starts K`, issue 24's check: every page of every
    language, right after each of K starts in a row (`--start-only` stops there);
  * twice: on an idle app, one page opened, left, and opened again at once; the seconds to
    all widgets of the second opening (one preheated kernel a page made it 8.5–9 s);
  * crowd: one page opened N times at once on an idle app (a class); per opening, the
    seconds to all widgets, and how many openings got them all.

"All its widgets": as many cell outputs showing a drawn widget as the committed notebook has
widget outputs (tests/browser/page_actions.py). Pages are left as a user leaves them (their
kernel shut down). The server log's "Timeout waiting for IOPub output", "Address already in
use" and re-run preheats are counted.

Run:  PYTHONPATH=$PWD python benchmarks/app_load.py [--page PAGE] [--crowd N] [--skip-start]
          [--at-once N] [--languages en,es,pt,ru] [--starts K] [--start-only] [--timeout S]
Figures are reported, never asserted (tests/browser/test_app_start.py checks completeness).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import psutil
from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.browser.page_actions import DRAWN_WIDGET_OUTPUTS, widget_outputs
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

LOG = REPO / "test-artifacts" / "bench-load-voila.log"
# Voila's page links Font Awesome from a CDN; resolving no outside name keeps the figures
# independent of the network.
OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"


def open_at_once(browser, server, names: list[str], timeout_s: float = 240) -> list[dict]:
    """Open every page of `names` (repeats allowed) in its own browser context at once;
    for each, the seconds until all its widgets were drawn (None if they never all came)."""
    openings = []
    for name in names:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        start = time.monotonic()
        page.evaluate("url => { window.location.href = url }", server.page_url(name))
        expected = widget_outputs(server.root / name)
        openings.append(
            {"page": name, "context": context, "tab": page, "start": start, "expected": expected}
        )
    deadline = time.monotonic() + timeout_s
    waiting = list(openings)
    while waiting and time.monotonic() < deadline:
        for opening in list(waiting):
            try:
                ready = opening["tab"].evaluate(
                    "() => document.readyState === 'complete' && document.querySelector"
                    "('#rendered_cells') !== null"
                )
                drawn = opening["tab"].evaluate(DRAWN_WIDGET_OUTPUTS) if ready else 0
            except Exception:  # the page is still navigating
                continue
            opening["drawn"] = drawn
            if ready and drawn >= opening["expected"]:
                opening["seconds"] = time.monotonic() - opening["start"]
                waiting.remove(opening)
        time.sleep(0.2)
    for opening in openings:
        opening.setdefault("seconds", None)
        leave(opening["tab"])
        opening.pop("context").close()
        opening.pop("tab")
    return openings


def leave(page) -> None:
    """Close the page as a user leaving it does (its kernel is shut down)."""
    try:
        page.close(run_before_unload=True)
        if not page.is_closed():
            page.wait_for_event("close", timeout=10_000)
    except Exception:
        pass


def log_counts() -> str:
    """The server log's counts of the failures issue 14 found."""
    text = LOG.read_text(errors="replace")
    return (
        f"IOPub timeouts: {text.count('Timeout waiting for IOPub output')}, "
        f"'Address already in use': {text.count('Address already in use')}, "
        f"preheats run again: {text.count('running it again')}"
    )


def report(title: str, openings: list[dict]) -> None:
    times = [o["seconds"] for o in openings if o["seconds"] is not None]
    missing = [o for o in openings if o["seconds"] is None]
    print(f"\n{title}: {len(times)} of {len(openings)} openings got all their widgets")
    if times:
        print(
            f"  seconds to all widgets: median {statistics.median(times):.1f}, "
            f"max {max(times):.1f}, min {min(times):.1f}"
        )
    for o in missing:
        print(f"  incomplete: {o['page']}: {o.get('drawn', 0)} of {o['expected']} widgets")


def open_in_groups(browser, server, names: list[str], at_once: int, timeout_s: float) -> list:
    """Open `names` `at_once` at a time (`open_at_once`), each group done before the next."""
    openings = []
    for start in range(0, len(names), at_once):
        openings += open_at_once(browser, server, names[start : start + at_once], timeout_s)
    return openings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--page", default="martian_dice/02_a_turn.ipynb")
    parser.add_argument("--crowd", type=int, default=10, help="openings of one page at once")
    parser.add_argument("--skip-start", action="store_true", help="no start-rush measure")
    parser.add_argument("--voila-arg", action="append", default=[], help="extra Voila option")
    parser.add_argument("--at-once", type=int, default=0, help="pages opened at a time at start")
    parser.add_argument("--languages", default="en", help="languages opened at start: en,es,...")
    parser.add_argument("--starts", type=int, default=1, help="starts in a row, each measured")
    parser.add_argument("--start-only", action="store_true", help="only the start measure")
    parser.add_argument("--timeout", type=float, default=240, help="seconds a page may take")
    args = parser.parse_args()
    print(f"{psutil.cpu_count()} CPUs, load {psutil.getloadavg()[0]:.1f}, repository {REPO}")
    languages = args.languages.split(",")
    names = (pages() if "en" in languages else []) + [
        page for lang, page in translated_pages() if lang in languages and lang in TRANSLATED
    ]
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=[*CHROMIUM_ARGS, OFFLINE]
        )
        for start in range(1, args.starts + 1 if not args.skip_start else 1):
            with voila_server(NOTEBOOKS, log=LOG, extra_args=tuple(args.voila_arg)) as server:
                openings = open_in_groups(
                    browser, server, names, args.at_once or len(names), args.timeout
                )
                report(
                    f"start {start} ({len(names)} pages, {args.at_once or len(names)} at a time)",
                    openings,
                )
                print(log_counts())
        if args.start_only:
            browser.close()
            return
        with voila_server(NOTEBOOKS, log=LOG, extra_args=tuple(args.voila_arg)) as server:
            wait_for_preheated(server, LOG)
            time.sleep(5)
            wait_until_quiet(server)
            print(f"\nidle app: {kernels_memory(server)}")
            first = open_at_once(browser, server, [args.page])
            second = open_at_once(browser, server, [args.page])
            report(f"twice ({args.page}, first opening)", first)
            report(f"twice ({args.page}, second opening right after)", second)
            time.sleep(5)
            wait_until_quiet(server, timeout=300)
            crowd = open_at_once(browser, server, [args.page] * args.crowd)
            report(f"crowd ({args.crowd} openings of {args.page} at once)", crowd)
            print(f"\nafter the crowd: {kernels_memory(server)}")
        browser.close()
    print(log_counts())


if __name__ == "__main__":
    main()
