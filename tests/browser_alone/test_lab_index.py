"""JupyterLab, as Binder opens it: the index notebook runs top to bottom and its widgets render."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.browser.conftest import ARTIFACTS, SCREENSHOTS, pages_root
from tests.browser.page_actions import page_errors, widget_outputs
from tests.browser.voila_server import INDEX, REPO, free_port, pages

pytestmark = pytest.mark.browser

KERNEL_IDLE = "document.querySelector('#jp-main-statusbar')?.innerText.includes('| Idle')"
RENDERED_WIDGET = (
    ".jp-Notebook .jp-OutputArea-output .jupyter-widgets, "
    ".jp-Notebook .jp-OutputArea-output .kit-chart"
)


@pytest.fixture(scope="module")
def lab_url(chromium_browser, tmp_path_factory) -> Iterator[str]:
    """A JupyterLab server on a copy of the pages (so nothing Lab saves touches the
    repository), without token, with throwaway settings; yields the URL of its file tree."""
    port = free_port()
    state = tmp_path_factory.mktemp("lab-state")
    served = state / "notebooks"
    shutil.copytree(pages_root(), served)
    # Lab draws only the cells in view by default; the test reads every cell, so draw them all.
    tracker = state / "settings/@jupyterlab/notebook-extension/tracker.jupyterlab-settings"
    tracker.parent.mkdir(parents=True)
    tracker.write_text(json.dumps({"windowingMode": "none"}))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    command = [
        sys.executable,
        "-m",
        "jupyterlab",
        "--no-browser",
        f"--port={port}",
        "--ServerApp.ip=127.0.0.1",
        "--IdentityProvider.token=",
        "--ServerApp.password=",
        "--ServerApp.disable_check_xsrf=True",
        f"--ServerApp.root_dir={served}",
        f"--LabApp.user_settings_dir={state / 'settings'}",
        f"--LabApp.workspaces_dir={state / 'workspaces'}",
        "--LabApp.news_url=",
        "--ServerApp.allow_root=True",
        "--LabApp.extension_manager=readonly",
    ]
    ARTIFACTS.mkdir(exist_ok=True)
    with (ARTIFACTS / "jupyterlab.log").open("w") as log:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=log, stderr=log)
    url = f"http://127.0.0.1:{port}/"
    try:
        deadline = time.monotonic() + 60
        while True:
            if process.poll() is not None:
                pytest.fail(f"JupyterLab exited: {(ARTIFACTS / 'jupyterlab.log').read_text()}")
            try:
                urllib.request.urlopen(url + "api/status", timeout=2).close()
                break
            except OSError:
                if time.monotonic() > deadline:
                    pytest.fail("JupyterLab did not start within 60 s")
                time.sleep(0.2)
        yield f"{url}lab/tree/"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


#: The page whose charts are checked in JupyterLab: of the pages showing a chart on their own,
#: one of the quickest to run (7 s under nbval against 12 s for Dinosaur Island's page 8).
LAB_CHART_PAGE = "martian_dice/06_playing_well.ipynb"


def _lab_notebooks() -> list[str]:
    """The index and a page showing a chart on its own (`LAB_CHART_PAGE`, or the first such
    page if it shows none), plus the first page with widgets if neither has any, so that
    widgets and charts rendering in JupyterLab are always checked (each notebook run in
    JupyterLab costs 10-20 s of the browser tests)."""
    root = pages_root()
    chosen = [INDEX]
    if (root / LAB_CHART_PAGE).exists() and shows_a_chart(root / LAB_CHART_PAGE):
        chosen.append(LAB_CHART_PAGE)
    else:
        chosen += [p for p in pages(root) if shows_a_chart(root / p)][:1]
    # the chart page's widgets are checked with its charts; another page only if it has none
    if not any(widget_outputs(root / p) for p in chosen):
        chosen += [p for p in pages(root) if widget_outputs(root / p)][:1]
    return chosen


def shows_a_chart(notebook: Path) -> bool:
    """Whether a cell of the executed notebook shows a chart (`chart_view.show`'s text)."""
    data = json.loads(notebook.read_text(encoding="utf-8"))
    return any(
        "".join(output.get("data", {}).get("text/plain", "")).startswith("chart:")
        for cell in data["cells"]
        for output in cell.get("outputs", [])
    )


@pytest.mark.parametrize("name", _lab_notebooks())
def test_notebook_runs_in_jupyterlab(lab_url, browser_page, name):
    notebook = pages_root() / name
    page, _watch = browser_page
    # ?reset: a clean workspace, so the only open notebook (the one Run acts on) is this one.
    page.goto(f"{lab_url}{name}?reset", wait_until="load", timeout=120_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=120_000)
    # Wait until the kernel is connected and idle (the status bar says so), then
    # Run > Run All Cells, as a user would.
    page.wait_for_function(KERNEL_IDLE, timeout=120_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    code_cells = sum(
        c["cell_type"] == "code" for c in json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    )
    # Every code cell got its execution number, i.e. the whole notebook ran.
    page.wait_for_function(
        """(n) => [...document.querySelectorAll('.jp-CodeCell .jp-InputPrompt')]
                 .filter(p => /\\[\\d+\\]/.test(p.innerText)).length >= n""",
        arg=code_cells,
        timeout=120_000,
    )
    expected = widget_outputs(notebook)
    try:
        page.wait_for_function(
            "([selector, n]) => document.querySelectorAll(selector).length >= n",
            arg=[RENDERED_WIDGET, expected],
            timeout=120_000,
        )
        page.wait_for_function(KERNEL_IDLE, timeout=120_000)
        problems = page_errors(page)
        assert not problems, "\n".join(problems)
    except BaseException:
        # what JupyterLab showed, for whoever reads the failure (only then: a screenshot
        # costs Chromium about 2 s of CPU)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=SCREENSHOTS / ("jupyterlab__" + name.replace("/", "__") + ".png"))
        raise
