"""Execute notebooks in place so that they can be committed executed and deterministic.

    PYTHONPATH=$PWD /work/venv/bin/python tools/run_notebooks.py [NOTEBOOK_OR_FOLDER ...]

With no argument every notebook under notebooks/ is run. Each notebook runs with nbclient in
its own folder (as nbval and Voila run it), with the repository root on PYTHONPATH; then the
saved widget state (`metadata.widgets`), timing metadata and volatile ids are stripped, so a
re-run of unchanged code gives the same file. A notebook that raises is left untouched and the
script exits non-zero, naming it.

English pages run before translated ones: a translated page records the digest of the inputs it
ran from, its English page's outputs among them (tools/executed.py; the tests compare it with
the current inputs instead of executing every translated page again).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import re
import sys
import time
from pathlib import Path

import kit_common.lean_imports  # noqa: F401  (before nbformat: its import costs 2.4 s)

# isort: split
import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script: tools/ and the kit from this checkout
    sys.path.insert(0, str(ROOT))

from tools import notebook_text  # noqa: E402
from tools.executed import STAMP, inputs_digest, translation  # noqa: E402

NOTEBOOKS = ROOT / "notebooks"
KERNEL_METADATA = {
    "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
    "language_info": {"name": "python"},
}
#: The same patterns as tests/nbval_sanitize.cfg, applied to stored outputs so diffs stay small.
VOLATILE = [
    (re.compile(r'"uid": ?"[0-9a-f-]{36}"'), '"uid": "UID"'),
]


def find_notebooks(paths: list[str]) -> list[Path]:
    """The notebooks named, or found under the folders named (sorted, English pages before
    translated ones), skipping checkpoints."""
    found: list[Path] = []
    for name in paths or [str(NOTEBOOKS)]:
        path = Path(name).resolve()
        if path.is_dir():
            found += sorted(p for p in path.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        elif path.suffix == ".ipynb" and path.exists():
            found.append(path)
        else:
            raise SystemExit(f"not a notebook or folder: {name}")
    return sorted(found, key=lambda path: translation(path) is not None)


def stable_model_id(name: str, cell: int, output: int) -> str:
    """A widget model id that is the same on every run (the live id is random; nbval skips
    it, and without saved widget state no id would find its model anyway)."""
    return hashlib.md5(f"{name}:{cell}:{output}".encode()).hexdigest()


def clean(nb: nbformat.NotebookNode, name: str = "") -> nbformat.NotebookNode:
    """Strip what changes from run to run: widget state, timings, random ids."""
    nb.metadata.pop("widgets", None)
    nb.metadata.update(KERNEL_METADATA)
    for c, cell in enumerate(nb.cells):
        cell.metadata.pop("execution", None)
        cell.metadata.pop("collapsed", None)
        if cell.cell_type != "code":
            continue
        for o, output in enumerate(cell.get("outputs", [])):
            output.get("metadata", {}).pop("execution", None)
            view = output.get("data", {}).get("application/vnd.jupyter.widget-view+json")
            if view is not None:
                view["model_id"] = stable_model_id(name, c, o)
            for mime, value in list(output.get("data", {}).items()):
                if isinstance(value, str):
                    for pattern, replacement in VOLATILE:
                        value = pattern.sub(replacement, value)
                    output["data"][mime] = value
    return nb


def run(path: Path, timeout: int = 120) -> float:
    """Execute `path` in place; returns the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    env_path = os.environ.get("PYTHONPATH", "")
    if str(ROOT) not in env_path.split(os.pathsep):
        os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env_path) if p)
    client = NotebookClient(
        nb,
        timeout=timeout,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
    )
    start = time.perf_counter()
    client.execute()
    elapsed = time.perf_counter() - start
    nbformat.validate(nb)
    nb = clean(nb, path.name)
    translated = translation(path)
    if translated is not None:
        lang, english = translated
        nb.metadata[STAMP] = inputs_digest(nb, notebook_text.load(english), lang)
    nbformat.write(nb, path)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", help="notebooks or folders (default: notebooks/)")
    args = parser.parse_args(argv)
    failed = []
    for path in find_notebooks(args.paths):
        try:
            seconds = run(path)
        except Exception as error:  # report every failing notebook, not just the first
            failed.append(path)
            print(f"FAILED {path.relative_to(ROOT)}: {type(error).__name__}: {error}"[:2000])
            continue
        print(f"ok {path.relative_to(ROOT)} ({seconds:.1f} s)")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
