"""kit_app.py's own parts, without starting a server: the pool size it computes, the host
names it answers, and its preheating that serves only completely run notebooks."""

from __future__ import annotations

import asyncio
import gc
import inspect
import itertools
import json
import logging
import os
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import ClassVar

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


TEACHER = "/voila/render/classroom/teacher.ipynb"


@pytest.mark.parametrize("address", ["127.0.0.1", "127.0.1.1", "::1", "::ffff:127.0.0.1"])
def test_the_teacher_page_opens_on_the_serving_machine(address):
    assert not kit_app.teacher_page_refused(TEACHER, address, ())
    assert not kit_app.teacher_page_refused("/voila/render/es/classroom/teacher.ipynb", address, ())


@pytest.mark.parametrize(
    "path",
    [
        TEACHER,
        "/voila/render/ru/classroom/teacher.ipynb",
        "/voila/render/classroom%2Fteacher.ipynb",  # a slash written as %2F
        "/voila/render/classroom/teacher%2Eipynb",
    ],
)
def test_the_teacher_page_is_refused_to_a_students_machine(path):
    assert kit_app.teacher_page_refused(path, "192.168.1.31", ())
    assert kit_app.teacher_page_refused(path, "192.168.1.31", ("192.168.1.30",))
    assert not kit_app.teacher_page_refused(path, "192.168.1.30", ("192.168.1.30",))
    assert not kit_app.teacher_page_refused(path, "192.168.1.31", ("*",))


@pytest.mark.parametrize(
    "path", ["/voila/render/classroom/student.ipynb", "/voila/render/00_index.ipynb", "/"]
)
def test_every_other_page_opens_from_any_machine(path):
    assert not kit_app.teacher_page_refused(path, "192.168.1.31", ())


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
        self.root_dir, self._pools = "no pages here", {}

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


def test_the_benchmark_machine_keeps_six_warm_kernels_and_one_preheated_kernel_a_page():
    # 2 cores, 20 GB free: 40 kernels, 6 of them warm; 21 English pages get 1 each (27 in all)
    assert kit_app.warm_pool_size(cpus=2, available_mb=20_000, visitors=30) == 6
    assert kit_app.pool_size(pages=21, cpus=2, available_mb=20_000, visitors=30) == 1
    assert kit_app.warm_pool_size(cpus=1, available_mb=1_000, visitors=30) == 1  # never none
    assert kit_app.warm_pool_size(cpus=64, available_mb=500_000, visitors=30) == 30


def _notebook(path, cells):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells, "metadata": {}, "nbformat": 4}))


def _code(source, tags=()):
    return {"cell_type": "code", "metadata": {"tags": list(tags)}, "source": source}


def test_warm_kernels_import_what_the_pages_import(tmp_path):
    _notebook(
        tmp_path / "game" / "01_a.ipynb",
        [
            _code(["import json\n", "from kit_common.display import MarkdownText\n"]),
            _code("from fractions import Fraction", tags=["kit-check"]),
            _code("%timeit 1"),  # IPython syntax: nothing to read
            {"cell_type": "markdown", "metadata": {}, "source": "import not_code"},
        ],
    )
    _notebook(
        tmp_path / "es" / "game" / "01_a.ipynb", [_code("import os.path, json\nfrom . import x")]
    )
    (tmp_path / "broken.ipynb").write_text("not json")
    assert kit_app.page_imports(tmp_path, ["kit-check"]) == [
        "json",
        "kit_common.display",
        "os.path",
    ]


def test_what_the_kernels_import_is_imported_once_before_the_app_starts_them(tmp_path):
    # ./dev runs this before the app starts its kernels: the bytecode is then written once
    _notebook(tmp_path / "01_a.ipynb", [_code("import colorsys\nimport no_such_module_anywhere")])
    sys.modules.pop("colorsys", None)
    kit_app.import_page_modules(tmp_path)  # the missing module is its page's to report
    assert "colorsys" in sys.modules and "ipykernel.kernelapp" in sys.modules


