"""A kernel forked from the app's fork server (kit_kernels.py) against one launched as
before, started the way the app starts a warm kernel: jupyter_server's kernel manager, then
the warm-up code (every page's imports, kit_app.warm_up_code).

For each way, N kernels one after the other: the seconds until the kernel answers, the
seconds of the warm-up, the CPU seconds the kernel process spent on both, and its memory
once warm: resident (RSS) and proportional (PSS, shared pages divided among the processes
sharing them: a forked kernel shares the server's imports). The forked way's figures are
given as ratios to the launched way's, measured in the same run. The fork server's own start
(its imports, once for the app) is reported apart.

Run:  PYTHONPATH=$PWD python benchmarks/kernel_start.py [--kernels N]
Figures are reported, never asserted (tests/test_kit_kernels.py checks the behaviour).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from pathlib import Path

import psutil

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: this checkout's modules
    sys.path.insert(0, str(ROOT))

import kit_app  # noqa: E402
import kit_kernels  # noqa: E402


def _pss_mb(pid: int) -> float:
    """The process's proportional set size in MB (Linux's smaps_rollup)."""
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
        if line.startswith("Pss:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def _one(manager_class: type, code: str) -> dict[str, float]:
    started = time.monotonic()
    manager = manager_class(kernel_name="python3")
    await manager.start_kernel(cwd=str(ROOT / "notebooks"))
    client = manager.client()
    client.start_channels()
    try:
        await client.wait_for_ready(timeout=120)
        ready = time.monotonic() - started
        process = psutil.Process(manager.provisioner.process.pid)
        reply = await client.execute_interactive(code, timeout=120, output_hook=lambda _: None)
        assert reply["content"]["status"] == "ok", reply["content"]
        warm = time.monotonic() - started - ready
        times = process.cpu_times()
        return {
            "ready_s": ready,
            "warm_s": warm,
            "cpu_s": times.user + times.system,
            "rss_mb": process.memory_info().rss / 2**20,
            "pss_mb": _pss_mb(process.pid),
        }
    finally:
        client.stop_channels()
        await manager.shutdown_kernel(now=True)


async def main_async(kernels: int) -> None:
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    imports = kit_app.page_imports(ROOT / "notebooks")
    code = kit_app.warm_up_code(imports)
    started = time.monotonic()
    kit_kernels.SERVER.start(imports)
    assert await kit_kernels.SERVER.ready(), kit_kernels.SERVER.failure
    server = psutil.Process(kit_kernels.SERVER._process.pid)
    server_times = server.cpu_times()
    print(
        f"fork server ready after {time.monotonic() - started:.2f} s, "
        f"{server_times.user + server_times.system:.2f} CPU-s, PSS {_pss_mb(server.pid):.0f} MB"
    )
    ways = {"launched": ServerKernelManager, "forked": kit_kernels.ForkingKernelManager}
    results: dict[str, list[dict[str, float]]] = {name: [] for name in ways}
    for _ in range(kernels):  # the two ways in turn, so that both see the same machine
        for name, manager_class in ways.items():
            results[name].append(await _one(manager_class, code))
    medians = {
        name: {key: statistics.median(r[key] for r in rows) for key in rows[0]}
        for name, rows in results.items()
    }
    print(f"{kernels} kernels each way, one at a time (medians), on {os.cpu_count()} cores")
    for name, row in medians.items():
        print(
            f"{name:9} answers after {row['ready_s']:.2f} s, warm after {row['warm_s']:.2f} s "
            f"more; {row['cpu_s']:.2f} CPU-s; "
            f"RSS {row['rss_mb']:.0f} MB, PSS {row['pss_mb']:.0f} MB"
        )
    launched, forked = medians["launched"], medians["forked"]
    print(
        "forked / launched: "
        + ", ".join(
            f"{key} {forked[key] / launched[key]:.2f}"
            for key in ("ready_s", "warm_s", "cpu_s", "rss_mb", "pss_mb")
        )
    )
    kit_kernels.SERVER.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--kernels", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main_async(args.kernels))


if __name__ == "__main__":
    main()
