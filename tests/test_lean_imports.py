"""The import every Jupyter process would pay 2-3 s of CPU for is left out, and nothing that
validates with jsonschema notices (kit_common/lean_imports.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def _imported_in_a_fresh_process(code: str) -> str:
    """What `code` prints, run by a new Python in the repository."""
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.mark.parametrize(
    "first", ["import kit_app", "import tools.run_notebooks", "import tools.page_build"]
)
def test_the_app_and_the_notebook_tools_leave_the_iri_parsers_out(first: str) -> None:
    shown = _imported_in_a_fresh_process(
        f"{first}\nimport sys, jsonschema._format\n"
        "print(sys.modules.get('rfc3987_syntax') is None,"
        " 'iri' in jsonschema.FormatChecker.checkers)"
    )
    assert shown == "True False"


def test_pytest_loaded_it_before_nbval() -> None:
    assert "rfc3987_syntax" in sys.modules and sys.modules["rfc3987_syntax"] is None


def test_notebooks_and_schemas_are_validated_as_before() -> None:
    import jsonschema
    import nbformat

    notebook = nbformat.read(REPO / "notebooks" / "00_index.ipynb", as_version=4)
    nbformat.validate(notebook)
    notebook.cells[0]["cell_type"] = "slide"
    with pytest.raises(nbformat.ValidationError):
        nbformat.validate(notebook)
    checker = jsonschema.Draft7Validator.FORMAT_CHECKER
    schema = {"type": "string", "format": "date"}
    jsonschema.validate("2026-12-03", schema, format_checker=checker)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate("the third of December", schema, format_checker=checker)
