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
(The issue's other half, 30 browsers opening the student page at once, is not measured here.)

Run:  PYTHONPATH=$PWD python benchmarks/classroom_load.py [--students 30] [--seconds 20]
          [--trials 5] [--stores sqlite,postgresql]
Figures are reported, never asserted (the tests check correctness under concurrency).
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from kit_common.class_store import ClassStore, StudentKey
from kit_common.widgets.class_views import REFRESH_S
from tests.postgres_server import postgres_server, why_unavailable

OUTCOMES = list(range(14))


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
    parser.add_argument("--stores", default="sqlite,postgresql")
    args = parser.parse_args()
    print(
        f"{args.students} students, one send of {args.trials} trials a second each, for "
        f"{args.seconds:.0f} s; the teacher's view refreshes every {REFRESH_S} s"
    )
    for name in args.stores.split(","):
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


if __name__ == "__main__":
    main()