def test_the_warm_up_imports_each_module_and_leaves_a_missing_one_to_its_page():
    sys.modules.pop("colorsys", None)
    namespace: dict = {}
    try:
        exec(kit_app.warm_up_code(["no_such_module_anywhere", "colorsys"]), namespace)
        # what the warm-up made is out of the collector's reach: a page's cells do not walk it
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()  # (this test process is no warm kernel)
    assert "colorsys" in sys.modules
    assert set(namespace) == {"__builtins__"}  # nothing left in the page's namespace


def test_the_hand_over_moves_the_kernel_to_the_page_folder_with_the_request_environment(
    tmp_path, monkeypatch
):
    monkeypatch.chdir(Path.cwd())  # restored after the test
    monkeypatch.setenv("QUERY_STRING", "")
    namespace: dict = {}
    from voila.utils import ENV_VARIABLE  # Voila names the request's variables with an enum

    exec(kit_app.hand_over_code(str(tmp_path), {ENV_VARIABLE.QUERY_STRING: "a='b'"}), namespace)
    assert Path.cwd() == tmp_path and os.environ["QUERY_STRING"] == "a='b'"
    assert set(namespace) == {"__builtins__"}


class FakeKernel:
    """A started kernel: the code run in it, through clients of its own."""

    def __init__(self) -> None:
        self.ran: list[str] = []

    def client(self) -> FakeKernelClient:
        return FakeKernelClient(self)


class FakeKernelClient:
    """jupyter_client's asynchronous kernel client, as the warm kernels use it."""

    def __init__(self, kernel: FakeKernel) -> None:
        self.kernel = kernel

    def start_channels(self) -> None:
        pass

    def stop_channels(self) -> None:
        pass

    async def wait_for_ready(self, timeout: float) -> None:
        pass

    async def execute_interactive(self, code: str, **kwargs) -> dict:
        self.kernel.ran.append(code)
        return {"content": {"status": "ok"}}


class FakeApp(LoggingConfigurable):
    """The Voila app, as its kernel manager sees it."""

    base_url = server_url = "/"
    port = 8866


class FakeKernelManager(LoggingConfigurable):
    """The parts of Voila's kernel manager (over jupyter_server's) the warm kernels use."""

    fill_delay = 0
    default_kernel_name = "python3"

    def __init__(self, root: Path, **kwargs) -> None:
        super().__init__(**kwargs)
        self.root_dir, self._pools, self.kernels = str(root), {}, {}
        self.parent = FakeApp()

    async def start_kernel(self, *, kernel_id=None, path=None, **kwargs) -> str:
        kernel_id = f"kernel-{len(self.kernels) + 1}"
        self.kernels[kernel_id] = FakeKernel()
        return kernel_id

    def get_kernel(self, kernel_id: str) -> FakeKernel:
        return self.kernels[kernel_id]

    def __contains__(self, kernel_id: str) -> bool:
        return kernel_id in self.kernels

    def cwd_for_path(self, path: str, **kwargs) -> str:
        return os.path.join(self.root_dir, path)

    async def shutdown_kernel(self, kernel_id: str, now: bool = False) -> None:
        del self.kernels[kernel_id]


