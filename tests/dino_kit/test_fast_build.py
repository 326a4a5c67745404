"""The compiled build's own code in the pure-Python sources (`tools/build_fast.py`): the
field-by-field copies that `evolve` uses when `dino_kit.state` is compiled with mypyc must copy
every field of their class, or a compiled game would silently lose one. Compiling takes half
a minute of a core and its check as much again, too much for CI's budget: the build tool
checks the compiled build against pure Python game by game (`tools/dino_fingerprint.py`)
each time it builds."""

from __future__ import annotations

import ast
import inspect
from dataclasses import fields

import pytest

from dino_kit import state
from dino_kit.state import Exhibit, GameState, PlayerState


def _assigned(function) -> list[str]:
    """The attributes of `new` that `function` sets, in order (`new.x = obj.x`)."""
    tree = ast.parse(inspect.getsource(function))
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Attribute):
            target, value = node.targets[0], node.value
            assert isinstance(value, ast.Attribute) and value.attr == target.attr
            out.append(target.attr)
    return out


@pytest.mark.parametrize(
    ("cls", "copy"),
    [
        (Exhibit, state._copy_exhibit),
        (PlayerState, state._copy_player),
        (GameState, state._copy_game),
    ],
)
def test_each_native_copy_copies_every_field_of_its_class_once(cls, copy):
    assert _assigned(copy) == [f.name for f in fields(cls)]


def test_the_tests_run_the_pure_python_engine():
    # (a compiled build on the path would test the build, not the sources)
    assert state.COMPILED is False
