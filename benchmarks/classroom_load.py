"""Measure the class store under a class's load (issue 25): N students, each a process of its
own (as each student's page is a kernel of its own), sending a few trials once a second
through the same store API the pages use, while the teacher's view asks for the pooled
results every `REFRESH_S` seconds, as the teacher's page does.

Reported per store (SQLite, the default; PostgreSQL, started in a temporary folder as the
tests start it):
  * sends per second stored, and the send's own time (the student's call), median and 95th
    percentile;
  * the delay until the teacher's view shows a send: from the student pressing "send" to the
    end of the first refresh that began after the send was stored (a refresh sees what was
    stored before it began), median, 95th percentile and slowest.
Target (issue 25): 30 students at one send a second each, 95th percentile under 1 s.

And the pages (`--browsers N`, 30 by default; 0 skips it): the kit's app (kit_app.py, as
`./dev app` starts it) serving the class pages, with a pool of preheated kernels for the
student page as large as the class (as the README says to run a lesson); a class started
through the store; then N browsers (Chromium contexts of one Chromium, each a phone's screen
with a profile of its own) open the join link at the same moment, and each student, as soon
as the page is usable, types a nickname and joins. Reported: the seconds from opening the
link until the page is usable (the join link's code filled in and Join enabled) and until the
student has joined (the page's trial buttons enabled), median and slowest; every student
joined once (checked in the store); and the CPU seconds spent meanwhile by the app (server
and kernels), by Chromium, by Playwright's driver, and by the rest of the machine (other
work sharing its cores: the times are only comparable under the same load, so the load is
reported with them). A page is looked at every `POLL_MS` while it loads, not at every frame
as Playwright does by default: that had each of the 30 renderers draw 60 frames a second
for the benchmark's sake (8-10 CPU-s of Chromium's 45).
Target (issue 25): on 2 cores, the slowest of 30 pages usable within 20 s.

The browsers share the app's 2 cores here, as a class's phones do not: 30 Chromium renderers
took about 130 CPU-s against the app's 25 (issue 25's notes), 35 against the app's 4.5 once
a page's scripts came compressed and Voila's in one file (kit_assets.py). `--phones N`
measures the app's part alone: N students whose phones are spoken for by this process, as
the app sees them (`_phone`): the join link's page, the scripts and styles a real visit of
it fetched (recorded by one Chromium visit first), the kernel's websocket, the page's widget
states asked for as Voila's JavaScript asks (the page usable, as far as the app is
concerned: what is left is the phone's own drawing), then the code, the nickname and a press
of Join sent as the widgets send them, until the page's trial buttons are enabled (joined).
Reported as for the browsers, with this process's CPU (the phones' side of the protocol)
apart.

Run:  PYTHONPATH=$PWD python benchmarks/classroom_load.py [--students 30] [--seconds 20]
          [--trials 5] [--stores sqlite,postgresql] [--browsers 30] [--phones N] [--pool N]
Figures are reported, never asserted (the tests check correctness under concurrency).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import re
import shutil
import statistics
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

import psutil

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit_common.class_store import ClassStore, StudentKey
from kit_common.widgets.class_views import REFRESH_S
from tests.browser.voila_server import (
    CHROMIUM,
    CHROMIUM_ARGS,
    NOTEBOOKS,
    REPO,
    kernel_message,
    kernels_memory,
    voila_server,
    wait_for_preheated,
    wait_until_quiet,
)
from tests.postgres_server import postgres_server, why_unavailable

OUTCOMES = list(range(14))
#: A phone's screen, and less motion (the kit's template then stops its animations), as in
#: the browser tests.
PHONE = {"viewport": {"width": 390, "height": 844}, "reduced_motion": "reduce"}
#: How often a page is looked at while it loads (ms). Playwright looks at every frame by
#: default, which has each of the 30 pages draw 60 frames a second while it waits: work of
#: the benchmark's, not of a phone's.
POLL_MS = 100
BROWSER_LOG = REPO / "test-artifacts" / "bench-classroom-voila.log"


def _student(url: str, key: StudentKey, seconds: float, trials: int, seed: int, out: Any) -> None:
    """Send `trials` outcomes once a second (first send at a random moment of the first
    second) for `seconds`; put (pressed, stored) times of every send on `out`."""
    store = ClassStore(url)
    rng = random.Random(seed)
    start = time.time() + rng.random()
    times = []
    for n in range(int(seconds)):
        time.sleep(max(0.0, start + n - time.time()))
        pressed = time.time()
        store.send(key, f"send-{seed:04d}-{n:06d}", [rng.choice(OUTCOMES) for _ in range(trials)])
        times.append((pressed, time.time()))
    store.dispose()
    out.put(times)


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure(url: str, students: int, seconds: float, trials: int) -> dict[str, float]:
    """One run against the store at `url`: the figures of the module's docstring."""
    store = ClassStore(url)
    teacher = store.start_class("death-rays-13", OUTCOMES)
    keys = [store.join(teacher.code, f"student {i}") for i in range(students)]
    processes = multiprocessing.get_context("fork")
    out = processes.Queue()
    senders = [
        processes.Process(target=_student, args=(url, keys[i], seconds, trials, i, out))
        for i in range(students)
    ]
    for sender in senders:
        sender.start()
    refreshes = []  # (began, ended) of each of the teacher's refreshes
    deadline = time.time() + seconds + 3
    while time.time() < deadline:
        began = time.time()
        store.pooled(teacher.code)
        refreshes.append((began, time.time()))
        time.sleep(max(0.0, began + REFRESH_S - time.time()))
    sends = [t for _ in senders for t in out.get(timeout=60)]
    for sender in senders:
        sender.join(30)
    stored = store.pooled(teacher.code).trials
    store.dispose()
    assert stored == len(sends) * trials, "every trial stored once"
    delays = []
    for pressed, done in sends:
        seen = next((end for began, end in refreshes if began >= done), None)
        if seen is not None:
            delays.append(seen - pressed)
    calls = [done - pressed for pressed, done in sends]
    span = max(d for _, d in sends) - min(p for p, _ in sends)
    return {
        "sends": len(sends),
        "sends_per_s": len(sends) / span,
        "send_median_s": statistics.median(calls),
        "send_p95_s": _percentile(calls, 0.95),
        "visible_median_s": statistics.median(delays),
        "visible_p95_s": _percentile(delays, 0.95),
        "visible_max_s": max(delays),
    }


