"""The Martian Dice series: the index lists every numbered notebook, and every notebook's
previous/next links at the top and bottom point to existing pages in series order."""

from __future__ import annotations

import json
import re
from pathlib import Path

from kit_common.pages import contents_markdown, notebook_title
from martian_kit.widgets.pages import SERIES

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
LINK = re.compile(r"\]\(([^)]+\.ipynb)\)")


def markdown_cells(path: Path) -> list[str]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    # (the language links a translation build writes at the top are not the page's own)
    return [
        "".join(c["source"])
        for c in cells
        if c["cell_type"] == "markdown" and "kit-languages" not in c["metadata"].get("tags", [])
    ]


def test_contents_lists_every_numbered_notebook():
    text = contents_markdown([SERIES], NOTEBOOKS)
    entries = SERIES.pages(NOTEBOOKS)
    assert entries and entries[0][0] == "martian_dice/01_dice_and_one_roll.ipynb"
    assert text.startswith("### Martian Dice\n\n1. ")
    for link, title in entries:
        assert f"[{title}]({link})" in text
        assert (NOTEBOOKS / link).is_file()
    assert notebook_title(NOTEBOOKS / entries[0][0]) == "Martian Dice 1: the dice and one roll"


def test_every_page_links_back_and_forth_at_top_and_bottom():
    pages = [NOTEBOOKS / link for link, _ in SERIES.pages(NOTEBOOKS)]
    for i, page in enumerate(pages):
        cells = markdown_cells(page)
        for cell in (cells[0], cells[-1]):
            targets = [(page.parent / t).resolve() for t in LINK.findall(cell)]
            assert all(t.is_file() for t in targets), page.name
            assert (NOTEBOOKS / "00_index.ipynb").resolve() in targets, page.name
            if i > 0:
                assert pages[i - 1].resolve() in targets, page.name
            if i + 1 < len(pages):
                assert pages[i + 1].resolve() in targets, page.name
