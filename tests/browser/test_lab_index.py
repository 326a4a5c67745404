"""JupyterLab, as Binder opens it: the index notebook runs top to bottom and its widgets render."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator

import pytest

from tests.browser.conftest import ARTIFACTS, SCREENSHOTS, pages_root
from tests.browser.page_actions import page_errors, widget_outputs
from tests.browser.voila_server import INDEX, REPO, free_port

pytestmark = pytest.mark.browser

KERNEL_IDLE = "document.querySelector('#jp-main-statusbar')?.innerText.includes('| Idle')"
RENDERED_WIDGET = ".jp-Notebook .jp-OutputArea-output .jupyter-widgets"


@pytest.fixture(scope="module")
def lab_url(chromium_browser, tmp_path_factory) -> Iterator[str]:
    """A JupyterLab server on a copy of the pages (so nothing Lab saves touches the
    repository), without token, with throwaway settings; yields the lab URL of the index."""
    port = free_port()
    state = tmp_path_factory.mktemp("lab-state")
    served = state / "notebooks"
    shutil.copytree(pages_root(), served)
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
        yield f"{url}lab/tree/{INDEX}"
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()


def test_index_runs_in_jupyterlab(lab_url, browser_page):
    index = pages_root() / INDEX
    if not index.is_file():
        pytest.fail(f"no landing notebook {index}")
    page, _watch = browser_page
    page.goto(lab_url, wait_until="load", timeout=60_000)
    page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=60_000)
    # Wait until the kernel is connected and idle (the status bar says so), then
    # Run > Run All Cells, as a user would.
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()
    expected = max(1, widget_outputs(index))
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    try:
        page.wait_for_function(
            "([selector, n]) => document.querySelectorAll(selector).length >= n",
            arg=[RENDERED_WIDGET, expected],
            timeout=30_000,
        )
    finally:
        page.screenshot(path=SCREENSHOTS / "jupyterlab__00_index.png")
    page.wait_for_function(KERNEL_IDLE, timeout=60_000)
    page.screenshot(path=SCREENSHOTS / "jupyterlab__00_index.png")
    problems = page_errors(page)
    assert not problems, "\n".join(problems)