def test_a_page_without_a_preheated_kernel_gets_a_warm_kernel_moved_to_its_folder(tmp_path):
    from voila.utils import ENV_VARIABLE

    _notebook(tmp_path / "game" / "01_a.ipynb", [_code("import colorsys")])

    async def scenario():
        manager = kit_app.complete_pages(FakeKernelManager)(root=tmp_path, warm_pool_size=2)
        await asyncio.gather(*manager._pools[kit_app.WARM])
        env = {**os.environ, ENV_VARIABLE.QUERY_STRING: "lang=es"}
        handed = [
            await manager.start_kernel(kernel_name="python3", path="es/game", env=env)
            for _ in range(3)
        ]
        other = await manager.start_kernel(kernel_name="julia", path="es/game", env=env)
        refilled = await asyncio.gather(*manager._pools[kit_app.WARM])
        return manager, handed, other, refilled

    manager, handed, other, refilled = run_coroutine(scenario())
    # the two warm kernels, then a new one (the refills had not run yet), never warmed up
    assert handed == ["kernel-1", "kernel-2", "kernel-3"]
    warmed, _, cold = (manager.kernels[k].ran for k in handed)
    assert "'colorsys'" in warmed[0]
    assert str(tmp_path / "es" / "game") in warmed[1] and "'QUERY_STRING': 'lang=es'" in warmed[1]
    assert "PATH" not in warmed[1]  # only what differs from the warm kernel's environment
    assert cold == [] and manager.kernels[other].ran == []  # another kernel type starts anew
    assert [warm["kernel_id"] for warm in refilled] == ["kernel-5", "kernel-6"]


def test_a_warm_kernel_taken_is_replaced_after_its_own_delay(tmp_path):
    """`warm_fill_delay` (the browser tests' 0) replaces a warm kernel taken sooner than a
    page's pool is refilled (their `fill_delay` of an hour)."""
    _notebook(tmp_path / "01_a.ipynb", [_code("import colorsys")])

    async def scenario():
        manager = kit_app.complete_pages(FakeKernelManager)(
            root=tmp_path, warm_pool_size=1, warm_fill_delay=0
        )
        manager.fill_delay = 3600
        await asyncio.gather(*manager._pools[kit_app.WARM])
        taken = await manager.start_kernel(kernel_name="python3", path="", env={})
        refill = await asyncio.wait_for(asyncio.gather(*manager._pools[kit_app.WARM]), 10)
        return taken, refill

    taken, refill = run_coroutine(scenario())
    assert taken == "kernel-1" and [warm["kernel_id"] for warm in refill] == ["kernel-2"]


def test_voila_starts_a_page_kernel_through_the_manager_and_culls_around_its_pools():
    import inspect

    from voila.handler import VoilaHandler
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    handler = inspect.getsource(VoilaHandler.get_generator)
    assert "self.kernel_manager.start_kernel(" in handler, (
        "Voila's page handler no longer starts a page's kernel with kernel_manager."
        "start_kernel: kit_app's warm kernels are never handed out (see its docstring)"
    )
    manager = voila_kernel_manager_factory(object, True, 1)
    for method in ("cull_kernel_if_idle", "shutdown_all", "shutdown_kernel"):
        assert "self._pools" in inspect.getsource(getattr(manager, method)), (
            f"Voila's VoilaKernelManager.{method} no longer looks at its _pools: kit_app's "
            "warm kernels, pooled there, would be culled or left running (see its docstring)"
        )


def test_the_voila_internals_kit_app_overrides_are_still_there():
    import voila.app
    from voila.notebook_renderer import NotebookRenderer
    from voila.voila_kernel_manager import voila_kernel_manager_factory

    assert voila.app.voila_kernel_manager_factory is voila_kernel_manager_factory, (
        "voila.app no longer builds its kernel manager with voila_kernel_manager_factory: "
        "kit_app's complete pages, preheat queue and warm kernels are not in the app"
    )
    manager = voila_kernel_manager_factory(object, True, 1)
    for name in ("_initialize", "_notebook_renderer_factory"):
        assert hasattr(manager, name), f"Voila's VoilaKernelManager has no {name} any more"
    assert hasattr(NotebookRenderer, "_jinja_cell_generator"), (
        "Voila's NotebookRenderer has no _jinja_cell_generator any more: kit_app cannot tell "
        "a completely run page"
    )


def test_the_app_routes_a_students_request_for_the_teacher_page_to_a_refusal():
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

    line = RequestStartLine("GET", TEACHER + "?class=ABCD234", "HTTP/1.1")
    headers = HTTPHeaders({"Host": "192.168.1.20:8866"})
    request = HTTPServerRequest(start_line=line, headers=headers)
    request.remote_ip = "192.168.1.31"
    assert kit_app.TeacherPageFromAfar(()).match(request) == {}
    request.remote_ip = "127.0.0.1"
    assert kit_app.TeacherPageFromAfar(()).match(request) is None


