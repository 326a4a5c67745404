"""The translated pages' outputs come from their current inputs (tools/executed.py).

The test run executes the English pages under nbval; a translated page runs the same code with
other words, so instead of executing it again each one is checked against the digest of what it
ran from (its cells, its English page's outputs, its language's catalogues), which
tools/run_notebooks.py records when it executes the page. The other tests change each input in
a copy and see the check name the page.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tools import executed
from tools import translation_files as files


@pytest.mark.parametrize("lang", files.present_languages())
def test_every_translated_page_ran_from_its_current_inputs(lang):
    problems = executed.check_executed(lang)
    assert not problems, "\n".join(str(p) for p in problems)


@pytest.fixture
def copied_tree(tmp_path, monkeypatch) -> Path:
    """A copy of one English page, its Spanish page and the Spanish catalogues, with the
    module's paths pointing at it."""
    notebooks = tmp_path / "notebooks"
    page = Path("martian_dice") / "03_scoring.ipynb"
    for folder in (Path(), Path("es")):
        (notebooks / folder / page).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(files.NOTEBOOKS / folder / page, notebooks / folder / page)
    for domain in files.KIT_DOMAINS:
        mo = tmp_path / domain / files.mo_path(domain, "es").relative_to(files.ROOT / domain)
        mo.parent.mkdir(parents=True)
        shutil.copy(files.mo_path(domain, "es"), mo)
    monkeypatch.setattr(executed, "NOTEBOOKS", notebooks)
    monkeypatch.setattr(files, "NOTEBOOKS", notebooks)
    monkeypatch.setattr(files, "ROOT", tmp_path)
    assert executed.check_executed("es") == []
    return notebooks / "es" / page


def _edit(path: Path, change) -> None:
    notebook = json.loads(path.read_text(encoding="utf-8"))
    change(notebook)
    path.write_text(json.dumps(notebook), encoding="utf-8")


def _named(path: Path) -> bool:
    problems = executed.check_executed("es")
    return [p.path for p in problems] == [path] and "run_notebooks" in problems[0].what


def test_a_changed_english_output_names_the_page(copied_tree):
    english = copied_tree.parents[2] / copied_tree.relative_to(copied_tree.parents[1])

    def change(notebook):
        cell = next(c for c in notebook["cells"] if c.get("outputs"))
        cell["outputs"] = []

    _edit(english, change)
    assert _named(copied_tree)


def test_a_changed_cell_names_the_page(copied_tree):
    def change(notebook):
        notebook["cells"][-1]["source"] = "# another ending\n"

    _edit(copied_tree, change)
    assert _named(copied_tree)


def test_a_changed_catalogue_names_the_page(copied_tree):
    mo = copied_tree.parents[3] / "martian_kit" / "locale" / "es" / "LC_MESSAGES"
    (mo / "martian_kit.mo").write_bytes(b"another catalogue")
    assert _named(copied_tree)


def test_a_page_never_executed_says_so(copied_tree):
    _edit(copied_tree, lambda notebook: notebook["metadata"].pop(executed.STAMP))
    assert "never executed" in executed.check_executed("es")[0].what


def test_changed_language_links_need_no_new_run(copied_tree):
    def change(notebook):
        links = next(c for c in notebook["cells"] if c["metadata"].get("tags") == ["kit-languages"])
        links["source"] = "[English](../03_scoring.ipynb)"

    _edit(copied_tree, change)
    assert executed.check_executed("es") == []


@pytest.mark.parametrize("lang", files.present_languages())
def test_page_8_names_the_objective_stacks_in_its_language(lang):
    # the rows were `N_(f"the {length} stack")`: the build translated the frame only, so every
    # language read «short», «medium», «long» in English in the table and the claim under it
    page = files.NOTEBOOKS / lang / "dinosaur_island" / "08_what_wins.ipynb"
    cells = json.loads(page.read_text(encoding="utf-8"))["cells"]
    shown = [
        "".join(output.get("data", {}).get("text/plain", ""))
        for cell in cells
        if "ui.stack." in "".join(cell["source"])
        or "ordered_claim(rounds" in "".join(cell["source"])
        for output in cell.get("outputs", [])
    ]
    assert len(shown) == 2, shown  # the table and the claim
    for text in shown:
        assert not re.search(r"\b(short|medium|long)\b", text), text
