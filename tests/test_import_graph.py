"""No module of kit_common, martian_kit or dino_kit imports its own package inside a function.

Import circles and the layers are import-linter's contracts (pyproject.toml: a `layers`
contract per package, every module placed, and `acyclic_siblings` over the three packages;
grimp counts imports inside functions, so a circle cannot hide in one). What import-linter
does not check is where an import sits: this test keeps every import of a package's own
modules at the head of the module, where a reader sees it.
"""

from __future__ import annotations

import ast
from importlib import import_module
from pathlib import Path

import pytest

PACKAGES = ("kit_common", "martian_kit", "dino_kit")


def own_imports_inside_functions(package: str, path: Path) -> list[int]:
    """The line numbers of the imports of `package` (absolute, or relative: always the
    package's own) that sit inside a function of the file at `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    lines = set()
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [package if node.level else node.module or ""]
            else:
                continue
            if any(name.split(".")[0] == package for name in names):
                lines.add(node.lineno)
    return sorted(lines)


@pytest.mark.parametrize("package", PACKAGES)
def test_no_module_imports_its_package_inside_a_function(package: str) -> None:
    package_dir = Path(import_module(package).__file__).parent
    inside = {
        str(path.relative_to(package_dir)): lines
        for path in sorted(package_dir.rglob("*.py"))
        if (lines := own_imports_inside_functions(package, path))
    }
    assert inside == {}


def test_the_check_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    """The checker itself: an import of the package in a function body is found, one at the
    top of the module is not."""
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from dino_kit.state import GameState\n\n"
        "def f():\n    from dino_kit.engine import run\n    return run\n\n"
        "def g():\n    from . import engine\n    import json\n    return engine, json\n"
    )
    assert own_imports_inside_functions("dino_kit", probe) == [4, 8]