def test_visitors_may_hold_the_kernels_the_memory_holds_and_a_class_at_least():
    assert kit_app.visitor_kernel_cap(available_mb=24_000, visitors=30) == 120
    assert kit_app.visitor_kernel_cap(available_mb=2_000, visitors=30) == 30


def test_a_device_over_its_kernels_is_refused_with_a_sentence_until_it_leaves_a_page():
    kernels = kit_app.VisitorKernels(cap=10, per_client=2)
    kernels.note("k1", "192.168.1.31")
    kernels.note("k2", "192.168.1.31")
    running = {"k1", "k2"}
    refusal = kernels.refusal("192.168.1.31", running)
    assert refusal is not None and "You have 2 pages of this app open" in refusal
    assert kernels.refusal("192.168.1.32", running) is None  # another device
    assert kernels.refusal("127.0.0.1", running) is None  # the serving machine
    assert kernels.refusal("192.168.1.31", {"k1"}) is None  # a page left: its kernel ended


def test_a_full_app_refuses_every_device_the_serving_machine_too():
    kernels = kit_app.VisitorKernels(cap=3, per_client=6)
    for i, address in enumerate(["10.0.0.1", "10.0.0.2", "127.0.0.1"]):
        kernels.note(f"k{i}", address)
    running = {"k0", "k1", "k2", "pooled"}  # a preheated kernel waiting in a pool is no visitor's
    for address in ("10.0.0.9", "127.0.0.1"):
        refusal = kernels.refusal(address, running)
        assert refusal is not None and "This app is full right now: 3 pages" in refusal
    assert kernels.refusal("10.0.0.9", {"k0", "k1"}) is None


@pytest.mark.parametrize(
    "path",
    [
        "/voila/render/00_index.ipynb%00.txt",
        "/voila/templates/..%2f..%2fetc%2fpasswd",
        "/voila/static/%2e%2e/kit_app.py",
        "/voila/render/martian_dice%5c..%5c..%5ckit_app.py",
        "/voila/render/a%0Ab.ipynb",
    ],
)
def test_an_address_with_a_control_character_or_a_parent_folder_is_odd(path):
    assert kit_app.odd_path(path)


@pytest.mark.parametrize(
    "path", ["/", "/voila/render/martian_dice/02_a_turn.ipynb", "/voila/static/voila.js"]
)
def test_the_app_s_own_addresses_are_not_odd(path):
    assert not kit_app.odd_path(path)


def test_a_kernel_may_be_shut_down_only_by_the_device_given_its_page():
    kernels = kit_app.VisitorKernels(cap=10, per_client=6)
    kernels.note("k1", "192.168.1.31")
    assert kernels.may_shut_down("k1", "192.168.1.31")
    assert not kernels.may_shut_down("k1", "192.168.1.32")  # another device knowing its id
    assert not kernels.may_shut_down("pooled", "127.0.0.1")  # a kernel nobody was given


def test_a_page_left_has_its_kernel_ended_at_once():
    """The beacon's shutdown kills the page's kernel (`now`): a graceful one took 1.8-2.8 s
    on a loaded machine, while the kernel still counted against the caps."""
    from types import SimpleNamespace

    asked: list[tuple[str, bool]] = []
    answered: list[int] = []

    async def shutdown_kernel(kernel_id: str, now: bool = False) -> None:
        asked.append((kernel_id, now))

    kernels = kit_app.VisitorKernels(cap=10, per_client=6)
    kernels.note("k1", "192.168.1.31")
    handler = SimpleNamespace(
        request=SimpleNamespace(
            headers={"Origin": "http://app:8866"}, host="app:8866", remote_ip="192.168.1.31"
        ),
        settings={"kit_visitor_kernels": kernels},
        kernel_manager=SimpleNamespace(shutdown_kernel=shutdown_kernel),
        set_status=answered.append,
        finish=lambda: None,
    )
    post = kit_app.ShutdownHandler.post.__wrapped__  # (past the login check)
    run_coroutine(post(handler, "k1"))
    assert asked == [("k1", True)] and answered == [204]


