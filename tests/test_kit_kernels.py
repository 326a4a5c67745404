"""kit_kernels.py: kernels forked from a server that imported the pages' modules, driven as
the app drives them (jupyter_server's kernel manager, a jupyter_client client)."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path

import psutil
import pytest

import kit_kernels

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(not kit_kernels.supported(), reason="needs fork and pidfds"),
]

#: A module the kernels' code never imports by itself: found already imported in a forked
#: kernel, it was the server's import.
MARKER = "colorsys"


def run(coroutine):
    """Run `coroutine` in a thread of its own (Playwright may hold this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result()


#: What the shared server imports: an engine module, numpy (reseeded in each kernel), a
#: module no kernel imports by itself, and the kernel-aware modules it must leave alone.
MODULES = [
    *("martian_kit.game", "numpy", MARKER),
    *("ipywidgets", "plotly.io", "kit_common.widgets.base"),
]


@contextmanager
def _as_the_server(own: kit_kernels.ForkServer) -> Iterator[kit_kernels.ForkServer]:
    """`own` as `kit_kernels.SERVER` (what ForkProvisioner asks), stopped afterwards."""
    kept = kit_kernels.SERVER
    kit_kernels.SERVER = own
    try:
        yield own
    finally:
        kit_kernels.SERVER = kept
        own.stop()


@pytest.fixture(scope="module")
def shared_server() -> Iterator[kit_kernels.ForkServer]:
    """One fork server for the tests that leave it running (a start imports ipykernel)."""
    with _as_the_server(kit_kernels.ForkServer()) as own:
        yield own


@pytest.fixture
def server() -> Iterator[kit_kernels.ForkServer]:
    """A fork server of the test's own, for a test that stops it or has it refuse."""
    with _as_the_server(kit_kernels.ForkServer()) as own:
        yield own


async def _started(server: kit_kernels.ForkServer, modules: list[str], cwd: Path, **env: str):
    if not server.started:
        server.start(modules)
    manager = kit_kernels.ForkingKernelManager(kernel_name="python3")
    await manager.start_kernel(cwd=str(cwd), env={**os.environ, **env})
    client = manager.client()
    client.start_channels()
    await client.wait_for_ready(timeout=60)
    return manager, client


async def _value(client, expression: str, timeout: float = 30) -> str:
    """The repr the kernel prints for `expression`."""
    printed: list[str] = []

    def hook(message: dict) -> None:
        if message["msg_type"] == "stream":
            printed.append(message["content"]["text"])

    reply = await client.execute_interactive(
        f"print(repr({expression}))", timeout=timeout, output_hook=hook
    )
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(printed).strip()


def _gone(pid: int, within: float = 10.0) -> bool:
    """Whether process `pid` is gone (not even a zombie) within `within` seconds."""
    deadline = time.monotonic() + within
    while time.monotonic() < deadline:
        try:
            if psutil.Process(pid).status() == psutil.STATUS_ZOMBIE:
                time.sleep(0.1)
                continue
        except psutil.NoSuchProcess:
            return True
        time.sleep(0.1)
    return False


def test_a_forked_kernel_runs_in_the_folder_and_environment_asked_for_and_is_interrupted(
    shared_server, tmp_path
):
    async def scenario():
        manager, client = await _started(shared_server, MODULES, tmp_path, KIT_TRIAL="yes")
        try:
            assert isinstance(manager.provisioner.process, kit_kernels.ForkedKernel)
            pid = manager.provisioner.process.pid
            assert psutil.Process(pid).ppid() == shared_server._process.pid  # the server's
            seen = {
                "pid": await _value(client, "__import__('os').getpid()"),
                "cwd": await _value(client, "__import__('os').getcwd()"),
                "env": await _value(client, "__import__('os').environ.get('KIT_TRIAL')"),
                "marker": await _value(client, f"{MARKER!r} in __import__('sys').modules"),
                "group": await _value(client, "__import__('os').getpgid(0)"),
            }
            running = asyncio.ensure_future(
                client.execute_interactive("import time; time.sleep(30)", timeout=60)
            )
            await asyncio.sleep(0.5)
            await manager.interrupt_kernel()
            interrupted = (await asyncio.wait_for(running, 20))["content"]
            after = await _value(client, "1 + 1")
            return pid, seen, interrupted, after
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)

    pid, seen, interrupted, after = run(scenario())
    assert seen == {
        "pid": str(pid),
        "cwd": repr(str(tmp_path)),
        "env": "'yes'",
        "marker": "True",
        "group": str(pid),  # a process group of its own, as a launched kernel has
    }
    assert interrupted["status"] == "error" and interrupted["ename"] == "KeyboardInterrupt"
    assert after == "2"  # the kernel went on
    assert _gone(pid)  # shut down, and collected by the server: no zombie


