"""What a translation must keep exactly: the `{fields}` of a template and the targets of links.

Babel's own check reads `%`-placeholders only; the kit's sentences and the notebooks' code
use `str.format` fields (`{points}`, `{x:.2f}`, `{float(m):.2f}`) and the notebooks' prose
links to other pages. `tools/translation_checks.py` compares them between the English and
each translation; `tools/page_build.py` reads link targets to fix relative links.
"""

from __future__ import annotations

import re

LINK_TARGET = re.compile(r"\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")

HREF = re.compile(r"""href=["']([^"']+)["']""")


def brace_fields(text: str) -> list[str]:
    """The `{fields}` of a text as written (`{points}`, `{x:.2f}`, `{float(m):.2f}`), nested
    braces kept whole and doubled braces (`{{`) skipped."""
    fields = []
    depth = 0
    start = 0
    i = 0
    while i < len(text):
        char = text[i]
        if depth == 0 and text.startswith(("{{", "}}"), i):
            i += 2
            continue
        if char == "{":
            if depth == 0:
                start = i
            depth += 1
        elif char == "}" and depth:
            depth -= 1
            if depth == 0:
                fields.append(text[start : i + 1])
        i += 1
    return fields


def link_targets(text: str) -> list[str]:
    """The targets of the Markdown links and HTML hrefs of a text."""
    return LINK_TARGET.findall(text) + HREF.findall(text)


def placeholders(text: str) -> list[str]:
    """What a translation must keep exactly: its fields and link targets, sorted."""
    return sorted([*brace_fields(text), *(f"({t})" for t in link_targets(text))])


def placeholder_problem(english: str, translated: str) -> str | None:
    """A sentence saying how a translation's placeholders differ from the English, or None."""
    want, got = placeholders(english), placeholders(translated)
    if want == got:
        return None
    missing = [p for p in want if p not in got] or [p for p in want if want.count(p) > got.count(p)]
    extra = [p for p in got if p not in want] or [p for p in got if got.count(p) > want.count(p)]
    said = []
    if missing:
        said.append("lacks " + ", ".join(dict.fromkeys(missing)))
    if extra:
        said.append("adds " + ", ".join(dict.fromkeys(extra)))
    return "placeholders differ from the English: " + "; ".join(said)
