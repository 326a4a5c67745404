"""The table of contents, built from the series each game names (kit_common.pages)."""

from __future__ import annotations

import json
from pathlib import Path

from kit_common.pages import Series, contents_markdown, notebook_title, show_contents

FIRST = Series("first_game", "First Game")
SECOND = Series("second_game", "Second Game")


def notebook(path: Path, *sources: str) -> Path:
    """A notebook at `path` whose cells are Markdown with the given sources."""
    cells = [{"cell_type": "markdown", "source": [source]} for source in sources]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"cells": cells}), encoding="utf-8")
    return path


def test_the_title_is_the_first_heading_else_the_file_name(tmp_path):
    titled = notebook(tmp_path / "a.ipynb", "intro", "text\n## The title  \n# Later")
    assert notebook_title(titled) == "The title"
    assert notebook_title(notebook(tmp_path / "02_b.ipynb", "no heading")) == "02_b"


def test_a_series_lists_only_its_numbered_notebooks_in_order(tmp_path):
    notebook(tmp_path / "first_game" / "02_two.ipynb", "# Two")
    notebook(tmp_path / "first_game" / "01_one.ipynb", "# One")
    notebook(tmp_path / "first_game" / "scratch.ipynb", "# Not in the series")
    assert FIRST.pages(tmp_path) == [
        ("first_game/01_one.ipynb", "One"),
        ("first_game/02_two.ipynb", "Two"),
    ]
    assert SECOND.pages(tmp_path) == []


def test_contents_has_a_list_per_series_with_notebooks_in_the_order_given(tmp_path):
    assert contents_markdown([FIRST, SECOND], tmp_path) == ""
    notebook(tmp_path / "second_game" / "01_x.ipynb")
    notebook(tmp_path / "first_game" / "01_y.ipynb", "# Y")
    expected = (
        "### Second Game\n\n1. [01_x](second_game/01_x.ipynb)\n\n"
        "### First Game\n\n1. [Y](first_game/01_y.ipynb)"
    )
    assert contents_markdown([SECOND, FIRST], tmp_path) == expected
    shown = show_contents([SECOND, FIRST], tmp_path)
    assert shown._repr_markdown_() == expected and str(shown) == expected


def test_the_contents_links_open_their_pages_in_the_same_tab(tmp_path):
    """A front end gives a link without a target of its own a new tab (and a new kernel)."""
    notebook(tmp_path / "first_game" / "01_y.ipynb", "# Y & Z")
    notebook(tmp_path / "first_game" / "02_w.ipynb", "# W")
    shown = show_contents([FIRST], tmp_path)
    assert shown._repr_html_() == (
        "<h3>First Game</h3>\n<ol>"
        '<li><a href="first_game/01_y.ipynb" target="_self">Y &amp; Z</a></li>'
        '<li><a href="first_game/02_w.ipynb" target="_self">W</a></li></ol>'
    )
    assert str(shown) == contents_markdown([FIRST], tmp_path)
