"""The bound on a notebook cell's kernel messages (tests/nbval_guard.py): a cell
that sends too many fails at once with a message saying why, and one under the bound passes."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from tests.nbval_guard import MOST_MESSAGES_PER_CELL

ROOT = Path(__file__).resolve().parents[1]


def _run_notebook(folder: Path, updates: int) -> subprocess.CompletedProcess:
    shutil.copy(ROOT / "conftest.py", folder / "conftest.py")
    cell = (
        "import ipywidgets as w\n"
        "slider = w.IntSlider(max=10**6)\n"
        f"for i in range({updates}):\n"
        "    slider.value = i + 1  # one widget message each"
    )
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(cell)])
    nbformat.write(notebook, folder / "chatty.ipynb")
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "--nbval-lax", "chatty.ipynb"],
        cwd=folder,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # the copied conftest imports tests/
        capture_output=True,
        text=True,
        timeout=300,
    )


@pytest.mark.slow
def test_a_cell_over_the_bound_fails_saying_why_and_one_under_it_passes(tmp_path):
    over = _run_notebook(tmp_path, MOST_MESSAGES_PER_CELL + 100)
    assert over.returncode == 1, over.stdout
    assert "kernel messages (at most 2,000)" in over.stdout
    under = _run_notebook(tmp_path, MOST_MESSAGES_PER_CELL // 2)
    assert under.returncode == 0, under.stdout
