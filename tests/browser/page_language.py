"""Is a page's visible text in its language? A small check, no language model.

* Russian: most letters of the page are Cyrillic.
* Spanish and Portuguese: their function words ("el", "los", "y", "con" against "o", "os",
  "e", "com", ...) outnumber those of the other language and of English; the words both
  languages share ("de", "que", "para") are not counted, so the count also tells es from pt.
* Left-over English, in any language: a line (or sentence) of four words or more whose
  English function words ("the", "of", "and", "you", ...) are at least two and more than
  the page language's. Each such line is listed, so a failure says what to translate.

Names of games, proper nouns and short labels ("Martian Dice", "OK") pass: they are too
short to be a sentence.
"""

from __future__ import annotations

import re


def _vocabulary(text: str) -> frozenset[str]:
    return frozenset(text.split())


ENGLISH_WORDS = _vocabulary(
    "the of and to is are you your it that this with for on be not or by at from each every "
    "its has have which what when then can will there their they than if all how more"
)
SPANISH_WORDS = _vocabulary(
    "el los las del y un una es con lo al más muy pero hay la son cuando también puede "
    "tiene sus porque"
)
PORTUGUESE_WORDS = _vocabulary(
    "o os do da dos das e em um uma com é não ao mais na nas nos muito mas há são quando "
    "também pode tem seus porque"
)
FUNCTION_WORDS = {"es": SPANISH_WORDS, "pt": PORTUGUESE_WORDS}

_WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
_CYRILLIC = re.compile(r"[\u0400-\u04FF]")
_LETTER = re.compile(r"[^\W\d_]")
#: The share of a Russian page's letters that must be Cyrillic.
CYRILLIC_SHARE = 0.6
#: A sentence has at least this many words (shorter lines are labels and names).
SENTENCE_WORDS = 4


def words(text: str) -> list[str]:
    """The words of a text, lower case."""
    return [w.lower() for w in _WORD.findall(text)]


def _count(found: list[str], vocabulary: frozenset[str]) -> int:
    return sum(word in vocabulary for word in found)


def native_count(found: list[str], lang: str) -> int:
    """How many of `found` mark the language `lang` (Cyrillic words for ru)."""
    if lang == "ru":
        return sum(bool(_CYRILLIC.search(word)) for word in found)
    return _count(found, FUNCTION_WORDS[lang])


def english_lines(text: str, lang: str) -> list[str]:
    """The lines (or sentences) of `text` that are English, not `lang`."""
    found = []
    for line in text.splitlines():
        for sentence in re.split(r"(?<=[.!?])\s+", line):
            said = words(sentence)
            if len(said) < SENTENCE_WORDS:
                continue
            english = _count(said, ENGLISH_WORDS)
            if english >= 2 and english > native_count(said, lang):
                found.append(sentence.strip())
    return found


def language_problems(text: str, lang: str) -> list[str]:
    """Why the visible `text` of a page is not in `lang` ("es", "pt", "ru"); empty when it
    is. The page as a whole must be in its language, and no English sentence left over."""
    problems = []
    said = words(text)
    if lang == "ru":
        letters = len(_LETTER.findall(text))
        cyrillic = len(_CYRILLIC.findall(text))
        if letters and cyrillic / letters < CYRILLIC_SHARE:
            problems.append(
                f"only {cyrillic / letters:.0%} of the letters are Cyrillic "
                f"(at least {CYRILLIC_SHARE:.0%} expected)"
            )
    else:
        other = "pt" if lang == "es" else "es"
        own, theirs = native_count(said, lang), native_count(said, other)
        english = _count(said, ENGLISH_WORDS)
        if own <= theirs or own <= english:
            problems.append(
                f"function words: {own} of {lang}, {theirs} of {other}, {english} of English"
            )
    problems += [f"English left over: {line!r}" for line in english_lines(text, lang)]
    return problems