def test_a_kernel_killed_is_seen_dead_and_restarted_with_random_numbers_of_its_own(
    shared_server, tmp_path
):
    draw = "(__import__('random').random(), __import__('numpy').random.rand())"

    async def scenario():
        manager, client = await _started(shared_server, MODULES, tmp_path)
        try:
            first = manager.provisioner.process.pid
            first_draw = await _value(client, draw)
            os.kill(first, 9)
            assert _gone(first)
            alive = await manager.is_alive()
            await manager.restart_kernel(now=True)
            await client.wait_for_ready(timeout=60)
            second = await _value(client, "__import__('os').getpid()")
            return first, alive, int(second), first_draw, await _value(client, draw)
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)

    first, alive, second, first_draw, second_draw = run(scenario())
    assert not alive and second != first
    # both forked from one server: CPython reseeds `random`, the kit reseeds numpy's
    for before, after in zip(
        first_draw.strip("()").split(", "), second_draw.strip("()").split(", ")
    ):
        assert before != after


def test_the_server_ends_its_kernels_when_the_app_lets_go(server, tmp_path):
    async def scenario():
        manager, client = await _started(server, [], tmp_path)
        client.stop_channels()
        return manager.provisioner.process.pid

    pid = run(scenario())
    server_pid = server._process.pid
    server.stop()  # what the app's exit does: its end of the socket closes
    assert _gone(pid) and _gone(server_pid)


def test_a_server_whose_imports_start_a_thread_refuses_and_kernels_are_launched(
    server, tmp_path, monkeypatch
):
    (tmp_path / "kit_threaded_module.py").write_text(
        "import threading, time\n"
        "threading.Thread(target=time.sleep, args=(60,), daemon=True).start()\n"
    )
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), *sys.path]))

    async def scenario():
        manager, client = await _started(server, ["kit_threaded_module"], tmp_path)
        try:
            return manager.provisioner.process, await _value(client, "1 + 1")
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)

    process, value = run(scenario())
    assert not isinstance(process, kit_kernels.ForkedKernel) and value == "2"
    assert server.failure == "2 threads run after the imports"


def test_a_shared_result_is_computed_once_by_the_server_for_every_kernel(
    server, tmp_path, monkeypatch
):
    """A result the app names (kit_app.SHARED_RESULTS) is computed by the server before it
    forks: each kernel finds it cached, computed in the server's process, not its own. One
    whose module the pages do not import is not computed, and one that fails is left to the
    page that calls it."""
    (tmp_path / "kit_solved_game.py").write_text(
        "import os\n"
        "from functools import cache\n"
        "@cache\n"
        "def solved():\n"
        "    return os.getpid()\n"
        "def broken():\n"
        "    raise ValueError('left for its page')\n"
    )
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), *sys.path]))
    results = ["kit_solved_game:solved", "kit_solved_game:broken", "colorsys:no_such_function"]

    async def scenario() -> list[str]:
        server.start(["kit_solved_game"], results)
        seen = []
        for _ in range(2):
            manager, client = await _started(server, [], tmp_path)
            try:
                seen.append(
                    await _value(
                        client,
                        "(__import__('kit_solved_game').solved(), __import__('os').getppid(),"
                        " 'colorsys' in __import__('sys').modules)",
                    )
                )
            finally:
                client.stop_channels()
                await manager.shutdown_kernel(now=True)
        return seen

    first, second = run(scenario())
    server_pid = str(server._process.pid)
    # each kernel is the server's child, and the result is the server's own pid: computed there
    assert first == second == f"({server_pid}, {server_pid}, False)"


