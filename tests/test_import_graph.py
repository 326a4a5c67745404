"""Each package's modules import each other without a circle, counting imports inside
functions, and no module imports its own package inside a function.

The import-linter layers contracts (pyproject.toml) check the modules they name; this check
covers every module of kit_common, martian_kit and dino_kit, so a new module cannot slip a
circle in unnoticed."""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from importlib import import_module
from pathlib import Path

import pytest

PACKAGES = ("kit_common", "martian_kit", "dino_kit")


def module_files(package: str) -> dict[str, Path]:
    """Every module of `package` by dotted name (a package by its own name)."""
    package_dir = Path(import_module(package).__file__).parent
    out = {}
    for path in sorted(package_dir.rglob("*.py")):
        parts = (package, *path.relative_to(package_dir).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts = parts[:-1]
        out[".".join(parts)] = path
    return out


def imported_modules(name: str, path: Path, known: set[str]) -> tuple[set[str], list[int]]:
    """The modules of `name`'s package that it imports anywhere in its file, and the line
    numbers of those imports that sit inside a function. `from package import module` counts
    as the module (as grimp, import-linter's engine, counts it)."""
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
        own = name.split(".")[0]
        if any(t.split(".")[0] == own for t in targets) and id(node) in inner:
            lines.append(node.lineno)
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found, lines


@pytest.mark.parametrize("package", PACKAGES)
def test_no_import_circle_counting_imports_inside_functions(package: str) -> None:
    files = module_files(package)
    graph = {name: imported_modules(name, path, set(files))[0] for name, path in files.items()}
    try:
        order = list(TopologicalSorter(graph).static_order())
    except CycleError as err:
        raise AssertionError(f"import circle: {' -> '.join(err.args[1])}") from None
    assert set(order) == set(files)


def test_dino_kit_state_is_below_the_engine() -> None:
    files = module_files("dino_kit")
    graph = {name: imported_modules(name, path, set(files))[0] for name, path in files.items()}
    order = list(TopologicalSorter(graph).static_order())
    assert order.index("dino_kit.state") < order.index("dino_kit.engine")
    assert "dino_kit.engine" not in graph["dino_kit.state"]


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_its_package_inside_a_function(package: str) -> None:
    files = module_files(package)
    inside = {
        name: lines
        for name, path in files.items()
        if (lines := imported_modules(name, path, set(files))[1])
    }
    assert inside == {}


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    """The checker itself: an import in a function body is found and makes an edge."""
    probe = tmp_path / "probe.py"
    probe.write_text("def f():\n    from dino_kit.engine import run\n    return run\n")
    found, lines = imported_modules("dino_kit.probe", probe, {"dino_kit.engine", "dino_kit"})
    assert found == {"dino_kit.engine"}
    assert lines == [2]