def _cpu_by_process() -> dict[int, tuple[float, str]]:
    """Every process started by this one: its CPU seconds so far (with its ended
    children's), and what it is: "server" (the app's), "kernel" (one of the app's kernels),
    "driver" (Playwright's, which drives the browsers: not a phone's work), "browser"
    (Chromium)."""
    ours = psutil.Process(os.getpid())
    found: dict[int, tuple[float, str]] = {}
    for child in ours.children():
        try:
            is_app = "kit_app.py" in " ".join(child.cmdline())
            tree = [child, *child.children(recursive=True)]
        except psutil.Error:
            continue
        for process in tree:
            try:
                t = process.cpu_times()
            except psutil.Error:
                continue
            seconds = t.user + t.system + t.children_user + t.children_system
            if is_app:
                role = "server" if process is child else "kernel"
            else:
                role = "driver" if process is child else "browser"
            found[process.pid] = (seconds, role)
    return found


def _machine_busy_seconds() -> float:
    times = psutil.cpu_times()
    return times.user + times.nice + times.system + times.irq + times.softirq + times.steal


async def _student_page(browser: Any, link: str, code: str, nickname: str) -> dict[str, Any]:
    """One student: open the join link in a browser of one's own, and join as soon as the
    page is usable; the seconds until usable and until joined (None: not within 180 s)."""
    context = await browser.new_context(**PHONE)
    page = await context.new_page()
    start = time.monotonic()
    found: dict[str, Any] = {"context": context, "usable": None, "joined": None}
    try:
        await page.goto(link, timeout=180_000)
        await page.wait_for_function(
            "code => document.querySelector('.kit-class-code-input input')?.value === code"
            " && document.querySelector('.kit-class-join:not([disabled])') !== null",
            arg=code,
            timeout=180_000,
            polling=POLL_MS,
        )
        found["usable"] = time.monotonic() - start
        await page.fill(".kit-class-name input", nickname)
        await page.click(".kit-class-join")
        await page.wait_for_function(
            "document.querySelector('.kit-class-roll:not([disabled])') !== null",
            timeout=180_000,
            polling=POLL_MS,
        )
        found["joined"] = time.monotonic() - start
    except Exception as error:  # a page that never became usable: reported, not raised
        found["error"] = f"{type(error).__name__}: {str(error).splitlines()[0]}"
    return found