def test_the_voila_handlers_kit_app_replaces_are_still_its_own():
    from voila.app import Voila
    from voila.shutdown_kernel_handler import VoilaShutdownKernelHandler

    source = inspect.getsource(Voila.init_handlers)
    for handler in ("TornadoVoilaHandler", "VoilaShutdownKernelHandler", "/voila/api/contents"):
        assert handler in source, (
            f"Voila's init_handlers no longer routes to {handler}: kit_app.init_handlers "
            "would leave Voila's own in place (its pages, kernel shutdown, contents API)"
        )
    assert "post" in vars(VoilaShutdownKernelHandler)


@pytest.mark.parametrize(
    ("path", "accept", "language"),
    [
        ("/voila/render/es/martian_dice/02_a_turn.ipynb", "ru", "es"),  # the page's own
        ("/voila/render/martian_dice/02_a_turn.ipynb", "pt-BR,pt;q=0.9,en;q=0.8", "pt"),
        ("/voila/render/00_index.ipynb", "de-DE, ru;q=0.5, es;q=0.7", "es"),
        ("/voila/render/00_index.ipynb", "ru;q=0, es;q=bad", "en"),
        ("/voila/render/00_index.ipynb", None, "en"),
    ],
)
def test_a_refusal_speaks_the_page_s_language_or_the_browser_s(path, accept, language):
    assert kit_app.request_language(path, accept) == language


def test_a_device_over_its_kernels_is_refused_in_its_language():
    kernels = kit_app.VisitorKernels(cap=10, per_client=1)
    kernels.note("k1", "10.0.0.1")
    refusal = kernels.refusal("10.0.0.1", {"k1"}, "es")
    assert refusal is not None and refusal.startswith("Tienes 1 páginas")


def test_the_page_read_next_is_the_next_numbered_page_and_an_index_leads_to_each_game(tmp_path):
    for name in (
        "00_index",
        "glossary",
        "game/01_a",
        "game/02_b",
        "game/04_d",
        "game/rules_card",
        "other/01_x",
        "es/00_index",
        "es/game/01_a",
        "es/game/02_b",
        "es/classroom/student",
    ):
        _notebook(tmp_path / f"{name}.ipynb", [])
    assert kit_app.next_pages(tmp_path, "es/game/01_a.ipynb") == ["es/game/02_b.ipynb"]
    assert kit_app.next_pages(tmp_path, "game/02_b.ipynb") == ["game/04_d.ipynb"]  # a gap
    assert kit_app.next_pages(tmp_path, "es/game/02_b.ipynb") == []  # the last page
    assert kit_app.next_pages(tmp_path, "es/00_index.ipynb") == ["es/game/01_a.ipynb"]
    # the app's index: each game's first page, not a translation's index
    assert kit_app.next_pages(tmp_path, "00_index.ipynb") == ["game/01_a.ipynb", "other/01_x.ipynb"]
    for page in ("game/rules_card.ipynb", "glossary.ipynb", "es/classroom/student.ipynb"):
        assert kit_app.next_pages(tmp_path, page) == []
    assert kit_app.next_pages(tmp_path, "game/03_no_such_page.ipynb") == []


