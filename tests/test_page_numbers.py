"""Issue 28, item 9: a number a page's shown cell formats itself is written in the page's
language (`number_text`), never by a bare format spec, which always writes a decimal point."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from tools import notebook_text
from tools import translation_files as files

# A format spec that writes a decimal point or a group separator: ".2f", ".1%", ",".
_NUMBER_SPEC = re.compile(r"^[<>=^]?[+\- ]?\d*,?(\.\d+)?[f%eg]$|^,$")


def hand_formatted(source: str) -> list[str]:
    """The f-string fields of `source` that format a number with a bare spec (an assert's
    are left out: it compares English text, and no reader sees it)."""
    tree = ast.parse(source)
    checked = {id(n) for a in ast.walk(tree) if isinstance(a, ast.Assert) for n in ast.walk(a)}
    found = []
    for node in ast.walk(tree):
        if id(node) in checked or not isinstance(node, ast.FormattedValue):
            continue
        if isinstance(node.format_spec, ast.JoinedStr):
            parts = node.format_spec.values
            spec = "".join(str(p.value) for p in parts if isinstance(p, ast.Constant))
            if _NUMBER_SPEC.match(spec):
                found.append(f"{ast.unparse(node.value)}:{spec}")
    return found


def test_the_scan_finds_a_bare_spec_and_passes_number_text():
    assert hand_formatted('f"{x:.2f} and {y:.1%} and {n:,}"') == ["x:.2f", "y:.1%", "n:,"]
    assert hand_formatted("f\"{number_text(x, '.2f')} {name:<12} {k}\"") == []
    assert hand_formatted('assert f"{p:.1%}" == "51.6%"') == []


@pytest.mark.parametrize("path", files.english_notebooks(), ids=lambda p: p.name)
def test_no_shown_cell_formats_a_number_by_hand(path: Path):
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    found = [
        (index, field)
        for index, cell in enumerate(cells)
        if cell["cell_type"] == "code" and not notebook_text.is_check(cell)
        for field in hand_formatted(notebook_text.cell_source(cell))
    ]
    assert not found, f"use number_text in {path.name}: {found}"