async def _open_at_once(link: str, code: str, count: int) -> tuple[list[dict[str, Any]], dict]:
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        before, busy, load = _cpu_by_process(), _machine_busy_seconds(), os.getloadavg()[0]
        wall = time.monotonic()
        students = await asyncio.gather(
            *(_student_page(browser, link, code, f"student {i:02d}") for i in range(count))
        )
        wall = time.monotonic() - wall
        cpu = _cpu_spent(before, busy, load, wall, 0.0)
        for student in students:
            await student.pop("context").close()
        await browser.close()
    return students, cpu


def _decoded(raw: str | bytes) -> dict:
    """A message from the kernel's websocket: JSON text, or jupyter_server's binary frame
    (the number of parts, their offsets, the JSON message first, then its buffers)."""
    if isinstance(raw, str):
        return json.loads(raw)
    parts = int.from_bytes(raw[:4], "big")
    offsets = [int.from_bytes(raw[4 + 4 * i : 8 + 4 * i], "big") for i in range(parts)]
    return json.loads(raw[offsets[0] : offsets[1] if parts > 1 else None])


async def _page_assets(link: str) -> list[str]:
    """The app's scripts, styles and fonts that a Chromium visit of `link` fetched (no kernel
    address: those are the page's own requests)."""
    from playwright.async_api import async_playwright

    async with async_playwright() as playwright:
        browser = await playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS
        )
        page = await (await browser.new_context(**PHONE)).new_page()
        await page.goto(link, timeout=180_000)
        await page.wait_for_selector(".kit-class-join:not([disabled])", timeout=180_000)
        names = await page.evaluate("performance.getEntriesByType('resource').map(r => r.name)")
        await browser.close()
    origin = link.split("/voila/")[0]
    return sorted({n for n in names if n.startswith(origin) and "/api/" not in n})


