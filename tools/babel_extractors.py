"""Babel extractors for the kit: `pybabel extract` reads the kits' catalogues and the notebooks.

Registered as entry points of the group `babel.extractors` in pyproject.toml (so a mapping
file names them, `babel.cfg` at the repository root):

* `kit_catalogue` reads a module of a kit (`martian_kit/messages.py`, `dino_kit/messages.py`,
  `kit_common/words.py`) by importing it, and gives every sentence of each `Catalogue` of the
  kit's domain defined there: msgctxt the key, msgid the English template (msgid_plural for a
  `Plural`), in the order of the catalogue's English dict. Importing is what finds the sections
  a module adds to its dict after creating the catalogue.
* `kit_notebook` reads an English notebook and gives the pieces `tools/notebook_text.py` cuts
  from it: every Markdown block, and every string of a shown code cell marked for translation
  (see `notebook_text`). msgctxt is the notebook's path under `notebooks/`, the line number the
  cell's (counted from 1, the language links left out), and a code piece carries the comment
  `CODE_COMMENT` for the translator. A notebook of a translated tree (`notebooks/es/...`) or of
  `notebooks/locale/` gives nothing: translated pages are built, never extracted.

Both yield Babel's 4-tuples `(lineno, funcname, messages, comments)` with `pgettext` and
`npgettext` as the function, so Babel's default keywords read the context from the first
message. The flags (`python-brace-format` on a text with `{fields}`) are Babel's own.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from kit_common.messages import Catalogue, Plural
from tools import notebook_text
from tools.translation_files import TRANSLATED, notebooks_folder

#: The auto comment that marks a piece of a notebook's code in notebooks.pot.
CODE_COMMENT = "code: a string in the page's code; keep {fields} and escapes exactly"

_Result = tuple[int, str, tuple[str, ...], list[str]]


def module_name(path: Path) -> str:
    """The dotted name of a module file, from the packages (`__init__.py`) around it."""
    parts = [path.stem] if path.stem != "__init__" else []
    folder = path.parent
    while (folder / "__init__.py").is_file():
        parts.insert(0, folder.name)
        folder = folder.parent
    if str(folder) not in sys.path:
        sys.path.insert(0, str(folder))
    return ".".join(parts)


def extract_kit_catalogue(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[_Result]:
    """The sentences of the kit catalogues a module defines (see the module docstring)."""
    path = Path(fileobj.name).resolve()
    name = module_name(path)
    module = importlib.import_module(name)
    if Path(module.__file__ or "").resolve() != path:
        raise ValueError(
            f"{path}: importing {name} gives {module.__file__}, another checkout: "
            "run pybabel with this checkout first on PYTHONPATH"
        )
    domain = name.split(".", 1)[0]
    source = fileobj.read().decode("utf-8")
    seen: dict[str, str | Plural] = {}
    for value in vars(module).values():
        if not isinstance(value, Catalogue) or value.domain != domain:
            continue
        for key, english in value.english.items():
            if key in seen:
                if seen[key] != english:
                    raise ValueError(f"{domain}: the key {key!r} has two English texts")
                continue
            seen[key] = english
            if not english:
                continue  # nothing to translate ("hint.over" says nothing in every language)
            lineno = source[: max(source.find(f'"{key}"'), 0)].count("\n") + 1
            if isinstance(english, Plural):
                yield lineno, "npgettext", (key, english.one, english.other), []
            else:
                yield lineno, "pgettext", (key, english), []


def page_path(path: Path) -> str | None:
    """A notebook's path under `notebooks/` (its msgctxt), or None when it is no English page
    (a translated tree's, a checkpoint, outside the notebooks folder)."""
    try:
        rel = path.resolve().relative_to(notebooks_folder())
    except ValueError:
        return None
    if rel.parts[0] in {*TRANSLATED, "locale"} or ".ipynb_checkpoints" in rel.parts:
        return None
    return rel.as_posix()


def extract_notebook(
    fileobj: IO[bytes],
    keywords: Collection[str],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[_Result]:
    """The translatable pieces of an English notebook (see the module docstring)."""
    rel = page_path(Path(fileobj.name))
    if rel is None:
        return
    notebook = json.loads(fileobj.read().decode("utf-8"))
    # cells are numbered from 1 as the English page had them before its language links
    numbers = {}
    for index, cell in enumerate(notebook["cells"]):
        if not notebook_text.is_language_links(cell):
            numbers[index] = len(numbers) + 1
    for piece in notebook_text.pieces(notebook):
        comments = [CODE_COMMENT] if piece.kind == "code" else []
        yield numbers[piece.cell], "pgettext", (rel, piece.text), comments
