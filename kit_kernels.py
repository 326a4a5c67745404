"""Kernels forked from a process that has already imported what the pages import.

Every kernel the app starts (a page's preheated kernel, a warm kernel, a page opened without
one) used to be a new Python process that imported ipykernel, IPython, numpy, plotly,
ipywidgets and the kits before running its first cell: about 1.3 s of CPU to start and 1.3 s
more to import the pages' modules, on each of the ~40 kernels of a start on 2 cores and on
each kernel taken after it (measured in issue 24's notes). Here one *fork server* imports
all of that once; a kernel is then a `fork()` of it (about 0.05 s) that goes on as
`python -m ipykernel_launcher -f CONNECTION_FILE` would, in the folder and with the
environment the app asked for. Its memory is shared with the server until written to.

How it fits jupyter_client: `ForkingKernelManager` (the app's per-kernel manager class,
`kit_app.KitVoila` sets it) gives each kernel a `ForkProvisioner`, a `LocalProvisioner`
whose `launch_kernel` asks the server for the fork when the command is this Python's
`-m ipykernel_launcher` and the server is running, and launches the command as usual
otherwise. The server hands back a pidfd of the new kernel (`os.pidfd_open`, passed over
the socket): the app polls, waits and signals the kernel through it, so a pid reused after
the kernel ended can never be signalled. A kernel is put in a process group of its own
before it is handed over (interrupts and shutdowns signal the group, as for a launched
kernel).

What the server imports: only what never looks for a running kernel when imported
(`kernel_independent`): ipykernel's own machinery (what `ipykernel_launcher` imports before
its kernel starts), the standard library, numpy, SQLAlchemy and the kits' engine modules,
which by the import contracts in pyproject.toml import neither IPython nor a widget or
plotting library. ipywidgets registers its comm target, plotly picks its renderer and the
kits' widget layers hook the shell's traceback display when they are imported inside a
kernel, and do nothing of it outside one: those are imported by each kernel (its warm-up
or its page's cells), as before. A server that finds one of them imported anyway refuses to
serve (`KERNEL_AWARE`).

What a forked kernel shares with its siblings, and what is done about it:
- random state: CPython reseeds `random` in a forked child; numpy's legacy global generator
  (`numpy.random.seed` with no argument) is reseeded here from the OS (the kit injects its
  own seeded generators; this is for a reader's own `np.random.rand()`);
- threads: a process that forks while other threads run copies their locks mid-way, so the
  server refuses to serve when its imports left more than one thread (the app then launches
  kernels as before and says why); BLAS libraries are told to use one thread
  (`OPENBLAS_NUM_THREADS=1` and the like, also right for 30 kernels on 2 cores);
- code: the modules are the ones imported when the app started; a change to the kit's code
  takes effect at the app's next start, as it did for the warm kernels already;
- the string hash seed (`PYTHONHASHSEED`) is the server's for every kernel.

The server lives as long as the app: it ends (and ends its kernels) when the app's end of
their socket closes, and each kernel watches the server (ipykernel's parent poller,
`JPY_PARENT_PID`). POSIX with `os.pidfd_open` only (Linux 5.3+); elsewhere kernels are
launched as before.

Run as `python -m kit_kernels FD MODULE...` by `ForkServer` only.
"""

from __future__ import annotations

import asyncio
import atexit
import gc
import json
import os
import select
import signal
import socket
import subprocess
import sys
import threading
import time
import traceback
from collections.abc import Mapping, Sequence
from contextlib import suppress
from importlib import import_module
from pathlib import Path
from typing import Any

#: The command whose kernels can be forked: this Python running ipykernel's launcher.
LAUNCHER = ["-m", "ipykernel_launcher"]
#: The largest message on the server's socket (a request carries the kernel's environment).
MESSAGE_BYTES = 1 << 20
#: Environment variables that keep the numeric libraries to one thread in the server (and so
#: in every kernel forked from it).
ONE_THREAD = {
    name: "1"
    for name in (
        "OPENBLAS_NUM_THREADS",
        "OMP_NUM_THREADS",
        "MKL_NUM_THREADS",
        "NUMEXPR_NUM_THREADS",
        "VECLIB_MAXIMUM_THREADS",
    )
}


#: Packages that look for a running kernel when imported: never imported by the server.
KERNEL_AWARE = ("ipywidgets", "plotly", "anywidget", "matplotlib")


def kernel_independent(modules: Sequence[str]) -> list[str]:
    """The modules of `modules` that the server may import: none of `KERNEL_AWARE` and no
    notebook layer (a module path with a `widgets` part), led by ipykernel's machinery."""

    def aware(name: str) -> bool:
        return "widgets" in name.split(".") or any(
            name == package or name.startswith(package + ".") for package in KERNEL_AWARE
        )

    return ["ipykernel.kernelapp", *(name for name in modules if not aware(name))]


