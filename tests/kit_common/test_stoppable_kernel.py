"""A long work started by a click, in a real kernel (ipykernel, as Voila and JupyterLab run
it): the kernel answers other messages while the work runs, the widgets change on the
kernel's own thread (`kernel.io_loop`), and Stop, a click sent as a browser sends it, ends the
work within a second (kit_common.widgets.stoppable; issue 30 item 1). One kernel, about 2 s
of CPU; the work sleeps between its steps."""

from __future__ import annotations

import os
import time
from pathlib import Path
from queue import Empty

import pytest
from jupyter_client.manager import start_new_kernel

REPO = Path(__file__).resolve().parents[2]

SETUP = """
import threading, time
import ipywidgets as w
from kit_common.widgets.stoppable import StoppableWork

go = w.Button(description="Go")
work = StoppableWork("Counted", [go], max_seconds=30)
threads = {}

def count(tell):
    threads["work"] = threading.current_thread().name
    for i in range(3000):
        time.sleep(0.01)
        tell(i + 1, 3000)
    return 3000

def finish(ended):
    threads["finish"] = threading.current_thread().name
    return None

go.on_click(lambda _: work.start(count, finish))
print(go.model_id, work.stop_button.model_id, work.status.model_id, work.bar.model_id)
"""


@pytest.fixture(scope="module")
def kernel():
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    manager, client = start_new_kernel(kernel_name="python3", env=env, cwd=str(REPO))
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(client, code: str) -> str:
    """Execute `code` and return what it printed."""
    out: list[dict] = []
    reply = client.execute_interactive(code, timeout=30, output_hook=out.append)
    assert reply["content"]["status"] == "ok", reply["content"]
    return "".join(m["content"].get("text", "") for m in out if m["msg_type"] == "stream")


def click(client, comm_id: str) -> None:
    """What a click in the browser sends the kernel."""
    data = {"method": "custom", "content": {"event": "click"}}
    msg = client.session.msg("comm_msg", {"comm_id": comm_id, "data": data})
    client.shell_channel.send(msg)


def updates_of(client, comm_id: str, seconds: float) -> list[dict]:
    """The state updates of `comm_id` the kernel sends within `seconds`."""
    found, deadline = [], time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            msg = client.get_iopub_msg(timeout=0.05)
        except Empty:
            continue
        content = msg["content"]
        if msg["msg_type"] == "comm_msg" and content.get("comm_id") == comm_id:
            found.append(content["data"].get("state", {}))
    return found


def test_a_click_works_in_the_background_and_a_stop_click_ends_it_within_a_second(kernel):
    go, stop, status, bar = run(kernel, SETUP).split()
    click(kernel, go)
    asked = time.monotonic()
    assert run(kernel, "print(work.running)").strip() == "True"  # answered while it works
    assert time.monotonic() - asked < 2.0
    assert any("value" in s for s in updates_of(kernel, bar, 0.5))  # the bar moves meanwhile
    click(kernel, stop)
    clicked = time.monotonic()
    said = ""
    while "Stopped" not in said and time.monotonic() - clicked < 5:
        said += " ".join(s.get("value", "") for s in updates_of(kernel, status, 0.1))
    assert "Stopped" in said and time.monotonic() - clicked < 1.0
    printed = run(kernel, "print(work.last.outcome.name, threads['work'], threads['finish'])")
    assert printed.split() == ["STOPPED", "kit-stoppable-work", "MainThread"]
