"""The words of an English notebook that a translation replaces, found the same way every time.

A translated page is built from its English page (never copied by hand), so the extraction
that fills the catalogue and the build that reads it back must cut a notebook into the same
pieces. This module is that cut, used by both:

* a markdown cell is cut into blocks at blank lines (a heading, a paragraph, a whole list, a
  whole table; a fenced code block stays whole), each block one message;
* a code cell that Voila shows (not tagged `kit-check`) gives its string literals that carry
  words a visitor reads (two or more words of letters), each run of adjacent literals that
  Python joins into one string being one message; the message is the literal's source text
  between the quotes, so an f-string's `{fields}` and escapes are kept exactly as written
  (plain literals joined to f-strings count as f-string text when they hold no brace); a
  literal on a line marked `# i18n: keep` stays English (a name the code looks up);
* the language links at the top of a page (tagged `kit-languages`) are written by the build
  in each language, never extracted.

The message context (gettext's msgctxt) is the notebook's path under `notebooks/`, so the same
English words on two pages may be translated differently.
"""

from __future__ import annotations

import io
import json
import re
import tokenize
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

#: The tag of cells Voila removes: checks, never shown, never translated.
CHECK_TAG = "kit-check"

#: A comment that keeps the string literals of its line in English (a name the code looks up,
#: not words for a reader): `policy = "cautious 3"  # i18n: keep`.
KEEP_MARK = "# i18n: keep"

#: The tag of the language links at the top of every page, written by `tools/i18n.py build`
#: in every language (never translated from the English one).
LANGUAGES_TAG = "kit-languages"

#: The metadata key of a translated page holding the digest of the inputs its outputs were
#: made from (tools/executed.py): written by tools/run_notebooks.py, kept by a rebuild.
EXECUTED_STAMP = "kit_executed"

# A literal's prefix (f, r, b, combinations) and quotes around its body.
_LITERAL = re.compile(r"(?is)^([rbfu]*)('''|\"\"\"|'|\")(.*)\2$")
_WORD = re.compile(r"[^\W\d_]{2,}")
# One word a table shows as it is: "Score", "Player", "VP", "Roll-off".
_HEADER_WORD = re.compile(r"[A-Z][a-z]+(?:-[a-z]+)*|[A-Z]{2,3}")
# A number beside a word: "95% interval", "Top 3".
_NUMBER = re.compile(r"\d")
# Words that join others, spaces or a comma around them: " and ", ", then ".
_JOINER = re.compile(r"[,;]? [a-z]+ ")


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


def has_words(text: str) -> bool:
    """True when a literal carries words a visitor reads: two or more words of letters; one
    capitalised word or a short all-capitals one (a table header: "Score", "VP", "Roll-off");
    a joiner with a word inside (" and ", ", then "); or a word beside an f-string field
    ("scientist {level}") or a number ("95% interval"). A lower-case word alone ("optimal",
    "none") is a value the code uses (a key, a CLI or policy name), never a piece; a
    capitalised word used as a key is marked `# i18n: keep` on its line."""
    without_fields = re.sub(r"\{[^{}]*\}", " ", text)
    words = _WORD.findall(without_fields)
    if len(words) >= 2 and " " in without_fields.strip():
        return True
    if _HEADER_WORD.fullmatch(text) or _JOINER.fullmatch(text):
        return True
    beside_number = _NUMBER.search(without_fields) is not None
    return len(words) == 1 and (without_fields != text or beside_number) and " " in text.strip()


def code_pieces(index: int, source: str) -> Iterator[Piece]:
    """The literal runs of a code cell that carry words (see `has_words`)."""
    starts = _offsets(source)
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(source).readline))
    except (tokenize.TokenError, SyntaxError):
        return
    run: list[tokenize.TokenInfo] = []
    glue = {tokenize.NL, tokenize.NEWLINE, tokenize.COMMENT}
    for token in [*tokens, None]:
        if token is not None and token.type == tokenize.STRING:
            run.append(token)
            continue
        if token is not None and token.type in glue and token.type != tokenize.NEWLINE and run:
            continue
        if run:
            piece = _literal_run(index, source, starts, run)
            if piece is not None:
                yield piece
            run = []


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
        return None  # mixed prefixes or quotes: left in English rather than guessed at
    text = "".join(part.group(3) for part in parts)
    if not has_words(text):
        return None
    lines = source.splitlines()[run[0].start[0] - 1 : run[-1].end[0]]
    if any(KEEP_MARK in line for line in lines):
        return None  # marked to stay English
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
