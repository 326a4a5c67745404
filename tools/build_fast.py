"""Build a compiled copy of the Dinosaur Island engine (mypyc), about 3× faster simulations.

    python tools/build_fast.py                 # -> build/fast (needs mypy and a C compiler)
    PYTHONPATH=build/fast:$PWD python benchmarks/dino_simulate.py
    PYTHONPATH=build/fast:$PWD dino-kit tournament --players planner,heuristic --games 400

Pure Python stays the kit: `pip install .`, Binder, the notebooks and the tests never see
this build. It is a separate copy of `dino_kit` in which the rules, the phases and the
heuristic bot (`MODULES`) are compiled to C extension modules by mypyc; a program uses it only
when `build/fast` comes first on its path (PYTHONPATH). A script or a console command puts
PYTHONPATH before the current folder; `python -c` and `python -m` put the current folder
first, so from the repository root they still run pure Python (`dino_kit.state.COMPILED`
says which ran; `benchmarks/dino_simulate.py` prints it).

Generated, not written by hand: compiled, the state classes are native classes with no
`__dict__` for `dino_kit.state.evolve` to copy, so the build replaces that function, in its
copy, with field-by-field copies it writes from the classes' own fields (`native_evolve`).

Never stale: the build records a SHA-256 of every source file of `dino_kit` and `kit_common`
in the repository, and the copy refuses to import (ImportError, saying to rebuild) once any
of them has changed, been added or removed since: a compiled copy never silently plays old
rules. Never different: after compiling, the build plays the games of
`tools/dino_fingerprint.py` under both builds and fails unless every move of every game is
the same (`--no-check` skips that).

Needs, in the Python that runs it: mypy (its mypyc compiler, `pip install mypy`), the kit's
dependencies, and a C compiler with the Python headers. Compiling takes about half a minute
of one core. Compiled code plays as the Python code; it differs where simulations do not go:
a wrongly typed input (a float for a count, a list for an id, not a state) is a bare
`TypeError` rather than the kit's error naming the field (mypyc checks every annotation), so
validate a component folder with the pure kit first; the state classes cannot be pickled or
deep-copied (the balance study's workers receive seeds and return records, never states);
compiled functions cannot be monkeypatched.
"""

from __future__ import annotations

import argparse
import ast
import hashlib
import importlib
import json
import os
import shutil
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import fields
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "build" / "fast"
#: the modules compiled: where a heuristic game spends its time (cProfile of
#: `benchmarks/dino_simulate.py`: 97% of it in these and the interpreter's built-ins)
MODULES = (
    "dino_kit/state.py",
    "dino_kit/engine.py",
    "dino_kit/heuristic.py",
    "dino_kit/objectives.py",
    "dino_kit/abilities.py",
    "dino_kit/effects.py",
    "dino_kit/chance.py",
    "dino_kit/rules.py",
    "dino_kit/actions.py",
    "dino_kit/phases/common.py",
    "dino_kit/phases/research.py",
    "dino_kit/phases/market.py",
    "dino_kit/phases/workers.py",
    "dino_kit/phases/park.py",
    "dino_kit/phases/cleanup.py",
    "dino_kit/components/schema.py",
)
#: the classes of `dino_kit.state` that `evolve` copies (the most copied first)
STATE_CLASSES = ("GameState", "PlayerState", "Exhibit")
#: the packages whose sources the build depends on (hashed for the staleness guard)
SOURCES = ("dino_kit", "kit_common")
STAMP = "_fast_build.json"
GUARD = "_fast_build_guard.py"

#: mypy settings of the build: the modules imported but not compiled are type-checked as
#: far as mypyc needs, their own type errors do not stop it
MYPY_CONFIG = """\
[mypy]
python_version = {python}
[mypy-{uncompiled}]
ignore_errors = True
"""

