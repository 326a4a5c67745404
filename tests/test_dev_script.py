"""`./dev`'s install step: each command installs its own extra once, and again only when the
requirements change. Run in a copy of the script with a stand-in `.venv/bin/python` that
records what it is asked to do (nothing is installed)."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

RECORDING_PYTHON = """#!/bin/sh
echo "$*" >> "$(dirname "$0")/../calls.log"
"""


def _run_dev(folder: Path, *args: str) -> list[str]:
    """Run the copied `./dev` and return the calls its python received this time."""
    log = folder / ".venv" / "calls.log"
    log.write_text("")
    done = subprocess.run(
        ["sh", str(folder / "dev"), *args],
        cwd=folder,
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "PORT": "8999"},
    )
    assert done.returncode == 0, done.stderr
    return log.read_text().splitlines()


@pytest.fixture
def sandbox(tmp_path: Path, monkeypatch) -> Path:
    """A copy of `./dev` with stand-ins for the .venv's python and the machine's python3
    (whose pip fails unless a test says otherwise: nothing is fetched)."""
    if shutil.which("cksum") is None:
        pytest.skip("the dev script needs cksum (POSIX)")
    shutil.copy(REPO / "dev", tmp_path / "dev")
    shutil.copy(REPO / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "binder").mkdir()
    shutil.copy(REPO / "binder" / "requirements.txt", tmp_path / "binder" / "requirements.txt")
    python = tmp_path / ".venv" / "bin" / "python"
    python.parent.mkdir(parents=True)
    python.write_text(RECORDING_PYTHON)
    python.chmod(python.stat().st_mode | stat.S_IEXEC)
    for name, value in _machine_python(tmp_path, pip_works=False).items():
        monkeypatch.setenv(name, value)
    return tmp_path


def test_app_installs_the_app_extra_once_and_again_when_requirements_change(sandbox):
    first = _run_dev(sandbox, "app")
    assert "-m pip install -q -e .[app]" in first
    assert first[-1].startswith("kit_app.py --no-browser --port=8999")
    again = _run_dev(sandbox, "app")
    assert not any("pip install" in call for call in again)
    with open(sandbox / "pyproject.toml", "a") as fh:
        fh.write("\n# a changed requirement\n")
    changed = _run_dev(sandbox, "app")
    assert "-m pip install -q -e .[app]" in changed
    assert len(list((sandbox / ".venv").glob(".installed-*"))) == 1


def test_uv_installs_when_it_is_there_and_pip_is_left_alone(sandbox):
    uv = sandbox / ".venv" / "bin" / "uv"
    uv.write_text(RECORDING_PYTHON.replace("$*", "uv $*"))
    uv.chmod(uv.stat().st_mode | stat.S_IEXEC)
    calls = _run_dev(sandbox, "app")
    assert "uv pip install -q --python .venv/bin/python -e .[app]" in calls
    assert not any("pip install" in call and not call.startswith("uv ") for call in calls)


def _machine_python(sandbox: Path, pip_works: bool) -> dict[str, str]:
    """A PATH whose `python3` (the machine's) records its calls next to the .venv's and
    whose pip succeeds or fails."""
    bin_dir = sandbox / "machine-bin"
    bin_dir.mkdir(exist_ok=True)
    python3 = bin_dir / "python3"
    uv = sandbox / ".venv" / "bin" / "uv"
    # a pip that works puts a uv (a recording stand-in) where pip would
    installs_uv = f"printf '#!/bin/sh\\necho \"uv $*\" >> {sandbox}/.venv/calls.log\\n' > {uv}"
    python3.write_text(
        f'#!/bin/sh\necho "machine $*" >> "{sandbox}/.venv/calls.log"\n'
        + (
            f"{installs_uv}\nchmod +x {uv}\n"
            if pip_works
            else 'case "$*" in *pip*) exit 1;; esac\n'
        )
    )
    python3.chmod(python3.stat().st_mode | stat.S_IEXEC)
    return {"PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def test_the_machine_s_pip_puts_uv_into_the_venv(sandbox, monkeypatch):
    for name, value in _machine_python(sandbox, pip_works=True).items():
        monkeypatch.setenv(name, value)
    calls = _run_dev(sandbox, "app")
    assert calls[:2] == [
        "machine -m pip --python .venv/bin/python install -q uv",
        "uv pip install -q --python .venv/bin/python -e .[app]",
    ]
    assert "-m ensurepip -q" not in calls  # no pip of the .venv's own


def test_without_the_machine_s_pip_the_venv_gets_its_own_installs_uv_then_the_kit(sandbox):
    calls = _run_dev(sandbox, "app")
    assert calls[:3] == [
        "machine -m pip --python .venv/bin/python install -q uv",
        "-m ensurepip -q",
        "-m pip install -q uv",
    ]
    # uv could not be had (the stand-in installs nothing): pip installs the kit
    assert calls.index("-m pip install -q uv") < calls.index("-m pip install -q -e .[app]")


def test_app_takes_a_port_among_the_voila_options(sandbox):
    _run_dev(sandbox, "app")
    served = _run_dev(sandbox, "app", "--port=9123", "--Voila.tornado_settings={}")[-1]
    assert served.startswith("kit_app.py --no-browser --port=9123 ")
    assert served.count("--port") == 1 and "--Voila.tornado_settings={} notebooks/" in served


def test_lab_opens_the_notebooks_in_jupyterlab_with_the_app_extra(sandbox):
    _run_dev(sandbox, "app")
    calls = _run_dev(sandbox, "lab", "--ServerApp.token=secret")
    assert not any("pip install" in call for call in calls), "lab needs nothing beyond app"
    lab = calls[-1].split()
    assert lab[:3] == ["-m", "jupyterlab", "--no-browser"]
    assert "--ServerApp.ip=127.0.0.1" in lab and "--ServerApp.root_dir=notebooks" in lab
    assert "--port=8888" in lab and lab[-1] == "--ServerApp.token=secret"
    assert ("--allow-root" in lab) == (os.geteuid() == 0)


def test_lab_alone_installs_the_app_extra(sandbox):
    calls = _run_dev(sandbox, "lab")
    assert "-m pip install -q -e .[app]" in calls
    assert calls[-1].startswith("-m jupyterlab")


def test_fast_installs_the_fast_extra_once_and_builds_with_the_arguments(sandbox):
    _run_dev(sandbox, "app")
    first = _run_dev(sandbox, "fast", "--out", "/tmp/x")
    assert "-m pip install -q -e .[fast]" in first
    assert first[-1] == "tools/build_fast.py --out /tmp/x"
    again = _run_dev(sandbox, "fast")
    assert not any("pip install" in call for call in again)
    assert again[-1] == "tools/build_fast.py"
    assert not any("pip install" in call for call in _run_dev(sandbox, "app")), "app kept"