def supported() -> bool:
    """Whether kernels can be forked here (POSIX with pidfds)."""
    return os.name == "posix" and hasattr(os, "pidfd_open") and hasattr(socket, "send_fds")


def os_threads() -> int:
    """How many threads this process runs (Linux's /proc; 1 where it cannot be read)."""
    try:
        return len(os.listdir("/proc/self/task"))
    except OSError:
        return threading.active_count()


# ---- the server (a process of its own) ---------------------------------------------------


def _send(channel: socket.socket, message: Mapping[str, Any], fds: Sequence[int] = ()) -> None:
    data = json.dumps(message).encode()
    if fds:
        socket.send_fds(channel, [data], list(fds))
    else:
        channel.send(data)


def serve(channel: socket.socket, modules: Sequence[str], results: Sequence[str] = ()) -> int:
    """The fork server's life: import `modules`, compute `results` (`shared_result`), say
    whether it is ready, then fork a kernel for each request until the app's end of `channel`
    closes; end the kernels still running and return the exit status."""
    failed = []
    for name in modules:
        try:
            import_module(name)
        except Exception:  # a page that needs it reports its own import error
            failed.append(name)
    for result in results:
        shared_result(result)
    threads = os_threads()
    if threads > 1:
        _send(channel, {"error": f"{threads} threads run after the imports"})
        return 1
    aware = sorted(name for name in KERNEL_AWARE if name in sys.modules)
    if aware:
        _send(channel, {"error": f"imported outside a kernel: {', '.join(aware)}"})
        return 1
    gc.collect()
    gc.freeze()  # the imported objects stay out of the kernels' collections: shared, unwritten
    _send(channel, {"ready": True, "failed": failed})
    children: set[int] = set()
    while True:
        _reap(children)
        readable, _, _ = select.select([channel], [], [], 1.0)
        if not readable:
            continue
        try:
            data = channel.recv(MESSAGE_BYTES)
        except ConnectionError:
            data = b""
        if not data:  # the app ended
            _end(children)
            return 0
        request = json.loads(data)
        pid = os.fork()
        if pid == 0:
            channel.close()
            _become_kernel(request["argv"], request["env"], request["cwd"])
        with suppress(OSError):  # the child may have done it first, or already ended
            os.setpgid(pid, pid)
        children.add(pid)
        pidfd = os.pidfd_open(pid)
        try:
            _send(channel, {"pid": pid}, [pidfd])
        finally:
            os.close(pidfd)


def shared_result(result: str) -> bool:
    """Call `result` ("module:function", a function without arguments that caches what it
    returns, such as a solved game) if its module is imported, so that every kernel forked
    afterwards finds it cached: computed once, its memory shared by all, unwritten. Whether it
    was computed; one that fails is left for the page that needs it to report."""
    module_name, _, function = result.partition(":")
    module = sys.modules.get(module_name)
    if module is None or not function:
        return False
    try:
        getattr(module, function)()
    except Exception:
        return False
    return True


def _reap(children: set[int]) -> None:
    """Collect the kernels that ended (no zombies left behind)."""
    for pid in list(children):
        with suppress(ChildProcessError):
            done, _ = os.waitpid(pid, os.WNOHANG)
            if not done:
                continue
        children.discard(pid)


