"""The translated pages: `notebooks/<lang>/...` built from the English pages and the po.

A translated page is its English page with every piece `tools/notebook_text.py` cuts from it
replaced by its translation (the notebooks' po, fuzzy and empty entries left out): Markdown
blocks as they are, code strings escaped for the English literal's quotes and cut into
parenthesised literals when a line would pass ruff's length. Each page starts with links to
the same page in the other languages built, then a cell that sets the page's language; a
check cell (tag `kit-check`) runs in English. Outputs are cleared (`tools/run_notebooks.py`
executes the pages), and a page whose cells did not change keeps its outputs.
"""

from __future__ import annotations

import functools
import io
import json
import os
import re
import subprocess
import sys
import tempfile
import tokenize
from collections.abc import Mapping, Sequence
from pathlib import Path

import kit_common.lean_imports  # noqa: F401  (before nbformat: its import costs 2.4 s)

# isort: split
import nbformat

from kit_common.messages import LANGUAGES, SOURCE_LANGUAGE, current_language, set_language
from kit_common.pages import loading_words
from tools import notebook_text
from tools import translation_files as files
from tools.placeholders import HREF, LINK_TARGET

#: Tags and ids of the cells `build` writes (notebook_text never extracts them).
LANGUAGES_TAG = notebook_text.LANGUAGES_TAG

LANGUAGES_CELL_ID = "kit-languages"

