"""The language check of the translated pages' browser test (tests/browser/page_language.py),
on texts written here: it tells Spanish from Portuguese and from English, and lists English
sentences left over."""

from __future__ import annotations

import pytest

from tests.browser.page_language import english_lines, language_problems

SPANISH = (
    "En tu turno tiras los dados, apartas algunos y decides si vuelves a tirar el resto.\n"
    "Los Tanques se apartan enseguida; el jugador no elige. Hay que apartar todos los dados "
    "de una cara.\nTanque · Rayo Mortal · Humano"
)
PORTUGUESE = (
    "Na sua vez você rola os dados, separa alguns e decide se rola o resto de novo.\n"
    "Os Tanques são separados logo; o jogador não escolhe. É preciso separar todos os dados "
    "de uma face.\nTanque · Raio da Morte · Humano"
)
RUSSIAN = (
    "В свой ход вы бросаете кубики, откладываете часть и решаете, бросать ли остальные.\n"
    "Танки откладываются сразу; игрок не выбирает. Martian Dice"
)
ENGLISH = "On your turn you roll the dice, set some aside, and decide whether to roll the rest."


@pytest.mark.parametrize(("text", "lang"), [(SPANISH, "es"), (PORTUGUESE, "pt"), (RUSSIAN, "ru")])
def test_a_page_in_its_language_passes(text, lang):
    assert language_problems(text, lang) == []


@pytest.mark.parametrize(("text", "lang"), [(SPANISH, "pt"), (PORTUGUESE, "es")])
def test_spanish_and_portuguese_are_told_apart(text, lang):
    problems = language_problems(text, lang)
    assert problems and problems[0].startswith("function words")


@pytest.mark.parametrize("lang", ["es", "pt", "ru"])
def test_an_english_page_fails_in_every_language(lang):
    problems = language_problems(ENGLISH, lang)
    assert f"English left over: {ENGLISH!r}" in problems
    assert len(problems) == 2  # the page as a whole, and the sentence


@pytest.mark.parametrize(("text", "lang"), [(SPANISH, "es"), (PORTUGUESE, "pt"), (RUSSIAN, "ru")])
def test_an_english_sentence_left_over_is_listed(text, lang):
    mixed = f"{text}\nThe turn scores 0 points: more Tanks than Death Rays.\nOK"
    assert english_lines(mixed, lang) == ["The turn scores 0 points: more Tanks than Death Rays."]
    assert language_problems(mixed, lang) == [
        "English left over: 'The turn scores 0 points: more Tanks than Death Rays.'"
    ]
