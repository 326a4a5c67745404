"""The bound on a notebook cell's kernel messages (tests/nbval_guard.py): a cell
that sends too many fails at once with a message saying why, and one under the bound passes."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from tests.nbval_guard import MOST_MESSAGES_PER_CELL

ROOT = Path(__file__).resolve().parents[1]


def _chatty_cell(updates: int) -> nbformat.NotebookNode:
    """A cell that sends `updates` widget messages."""
    return nbformat.v4.new_code_cell(
        "import ipywidgets as w\n"
        "slider = w.IntSlider(max=10**6)\n"
        f"for i in range({updates}):\n"
        "    slider.value = i + 1  # one widget message each"
    )


@pytest.mark.slow
def test_a_cell_over_the_bound_fails_saying_why_and_one_under_it_passes(tmp_path):
    # one notebook, one kernel: a cell under the bound, then one over it
    shutil.copy(ROOT / "conftest.py", tmp_path / "conftest.py")
    cells = [_chatty_cell(MOST_MESSAGES_PER_CELL // 2), _chatty_cell(MOST_MESSAGES_PER_CELL + 100)]
    nbformat.write(nbformat.v4.new_notebook(cells=cells), tmp_path / "chatty.ipynb")
    pytest_args = ["-p", "kit_common.lean_imports", "-p", "no:cacheprovider", "--nbval-lax"]
    pytest_args += ["-rA", "chatty.ipynb"]
    run = subprocess.run(
        [sys.executable, "-m", "pytest", *pytest_args],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},  # the copied conftest imports tests/
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 1, run.stdout
    assert f"kernel messages (at most {MOST_MESSAGES_PER_CELL:,})" in run.stdout
    assert re.search(r"^PASSED chatty\.ipynb::Cell 0$", run.stdout, re.M), run.stdout
    assert re.search(r"^FAILED chatty\.ipynb::Cell 1", run.stdout, re.M), run.stdout
