"""Find the words a user would read that are written in the code instead of a catalogue.

`worded_literals(path)` parses a module and returns every string literal (an f-string's
literal parts included) that holds two or more words in a row, outside what is not for users:
docstrings, the arguments of a catalogue lookup (`message`, `plural`, keys), logging calls,
`assert` messages and `__repr__` (a developer's view). Markup and styles are not words: HTML
tags and CSS declarations (`border:1px solid #ccc`) are cut out before the words are counted.
A test gives the modules to scan and an explicit allow-list of the literals it keeps, each with
its reason, so a sentence that creeps back into the code fails it.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path
from typing import NamedTuple

#: Two words in a row: letters, one space, letters (a lone word can be a name or a key).
TWO_WORDS = re.compile(r"(?<![\w$.#/-])[A-Za-z]{2,}[ ][A-Za-z]{2,}")
#: What is not prose inside a literal: tags (also one the literal leaves open, its attributes
#: continuing in the next literal), and CSS declarations up to their ";" or quote.
MARKUP = re.compile(r"<[^>]*(?:>|$)|[\w-]+:[^;'\"<>]*")
#: Calls whose string arguments are not shown to users: catalogue lookups by key, logging, a
#: widget's layout (its values are styles such as "row wrap").
NOT_SHOWN_CALLS = frozenset(
    {"message", "plural", "template", "plural_template", "debug", "info", "warning", "error",
     "exception", "critical", "getLogger", "Formatter", "Layout"}
)  # fmt: skip


class Literal(NamedTuple):
    """A worded literal: where it is and its text."""

    line: int
    text: str


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the docstring nodes of `tree` (module, classes, functions)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                found.add(id(first.value))
    return found


def _not_shown(tree: ast.AST, calls: frozenset[str]) -> set[int]:
    """The ids of every node inside a part of the code no user reads (`calls`: the functions
    whose arguments are not shown)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        inside: list[ast.AST] = []
        if isinstance(node, ast.Call):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name in calls:
                inside = [*node.args, *(k.value for k in node.keywords)]
        elif isinstance(node, ast.Assert) and node.msg is not None:
            inside = [node.msg]
        elif isinstance(node, ast.FunctionDef) and node.name == "__repr__":
            inside = list(node.body)
        for part in inside:
            skipped.update(id(child) for child in ast.walk(part))
    return skipped


def is_worded(text: str) -> bool:
    """Whether `text` holds two words in a row once markup and styles are cut out."""
    return bool(TWO_WORDS.search(MARKUP.sub(" ", text)))


def worded_literals(path: Path, calls: frozenset[str] = NOT_SHOWN_CALLS) -> list[Literal]:
    """Every worded string literal of the module at `path` that a user could read, outside
    the arguments of `calls`."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = _docstrings(tree) | _not_shown(tree, calls)
    return [
        Literal(node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in skipped
        and is_worded(node.value)
    ]


def loose_words(
    root: Path,
    modules: list[Path],
    allowed: dict[tuple[str, str], str],
    calls: frozenset[str] = NOT_SHOWN_CALLS,
) -> list[str]:
    """The place and text ("path:line: 'text'") of each worded literal of `modules` not in
    `allowed` (keyed by the module's path relative to `root` and the literal's text; the value
    is the reason), outside the arguments of `calls`."""
    found = []
    for path in modules:
        where = path.relative_to(root).as_posix()
        for literal in worded_literals(path, calls):
            if (where, literal.text) not in allowed:
                found.append(f"{where}:{literal.line}: {literal.text!r}")
    return sorted(found)
