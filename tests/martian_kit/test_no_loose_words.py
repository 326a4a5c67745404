"""Every sentence a user of Martian Dice reads comes from the message catalogue
(`martian_kit.messages.ENGLISH`), so a translator can translate it: a string literal of two or
more words written straight into a widget, the command line or an explanation is a sentence
no catalogue holds, and this test names it (file and line).

Docstrings, markup (HTML tags, CSS) and the short allow-list below are not sentences. The
engine's checks of its own data (a `GameState` built wrong by code, in `game.py`/`turn.py`) are
for developers and not scanned."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from kit_common.messages import Plural
from martian_kit.dice import Face
from martian_kit.messages import ENGLISH, counted, dice_count

KIT = Path(__file__).resolve().parents[2] / "martian_kit"

#: The modules whose words a user reads: the notebook widgets, the command line, the
#: explanations of turns and games, the class experiment, the game records' errors, and the
#: engine modules whose errors a page or the command line passes on. (Not scanned: the checks
#: `game.py` and `turn.py` make of states built wrong by code, the solvers' and simulators'
#: internal checks, the strategies' descriptions for developers.)
USER_FACING = sorted(
    [
        *(KIT / "widgets").glob("*.py"),
        *(
            KIT / name
            for name in (
                "cli.py",
                "cli_analysis.py",
                "explain.py",
                "narrate.py",
                "classroom.py",
                "records.py",
                "scoring.py",
                "dice.py",
                "odds.py",
                "play.py",
                "policies.py",
                "variants.py",
                "charts.py",
                "pictures.py",
            )
        ),
    ]
)

#: Literals of two or more words that are not sentences, each with the reason.
ALLOWED: dict[str, str] = {
    "row wrap": "a CSS flex-flow value of a widget layout",
    "Martian Dice": "the game's name, a title the editions of every language keep",
}

# Two words: letters only (not "2em", "#999"), separated by blanks only (not CSS "a; b").
_TWO_WORDS = re.compile(r"(?<![\w#.-])[^\W\d_]{2,}[ \t\n]+[^\W\d_]{2,}(?![\w-])")
# Markup is not prose: whole or cut-off HTML tags, CSS at-rules and `{...}` CSS blocks.
_MARKUP = [
    re.compile(r"<[^<>]*>"),  # a whole tag
    re.compile(r"<[^<>]*$"),  # a tag an f-string field cuts off: "<td style='..."
    re.compile(r"^[^<>]*'>"),  # the rest of a tag after a field: "'>Download"
    re.compile(r"@[\w-]+[^{]*"),  # "@media print"
    re.compile(r"[^{}\n]*\{[^{}]*\}"),  # a CSS rule "td, th { margin: 0; }"
]


def _docstrings(tree: ast.AST) -> set[int]:
    """The ids of the string nodes that are docstrings (of the module, classes, functions)."""
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _prose(text: str) -> str:
    """`text` with its markup taken out."""
    for pattern in _MARKUP:
        text = pattern.sub(" ", text)
    return text


def loose_sentences(source: str) -> list[tuple[int, str]]:
    """(line, literal) of every string literal in `source` (Python) with two or more words
    that is no docstring, no markup and not allowed: a sentence outside the catalogue.
    The literal parts of an f-string count too."""
    tree = ast.parse(source)
    skip = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
            continue
        text = node.value
        if id(node) in skip or text in ALLOWED:
            continue
        if _TWO_WORDS.search(_prose(text)):
            found.append((node.lineno, text))
    return sorted(found)


@pytest.mark.parametrize("path", USER_FACING, ids=lambda p: str(p.relative_to(KIT)))
def test_no_sentence_outside_the_catalogue(path: Path) -> None:
    assert loose_sentences(path.read_text(encoding="utf-8")) == []


def test_a_planted_sentence_is_caught(tmp_path: Path) -> None:
    planted = tmp_path / "planted.py"
    planted.write_text(
        '"""A module docstring is fine."""\n'
        "def label(n: int) -> str:\n"
        '    """So is a function\'s."""\n'
        "    style = \"<td style='padding:2px 8px'>\"\n"
        '    return style + f"Roll the {n} dice left"\n',
        encoding="utf-8",
    )
    assert loose_sentences(planted.read_text(encoding="utf-8")) == [
        (5, " dice left"),
        (5, "Roll the "),
    ]


@pytest.mark.parametrize(
    "literal",
    ["Not added:", "the class's rolls", "Stopping scores ", "Start again", "no dice"],
)
def test_sentences_are_found(literal: str) -> None:
    assert loose_sentences(f"x = {literal!r}\n") == [(1, literal)]


@pytest.mark.parametrize(
    "literal",
    [
        "Stop",
        "ui.take.tip",
        "<b style='color:#b71c1c'>",
        "0 0 0 2em",
        "body { font-size: 150% !important; }",
        "@media print { body { margin: 0; } }",
        "row wrap",
    ],
)
def test_markup_keys_and_single_words_are_not_sentences(literal: str) -> None:
    assert loose_sentences(f"x = {literal!r}\n") == []


def _fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def test_every_plural_sentence_is_about_its_number() -> None:
    """A `Plural` form for many says `{n}`, and both forms take the same other values, so a
    translator's forms can be filled in from the same call."""
    plurals = {k: v for k, v in ENGLISH.items() if isinstance(v, Plural)}
    assert plurals, "the catalogue has sentences about a number of things"
    for key, sentence in plurals.items():
        assert "n" in _fields(sentence.other), key
        assert _fields(sentence.one) - {"n"} == _fields(sentence.other) - {"n"}, key


def test_a_count_of_a_face_reads_as_before() -> None:
    assert [counted(Face.RAY, n) for n in (0, 1, 3)] == [
        "0 Death Rays",
        "1 Death Ray",
        "3 Death Rays",
    ]
    assert [dice_count(n) for n in (1, 13)] == ["1 die", "13 dice"]
