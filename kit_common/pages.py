"""The table of contents of the notebook series, read from the notebooks themselves.

Each game names its series (the folder of its notebooks under `notebooks/` and the heading
the index shows for it) as a `Series` in its own package; the landing page lists every
numbered notebook of each series it is given, with its title (the first heading of the
notebook), so a new notebook appears in the index without editing it. Links are relative
(`some_game/01_first.ipynb`): they work in JupyterLab and in Voila, which serves
`notebooks/X.ipynb` at `/voila/render/X.ipynb`. A translated index (`notebooks/es/00_index.ipynb`)
lists the translated pages beside it, titled in its language, under headings its kit's
catalogue says in the page's language.

The contents open each page in the same tab. A Markdown output's links would open new tabs:
the front ends' renderer (JupyterLab's rendermime, which Voila uses for outputs) gives every
link whose resolved address is absolute `target="_blank"` unless the link names a target
itself. Every tab then holds a kernel of its own, while a page left in the same tab has its
kernel shut down by Voila (on `beforeunload`). So the contents show as HTML whose links say
`target="_self"`; their Markdown form stays for text and for front ends without HTML.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Sequence
from pathlib import Path
from typing import NamedTuple

from kit_common.display import MarkdownText
from kit_common.messages import Catalogue, current_language
from kit_common.words import CATALOGUE


def loading_words() -> dict[str, str]:
    """The page's language and what the app says while the page runs (Voila's spinner), in
    that language: a translated page's `metadata.kit` (the page fills `{cell}` and `{cells}`
    in)."""
    return {
        "language": current_language(),
        "loading": CATALOGUE.message("page.loading"),
        "running": CATALOGUE.template("page.running"),
    }


#: A notebook of a series is named like 01_dice.ipynb.
NUMBERED = re.compile(r"^\d\d_.*\.ipynb$")


def notebook_title(path: Path) -> str:
    """The text of the first Markdown heading of the notebook at `path` (its file name when
    it has none)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") != "markdown":
            continue
        source = "".join(cell.get("source", []))
        for line in source.splitlines():
            match = re.match(r"^#+\s+(.*\S)\s*$", line)
            if match:
                return match.group(1)
    return path.stem


class Series(NamedTuple):
    """A game's series of notebooks: its folder under the notebooks' root, and its heading
    (`title` in English; said in the page's language by `catalogue`, under the key
    `series.title`, when one is given)."""

    folder: str
    title: str
    catalogue: Catalogue | None = None

    def heading(self) -> str:
        """The series' heading in the current language."""
        return self.title if self.catalogue is None else self.catalogue.message("series.title")

    def pages(self, root: Path | str = ".") -> list[tuple[str, str]]:
        """(relative link, title) of every numbered notebook in `root/folder`, in order."""
        where = Path(root) / self.folder
        if not where.is_dir():
            return []
        paths = sorted(p for p in where.iterdir() if NUMBERED.match(p.name))
        return [(f"{self.folder}/{p.name}", notebook_title(p)) for p in paths]


def _listed(series: Sequence[Series], root: Path | str) -> list[tuple[str, list[tuple[str, str]]]]:
    """(heading, pages) of every series that has notebooks, in the order given."""
    listed = [(one.heading(), one.pages(root)) for one in series]
    return [(title, entries) for title, entries in listed if entries]


def contents_markdown(series: Sequence[Series], root: Path | str = ".") -> str:
    """The index's table of contents as Markdown: one numbered list per series that has
    notebooks, each entry a relative link titled by the notebook's first heading."""
    blocks = []
    for heading, entries in _listed(series, root):
        lines = [f"### {heading}", ""]
        lines += [f"{i}. [{title}]({link})" for i, (link, title) in enumerate(entries, 1)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def contents_html(series: Sequence[Series], root: Path | str = ".") -> str:
    """The same table of contents as HTML, each link opening its page in the same tab."""
    blocks = []
    for heading, entries in _listed(series, root):
        items = "".join(
            f'<li><a href="{html.escape(link)}" target="_self">{html.escape(title)}</a></li>'
            for link, title in entries
        )
        blocks.append(f"<h3>{html.escape(heading)}</h3>\n<ol>{items}</ol>")
    return "\n".join(blocks)


class Contents(MarkdownText):
    """The table of contents a notebook displays: HTML with same-tab links in a page, its
    Markdown as text (`str()`, and what an executed notebook stores as text/plain)."""

    def __init__(self, series: Sequence[Series], root: Path | str = ".") -> None:
        super().__init__(contents_markdown(series, root))
        self.html = contents_html(series, root)

    def _repr_html_(self) -> str:
        return self.html


def show_contents(series: Sequence[Series], root: Path | str = ".") -> Contents:
    """The table of contents, displayed in a notebook (links open in the same tab)."""
    return Contents(series, root)