class FakePreheatingManager(FakeKernelManager):
    """Voila's preheating kernel manager as kit_app's next-page preheats use it: pools kept
    for the `kept` pages, a page's notebook run in a kernel of its own, a kernel taken from a
    pool (`get_rendered_notebook`) followed by Voila's refill (`fill_if_needed`)."""

    default_env_variables: ClassVar[dict] = {}
    notebook_path = None

    def __init__(self, root: Path, kept: tuple[str, ...] = (), **kwargs) -> None:
        super().__init__(root, **kwargs)
        self._pools.update({name: [] for name in kept})
        self.refilled: list[str] = []
        self.started_for: dict[str, str] = {}  # kernel id -> the page preheated in it
        self.ids = itertools.count(1)

    async def start_kernel(self, *, kernel_id=None, path=None, **kwargs) -> str:
        kernel_id = f"kernel-{next(self.ids)}"  # never reused
        self.kernels[kernel_id] = FakeKernel()
        return kernel_id

    def fill_if_needed(self, delay=None, notebook_name=None, **kwargs) -> None:
        self.refilled.append(notebook_name)

    def _notebook_renderer_factory(self, notebook_path=None):
        return FakeRenderer(FakeExecutor(1, set()))

    async def _initialize(self, notebook_path, kernel_id=None, **kwargs):
        renderer = self._notebook_renderer_factory(notebook_path)
        kernel_id = await FakePreheatingManager.start_kernel(self, **kwargs)
        self.started_for[kernel_id] = notebook_path

        async def render():
            return [cell async for cell in renderer._jinja_cell_generator(None, kernel_id)]

        task = asyncio.get_running_loop().create_task(render())
        return {"task": task, "renderer": renderer, "kernel_id": kernel_id}

    async def get_rendered_notebook(self, notebook_name, **kwargs):
        content = await self._pools[notebook_name].pop(0)
        self.fill_if_needed(delay=None, notebook_name=notebook_name)
        return content["kernel_id"]


def _reading_pages(root: Path) -> None:
    for lang in ("", "es/", "pt/", "ru/"):
        for name in ("00_index", "game/01_a", "game/02_b", "game/03_c"):
            _notebook(root / f"{lang}{name}.ipynb", [])


async def _settled() -> None:
    """Let the preheats started (no delay, fake kernels) run to their ends."""
    for _ in range(20):
        await asyncio.sleep(0)


def test_a_translated_page_preheats_its_next_page_which_the_reader_then_gets(tmp_path):
    _reading_pages(tmp_path)
    english = ("00_index.ipynb", "game/01_a.ipynb", "game/02_b.ipynb", "game/03_c.ipynb")

    async def scenario():
        manager = kit_app.complete_pages(FakePreheatingManager)(
            root=tmp_path, kept=english, warm_pool_size=0, next_page_preheats=2
        )
        manager.preheat_after_visit("game/01_a.ipynb")  # English: its next page is kept
        manager.preheat_after_visit("es/game/01_a.ipynb")
        await _settled()
        pooled = sorted(manager._pools)
        served = await manager.get_rendered_notebook("es/game/02_b.ipynb")
        return manager, pooled, served

    manager, pooled, served = run_coroutine(scenario())
    assert pooled == sorted([*english, "es/game/02_b.ipynb", kit_app.WARM])
    assert manager.started_for[served] == "es/game/02_b.ipynb"  # the page already run
    # not refilled: the reader is past it, and nobody else was kept waiting for it
    assert manager.refilled == [] and "es/game/02_b.ipynb" not in manager._pools
    assert manager._next_pages == {} and served in manager.kernels


def test_next_page_preheats_are_bounded_the_least_recently_asked_shut_down_first(tmp_path):
    _reading_pages(tmp_path)

    async def scenario():
        manager = kit_app.complete_pages(FakePreheatingManager)(
            root=tmp_path, warm_pool_size=6, next_page_preheats=2
        )
        await asyncio.gather(*manager._pools[kit_app.WARM])
        for lang in ("es", "pt", "ru"):
            manager.preheat_after_visit(f"{lang}/game/01_a.ipynb")
            await _settled()
        return manager

    manager = run_coroutine(scenario())
    assert list(manager._next_pages) == ["pt/game/02_b.ipynb", "ru/game/02_b.ipynb"]
    alive = sorted(manager.started_for[k] for k in manager.kernels if k in manager.started_for)
    assert alive == ["pt/game/02_b.ipynb", "ru/game/02_b.ipynb"]  # es's shut down
    assert manager._pools.keys() == {kit_app.WARM, "pt/game/02_b.ipynb", "ru/game/02_b.ipynb"}


