"""The words of an English notebook that a translation replaces, found the same way every time.

A translated page is built from its English page (never copied by hand), so the extraction
that fills the catalogue and the build that reads it back must cut a notebook into the same
pieces. This module is that cut, used by both:

* a markdown cell is cut into blocks at blank lines (a heading, a paragraph, a whole list, a
  whole table; a fenced code block stays whole), each block one message;
* a code cell that Voila shows (not tagged `kit-check`) gives the strings marked for
  translation: the argument of `N_(...)` (`from kit_common.messages import N_`, gettext's
  mark for a string translated elsewhere, which returns its text unchanged):
  `Table([N_("Player"), N_("Points per turn")], rows)`. The argument is one literal or a run
  of adjacent literals that Python joins into one string (one message); the message is the
  literal's source text between the quotes, so an f-string's `{fields}` and escapes are kept
  exactly as written (plain literals joined to f-strings count as f-string text when they
  hold no brace). The docstring of a function or class a shown cell defines is translated
  too (what `pygettext --docstrings` extracts). Any other string stays English (a name the
  code looks up, a key);
* the language links at the top of a page (tagged `kit-languages`) are written by the build
  in each language, never extracted.

The message context (gettext's msgctxt) is the notebook's path under `notebooks/`, so the same
English words on two pages may be translated differently.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: The tag of cells Voila removes: checks, never shown, never translated.
CHECK_TAG = "kit-check"

#: The function that marks a string of a notebook's code for translation.
MARKER = "N_"

#: The tag of the language links at the top of every page, written by `tools/i18n.py build`
#: in every language (never translated from the English one).
LANGUAGES_TAG = "kit-languages"

#: The metadata key of a translated page holding the digest of the inputs its outputs were
#: made from (tools/executed.py): written by tools/run_notebooks.py, kept by a rebuild.
EXECUTED_STAMP = "kit_executed"

# A literal's prefix (f, r, b, combinations) and quotes around its body.
_LITERAL = re.compile(r"(?is)^([rbfu]*)('''|\"\"\"|'|\")(.*)\2$")


@dataclass(frozen=True)
class Piece:
    """One translatable piece of a notebook: where it is and its English text.

    `cell` is the cell's index; for markdown, `start`/`end` are the block's character span in
    the cell's source; for code, they span the run of literal tokens (from the first token's
    start to the last token's end, as offsets into the cell's source).
    """

    cell: int
    kind: str  # "markdown" or "code"
    start: int
    end: int
    text: str
    prefix: str = ""  # the literal's prefix (code pieces only), e.g. "f"
    quote: str = ""  # the literal's quote (code pieces only)


def cell_source(cell: dict) -> str:
    """A notebook cell's source as one string (nbformat stores a string or a list of lines)."""
    source = cell.get("source", "")
    return source if isinstance(source, str) else "".join(source)


def is_check(cell: dict) -> bool:
    """True for a cell Voila drops (a check kept for nbval only)."""
    return CHECK_TAG in cell.get("metadata", {}).get("tags", [])


def is_language_links(cell: dict) -> bool:
    """True for the language links a build writes at the top of a page."""
    return LANGUAGES_TAG in cell.get("metadata", {}).get("tags", [])


def markdown_pieces(index: int, source: str) -> Iterator[Piece]:
    """The blocks of a markdown cell: text between blank lines, fenced code kept whole."""
    lines = source.splitlines(keepends=True)
    offset = 0
    block_start: int | None = None
    block_end = 0
    in_fence = False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("```"):
            in_fence = not in_fence
        if not stripped and not in_fence:
            if block_start is not None:
                yield _markdown_piece(index, source, block_start, block_end)
                block_start = None
        else:
            if block_start is None:
                block_start = offset
            block_end = offset + len(line.rstrip("\n"))
        offset += len(line)
    if block_start is not None:
        yield _markdown_piece(index, source, block_start, block_end)


def _markdown_piece(index: int, source: str, start: int, end: int) -> Piece:
    return Piece(index, "markdown", start, end, source[start:end])


def _offsets(source: str) -> list[int]:
    """Character offset of the start of each line (1-based line numbers index it)."""
    starts = [0, 0]
    for line in source.splitlines(keepends=True):
        starts.append(starts[-1] + len(line))
    return starts


