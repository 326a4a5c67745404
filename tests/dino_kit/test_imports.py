"""dino_kit's modules import each other without a circle, counting imports inside functions,
and the engine (everything outside `widgets/` and `charts.py`) has no import inside a function.

The import-linter layers contract (pyproject.toml) checks the modules it names; this check
covers every module, so a new module cannot slip a circle in unnoticed."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import dino_kit

PACKAGE_DIR = Path(dino_kit.__file__).parent


def module_files() -> dict[str, Path]:
    """Every module of dino_kit by dotted name (a package by its own name)."""
    out = {}
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        parts = ("dino_kit", *path.relative_to(PACKAGE_DIR).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imported_modules(name: str, path: Path, known: set[str]) -> tuple[set[str], list[int]]:
    """The dino_kit modules `name` imports anywhere in its file, and the line numbers of the
    imports that sit inside a function. `from package import module` counts as the module
    (as grimp, import-linter's engine, counts it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    inner = {
        id(node)
        for func in ast.walk(tree)
        if isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef)
        for node in ast.walk(func)
    }
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    lines: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                package = name.split(".")
                package = package[: len(package) - node.level + is_package]
                base = ".".join([*package, base] if base else package)
            targets = [
                f"{base}.{a.name}" if f"{base}.{a.name}" in known else base for a in node.names
            ]
        else:
            continue
        if any(t.split(".")[0] == "dino_kit" for t in targets) and id(node) in inner:
            lines.append(node.lineno)
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found, lines


def is_engine(name: str) -> bool:
    return not (name.startswith("dino_kit.widgets") or name == "dino_kit.charts")


def test_no_import_circle_counting_imports_inside_functions():
    files = module_files()
    graph = {name: imported_modules(name, path, set(files))[0] for name, path in files.items()}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:
        raise AssertionError(f"import circle: {' -> '.join(err.args[1])}") from None
    assert set(order) == set(files)
    assert order.index("dino_kit.state") < order.index("dino_kit.engine")


def test_the_engine_has_no_import_inside_a_function():
    files = module_files()
    inside = {
        name: lines
        for name, path in files.items()
        if is_engine(name) and (lines := imported_modules(name, path, set(files))[1])
    }
    assert inside == {}


def test_the_check_sees_an_import_inside_a_function(tmp_path):
    """The checker itself: an import in a function body is found and makes an edge."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from dino_kit.engine import run\n    return run\n")
    found, lines = imported_modules("dino_kit.probe", probe, {"dino_kit.engine", "dino_kit"})
    assert found == {"dino_kit.engine"}
    assert lines == [2]