def test_an_index_preheats_each_game_s_first_page_and_none_outlives_its_time(tmp_path):
    _reading_pages(tmp_path)

    async def scenario():
        manager = kit_app.complete_pages(FakePreheatingManager)(
            root=tmp_path, warm_pool_size=0, next_page_preheats=4, next_page_ttl=0.05
        )
        manager.preheat_after_visit("ru/00_index.ipynb")
        await _settled()
        preheated = sorted(manager.started_for.values())
        await asyncio.sleep(0.1)
        await _settled()
        return manager, preheated

    manager, preheated = run_coroutine(scenario())
    assert preheated == ["ru/game/01_a.ipynb"]
    assert manager.kernels == {} and manager._next_pages == {}  # the idle app holds none
    assert manager._pools.keys() == {kit_app.WARM}


def test_a_next_page_not_started_when_its_reader_arrives_is_never_started(tmp_path):
    _reading_pages(tmp_path)

    async def scenario():
        manager = kit_app.complete_pages(FakePreheatingManager)(root=tmp_path, warm_pool_size=1)
        manager.fill_delay = 3600  # the preheat waits for the page it follows to be drawn
        await asyncio.gather(*manager._pools[kit_app.WARM])
        manager.preheat_after_visit("es/game/01_a.ipynb")
        waiting = list(manager._next_pages)
        assert manager.get_pool_size("es/game/02_b.ipynb") == 0  # the visitor: a warm kernel
        manager.preheat_after_visit("es/game/02_b.ipynb")
        return manager, waiting

    manager, waiting = run_coroutine(scenario())
    assert waiting == ["es/game/02_b.ipynb"]
    assert list(manager._next_pages) == ["es/game/03_c.ipynb"]  # and 02's was cancelled
    assert manager.started_for == {}


def test_behind_a_trusted_proxy_a_device_is_the_address_the_proxy_names():
    """Behind a reverse proxy on the serving machine every request comes from 127.0.0.1:
    without `--trusted-proxy` each student would count as the serving machine (no cap of a
    device, the teacher's page open); with it, the device is the last address of
    `X-Forwarded-For` that is not a trusted proxy, and a device cannot forge its own."""
    client = kit_app.client_address
    # without trusted proxies the header is never read
    assert client("127.0.0.1", "192.168.1.31", ()) == "127.0.0.1"
    assert client("192.168.1.31", "127.0.0.1", ()) == "192.168.1.31"
    # a trusted proxy's request is the device's its header names
    assert client("127.0.0.1", "192.168.1.31", ("127.0.0.1",)) == "192.168.1.31"
    assert client("::ffff:127.0.0.1", " 192.168.1.31 ", ("127.0.0.1",)) == "192.168.1.31"
    assert client("127.0.0.1", None, ("127.0.0.1",)) == "127.0.0.1"  # this machine, direct
    # what a device wrote itself, before what the proxy appended, is not believed
    forged = "127.0.0.1, 192.168.1.31"
    assert client("127.0.0.1", forged, ("127.0.0.1",)) == "192.168.1.31"
    # two proxies in a row: the first untrusted address from the right
    assert client("127.0.0.1", "192.168.1.31, 10.0.0.2", ("127.0.0.1", "10.0.0.2")) == (
        "192.168.1.31"
    )
    # an entry that is no address is an unknown device, never the serving machine
    for junk in ("localhost", " ", "1.2.3.4:80", "<script>"):
        assert client("127.0.0.1", junk, ("127.0.0.1",)) == "unknown"
    # a device that is not a trusted proxy cannot claim another address
    assert client("192.168.1.31", "127.0.0.1", ("127.0.0.1",)) == "192.168.1.31"


