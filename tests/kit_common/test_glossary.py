"""The glossaries of the translations: read, checked, shown as tables with headers."""

from __future__ import annotations

from pathlib import Path

import pytest

from kit_common.errors import InputError
from kit_common.glossary import (
    Term,
    glossary_folder,
    read_glossary,
    show_glossaries,
)
from kit_common.messages import set_language

GAMES = {"toy_game": "Toy Game", "other_game": "Other Game"}

SPANISH = """\
language: es
terms:
  - en: Tank
    term: Tanque
    plural: Tanques
    game: toy_game
    source: "seed 000"
  - en: Death Ray
    term: Rayo Mortal
    game: toy_game
    source: "our choice"
    note: "as the rules card says"
"""


def glossary(folder: Path, lang: str, text: str) -> Path:
    path = folder / lang / "glossary.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_a_glossary_is_read_in_the_order_of_its_file(tmp_path):
    read = read_glossary(glossary(tmp_path, "es", SPANISH), list(GAMES))
    assert read.language == "es"
    assert read.terms == (
        Term("Tank", "Tanque", "Tanques", "toy_game", "seed 000", None),
        Term("Death Ray", "Rayo Mortal", None, "toy_game", "our choice", "as the rules card says"),
    )


def test_every_language_shows_as_a_table_with_headers(tmp_path):
    glossary(tmp_path, "es", SPANISH)
    glossary(tmp_path, "ru", SPANISH.replace("es", "ru", 1).replace("Tanque", "Танк"))
    shown = show_glossaries(GAMES, tmp_path)
    assert [t.caption for t in shown.tables] == [
        "Español: 2 game words",
        "Русский: 2 game words",
    ]
    first = shown.tables[0]
    assert first.headers == ("English", "Español", "Plural", "Game", "Source", "Why this word")
    row = tuple(map(str, first.rows[0]))
    assert row == ("Tank", "Tanque", "Tanques", "Toy Game", "seed 000", "")
    html = shown._repr_html_()
    assert html.count("<table") == 2 and "<th>Русский</th>" in html
    # the English words are marked as English on every page (screen readers, language checks)
    assert "<td><span lang='en'>Tank</span></td>" in html
    assert "Rayo Mortal" in str(shown) and "Glossaries" not in str(shown)


def test_no_glossary_yet_is_said_in_a_sentence(tmp_path):
    assert str(show_glossaries(GAMES, tmp_path)) == "No glossary has been written yet."


@pytest.mark.parametrize(
    ("text", "said"),
    [
        (SPANISH.replace('    source: "seed 000"\n', ""), "terms[0].source: must be a non-empty"),
        (SPANISH.replace("toy_game", "chess", 1), "terms[0].game: must be one of"),
        (SPANISH.replace("plural:", "plurals:"), "terms[0].plurals: is not a field here"),
        (SPANISH.replace("language: es", "language: de"), "language: must be one of"),
        ("language: es\nterms: []\n", "terms: must be a list of terms"),
        ("language: es\nterms:\n  - Tank\n", "terms[0]: must be a mapping"),
        ("language: es\nterms: [\n", "is not valid YAML"),
        (SPANISH.replace("language: es", "language: pt"), "language: says 'pt' in the folder"),
    ],
)
def test_a_bad_glossary_is_one_sentence_naming_file_and_field(tmp_path, text, said):
    path = glossary(tmp_path, "es", text)
    with pytest.raises(InputError) as raised:
        read_glossary(path, list(GAMES))
    assert str(raised.value).startswith(str(path))
    assert said in str(raised.value)


def test_the_locale_folder_is_found_from_a_translated_page(tmp_path):
    (tmp_path / "locale").mkdir()
    (tmp_path / "es" / "game").mkdir(parents=True)
    assert glossary_folder(tmp_path / "es" / "game") == tmp_path / "locale"


def test_a_translated_page_shows_its_own_language_only(tmp_path):
    glossary(tmp_path, "es", SPANISH)
    glossary(tmp_path, "ru", SPANISH.replace("es", "ru", 1).replace("Tanque", "Танк"))
    set_language("ru")
    try:
        shown = show_glossaries(GAMES, tmp_path)
    finally:
        set_language("en")
    assert [t.headers[1] for t in shown.tables] == ["Русский"]
