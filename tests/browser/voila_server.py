"""Start and stop the kit's Voila app for the browser tests and the app benchmarks.

The server is started as `./dev app` starts it (`kit_app.py` with `voila.json`, read from the
repository root, which is the working directory), on a free port, so the tests see what users
see.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
NOTEBOOKS = REPO / "notebooks"
#: Where the app's landing page lives, relative to the served folder.
INDEX = "00_index.ipynb"
#: Debian's Chromium builds, the headless shell first: the browser tests never show a window,
#: and the shell (Chromium's "old" headless mode, `chromium-headless-shell`, which Playwright
#: itself uses for headless runs) draws the same pages without the full browser's machinery.
#: The whole browser lane, alone on 2 cores: 676 -> 573 CPU-s, 420 -> 357 s (Chromium's
#: browser processes 120 -> 25 CPU-s, its GPU process 54 -> 12); issue 24's notes.
CHROMIUM_BUILDS = (
    Path("/usr/lib/chromium/chromium-headless-shell"),
    Path("/usr/bin/chromium"),
)


def chromium_path(environ: Mapping[str, str] = os.environ) -> Path:
    """The Chromium the tests drive: `KIT_CHROMIUM` when set, else the first of
    `CHROMIUM_BUILDS` installed (the last named when none is)."""
    if environ.get("KIT_CHROMIUM"):
        return Path(environ["KIT_CHROMIUM"])
    return next((path for path in CHROMIUM_BUILDS if path.exists()), CHROMIUM_BUILDS[-1])


CHROMIUM = chromium_path()
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # no name resolves: the app is served at 127.0.0.1, and a page that asks anything of
    # another host (a CDN) fails at once, offline or not (tests/browser/conftest.py PageWatch)
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]


@contextmanager
def own_chromium() -> Iterator[Any]:
    """Debian's Chromium under a Playwright of its own, for a thread of its own (Playwright's
    sync API serves the thread that started it): a visitor of the first visits."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


#: Every test page's browser context: a desktop window with a touch screen (issue 27: pages
#: are checked at a phone's width with touch; a page made for a finger keeps its desktop
#: view on a touch desktop), and a visitor who asked for less motion (the kit's template then
#: stops every animation). Voila's spinner and loading skeleton animate for as long as a page
#: runs; six pages loading at once kept most of a core busy drawing them (8 s of Chromium's
#: CPU in 10 s against 0.2 s without).
CONTEXT_OPTIONS: dict = {
    "viewport": {"width": 1280, "height": 900},
    "has_touch": True,
    "reduced_motion": "reduce",
}


def free_port() -> int:
    """A TCP port nobody listens on right now."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


#: The folders of the translated trees (`notebooks/es/...`), built from the English pages.
TRANSLATED = ("es", "pt", "ru")


def pages(root: Path = NOTEBOOKS) -> list[str]:
    """Every English notebook under `root` (the translated trees left out: see
    `translated_pages`), as a path relative to it (POSIX), index first."""
    found = sorted(
        p.relative_to(root).as_posix()
        for p in root.rglob("*.ipynb")
        if ".ipynb_checkpoints" not in p.parts and p.relative_to(root).parts[0] not in TRANSLATED
    )
    return sorted(found, key=lambda page: page != INDEX)


def translated_pages(root: Path = NOTEBOOKS) -> list[tuple[str, str]]:
    """(language, page) of every translated notebook under `root`, the page relative to
    `root` (`es/martian_dice/02_a_turn.ipynb`), each language's index first."""
    found = []
    for lang in TRANSLATED:
        if (root / lang).is_dir():
            found += [(lang, f"{lang}/{page}") for page in pages(root / lang)]
    return found


def translated_pages_in_turn(root: Path = NOTEBOOKS) -> list[tuple[str, str]]:
    """`translated_pages` but each page in one language, the languages taking the pages in
    turn (the first page in Spanish, the second in Portuguese, ...), and every language's
    index: each page's code and each language's catalogue and chart locale, in a third of
    the visits (a translated page runs its English page's code; tests/test_translations.py
    checks every catalogue entry of every language)."""
    every = set(translated_pages(root))
    chosen = [(lang, f"{lang}/{INDEX}") for lang in TRANSLATED]
    chosen = [visit for visit in chosen if visit in every]
    for i, page in enumerate(p for p in pages(root) if p != INDEX):
        for lang in TRANSLATED[i % len(TRANSLATED) :] + TRANSLATED[: i % len(TRANSLATED)]:
            if (lang, f"{lang}/{page}") in every:  # the page's turn, or the next language's
                chosen.append((lang, f"{lang}/{page}"))
                break
    return chosen


@dataclass(frozen=True)
class VoilaServer:
    """A running Voila app: where it listens and which process serves it."""

    url: str
    root: Path
    process: subprocess.Popen

    def page_url(self, page: str) -> str:
        """The address at which Voila renders `page` (relative to the served folder)."""
        return f"{self.url}voila/render/{page}"


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs) -> None:
        return None


