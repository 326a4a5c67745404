"""The kit's Voila template and settings: no CDN link, the lab template's styles otherwise kept,
the `kit-check` cells removed, and the template found by kit_app.py."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import kit_app

REPO = Path(__file__).resolve().parents[1]
KIT_TEMPLATE = REPO / "share" / "jupyter" / "voila" / "templates" / "kit" / "index.html.j2"
VOILA_TEMPLATES = Path(sys.prefix) / "share" / "jupyter" / "voila" / "templates"
LAB_TEMPLATE = VOILA_TEMPLATES / "lab" / "index.html.j2"


def _notebook_css(template: str) -> str:
    """The `notebook_css` block of a template, without its print styles and its super call."""
    block = re.search(r"block notebook_css -%}(.*?){%- endblock notebook_css", template, re.S)
    assert block, "no notebook_css block"
    body = re.sub(r"\s*<style>\s*/\* A page printed.*?</style>", "", block.group(1), flags=re.S)
    body = re.sub(r"\s*<link rel=\"stylesheet\" href=\"https://cdn[^>]*>", "", body)
    body = re.sub(r"{{ super(\.super)?\(\) }}", "", body)
    return "\n".join(line.strip() for line in body.splitlines() if line.strip())


def test_the_kit_template_links_no_cdn_and_prints_without_controls() -> None:
    text = KIT_TEMPLATE.read_text()
    assert "https://" not in text.split("-#}", 1)[1]  # nothing after the opening comment
    assert "@media print" in text and "display: none !important" in text


def test_the_kit_template_keeps_the_lab_templates_styles() -> None:
    # The block is a copy of Voila's, minus the CDN links: a Voila upgrade that changes it shows
    # here (then copy the new block, again without anything fetched from outside).
    assert _notebook_css(KIT_TEMPLATE.read_text()) == _notebook_css(LAB_TEMPLATE.read_text())


def test_voila_uses_the_template_and_removes_check_cells() -> None:
    settings = json.loads((REPO / "voila.json").read_text())
    assert settings["VoilaConfiguration"]["template"] == "kit"
    assert settings["TagRemovePreprocessor"]["remove_cell_tags"] == ["kit-check", "kit-lab-only"]


#: What tells a reader how to run code (a shell command, JupyterLab's menus and keys): never
#: said to a visitor of the app, only in cells tagged `kit-lab-only` (or `kit-check`), which
#: the app drops (notebooks/CONVENTIONS.md). Words about playing ("roll", the **Run** button,
#: "in the long run") are not in it.
HOW_TO_RUN = re.compile(
    "|".join(
        [
            # JupyterLab's menus, keys and kernel
            r"Run All|Run →|Kernel →|Shift[+-]Enter|Ctrl[+-]|Cmd[+-]|command palette",
            r"restart the kernel",
            r"\b(?:re-?run|run|execute)\s+(?:(?:this|that|the|each|every|all|a|these)\s+)?"
            r"(?:\w+\s+)?(?:cell|cells|code|notebook|command)\b",
            # a shell: the kit's commands, Python's, an environment variable, a terminal
            r"\./dev\b|(?<![\w-])(?:dino|martian)-kit\b",
            r"\bpython3?\s+(?:-\w|\S+\.py\b)|\b(?:pip|conda|uv)\s+install\b",
            r"(?-i:\b[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+=)",
            r"\bstart (?:Jupyter|JupyterLab|Voila)\b|\bjupyter (?:lab|notebook)\b",
            r"\bcommand line\b|\bterminal\b|\bcommand prompt\b|\bshell\b",
            # a call the reader is to type into a cell: `name(...)`
            r"`[\w.]+\(",
        ]
    ),
    re.IGNORECASE,
)


def test_no_page_tells_a_visitor_of_the_app_how_to_run_code() -> None:
    dropped = set(
        json.loads((REPO / "voila.json").read_text())["TagRemovePreprocessor"]["remove_cell_tags"]
    )
    found = []
    for notebook in sorted((REPO / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in notebook.parts:
            continue
        for number, cell in enumerate(json.loads(notebook.read_text())["cells"]):
            if cell["cell_type"] != "markdown" or dropped & set(cell["metadata"].get("tags", [])):
                continue
            found += [
                f"{notebook.relative_to(REPO)}, cell {number}: {match.group(0)!r}"
                for match in HOW_TO_RUN.finditer("".join(cell["source"]))
            ]
    assert not found, "said to visitors of the app:\n" + "\n".join(found)


def test_the_how_to_run_scan_catches_commands_and_spares_play() -> None:
    said = [
        "played once, by the command `dino-kit ship-studies`",
        "`martian-kit play --seed 1`",
        "start Jupyter or Voila with `DINO_KIT_DATA=/path/to/folder`",
        'or run `use_components("/path/to/folder")` at the top of a page',
        "the command line plays the same study",
        "in a terminal, `python tools/run_notebooks.py`",
        "pip install the kit",
        "run the cell below",
        "Run this code cell again",
    ]
    fine = [
        "Roll the dice, then press **Run** (a few hundred games take a few seconds)",
        "**Stop** ends the run early",
        "a chance as a share in the long run",
        "Every number is computed by the kit's Python code (`martian_kit`)",
        "To print this card, use your browser's *Print* command.",
        "the kit of the martian-dino-kit project",
        "a Tank among the 3 dice left would put the Tanks ahead",
    ]
    assert [s for s in said if not HOW_TO_RUN.search(s)] == []
    assert [s for s in fine if HOW_TO_RUN.search(s)] == []


def test_kit_app_puts_the_template_folder_first_once() -> None:
    environ = {"JUPYTER_PATH": "/somewhere"}
    kit_app.add_kit_data_path(environ)
    kit_app.add_kit_data_path(environ)
    assert environ["JUPYTER_PATH"].split(":") == [str(kit_app.KIT_DATA), "/somewhere"]
    assert (kit_app.KIT_DATA / "voila" / "templates" / "kit" / "conf.json").is_file()


def test_a_translated_page_says_its_loading_words_in_its_language() -> None:
    text = KIT_TEMPLATE.read_text()
    block = re.search(r"block body_header -%}(.*?){%- endblock body_header", text, re.S)
    assert block and "{{ super() }}" in block.group(1)
    assert 'nb.metadata.get("kit", {})' in block.group(1)
    assert "window.update_loading_text = function" in block.group(1)


def test_the_kit_template_hides_the_cells_that_give_answers_away() -> None:
    """Cells tagged `kit-answers` (page 8's explanations and numbers) stay hidden while the
    page's button with `ANSWERS_SHOWN_CLASS` is not pressed; while it is, rules that outrank
    the hiding one show them (a browser test presses it: tests/browser)."""
    from kit_common.widgets.teaching import ANSWERS_SHOWN_CLASS, ANSWERS_TAG

    text = KIT_TEMPLATE.read_text()
    assert re.search(rf"\.celltag_{ANSWERS_TAG}\s*{{\s*display: none !important;", text)
    shown = re.findall(
        rf"body:has\(\.{ANSWERS_SHOWN_CLASS}\.mod-active\) (\.[\w-]+\.celltag_[\w-]+) "
        r"\{\s*display: [\w-]+ !important;",
        text,
    )
    assert shown == [f".jp-Cell.celltag_{ANSWERS_TAG}", f".jp-MarkdownOutput.celltag_{ANSWERS_TAG}"]


def test_the_phone_layout_is_chosen_by_width_and_leaves_the_desktop_alone() -> None:
    """Issue 27: the small-screen rules apply below 600 px wide only (by width, not by
    pointer: a desktop with a touch screen keeps the desktop view), and set the controls' and
    the prose's sizes through ipywidgets' and JupyterLab's variables."""
    text = KIT_TEMPLATE.read_text()
    phone = re.search(r"@media \(max-width: 600px\) \{(.*?)\n    \}\n", text, re.S)
    assert phone, "no small-screen block"
    rules = phone.group(1)
    assert "@media (pointer" not in text and "@media (hover" not in text
    for variable, size in (
        ("--jp-content-font-size1", "16px"),
        ("--jp-widgets-font-size", "16px"),
        ("--jp-widgets-inline-height", "44px"),
        ("--jp-widgets-slider-handle-size", "24px"),
    ):
        assert f"{variable}: {size};" in rules
    # outside the block, nothing sizes the widgets: the desktop view is Voila's own
    outside = text.replace(phone.group(0), "")
    assert "--jp-widgets-inline-height" not in outside


def test_a_phones_form_of_a_chart_shows_exactly_where_the_phone_layout_does() -> None:
    """A heatmap's phone form (`NARROW_ONLY`) is hidden from 601 px, where the small-screen
    block stops; the charts' view fits them to a phone below the same width."""
    from kit_common.widgets.live_chart import STATIC
    from kit_common.widgets.map_reader import NARROW_ONLY

    text = KIT_TEMPLATE.read_text()
    hidden = re.search(
        r"@media \(min-width: (\d+)px\) \{\s*\.(\S+) \{ display: none !important; \}", text
    )
    assert hidden and hidden.group(2) == NARROW_ONLY
    assert "@media (max-width: 600px)" in text and hidden.group(1) == "601"
    view = (STATIC / "live_chart.js").read_text()
    assert re.search(r"const NARROW_PX = 600;", view)
