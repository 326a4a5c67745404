"""What a visitor reads on a served page, and the Python values that must never be in it.

`visible_text(page)` is the page's text as the browser shows it (Playwright's `inner_text`
of the Voila page body: hidden elements and removed cells are not in it). `raw_values(text)`
finds what a reader should never meet: object and enum reprs, `Fraction(...)`, named-tuple or
dataclass reprs, Python tuples, lists and dicts of values, bare True/False/None, and floats
with more digits than a person reads. Normal prose and tables ("5/36 (13.9%)", "(seat 1)",
"2 Tanks, 1 Death Ray", "Yes/No", "13.9%") are not flagged.
"""

from __future__ import annotations

import re

#: A number as Python writes it (an int, a float, a Fraction's parts).
_NUMBER = r"-?\d+(?:\.\d+)?(?:e-?\d+)?"
#: A Python literal a container holds: a number or a quoted string.
_ATOM = rf"(?:{_NUMBER}|'[^'\n]*'|\"[^\"\n]*\")"

_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("object repr", re.compile(r"<[^<>\n]* object at 0x[0-9a-fA-F]+>")),
    ("enum repr", re.compile(r"<[A-Za-z_][\w.]*\.[A-Z_][A-Z0-9_]*: [^<>\n]+>")),
    ("Fraction", re.compile(r"\bFraction\(")),
    # Name(field=value, ...): a named tuple's or dataclass's repr
    ("value repr", re.compile(r"\b[A-Z][A-Za-z0-9_]*\((?:[a-z_][a-z0-9_]*=[^,()\n]+(?:, )?)+")),
    # a tuple or list of two or more literals: (1, 2), ['a', 'b'], ((2,), ())
    (
        "tuple or list",
        re.compile(
            rf"[(\[]\s*[(\[]*{_ATOM}[)\]]*\s*,\s*[(\[]*(?:{_ATOM})?[)\]]*\s*(?:,[^\n]*)?[)\]]"
        ),
    ),
    ("one-element tuple", re.compile(rf"\({_ATOM},\)")),
    ("empty container", re.compile(r"(?<![\w)])(?:\(\)|\[\]|\{\})")),
    ("dict", re.compile(rf"\{{\s*{_ATOM}\s*:\s*[^}}\n]+\}}")),
    ("True/False/None", re.compile(r"\b(?:True|False|None)\b")),
)
#: A float with more than this many significant digits is a raw value, not a shown number.
MAX_SIGNIFICANT_DIGITS = 6
_FLOAT = re.compile(r"(?<![\w.])-?(\d+)\.(\d+)(?:e-?\d+)?(?![\w.])")


def _too_many_digits(match: re.Match[str]) -> bool:
    digits = (match.group(1) + match.group(2)).lstrip("0")
    return len(digits) > MAX_SIGNIFICANT_DIGITS


def _is_prose_parenthesis(found: str) -> bool:
    """A parenthesis of prose that the tuple pattern also matches: "(seat 1, Ann)" has words,
    not literals, after its first comma — kept out by the pattern; "(13.9%)" has no comma."""
    return "%" in found


def raw_values(text: str) -> list[str]:
    """Every raw Python value in `text`, as "kind: the text found" (empty when there is none)."""
    found: list[str] = []
    for kind, pattern in _PATTERNS:
        for match in pattern.finditer(text):
            if kind == "tuple or list" and _is_prose_parenthesis(match.group(0)):
                continue
            found.append(f"{kind}: {match.group(0)}")
    found += [f"long float: {m.group(0)}" for m in _FLOAT.finditer(text) if _too_many_digits(m)]
    return found


def visible_text(page) -> str:
    """The text a visitor reads on a served Voila page (the page body, as the browser lays it
    out: hidden elements, code cells with stripped sources and removed cells are not in it)."""
    return page.locator("body").inner_text()


#: The body's text without the elements marked in a language other than `lang` (`lang="en"`
#: on a glossary's English words): the words the page says in its own language.
_TEXT_IN_LANGUAGE = """lang => {
    const others = [...document.body.querySelectorAll("[lang]")].filter(
        e => e.getAttribute("lang") !== lang && e !== document.documentElement);
    const kept = others.map(e => [e, e.style.display]);
    others.forEach(e => { e.style.display = "none"; });
    const text = document.body.innerText;
    kept.forEach(([e, display]) => { e.style.display = display; });
    return text;
}"""


def text_in_language(page, lang: str) -> str:
    """The visible text of the page but what is marked as said in another language."""
    return page.evaluate(_TEXT_IN_LANGUAGE, lang)