def _wait_until_up(url: str, process: subprocess.Popen, log: Path, timeout: float) -> None:
    # The root address redirects to the landing page; following it would render that page
    # (and, on a loaded machine, take more than the 2 s a try waits, each try using one of
    # its preheated kernels): the redirect itself says the server is up.
    opener = urllib.request.build_opener(_NoRedirect)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"Voila exited with {process.returncode}:\n{log.read_text()}")
        try:
            with opener.open(url, timeout=2):
                return
        except urllib.error.HTTPError:  # an answer: the redirect, or a page in its place
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"Voila did not answer at {url} within {timeout:.0f} s:\n{log.read_text()}")


def wait_for_preheated(server: VoilaServer, log: Path, timeout: float = 300) -> float:
    """Wait until every page's preheated kernel has started and run its notebook (all the
    server's kernels are quiet); return the seconds waited.

    Voila preheats every page at once when it starts; a page requested meanwhile waits for
    its kernel, so testing or timing pages before that measures the start-up rush instead.
    """
    import psutil  # a dependency of ipykernel

    wanted = set(pages(server.root))
    start = time.monotonic()
    state = "no page's pool filled yet"
    while time.monotonic() - start < timeout:
        if server.process.poll() is not None:
            raise RuntimeError(f"Voila exited with {server.process.returncode}:\n{log.read_text()}")
        started = set(re.findall(r"Kernel pool of (.+?) is filled", log.read_text()))
        if wanted <= started:
            kernels = psutil.Process(server.process.pid).children(recursive=True)
            try:
                loads = {kernel.pid: kernel.cpu_percent(0.3) for kernel in kernels}
                busy = [f"{pid} at {load:.0f} %" for pid, load in loads.items() if load >= 5]
            except psutil.NoSuchProcess:  # a kernel (or a helper process) ended meanwhile
                busy = ["a kernel that ended meanwhile"]
            if len(kernels) >= len(wanted) and not busy:
                return time.monotonic() - start
            state = f"{len(kernels)} kernels for {len(wanted)} pages, busy: {busy}"
        else:
            state = f"pools not filled yet: {sorted(wanted - started)[:5]}"
        time.sleep(0.5)
    raise RuntimeError(f"preheated kernels still busy after {timeout:.0f} s ({state})")


def kernels_memory(server: VoilaServer) -> str:
    """How many kernels the app holds and their memory (USS: what each alone holds)."""
    import psutil  # a dependency of ipykernel

    uss = []
    for child in psutil.Process(server.process.pid).children(recursive=True):
        try:
            uss.append(child.memory_full_info().uss / 2**20)
        except psutil.Error:
            continue
    if not uss:
        return "no kernels"
    return f"{len(uss)} kernels, {sum(uss) / 1024:.2f} GB USS in all, largest {max(uss):.0f} MB"


def wait_until_quiet(server: VoilaServer, timeout: float = 120) -> float:
    """Wait until the server and all its kernels are idle; return the seconds waited.

    Opening a page makes Voila start and run a fresh kernel to refill that page's pool. On a
    2-core machine that refill competes with the next page the browser draws, so a timing taken
    meanwhile measures the refill, not the page.
    """
    import psutil  # a dependency of ipykernel

    start = time.monotonic()
    while time.monotonic() - start < timeout:
        try:
            server_process = psutil.Process(server.process.pid)
            processes = [server_process, *server_process.children(recursive=True)]
            for process in processes:
                process.cpu_percent(None)
            time.sleep(0.5)
            if all(process.cpu_percent(None) < 5 for process in processes):
                return time.monotonic() - start
        except psutil.NoSuchProcess:  # a kernel ended meanwhile: look again
            continue
    raise RuntimeError(f"the app was still busy after {timeout:.0f} s")


@contextmanager
def voila_server(
    root: Path = NOTEBOOKS, log: Path | None = None, extra_args: tuple[str, ...] = ()
) -> Iterator[VoilaServer]:
    """Serve `root` with the repository's Voila configuration until the block ends."""
    port = free_port()
    log = log or REPO / "test-artifacts" / "voila.log"
    log.parent.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ)
    # The kernels import the kit from this checkout, installed or not.
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    # Kernels behave as under `./dev app`: ipykernel leaves stderr alone when it sees pytest.
    env.pop("PYTEST_CURRENT_TEST", None)
    # The class pages' store: a file of the test run's, not the user's Jupyter data folder.
    class_db = log.parent / "classes.sqlite3"
    for old in log.parent.glob("classes.sqlite3*"):
        old.unlink()
    env.setdefault("KIT_CLASS_DB", f"sqlite:///{class_db}")
    command = [
        sys.executable,
        str(REPO / "kit_app.py"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        *extra_args,
        str(root),
    ]
    with log.open("w") as out:
        process = subprocess.Popen(command, cwd=REPO, env=env, stdout=out, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        _wait_until_up(url, process, log, timeout=180)  # a loaded machine
        yield VoilaServer(url=url, root=root, process=process)
    finally:
        process.terminate()
        try:
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def kernel_message(msg_type: str, content: dict, metadata: dict | None = None) -> str:
    """A message for a page's kernel, to write to its websocket (`api/kernels/ID/channels`)
    on the shell channel, as Voila's JavaScript writes it (the tests that craft widget
    messages, the benchmark that speaks for a class's phones)."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "username": "visitor",
        "session": "crafted",
        "version": "5.3",
        "date": "",
    }
    message = {
        "header": header,
        "parent_header": {},
        "metadata": metadata or {},
        "content": content,
    }
    return json.dumps({**message, "channel": "shell", "buffers": []})