GUARD_CODE = '''\
"""Refuses to import this compiled build once the sources it was built from have changed
(written by tools/build_fast.py)."""

import hashlib
import json
from pathlib import Path

_STAMP = json.loads((Path(__file__).parent / "{stamp}").read_text(encoding="utf-8"))
_ROOT = Path(_STAMP["root"])
_FOUND = {{}}
for _package in _STAMP["packages"]:
    for _path in sorted((_ROOT / _package).rglob("*.py")):
        _FOUND[_path.relative_to(_ROOT).as_posix()] = hashlib.sha256(_path.read_bytes()).hexdigest()
if _FOUND != _STAMP["sources"]:
    _changed = sorted({{p for p, _ in set(_FOUND.items()) ^ set(_STAMP["sources"].items())}})
    raise ImportError(
        f"the compiled build in {{Path(__file__).parents[1]}} is stale: "
        f"{{', '.join(_changed[:3])}}{{' …' if len(_changed) > 3 else ''}} changed since it was "
        f"built from {{_ROOT}}. Rebuild it with `python tools/build_fast.py`, or take it off "
        "PYTHONPATH to run pure Python."
    )
'''


def state_fields() -> dict[str, tuple[str, ...]]:
    """The fields of each of `STATE_CLASSES`, in order, from the repository's sources."""
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    state = importlib.import_module("dino_kit.state")
    return {name: tuple(f.name for f in fields(getattr(state, name))) for name in STATE_CLASSES}


def native_evolve(class_fields: Mapping[str, Sequence[str]]) -> str:
    """The compiled build's `dino_kit.state.evolve`: a copy of each state class made by
    native stores, one per field (a frozen dataclass refuses `setattr` only from Python), then
    the changes set. Copying through `setattr` in a loop over the fields made the compiled
    engine slower than pure Python's dict copy (benchmarks/RESULTS.md)."""
    branches = "".join(
        f"    {'if' if i == 0 else 'elif'} isinstance(obj, {name}):\n"
        f"        new = _copy_{name}(obj)\n"
        for i, name in enumerate(class_fields)
    )
    copies = "".join(
        f"\n\ndef _copy_{name}(obj: {name}) -> {name}:\n"
        f"    new = {name}.__new__({name})\n"
        + "".join(f"    new.{f} = obj.{f}  # type: ignore[misc]\n" for f in names)
        + "    return new\n"
        for name, names in class_fields.items()
    )
    return (
        "def evolve(obj: _Value, **changes: Any) -> _Value:\n"
        '    """`evolve` of the compiled build, generated by tools/build_fast.py."""\n'
        "    new: Any\n"
        + branches
        + "    else:\n"
        + '        raise TypeError(f"evolve: not a state class: {type(obj).__name__}")\n'
        + "    for name, value in changes.items():\n"
        + "        _native_setattr(new, name, value)\n"
        + "    return new\n"
        + "\n\n_native_setattr = object.__setattr__\n"
        + copies
    )


def with_native_evolve(source: str, class_fields: Mapping[str, Sequence[str]]) -> str:
    """`dino_kit/state.py`'s `source` with its `evolve` replaced by `native_evolve`."""
    found = [
        node
        for node in ast.parse(source).body
        if isinstance(node, ast.FunctionDef) and node.name == "evolve"
    ]
    if len(found) != 1 or found[0].end_lineno is None:
        raise SystemExit("dino_kit/state.py: expected one module-level `def evolve` to replace")
    lines = source.splitlines(keepends=True)
    before, after = lines[: found[0].lineno - 1], lines[found[0].end_lineno :]
    return "".join(before) + native_evolve(class_fields) + "".join(after)