class MarkError(ValueError):
    """A string marked for translation that the build could not put back (not a literal)."""


def _docstrings(source: str) -> set[tuple[int, int]]:
    """The (line, column) where each docstring of a function or class in `source` starts."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            first = node.body[0]
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                found.add((first.lineno, first.col_offset))
    return found


def code_pieces(index: int, source: str) -> list[Piece]:
    """The strings of a code cell marked `N_(...)` and its docstrings, in reading order (see
    the module docstring); a cell that does not parse gives none. MarkError when a mark holds
    anything but literals."""
    starts = _offsets(source)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
        docstrings = _docstrings(source)
    except (tokenize.TokenError, SyntaxError):
        return []
    found = [
        piece
        for token in tokens
        if token.type == tokenize.STRING and token.start in docstrings
        for piece in [_literal_run(index, source, starts, [token])]
        if piece is not None
    ]
    return sorted([*found, *_marked(index, source, starts, tokens)], key=lambda p: p.start)


def _marked(
    index: int, source: str, starts: list[int], tokens: list[tokenize.TokenInfo]
) -> Iterator[Piece]:
    """The pieces of the `N_(...)` marks among a cell's tokens."""
    glue = {tokenize.NL, tokenize.COMMENT}
    for i, token in enumerate(tokens[:-1]):
        if not (token.type == tokenize.NAME and token.string == MARKER):
            continue
        if not (tokens[i + 1].type == tokenize.OP and tokens[i + 1].string == "("):
            continue
        if i > 0 and tokens[i - 1].type == tokenize.OP and tokens[i - 1].string == ".":
            continue  # an attribute of something else, not the mark
        run = []
        j = i + 2
        while j < len(tokens) and (tokens[j].type == tokenize.STRING or tokens[j].type in glue):
            if tokens[j].type == tokenize.STRING:
                run.append(tokens[j])
            j += 1
        closed = j < len(tokens) and tokens[j].type == tokenize.OP and tokens[j].string == ")"
        piece = _literal_run(index, source, starts, run) if run and closed else None
        if piece is None:
            line = token.start[0]
            raise MarkError(
                f"cell {index + 1}, line {line}: {MARKER}(...) must hold string literals alone "
                "(one prefix, one kind of quote), not "
                f"{source.splitlines()[line - 1].strip()!r}"
            )
        yield piece


def _literal_run(
    index: int, source: str, starts: list[int], run: list[tokenize.TokenInfo]
) -> Piece | None:
    parts = [_LITERAL.match(token.string) for token in run]
    if any(part is None for part in parts):
        return None
    prefixes = {part.group(1).lower() for part in parts}
    quotes = {part.group(2) for part in parts}
    prefix = parts[0].group(1)
    if prefixes == {"", "f"} and not any(
        set("{}") & set(part.group(3)) for part in parts if not part.group(1)
    ):
        # plain parts joined to f-strings, with no brace to escape: one f-string as written
        prefixes, prefix = {"f"}, "f"
    if len(prefixes) != 1 or len(quotes) != 1 or "b" in next(iter(prefixes)):
        return None  # mixed prefixes or quotes: no one literal can hold the translation
    text = "".join(part.group(3) for part in parts)
    start = starts[run[0].start[0]] + run[0].start[1]
    end = starts[run[-1].end[0]] + run[-1].end[1]
    return Piece(index, "code", start, end, text, prefix, parts[0].group(2))


def pieces(notebook: dict) -> list[Piece]:
    """Every translatable piece of a notebook (as loaded from its JSON), in reading order."""
    found: list[Piece] = []
    for index, cell in enumerate(notebook.get("cells", [])):
        if is_language_links(cell):
            continue
        source = cell_source(cell)
        if cell.get("cell_type") == "markdown":
            found += markdown_pieces(index, source)
        elif cell.get("cell_type") == "code" and not is_check(cell):
            found += code_pieces(index, source)
    return found


def load(path: Path) -> dict:
    """A notebook file's JSON."""
    return json.loads(path.read_text(encoding="utf-8"))