async def _phone(link: str, assets: list[str], code: str, nickname: str) -> dict[str, Any]:
    """One student's phone as the app sees it (the module's docstring, `--phones`): the
    seconds until the page is usable and until the student has joined (None: not within
    180 s)."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    found: dict[str, Any] = {"usable": None, "joined": None}
    client = AsyncHTTPClient(force_instance=True, max_clients=6)  # a browser's 6 a host
    socket = None
    start = time.monotonic()
    try:
        html = (await client.fetch(link, request_timeout=180)).body.decode()
        kernel = re.search(r'"kernelId": "([0-9a-f-]{36})"', html)[1]
        await asyncio.gather(*(client.fetch(url, request_timeout=180) for url in assets))
        origin = link.split("/voila/")[0]
        socket = await websocket_connect(
            HTTPRequest(
                f"{origin.replace('http', 'ws', 1)}/api/kernels/{kernel}/channels"
                f"?session_id={uuid.uuid4().hex}",
                request_timeout=180,
            )
        )
        control = uuid.uuid4().hex
        await socket.write_message(
            kernel_message(
                "comm_open",
                {"comm_id": control, "target_name": "jupyter.widget.control", "data": {}},
                {"version": "1.0.0"},  # ipywidgets' control protocol, as its manager says
            )
        )
        await socket.write_message(
            kernel_message("comm_msg", {"comm_id": control, "data": {"method": "request_states"}})
        )
        states: dict = {}
        while not states:
            reply = _decoded(await asyncio.wait_for(socket.read_message(), 180))
            data = reply["content"].get("data", {}) if reply["msg_type"] == "comm_msg" else {}
            if reply["content"].get("comm_id") == control and data.get("method") == "update_states":
                states = data["states"]
        by_class = {
            name: model
            for model, state in states.items()
            for name in state["state"].get("_dom_classes", [])
        }
        found["usable"] = time.monotonic() - start
        for name, value in (("kit-class-code-input", code), ("kit-class-name", nickname)):
            update = {"method": "update", "state": {"value": value}, "buffer_paths": []}
            await socket.write_message(
                kernel_message("comm_msg", {"comm_id": by_class[name], "data": update})
            )
        click = {"method": "custom", "content": {"event": "click"}}
        await socket.write_message(
            kernel_message("comm_msg", {"comm_id": by_class["kit-class-join"], "data": click})
        )
        while found["joined"] is None:
            reply = _decoded(await asyncio.wait_for(socket.read_message(), 180))
            content = reply["content"]
            data = content.get("data", {}) if reply["msg_type"] == "comm_msg" else {}
            if (
                content.get("comm_id") == by_class["kit-class-roll"]
                and data.get("state", {}).get("disabled") is False
            ):
                found["joined"] = time.monotonic() - start
    except Exception as error:  # a page that never became usable: reported, not raised
        found["error"] = f"{type(error).__name__}: {(str(error).splitlines() or [''])[0]}"
    finally:
        if socket is not None:
            socket.close()
        client.close()
    return found


async def _phones_at_once(link: str, code: str, count: int) -> tuple[list[dict[str, Any]], dict]:
    assets = await _page_assets(link)
    print(f"  (a visit of the page fetched {len(assets)} of the app's files; each phone does)")
    await asyncio.sleep(5)  # the visit's kernel shut down, its refill under way or done
    ours = psutil.Process(os.getpid())
    before, busy, load = _cpu_by_process(), _machine_busy_seconds(), os.getloadavg()[0]
    mine = sum(ours.cpu_times()[:2])
    wall = time.monotonic()
    students = await asyncio.gather(
        *(_phone(link, assets, code, f"student {i:02d}") for i in range(count))
    )
    wall = time.monotonic() - wall
    return students, _cpu_spent(before, busy, load, wall, sum(ours.cpu_times()[:2]) - mine)


def _cpu_spent(
    before: dict[int, tuple[float, str]], busy: float, load: float, wall: float, phones: float
) -> dict[str, float]:
    """The CPU seconds spent since `before` (`_cpu_by_process`) and `busy` (the machine's):
    by the app's server, the kernels that served the students (there before), the kernels
    started meanwhile to refill the page's pool (Voila starts one `fill_delay` seconds after
    each kernel taken), the browsers, and (`phones`) this process."""
    cpu = {"server": 0.0, "kernel": 0.0, "refill": 0.0, "browser": 0.0, "driver": 0.0}
    for pid, (seconds, role) in _cpu_by_process().items():
        earlier = before.get(pid)
        part = "refill" if role == "kernel" and earlier is None else role
        cpu[part] += seconds - (earlier[0] if earlier else 0.0)
    return cpu | {
        "wall": wall,
        "app": cpu["server"] + cpu["kernel"] + cpu["refill"],
        "chromium": cpu["browser"] + phones,
        "machine": _machine_busy_seconds() - busy,
        "load_before": load,
        "load_after": os.getloadavg()[0],
    }


def measure_pages(
    browsers: int, pool: int, fill_delay: float | None = None, phones: bool = False
) -> None:
    """The pages' half of the module's docstring: `browsers` students open the student page
    at once, with `pool` preheated kernels for it (refilled `fill_delay` seconds after each
    kernel taken; None: the app's setting); with `phones`, as the app sees them
    (`_phone`), no browser drawing them."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder) / "pages"
        (root / "classroom").mkdir(parents=True)
        for name in ("teacher.ipynb", "student.ipynb"):
            shutil.copy(NOTEBOOKS / "classroom" / name, root / "classroom" / name)
        url = f"sqlite:///{Path(folder) / 'classes.sqlite3'}"
        os.environ["KIT_CLASS_DB"] = url  # the app's store: the class started below
        pools = json.dumps({"classroom/student.ipynb": {"pool_size": pool}})
        started = time.monotonic()
        with voila_server(
            root,
            log=BROWSER_LOG,
            extra_args=(
                f"--VoilaKernelManager.kernel_pools_config={pools}",
                *(() if fill_delay is None else (f"--VoilaKernelManager.fill_delay={fill_delay}",)),
            ),
        ) as server:
            waited = wait_for_preheated(server, BROWSER_LOG, timeout=900)
            quiet = wait_until_quiet(server, timeout=300)
            print(
                f"\nthe app served the class pages; the student page's pool of {pool} kernels "
                f"was ready {time.monotonic() - started:.0f} s after the start (preheated in "
                f"{waited:.0f} s, quiet {quiet:.0f} s later); {kernels_memory(server)}"
            )
            store = ClassStore(url)
            teacher = store.start_class("death-rays-13", OUTCOMES)
            link = f"{server.page_url('classroom/student.ipynb')}?class={teacher.code}"
            opening = _phones_at_once if phones else _open_at_once
            students, cpu = asyncio.run(opening(link, teacher.code, browsers))
            joined = store.pooled(teacher.code).joined
            store.dispose()
    usable = [s["usable"] for s in students if s["usable"] is not None]
    done = [s["joined"] for s in students if s["joined"] is not None]
    who = "phones (the app's part)" if phones else "browsers"
    print(
        f"{browsers} {who} opening the join link at once: {len(usable)} usable, "
        f"{len(done)} joined ({joined} students in the store)"
    )
    if usable:
        print(
            f"  usable after {statistics.median(usable):.1f} s (median), "
            f"{max(usable):.1f} s (slowest), {min(usable):.1f} s (fastest)"
        )
    if done:
        print(
            f"  joined after {statistics.median(done):.1f} s (median), {max(done):.1f} s (slowest)"
        )
    for student in students:
        if "error" in student:
            print(f"  failed: {student['error']}")
    others = cpu["machine"] - cpu["app"] - cpu["chromium"] - cpu["driver"]
    driver = "" if phones else f"Playwright driving it {cpu['driver']:.1f}, "
    print(
        f"  the app's CPU seconds: the server {cpu['server']:.1f}, the students' kernels "
        f"{cpu['kernel']:.1f}, kernels started meanwhile to refill the pool {cpu['refill']:.1f}"
    )
    print(
        f"  CPU seconds in those {cpu['wall']:.1f} s (2 cores: {2 * cpu['wall']:.0f} at most): "
        f"the app {cpu['app']:.1f}, "
        f"{'the phones (this process)' if phones else 'Chromium'} {cpu['chromium']:.1f}, "
        f"{driver}"
        f"the rest of the machine {max(0.0, others):.1f}; load average "
        f"{cpu['load_before']:.1f} before, {cpu['load_after']:.1f} after"
    )


def report(name: str, figures: dict[str, float]) -> None:
    print(
        f"{name}: {figures['sends']:.0f} sends, {figures['sends_per_s']:.1f}/s; a send takes "
        f"{figures['send_median_s'] * 1000:.0f} ms (p95 {figures['send_p95_s'] * 1000:.0f} ms); "
        f"shown on the projector after {figures['visible_median_s']:.2f} s "
        f"(p95 {figures['visible_p95_s']:.2f} s, slowest {figures['visible_max_s']:.2f} s)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--students", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--trials", type=int, default=5, help="trials in each send")
    parser.add_argument("--stores", default="sqlite,postgresql", help="'' for none")
    parser.add_argument(
        "--browsers", type=int, default=30, help="students opening the page at once (0: none)"
    )
    parser.add_argument(
        "--phones",
        type=int,
        default=0,
        help="students whose phones open the page at once, as the app sees them (0: none)",
    )
    parser.add_argument(
        "--pool", type=int, default=None, help="the student page's preheated kernels (N)"
    )
    parser.add_argument(
        "--fill-delay",
        type=float,
        default=None,
        help="seconds before Voila refills a pool (default: the app's, voila.json)",
    )
    args = parser.parse_args()
    print(
        f"{args.students} students, one send of {args.trials} trials a second each, for "
        f"{args.seconds:.0f} s; the teacher's view refreshes every {REFRESH_S} s"
    )
    for name in filter(None, args.stores.split(",")):
        if name == "sqlite":
            with tempfile.TemporaryDirectory() as folder:
                url = f"sqlite:///{Path(folder) / 'classes.sqlite3'}"
                report(name, measure(url, args.students, args.seconds, args.trials))
        elif name == "postgresql":
            reason = why_unavailable()
            if reason is not None:
                print(f"postgresql: skipped ({reason})")
                continue
            with postgres_server() as url:
                report(name, measure(url, args.students, args.seconds, args.trials))
        else:
            parser.error(f"unknown store {name!r}: sqlite or postgresql")
    if args.browsers > 0:
        pool = args.browsers if args.pool is None else args.pool
        measure_pages(args.browsers, pool, args.fill_delay)
    if args.phones > 0:  # one more kernel: the visit that records the page's files takes one
        pool = args.phones + 1 if args.pool is None else args.pool
        measure_pages(args.phones, pool, args.fill_delay, phones=True)


if __name__ == "__main__":
    main()