def test_only_this_python_s_ipykernel_launcher_is_forked():
    assert kit_kernels.forkable([sys.executable, "-m", "ipykernel_launcher", "-f", "c.json"])
    assert not kit_kernels.forkable(["/usr/bin/python3.9", "-m", "ipykernel_launcher", "-f", "c"])
    assert not kit_kernels.forkable([sys.executable, "-m", "other_kernel", "-f", "c.json"])
    assert not kit_kernels.forkable(["julia", "-i", "kernel.jl"])


def test_a_forked_kernel_is_like_a_launched_one_once_the_pages_modules_are_imported(
    shared_server, tmp_path
):
    """The kernel-aware imports (ipywidgets' comm target, plotly's renderer, the kit's
    traceback hook) are done by the kernel itself: after the warm-up code the app runs, a
    forked kernel shows what a launched one shows."""
    import kit_app

    modules = MODULES
    probe = (
        "(sorted(get_ipython().kernel.comm_manager.targets),"
        " __import__('plotly').io.renderers.default,"
        " get_ipython().showtraceback.__qualname__,"
        " 'ipywidgets' in __import__('sys').modules)"
    )

    async def seen(forked: bool) -> str:
        if forked:
            manager, client = await _started(shared_server, modules, tmp_path)
        else:
            from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

            manager = ServerKernelManager(kernel_name="python3")
            await manager.start_kernel(cwd=str(tmp_path))
            client = manager.client()
            client.start_channels()
            await client.wait_for_ready(timeout=60)
        try:
            assert isinstance(manager.provisioner.process, kit_kernels.ForkedKernel) == forked
            reply = await client.execute_interactive(
                kit_app.warm_up_code(modules), timeout=120, output_hook=lambda _: None
            )
            assert reply["content"]["status"] == "ok", reply["content"]
            return await _value(client, probe)
        finally:
            client.stop_channels()
            await manager.shutdown_kernel(now=True)

    forked, launched = run(seen(True)), run(seen(False))
    assert "jupyter.widget" in launched and "True" in launched
    assert forked == launched


def test_the_server_imports_nothing_that_looks_for_a_kernel(server, tmp_path, monkeypatch):
    assert kit_kernels.kernel_independent(
        ["numpy", "plotly.io", "ipywidgets", "kit_common.widgets.base", "martian_kit.game", "math"]
    ) == ["ipykernel.kernelapp", "numpy", "martian_kit.game", "math"]
    # an engine that pulled plotly in anyway: the server refuses (kernels are then launched,
    # as the test above shows)
    (tmp_path / "kit_plotting_engine.py").write_text("import plotly.io\n")
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join([str(tmp_path), *sys.path]))

    async def ready() -> bool:
        server.start(["kit_plotting_engine"])
        return await server.ready()

    assert not run(ready())
    assert server.failure == "imported outside a kernel: plotly"


def test_the_app_s_client_is_ready_when_its_kernel_answers_and_says_when_it_died(
    shared_server, tmp_path
):
    """kit_app.PromptKernelClient, as the hand-over and nbclient use it: one client after
    another on the same kernel, each ready and getting its own replies; a kernel gone is
    said, not waited for."""
    import kit_app

    async def scenario() -> tuple[list[str], str]:
        if not shared_server.started:
            shared_server.start(MODULES)
        manager = kit_kernels.ForkingKernelManager(
            kernel_name="python3", client_factory=kit_app.PromptKernelClient
        )
        await manager.start_kernel(cwd=str(tmp_path), env=dict(os.environ))
        answers = []
        try:
            for n in range(3):
                client = manager.client()
                assert isinstance(client, kit_app.PromptKernelClient)
                client.start_channels()
                try:
                    await client.wait_for_ready(timeout=60)
                    answers.append(await _value(client, f"6 * 7 + {n}"))
                finally:
                    client.stop_channels()
        finally:
            await manager.shutdown_kernel(now=True)
        late = manager.client()
        late.start_channels()
        try:
            await late.wait_for_ready(timeout=30)
        except RuntimeError as error:
            return answers, str(error)
        finally:
            late.stop_channels()
        return answers, "ready"

    answers, late = run(scenario())
    assert answers == ["42", "43", "44"]
    assert "died" in late
