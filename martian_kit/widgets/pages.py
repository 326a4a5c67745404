"""The table of contents of the notebook series, read from the notebooks themselves.

The landing page lists every numbered notebook of each game's folder with its title (the
first heading of the notebook), so a new notebook appears in the index without editing it.
Links are relative (`martian_dice/01_dice.ipynb`): they work in JupyterLab and in Voila,
which serves `notebooks/X.ipynb` at `/voila/render/X.ipynb`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

#: A notebook of the series is named like 01_dice.ipynb.
NUMBERED = re.compile(r"^\d\d_.*\.ipynb$")
#: The games' folders under notebooks/, with the heading shown for each in the index.
GAMES: tuple[tuple[str, str], ...] = (
    ("martian_dice", "Martian Dice"),
    ("dinosaur_island", "Dinosaur Island"),
)


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


def series(root: Path, folder: str) -> list[tuple[str, str]]:
    """(relative link, title) of every numbered notebook in `root/folder`, in order."""
    where = root / folder
    if not where.is_dir():
        return []
    paths = sorted(p for p in where.iterdir() if NUMBERED.match(p.name))
    return [(f"{folder}/{p.name}", notebook_title(p)) for p in paths]


def contents_markdown(root: Path | str = ".") -> str:
    """The index's table of contents as Markdown: one numbered list per game that has
    notebooks, each entry a relative link titled by the notebook's first heading."""
    root = Path(root)
    blocks = []
    for folder, game in GAMES:
        entries = series(root, folder)
        if not entries:
            continue
        lines = [f"### {game}", ""]
        lines += [f"{i}. [{title}]({link})" for i, (link, title) in enumerate(entries, 1)]
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks)


def show_contents(root: Path | str = ".") -> object:
    """The table of contents, displayed as Markdown in a notebook."""
    from IPython.display import Markdown

    return Markdown(contents_markdown(root))
