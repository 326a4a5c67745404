"""The Binder setup builds and runs: a fresh virtual environment made from binder/ files alone
(requirements.txt, then postBuild) executes the index notebook.

Kept cheap: the requirements are a frozen list, installed with `--no-deps` (no resolution) by
uv from its cache (pip when uv is not there), and postBuild installs the kit without build
isolation.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
import venv
from pathlib import Path

import pytest

tomllib = pytest.importorskip("tomllib")  # Python 3.11 or newer, like binder/runtime.txt

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
INDEX = REPO / "notebooks" / "00_index.ipynb"


# Run inside the Binder environment: execute the index notebook as Binder's kernel would and
# report where the kit was imported from.
EXECUTE_INDEX = textwrap.dedent(
    """
    import json, sys
    import nbformat
    from nbclient import NotebookClient

    nb = nbformat.read(sys.argv[1], as_version=4)
    nb.cells.append(nbformat.v4.new_code_cell(
        "import sys, martian_kit; print(sys.prefix); print(martian_kit.__file__)"))
    NotebookClient(nb, timeout=300, kernel_name="python3",
                   resources={"metadata": {"path": sys.argv[2]}}).execute()
    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs
              if o.output_type == "error"]
    prefix, kit = nb.cells[-1].outputs[0]["text"].split()
    print(json.dumps({"errors": len(errors), "prefix": prefix, "kit": kit}))
    """
)


def _run(command: list[str], env: dict[str, str], cwd: Path = REPO) -> str:
    done = subprocess.run(command, cwd=cwd, env=env, capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, f"{' '.join(command)} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def _name(requirement: str) -> str:
    """The normalised project name of a requirement ("PyYAML>=6.0" -> "pyyaml")."""
    match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement.strip())
    assert match, requirement
    return re.sub(r"[-_.]+", "-", match.group(0)).lower()


def _requirements_of(extra: str | None) -> set[str]:
    """What installing the kit with `extra` asks for, following the extras it includes."""
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    wanted = {_name(r) for r in project["dependencies"]}
    todo = [extra] if extra else []
    while todo:
        for requirement in project["optional-dependencies"][todo.pop()]:
            if _name(requirement) == _name(project["name"]):
                todo.extend(re.findall(r"[\w-]+", requirement.split("[", 1)[1].split("]")[0]))
            else:
                wanted.add(_name(requirement))
    return wanted


def test_binder_pins_everything_the_app_needs():
    # Binder serves the full app: the engine, the widgets and Jupyter with Voila.
    pinned = {
        _name(line.split("==")[0])
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    }
    missing = _requirements_of("app") - pinned
    assert not missing, f"binder/requirements.txt pins none of {sorted(missing)}"
    assert {"numpy", "plotly", "ipywidgets", "voila"} <= _requirements_of("app")


@pytest.mark.slow
def test_binder_environment_runs_the_index(tmp_path):
    for name in ("requirements.txt", "postBuild", "runtime.txt"):
        assert (BINDER / name).is_file(), f"binder/{name} is missing"
    wanted = (BINDER / "runtime.txt").read_text().strip()
    here = f"python-{sys.version_info.major}.{sys.version_info.minor}"
    if wanted != here:
        pytest.skip(f"binder/runtime.txt asks for {wanted}; this test runs on {here}")

    env_dir = tmp_path / "binder-env"
    # uv (which ./dev installs with) does the environment's plain steps in seconds where
    # venv's ensurepip and pip take a minute on a busy machine; pip when uv is not there.
    uv = Path(sys.executable).with_name("uv")
    if uv.is_file():
        _run(
            [str(uv), "venv", "-q", "--seed", "--python", sys.executable, str(env_dir)],
            {**os.environ},
        )
    else:
        venv.EnvBuilder(with_pip=True, symlinks=os.name != "nt").create(env_dir)
    bindir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bindir / "python"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    env["PATH"] = os.pathsep.join([str(bindir), env.get("PATH", "")])
    env["VIRTUAL_ENV"] = str(env_dir)
    # Kernels must come from this environment, not from a user's or system Jupyter folder.
    env["JUPYTER_PATH"] = str(env_dir / "share" / "jupyter")
    env["JUPYTER_CONFIG_DIR"] = str(tmp_path / "jupyter-config")
    env["JUPYTER_DATA_DIR"] = str(tmp_path / "jupyter-data")
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"

    # What Binder does: install requirements.txt, then run postBuild from the repository.
    # The frozen list needs no resolution: uv puts it in place from its cache.
    if uv.is_file():
        install = [str(uv), "pip", "install", "-q", "--no-deps", "--python", str(python)]
    else:
        install = [str(python), "-m", "pip", "install", "-q", "--no-deps", "--no-compile"]
    _run([*install, "-r", str(BINDER / "requirements.txt")], env)
    source = tmp_path / "repo"
    shutil.copytree(
        REPO,
        source,
        ignore=shutil.ignore_patterns(".venv", ".git", "test-artifacts", "__pycache__", "build"),
    )
    _run(["bash", str(source / "binder" / "postBuild")], env, cwd=source)
    shutil.rmtree(source)  # the notebook must run from the installed kit, not the sources

    check = [str(uv), "pip", "check", "--python", str(python)] if uv.is_file() else None
    _run(check or [str(python), "-m", "pip", "check"], env)
    script = tmp_path / "execute_index.py"
    script.write_text(EXECUTE_INDEX)
    result = json.loads(
        _run([str(python), str(script), str(INDEX), str(INDEX.parent)], env).splitlines()[-1]
    )
    assert result["errors"] == 0
    assert Path(result["prefix"]).resolve() == env_dir.resolve()
    assert Path(result["kit"]).resolve().is_relative_to(env_dir.resolve())
    config = env_dir / "etc" / "jupyter" / "jupyter_server_config.d" / "martian-dino-kit.json"
    assert json.loads(config.read_text())["MappingKernelManager"]["cull_idle_timeout"] > 0