def _end(children: set[int], grace_s: float = 5.0) -> None:
    """Ask every kernel still running to end (its process group), kill those still there
    after `grace_s` seconds, and collect them (the server never waits on a kernel forever)."""
    for pid in children:
        with suppress(OSError):
            os.killpg(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace_s
    while children and time.monotonic() < deadline:
        _reap(children)
        time.sleep(0.05)
    for pid in children:
        with suppress(OSError):
            os.killpg(pid, signal.SIGKILL)
        with suppress(ChildProcessError):
            os.waitpid(pid, 0)


def _become_kernel(argv: list[str], env: dict[str, str], cwd: str) -> None:
    """In the forked child: become what `python ARGV...` in `cwd` with `env` would be, run
    ipykernel's launcher, and exit (never back into the server's loop)."""
    status = 1
    try:
        os.setpgid(0, 0)
        # the server ignores Ctrl-C; a kernel gets Python's handler back (an interrupt)
        signal.signal(signal.SIGINT, signal.default_int_handler)
        os.chdir(cwd)
        os.environ.clear()
        # the kernel watches the server, which ends with the app
        os.environ.update({**env, "JPY_PARENT_PID": str(os.getppid())})
        devnull = os.open(os.devnull, os.O_RDONLY)
        os.dup2(devnull, 0)
        os.close(devnull)
        numpy = sys.modules.get("numpy")
        if numpy is not None:
            numpy.random.seed()
        launcher = import_module("ipykernel_launcher")
        sys.argv = [launcher.__file__ or "ipykernel_launcher", *argv[3:]]
        # as `python -m` in `cwd` would have it, after the launcher took the folder out
        # (IPython puts '' back)
        if sys.path and Path(sys.path[0]).resolve() == Path(__file__).resolve().parent:
            del sys.path[0]
        from ipykernel import kernelapp

        kernelapp.launch_new_instance()
        status = 0
    except SystemExit as exit_:
        status = exit_.code if isinstance(exit_.code, int) else 1
    except BaseException:
        traceback.print_exc()
    finally:
        with suppress(BaseException):
            atexit._run_exitfuncs()
        with suppress(BaseException):
            sys.stdout.flush()
            sys.stderr.flush()
        os._exit(status)


def main(argv: Sequence[str]) -> int:
    """`python -m kit_kernels FD MODULE... [MODULE:FUNCTION...]`: serve on the inherited
    socket FD (the arguments with a colon are `shared_result`s)."""
    # Ctrl-C in the app's terminal reaches its whole process group: the app decides whether
    # to end, and the server ends with it (its socket closes)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    os.environ.update(ONE_THREAD)
    channel = socket.socket(fileno=int(argv[0]))
    names = argv[1:]
    return serve(channel, [n for n in names if ":" not in n], [n for n in names if ":" in n])


# ---- the app's side ----------------------------------------------------------------------


class ForkedKernel:
    """A forked kernel as `subprocess.Popen` shows a launched one, to LocalProvisioner: its
    `pid`, `poll`, `wait` and signals, through a pidfd (not the app's child: its exit status
    is the server's to collect, so an ended kernel reports 0)."""

    stdin = stdout = stderr = None

    def __init__(self, pid: int, pidfd: int) -> None:
        self.pid = pid
        self._pidfd: int | None = pidfd
        self.returncode: int | None = None

    def poll(self) -> int | None:
        """None while the kernel runs, 0 once it ended."""
        if self.returncode is None and self._pidfd is not None:
            readable, _, _ = select.select([self._pidfd], [], [], 0)
            if readable:
                self._ended()
        return self.returncode

    def wait(self, timeout: float | None = None) -> int:
        """Block until the kernel ended (at most `timeout` seconds)."""
        if self.returncode is None and self._pidfd is not None:
            readable, _, _ = select.select([self._pidfd], [], [], timeout)
            if not readable:
                raise subprocess.TimeoutExpired(f"kernel {self.pid}", timeout or 0)
            self._ended()
        return self.returncode or 0

    def _ended(self) -> None:
        self.returncode = 0
        if self._pidfd is not None:
            os.close(self._pidfd)
            self._pidfd = None

    def send_signal(self, signum: int) -> None:
        """Signal the kernel (nothing once it ended)."""
        if self.poll() is None and self._pidfd is not None:
            with suppress(ProcessLookupError):
                signal.pidfd_send_signal(self._pidfd, signum)

    def terminate(self) -> None:
        self.send_signal(signal.SIGTERM)

    def kill(self) -> None:
        self.send_signal(signal.SIGKILL)

    def __del__(self) -> None:
        if self._pidfd is not None:
            with suppress(OSError):
                os.close(self._pidfd)


class ForkServer:
    """The app's handle on its fork server: started by `start`, asked for kernels by `fork`.
    One request at a time (a fork takes milliseconds)."""

    def __init__(self) -> None:
        self._channel: socket.socket | None = None
        self._process: subprocess.Popen | None = None
        self._ready: asyncio.Future | None = None
        self._lock = threading.Lock()
        self.failure: str | None = None

    @property
    def started(self) -> bool:
        return self._process is not None

    def start(
        self, modules: Sequence[str], results: Sequence[str] = (), timeout: float = 120.0
    ) -> None:
        """Start the server importing `kernel_independent(modules)` and computing the
        `results` ("module:function", `shared_result`) of those modules; `ready()` says when
        it may be asked, or why not."""
        if self._process is not None:
            return
        server_imports = kernel_independent(modules)
        server_imports += [r for r in results if r.partition(":")[0] in server_imports]
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        here = Path(__file__).resolve().parent
        self._process = subprocess.Popen(
            [sys.executable, "-m", "kit_kernels", str(theirs.fileno()), *server_imports],
            cwd=here,
            env={**os.environ, **ONE_THREAD},
            pass_fds=(theirs.fileno(),),
            stdin=subprocess.DEVNULL,
        )
        theirs.close()
        self._channel = ours
        loop = asyncio.get_event_loop()
        self._ready = loop.run_in_executor(None, self._wait_ready, timeout)

    def _wait_ready(self, timeout: float) -> bool:
        assert self._channel is not None
        readable, _, _ = select.select([self._channel], [], [], timeout)
        data = self._channel.recv(MESSAGE_BYTES) if readable else b""
        answer = json.loads(data) if data else {"error": "no answer"}
        if not answer.get("ready"):
            self.failure = str(answer.get("error", "no answer"))
            self.stop()
            return False
        return True

    async def ready(self) -> bool:
        """Whether the server serves (False when it failed: `failure` says why)."""
        if self._ready is None:
            return False
        return bool(await asyncio.shield(self._ready))

    def _fork(self, argv: list[str], env: dict[str, str], cwd: str) -> ForkedKernel:
        with self._lock:
            if self._channel is None:
                raise OSError("the fork server has stopped")
            _send(self._channel, {"argv": argv, "env": env, "cwd": cwd})
            data, fds, _, _ = socket.recv_fds(self._channel, MESSAGE_BYTES, 1)
        if not data or not fds:
            raise OSError("the fork server gave no kernel")
        return ForkedKernel(json.loads(data)["pid"], fds[0])

    async def fork(self, argv: list[str], env: Mapping[str, str], cwd: str) -> ForkedKernel:
        """A kernel forked for the command `argv` (this Python's -m ipykernel_launcher)."""
        loop = asyncio.get_running_loop()
        plain = {str(key): str(value) for key, value in env.items()}
        return await loop.run_in_executor(None, self._fork, list(argv), plain, cwd)

    def stop(self) -> None:
        """Close the app's end: the server ends its kernels and exits."""
        if self._channel is not None:
            self._channel.close()
            self._channel = None
        if self._process is not None:
            with suppress(subprocess.TimeoutExpired):
                self._process.wait(timeout=10)


#: The app's one fork server (started by kit_app when the app starts).
SERVER = ForkServer()


def forkable(cmd: Sequence[str]) -> bool:
    """Whether `cmd` is a kernel the server can fork: this Python's ipykernel launcher."""
    return len(cmd) >= 3 and cmd[0] == sys.executable and list(cmd[1:3]) == LAUNCHER


def _provisioner_classes() -> tuple[type, type]:
    """ForkProvisioner and ForkingKernelManager, built when asked (jupyter_client and
    jupyter_server are the app's imports, not the fork server's)."""
    from jupyter_client.provisioning import LocalProvisioner
    from jupyter_server.services.kernels.kernelmanager import ServerKernelManager

    class ForkProvisioner(LocalProvisioner):  # type: ignore[misc]
        """LocalProvisioner whose ipykernel kernels are forked from `SERVER`."""

        async def launch_kernel(self, cmd: list[str], **kwargs: Any) -> Any:
            if not (forkable(cmd) and SERVER.started and await SERVER.ready()):
                return await super().launch_kernel(cmd, **kwargs)
            cwd = str(kwargs.get("cwd") or os.getcwd())
            env = kwargs.get("env") or os.environ
            try:
                kernel = await SERVER.fork(cmd, env, cwd)
            except OSError as error:
                self.log.warning("Forking a kernel failed (%s): launching it instead", error)
                return await super().launch_kernel(cmd, **kwargs)
            self.process = kernel
            self.pid = self.pgid = kernel.pid
            self.cwd = cwd
            return self.connection_info

    class ForkingKernelManager(ServerKernelManager):  # type: ignore[misc]
        """jupyter_server's kernel manager, its kernels provisioned by ForkProvisioner."""

        async def _async_pre_start_kernel(self, **kw: Any) -> Any:
            if self.provisioner is None:
                self.kernel_id = self.kernel_id or kw.pop("kernel_id", None) or _new_id()
                self.provisioner = ForkProvisioner(
                    kernel_id=self.kernel_id, kernel_spec=self.kernel_spec, parent=self
                )
            return await super()._async_pre_start_kernel(**kw)

    return ForkProvisioner, ForkingKernelManager


def _new_id() -> str:
    import uuid

    return str(uuid.uuid4())


def __getattr__(name: str) -> type:
    """`kit_kernels.ForkingKernelManager` (a traitlets class name kit_app configures) and
    `ForkProvisioner`, built on first use."""
    if name in ("ForkProvisioner", "ForkingKernelManager"):
        provisioner, manager = _provisioner_classes()
        globals().update(ForkProvisioner=provisioner, ForkingKernelManager=manager)
        return globals()[name]
    raise AttributeError(name)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
