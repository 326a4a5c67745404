"""`pip install .` (no extras) is a headless engine: every engine module imports, and the two
command-line tools run, with the widget and app libraries missing.

The libraries of the `widgets` and `app` extras are made unimportable in a fresh interpreter
(a `sys.meta_path` finder that refuses them, as if they were not installed); then every module
outside `widgets/` (the apps and the charts) is imported and the README's commands are run. A
module that needs one of them at import or run time fails here with the name of what it tried
to import.
"""

from __future__ import annotations

import os
import subprocess
import sys
import textwrap
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
NOT_IN_THE_HEADLESS_INSTALL = (
    "ipywidgets",
    "plotly",
    "anywidget",
    "IPython",
    "ipykernel",
    "traitlets",
    "jupyterlab",
    "voila",
)

HEADLESS_RUN = textwrap.dedent(
    """
    import importlib, importlib.abc, pkgutil, sys, tempfile

    BLOCKED = set(sys.argv[1].split(","))

    class NotInstalled(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ModuleNotFoundError(f"No module named {name!r} (headless)", name=name)
            return None

    sys.meta_path.insert(0, NotInstalled())

    import dino_kit, kit_common, martian_kit
    from dino_kit import cli as dino_cli
    from dino_kit.components import illustrative_folder
    from martian_kit import cli as martian_cli

    for package in (kit_common, martian_kit, dino_kit):
        for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
            if ".widgets" in module.name:
                continue
            importlib.import_module(module.name)

    commands = [
        (martian_cli, ["play", "--players", "random,optimal", "--seed", "7"]),
        (martian_cli, ["win-probability", "--scores", "10,12"]),
        (martian_cli, ["simulate", "--policy", "optimal", "--turns", "200", "--seed", "1"]),
        (martian_cli, ["tournament", "--players", "win,greedy", "--games", "50", "--seed", "1"]),
        (dino_cli, ["simulate", "--players", "2", "--games", "3", "--seed", "1"]),
        (dino_cli, ["validate", str(illustrative_folder())]),
        (martian_cli, ["turn-value", "--rolled", "1,2,3,4,3"]),
        (dino_cli, ["play", "--seed", "1"]),
        (dino_cli, ["init", tempfile.mkdtemp()]),
    ]
    for cli, argv in commands:
        status = cli.main(argv)
        assert status == 0, (argv, status)
    loaded = sorted({name.partition(".")[0] for name in sys.modules} & BLOCKED)
    assert not loaded, loaded
    print("HEADLESS OK")
    """
)


def test_engines_and_command_lines_run_without_the_widget_and_app_libraries():
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", HEADLESS_RUN, ",".join(NOT_IN_THE_HEADLESS_INSTALL)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert done.stdout.rstrip().endswith("HEADLESS OK")
