"""Measure the CPU each page's kernel spends when the page loads, the way Voila runs it.

Voila executes a page's cells except those tagged `kit-check` (voila.json's
TagRemovePreprocessor drops them) in a fresh kernel, in the page's folder, with the
repository on PYTHONPATH. This script does the same with nbclient and reads the kernel
process's CPU time (user + system, its child processes included) with psutil: once when the
kernel is ready (its start, the same for every page) and after each cell. A page's *load* is
the CPU of its cells; the issue's target (issue 24) is at most 1 s for every page.

Run:  PYTHONPATH=$PWD python benchmarks/page_cpu.py [NOTEBOOK_OR_FOLDER ...]
                                    [--heavy SECONDS] [--repeat N] [--json FILE]
With no path, every page under notebooks/ (all four languages) is measured; `--heavy` (0.2 s
by default) is the CPU above which a cell is listed; `--repeat N` runs each page N times and
keeps its lightest run (on a busy machine a run can take a few tenths more). Pages run one
after the other, never in parallel, so each figure is one kernel's own work. Figures are
reported, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

import nbformat
import psutil
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
if str(ROOT) not in sys.path:  # run as a script: tools/ and the kit from this checkout
    sys.path.insert(0, str(ROOT))

from tools.run_notebooks import find_notebooks  # noqa: E402

TARGET_S = 1.0


def voila_cells(nb: nbformat.NotebookNode) -> list[tuple[int, nbformat.NotebookNode]]:
    """The code cells Voila runs (index in the notebook, cell): every one not tagged
    `kit-check`, as voila.json's TagRemovePreprocessor leaves them."""
    removed = set(
        json.loads((ROOT / "voila.json").read_text())["TagRemovePreprocessor"]["remove_cell_tags"]
    )
    return [
        (i, cell)
        for i, cell in enumerate(nb.cells)
        if cell.cell_type == "code" and not removed & set(cell.metadata.get("tags", []))
    ]


def cpu_seconds(process: psutil.Process) -> float:
    """The CPU a process and its children (alive or waited for) have used so far."""
    t = process.cpu_times()
    return t.user + t.system + t.children_user + t.children_system


def measure(path: Path, timeout: int = 300) -> dict:
    """Run `path` as Voila would; the kernel's CPU at start, per cell and in all."""
    nb = nbformat.read(path, as_version=4)
    cells = voila_cells(nb)
    env_path = os.environ.get("PYTHONPATH", "")
    if str(ROOT) not in env_path.split(os.pathsep):
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env_path) if p)
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
    )  # fmt: skip
    per_cell = []
    wall = time.perf_counter()
    with client.setup_kernel():
        kernel = psutil.Process(client.km.provisioner.process.pid)
        # the kernel answers kernel_info once it is ready: its start is then complete
        client.wait_for_reply(client.kc.kernel_info())
        start = before = cpu_seconds(kernel)
        for index, cell in cells:
            client.execute_cell(cell, index)
            after = cpu_seconds(kernel)
            first_line = next((x for x in cell.source.splitlines() if x.strip()
                               and not x.startswith("#")), "")  # fmt: skip
            per_cell.append({"cell": index, "cpu_s": after - before, "code": first_line[:60]})
            before = after
    return {
        "page": str(path.relative_to(ROOT)),
        "kernel_start_s": start,
        "load_s": sum(c["cpu_s"] for c in per_cell),
        "wall_s": time.perf_counter() - wall,
        "cells": per_cell,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="notebooks or folders (default: notebooks/)")
    parser.add_argument("--heavy", type=float, default=0.2, help="list cells above this CPU (s)")
    parser.add_argument("--repeat", type=int, default=1, help="runs per page (the lightest kept)")
    parser.add_argument("--json", type=Path, help="also write every figure to this file")
    args = parser.parse_args(argv)
    results = []
    print(f"{'page':<58} {'start':>6} {'load':>6}  (CPU seconds; target: load <= {TARGET_S} s)")
    for path in find_notebooks(args.paths):
        r = min((measure(path) for _ in range(max(1, args.repeat))), key=lambda m: m["load_s"])
        results.append(r)
        flag = "  OVER" if r["load_s"] > TARGET_S else ""
        print(f"{r['page']:<58} {r['kernel_start_s']:6.2f} {r['load_s']:6.2f}{flag}", flush=True)
        for c in r["cells"]:
            if c["cpu_s"] > args.heavy:
                print(f"    cell {c['cell']:>2}: {c['cpu_s']:5.2f} s  {c['code']}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