def source_hashes(root: Path) -> dict[str, str]:
    """SHA-256 of every Python source of `SOURCES` under `root`, by path relative to it."""
    out = {}
    for package in SOURCES:
        for path in sorted((root / package).rglob("*.py")):
            out[path.relative_to(root).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def _module_name(path: str) -> str:
    return path.removesuffix(".py").replace("/", ".")


def build(out: Path) -> None:
    """Copy `dino_kit` into `out` (its `evolve` made native), compile `MODULES` there, stamp
    and guard the copy."""
    sources = [ROOT / p for p in SOURCES]
    if out == ROOT or any(out == place or place in out.parents for place in sources):
        raise SystemExit(f"refusing to build into {out}: the .so files would shadow the sources")
    if out.exists():
        # only a build of ours, or an empty folder, is replaced (never `--out ~` by a slip)
        if not (out / "dino_kit" / STAMP).is_file() and any(out.iterdir()):
            raise SystemExit(f"refusing to replace {out}: it is not empty and not a build")
        shutil.rmtree(out)
    out.mkdir(parents=True)
    hashes = source_hashes(ROOT)
    shutil.copytree(
        ROOT / "dino_kit",
        out / "dino_kit",
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c", "*.pyd"),
    )
    copied_state = out / "dino_kit" / "state.py"
    copied_state.write_text(
        with_native_evolve(copied_state.read_text(encoding="utf-8"), state_fields()),
        encoding="utf-8",
    )
    compiled = {_module_name(m) for m in MODULES}
    uncompiled = sorted(
        _module_name(p)
        for p in hashes
        if p.startswith("dino_kit/") and _module_name(p) not in compiled
    )
    uncompiled = [m.removesuffix(".__init__") for m in uncompiled] + ["kit_common.*"]
    (out / "mypy.ini").write_text(
        MYPY_CONFIG.format(
            python=f"{sys.version_info[0]}.{sys.version_info[1]}", uncompiled=",".join(uncompiled)
        ),
        encoding="utf-8",
    )
    env = {**os.environ, "MYPYPATH": str(ROOT)}  # kit_common is type-checked from the repository
    log = out / "build.log"
    with log.open("w", encoding="utf-8") as stream:
        done = subprocess.run(
            [sys.executable, "-m", "mypyc", "--config-file", "mypy.ini", *MODULES],
            cwd=out,
            env=env,
            stdout=stream,
            stderr=subprocess.STDOUT,
        )
    if done.returncode != 0:
        lines = log.read_text(encoding="utf-8").splitlines()
        errors = [line for line in lines if ": error:" in line] or lines[-20:]
        raise SystemExit("mypyc failed (see " + str(log) + "):\n" + "\n".join(errors))
    shutil.rmtree(out / "build", ignore_errors=True)  # setuptools' intermediate files
    if hashes != source_hashes(ROOT):
        raise SystemExit("the sources changed while compiling: build again")
    stamp = {
        "root": str(ROOT),
        "packages": list(SOURCES),
        "python": sys.version,
        "modules": list(MODULES),
        "sources": hashes,
    }
    package = out / "dino_kit"
    (package / STAMP).write_text(json.dumps(stamp, indent=1), encoding="utf-8")
    (package / GUARD).write_text(GUARD_CODE.format(stamp=STAMP), encoding="utf-8")
    init = package / "__init__.py"
    text = init.read_text(encoding="utf-8")
    body = text.index("\nfrom ")  # after the docstring and `from __future__`, if any
    init.write_text(
        text[:body]
        + f"\nimport dino_kit.{GUARD.removesuffix('.py')}  # noqa: F401\n"
        + text[body:],
        encoding="utf-8",
    )


def check(out: Path, games: int) -> None:
    """Play the fingerprint games under pure Python and under the build; fail on a difference."""
    script = ROOT / "tools" / "dino_fingerprint.py"
    runs = {}
    for label, path in (("pure", str(ROOT)), ("compiled", f"{out}{os.pathsep}{ROOT}")):
        env = {**os.environ, "PYTHONPATH": path}
        probe = subprocess.run(
            [sys.executable, "-c", "import dino_kit.state as s; print(s.COMPILED)"],
            env=env,
            cwd=out.parent,  # not the repository root: `-c` puts the current folder first
            capture_output=True,
            text=True,
            check=True,
        )
        if probe.stdout.strip() != str(label == "compiled"):
            raise SystemExit(f"the {label} run did not get the {label} build: {probe.stdout}")
        runs[label] = subprocess.run(
            [sys.executable, str(script), "--games", str(games)],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    if runs["pure"] != runs["compiled"]:
        pure, fast = runs["pure"].splitlines(), runs["compiled"].splitlines()
        first = next(i for i, (a, b) in enumerate(zip(pure, fast)) if a != b)
        raise SystemExit(
            f"the compiled build plays differently:\n  pure     {pure[first]}\n"
            f"  compiled {fast[first]}"
        )
    print(f"checked: {len(runs['pure'].splitlines())} seeded games, every move identical")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="default: build/fast")
    parser.add_argument("--no-check", action="store_true", help="skip the identity check")
    parser.add_argument("--games", type=int, default=2, help="fingerprint games of each kind")
    args = parser.parse_args()
    out = args.out.resolve()
    build(out)
    print(f"built {len(MODULES)} compiled modules into {out}")
    if not args.no_check:
        check(out, args.games)
    print(f"use it: PYTHONPATH={out}{os.pathsep}{ROOT} python benchmarks/dino_simulate.py")


if __name__ == "__main__":
    main()
