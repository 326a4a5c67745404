"""kit_app.py's own parts, without starting a server: the pool size it computes, the host
names it answers, and its preheating that serves only completely run notebooks."""

from __future__ import annotations

import asyncio
import logging
import re
from concurrent.futures import ThreadPoolExecutor

import pytest
from traitlets.config import LoggingConfigurable

import kit_app


def run_coroutine(coroutine):
    """Run `coroutine` to its end in a thread of its own: the browser tests' Playwright keeps
    an event loop running in the main thread of the same pytest process."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


def test_the_pool_is_two_kernels_a_page_on_the_benchmark_machine():
    # 2 cores, 21.5 GB free, 17 pages: memory allows 43 kernels, the cores 40.
    assert kit_app.pool_size(pages=17, cpus=2, available_mb=21_500, visitors=30) == 2


def test_only_english_pages_are_preheated_by_default(tmp_path):
    for name in ("00_index", "game/01_a", "es/00_index", "es/game/01_a", "ru/game/01_a"):
        (tmp_path / f"{name}.ipynb").parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / f"{name}.ipynb").write_text("{}")
    english = kit_app.not_preheated(tmp_path, ["en"])
    assert kit_app.preheated_pages(tmp_path, english) == 2
    # Voila's kernel manager matches each pattern against the page's whole path string
    denied = {
        p.relative_to(tmp_path).as_posix()
        for p in tmp_path.rglob("*.ipynb")
        if any(re.match(pattern, str(p)) for pattern in english)
    }
    assert denied == {"es/00_index.ipynb", "es/game/01_a.ipynb", "ru/game/01_a.ipynb"}
    spanish_class = kit_app.not_preheated(tmp_path, ["es"])
    assert kit_app.preheated_pages(tmp_path, spanish_class) == 2  # es/00_index, es/game/01_a
    assert kit_app.not_preheated(tmp_path, ["en", "es", "pt", "ru"]) == []


def test_the_pool_is_capped_by_the_visitors_and_never_empty():
    assert kit_app.pool_size(pages=1, cpus=64, available_mb=500_000, visitors=30) == 30
    assert kit_app.pool_size(pages=17, cpus=1, available_mb=1_000, visitors=30) == 1
    assert kit_app.pool_size(pages=0, cpus=2, available_mb=8_000, visitors=30) >= 1


@pytest.mark.parametrize(
    "host", ["localhost", "localhost:8866", "127.0.0.1:8866", "[::1]:8866", "[::1]", "LOCALHOST"]
)
def test_local_host_names_are_answered(host):
    assert kit_app.host_allowed(host, ())


@pytest.mark.parametrize(
    "host", ["evil.example", "evil.example:8866", "127.0.0.1.evil.example", "localhost.", ""]
)
def test_other_host_names_are_refused(host):
    assert not kit_app.host_allowed(host, ())


def test_allowed_hosts_add_names_and_a_star_allows_any():
    assert kit_app.host_allowed("class-laptop.local:8866", ("class-laptop.local",))
    assert not kit_app.host_allowed("evil.example", ("class-laptop.local",))
    assert kit_app.host_allowed("evil.example", ("*",))


class FakeExecutor:
    """Runs cells as nbclient would, failing the runs listed in `failing_runs`."""

    def __init__(self, run: int, failing_runs: set[int]) -> None:
        self.run, self.failing_runs = run, failing_runs

    async def execute_cell(self, cell, resources, cell_index, store_history=True):
        if self.run in self.failing_runs and cell_index == 1:
            raise TimeoutError("Timeout waiting for IOPub output")
        return cell


class FakeRenderer:
    """Voila's NotebookRenderer as the manager sees it: a cell generator that, like Voila's,
    swallows a cell's failure (stops there) and ends normally."""

    def __init__(self, executor: FakeExecutor) -> None:
        self.executor = executor

    async def _jinja_cell_generator(self, nb, kernel_id):
        for index in range(3):
            try:
                yield await self.executor.execute_cell({}, None, index)
            except TimeoutError:
                break


class FakeVoilaManager(LoggingConfigurable):
    """The parts of Voila's preheating kernel manager that kit_app's manager builds on."""

    def __init__(self, failing_runs: set[int], **kwargs) -> None:
        super().__init__(**kwargs)
        self.failing_runs, self.runs, self.shut_down = failing_runs, 0, []

    def _notebook_renderer_factory(self, notebook_path=None):
        self.runs += 1
        return FakeRenderer(FakeExecutor(self.runs, self.failing_runs))

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
        renderer = self._notebook_renderer_factory(notebook_path)
        kernel_id = f"kernel-{self.runs}"

        async def render():
            return [cell async for cell in renderer._jinja_cell_generator(None, kernel_id)]

        task = asyncio.get_running_loop().create_task(render())
        return {"task": task, "renderer": renderer, "kernel_id": kernel_id}

    async def shutdown_kernel(self, kernel_id, now=False):
        self.shut_down.append(kernel_id)


def _preheat(failing_runs: set[int]):
    manager = kit_app.complete_pages(FakeVoilaManager)(failing_runs=failing_runs)
    manager.log = logging.getLogger("test_kit_app")
    return manager, run_coroutine(manager._initialize("page.ipynb"))


def test_a_completely_run_notebook_is_served_from_the_first_kernel():
    manager, content = _preheat(failing_runs=set())
    assert content["kernel_id"] == "kernel-1" and manager.shut_down == []


def test_an_incomplete_run_is_shut_down_and_the_notebook_run_again(caplog):
    manager, content = _preheat(failing_runs={1})
    assert content["kernel_id"] == "kernel-2"
    assert manager.shut_down == ["kernel-1"]
    assert "(TimeoutError: Timeout waiting for IOPub output): running it again" in caplog.text


def test_a_notebook_that_never_runs_completely_is_not_served():
    with pytest.raises(RuntimeError, match="could not be run completely"):
        _preheat(failing_runs={1, 2, 3})


def _order_of_preheats(arrivals: list[str], asked: list[str]) -> list[str]:
    """The order in which a one-slot queue runs preheats of `arrivals` (page names, arriving
    in this order while a first preheat holds the slot), once visitors asked for `asked`."""
    started: list[str] = []

    async def preheat(queue: kit_app.PreheatQueue, page: str) -> None:
        async with queue.slot(page):
            started.append(page)
            await asyncio.sleep(0)

    async def run() -> None:
        queue = kit_app.PreheatQueue(lambda: 1)
        async with queue.slot("holding"):
            tasks = [asyncio.create_task(preheat(queue, page)) for page in arrivals]
            await asyncio.sleep(0)  # every preheat is waiting now
            for page in asked:
                queue.ask_for(page)
        await asyncio.gather(*tasks)

    run_coroutine(run())
    return started


def test_every_page_gets_its_first_kernel_before_any_page_its_second():
    assert _order_of_preheats(["a", "a", "b", "b"], asked=[]) == ["a", "b", "a", "b"]


def test_the_page_a_visitor_waits_for_is_preheated_first():
    assert _order_of_preheats(["a", "b", "c"], asked=["c"]) == ["c", "a", "b"]
