"""Every sentence a user of Martian Dice reads comes from the message catalogue
(`martian_kit.messages.ENGLISH`), so a translator can translate it: a string literal of two or
more words written straight into a widget, the command line or an explanation is a sentence
no catalogue holds, and this test names it (file and line).

Docstrings, markup (HTML tags, CSS) and the short allow-list below are not sentences. The
engine's checks of a state given from outside (a `GameState` or `TurnState` the rules cannot
reach, in `game.py`/`turn.py`) speak from the catalogue too, and are scanned."""

from __future__ import annotations

import string
from pathlib import Path

from kit_common.messages import Plural
from martian_kit.dice import Face
from martian_kit.messages import ENGLISH, counted, dice_count
from tests.literal_scan import loose_words

KIT = Path(__file__).resolve().parents[2] / "martian_kit"

#: The modules whose words a user reads: the notebook widgets, the command line, the
#: explanations of turns and games, the class experiment, the game records' errors, and the
#: engine modules whose errors a page or the command line passes on, the game and the turn
#: (their refusals of a state given from outside too). (Not scanned: the solvers' and
#: simulators' internal checks, the strategies' descriptions for developers.)
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
                "pictures.py",
                "game.py",
                "turn.py",
            )
        ),
    ]
)

ROOT = KIT.parent
#: Worded literals kept in the code, each with the reason.
ALLOWED: dict[tuple[str, str], str] = {
    ("martian_kit/widgets/game.py", "row wrap"): "a CSS flex-flow value of a widget layout",
    ("martian_kit/widgets/pages.py", "Martian Dice"): (
        "the game's name, a title the editions of every language keep"
    ),
}
#: The handout's page head: a style sheet (selectors and rules, no words a reader sees).
STYLE_SHEET = "<style>"


def loose_sentences() -> list[str]:
    """Every worded literal of the user-facing modules outside the catalogue (the shared
    scanner, `tests/literal_scan.py`), but the handout's style sheet."""
    return [found for found in loose_words(ROOT, USER_FACING, ALLOWED) if STYLE_SHEET not in found]


def test_no_sentence_outside_the_catalogue() -> None:
    assert loose_sentences() == []


def test_a_planted_sentence_is_caught(tmp_path: Path) -> None:
    planted = tmp_path / "martian_kit" / "planted.py"
    planted.parent.mkdir()
    planted.write_text(
        '"""A module docstring is fine."""\n'
        "def label(n: int) -> str:\n"
        '    """So is a function\'s."""\n'
        "    style = \"<td style='padding:2px 8px'>\"\n"
        '    return style + f"Roll the {n} dice left"\n',
        encoding="utf-8",
    )
    assert loose_words(tmp_path, [planted], ALLOWED) == [
        "martian_kit/planted.py:5: ' dice left'",
        "martian_kit/planted.py:5: 'Roll the '",
    ]


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
