"""The compiled build's generated code (`tools/build_fast.py`): the field-by-field copies that
replace `evolve` when `dino_kit.state` is compiled with mypyc must copy every field of their
class, or a compiled game would silently lose one, and must take the place of the pure
`evolve` and nothing else. Compiling takes half a minute of a core and its check as much
again, too much for CI's budget: the build tool checks the compiled build against pure Python
game by game (`tools/dino_fingerprint.py`) each time it builds."""

from __future__ import annotations

import ast
from dataclasses import fields
from pathlib import Path

from dino_kit import state
from tools.build_fast import STATE_CLASSES, native_evolve, state_fields, with_native_evolve


def _assigned(function: ast.FunctionDef) -> list[str]:
    """The attributes of `new` that `function` sets, in order (`new.x = obj.x`)."""
    out = []
    for node in ast.walk(function):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Attribute):
            target, value = node.targets[0], node.value
            assert isinstance(value, ast.Attribute) and value.attr == target.attr
            out.append(target.attr)
    return out


def _functions(source: str) -> dict[str, ast.FunctionDef]:
    tree = ast.parse(source)
    return {n.name: n for n in tree.body if isinstance(n, ast.FunctionDef)}


def test_each_generated_copy_copies_every_field_of_its_class_once():
    generated = _functions(native_evolve(state_fields()))
    for name in STATE_CLASSES:
        want = [f.name for f in fields(getattr(state, name))]
        assert _assigned(generated[f"_copy_{name}"]) == want
        assert f"isinstance(obj, {name})" in ast.unparse(generated["evolve"])


def test_the_build_replaces_the_pure_evolve_and_nothing_else():
    source = Path(state.__file__).read_text(encoding="utf-8")
    built = with_native_evolve(source, state_fields())
    pure, native = _functions(source), _functions(built)
    assert set(native) == set(pure) | {f"_copy_{name}" for name in STATE_CLASSES}
    assert "copy_with" in ast.unparse(pure["evolve"])
    assert "copy_with" not in ast.unparse(native["evolve"])
    for name, function in pure.items():
        if name != "evolve":
            assert ast.dump(native[name]) == ast.dump(function)
    evolve = pure["evolve"]
    lines = source.splitlines(keepends=True)
    assert built.startswith("".join(lines[: evolve.lineno - 1]))
    assert built.endswith("".join(lines[evolve.end_lineno :]))


def test_the_tests_run_the_pure_python_engine():
    # (a compiled build on the path would test the build, not the sources)
    assert state.COMPILED is False