def test_behind_a_trusted_proxy_the_caps_and_the_teacher_page_see_each_device():
    from tornado.httputil import HTTPHeaders, HTTPServerRequest, RequestStartLine

    line = RequestStartLine("GET", TEACHER, "HTTP/1.1")
    headers = HTTPHeaders({"Host": "school.example", "X-Forwarded-For": "192.168.1.31"})
    request = HTTPServerRequest(start_line=line, headers=headers)
    request.remote_ip = "127.0.0.1"
    assert kit_app.TeacherPageFromAfar(()).match(request) is None  # the limit documented
    assert kit_app.TeacherPageFromAfar((), ("127.0.0.1",)).match(request) == {}
    student = kit_app.request_client(request, ("127.0.0.1",))
    kernels = kit_app.VisitorKernels(cap=10, per_client=1)
    kernels.note("k1", student)
    assert kernels.refusal(student, {"k1"}) is not None  # the device's cap holds
    assert kernels.refusal("127.0.0.1", {"k1"}) is None  # the serving machine has none
    assert not kernels.may_shut_down("k1", "127.0.0.1")


def test_page_templates_are_compiled_once_for_the_app_and_again_when_changed(monkeypatch):
    import jinja2

    sources = {"page.j2": "{% extends 'base.j2' %}{% block b %}{{ x }}!{% endblock %}"}
    sources["base.j2"] = "<{% block b %}{% endblock %}>"

    class Exporter:
        enable_async = False

        def _create_environment(self):
            return jinja2.Environment(
                loader=jinja2.FunctionLoader(lambda name: sources[name]),
                enable_async=self.enable_async,
            )

    compiled: list[str] = []
    compile_ = jinja2.Environment.compile

    def counting(self, source, name=None, *args, **kwargs):
        compiled.append(name)
        return compile_(self, source, name, *args, **kwargs)

    monkeypatch.setattr(jinja2.Environment, "compile", counting)
    code = kit_app.share_template_code(Exporter)
    assert kit_app.share_template_code(Exporter) is code  # once

    def render() -> str:
        return Exporter()._create_environment().get_template("page.j2").render(x=1)

    assert render() == "<1!>" and sorted(compiled) == ["base.j2", "page.j2"]
    assert render() == "<1!>" and len(compiled) == 2  # a new environment: nothing compiled
    sources["base.j2"] = "[{% block b %}{% endblock %}]"  # an edited template
    assert render() == "[1!]" and compiled[2:] == ["base.j2"]
    Exporter.enable_async = True  # the same template rendered asynchronously: its own code
    environment = Exporter()._create_environment()
    assert run_coroutine(environment.get_template("page.j2").render_async(x=2)) == "[2!]"
    assert sorted(compiled[3:]) == ["base.j2", "page.j2"]
    # what the app gives every template (the bundle's address) is there in each environment
    monkeypatch.setitem(kit_app.TEMPLATE_GLOBALS, "kit_voila_chunks", "/voila/kit/x.js?v=1")
    assert Exporter()._create_environment().globals["kit_voila_chunks"] == "/voila/kit/x.js?v=1"


def test_nbclient_still_gets_its_kernel_client_from_the_kernel_manager():
    """The app's PromptKernelClient reaches nbclient (which runs a page's cells) only through
    the kernel manager's `client()`; it is the manager's `client_factory` that kit_app sets."""
    from jupyter_client.manager import KernelManager
    from nbclient import NotebookClient

    source = inspect.getsource(NotebookClient.async_start_new_kernel_client)
    assert "self.km.client()" in source and "wait_for_ready" in source, (
        "nbclient no longer makes its client with km.client() and waits for it: the app's "
        "PromptKernelClient may no longer be the one that waits"
    )
    manager = KernelManager(client_factory=kit_app.PromptKernelClient)
    assert isinstance(manager.client(), kit_app.PromptKernelClient)