SET_LANGUAGE_CELL_ID = "kit-set-language"


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` unless the file already holds it; True when written."""
    if path.is_file() and path.read_bytes() == data:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return True


class BuildRefused(Exception):
    """A translated notebook cannot be built: pieces lack a translation."""


class BuildError(Exception):
    """A translation that cannot be put into its notebook (it would not be Python)."""


def notebook_translations(lang: str) -> dict[tuple[str, str], str]:
    """The notebook pieces translated into `lang`: (page, English) -> translation, fuzzy and
    empty entries left out."""
    path = files.po_path(files.NOTEBOOK_DOMAIN, lang)
    if not path.is_file():
        return {}
    return {
        (message.context, message.id): message.string
        for message in files.read_catalogue(path, lang)
        if message.id and message.string and "fuzzy" not in message.flags
    }


def _leaves_tree(target: str, english: Path) -> bool:
    """True when a relative link of an English notebook points at a file a translated tree
    does not mirror (anything but an English notebook), so it needs one more `../`."""
    if re.match(r"^[a-z][a-z0-9+.-]*:|^/|^#", target, re.IGNORECASE):
        return False
    file_part = target.split("#", 1)[0].split("?", 1)[0]
    if not file_part:
        return False
    resolved = Path(os.path.normpath(english.parent / file_part))
    mirrored = resolved.suffix == ".ipynb" and resolved in _english_set(files.NOTEBOOKS)
    return not mirrored


@functools.lru_cache(maxsize=4)
def _english_set(notebooks: Path) -> frozenset[Path]:
    """The English notebooks under `notebooks` (looked up once per run)."""
    return frozenset(files.english_notebooks())


def relink(text: str, english: Path) -> str:
    """A text of a translated page with every relative link that leaves the mirrored tree
    given one more `../` (the page sits one folder deeper than its English page)."""

    def fix(match: re.Match[str]) -> str:
        target = match.group(1)
        if not _leaves_tree(target, english):
            return match.group(0)
        start, end = match.span(1)
        whole = match.group(0)
        offset = match.start(0)
        return whole[: start - offset] + "../" + target + whole[end - offset :]

    return HREF.sub(fix, LINK_TARGET.sub(fix, text))


def escape_literal(text: str, english: str, piece: notebook_text.Piece) -> str:
    """A translation made safe between the quotes of the English literal: an escape sequence
    the English has is kept, any other backslash doubled, the quote character and (in a
    one-line literal) a newline escaped."""
    raw = "r" in piece.prefix.lower()
    out = []
    i = 0
    while i < len(text):
        char = text[i]
        if char == "\\":
            pair = text[i : i + 2]
            if len(pair) == 2 and pair in english:
                out.append(pair)
                i += 2
                continue
            if raw:
                raise BuildError(f"a raw string cannot take the backslash of {text!r}")
            out.append("\\\\")
        elif char == piece.quote[0]:
            if raw:
                raise BuildError(f"a raw string cannot take the quote of {text!r}")
            out.append("\\" + char)
        elif char == "\n" and len(piece.quote) == 1:
            out.append("\\n")
        else:
            out.append(char)
        i += 1
    return "".join(out)


def linked_languages(building: Sequence[str] = ()) -> list[str]:
    """The languages a page links to: English, and each language whose translated tree
    exists or is being built (no link leads to a page not built yet)."""
    return [
        code
        for code in LANGUAGES
        if code == SOURCE_LANGUAGE or code in building or (files.NOTEBOOKS / code).is_dir()
    ]


def languages_cell(english: Path, lang: str, linked: Sequence[str] | None = None) -> dict:
    """The cell at the top of every page: the page's language, and links to the same page in
    the `linked` languages (default `linked_languages()`; a translated page lives in
    `notebooks/<lang>/`)."""
    rel = english.relative_to(files.NOTEBOOKS)
    here = files.NOTEBOOKS / lang / rel if lang != SOURCE_LANGUAGE else english
    linked = linked_languages() if linked is None else linked
    parts = []
    for code, name in LANGUAGES.items():
        if code not in linked and code != lang:
            continue
        if code == lang:
            parts.append(f"**{name}**")
            continue
        there = english if code == SOURCE_LANGUAGE else files.NOTEBOOKS / code / rel
        link = Path(os.path.relpath(there, here.parent)).as_posix()
        parts.append(f"[{name}]({link})")
    cell = nbformat.v4.new_markdown_cell(" · ".join(parts))
    cell["id"] = LANGUAGES_CELL_ID
    cell["metadata"] = {"tags": [LANGUAGES_TAG]}
    return dict(cell)


def page_metadata(notebook: Mapping, lang: str) -> dict:
    """A translated page's metadata: the English page's, plus `kit` (its language and what the
    app says while it runs, from the compiled kit_common catalogue)."""
    before = current_language()
    set_language(lang)
    try:
        words = loading_words()
    finally:
        set_language(before)
    return {**notebook.get("metadata", {}), "kit": words}


def set_language_cell(lang: str) -> dict:
    """The code cell that makes a page's widgets and sentences speak `lang`."""
    cell = nbformat.v4.new_code_cell(
        f'from kit_common.messages import set_language\n\nset_language("{lang}")'
    )
    cell["id"] = SET_LANGUAGE_CELL_ID
    return dict(cell)


#: The longest line of code (ruff's line-length in pyproject.toml).
LINE_LENGTH = 100


def _last_outer_space(text: str) -> int:
    """Where `text` (starting outside a field) may be cut: after its last space outside a
    `{field}`, or 0 when there is none."""
    cut, depth = 0, 0
    for i, char in enumerate(text):
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == " " and depth == 0:
            cut = i + 1
    return cut


def _chunks(body: str, width: int) -> list[str]:
    """A literal's body cut after spaces (never inside a `{field}`) into parts of about
    `width` characters."""
    chunks, current, depth = [], "", 0
    cut = 0  # where `current` may be cut: after its last space outside a field (0: nowhere)
    for char in body:
        current += char
        depth += {"{": 1, "}": -1}.get(char, 0)
        if char == " " and depth == 0:
            cut = len(current)
        if char == " " and depth == 0 and len(current) >= width * 0.7:
            chunks.append(current)
            current, cut = "", 0
        elif len(current) > width and depth == 0 and cut:
            chunks.append(current[:cut])
            current = current[cut:]
            cut = _last_outer_space(current)
    if current:
        chunks.append(current)
    return chunks


def code_literal(body: str, piece: notebook_text.Piece, source: str) -> str:
    """The Python literal that replaces a code piece: one literal with the English one's
    prefix and quote, or, when that line would be too long, the same text as parenthesised
    literals that Python joins (an `f` only on the parts with a field, as ruff wants)."""
    single = f"{piece.prefix}{piece.quote}{body}{piece.quote}"
    line_start = source.rfind("\n", 0, piece.start) + 1
    line_end = source.find("\n", piece.end)
    tail = source[piece.end : line_end if line_end >= 0 else len(source)]
    column = piece.start - line_start
    if len(piece.quote) == 3 or column + len(single) + len(tail) <= LINE_LENGTH:
        return single
    line = source[line_start : piece.start]
    indent = line[: len(line) - len(line.lstrip())]
    inner = indent + "    "
    width = LINE_LENGTH - len(inner) - len(piece.prefix) - 2 * len(piece.quote) - 2
    plain_prefix = piece.prefix.replace("f", "").replace("F", "")
    parts = []
    for chunk in _chunks(body, width):
        prefix = piece.prefix if "{" in chunk else plain_prefix
        parts.append(f"{inner}{prefix}{piece.quote}{chunk}{piece.quote}")
    if len(parts) == 1:
        return single
    if _inside_brackets(source, piece.start):  # Python joins them there already
        return "\n".join(parts).lstrip()
    return "(\n" + "\n".join(parts) + "\n" + indent + ")"


def _inside_brackets(source: str, offset: int) -> bool:
    """True when `offset` of a cell's code lies inside (), [] or {}."""
    starts = [0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    depth = 0
    try:
        for token in tokenize.generate_tokens(io.StringIO(source).readline):
            if starts[token.start[0] - 1] + token.start[1] >= offset:
                break
            if token.type == tokenize.OP and token.string in "([{":
                depth += 1
            elif token.type == tokenize.OP and token.string in ")]}":
                depth -= 1
    except (tokenize.TokenError, SyntaxError):
        return False
    return depth > 0


def in_english(source: str, lang: str) -> str:
    """A check cell of a translated page: it compares the kit's English sentences (and is
    never shown), so it runs in English, then the page's language comes back."""
    return (
        f'set_language("{SOURCE_LANGUAGE}")  # the checks compare the English sentences\n'
        f'{source.rstrip()}\nset_language("{lang}")'
    )


def with_language_links(
    notebook: dict, english: Path, lang: str, linked: Sequence[str] | None = None
) -> dict:
    """The notebook with its language links (replacing any it has) as the first cell."""
    cells = [
        c for c in notebook["cells"] if LANGUAGES_TAG not in c.get("metadata", {}).get("tags", [])
    ]
    linked = linked_languages() if linked is None else linked
    if list(linked) == [lang]:
        return {**notebook, "cells": cells}  # no other language yet: no links to show
    return {**notebook, "cells": [languages_cell(english, lang, linked), *cells]}


def translate_notebook(
    notebook: dict,
    english: Path,
    lang: str,
    translations: Mapping[tuple[str, str], str],
    linked: Sequence[str] | None = None,
) -> tuple[dict, list[notebook_text.Piece]]:
    """The translated page of an English notebook, and the pieces it left in English (no
    translation yet). Outputs are cleared; cell ids and the notebook's metadata kept."""
    rel = english.relative_to(files.NOTEBOOKS).as_posix()
    by_cell: dict[int, list[notebook_text.Piece]] = {}
    for piece in notebook_text.pieces(notebook):
        by_cell.setdefault(piece.cell, []).append(piece)
    untranslated = []
    cells = []
    for index, cell in enumerate(notebook["cells"]):
        if LANGUAGES_TAG in cell.get("metadata", {}).get("tags", []):
            continue
        source = notebook_text.cell_source(cell)
        for piece in sorted(by_cell.get(index, []), key=lambda p: p.start, reverse=True):
            translated = translations.get((rel, piece.text))
            if translated is None:
                untranslated.append(piece)
                if piece.kind == "code":
                    continue  # the English literal stays exactly as written
                translated = piece.text
            translated = relink(translated, english)
            if piece.kind == "code":
                body = escape_literal(translated, piece.text, piece)
                replacement = code_literal(body, piece, source)
            else:
                replacement = translated
            source = source[: piece.start] + replacement + source[piece.end :]
        if cell["cell_type"] == "markdown" and not by_cell.get(index):
            source = relink(source, english)
        if notebook_text.is_check(cell) and cell["cell_type"] == "code":
            source = in_english(source, lang)
        new = {
            key: value for key, value in cell.items() if key not in ("outputs", "execution_count")
        }
        new["source"] = source
        if cell["cell_type"] == "code":
            new["outputs"] = []
            new["execution_count"] = None
            new["metadata"] = {
                k: v for k, v in cell.get("metadata", {}).items() if k != "execution"
            }
        cells.append(new)
    cells = [languages_cell(english, lang, linked), set_language_cell(lang), *cells]
    untranslated.sort(key=lambda p: (p.cell, p.start))
    return {**notebook, "metadata": page_metadata(notebook, lang), "cells": cells}, untranslated


def notebook_json(notebook: Mapping) -> str:
    """A notebook as nbformat writes it (the form every committed notebook has)."""
    text = nbformat.writes(nbformat.from_dict(notebook))
    return text if text.endswith("\n") else text + "\n"


def ruff_format(paths: Sequence[Path]) -> None:
    """Format notebooks the way `ruff format` does for the repository."""
    if not paths:
        return
    command = [
        sys.executable,
        "-m",
        "ruff",
        "format",
        "--quiet",
        "--config",
        str(files.PYPROJECT),
    ]
    subprocess.run([*command, *map(str, paths)], check=True, cwd=files.PYPROJECT.parent)


def formatted_notebooks(notebooks: Mapping[Path, Mapping]) -> dict[Path, dict]:
    """The notebooks as they are once written and formatted by ruff (formatted in a
    temporary folder, the real files untouched)."""
    with tempfile.TemporaryDirectory() as folder:
        temporary = {}
        for index, (path, notebook) in enumerate(notebooks.items()):
            where = Path(folder) / f"{index}_{path.name}"
            where.write_text(notebook_json(notebook), encoding="utf-8")
            temporary[path] = where
        ruff_format(list(temporary.values()))
        return {
            path: json.loads(where.read_text(encoding="utf-8")) for path, where in temporary.items()
        }


def cell_shape(notebook: Mapping) -> list[tuple[str, str | None, str]]:
    """What a built notebook's cells must be: type, id and source (outputs come later)."""
    return [
        (cell["cell_type"], cell.get("id"), notebook_text.cell_source(cell))
        for cell in notebook["cells"]
    ]


def page_shape(notebook: Mapping) -> list[tuple[str, str | None, str]]:
    """A page's cells as `cell_shape` says them, its language links left out."""
    return [
        shape
        for cell, shape in zip(notebook["cells"], cell_shape(notebook))
        if not notebook_text.is_language_links(cell)
    ]


def build(
    languages: Sequence[str], *, allow_english: bool = False, only: Sequence[Path] = ()
) -> list[Path]:
    """Write the translated notebooks of `languages` (all English notebooks, or `only`), and
    the language links of the English pages; returns the files written.

    Refused (BuildRefused, nothing written) when a piece has no translation, unless
    `allow_english` (for trying a page out before it is translated)."""
    sources = [Path(p).resolve() for p in only] if only else files.english_notebooks()
    linked = linked_languages(languages)
    notebooks: dict[Path, dict] = {}
    refused = []
    for lang in languages:
        translations = notebook_translations(lang)
        for english in sources:
            notebook, untranslated = translate_notebook(
                notebook_text.load(english), english, lang, translations, linked
            )
            rel = english.relative_to(files.NOTEBOOKS).as_posix()
            refused += [f"{lang} {rel} cell {p.cell + 1}: {p.text[:70]!r}" for p in untranslated]
            notebooks[files.built_path(english, lang)] = notebook
    if refused and not allow_english:
        shown = "\n  ".join(refused[:40])
        more = f"\n  ... and {len(refused) - 40} more" if len(refused) > 40 else ""
        raise BuildRefused(
            f"{len(refused)} pieces have no translation (or a fuzzy one); translate them in "
            f"the po, or build with --allow-english to try the pages out:\n  {shown}{more}"
        )
    written = []
    for path, notebook in formatted_notebooks(notebooks).items():
        old = notebook_text.load(path) if path.is_file() else None
        if old is not None and page_shape(old) == page_shape(notebook):
            cells = [notebook["cells"][0], *old["cells"][1:]]
            metadata = dict(notebook["metadata"])
            stamp = old["metadata"].get(notebook_text.EXECUTED_STAMP)
            if stamp is not None:  # the outputs kept, so is what they were made from
                metadata[notebook_text.EXECUTED_STAMP] = stamp
            notebook = {**old, "metadata": metadata, "cells": cells}
            if write_if_changed(path, notebook_json(notebook).encode("utf-8")):
                written.append(path)  # only its links or metadata changed: outputs kept
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(notebook_json(notebook), encoding="utf-8")
        written.append(path)
    # every other page, English or of a tree built before, links to the languages there are
    for english in files.english_notebooks():
        for lang in [SOURCE_LANGUAGE, *(code for code in linked if code not in languages)]:
            path = english if lang == SOURCE_LANGUAGE else files.built_path(english, lang)
            if not path.is_file():
                continue
            relinked = with_language_links(notebook_text.load(path), english, lang, linked)
            if write_if_changed(path, notebook_json(relinked).encode("utf-8")):
                written.append(path)
    return written
